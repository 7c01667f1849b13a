package parser_test

import (
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/yuin/goldmark/text"
)

// BenchmarkParseFloor parses the same plans with goldmark alone, with the
// extensions the plan parser uses: the floor every other figure is set
// against.
func BenchmarkParseFloor(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src := plangen.Cached(sz.N)
			md := parser.NewMarkdown()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				md.Parse(text.NewReader(src))
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkParse is parser.Parse: goldmark plus reading the plan model.
func BenchmarkParse(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src := plangen.Cached(sz.N)
			if p := parser.Parse("plan.md", src); p.Diags.HasErrors() || len(p.Sprints) != sz.N {
				b.Fatalf("plangen.Plan(%d): %d sprints, diagnostics %v", sz.N, len(p.Sprints), p.Diags)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				parser.Parse("plan.md", src)
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkParseContenders is the parse of a compile that writes beads,
// and of annotate: only the readings that can win are worked out.
func BenchmarkParseContenders(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src := plangen.Cached(sz.N)
			opts := parser.Options{Contenders: true}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				parser.ParseWith("plan.md", src, opts)
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU adds the process CPU time per op since start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(plangen.ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
}
