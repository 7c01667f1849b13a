package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser/plangen"
)

// BenchmarkCompile is `architect compile PLAN` end to end, in process:
// read the file, parse, plan, emit, validate and write the JSON.
func BenchmarkCompile(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			dir := b.TempDir()
			path := filepath.Join(dir, "plan.md")
			src := plangen.Cached(sz.N)
			if err := os.WriteFile(path, src, 0o644); err != nil {
				b.Fatal(err)
			}
			opts := &compileOptions{plan: path, format: "json", planFlags: planFlags{repo: dir, now: "2026-01-02T03:04:05Z"}}
			getenv := func(string) string { return "" }
			var stderr bytes.Buffer
			run := func() {
				stderr.Reset()
				if err := runCompile(opts, streams{in: eofReader{}, out: io.Discard, err: &stderr}, getenv); err != nil {
					b.Fatalf("compile: %v\n%s", err, stderr.String())
				}
			}
			run()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				run()
			}
			reportCPU(b, cpu)
		})
	}
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// reportCPU adds the process CPU time per op since start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(plangen.ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
}
