package planner

import (
	"strconv"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plan writes a minimal-style plan from "## Phase" and "### Sprint" lines.
func plan(lines ...string) []byte {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
		if strings.HasPrefix(l, "### ") {
			b.WriteString("- work\n")
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

func deps(g *Graph) map[string]string {
	out := map[string]string{}
	for _, n := range g.Nodes {
		var ds []string
		for _, d := range n.Deps {
			ds = append(ds, d.ID())
		}
		out[n.ID()] = strings.Join(ds, " ")
	}
	return out
}

func waves(g *Graph) string {
	var ws []string
	for _, w := range g.Waves {
		var ids []string
		for _, n := range w {
			ids = append(ids, n.ID())
		}
		ws = append(ws, strings.Join(ids, ","))
	}
	return strings.Join(ws, " | ")
}

func path(g *Graph) string {
	var ids []string
	for _, n := range g.CriticalPath {
		ids = append(ids, n.ID())
	}
	return strings.Join(ids, " ")
}

// TestNumbering covers every row of the contract's §2 table.
func TestNumbering(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   []byte
		deps  map[string]string
		waves string
		path  string
	}{
		{
			name:  "sequential",
			src:   plan("## Phase 1: A", "### Sprint 1.1: X", "### Sprint 1.2: Y"),
			deps:  map[string]string{"1.1": "", "1.2": "1.1"},
			waves: "1.1 | 1.2",
			path:  "1.1 1.2",
		},
		{
			name:  "parallel then merge",
			src:   plan("## Phase 1: A", "### Sprint 1.1: X", "### Sprint 1.2a: Y", "### Sprint 1.2b: Z", "### Sprint 1.3: M"),
			deps:  map[string]string{"1.1": "", "1.2a": "1.1", "1.2b": "1.1", "1.3": "1.2a 1.2b"},
			waves: "1.1 | 1.2a,1.2b | 1.3",
			path:  "1.1 1.2a 1.3",
		},
		{
			name: "phase split and converge",
			src: plan("## Phase 2: A", "### Sprint 2.1: X", "## Phase 3a: L", "### Sprint 3a.1: L1", "### Sprint 3a.2: L2",
				"## Phase 3b: R", "### Sprint 3b.1: R1", "## Phase 4: C", "### Sprint 4.1: C1"),
			deps:  map[string]string{"2.1": "", "3a.1": "2.1", "3a.2": "3a.1", "3b.1": "2.1", "4.1": "3a.2 3b.1"},
			waves: "2.1 | 3a.1,3b.1 | 3a.2 | 4.1",
			path:  "2.1 3a.1 3a.2 4.1",
		},
		{
			name: "merged tracks",
			src: plan("## Phase 3a: L", "### Sprint 3a.1: L1", "## Phase 3b: R", "### Sprint 3b.1: R1",
				"## Phase 3c: S", "### Sprint 3c.1: S1", "## Phase 3ab: M", "### Sprint 3ab.1: M1", "## Phase 4: E", "### Sprint 4.1: E1"),
			deps:  map[string]string{"3a.1": "", "3b.1": "", "3c.1": "", "3ab.1": "3a.1 3b.1", "4.1": "3c.1 3ab.1"},
			waves: "3a.1,3b.1,3c.1 | 3ab.1 | 4.1",
			path:  "3a.1 3ab.1 4.1",
		},
		{
			name:  "phase opening with parallel sprints",
			src:   plan("## Phase 1: A", "### Sprint 1.1: X", "## Phase 2: B", "### Sprint 2.1a: Y", "### Sprint 2.1b: Z"),
			deps:  map[string]string{"1.1": "", "2.1a": "1.1", "2.1b": "1.1"},
			waves: "1.1 | 2.1a,2.1b",
			path:  "1.1 2.1a",
		},
		{
			name: "plain phase before its tracks",
			src: plan("## Phase 1: A", "### Sprint 1.1: X", "## Phase 1a: B", "### Sprint 1a.1: Y",
				"## Phase 1b: C", "### Sprint 1b.1: Z"),
			deps:  map[string]string{"1.1": "", "1a.1": "1.1", "1b.1": "1.1"},
			waves: "1.1 | 1a.1,1b.1",
			path:  "1.1 1a.1",
		},
		{
			name: "nested parallel",
			src: plan("## Phase 1: A", "### Sprint 1.1: S", "### Sprint 1.2a: A", "### Sprint 1.2b: B", "### Sprint 1.2c: C",
				"### Sprint 1.2ab: AB", "### Sprint 1.3: E"),
			deps:  map[string]string{"1.1": "", "1.2a": "1.1", "1.2b": "1.1", "1.2c": "1.1", "1.2ab": "1.2a 1.2b", "1.3": "1.2c 1.2ab"},
			waves: "1.1 | 1.2a,1.2b,1.2c | 1.2ab | 1.3",
			path:  "1.1 1.2a 1.2ab 1.3",
		},
		{
			name:  "integers, not strings, and file order never matters",
			src:   plan("## Phase 10: T", "### Sprint 10.1: X", "## Phase 9: N", "### Sprint 9.10: B", "### Sprint 9.9: A"),
			deps:  map[string]string{"9.9": "", "9.10": "9.9", "10.1": "9.10"},
			waves: "9.9 | 9.10 | 10.1",
			path:  "9.9 9.10 10.1",
		},
		{
			name: "explicit edge across tracks replaces the redundant numbering edge",
			src: []byte("## Phase 1: A\n### Sprint 1.1: X\n- x\n## Phase 2a: L\n### Sprint 2a.1: L\n- x\n" +
				"## Phase 2b: R\n### Sprint 2b.1: R\n**Depends on**: 2a.1\n- x\n"),
			deps:  map[string]string{"1.1": "", "2a.1": "1.1", "2b.1": "2a.1"},
			waves: "1.1 | 2a.1 | 2b.1",
			path:  "1.1 2a.1 2b.1",
		},
		{
			name: "explicit edge that adds a second branch",
			src: []byte("## Phase 1a: L\n### Sprint 1a.1: L\n- x\n## Phase 1b: R\n### Sprint 1b.1: R\n- x\n### Sprint 1b.2: R2\n" +
				"**Depends on**: 1a.1\n- x\n"),
			deps:  map[string]string{"1a.1": "", "1b.1": "", "1b.2": "1a.1 1b.1"},
			waves: "1a.1,1b.1 | 1b.2",
			path:  "1a.1 1b.2",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parser.Parse("p.md", tc.src)
			require.Empty(t, p.Diags.Errors())
			g := Build(p)
			require.Empty(t, g.Diags.Errors())
			assert.Equal(t, tc.deps, deps(g))
			assert.Equal(t, tc.waves, waves(g))
			assert.Equal(t, tc.path, path(g))
			// The gonum graph holds the same edges.
			edges := 0
			for _, n := range g.Nodes {
				edges += len(n.Deps)
				for _, d := range n.Deps {
					assert.True(t, g.DAG().HasEdgeFromTo(int64(d.Order), int64(n.Order)))
				}
			}
			assert.Equal(t, edges, g.DAG().Edges().Len())
		})
	}
}

// TestLongCycle reports a cycle through many sprints in linear work.
func TestLongCycle(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Phase 1: A\n")
	const n = 5000
	for i := 1; i <= n; i++ {
		b.WriteString("### Sprint 1." + strconv.Itoa(i) + ": S\n")
		if i == 1 {
			b.WriteString("**Depends on**: 1." + strconv.Itoa(n) + "\n")
		}
		b.WriteString("- x\n")
	}
	p := parser.Parse("p.md", []byte(b.String()))
	require.Empty(t, p.Diags.Errors())
	g := Build(p)
	errs := g.Diags.Errors()
	require.Len(t, errs, 1)
	assert.True(t, strings.HasPrefix(errs[0].Msg, "dependency cycle: 1.1 → 1.2 → 1.3 → "), errs[0].Msg)
	assert.True(t, strings.HasSuffix(errs[0].Msg, " → 1.5000 → 1.1"), errs[0].Msg)
	assert.Equal(t, parser.Pos{Line: 3, Col: 17, Offset: errs[0].Pos.Offset}, errs[0].Pos)
	assert.True(t, g.HasCycle())
}

// TestWideJoin: the sprint after two parallel phases of twenty parallel
// sprints each waits on all forty, once each; more than appendNew scans.
func TestWideJoin(t *testing.T) {
	var lines []string
	var want []string
	for _, ph := range []string{"2a", "2b"} {
		lines = append(lines, "## Phase "+ph+": Track")
		for i := range 20 {
			id := ph + ".1" + string(rune('a'+i))
			lines = append(lines, "### Sprint "+id+": Work")
			want = append(want, id)
		}
	}
	lines = append([]string{"## Phase 1: Start", "### Sprint 1.1: Start"}, lines...)
	lines = append(lines, "## Phase 3: Join", "### Sprint 3.1: Join")
	p := parser.Parse("p.md", plan(lines...))
	require.Empty(t, p.Diags)
	g := Build(p)
	require.Empty(t, g.Diags)
	assert.Equal(t, strings.Join(want, " "), deps(g)["3.1"])
	assert.Equal(t, "1.1", deps(g)["2b.1t"])
}

// TestAppendNew compares appendNew's scan and map with a plain loop, on
// lists with repeats below and above the scan's size.
func TestAppendNew(t *testing.T) {
	nodes := make([]*Node, 50)
	for i := range nodes {
		nodes[i] = &Node{Order: i}
	}
	for _, sz := range []struct{ deps, add int }{{0, 0}, {3, 5}, {10, 22}, {10, 23}, {30, 40}, {0, 50}} {
		deps := append([]*Node(nil), nodes[:sz.deps]...)
		var add []*Node
		for i := range sz.add {
			add = append(add, nodes[(i*7)%len(nodes)], nodes[i%5]) // repeats
		}
		var want []*Node
		want = append(want, deps...)
		for _, n := range add {
			found := false
			for _, w := range want {
				found = found || w == n
			}
			if !found {
				want = append(want, n)
			}
		}
		assert.Equal(t, want, appendNew(deps, add), "%d deps, %d added", sz.deps, len(add))
	}
}
