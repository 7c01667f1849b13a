package review

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beads-architect/architect/planner"
)

// Mermaid renders the graph as a Mermaid flowchart that GitHub draws in a
// PR or an issue: left to right, one subgraph per phase, merge beads as
// hexagons, closed sprints filled, explicit Depends on edges dotted, and, as
// asked, the critical path in red and skipped sprints greyed. A live graph
// (Options.Live) fills each sprint by its live state instead, and adds a
// legend subgraph.
func Mermaid(g *planner.Graph, o Options) []byte {
	v := newView(g, o)
	var b bytes.Buffer
	b.Grow(64 + 80*len(v.nodes) + 24*len(v.edges))
	if t := g.Plan.Title; t != "" {
		// A JSON string is a YAML double-quoted scalar.
		b.WriteString("---\ntitle: ")
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(mermaidClean(t)) // a string always encodes
		b.WriteString("---\n")
	}
	mermaidNodes(&b, v)
	critical := mermaidEdges(&b, v)
	mermaidClasses(&b, v)
	if len(critical) > 0 {
		b.WriteString("  linkStyle ")
		for i, l := range critical {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(l))
		}
		b.WriteString(" stroke:#d62728,stroke-width:3px\n")
	}
	return b.Bytes()
}

// mermaidNodes writes the flowchart's phases as subgraphs of their
// sprints, and the live legend.
func mermaidNodes(b *bytes.Buffer, v *view) {
	b.WriteString("flowchart LR\n")
	for _, c := range v.phases {
		label := phaseLabel(c.phase)
		if c.skipped {
			label += " (skipped)"
		}
		b.WriteString("  subgraph ")
		b.WriteString(mermaidPhaseID(c.phase.ID))
		b.WriteString(`["`)
		b.WriteString(mermaidText(label))
		b.WriteString("\"]\n")
		for _, n := range c.nodes {
			b.WriteString("    ")
			b.WriteString(mermaidID(n.sprint.ID))
			open, close := `["`, `"]`
			if n.isMerge() {
				open, close = `{{"`, `"}}`
			}
			b.WriteString(open)
			b.WriteString(mermaidText(n.sprint.ID))
			b.WriteString("<br/>")
			b.WriteString(mermaidText(n.sprint.Title))
			for _, l := range n.gateLines() {
				b.WriteString("<br/>")
				b.WriteString(mermaidText(l))
			}
			if n.skipped() {
				b.WriteString("<br/>(skipped)")
			}
			b.WriteString(close)
			b.WriteByte('\n')
		}
		b.WriteString("  end\n")
	}
	if v.live != nil {
		b.WriteString("  subgraph live_legend[\"Live state\"]\n")
		for _, e := range Legend() {
			b.WriteString("    live_" + e.State + `["` + e.Label + "\"]\n")
		}
		b.WriteString("  end\n")
	}

}

// mermaidEdges writes the dependencies and the invisible links that keep
// unconnected sprints in order, and returns the link numbers on the
// critical path.
func mermaidEdges(b *bytes.Buffer, v *view) []int {
	var critical []int
	link := 0
	for _, e := range v.edges {
		b.WriteString("  ")
		b.WriteString(mermaidID(e.from.sprint.ID))
		if e.explicit {
			b.WriteString(" -. depends on .-> ")
		} else {
			b.WriteString(" --> ")
		}
		b.WriteString(mermaidID(e.to.sprint.ID))
		b.WriteByte('\n')
		if e.critical {
			critical = append(critical, link)
		}
		link++
	}
	for _, n := range v.nodes {
		if n.anchor == nil {
			continue
		}
		from, to := n.anchor, n
		if n.anchorBefore {
			from, to = to, from
		}
		b.WriteString("  ")
		b.WriteString(mermaidID(from.sprint.ID))
		b.WriteString(" ~~~ ")
		b.WriteString(mermaidID(to.sprint.ID))
		b.WriteByte('\n')
		link++
	}

	return critical
}

// mermaidClasses styles the nodes: merges, closed, each live state,
// the critical path and skipped sprints.
func mermaidClasses(b *bytes.Buffer, v *view) {
	var merge, closed, crit, skipped []string
	byState := map[string][]string{}
	for _, n := range v.nodes {
		id := mermaidID(n.sprint.ID)
		switch {
		case n.skipped():
			skipped = append(skipped, id)
			continue
		case v.live != nil:
			byState[v.state(n)] = append(byState[v.state(n)], id)
		case n.isClosed():
			closed = append(closed, id)
		case n.isMerge():
			merge = append(merge, id)
		}
		if v.critical[n] {
			crit = append(crit, id)
		}
	}
	type class struct {
		name, style string
		ids         []string
	}
	classes := []class{
		{"merge", "fill:#fff3cd,stroke:#b08800", merge},
		{"closed", "fill:#d4edda,stroke:#2e7d32", closed},
	}
	if v.live != nil {
		// One class per live state, the legend's node among them.
		classes = classes[:0]
		for _, e := range Legend() {
			style := "fill:" + e.Fill + ",stroke:" + e.Stroke
			if e.Dashed {
				style += ",stroke-dasharray:4 3"
			}
			classes = append(classes, class{e.State, style, append(byState[e.State], "live_"+e.State)})
		}
	}
	classes = append(classes,
		class{"critical", "stroke:#d62728,stroke-width:3px", crit},
		class{"skipped", "fill:#f4f4f4,stroke:#9a9a9a,color:#9a9a9a,stroke-dasharray:4 3", skipped})
	for _, c := range classes {
		if len(c.ids) == 0 {
			continue
		}
		b.WriteString("  classDef " + c.name + " " + c.style + "\n")
		b.WriteString("  class " + strings.Join(c.ids, ",") + " " + c.name + "\n")
	}
}

// mermaidID turns a sprint id (1.2a, 3ab.1) into a node id: "s" then the id
// with its one dot as "_". Sprint ids are digits, letters and one dot, so
// the mapping is one to one and never a Mermaid keyword.
func mermaidID(sprintID string) string { return "s" + strings.ReplaceAll(sprintID, ".", "_") }

// mermaidPhaseID is a subgraph id: "p" then the phase id.
func mermaidPhaseID(phaseID string) string { return "p" + phaseID }

// mermaidClean makes text one line of valid UTF-8.
func mermaidClean(s string) string {
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// mermaidText escapes text for a quoted Mermaid label. Mermaid ends the
// label at '"', reads '#...;' as an entity code, renders HTML and, between
// backticks, Markdown; so these characters become entity codes, which
// Mermaid turns back into the characters themselves.
func mermaidText(s string) string {
	s = mermaidClean(s)
	if !strings.ContainsAny(s, "\"#<>&`") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("#quot;")
		case '#':
			b.WriteString("#35;")
		case '<':
			b.WriteString("#lt;")
		case '>':
			b.WriteString("#gt;")
		case '&':
			b.WriteString("#amp;")
		case '`':
			b.WriteString("#96;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
