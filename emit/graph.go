package emit

import (
	"sort"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// GraphOptions chooses what the graph exports (DOT, Mermaid) show. The JSON
// export always carries everything.
type GraphOptions struct {
	// Beads are the plan's compiled beads, indexed by planner.Node.Order.
	// When set, the exports name each sprint's bead and branch.
	Beads []Bead
	// Critical highlights the critical path.
	Critical bool
	// ShowSkipped draws skipped sprints, greyed and without dependencies.
	ShowSkipped bool
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
	beads    []Bead
}

func newView(g *planner.Graph, o GraphOptions) *view {
	v := &view{g: g, critical: map[*gnode]bool{}}
	if len(o.Beads) == len(g.Nodes) {
		v.beads = o.Beads
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
		for i, n := range g.CriticalPath {
			v.critical[byOrder[n.Order]] = true
			if i > 0 {
				onPath[[2]*planner.Node{g.CriticalPath[i-1], n}] = true
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
func (v *view) bead(n *gnode) *Bead {
	if v.beads == nil || n.node == nil {
		return nil
	}
	return &v.beads[n.node.Order]
}

// isMerge reports whether the sprint is a merge bead.
func (n *gnode) isMerge() bool { return n.node != nil && n.node.IsMerge() }

// isClosed reports whether the sprint is done already.
func (n *gnode) isClosed() bool { return n.sprint.Status.Value == "closed" }

// phaseLabel is "Phase 3a: Title" ("Phase 3a" when untitled).
func phaseLabel(ph *parser.Phase) string {
	if ph.Title == "" {
		return "Phase " + ph.ID
	}
	return "Phase " + ph.ID + ": " + ph.Title
}

// GraphDoc is the JSON export of a compiled plan's graph.
type GraphDoc struct {
	Plan         string         `json:"plan"`
	Title        string         `json:"title"`
	Phases       []GraphPhase   `json:"phases"`
	Nodes        []GraphNode    `json:"nodes"`
	Edges        []GraphEdge    `json:"edges"`
	Waves        [][]string     `json:"waves"`
	CriticalPath []string       `json:"critical_path"`
	Skipped      []GraphSkipped `json:"skipped"`
}

// GraphPhase is a phase with its compiled sprints, in execution order.
type GraphPhase struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Sprints []string `json:"sprints"`
}

// GraphNode is one compiled sprint.
type GraphNode struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Phase  string `json:"phase"`
	Line   int    `json:"line"`
	Order  int    `json:"order"`
	Wave   int    `json:"wave"`
	Status string `json:"status"`
	// Type is beads-ralph-work or beads-ralph-merge.
	Type     string `json:"type"`
	Critical bool   `json:"critical"`
	// Bead and Branch are empty when the graph was drawn without beads.
	Bead   string `json:"bead,omitempty"`
	Branch string `json:"branch,omitempty"`
}

// GraphEdge is a dependency: To waits on From. Explicit edges came from a
// Depends on field.
type GraphEdge struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Explicit bool   `json:"explicit"`
	Critical bool   `json:"critical"`
}

// GraphSkipped is a skipped sprint.
type GraphSkipped struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Phase string `json:"phase"`
	Line  int    `json:"line"`
}

// NewGraphDoc builds the JSON export. Waves are numbered from 0 in the
// nodes, and listed first wave first.
func NewGraphDoc(g *planner.Graph, o GraphOptions) GraphDoc {
	o.Critical, o.ShowSkipped = true, false
	v := newView(g, o)
	d := GraphDoc{
		Plan:         g.Plan.File,
		Title:        g.Plan.Title,
		Phases:       []GraphPhase{},
		Nodes:        make([]GraphNode, 0, len(g.Nodes)),
		Edges:        make([]GraphEdge, 0, len(v.edges)),
		Waves:        make([][]string, len(g.Waves)),
		CriticalPath: ids(g.CriticalPath),
		Skipped:      []GraphSkipped{},
	}
	for _, c := range v.phases {
		p := GraphPhase{ID: c.phase.ID, Title: c.phase.Title, Sprints: make([]string, len(c.nodes))}
		for i, n := range c.nodes {
			p.Sprints[i] = n.sprint.ID
		}
		d.Phases = append(d.Phases, p)
	}
	for _, n := range v.nodes {
		s := n.sprint
		typ := "beads-ralph-work"
		if n.isMerge() {
			typ = "beads-ralph-merge"
		}
		status := s.Status.Value
		if status == "" {
			status = "open"
		}
		gn := GraphNode{ID: s.ID, Title: s.Title, Phase: s.Phase.ID, Line: s.Heading.Pos.Line, Order: n.node.Order,
			Wave: n.node.Wave, Status: status, Type: typ, Critical: v.critical[n]}
		if b := v.bead(n); b != nil {
			gn.Bead, gn.Branch = b.ID, b.Metadata.Branch
		}
		d.Nodes = append(d.Nodes, gn)
	}
	for _, e := range v.edges {
		d.Edges = append(d.Edges, GraphEdge{From: e.from.sprint.ID, To: e.to.sprint.ID, Explicit: e.explicit, Critical: e.critical})
	}
	for i, w := range g.Waves {
		d.Waves[i] = ids(w)
	}
	for _, s := range g.Plan.Skipped {
		d.Skipped = append(d.Skipped, GraphSkipped{ID: s.ID, Title: s.Title, Phase: s.Phase.ID, Line: s.Heading.Pos.Line})
	}
	return d
}

// GraphJSON renders the graph as indented JSON, for other tools.
func GraphJSON(g *planner.Graph, o GraphOptions) ([]byte, error) {
	return marshalIndent(NewGraphDoc(g, o))
}
