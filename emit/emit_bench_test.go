package emit_test

import (
	"io"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
)

func benchGraph(b *testing.B, n int) (*planner.Graph, emit.Options) {
	b.Helper()
	p := parser.Parse("plan.md", plangen.Cached(n))
	g := planner.Build(p)
	if g.Diags.HasErrors() || g.HasCycle() {
		b.Fatalf("plangen.Plan(%d): %v", n, g.Diags)
	}
	o := emit.Options{
		Settings: emit.Builtin().Merge(p.Defaults).Merge(parser.Defaults{SourceBranch: "main"}),
		RepoRoot: "/src/repo",
		RepoName: "repo",
		PlanFile: "plans/plan.md",
		Now:      time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	return g, o
}

func benchBeads(b *testing.B, n int) []emit.Bead {
	b.Helper()
	g, o := benchGraph(b, n)
	beads, diags := emit.Beads(g, o)
	if diags.HasErrors() {
		b.Fatalf("plangen.Plan(%d): %v", n, diags)
	}
	return beads
}

// BenchmarkEmit is emit.Beads on a compiled plan.
func BenchmarkEmit(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			g, o := benchGraph(b, sz.N)
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				emit.Beads(g, o)
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkValidate is emit.Validate: the JSON Schema check of every bead.
func BenchmarkValidate(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			beads := benchBeads(b, sz.N)
			if err := emit.Validate(beads); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				emit.Validate(beads)
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkEncode is emit.WriteJSON, the output of architect compile,
// streamed to a writer that keeps nothing.
func BenchmarkEncode(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			beads := benchBeads(b, sz.N)
			b.ReportAllocs()
			cpu := plangen.ProcessCPU()
			for b.Loop() {
				if err := emit.WriteJSON(io.Discard, beads); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU adds the process CPU time per op since start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(plangen.ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
}
