package planner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParallelProse: a sentence that names two or more units and says they
// run in parallel drops the edges the numbering or a stated order put
// between them; what came after any of them waits on all of them.
func TestParallelProse(t *testing.T) {
	for _, tc := range []struct {
		name, extra string
		deps        map[string]string
		waves       string
		reading     string // the planner's one reading, "" for none
		warning     string // the planner's one warning, "" for none
	}{
		{"numbering", "Sprints 1.2 and 1.3 can run in parallel.\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.1", "1.4": "1.2 1.3", "2.1": "1.4"},
			"1.1 | 1.2,1.3 | 1.4 | 2.1",
			`p.md:22:1: 1.2 and 1.3 run in parallel, as "Sprints 1.2 and 1.3 can run in parallel." says: no edge between them from the numbering or the stated order; what comes after any of them waits on all of them`, ""},
		{"three", "Sprints 1.1, 1.2 and 1.3 run concurrently.\n",
			map[string]string{"1.1": "", "1.2": "", "1.3": "", "1.4": "1.1 1.2 1.3", "2.1": "1.4"},
			"1.1,1.2,1.3 | 1.4 | 2.1",
			`p.md:22:1: 1.1, 1.2 and 1.3 run in parallel, as "Sprints 1.1, 1.2 and 1.3 run concurrently." says: no edge between them from the numbering or the stated order; what comes after any of them waits on all of them`, ""},
		{"stated order", "Recommended execution order: 1.1 → 1.2 → 1.4 → 1.3\n\nSprints 1.1 and 1.2 can be parallelized.\n",
			map[string]string{"1.1": "", "1.2": "", "1.3": "1.4", "1.4": "1.1 1.2", "2.1": "1.3"},
			"1.1,1.2 | 1.4 | 1.3 | 2.1",
			`p.md:24:1: 1.1 and 1.2 run in parallel, as "Sprints 1.1 and 1.2 can be parallelized." says: no edge between them from the numbering or the stated order; what comes after any of them waits on all of them`, ""},
		{"a named need wins", "```\n1.2 → 1.3\n```\n\n1.2 and 1.3 are independent of each other.\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.2", "1.4": "1.3", "2.1": "1.4"},
			"1.1 | 1.2 | 1.3 | 1.4 | 2.1", "",
			`p.md:26:1: warning: "1.2 and 1.3 are independent of each other." says 1.2 and 1.3 run in parallel, but 1.3 depends on 1.2 (line 23); the dependency is followed`},
		{"order between them", "Order: 1.1 → 1.3 → 1.2\n\nSprints 1.1 and 1.2 can run side by side.\n",
			map[string]string{"1.1": "", "1.2": "1.3", "1.3": "1.1", "1.4": "1.2", "2.1": "1.4"},
			"1.1 | 1.3 | 1.2 | 1.4 | 2.1", "",
			`p.md:24:1: warning: "Sprints 1.1 and 1.2 can run side by side." says 1.1 and 1.2 run in parallel, but the plan's order puts other units between them; it is not applied, they stay in sequence`},
		{"already parallel", "```\n1.1 → 1.2, 1.3\n```\n\nSprints 1.2 and 1.3 can run in parallel.\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.1", "1.4": "1.2 1.3", "2.1": "1.4"},
			"1.1 | 1.2,1.3 | 1.4 | 2.1", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := buildWithNotes(t, tc.extra)
			assert.Equal(t, tc.deps, deps(g))
			assert.Equal(t, tc.waves, waves(g))
			var readings []string
			for _, r := range g.Readings {
				readings = append(readings, "p.md:"+r.Pos.String()+": "+r.Text)
			}
			if tc.reading == "" {
				assert.Empty(t, readings)
			} else {
				assert.Equal(t, []string{tc.reading}, readings)
			}
			if tc.warning == "" {
				assert.Empty(t, g.Diags.Warnings().String())
			} else {
				assert.Equal(t, tc.warning, g.Diags.Warnings().String())
			}
		})
	}
}

// TestParallelMergeBead: the unit after two parallel units waits on both,
// so it is a merge bead (the pureclaw plan's shape).
func TestParallelMergeBead(t *testing.T) {
	src := string(plan("## Phase 1: MVP", "### Sprint 1.1: Epic 1: Shell", "### Sprint 1.2: Epic 2: Signal",
		"### Sprint 1.3: Epic 3: Telegram", "### Sprint 1.4: Epic 4: Import")) +
		"## Dependency Graph\n\nRecommended execution order: **1 → 2 → 4 → 3**\n\nEpics 1 and 2 can be parallelized.\n"
	g := Build(parser.Parse("p.md", []byte(src)))
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, "1.1,1.2 | 1.4 | 1.3", waves(g))
	assert.True(t, g.Node("1.4").IsMerge())
	assert.False(t, g.Node("1.3").IsMerge())
}

// BenchmarkParallelProse: a plan of 1,000 sprints whose notes pair them
// all up, 500 sentences ("Sprints 1.1 and 1.2 can run in parallel.").
func BenchmarkParallelProse(b *testing.B) {
	var src strings.Builder
	src.WriteString("## Phase 1: A\n")
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&src, "### Sprint 1.%d: S\n- work\n", i)
	}
	src.WriteString("## Notes\n\n")
	for i := 1; i <= 1000; i += 2 {
		fmt.Fprintf(&src, "Sprints 1.%d and 1.%d can run in parallel.\n\n", i, i+1)
	}
	data := []byte(src.String())
	b.ReportAllocs()
	for b.Loop() {
		g := Build(parser.Parse("p.md", data))
		if len(g.Readings) != 500 {
			b.Fatalf("%d readings", len(g.Readings))
		}
	}
}
