package review

import (
	"bytes"
	"encoding/json"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/planner"
)

// GraphDoc is the JSON export of a compiled plan's graph.
type GraphDoc struct {
	Plan         string         `json:"plan"`
	Title        string         `json:"title"`
	Phases       []Phase        `json:"phases"`
	Nodes        []GraphNode    `json:"nodes"`
	Edges        []GraphEdge    `json:"edges"`
	Waves        [][]string     `json:"waves"`
	CriticalPath []string       `json:"critical_path"`
	Skipped      []GraphSkipped `json:"skipped"`
	// Live is set for a graph drawn with its live states.
	Live *GraphLive `json:"live,omitempty"`
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
	// Live is the sprint's live state, in a live graph; Bead and Branch
	// are then the database's.
	Live string `json:"live,omitempty"`
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
// nodes, and listed first wave first. critical_path is always the plan's;
// a live export gives the remaining one under live.
func NewGraphDoc(g *planner.Graph, o Options) GraphDoc {
	live := o.Live
	if live != nil && len(live.Sprints) != len(g.Nodes) {
		live = nil
	}
	o.Critical, o.ShowSkipped, o.Live = true, false, nil
	v := newView(g, o)
	d := GraphDoc{
		Plan:         g.Plan.File,
		Title:        g.Plan.Title,
		Phases:       []Phase{},
		Nodes:        make([]GraphNode, 0, len(g.Nodes)),
		Edges:        make([]GraphEdge, 0, len(v.edges)),
		Waves:        make([][]string, len(g.Waves)),
		CriticalPath: ids(g.CriticalPath),
		Skipped:      []GraphSkipped{},
	}
	for _, c := range v.phases {
		p := Phase{ID: c.phase.ID, Title: c.phase.Title, Sprints: make([]string, len(c.nodes))}
		for i, n := range c.nodes {
			p.Sprints[i] = n.sprint.ID
		}
		d.Phases = append(d.Phases, p)
	}
	for _, n := range v.nodes {
		s := n.sprint
		typ := emit.TypeWork
		if n.isMerge() {
			typ = emit.TypeMerge
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
		if live != nil {
			ls := live.Sprints[n.node.Order]
			gn.Live, gn.Bead, gn.Branch = ls.State, ls.Bead, ls.Branch
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
	if live != nil {
		d.Live = &GraphLive{Counts: live.Counts, Ready: live.Ready, RemainingCriticalPath: live.RemainingCriticalPath, Legend: Legend()}
	}
	return d
}

// GraphJSON renders the graph as indented JSON, for other tools.
func GraphJSON(g *planner.Graph, o Options) ([]byte, error) {
	return indentJSON(NewGraphDoc(g, o))
}

// indentJSON encodes v as the views print JSON: two-space indents, no HTML
// escaping, a final newline.
func indentJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
