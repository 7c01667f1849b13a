package review

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/planner"
)

// PreviewGate is a gate of the plan: a wait that holds sprints out of bd
// ready until it is resolved.
type PreviewGate struct {
	Bead string `json:"bead"`
	// Type is bd's await type: human, timer, gh:pr or gh:run.
	Type    string `json:"type"`
	AwaitID string `json:"await_id,omitempty"`
	// Timeout is a timer's duration, as written by Go ("2h0m0s").
	Timeout string `json:"timeout,omitempty"`
	Title   string `json:"title"`
	// For says what the plan puts it on ("sprint 1.2", "phase 2"), and
	// Holds the sprints it holds.
	For   string   `json:"for"`
	Holds []string `json:"holds"`
}

// PreviewEpic is a phase's epic (compile --epics): the waves `bd swarm
// validate` reports for it, which count only the dependencies between
// the phase's own sprints, and what bd will warn of.
type PreviewEpic struct {
	Phase    string     `json:"phase"`
	Bead     string     `json:"bead"`
	Title    string     `json:"title"`
	Waves    [][]string `json:"waves"`
	Warnings []string   `json:"warnings"`
}

// gatesAndEpics fills p.Gates and p.Epics from the beads.
func (p *Preview) gatesAndEpics(g *planner.Graph, beads []emit.Bead) {
	p.Gates = []PreviewGate{}
	if len(beads) < len(g.Nodes) {
		return
	}
	holds := map[string][]string{}
	for _, n := range g.Nodes {
		for _, d := range beads[n.Order].Dependencies {
			holds[d] = append(holds[d], n.ID())
		}
	}
	for _, b := range beads[len(g.Nodes):] {
		switch {
		case b.IsGate():
			pg := PreviewGate{Bead: b.ID, Type: b.AwaitType, AwaitID: b.AwaitID, Title: b.Title, For: b.Metadata.GateFor, Holds: holds[b.ID]}
			if b.Timeout > 0 {
				pg.Timeout = time.Duration(b.Timeout).String()
			}
			p.Gates = append(p.Gates, pg)
		case b.IsEpic():
			p.Epics = append(p.Epics, swarmOf(g, beads, b))
		}
	}
}

// swarmOf works out what `bd swarm validate` reports for epic ep (bd
// v1.3.0, cmd/bd/swarm.go): ready fronts over the dependencies between the
// epic's children only, closed children left out and counted as done;
// a warning for each dependency on a bead outside the epic, and for a
// child titled like a foundation with no dependents or like an
// integration with no dependencies inside the epic.
func swarmOf(g *planner.Graph, beads []emit.Bead, ep emit.Bead) PreviewEpic {
	pe := PreviewEpic{Phase: ep.Metadata.Phase, Bead: ep.ID, Title: ep.Title, Waves: [][]string{}, Warnings: []string{}}
	child := map[string]*planner.Node{}
	sprintOf := map[string]string{} // bead id -> sprint id
	for _, n := range g.Nodes {
		sprintOf[beads[n.Order].ID] = n.ID()
		if beads[n.Order].Parent == ep.ID {
			child[beads[n.Order].ID] = n
		}
	}
	indeg := map[string]int{}
	dependents := map[string][]string{}
	var ids []string
	for id, n := range child {
		ids = append(ids, id)
		b := &beads[n.Order]
		for _, d := range b.Dependencies {
			if c, ok := child[d]; ok {
				dependents[d] = append(dependents[d], id)
				if beads[c.Order].Status != "closed" {
					indeg[id]++
				}
			} else {
				what := "gate " + d
				if s, ok := sprintOf[d]; ok {
					what = "sprint " + s
				}
				pe.Warnings = append(pe.Warnings, fmt.Sprintf("%s depends on %s, outside the epic: bd's waves of the epic leave it out", n.ID(), what))
			}
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		n := child[id]
		t := strings.ToLower(beads[n.Order].Title)
		if len(dependents[id]) == 0 && containsAny(t, "foundation", "setup", "base", "core") {
			pe.Warnings = append(pe.Warnings, fmt.Sprintf("%s (%s) has no dependents in the epic: bd asks whether other issues should depend on it", n.ID(), beads[n.Order].Title))
		}
		if indegAll(beads, child, n) == 0 && containsAny(t, "integration", "final", "test") {
			pe.Warnings = append(pe.Warnings, fmt.Sprintf("%s (%s) has no dependencies in the epic: bd asks whether it should depend on implementation", n.ID(), beads[n.Order].Title))
		}
	}
	sort.Strings(pe.Warnings)
	done := map[string]bool{}
	for id, n := range child {
		if beads[n.Order].Status == "closed" {
			done[id] = true
		}
	}
	for {
		var front []string
		for _, id := range ids {
			if !done[id] && indeg[id] == 0 {
				front = append(front, id)
			}
		}
		if len(front) == 0 {
			break
		}
		var wave []string
		for _, id := range front {
			done[id] = true
			wave = append(wave, child[id].ID())
			for _, d := range dependents[id] {
				indeg[d]--
			}
		}
		sort.Strings(wave)
		pe.Waves = append(pe.Waves, wave)
	}
	return pe
}

// indegAll counts n's dependencies inside the epic, closed or not.
func indegAll(beads []emit.Bead, child map[string]*planner.Node, n *planner.Node) int {
	k := 0
	for _, d := range beads[n.Order].Dependencies {
		if _, ok := child[d]; ok {
			k++
		}
	}
	return k
}

func containsAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// writeGates lists the gates and what resolves each.
func (p Preview) writeGates(b *strings.Builder, st emit.Style, section func(string)) {
	section(fmt.Sprintf("Gates (%d): each holds its sprints out of bd ready until it is resolved", len(p.Gates)))
	var rows []tableRow
	for _, g := range p.Gates {
		what := g.Type
		switch g.Type {
		case "timer":
			d, _ := time.ParseDuration(g.Timeout)
			what = "timer " + emit.ShortDuration(d)
		case "gh:pr":
			what = "pr #" + g.AwaitID
		case "gh:run":
			what = "run " + g.AwaitID
		}
		rows = append(rows, tableRow{cell{strings.Join(g.Holds, " "), st.Cyan(strings.Join(g.Holds, " "))}, what + ": " + strings.TrimPrefix(g.Title, "Gate: "),
			st.Dim("bd gate resolve " + g.Bead)})
	}
	writeTable(b, rows)
}

// writeEpics shows each phase epic as bd swarm validate will.
func (p Preview) writeEpics(b *strings.Builder, st emit.Style, section func(string)) {
	section(fmt.Sprintf("Epics (%d): bd swarm validate EPIC reports these waves", len(p.Epics)))
	for _, e := range p.Epics {
		var waves []string
		for _, w := range e.Waves {
			waves = append(waves, strings.Join(w, " "))
		}
		fmt.Fprintf(b, "  %s %s  %s\n", st.Cyan(e.Phase), e.Title, st.Dim(e.Bead))
		fmt.Fprintf(b, "    waves: %s\n", strings.Join(waves, " | "))
		for _, w := range e.Warnings {
			fmt.Fprintf(b, "    %s %s\n", st.Yellow("bd will warn:"), w)
		}
	}
}
