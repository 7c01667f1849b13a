package bdsync

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/beads-architect/architect/emit"
)

// Plan reads the database and plans the sync of a plan's beads into it:
// the issue types bd must allow, and what Diff finds. desired is the plan's
// compiled beads in execution order.
func (c *Client) Plan(desired []emit.Bead, o SyncOptions) (*SyncPlan, error) {
	custom, err := c.configGet("types.custom")
	if err != nil {
		return nil, err
	}
	types, added := addCustomTypes(custom, emit.TypeWork, emit.TypeMerge)
	current, err := c.export()
	if err != nil {
		return nil, err
	}
	p, err := Diff(desired, current, o)
	if err != nil {
		return nil, err
	}
	p.CustomTypes, p.AddTypes = types, added
	p.Database = current
	return p, nil
}

// Progress is how far Apply has come: Done of Total items of one step.
type Progress struct {
	Step        string // what is being written: "importing beads", "closing beads"
	Done, Total int
}

// Apply makes the writes p plans: the custom types, the imports of new and
// changed beads (see SyncPlan.Imports), then what import cannot do: remove
// dependencies and labels, reopen and close beads. progress, when not nil,
// hears before each step and after each import.
func (c *Client) Apply(p *SyncPlan, progress func(Progress)) error {
	report := func(step string, done, total int) {
		if progress != nil {
			progress(Progress{Step: step, Done: done, Total: total})
		}
	}
	if len(p.AddTypes) > 0 {
		if err := c.configSet("types.custom", p.CustomTypes); err != nil {
			return err
		}
	}
	done, total := 0, len(p.Records)
	for _, data := range p.Imports() {
		report("importing beads", done, total)
		if err := c.importJSONL(data); err != nil {
			if done > 0 {
				return fmt.Errorf("%w\n%d of %d beads were imported, each with its dependencies; apply again to import the rest", err, done, total)
			}
			return err
		}
		done += bytes.Count(data, []byte("\n"))
	}
	if total > 0 {
		report("importing beads", done, total)
	}
	if len(p.RemoveDeps) > 0 {
		report("removing dependencies", 0, len(p.RemoveDeps))
		lines := make([]string, len(p.RemoveDeps))
		for i, d := range p.RemoveDeps {
			lines[i] = "dep remove " + d.IssueID + " " + d.DependsOnID
		}
		if err := c.batch(lines); err != nil {
			return err
		}
	}
	for i, l := range p.RemoveLabels {
		report("removing labels", i, len(p.RemoveLabels))
		if err := c.removeLabel(l.Label, l.IDs); err != nil {
			return err
		}
	}
	if len(p.Reopen) > 0 {
		report("reopening beads", 0, len(p.Reopen))
		if err := c.reopen(p.Reopen, fmt.Sprintf("its sprint is back in %s (architect apply)", p.PlanFile)); err != nil {
			return err
		}
	}
	if len(p.Close) > 0 {
		report("closing beads", 0, len(p.Close))
		return c.close(p.Close)
	}
	return nil
}

// addCustomTypes adds want to bd's comma-separated types.custom, keeping
// every type already there. It returns the new value and the types added.
func addCustomTypes(current string, want ...string) (string, []string) {
	var have []string
	for _, t := range strings.Split(current, ",") {
		if t = strings.TrimSpace(t); t != "" {
			have = append(have, t)
		}
	}
	var added []string
	for _, w := range want {
		if !slices.Contains(have, w) {
			have = append(have, w)
			added = append(added, w)
		}
	}
	return strings.Join(have, ","), added
}
