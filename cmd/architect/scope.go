package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/runner"
	"github.com/spf13/cobra"
)

type scopeOptions struct {
	planFlags
	plan, sprint string
	base, head   string
	json         bool
}

// worktreeHead is the --head value that names the working tree.
const worktreeHead = "."

func newCmdScope(stdio streams, getenv env) *cobra.Command {
	opts := &scopeOptions{}
	c := &cobra.Command{
		Use:   "scope PLAN SPRINT",
		Short: "Check a sprint's branch against its pins",
		Long: `List the files a sprint's branch changed since it left its base, and check
them against the sprint's pins (Allowed Paths, Forbidden Paths, Files).

Prints each changed file that is forbidden or outside the allowed paths, and
each target file left untouched. --json prints an IO Schemas verdict: DONE,
RETRY (target files untouched) or REJECT (changes outside the pins).

The base defaults to the sprint's source branch; the head to the sprint's
branch when it exists, else HEAD. --head . checks the working tree,
untracked files included.

Exit status: 0 when the changes are inside the pins and every target file
changed, 1 when not (or a branch is missing), 2 on a bad call.`,
		Example: `  architect scope plans/x.md 1.2a
  architect scope plans/x.md 1.2a --base main --head . --json`,
		Args: args(cobra.ExactArgs(2)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan, opts.sprint = a[0], a[1]
			return runScope(opts, stdio, getenv)
		},
	}
	fl := c.Flags()
	fl.StringVar(&opts.base, "base", "", "`REF` the sprint's work started from (default: its source branch)")
	fl.StringVar(&opts.head, "head", "", "`REF` holding the work, or . for the working tree (default: the sprint's branch, else HEAD)")
	fl.BoolVar(&opts.json, "json", false, "print the verdict as JSON")
	addPlanFlags(c, &opts.planFlags)
	return c
}

func runScope(opts *scopeOptions, stdio streams, getenv env) error {
	c, err := compilePlan(opts.plan, opts.planFlags, stdio.in, getenv)
	if err != nil {
		return err
	}
	if c.failed() {
		return c.diags
	}
	n := c.graph.Node(opts.sprint)
	if n == nil {
		return usagef("%s has no sprint %s", opts.plan, opts.sprint)
	}
	bead := c.beads[n.Order]
	root := c.repo.root
	base := opts.base
	if base == "" {
		base = bead.Metadata.SourceBranch
	}
	head := opts.head
	if head == "" {
		head = "HEAD"
		if _, err := gitOut(root, "rev-parse", "--verify", "--quiet", "refs/heads/"+bead.Metadata.Branch); err == nil {
			head = bead.Metadata.Branch
		}
	}
	for _, ref := range []string{base, head} {
		if ref == worktreeHead {
			continue
		}
		if _, err := gitOut(root, "rev-parse", "--verify", "--quiet", ref+"^{commit}"); err != nil {
			fmt.Fprintf(stdio.err, "architect: %s: no branch or commit %q in %s\n", opts.sprint, ref, root)
			return &silentError{code: exitData}
		}
	}
	tip := head
	if head == worktreeHead {
		tip = "HEAD"
	}
	mb, err := gitOut(root, "merge-base", base, tip)
	if err != nil {
		fmt.Fprintf(stdio.err, "architect: %s and %s share no history: %v\n", base, tip, err)
		return &silentError{code: exitData}
	}
	changes, err := changedFiles(root, strings.TrimSpace(mb), head)
	if err != nil {
		return err
	}
	pins := c.settings.Pins(n.Sprint)
	r := runner.CheckScope(pins, changes)
	shownHead := head
	if head == worktreeHead {
		shownHead = "the working tree"
	}
	v := runner.NewVerdict(runner.TaskID(bead.Metadata.PlanFile, n.ID()), n.ID(), base, shownHead, r)
	if opts.json {
		if err := runner.CheckVerdict(v); err != nil {
			return fmt.Errorf("internal error: %v", err)
		}
		data, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdio.out, "%s\n", data)
	} else {
		writeScope(stdio, n.ID(), base, shownHead, pins.Allowed, r, v)
	}
	if v.Verdict != "DONE" {
		return &silentError{code: exitData}
	}
	return nil
}

func writeScope(stdio streams, sprint, base, head string, allowed []string, r runner.ScopeReport, v runner.Verdict) {
	fmt.Fprintf(stdio.out, "Sprint %s: %s from %s to %s\n", sprint, emit.Plural(len(r.Changed), "changed file", "changed files"), base, head)
	for _, p := range slices.Sorted(maps.Keys(r.Forbidden)) {
		fmt.Fprintf(stdio.out, "  forbidden  %s  (%s)\n", p, r.Forbidden[p])
	}
	for _, p := range r.Outside {
		fmt.Fprintf(stdio.out, "  outside    %s  (allowed: %s)\n", p, strings.Join(allowed, ", "))
	}
	for _, p := range r.Untouched {
		fmt.Fprintf(stdio.out, "  untouched  %s  (a target file)\n", p)
	}
	fmt.Fprintf(stdio.out, "%s: %s\n", v.Verdict, v.Reason)
}

// changedFiles lists what changed from base to head (a commit, or the
// working tree with untracked files), renames as one change with both paths.
func changedFiles(root, base, head string) ([]runner.Change, error) {
	args := []string{"-c", "core.quotepath=off", "diff", "--name-status", "-z", "-M", base}
	if head != worktreeHead {
		args = append(args, head)
	}
	out, err := gitOut(root, args...)
	if err != nil {
		return nil, fmt.Errorf("git diff: %v", err)
	}
	var changes []runner.Change
	f := strings.Split(strings.TrimSuffix(out, "\x00"), "\x00")
	for i := 0; i < len(f) && f[i] != ""; {
		st := f[i]
		switch st[0] {
		case 'R', 'C':
			if i+2 >= len(f) {
				return nil, fmt.Errorf("git diff: short rename record")
			}
			changes = append(changes, runner.Change{Status: st[:1], From: f[i+1], Path: f[i+2]})
			i += 3
		default:
			if i+1 >= len(f) {
				return nil, fmt.Errorf("git diff: short record")
			}
			changes = append(changes, runner.Change{Status: st[:1], Path: f[i+1]})
			i += 2
		}
	}
	if head == worktreeHead {
		out, err := gitOut(root, "ls-files", "--others", "--exclude-standard", "-z")
		if err != nil {
			return nil, fmt.Errorf("git ls-files: %v", err)
		}
		for _, p := range strings.Split(strings.TrimSuffix(out, "\x00"), "\x00") {
			if p != "" {
				changes = append(changes, runner.Change{Status: "?", Path: p})
			}
		}
	}
	return changes, nil
}
