package bdsync

import (
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
	return p, nil
}

// Apply makes the writes p plans: the custom types, one bd import, then
// what import cannot do (remove dependencies and labels, close beads).
func (c *Client) Apply(p *SyncPlan) error {
	if len(p.AddTypes) > 0 {
		if err := c.configSet("types.custom", p.CustomTypes); err != nil {
			return err
		}
	}
	if len(p.Records) > 0 {
		if err := c.importJSONL(p.SyncJSONL()); err != nil {
			return err
		}
	}
	if len(p.RemoveDeps) > 0 {
		lines := make([]string, len(p.RemoveDeps))
		for i, d := range p.RemoveDeps {
			lines[i] = "dep remove " + d.IssueID + " " + d.DependsOnID
		}
		if err := c.batch(lines); err != nil {
			return err
		}
	}
	for _, l := range p.RemoveLabels {
		if err := c.removeLabel(l.Label, l.IDs); err != nil {
			return err
		}
	}
	if len(p.Close) > 0 {
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
