package planner

import (
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatedDeps: a unit whose dependencies the plan states waits on them
// alone; the numbering orders the units left open, and a unit left open
// also waits on the units before it that a stated order left behind.
func TestStatedDeps(t *testing.T) {
	for _, tc := range []struct {
		name, extra string
		deps        map[string]string
		waves       string
	}{
		{"fan out", "```\n1.1 → 1.2, 1.3\n```\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.1", "1.4": "1.2 1.3", "2.1": "1.4"},
			"1.1 | 1.2,1.3 | 1.4 | 2.1"},
		{"reordered", "Order: 1.1 → 1.3 → 1.2\n",
			map[string]string{"1.1": "", "1.2": "1.3", "1.3": "1.1", "1.4": "1.2", "2.1": "1.4"},
			"1.1 | 1.3 | 1.2 | 1.4 | 2.1"},
		{"merge arrow", "1.1, 1.2 -> 2.1\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.2", "1.4": "1.3", "2.1": "1.2"},
			"1.1 | 1.2 | 1.3,2.1 | 1.4"},
		{"prose arrow", "Rename `a` → `b`, then 1.1 → x\n",
			map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.2", "1.4": "1.3", "2.1": "1.4"},
			"1.1 | 1.2 | 1.3 | 1.4 | 2.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := buildWithNotes(t, tc.extra)
			assert.Equal(t, tc.deps, deps(g))
			assert.Equal(t, tc.waves, waves(g))
		})
	}
}

// TestStatedOrderWarning: an order against the numbering is a warning at
// its line that says the stated order is followed.
func TestStatedOrderWarning(t *testing.T) {
	src := string(plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2: T", "### Sprint 1.3: U")) + "Recommended execution order: **1.1 → 1.3 → 1.2**\n"
	p := parser.Parse("p.md", []byte(src))
	var got []string
	for _, d := range p.Diags {
		got = append(got, d.Error())
	}
	assert.Equal(t, []string{"p.md:12:30: warning: the plan states 1.3 before 1.2, against the numbering; the stated order is followed"}, got)
}

// TestStatedBlocksAndTable: "**Blocks**:" fields and a Depends On column.
func TestStatedBlocksAndTable(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: S\n**Blocks**: 1.3, nope\n- a\n### Sprint 1.2: T\n- b\n### Sprint 1.3: U\n- c\n\n" +
		"| Sprint | Depends On |\n|---|---|\n| 1.2 | 1.1 |\n| 1.1 | — |\n"
	p := parser.Parse("p.md", []byte(src))
	var warns []string
	for _, d := range p.Diags {
		warns = append(warns, d.Error())
	}
	assert.Contains(t, warns, `p.md:3:1: warning: Blocks: "nope" names no unit of the plan; it is left out`)
	g := Build(p)
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.1"}, deps(g))
}

// TestStatedDepsByUnitNames: arrows name units by the ids their titles open
// with (T1, "Epic 2"), as the plans of teams that use beads write them.
func TestStatedDepsByUnitNames(t *testing.T) {
	src := string(plan("## Phase 1: Foundation", "### Sprint 1.1: T1: Define the union", "### Sprint 1.2: T2: Registry",
		"### Sprint 1.3: T3: Adapter A", "### Sprint 1.4: T4: Adapter B", "### Sprint 1.5: T5: Wire up")) +
		"## Dependencies\n\n```\nT1 → T2, T3\nT2 → T4\nT3, T4 → T5\n```\n"
	p := parser.Parse("p.md", []byte(src))
	require.False(t, p.Diags.HasErrors(), "%v", p.Diags)
	g := Build(p)
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.1", "1.4": "1.2", "1.5": "1.3 1.4"}, deps(g))
	assert.Equal(t, "1.1 | 1.2,1.3 | 1.4 | 1.5", waves(g))

	epics := string(plan("## Phase 1: MVP", "### Sprint 1.1: Epic 1: Shell", "### Sprint 1.2: Epic 2: Signal",
		"### Sprint 1.3: Epic 3: Telegram", "### Sprint 1.4: Epic 4: Import")) + "Recommended execution order: **Epic 1 → Epic 2 → Epic 4 → Epic 3**\n"
	p = parser.Parse("p.md", []byte(epics))
	g = Build(p)
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, "1.1 | 1.2 | 1.4 | 1.3", waves(g))
}

// TestStatedOrderAgainstNumbering: a stated order that reverses two units
// the numbering chains wins without a cycle; the unit the plan leaves open
// takes the place the numbering gave the one it now precedes.
func TestStatedOrderAgainstNumbering(t *testing.T) {
	src := string(plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2: T", "### Sprint 1.3: U", "### Sprint 1.4: V")) + "Order: 1.3 → 1.2\n"
	p := parser.Parse("p.md", []byte(src))
	g := Build(p)
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, map[string]string{"1.1": "", "1.2": "1.3", "1.3": "1.1", "1.4": "1.2"}, deps(g))
	assert.Equal(t, "1.1 | 1.3 | 1.2 | 1.4", waves(g))

	// A cycle the plan states is still one.
	src = string(plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2: T")) + "Order: 1.1 → 1.2 → 1.1\n"
	g = Build(parser.Parse("p.md", []byte(src)))
	assert.True(t, g.HasCycle())
}

// TestStatedMoveLater: "1.4 → 1.2" moves 1.2 after 1.4; 1.3 takes its place.
func TestStatedMoveLater(t *testing.T) {
	src := string(plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2: T", "### Sprint 1.3: U", "### Sprint 1.4: V", "## Phase 2: B", "### Sprint 2.1: W")) + "Order: 1.4 → 1.2\n"
	g := Build(parser.Parse("p.md", []byte(src)))
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	assert.Equal(t, map[string]string{"1.1": "", "1.2": "1.4", "1.3": "1.1", "1.4": "1.3", "2.1": "1.2"}, deps(g))
	assert.Equal(t, "1.1 | 1.3 | 1.4 | 1.2 | 2.1", waves(g))
}

// buildWithNotes builds the five-sprint plan 1.1-1.4, 2.1 with extra
// under a "## Notes" heading after it, and requires no errors.
func buildWithNotes(t *testing.T, extra string) *Graph {
	t.Helper()
	src := string(plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2: T", "### Sprint 1.3: U", "### Sprint 1.4: V", "## Phase 2: B", "### Sprint 2.1: W")) +
		"## Notes\n\n" + extra
	p := parser.Parse("p.md", []byte(src))
	require.False(t, p.Diags.HasErrors(), "%v", p.Diags)
	g := Build(p)
	require.False(t, g.Diags.HasErrors(), "%v", g.Diags)
	return g
}
