package pipeline

import (
	"testing"
	"time"

	"github.com/beads-architect/architect/parser/plangen"
)

// BenchmarkRun is the whole compile in memory, no file or git: parse,
// settings, graph and beads, on the generated plans every
// stage's benchmark uses.
func BenchmarkRun(b *testing.B) {
	for _, sz := range plangen.Sizes {
		b.Run(sz.Name, func(b *testing.B) {
			in := Input{File: "plan.md", PlanFile: "plan.md", Src: plangen.Cached(sz.N),
				Repo: Repo{Root: "/src/shop", Name: "shop"}, Now: time.Unix(0, 0)}
			b.SetBytes(int64(len(in.Src)))
			b.ReportAllocs()
			for b.Loop() {
				r, err := Run(in)
				if err != nil || r.Failed() {
					b.Fatalf("compile: %v %v", err, r.Diags.Errors())
				}
			}
		})
	}
}
