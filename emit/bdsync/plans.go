package bdsync

import (
	"fmt"
	"sort"
	"strings"

	"github.com/beads-architect/architect/emit"
)

// PlanFiles answers what a sync asks about the other plan files that the
// database's beads name, by their paths as in metadata.plan_file.
type PlanFiles interface {
	// Exists reports whether the plan file is there.
	Exists(planFile string) bool
	// Names reports whether a sprint of the plan file that is not skipped
	// is annotated with the bead id.
	Names(planFile, id string) bool
}

// everyPlanStays is the PlanFiles of a sync that is told nothing: every
// plan file exists and names no bead.
type everyPlanStays struct{}

func (everyPlanStays) Exists(string) bool        { return true }
func (everyPlanStays) Names(string, string) bool { return false }

// A CopyError is a plan that names beads which another plan file, still
// there, names too: a copy of an annotated plan. A sync refuses it rather
// than move the beads away from the plan that still runs them.
type CopyError struct {
	PlanFile string
	Copies   []Copied
}

// Copied is the beads a plan shares with one original, in plan order.
type Copied struct {
	Original string
	IDs      []string
}

func (e *CopyError) Error() string {
	var b strings.Builder
	for i, c := range e.Copies {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Message(e.PlanFile))
	}
	return b.String()
}

// Message says what is wrong and what to do, for a plan at planFile.
func (c Copied) Message(planFile string) string {
	ids := c.IDs[0]
	if len(c.IDs) > 1 {
		ids += fmt.Sprintf(" and %d more", len(c.IDs)-1)
	}
	return fmt.Sprintf("%s names %s of %s (%s), and %s still names them: a copy of %s? apply moves no bead away from a plan that names it, and changes nothing. "+
		"For beads of its own, remove the copy's annotations (architect annotate --strip %s) and apply it; to move the plan, move or delete %s first (git mv %s %s)",
		planFile, emit.Plural(len(c.IDs), "bead", "beads"), c.Original, ids, c.Original, c.Original, planFile, c.Original, c.Original, planFile)
}

// owned finds the plan files whose beads are this plan's besides its own:
// the old paths of a moved plan. A bead the plan names whose plan file is
// gone moved with the plan, and so did the rest of that file's beads; a
// bead whose plan file still names it makes the plan a copy (*CopyError).
// A plan that names no bead there (it was never annotated) moved from a
// gone plan file when more than half of that file's beads have a sprint of
// this plan, with its title and description: the same sprints. When two
// gone files could be, neither is taken, and a note says so.
func owned(desired []emit.Bead, current []Issue, byID map[string]*Issue, o SyncOptions, plans PlanFiles) (old map[string]bool, notes []string, err error) {
	old = map[string]bool{}
	var copies []Copied
	at := map[string]int{}
	missing := false
	for _, b := range desired {
		cur, ok := byID[b.ID]
		if !ok {
			missing = true
			continue
		}
		f := cur.PlanFile()
		if f == "" || f == o.PlanFile || old[f] {
			continue
		}
		switch {
		case !plans.Exists(f):
			old[f] = true
		case plans.Names(f, b.ID):
			i, ok := at[f]
			if !ok {
				i = len(copies)
				at[f] = i
				copies = append(copies, Copied{Original: f})
			}
			copies[i].IDs = append(copies[i].IDs, b.ID)
		}
	}
	if len(copies) > 0 {
		return nil, nil, &CopyError{PlanFile: o.PlanFile, Copies: copies}
	}
	if !missing {
		return old, nil, nil
	}

	// A plan moved without annotations: find its gone file by content.
	sprint := make(map[string]*emit.Bead, len(desired))
	for i := range desired {
		sprint[desired[i].Metadata.PlanSprintID] = &desired[i]
	}
	total, same := map[string]int{}, map[string]int{}
	gone := map[string]bool{}
	for i := range current {
		is := &current[i]
		f := is.PlanFile()
		if f == "" || f == o.PlanFile || old[f] {
			continue
		}
		g, seen := gone[f]
		if !seen {
			g = !plans.Exists(f)
			gone[f] = g
		}
		if !g {
			continue
		}
		total[f]++
		if b := sprint[is.Sprint()]; b != nil && is.Title == b.Title && is.stringField("description") == b.Description {
			same[f]++
		}
	}
	var moved []string
	for f, n := range same {
		if 2*n > total[f] {
			moved = append(moved, f)
		}
	}
	sort.Strings(moved)
	switch len(moved) {
	case 0:
	case 1:
		old[moved[0]] = true
	default:
		notes = append(notes, fmt.Sprintf("the beads of %s, plan files that are gone, match this plan's sprints alike; "+
			"apply takes none of them over: name the beads to keep in the plan (architect annotate --map SPRINT=ID %s)", strings.Join(moved, " and "), o.PlanFile))
	}
	return old, notes, nil
}
