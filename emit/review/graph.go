// Package review shows a compiled plan to the people who check it, before
// agents run it and while they do: the dry-run preview, the dependency graph
// as DOT, Mermaid or JSON, and the plan's live state in its beads database.
package review

import (
	"slices"
	"sort"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Options chooses what the graph exports (DOT, Mermaid) show. The JSON
// export always carries everything.
type Options struct {
	// Beads are the plan's compiled beads, indexed by planner.Node.Order.
	// When set, the exports name each sprint's bead and branch.
	Beads []emit.Bead
	// Critical highlights the critical path.
	Critical bool
	// ShowSkipped draws skipped sprints, greyed and without dependencies.
	ShowSkipped bool
	// Live, when set, colours each sprint by its live state and adds a
	// legend; Critical then highlights the remaining critical path. It must
	// be built from the same graph.
	Live *Live
}

// gnode is a sprint as the exports draw it: a compiled sprint, or a skipped
// one (node nil).
type gnode struct {
	sprint *parser.Sprint
	node   *planner.Node
	// key is the node's index in view.nodes, and its id in the gonum graph
	// of the DOT export.
	key int64
	// anchor is the drawn sprint a skipped sprint is placed after (or,
	// with anchorBefore, before), so that the layout puts it where the
	// numbering would; nil when the graph has no sprint at all.
	anchor       *gnode
	anchorBefore bool
}

func (n *gnode) skipped() bool { return n.node == nil }

// gphase is a cluster: one phase and its drawn sprints, in execution order.
type gphase struct {
	phase   *parser.Phase
	nodes   []*gnode
	skipped bool // every sprint in it is skipped
}

// gedge is a dependency, from the dependency to its dependent.
type gedge struct {
	from, to *gnode
	explicit bool
	critical bool
}

// view is the layout-independent picture of a graph that the DOT and
// Mermaid exports draw.
type view struct {
	g      *planner.Graph
	phases []*gphase
	// nodes are the drawn sprints in execution order, skipped ones among
	// them; a node's key is its index.
	nodes []*gnode
	edges []gedge // by dependency's Order, then dependent's Order
	// critical marks the nodes on the critical path (when asked for).
	critical map[*gnode]bool
	beads    []emit.Bead
	live     *Live
}

func newView(g *planner.Graph, o Options) *view {
	v := &view{g: g, critical: map[*gnode]bool{}}
	if len(o.Beads) >= len(g.Nodes) { // epics come after the sprints' beads
		v.beads = o.Beads
	}
	if o.Live != nil && len(o.Live.Sprints) == len(g.Nodes) {
		v.live = o.Live
	}
	byOrder := make([]*gnode, len(g.Nodes))
	drawn := make([]*gnode, len(g.Nodes), len(g.Nodes)+len(g.Plan.Skipped))
	for i, n := range g.Nodes {
		byOrder[i] = &gnode{sprint: n.Sprint, node: n, key: int64(i)}
		drawn[i] = byOrder[i]
	}
	if o.ShowSkipped && len(g.Plan.Skipped) > 0 {
		for _, s := range g.Plan.Skipped {
			drawn = append(drawn, &gnode{sprint: s})
		}
		sort.SliceStable(drawn, func(i, j int) bool { return planner.SprintLess(drawn[i].sprint, drawn[j].sprint) })
		for i, n := range drawn {
			n.key = int64(i)
		}
		v.anchor(drawn)
	}
	v.nodes = drawn

	// Clusters, in the order the numbering runs them.
	byID := map[string]*gphase{}
	for _, n := range drawn {
		ph := n.sprint.Phase
		c := byID[ph.ID]
		if c == nil {
			c = &gphase{phase: ph, skipped: true}
			byID[ph.ID] = c
			v.phases = append(v.phases, c)
		}
		c.nodes = append(c.nodes, n)
		if !n.skipped() {
			c.skipped = false
		}
	}
	sort.SliceStable(v.phases, func(i, j int) bool { return planner.PhaseLess(v.phases[i].phase, v.phases[j].phase) })

	onPath := map[[2]*planner.Node]bool{}
	if o.Critical {
		path := g.CriticalPath
		if v.live != nil {
			path = make([]*planner.Node, len(v.live.RemainingCriticalPath))
			for i, id := range v.live.RemainingCriticalPath {
				path[i] = g.Node(id)
			}
		}
		for i, n := range path {
			v.critical[byOrder[n.Order]] = true
			if i > 0 {
				onPath[[2]*planner.Node{path[i-1], n}] = true
			}
		}
	}
	for _, n := range g.Nodes {
		for _, s := range n.Succs {
			v.edges = append(v.edges, gedge{
				from:     byOrder[n.Order],
				to:       byOrder[s.Order],
				explicit: s.Explicit[n],
				critical: onPath[[2]*planner.Node{n, s}],
			})
		}
	}
	return v
}

// anchor places each skipped sprint after the compiled sprint that precedes
// it in execution order, or before the first one when none does.
func (v *view) anchor(drawn []*gnode) {
	var last *gnode
	var pending []*gnode
	for _, n := range drawn {
		if !n.skipped() {
			last = n
			for _, p := range pending {
				p.anchor, p.anchorBefore = n, true
			}
			pending = nil
			continue
		}
		if last != nil {
			n.anchor = last
		} else {
			pending = append(pending, n)
		}
	}
}

// bead returns the bead of a compiled sprint, or nil.
func (v *view) bead(n *gnode) *emit.Bead {
	if v.beads == nil || n.node == nil {
		return nil
	}
	return &v.beads[n.node.Order]
}

// state returns a compiled sprint's live state, or "" when the view is not
// live or the sprint is skipped.
func (v *view) state(n *gnode) string {
	if v.live == nil || n.node == nil {
		return ""
	}
	return v.live.Sprints[n.node.Order].State
}

// isMerge reports whether the sprint is a merge bead.
func (n *gnode) isMerge() bool { return n.node != nil && n.node.IsMerge() }

// isClosed reports whether the sprint is done already.
func (n *gnode) isClosed() bool { return n.sprint.Status.Value == "closed" }

// gateLines are the gates that hold a compiled sprint, one line each
// ("⏸ human: Design review"): its own, and its phase's when it waits on
// no other sprint of the phase. A closed sprint is held by none.
func (n *gnode) gateLines() []string {
	if n.node == nil || n.isClosed() {
		return nil
	}
	gates := n.sprint.Gates
	first := true
	for _, d := range n.node.Deps {
		first = first && d.Sprint.Phase != n.sprint.Phase
	}
	if first {
		gates = append(slices.Clone(gates), n.sprint.Phase.Gates...)
	}
	var out []string
	for _, g := range gates {
		out = append(out, "⏸ "+GateLabel(g))
	}
	return out
}

// GateLabel names a gate in a few words: "human: Design review", "timer
// 2h", "pr #42: the fix".
func GateLabel(g parser.Gate) string {
	s := "human"
	switch g.Type {
	case parser.GateTimer:
		s = "timer " + emit.ShortDuration(g.Timeout)
	case parser.GatePR:
		s = "pr #" + g.Await
	case parser.GateRun:
		s = "run " + g.Await
	}
	if g.Reason != "" {
		s += ": " + g.Reason
	}
	return s
}

// phaseLabel is "Phase 3a: Title" ("Phase 3a" when untitled).
func phaseLabel(ph *parser.Phase) string {
	if ph.Title == "" {
		return "Phase " + ph.ID
	}
	return "Phase " + ph.ID + ": " + ph.Title
}

// ids returns the sprint ids of nodes.
func ids(ns []*planner.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.ID()
	}
	return out
}
