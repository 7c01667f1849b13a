package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/beads-architect/architect/parser/plangen"
)

// BenchmarkStatus1k is architect status's own work on a 1,000-sprint plan
// (plangen) beside a database that holds its beads, a third of them
// closed: everything but bd itself, which a fake stands in for.
func BenchmarkStatus1k(b *testing.B) {
	dir := b.TempDir()
	plan := filepath.Join(dir, "plan.md")
	if err := os.WriteFile(plan, plangen.Plan(1000), 0o644); err != nil {
		b.Fatal(err)
	}
	exe := filepath.Join(dir, "bd")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	c, err := compilePlan(plan, planFlags{repo: dir, prefix: "gen"}, nil, noEnv)
	if err != nil || c.failed() {
		b.Fatal(err, c.diags)
	}
	var export bytes.Buffer
	for i, bead := range c.beads {
		if i < len(c.beads)/3 {
			bead.Status = "closed"
		}
		rec := emit.ToRecord(bead)
		data, err := json.Marshal(rec)
		if err != nil {
			b.Fatal(err)
		}
		export.Write(data)
		export.WriteByte('\n')
	}
	fake := &bdtest.Fake{Replies: map[string]string{
		"version --json": `{"version":"1.3.0"}`,
		"where --json":   `{"path":"/r/.beads","prefix":"gen"}`,
		"export":         export.String(),
	}}
	ae := applyEnv{now: time.Now, bd: func(string, string) bdsync.Runner { return fake }}
	for _, mode := range []string{"text", "json"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				opts := statusOptions{plan: plan, json: mode == "json", liveFlags: liveFlags{bd: exe, repo: dir}}
				if err := runStatus(&opts, streams{out: io.Discard, err: io.Discard}, noEnv, ae); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
