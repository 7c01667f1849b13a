package planner_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
)

// BenchmarkPlan is planner.Build on an already parsed plan, at the size of
// a large real plan (200 sprints) and at the shared sizes.
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

// BenchmarkPlanCrossEdges is planner.Build on two tracks of n/2 sprints
// where every sprint of the second has an explicit edge into the first:
// the shapes that make the reduction look far back. "reversed": 1b.k
// depends on 1a.(n/2+1-k), so each edge spans the first track's rest and
// the second's start. "first": every 1b.k depends on 1a.1.
func BenchmarkPlanCrossEdges(b *testing.B) {
	for _, shape := range []string{"reversed", "first"} {
		for _, n := range []int{200, 10000} {
			b.Run(fmt.Sprintf("shape=%s/sprints=%d", shape, n), func(b *testing.B) {
				var src strings.Builder
				k := n / 2
				src.WriteString("## Phase 1a: L\n\n")
				for i := 1; i <= k; i++ {
					fmt.Fprintf(&src, "### Sprint 1a.%d: L\n- x\n\n", i)
				}
				src.WriteString("## Phase 1b: R\n\n")
				for i := 1; i <= k; i++ {
					to := 1
					if shape == "reversed" {
						to = k + 1 - i
					}
					fmt.Fprintf(&src, "### Sprint 1b.%d: R\n**Depends on**: 1a.%d\n- x\n\n", i, to)
				}
				p := parser.Parse("plan.md", []byte(src.String()))
				if g := planner.Build(p); g.Diags.HasErrors() || g.HasCycle() {
					b.Fatalf("%v", g.Diags)
				}
				b.ReportAllocs()
				cpu := plangen.ProcessCPU()
				for b.Loop() {
					planner.Build(p)
				}
				reportCPU(b, cpu)
			})
		}
	}
}
