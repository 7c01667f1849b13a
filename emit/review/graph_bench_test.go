package review

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser/plangen"
)

// BenchmarkGraphExport times each export of generated plans of 1,000 and
// 10,000 sprints, with the critical path and skipped sprints drawn. The
// compile runs once, outside the timer.
//
//	go test ./emit -run '^$' -bench GraphExport -benchmem
func BenchmarkGraphExport(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		c := emittest.Compile(b, "plans/gen.md", plangen.Plan(n))
		o := Options{Beads: c.Beads, Critical: true, ShowSkipped: true}
		b.Run(fmt.Sprintf("dot/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DOT(c.Graph, o); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("mermaid/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Mermaid(c.Graph, o)
			}
		})
		b.Run(fmt.Sprintf("json/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := GraphJSON(c.Graph, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A 10,000-sprint plan exports whole: every sprint and every dependency is
// in each format.
func TestGraphExportAtScale(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 10,000-sprint plan")
	}
	c := emittest.Compile(t, "plans/gen.md", plangen.Plan(10000))
	if len(c.Graph.Nodes) != 10000 {
		t.Fatalf("the generated plan has %d sprints, want 10000", len(c.Graph.Nodes))
	}
	edges := 0
	for _, n := range c.Graph.Nodes {
		edges += len(n.Deps)
	}
	o := Options{Beads: c.Beads, Critical: true}
	d, err := DOT(c.Graph, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := countLines(d, " -> "); got != edges {
		t.Errorf("DOT has %d edges, want %d", got, edges)
	}
	m := Mermaid(c.Graph, o)
	if got := countLines(m, " --> ") + countLines(m, " -. depends on .-> "); got != edges {
		t.Errorf("Mermaid has %d edges, want %d", got, edges)
	}
	doc := NewGraphDoc(c.Graph, o)
	if len(doc.Nodes) != 10000 || len(doc.Edges) != edges {
		t.Errorf("JSON has %d nodes and %d edges, want 10000 and %d", len(doc.Nodes), len(doc.Edges), edges)
	}
}

func countLines(data []byte, sep string) int {
	n := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.Contains(line, []byte(sep)) {
			n++
		}
	}
	return n
}
