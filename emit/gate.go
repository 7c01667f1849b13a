package emit

import (
	"fmt"
	"strings"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// TypeGate is bd's gate: an issue that blocks the beads that depend on it
// until `bd gate resolve` closes it, or its condition does (a timer runs
// out, a pull request merges, a workflow run ends). `bd ready` never lists
// a gate.
const TypeGate = "gate"

// IsGate reports whether b is a gate (see TypeGate).
func (b *Bead) IsGate() bool { return b.IssueType == TypeGate }

// IsWork reports whether b is a unit's bead: no epic and no gate.
func (b *Bead) IsWork() bool { return !b.IsEpic() && !b.IsGate() }

// gates appends one gate bead per gate the plan states, after beads (one
// bead per sprint by planner.Node.Order, then the epics), and makes each
// bead the gate holds depend on it. A unit's gate holds the unit; a
// phase's holds the phase's first units, those that wait on no other unit
// of the phase. A gate of a unit that is closed, or of a phase whose first
// units all are, is not written: it would hold nothing.
func (e *emitter) gates(beads []Bead) []Bead {
	type held struct {
		gate  parser.Gate
		of    string // "sprint 1.2", "phase 2"
		key   string // the gate's identity in the plan: of and the gate's key
		phase *parser.Phase
		// onPhase is set for a phase's gate, which holds its first units.
		onPhase bool
		nodes   []*planner.Node
	}
	var all []held
	byPhase := map[*parser.Phase][]*planner.Node{}
	for _, n := range e.g.Nodes {
		byPhase[n.Sprint.Phase] = append(byPhase[n.Sprint.Phase], n)
		if beads[n.Order].Status == "closed" {
			continue
		}
		for _, g := range n.Sprint.Gates {
			all = append(all, held{gate: g, of: "sprint " + n.ID(), key: n.Sprint.WrittenID + "-" + g.Key(), phase: n.Sprint.Phase, nodes: []*planner.Node{n}})
		}
	}
	for _, ph := range e.g.Plan.Phases {
		if len(ph.Gates) == 0 || ph.Skipped {
			continue
		}
		var first []*planner.Node
		for _, n := range byPhase[ph] {
			inside := false
			for _, d := range n.Deps {
				inside = inside || d.Sprint.Phase == ph
			}
			if !inside && beads[n.Order].Status != "closed" {
				first = append(first, n)
			}
		}
		if len(first) == 0 {
			continue
		}
		for _, g := range ph.Gates {
			all = append(all, held{gate: g, of: "phase " + ph.ID, key: "phase-" + ph.ID + "-" + g.Key(), phase: ph, onPhase: true, nodes: first})
		}
	}
	for _, h := range all {
		var id string
		for l := idLen; ; l++ {
			id = DeriveID(e.set.Prefix, e.o.PlanFile, "gate-"+h.key, l)
			if _, taken := e.used[id]; !taken {
				e.used[id] = nil
				break
			}
		}
		var ids []string
		priority := 4
		for _, n := range h.nodes {
			b := &beads[n.Order]
			b.Dependencies = append(b.Dependencies, id)
			ids = append(ids, n.ID())
			priority = min(priority, b.Priority)
		}
		g := h.gate
		section := planSection(h.nodes[0].Sprint)
		if h.onPhase {
			section = h.phase.Heading.Markdown()
		}
		var timeout int64
		if g.Type == parser.GateTimer {
			timeout = int64(g.Timeout)
		}
		beads = append(beads, Bead{
			Issue: Issue{ID: id, Title: GateTitle(g, h.of), Status: "open", Priority: priority, IssueType: TypeGate,
				Description: gateDescription(g, id, ids, e.o.PlanFile)},
			AwaitType:    g.Type,
			AwaitID:      g.Await,
			Timeout:      timeout,
			Dependencies: []string{},
			Labels:       []string{phaseTag(h.phase), "gate"},
			Comments:     []any{},
			CreatedAt:    e.now,
			UpdatedAt:    e.now,
			Metadata: Metadata{
				Rig:         e.set.Repo,
				Phase:       h.phase.ID,
				PlanFile:    e.o.PlanFile,
				PlanSection: section,
				GateFor:     h.of,
			},
		})
	}
	return beads
}

// GateTitle is the title of the gate g on of ("sprint 1.2", "phase 2").
func GateTitle(g parser.Gate, of string) string {
	if g.Reason != "" {
		return "Gate: " + g.Reason
	}
	switch g.Type {
	case parser.GateTimer:
		return fmt.Sprintf("Gate: %s before %s", ShortDuration(time.Duration(g.Timeout)), of)
	case parser.GatePR:
		return fmt.Sprintf("Gate: pull request #%s merged before %s", g.Await, of)
	case parser.GateRun:
		return fmt.Sprintf("Gate: workflow run %s done before %s", g.Await, of)
	}
	return "Gate: human approval before " + of
}

func gateDescription(g parser.Gate, id string, sprints []string, planFile string) string {
	var b strings.Builder
	noun := "sprint"
	if len(sprints) > 1 {
		noun = "sprints"
	}
	fmt.Fprintf(&b, "Holds %s %s of %s until ", noun, strings.Join(sprints, ", "), planFile)
	switch g.Type {
	case parser.GateTimer:
		fmt.Fprintf(&b, "%s after the gate is created, or bd gate resolve %s.", ShortDuration(g.Timeout), id)
	case parser.GatePR:
		fmt.Fprintf(&b, "pull request #%s merges (bd gate check), or bd gate resolve %s.", g.Await, id)
	case parser.GateRun:
		fmt.Fprintf(&b, "workflow run %s ends (bd gate check), or bd gate resolve %s.", g.Await, id)
	default:
		fmt.Fprintf(&b, "a person runs bd gate resolve %s.", id)
	}
	if g.Reason != "" {
		b.WriteString("\n\nReason: " + g.Reason)
	}
	return b.String()
}

// ShortDuration writes d as people do: 2h, 90m, 1d.
func ShortDuration(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}

// phaseEpic is the epic Options.Epics makes of a phase: its heading's
// title, open until every unit of the phase is closed. A plan without
// phase headings, and a phase that is itself the unit, has none.
func (e *emitter) phaseEpic(ph *parser.Phase) (*parser.Epic, bool) {
	if ph.Heading.Text == "" || len(ph.Sprints) == 0 {
		return nil, false
	}
	open := false
	units := 0
	for _, n := range e.g.Nodes {
		s := n.Sprint
		if s.Phase != ph {
			continue
		}
		if s.Heading.Start == ph.Heading.Start {
			return nil, false
		}
		units++
		open = open || s.Status.Value != "closed"
	}
	if units == 0 {
		return nil, false
	}
	title := ph.Title
	if title == "" {
		title = ph.Heading.Text
	} else {
		title = "Phase " + ph.ID + ": " + title
	}
	ep := &parser.Epic{Title: title, Heading: ph.Heading,
		Description: fmt.Sprintf("Phase %s of %s: %d units, each a child of this epic.", ph.ID, e.o.PlanFile, units)}
	if !open {
		ep.Status = parser.Field{Value: "closed", Pos: ph.Heading.Pos}
	}
	return ep, true
}

// ReadySpacing is the gap between the created_at stamps of beads next to
// each other in ready order (see stampReadyOrder): room for a later apply
// to place new beads between them.
const ReadySpacing = 10 * time.Second

// stampReadyOrder stamps each unit's bead with a created_at that puts it
// in the plan's ready order (planner.Graph.ReadyOrder): `bd ready` lists
// beads of one priority by created_at, then id, so without it beads made
// in one import come in the order of their hashed ids. The last unit gets
// Now less ReadySpacing, each before it ReadySpacing earlier; epics and
// gates keep Now, after every unit.
func (e *emitter) stampReadyOrder(beads []Bead) {
	order := e.g.ReadyOrder()
	if order == nil {
		return
	}
	now := e.o.Now.UTC().Truncate(time.Second)
	for r, n := range order {
		beads[n.Order].CreatedAt = now.Add(-time.Duration(len(order)-r) * ReadySpacing).Format(time.RFC3339)
	}
}
