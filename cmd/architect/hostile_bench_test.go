package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkHostile times architect compile on each hostile input of
// hostile_test.go: the tests check the errors, this measures that each
// ends quickly.
//
//	go test ./cmd/architect -run '^$' -bench Hostile -benchmem
func BenchmarkHostile(b *testing.B) {
	cycle, _ := longCycle(10000)
	plans := []struct{ name, src string }{
		{"edges=10k", tenThousandEdges()},
		{"cycle=10k", cycle},
		{"heading=1M", "## Phase 1: A\n### Sprint 1.1: " + strings.Repeat("[a](", 250_000) + "\n- c\n"},
		{"quotes=100k", "## Phase 1: A\n### Sprint 1.1: B\n" + strings.Repeat(">", 100_000) + " x\n"},
		{"nul=1M", string(make([]byte, 1<<20))},
	}
	for _, pl := range plans {
		b.Run(pl.name, func(b *testing.B) {
			dir := b.TempDir()
			path := filepath.Join(dir, "plan.md")
			if err := os.WriteFile(path, []byte(pl.src), 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(pl.src)))
			b.ReportAllocs()
			for b.Loop() {
				Main([]string{"compile", "--repo", dir, path}, streams{out: io.Discard, err: io.Discard}, noEnv)
			}
		})
	}
	b.Run("stdin=100M", func(b *testing.B) {
		dir := b.TempDir()
		b.ReportAllocs()
		for b.Loop() {
			var errb bytes.Buffer
			Main([]string{"compile", "--repo", dir, "-"}, streams{in: io.LimitReader(fill('a'), 100<<20), out: io.Discard, err: &errb}, noEnv)
		}
	})
}
