package planner

import (
	"slices"
	"sort"
	"strings"

	"github.com/beads-architect/architect/parser"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// stated drops the numbering's edges into the sprints whose dependencies
// the plan states (parser.Sprint.DepsStated): their Depends on edges, added
// next, are all they wait on. The numbering still orders the sprints the
// plan leaves open, including those after a stated one.
//
// It returns the numbering's dependencies of the sprints it cleared, by
// Order (nil when there are none), for unwind.
func (b *build) stated() [][]*Node {
	var numbered [][]*Node
	for _, n := range b.g.Nodes {
		if n.Sprint.DepsStated {
			if numbered == nil {
				numbered = make([][]*Node, len(b.g.Nodes))
			}
			numbered[n.Order] = n.Deps
			n.Deps = nil
		}
	}
	return numbered
}

// unwind lets a stated order win over the numbering where they meet in a
// cycle: "1.3 → 1.2" makes 1.2 wait on 1.3, while the numbering has 1.3
// wait on 1.2. A sprint the plan leaves open then waits, instead of on a
// stated sprint that waits on it, on what the numbering put before that
// sprint (1.3 waits on 1.1): the moved sprint leaves its place to the next. numbered are the numbering's
// dependencies of the stated sprints (see stated). A cycle the stated
// dependencies make alone is left for cycles to report.
func (b *build) unwind(numbered [][]*Node) {
	if numbered == nil {
		return
	}
	for round := 0; round < len(b.g.Nodes) && topoRank(b.g.Nodes) == nil; round++ {
		dag := simple.NewDirectedGraph()
		for _, n := range b.g.Nodes {
			dag.AddNode(simple.Node(n.Order))
		}
		for _, n := range b.g.Nodes {
			for _, d := range n.Deps {
				if d != n {
					dag.SetEdge(simple.Edge{F: simple.Node(d.Order), T: simple.Node(n.Order)})
				}
			}
		}
		comp := make([]int, len(b.g.Nodes))
		for i, c := range topo.TarjanSCC(dag) {
			for _, v := range c {
				comp[v.ID()] = i + 1
			}
		}
		changed := false
		for _, n := range b.g.Nodes {
			if n.Sprint.DepsStated {
				continue
			}
			var deps []*Node
			for _, d := range n.Deps {
				// Only a numbering edge out of a sprint the plan moved
				// (a stated one) gives way.
				if n.Explicit[d] || !d.Sprint.DepsStated || comp[d.Order] != comp[n.Order] {
					deps = appendNew(deps, []*Node{d})
					continue
				}
				changed = true
				for _, e := range numbered[d.Order] {
					if e != n {
						deps = appendNew(deps, []*Node{e})
					}
				}
			}
			n.Deps = deps
		}
		if !changed {
			return
		}
	}
}

// sinks keeps a stated order from leaving work behind: once the plan
// states some dependencies, a unit it leaves open (no stated dependency)
// also waits on every unit numbered before it that nothing waits on. Where
// "1 → 3 → 2" reorders a phase, the next phase then waits on 2, not on 3
// alone. A unit that already waits on the open one, directly or not, is
// left as it is (no cycle). It runs only when some unit's dependencies are
// stated.
func (b *build) sinks() {
	nodes := b.g.Nodes
	any := false
	for _, n := range nodes {
		any = any || n.Sprint.DepsStated
	}
	if !any {
		return
	}
	succs := make([][]*Node, len(nodes))
	for _, n := range nodes {
		for _, d := range n.Deps {
			succs[d.Order] = append(succs[d.Order], n)
		}
	}
	// reaches reports whether from leads to to through successors.
	reaches := func(from, to *Node) bool {
		seen := map[*Node]bool{from: true}
		stack := []*Node{from}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == to {
				return true
			}
			for _, s := range succs[n.Order] {
				if !seen[s] {
					seen[s] = true
					stack = append(stack, s)
				}
			}
		}
		return false
	}
	var open []*Node // units before the current one that nothing waits on
	for _, n := range nodes {
		if !n.Sprint.DepsStated {
			kept := open[:0]
			for _, s := range open {
				if len(succs[s.Order]) > 0 || reaches(n, s) {
					if len(succs[s.Order]) == 0 {
						kept = append(kept, s)
					}
					continue
				}
				if !slices.Contains(n.Deps, s) {
					n.Deps = append(n.Deps, s)
				}
				succs[s.Order] = append(succs[s.Order], n)
			}
			open = kept
		}
		open = append(open, n)
	}
}

// explicit adds the Depends on edges. An edge the numbering already implies,
// directly or through other sprints, adds nothing and is reported.
func (b *build) explicit() {
	g := b.g
	implied := b.impliedByNumbering()
	skipped := map[string]bool{}
	for _, s := range b.plan.Skipped {
		skipped[s.ID] = true
	}
	type edge struct {
		from, to *Node
	}
	var add []edge
	for _, n := range g.Nodes {
		for _, ref := range n.Sprint.DependsOn {
			d := g.byID[ref.ID]
			switch {
			case ref.ID == n.ID():
				b.diag(parser.Error, ref.Pos, "sprint %s depends on itself", n.ID())
			case d == nil && skipped[ref.ID]:
				b.diag(parser.Warning, ref.Pos, "sprint %s depends on skipped sprint %s; the edge is dropped", n.ID(), ref.ID)
			case d == nil:
				b.diag(parser.Error, ref.Pos, "sprint %s depends on unknown sprint %s", n.ID(), ref.ID)
			case implied != nil && !n.Sprint.DepsStated && slices.Contains(implied[n.Order], d):
				b.diag(parser.Warning, ref.Pos, "sprint %s already follows %s through the numbering; the Depends on edge adds nothing", n.ID(), ref.ID)
			default:
				add = append(add, edge{d, n})
			}
		}
	}
	for _, e := range add {
		if e.to.Explicit == nil {
			e.to.Explicit = map[*Node]bool{}
		}
		if e.to.Explicit[e.from] {
			continue
		}
		e.to.Explicit[e.from] = true
		e.to.Deps = append(e.to.Deps, e.from)
	}
}

// topoRank returns each node's position, by Order, in a topological order
// of the dependencies (every dependency ranked before its dependents), or
// nil when they have a cycle.
func topoRank(nodes []*Node) []int {
	indeg := make([]int, len(nodes))
	nsucc := make([]int, len(nodes)+1)
	for _, n := range nodes {
		indeg[n.Order] = len(n.Deps)
		for _, d := range n.Deps {
			nsucc[d.Order+1]++
		}
	}
	for i := 1; i < len(nsucc); i++ {
		nsucc[i] += nsucc[i-1]
	}
	succ := make([]*Node, nsucc[len(nodes)])
	fill := append([]int(nil), nsucc[:len(nodes)]...)
	for _, n := range nodes {
		for _, d := range n.Deps {
			succ[fill[d.Order]] = n
			fill[d.Order]++
		}
	}
	rank := make([]int, len(nodes))
	queue := make([]*Node, 0, len(nodes))
	for _, n := range nodes {
		if indeg[n.Order] == 0 {
			queue = append(queue, n)
		}
	}
	for i := 0; i < len(queue); i++ {
		n := queue[i]
		rank[n.Order] = i
		for _, s := range succ[nsucc[n.Order]:nsucc[n.Order+1]] {
			if indeg[s.Order]--; indeg[s.Order] == 0 {
				queue = append(queue, s)
			}
		}
	}
	if len(queue) < len(nodes) {
		return nil
	}
	return rank
}

// link sorts every node's dependencies and fills in successors.
func (b *build) link() {
	g := b.g
	// Visiting dependents in order appends each node's Succs in order too.
	for _, n := range g.Nodes {
		if len(n.Deps) > 1 {
			slices.SortFunc(n.Deps, func(a, b *Node) int { return a.Order - b.Order })
		}
		for _, d := range n.Deps {
			d.Succs = append(d.Succs, n)
		}
	}
}

// cycles reports each strongly connected component of more than one sprint
// as a cycle, naming one whole cycle through it; Build calls it only when
// the sprints could not be ordered. Tarjan's algorithm and one
// breadth-first search per component keep this linear, however long the
// cycle.
func (b *build) cycles() {
	g := b.g
	var comps [][]*Node
	for _, c := range topo.TarjanSCC(g.DAG()) {
		if len(c) < 2 {
			continue
		}
		comp := make([]*Node, len(c))
		for i, v := range c {
			comp[i] = g.Nodes[v.ID()]
		}
		sort.Slice(comp, func(i, j int) bool { return comp[i].Order < comp[j].Order })
		comps = append(comps, comp)
	}
	sort.Slice(comps, func(i, j int) bool { return comps[i][0].Order < comps[j][0].Order })
	for _, comp := range comps {
		cycle := findCycle(comp)
		ids := make([]string, len(cycle)+1)
		for i, n := range cycle {
			ids[i] = n.ID()
		}
		ids[len(cycle)] = cycle[0].ID()
		pos := cycle[0].Sprint.Heading.Pos
		// Point at an explicit edge in the cycle: the numbering alone is
		// always acyclic, so one exists.
		for i, n := range cycle {
			next := cycle[(i+1)%len(cycle)]
			if next.Explicit[n] {
				for _, r := range next.Sprint.DependsOn {
					if r.ID == n.ID() {
						pos = r.Pos
					}
				}
				break
			}
		}
		b.diag(parser.Error, pos, "dependency cycle: %s", strings.Join(ids, " → "))
	}
}

// findCycle returns a cycle through the first node of a strongly connected
// component, in dependency order (each node is a dependency of the next).
func findCycle(comp []*Node) []*Node {
	in := make(map[*Node]bool, len(comp))
	for _, n := range comp {
		in[n] = true
	}
	start := comp[0]
	prev := map[*Node]*Node{}
	queue := []*Node{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, s := range n.Succs {
			if !in[s] {
				continue
			}
			if s == start {
				var path []*Node
				for c := n; c != start; c = prev[c] {
					path = append(path, c)
				}
				path = append(path, start)
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			if _, seen := prev[s]; !seen {
				prev[s] = n
				queue = append(queue, s)
			}
		}
	}
	return comp // unreachable for a real component
}

// waves places each sprint one wave after its latest dependency. Wave k is
// what `bd ready` releases once waves 0..k-1 are closed.
func (b *build) waves() {
	g := b.g
	order := topoOrder(g.Nodes)
	maxWave := -1
	for _, n := range order {
		n.Wave = 0
		for _, d := range n.Deps {
			if d.Wave+1 > n.Wave {
				n.Wave = d.Wave + 1
			}
		}
		if n.Wave > maxWave {
			maxWave = n.Wave
		}
	}
	g.Waves = make([][]*Node, maxWave+1)
	for _, n := range g.Nodes {
		g.Waves[n.Wave] = append(g.Waves[n.Wave], n)
	}
}

// topoOrder returns the nodes with every dependency before its dependents,
// keeping execution order among nodes that are free at the same time.
func topoOrder(nodes []*Node) []*Node {
	indeg := make([]int, len(nodes))
	for _, n := range nodes {
		indeg[n.Order] = len(n.Deps)
	}
	out := make([]*Node, 0, len(nodes))
	for _, n := range nodes {
		if indeg[n.Order] == 0 {
			out = append(out, n)
		}
	}
	for i := 0; i < len(out); i++ {
		for _, s := range out[i].Succs {
			indeg[s.Order]--
			if indeg[s.Order] == 0 {
				out = append(out, s)
			}
		}
	}
	return out
}

// criticalPath finds the longest chain of sprints. Ties go to the chain that
// ends, and then runs, earliest in execution order.
func (b *build) criticalPath() {
	g := b.g
	if len(g.Nodes) == 0 {
		return
	}
	length := make([]int, len(g.Nodes))
	via := make([]*Node, len(g.Nodes))
	var end *Node
	for _, n := range topoOrder(g.Nodes) {
		length[n.Order] = 1
		for _, d := range n.Deps { // Deps are in execution order
			if length[d.Order]+1 > length[n.Order] {
				length[n.Order] = length[d.Order] + 1
				via[n.Order] = d
			}
		}
		if end == nil || length[n.Order] > length[end.Order] || (length[n.Order] == length[end.Order] && n.Order < end.Order) {
			end = n
		}
	}
	path := make([]*Node, length[end.Order])
	for i, n := len(path)-1, end; n != nil; i, n = i-1, via[n.Order] {
		path[i] = n
	}
	g.CriticalPath = path
}
