package main

import (
	"fmt"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// The in-progress rule. A sprint the plan calls in progress keeps that
// status in its bead (the author says someone works on it), but bd ready
// never releases an in_progress bead: when nobody holds it, it and every
// sprint after it wait forever. compile, apply and status therefore say,
// at the sprint's heading, which sprints wait on it and the commands that
// release it.

// stallKind says how an in_progress bead comes to stall a plan.
type stallKind int

const (
	notStalled stallKind = iota
	// stallNew: the bead will be created in_progress (compile, or apply
	// of a bead the database does not have yet).
	stallNew
	// stallUnheld: the database has it in_progress and nobody holds it.
	stallUnheld
)

// stallDiags returns one warning for each bead that kind says stalls,
// at its sprint's heading. kind also gives the bead's id in the database.
func stallDiags(c *compiled, kind func(b *emit.Bead) (stallKind, string)) parser.Diagnostics {
	if c.graph == nil || len(c.beads) < len(c.graph.Nodes) {
		return nil
	}
	var out parser.Diagnostics
	for _, n := range c.graph.Nodes {
		k, id := kind(&c.beads[n.Order])
		if k == notStalled {
			continue
		}
		s := n.Sprint
		var what string
		if k == stallNew {
			what = fmt.Sprintf("sprint %s is in progress: its bead %s is created in_progress, which bd ready never releases, so, unless someone holds it in bd,", s.ID, id)
		} else {
			what = fmt.Sprintf("sprint %s is in_progress in bd and nobody holds its bead %s (no claim, assignee %s): bd ready never releases it, so", s.ID, id, emit.ScrumMaster)
		}
		waits := waitingOn(c.graph, n)
		var wait string
		switch len(waits) {
		case 0:
			wait = " it never runs"
		default:
			ids := waits[:min(len(waits), 5)]
			more := ""
			if len(waits) > 5 {
				more = ", ..."
			}
			verb := "wait"
			if len(waits) == 1 {
				verb = "waits"
			}
			wait = fmt.Sprintf(" %s %s on it (%s%s)", emit.Plural(len(waits), "sprint", "sprints"), verb, strings.Join(ids, ", "), more)
		}
		out = append(out, parser.Diagnostic{File: c.plan.File, Pos: s.Heading.Pos, Severity: parser.Warning,
			Msg: fmt.Sprintf("%s%s; release it: bd close %s when its work is done, or bd update %s --status open to hand it to the agents", what, wait, id, id)})
	}
	return out
}

// waitingOn returns the sprints that wait on n, directly or through
// others, in execution order, leaving out those the plan calls done.
func waitingOn(g *planner.Graph, n *planner.Node) []string {
	waits := make([]bool, len(g.Nodes))
	waits[n.Order] = true
	var out []string
	// Nodes are in execution order: a node waits when one of its
	// dependencies does.
	for _, m := range g.Nodes {
		if m == n {
			continue
		}
		for _, d := range m.Deps {
			if waits[d.Order] {
				waits[m.Order] = true
				break
			}
		}
		if waits[m.Order] && m.Sprint.Status.Value != parser.StatusClosed {
			out = append(out, m.ID())
		}
	}
	return out
}

// compileStalls: every bead compile writes in_progress.
func compileStalls(c *compiled) parser.Diagnostics {
	return stallDiags(c, func(b *emit.Bead) (stallKind, string) {
		if b.Status == parser.StatusInProgress {
			return stallNew, b.ID
		}
		return notStalled, ""
	})
}

// databaseStalls: the beads the database has in_progress that nobody
// holds, and, when creating is set (apply), the plan's in_progress beads
// the database does not have yet. ids maps a sprint id to the id its bead
// has in the database, keyed by the id as written (apply's sync.IDs),
// when known.
func databaseStalls(c *compiled, issues []bdsync.Issue, creating bool, ids map[string]string) parser.Diagnostics {
	byID := bdsync.Index(issues)
	return stallDiags(c, func(b *emit.Bead) (stallKind, string) {
		id := b.ID
		if x := ids[b.Metadata.PlanSprintID]; x != "" {
			id = x
		}
		is, ok := byID[id]
		switch {
		case !ok && creating && b.Status == parser.StatusInProgress:
			return stallNew, id
		case ok && is.Status == parser.StatusInProgress && !is.Held():
			return stallUnheld, id
		}
		return notStalled, ""
	})
}
