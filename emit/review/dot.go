package review

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beads-architect/architect/planner"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/iterator"
)

// DOT renders the graph for graphviz: one cluster per phase, left to right,
// parallel tracks side by side, merge beads as hexagons, closed sprints
// filled, explicit Depends on edges dashed, and, as asked, the critical path
// in red and skipped sprints greyed. A live graph (Options.Live) fills each
// sprint by its live state instead, and adds a legend cluster.
//
// gonum's DOT encoder writes the file. It quotes an ID only when the ID is
// not one already, with Go's strconv.Quote, and reads a value that starts
// with '<' and ends with '>' as an HTML label. Neither is DOT's own string
// escaping, and a title such as `<none>` or `"Quoted"` would come out wrong,
// so every ID and value handed to it here is already a DOT quoted string
// (dotQuote), which it writes as is.
func DOT(g *planner.Graph, o Options) ([]byte, error) {
	v := newView(g, o)
	dg := &dotGraph{v: v, nodes: make([]*dotNode, len(v.nodes)), out: map[int64][]dotEdge{}}
	for i, n := range v.nodes {
		dg.nodes[i] = &dotNode{n: n, v: v}
	}
	if v.live != nil {
		for i, e := range Legend() {
			dg.legend = append(dg.legend, &dotLegend{key: int64(len(v.nodes) + i), e: e})
		}
	}
	for _, e := range v.edges {
		dg.addEdge(dotEdge{from: dg.nodes[e.from.key], to: dg.nodes[e.to.key], e: e})
	}
	for _, n := range v.nodes {
		if n.anchor == nil {
			continue
		}
		from, to := dg.nodes[n.anchor.key], dg.nodes[n.key]
		if n.anchorBefore {
			from, to = to, from
		}
		dg.addEdge(dotEdge{from: from, to: to, invisible: true})
	}
	out, err := dot.Marshal(dg, dotQuote("plan"), "", "\t")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// dotQuote returns s as a DOT double-quoted string. Inside one, DOT gives
// meaning only to \" and to escape sequences graphviz expands in labels
// (\n, \l, \N, ...), so backslashes are doubled, quotes escaped, and
// control characters (which a heading cannot hold, but a front matter
// title might) become spaces. Invalid UTF-8 becomes U+FFFD.
func dotQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, string(utf8.RuneError)) {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case unicode.IsControl(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// dotLines joins label lines with DOT's centred line break.
func dotLines(lines ...string) string {
	q := make([]string, len(lines))
	for i, l := range lines {
		q[i] = strings.TrimSuffix(strings.TrimPrefix(dotQuote(l), `"`), `"`)
	}
	return `"` + strings.Join(q, `\n`) + `"`
}

// Colours of the picture.
const (
	dotCritical  = `"#d62728"`
	dotClosed    = `"#d4edda"`
	dotMerge     = `"#fff3cd"`
	dotSkipped   = `"#9a9a9a"`
	dotEdgeColor = `"#555555"`
)

// dotGraph is the view as a gonum graph.Directed, with the DOT attributes
// of the whole graph and its phase clusters.
type dotGraph struct {
	v     *view
	nodes []*dotNode
	// legend holds the nodes of the live legend, keyed after the sprints.
	legend []*dotLegend
	out    map[int64][]dotEdge
	in     map[int64][]dotEdge
}

func (g *dotGraph) addEdge(e dotEdge) {
	if g.in == nil {
		g.in = map[int64][]dotEdge{}
	}
	g.out[e.from.ID()] = append(g.out[e.from.ID()], e)
	g.in[e.to.ID()] = append(g.in[e.to.ID()], e)
}

func (g *dotGraph) Node(id int64) graph.Node {
	switch {
	case id < 0:
		return nil
	case id < int64(len(g.nodes)):
		return g.nodes[id]
	case id < int64(len(g.nodes)+len(g.legend)):
		return g.legend[id-int64(len(g.nodes))]
	}
	return nil
}

func (g *dotGraph) Nodes() graph.Nodes {
	ns := make([]graph.Node, 0, len(g.nodes)+len(g.legend))
	for _, n := range g.nodes {
		ns = append(ns, n)
	}
	for _, n := range g.legend {
		ns = append(ns, n)
	}
	return iterator.NewOrderedNodes(ns)
}

func (g *dotGraph) From(id int64) graph.Nodes {
	return ends(g.out[id], func(e dotEdge) *dotNode { return e.to })
}

func (g *dotGraph) To(id int64) graph.Nodes {
	return ends(g.in[id], func(e dotEdge) *dotNode { return e.from })
}

// ends returns one end of each edge, in the edges' order.
func ends(es []dotEdge, end func(dotEdge) *dotNode) graph.Nodes {
	if len(es) == 0 {
		return graph.Empty
	}
	ns := make([]graph.Node, len(es))
	for i, e := range es {
		ns[i] = end(e)
	}
	return iterator.NewOrderedNodes(ns)
}

func (g *dotGraph) edge(uid, vid int64) (dotEdge, bool) {
	for _, e := range g.out[uid] {
		if e.to.ID() == vid {
			return e, true
		}
	}
	return dotEdge{}, false
}

func (g *dotGraph) Edge(uid, vid int64) graph.Edge {
	if e, ok := g.edge(uid, vid); ok {
		return e
	}
	return nil
}

func (g *dotGraph) HasEdgeFromTo(uid, vid int64) bool {
	_, ok := g.edge(uid, vid)
	return ok
}

func (g *dotGraph) HasEdgeBetween(xid, yid int64) bool {
	return g.HasEdgeFromTo(xid, yid) || g.HasEdgeFromTo(yid, xid)
}

// DOTAttributers sets the defaults: left to right, rounded boxes.
func (g *dotGraph) DOTAttributers() (gr, node, edge encoding.Attributer) {
	ga := at("rankdir", "LR", "newrank", "true", "compound", "true", "nodesep", "0.25", "ranksep", "0.45", "fontname", `"Helvetica,Arial,sans-serif"`)
	title := g.v.g.Plan.Title
	if title == "" {
		title = g.v.g.Plan.File
	}
	if title != "" {
		ga = append(ga, at("label", dotQuote(title), "labelloc", "t", "fontsize", "16")...)
	}
	na := at("shape", "box", "style", `"rounded"`, "fontname", `"Helvetica,Arial,sans-serif"`, "fontsize", "11")
	ea := at("color", dotEdgeColor, "arrowsize", "0.7")
	return ga, na, ea
}

// Structure returns one cluster per phase, in execution order, and the
// legend of a live graph.
func (g *dotGraph) Structure() []dot.Graph {
	out := make([]dot.Graph, len(g.v.phases), len(g.v.phases)+1)
	for i, c := range g.v.phases {
		out[i] = &dotCluster{c: c, g: g}
	}
	if len(g.legend) > 0 {
		out = append(out, &dotLegendCluster{nodes: g.legend})
	}
	return out
}

// dotCluster is a phase: its sprints, listed bare (the top-level graph
// carries their attributes), and its label.
type dotCluster struct {
	c *gphase
	g *dotGraph
}

func (c *dotCluster) DOTID() string { return dotQuote("cluster_" + c.c.phase.ID) }

func (c *dotCluster) DOTAttributers() (gr, node, edge encoding.Attributer) {
	label := phaseLabel(c.c.phase)
	ga := at("label", dotQuote(label), "labeljust", "l", "fontsize", "13", "style", `"rounded"`, "color", `"#b0b0b0"`)
	if c.c.skipped {
		ga = at("label", dotQuote(label+" (skipped)"), "labeljust", "l", "fontsize", "13", "style", `"rounded,dashed"`, "color", dotSkipped, "fontcolor", dotSkipped)
	}
	return ga, attrs{}, attrs{}
}

func (c *dotCluster) Node(id int64) graph.Node {
	for _, n := range c.c.nodes {
		if n.key == id {
			return dotRef{n}
		}
	}
	return nil
}

func (c *dotCluster) Nodes() graph.Nodes {
	ns := make([]graph.Node, len(c.c.nodes))
	for i, n := range c.c.nodes {
		ns[i] = dotRef{n}
	}
	return iterator.NewOrderedNodes(ns)
}

func (c *dotCluster) From(int64) graph.Nodes           { return graph.Empty }
func (c *dotCluster) To(int64) graph.Nodes             { return graph.Empty }
func (c *dotCluster) Edge(int64, int64) graph.Edge     { return nil }
func (c *dotCluster) HasEdgeFromTo(int64, int64) bool  { return false }
func (c *dotCluster) HasEdgeBetween(int64, int64) bool { return false }

// dotRef names a sprint inside a cluster, without attributes.
type dotRef struct{ n *gnode }

func (r dotRef) ID() int64     { return r.n.key }
func (r dotRef) DOTID() string { return dotQuote(r.n.sprint.ID) }

// dotNode is a sprint with its attributes.
type dotNode struct {
	n *gnode
	v *view
}

func (d *dotNode) ID() int64     { return d.n.key }
func (d *dotNode) DOTID() string { return dotQuote(d.n.sprint.ID) }

func (d *dotNode) Attributes() []encoding.Attribute {
	n := d.n
	label := dotLines(append([]string{n.sprint.ID, n.sprint.Title}, n.gateLines()...)...)
	if n.skipped() {
		return at("label", dotLines(n.sprint.ID, n.sprint.Title, "(skipped)"), "style", `"rounded,dashed"`, "color", dotSkipped, "fontcolor", dotSkipped, "tooltip", dotQuote("skipped: not compiled"))
	}
	a := at("label", label)
	var style []string
	if n.isMerge() {
		a = append(a, encoding.Attribute{Key: "shape", Value: "hexagon"})
	} else {
		style = append(style, "rounded")
	}
	state := d.v.state(n)
	switch {
	case state != "":
		e := legendEntry(state)
		style = append(style, "filled")
		if e.Dashed {
			style = append(style, "dashed")
		}
		a = append(a, at("fillcolor", dotQuote(e.Fill))...)
		if !d.v.critical[n] {
			a = append(a, at("color", dotQuote(e.Stroke))...)
		}
	case n.isClosed():
		style = append(style, "filled")
		a = append(a, encoding.Attribute{Key: "fillcolor", Value: dotClosed})
	case n.isMerge():
		style = append(style, "filled")
		a = append(a, encoding.Attribute{Key: "fillcolor", Value: dotMerge})
	}
	if d.v.critical[n] {
		style = append(style, "bold")
		a = append(a, at("color", dotCritical, "penwidth", "2")...)
	}
	if len(style) > 0 {
		a = append(a, encoding.Attribute{Key: "style", Value: dotQuote(strings.Join(style, ","))})
	}
	switch {
	case state != "":
		s := d.v.live.Sprints[n.node.Order]
		a = append(a, encoding.Attribute{Key: "tooltip", Value: dotQuote(s.Bead + " " + s.Branch + ": " + liveLabel[state])})
	case d.v.bead(n) != nil:
		b := d.v.bead(n)
		a = append(a, encoding.Attribute{Key: "tooltip", Value: dotQuote(b.ID + " " + b.Metadata.Branch)})
	}
	return a
}

// dotEdge is a dependency, or an invisible edge that places a skipped
// sprint.
type dotEdge struct {
	from, to  *dotNode
	e         gedge
	invisible bool
}

func (e dotEdge) From() graph.Node { return e.from }
func (e dotEdge) To() graph.Node   { return e.to }
func (e dotEdge) ReversedEdge() graph.Edge {
	return dotEdge{from: e.to, to: e.from, e: e.e, invisible: e.invisible}
}

func (e dotEdge) Attributes() []encoding.Attribute {
	if e.invisible {
		return at("style", "invis")
	}
	var a attrs
	if e.e.explicit {
		a = append(a, at("style", "dashed", "tooltip", dotQuote("Depends on"))...)
	}
	if e.e.critical {
		a = append(a, at("color", dotCritical, "penwidth", "2")...)
	}
	return a
}

// attrs is a list of DOT attributes, written in order.
type attrs []encoding.Attribute

// at makes attributes from keys and values, alternating.
func at(kv ...string) attrs {
	a := make(attrs, len(kv)/2)
	for i := range a {
		a[i] = encoding.Attribute{Key: kv[2*i], Value: kv[2*i+1]}
	}
	return a
}

func (a attrs) Attributes() []encoding.Attribute { return a }

// Check that the types satisfy what dot.Marshal looks for.
var (
	_ graph.Directed      = (*dotGraph)(nil)
	_ dot.Attributers     = (*dotGraph)(nil)
	_ dot.Structurer      = (*dotGraph)(nil)
	_ dot.Graph           = (*dotCluster)(nil)
	_ dot.Attributers     = (*dotCluster)(nil)
	_ dot.Node            = dotRef{}
	_ dot.Node            = (*dotNode)(nil)
	_ encoding.Attributer = (*dotNode)(nil)
	_ encoding.Attributer = dotEdge{}
)
