package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/pipeline"
	"github.com/yuin/goldmark/text"
)

// BenchmarkCompile is `architect compile PLAN` end to end, in process:
// read the file, parse, plan, emit, validate and write the JSON.
func BenchmarkCompile(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src, run := compileRunner(b, sz.N)
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

// compileRunner writes plangen.Plan(n) to a temporary repository and
// returns its text and a function that compiles it, as `architect compile
// plan.md` would, writing the JSON to nowhere.
func compileRunner(b *testing.B, n int) (src []byte, run func()) {
	dir := b.TempDir()
	path := filepath.Join(dir, "plan.md")
	src = plangen.Cached(n)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	opts := &compileOptions{plan: path, format: "json", planFlags: planFlags{repo: dir, now: "2026-01-02T03:04:05Z"}}
	getenv := func(string) string { return "" }
	var stderr bytes.Buffer
	return src, func() {
		stderr.Reset()
		if err := runCompile(opts, streams{in: eofReader{}, out: io.Discard, err: &stderr}, getenv); err != nil {
			b.Fatalf("compile: %v\n%s", err, stderr.String())
		}
	}
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// reportCPU adds the process CPU time per op since start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(plangen.ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkCompileVsFloor alternates a goldmark-only parse of a plan (the
// floor) with a full compile of the same file, and reports both and their
// ratio, x-floor. Alternating keeps a shared machine's changing load out
// of the ratio.
func BenchmarkCompileVsFloor(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src, run := compileRunner(b, sz.N)
			md := parser.NewMarkdown()
			var floor, compile time.Duration
			for b.Loop() {
				t0 := time.Now()
				md.Parse(text.NewReader(src))
				t1 := time.Now()
				run()
				floor += t1.Sub(t0)
				compile += time.Since(t1)
			}
			b.ReportMetric(float64(floor)/float64(b.N), "floor-ns/op")
			b.ReportMetric(float64(compile)/float64(b.N), "compile-ns/op")
			b.ReportMetric(float64(compile)/float64(floor), "x-floor")
		})
	}
}

// BenchmarkReadRefs is what `annotate --from` reads of a compile output:
// bdsync.ReadRefs on the JSON a compile of plangen.Plan(n) writes.
func BenchmarkReadRefs(b *testing.B) {
	for _, sz := range plangen.Sizes[:4] {
		b.Run(sz.Name, func(b *testing.B) {
			r, err := pipeline.Run(pipeline.Input{File: "plan.md", PlanFile: "plan.md", Src: plangen.Cached(sz.N),
				Repo: pipeline.Repo{Root: "/src/shop", Name: "shop"}, Now: time.Unix(0, 0)})
			if err != nil || r.Failed() {
				b.Fatalf("compile: %v", err)
			}
			out, err := emit.JSON(r.Beads)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				if refs, err := bdsync.ReadRefs(out); err != nil || len(refs) != sz.N {
					b.Fatalf("%d refs, %v", len(refs), err)
				}
			}
		})
	}
}
