package main

import (
	"fmt"
	"io"

	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
)

// applyBranchChecks refuses a sync whose beads would name a branch of
// another plan's bead in the same database (or a folder of one, or one
// under it), as errors at each sprint; and warns, at each in-progress
// sprint's heading, about the in_progress beads nobody will hold.
func applyBranchChecks(c *compiled, sync *bdsync.SyncPlan, stderr io.Writer) error {
	var errs parser.Diagnostics
	for _, cl := range sync.BranchClashes(c.beads) {
		pos := parser.Pos{}
		if n := c.graph.Node(cl.Sprint); n != nil {
			s := n.Sprint
			pos = s.Heading.Pos
			if s.Branch.Set() {
				pos = s.Branch.Pos
			}
		}
		errs = append(errs, parser.Diagnostic{File: c.plan.File, Pos: pos, Severity: parser.Error,
			Msg: fmt.Sprintf("branch %s of sprint %s is %s branch %s of sprint %s of %s (bead %s) in this beads database: git cannot give each plan's agents their own branch; nothing was applied. Give this plan's sprints branches of their own: a branch_template with {plan} (the default beads/{plan}/{id}-{slug} has it), or **Branch**:",
				cl.Branch, cl.Sprint, cl.Relation, cl.OtherBranch, cl.OtherSprint, cl.OtherPlan, cl.Other)})
	}
	if len(errs) > 0 {
		return errs
	}
	report(stderr, databaseStalls(c, sync.Database, true, sync.IDs))
	return nil
}
