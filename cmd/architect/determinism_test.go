package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/require"
)

// TestDeterminism compiles the same plans twice, under GOMAXPROCS 1 and 8,
// and requires byte-identical output: beads as JSON and JSONL, the dry-run
// preview, the graph exports, and the diagnostics. A compile runs nothing
// side by side today (the schema check left the run time); the second
// setting holds any map order or future worker pool to the same output.
func TestDeterminism(t *testing.T) {
	dir := t.TempDir()
	plans := map[string][]byte{"gen-1000.md": plangen.Plan(1000), "gen-7.md": plangen.Plan(7)}
	files, err := filepath.Glob("../../testdata/plans/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no test plans found")
	for _, f := range append(files, plangen.CorpusFiles(t, "*.md")...) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		plans[filepath.Base(f)] = data
	}
	for name, src := range plans {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), src, 0o644))
	}
	commands := [][]string{
		{"compile"},
		{"compile", "--format", "jsonl"},
		{"compile", "--dry-run", "--json"},
		{"compile", "--dry-run"},
		{"graph", "--critical", "--show-skipped"},
		{"graph", "--format", "mermaid"},
		{"graph", "--format", "json"},
	}
	run := func(name string, cmd []string) string {
		args := append(append([]string{}, cmd...), "--repo", dir, "--now", "2026-01-02T03:04:05Z", filepath.Join(dir, name))
		var out, errb bytes.Buffer
		code := Main(args, streams{out: &out, err: &errb}, noEnv)
		return string(rune('0'+code)) + "\n" + out.String() + "\n--- stderr\n" + errb.String()
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	first := map[string]string{}
	for round, procs := range []int{1, 8} {
		runtime.GOMAXPROCS(procs)
		for name := range plans {
			for _, cmd := range commands {
				key := name + " " + cmd[0] + " " + cmd[len(cmd)-1]
				got := run(name, cmd)
				if round == 0 {
					first[key] = got
					continue
				}
				if got != first[key] {
					t.Fatalf("%s: output under GOMAXPROCS=%d differs from the first run", key, procs)
				}
			}
		}
	}
}
