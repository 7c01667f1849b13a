package planner

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// diags lists a graph's diagnostics as LINE:COL: SEVERITY: MESSAGE, sorted.
func diags(ds parser.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		out = append(out, strings.TrimPrefix(d.Error(), d.File+":"))
	}
	slices.Sort(out)
	return out
}

// explicitDeps lists each sprint's explicit dependencies, by id.
func explicitDeps(g *Graph) map[string]string {
	out := map[string]string{}
	for _, n := range g.Nodes {
		var ds []string
		for _, d := range n.Deps {
			if n.Explicit[d] {
				ds = append(ds, d.ID())
			}
		}
		if len(ds) > 0 {
			out[n.ID()] = strings.Join(ds, " ")
		}
	}
	return out
}

func merges(g *Graph) string {
	var ids []string
	for _, n := range g.Nodes {
		if n.IsMerge() {
			ids = append(ids, n.ID())
		}
	}
	return strings.Join(ids, " ")
}

// TestReduction: every sprint's dependencies are the transitive reduction
// of the numbering and explicit edges, and a sprint is a merge only after
// it.
func TestReduction(t *testing.T) {
	for _, tc := range []struct {
		name     string
		src      string
		deps     map[string]string
		explicit map[string]string // sprint: its explicit deps that stay
		merges   string
		diags    []string
	}{
		{
			name: "a parallel sprint behind its sibling is no second branch for the next group",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### Sprint 1.2b: B\n**Depends on**: 1.2a\n- x\n" +
				"### Sprint 1.3: E\n- x\n",
			deps:     map[string]string{"1.1": "", "1.2a": "1.1", "1.2b": "1.2a", "1.3": "1.2b"},
			explicit: map[string]string{"1.2b": "1.2a"},
		},
		{
			name: "the same behind two parallel phases: the next phase waits on the later track",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n## Phase 2a: L\n### Sprint 2a.1: L\n- x\n" +
				"## Phase 2b: R\n### Sprint 2b.1: R\n**Depends on**: 2a.1\n- x\n## Phase 3: E\n### Sprint 3.1: E\n- x\n",
			deps:     map[string]string{"1.1": "", "2a.1": "1.1", "2b.1": "2a.1", "3.1": "2b.1"},
			explicit: map[string]string{"2b.1": "2a.1"},
		},
		{
			name: "an explicit edge other edges imply is dropped and reported, through the dependency that stays",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n## Phase 2a: L\n### Sprint 2a.1: L1\n- x\n### Sprint 2a.2: L2\n- x\n" +
				"## Phase 2b: R\n### Sprint 2b.1: R1\n- x\n### Sprint 2b.2: R2\n**Depends on**: 2a.2\n- x\n" +
				"### Sprint 2b.3: R3\n**Depends on**: 2a.1\n- x\n## Phase 3: E\n### Sprint 3.1: E\n- x\n",
			deps: map[string]string{"1.1": "", "2a.1": "1.1", "2a.2": "2a.1", "2b.1": "1.1", "2b.2": "2a.2 2b.1",
				"2b.3": "2b.2", "3.1": "2b.3"},
			explicit: map[string]string{"2b.2": "2a.2"},
			merges:   "2b.2",
			diags:    []string{"16:17: warning: sprint 2b.3 already follows 2a.1 through 2b.2; the Depends on edge adds nothing"},
		},
		{
			name: "of two explicit edges, the one the other implies goes",
			src: "## Phase 1a: L\n### Sprint 1a.1: L1\n- x\n### Sprint 1a.2: L2\n- x\n" +
				"## Phase 1b: R\n### Sprint 1b.1: R1\n**Depends on**: 1a.1, 1a.2\n- x\n",
			deps:     map[string]string{"1a.1": "", "1a.2": "1a.1", "1b.1": "1a.2"},
			explicit: map[string]string{"1b.1": "1a.2"},
			diags:    []string{"8:17: warning: sprint 1b.1 already follows 1a.1 through 1a.2; the Depends on edge adds nothing"},
		},
		{
			name: "an explicit edge the numbering implies is reported as before",
			src:  "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2: T\n- x\n### Sprint 1.3: U\n**Depends on**: 1.1\n- x\n",
			deps: map[string]string{"1.1": "", "1.2": "1.1", "1.3": "1.2"},
			diags: []string{"7:17: warning: sprint 1.3 already follows 1.1 through the numbering; " +
				"the Depends on edge adds nothing"},
		},
		{
			name: "a merged track over an empty track waits on the other track alone",
			src: "## Phase 2: A\n### Sprint 2.1: S\n- x\n## Phase 3a: L\n## Phase 3b: R\n### Sprint 3b.1: R\n- x\n" +
				"## Phase 3ab: M\n### Sprint 3ab.1: M\n- x\n## Phase 4: E\n### Sprint 4.1: E\n- x\n",
			deps:  map[string]string{"2.1": "", "3b.1": "2.1", "3ab.1": "3b.1", "4.1": "3ab.1"},
			diags: []string{"4:1: warning: phase 3a has no sprints"},
		},
		{
			name: "an explicit edge that adds a branch keeps the merge",
			src: "## Phase 1a: L\n### Sprint 1a.1: L\n- x\n## Phase 1b: R\n### Sprint 1b.1: R\n- x\n### Sprint 1b.2: R2\n" +
				"**Depends on**: 1a.1\n- x\n## Phase 2: E\n### Sprint 2.1: E\n- x\n",
			deps:     map[string]string{"1a.1": "", "1b.1": "", "1b.2": "1a.1 1b.1", "2.1": "1b.2"},
			explicit: map[string]string{"1b.2": "1a.1"},
			merges:   "1b.2",
		},
		{
			name: "an explicit edge backwards in execution order",
			src: "## Phase 1a: L\n### Sprint 1a.1: L\n**Depends on**: 1b.2\n- x\n## Phase 1b: R\n### Sprint 1b.1: R\n- x\n" +
				"### Sprint 1b.2: R2\n- x\n## Phase 2: E\n### Sprint 2.1: E\n- x\n",
			deps:     map[string]string{"1a.1": "1b.2", "1b.1": "", "1b.2": "1b.1", "2.1": "1a.1"},
			explicit: map[string]string{"1a.1": "1b.2"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parser.Parse("p.md", []byte(tc.src))
			require.Empty(t, p.Diags)
			g := Build(p)
			require.Empty(t, g.Diags.Errors())
			assert.Equal(t, tc.deps, deps(g))
			if tc.explicit == nil {
				tc.explicit = map[string]string{}
			}
			assert.Equal(t, tc.explicit, explicitDeps(g))
			assert.Equal(t, tc.merges, merges(g))
			assert.Equal(t, tc.diags, diags(g.Diags))
			for _, n := range g.Nodes {
				for d := range n.Explicit {
					assert.Contains(t, n.Deps, d, "%s: explicit dep %s is not a dep", n.ID(), d.ID())
				}
			}
		})
	}
}

// reach returns, for each node by Order, the set of its ancestors.
func reach(nodes []*Node) [][]bool {
	out := make([][]bool, len(nodes))
	for _, n := range nodes {
		seen := make([]bool, len(nodes))
		stack := []*Node{n}
		for len(stack) > 0 {
			m := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range m.Deps {
				if !seen[d.Order] {
					seen[d.Order] = true
					stack = append(stack, d)
				}
			}
		}
		out[n.Order] = seen
	}
	return out
}

// checkReduction holds the reduced graph to the graph before: the same
// ancestors for every node; each node's deps a subset of the ones before,
// none an ancestor of another (so the unique transitive reduction); and
// Explicit marking exactly the deps that stay of the explicit ones before.
func checkReduction(t *testing.T, nodes []*Node, before [][]*Node, explicitBefore []map[*Node]bool) {
	t.Helper()
	after := reach(nodes)
	var orig []*Node
	for _, n := range nodes {
		orig = append(orig, &Node{Order: n.Order, Sprint: n.Sprint})
	}
	for _, n := range nodes {
		for _, d := range before[n.Order] {
			orig[n.Order].Deps = append(orig[n.Order].Deps, orig[d.Order])
		}
	}
	want := reach(orig)
	for _, n := range nodes {
		require.Equal(t, want[n.Order], after[n.Order], "ancestors of %s", n.ID())
		for _, d := range n.Deps {
			require.Contains(t, before[n.Order], d, "%s gained dep %s", n.ID(), d.ID())
			for _, e := range n.Deps {
				require.False(t, e != d && after[e.Order][d.Order], "%s keeps %s, an ancestor of its dep %s", n.ID(), d.ID(), e.ID())
			}
			require.Equal(t, explicitBefore[n.Order][d], n.Explicit[d], "%s: explicit mark of %s", n.ID(), d.ID())
		}
		for d := range n.Explicit {
			require.Contains(t, n.Deps, d, "%s: explicit %s is not a dep", n.ID(), d.ID())
		}
	}
}

// snapshot copies every node's deps and explicit marks.
func snapshot(nodes []*Node) ([][]*Node, []map[*Node]bool) {
	deps := make([][]*Node, len(nodes))
	explicit := make([]map[*Node]bool, len(nodes))
	for _, n := range nodes {
		deps[n.Order] = slices.Clone(n.Deps)
		explicit[n.Order] = map[*Node]bool{}
		for d, ok := range n.Explicit {
			explicit[n.Order][d] = ok
		}
	}
	return deps, explicit
}

// TestReductionKeepsReachability: on random DAGs, of every density and
// size around the chunks of 64 targets, the reduction keeps each node's
// ancestors and leaves the unique transitive reduction.
func TestReductionKeepsReachability(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 300 {
		n := 1 + rng.IntN(150)
		p := rng.Float64() * rng.Float64() // mostly sparse
		// perm is a random topological order, unrelated to Order.
		perm := rng.Perm(n)
		nodes := make([]*Node, n)
		for i := range nodes {
			nodes[i] = &Node{Order: i, Sprint: &parser.Sprint{ID: fmt.Sprintf("1.%d", i+1)}}
		}
		for j := range n {
			for i := range j {
				if rng.Float64() >= p {
					continue
				}
				from, to := nodes[perm[i]], nodes[perm[j]]
				to.Deps = append(to.Deps, from)
				if rng.IntN(3) == 0 {
					if to.Explicit == nil {
						to.Explicit = map[*Node]bool{}
					}
					to.Explicit[from] = true
					to.Sprint.DependsOn = append(to.Sprint.DependsOn, parser.Ref{ID: from.ID(), Pos: parser.Pos{Line: 1, Col: 1}})
				}
			}
		}
		before, explicitBefore := snapshot(nodes)
		b := &build{g: &Graph{Nodes: nodes}, plan: &parser.Plan{File: "p.md"}}
		rank := topoRank(nodes)
		require.NotNil(t, rank)
		b.reduce(rank)
		t.Run(fmt.Sprintf("%d/%d nodes, p=%.2f", iter, n, p), func(t *testing.T) {
			checkReduction(t, nodes, before, explicitBefore)
			dropped := 0
			for _, n := range nodes {
				for d := range explicitBefore[n.Order] {
					if !n.Explicit[d] {
						dropped++
					}
				}
			}
			assert.Len(t, b.g.Diags, dropped, "one warning for each dropped explicit edge")
		})
	}
}

// randomPlan writes a plan in execution order: phases with tracks and
// merged tracks, sprint groups with parallel and merged sprints, empty
// phases, skipped sprints, and explicit edges to sprints written before.
func randomPlan(rng *rand.Rand) string {
	var b strings.Builder
	var ids []string
	trackSets := [][]string{{""}, {"a", "b"}, {"", "a", "b"}, {"a", "b", "c", "ab"}, {"a", "b", "c", "ab", "abc"}, {"a", "b", "c", "bc", "abc"}}
	groupSets := [][]string{{""}, {""}, {"a", "b"}, {"a", "b", "c"}, {"a", "b", "ab"}, {"a", "b", "c", "ac"}, {"a", "b", "c", "ab", "abc"}}
	for ph := 1; ph <= 1+rng.IntN(4); ph++ {
		for _, tr := range trackSets[rng.IntN(len(trackSets))] {
			id := fmt.Sprint(ph, tr)
			fmt.Fprintf(&b, "## Phase %s: P\n\n", id)
			for k := 1; k <= rng.IntN(4); k++ {
				for _, l := range groupSets[rng.IntN(len(groupSets))] {
					sid := fmt.Sprintf("%s.%d%s", id, k, l)
					if rng.IntN(8) == 0 {
						fmt.Fprintf(&b, "### ~~Sprint %s: S~~\n\n", sid)
						continue
					}
					fmt.Fprintf(&b, "### Sprint %s: S\n", sid)
					if len(ids) > 0 && rng.IntN(3) == 0 {
						var refs []string
						for range 1 + rng.IntN(3) {
							refs = append(refs, ids[rng.IntN(len(ids))])
						}
						fmt.Fprintf(&b, "**Depends on**: %s\n", strings.Join(refs, ", "))
					}
					b.WriteString("- x\n\n")
					ids = append(ids, sid)
				}
			}
		}
	}
	if len(ids) == 0 {
		b.WriteString("## Phase 9: Z\n### Sprint 9.1: Z\n- x\n")
	}
	return b.String()
}

// TestReductionKeepsReachabilityOnPlans: the same on random plans and
// generated ones (more than 64 targets), numbering and explicit edges
// together, through Build's own steps. The explicit edges the numbering
// implies are the ones a search of the numbering graph finds.
func TestReductionKeepsReachabilityOnPlans(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 303 {
		src := randomPlan(rng)
		if iter >= 300 {
			src = string(plangen.Plan(1000 * (iter - 299)))
		}
		p := parser.Parse("p.md", []byte(src))
		require.Empty(t, p.Diags.Errors(), src)
		b := &build{g: &Graph{Plan: p}, plan: p}
		b.nodes()
		b.numbering()
		numbering := reach(b.g.Nodes)
		implied := b.impliedByNumbering()
		for _, n := range b.g.Nodes {
			var want, got []string
			for _, ref := range n.Sprint.DependsOn {
				if d := b.g.byID[ref.ID]; d != nil && numbering[n.Order][d.Order] {
					want = append(want, d.ID())
				}
			}
			if implied != nil {
				got = deps1(&Node{Deps: implied[n.Order]})
			}
			require.Equal(t, want, got, "implied by the numbering, for %s:\n%s", n.ID(), src)
		}
		b.explicit()
		require.Empty(t, b.g.Diags.Errors(), src)
		before, explicitBefore := snapshot(b.g.Nodes)
		rank := topoRank(b.g.Nodes)
		require.NotNil(t, rank, src)
		b.reduce(rank)
		t.Run(fmt.Sprint(iter), func(t *testing.T) {
			checkReduction(t, b.g.Nodes, before, explicitBefore)
			// Build gives the same deps.
			g := Build(p)
			require.Empty(t, g.Diags.Errors())
			for i, n := range g.Nodes {
				got := deps1(n)
				slices.Sort(got)
				want := deps1(b.g.Nodes[i])
				slices.Sort(want)
				assert.Equal(t, want, got, "%s\n%s", n.ID(), src)
			}
		})
	}
}

func deps1(n *Node) []string {
	var ids []string
	for _, d := range n.Deps {
		ids = append(ids, d.ID())
	}
	return ids
}
