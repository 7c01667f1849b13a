package bdsync

import (
	"fmt"
	"io"
	"strings"

	"github.com/beads-architect/architect/emit"
)

// WriteText renders the sync plan for people, in the manner of terraform
// plan: + create, ~ update, ! orphan left alone, - orphan closed.
func (p *SyncPlan) WriteText(w io.Writer, st emit.Style) error {
	var b strings.Builder
	idW, spW := 0, 0
	for _, list := range [][]Change{p.Create, p.Update, p.Orphans, p.GoneGates} {
		for _, c := range list {
			idW, spW = max(idW, len(c.ID)), max(spW, len(c.Sprint))
		}
	}
	line := func(mark string, c Change, note string) {
		fmt.Fprintf(&b, "  %s %-*s  %-*s  %s", mark, idW, c.ID, spW, c.Sprint, c.Title)
		if note != "" {
			fmt.Fprintf(&b, "  %s", st.Dim(note))
		}
		b.WriteByte('\n')
	}
	for _, c := range p.Create {
		line(st.Green("+"), c, "")
	}
	for _, c := range p.Update {
		line(st.Yellow("~"), c, "")
		for _, f := range c.Fields {
			switch {
			case f.Field == "labels" || f.Field == "dependencies" || f.Field == "parent":
				fmt.Fprintf(&b, "      %s: %s\n", f.Field, f.New)
			case f.Old != "" && f.New != "":
				fmt.Fprintf(&b, "      %s: %s -> %s\n", f.Field, f.Old, f.New)
			default:
				fmt.Fprintf(&b, "      %s\n", f.Field)
			}
		}
	}
	for _, c := range p.Orphans {
		// Only an epic's bead names no sprint.
		what := "sprint"
		if c.Sprint == "" {
			what = "epic"
		}
		if p.Prune {
			line(st.Red("-"), c, "orphan: its "+what+" is gone from the plan; closing it")
		} else {
			line(st.Red("!"), c, "orphan: its "+what+" is gone from the plan; --prune closes it")
		}
	}
	for _, c := range p.GoneGates {
		line(st.Red("-"), c, "its gate is gone from the plan; closing it")
	}
	if len(p.Create)+len(p.Update)+len(p.Orphans)+len(p.GoneGates) > 0 {
		b.WriteByte('\n')
	}
	for _, f := range p.MovedFrom {
		fmt.Fprintf(&b, "Moved from %s, which is gone: its beads follow the plan.\n", f)
	}
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "Note: %s.\n", n)
	}
	closes, reopens := 0, 0
	for _, c := range p.Update {
		if c.Closes {
			closes++
		}
		if c.Reopens {
			reopens++
		}
	}
	if p.Empty() && len(p.Orphans) == 0 {
		fmt.Fprintf(&b, "No changes: %d beads match %s.\n", len(p.Unchanged), p.PlanFile)
	} else {
		fmt.Fprintf(&b, "Plan: %d to create, %d to update, %d unchanged", len(p.Create), len(p.Update), len(p.Unchanged))
		if closes > 0 {
			fmt.Fprintf(&b, ", %d closed by the plan", closes)
		}
		if reopens > 0 {
			fmt.Fprintf(&b, ", %d reopened (back in the plan)", reopens)
		}
		if len(p.GoneGates) > 0 {
			fmt.Fprintf(&b, ", %s to close", emit.Plural(len(p.GoneGates), "gate", "gates"))
		}
		switch {
		case len(p.Orphans) > 0 && p.Prune:
			fmt.Fprintf(&b, ", %s to close", emit.Plural(len(p.Orphans), "orphan", "orphans"))
		case len(p.Orphans) > 0:
			fmt.Fprintf(&b, ", %s left open", emit.Plural(len(p.Orphans), "orphan", "orphans"))
		}
		b.WriteString(".\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
