package planner_test

import (
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
)

// BenchmarkPlan is planner.Build on an already parsed plan.
func BenchmarkPlan(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			src := plangen.Cached(sz.N)
			p := parser.Parse("plan.md", src)
			if g := planner.Build(p); g.Diags.HasErrors() || g.HasCycle() {
				b.Fatalf("plangen.Plan(%d): %v", sz.N, g.Diags)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				planner.Build(p)
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU adds the process CPU time per op since start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(plangen.ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
}
