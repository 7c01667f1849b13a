package review

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/iterator"
)

// LegendEntry is a live state as the graph exports colour it.
type LegendEntry struct {
	State  string `json:"state"`
	Label  string `json:"label"`
	Fill   string `json:"fill"`
	Stroke string `json:"stroke"`
	// Dashed is set for the state drawn with a dashed border.
	Dashed bool `json:"dashed"`
}

// Legend lists the live states and their colours, in the order the
// legends show them.
func Legend() []LegendEntry {
	colors := map[string][2]string{
		StateClosed:     {"#d4edda", "#2e7d32"},
		StateInProgress: {"#ffe8a1", "#b08800"},
		StateReady:      {"#cfe2ff", "#1f5fbf"},
		StateBlocked:    {"#f8d7da", "#b02a37"},
		StateMissing:    {"#ffffff", "#9a9a9a"},
	}
	out := make([]LegendEntry, len(liveStates))
	for i, s := range liveStates {
		out[i] = LegendEntry{State: s, Label: liveLabel[s], Fill: colors[s][0], Stroke: colors[s][1], Dashed: s == StateMissing}
	}
	return out
}

// legendEntry returns the legend entry of a live state.
func legendEntry(state string) LegendEntry {
	for _, e := range Legend() {
		if e.State == state {
			return e
		}
	}
	return LegendEntry{}
}

// GraphLive is the live part of the graph's JSON export.
type GraphLive struct {
	Counts                LiveCounts    `json:"counts"`
	Ready                 []string      `json:"ready"`
	RemainingCriticalPath []string      `json:"remaining_critical_path"`
	Legend                []LegendEntry `json:"legend"`
}

// dotLegend is a node of the DOT legend: one live state.
type dotLegend struct {
	key int64
	e   LegendEntry
}

func (l *dotLegend) ID() int64     { return l.key }
func (l *dotLegend) DOTID() string { return dotQuote("legend " + l.e.State) }

func (l *dotLegend) Attributes() []encoding.Attribute {
	style := "rounded,filled"
	if l.e.Dashed {
		style += ",dashed"
	}
	return at("label", dotQuote(l.e.Label), "style", dotQuote(style), "fillcolor", dotQuote(l.e.Fill), "color", dotQuote(l.e.Stroke), "fontsize", "10")
}

// dotLegendRef names a legend node inside its cluster, without attributes.
type dotLegendRef struct{ l *dotLegend }

func (r dotLegendRef) ID() int64     { return r.l.key }
func (r dotLegendRef) DOTID() string { return r.l.DOTID() }

// dotLegendCluster is the legend: a cluster of one node per live state.
type dotLegendCluster struct{ nodes []*dotLegend }

func (c *dotLegendCluster) DOTID() string { return dotQuote("cluster_legend") }

func (c *dotLegendCluster) DOTAttributers() (gr, node, edge encoding.Attributer) {
	return at("label", dotQuote("Live state"), "labeljust", "l", "fontsize", "11", "style", `"rounded,dashed"`, "color", `"#b0b0b0"`), attrs{}, attrs{}
}

func (c *dotLegendCluster) Node(id int64) graph.Node {
	for _, n := range c.nodes {
		if n.key == id {
			return dotLegendRef{n}
		}
	}
	return nil
}

func (c *dotLegendCluster) Nodes() graph.Nodes {
	ns := make([]graph.Node, len(c.nodes))
	for i, n := range c.nodes {
		ns[i] = dotLegendRef{n}
	}
	return iterator.NewOrderedNodes(ns)
}

func (c *dotLegendCluster) From(int64) graph.Nodes           { return graph.Empty }
func (c *dotLegendCluster) To(int64) graph.Nodes             { return graph.Empty }
func (c *dotLegendCluster) Edge(int64, int64) graph.Edge     { return nil }
func (c *dotLegendCluster) HasEdgeFromTo(int64, int64) bool  { return false }
func (c *dotLegendCluster) HasEdgeBetween(int64, int64) bool { return false }

var (
	_ dot.Graph           = (*dotLegendCluster)(nil)
	_ dot.Attributers     = (*dotLegendCluster)(nil)
	_ dot.Node            = (*dotLegend)(nil)
	_ dot.Node            = dotLegendRef{}
	_ encoding.Attributer = (*dotLegend)(nil)
)
