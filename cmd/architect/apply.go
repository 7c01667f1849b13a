package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/spf13/cobra"
)

type applyOptions struct {
	plan         string
	bd           string
	dryRun       bool
	prune        bool
	noAnnotate   bool
	repo         string
	sourceBranch string
	verbose      bool
}

// applyEnv is what apply takes from the world outside the process; tests
// replace it.
type applyEnv struct {
	now func() time.Time
	// bd returns the runner for the bd binary at path, run in dir.
	bd func(path, dir string) bdRunner
}

func defaultApplyEnv() applyEnv {
	return applyEnv{
		now: time.Now,
		bd:  func(path, dir string) bdRunner { return &execBD{path: path, dir: dir} },
	}
}

func newCmdApply(io streams, getenv env) *cobra.Command {
	opts := &applyOptions{}
	c := &cobra.Command{
		Use:   "apply PLAN",
		Short: "Sync a plan into the repository's beads database",
		Long: `Sync a plan into the beads database of the plan's repository, keeping all
work done on the beads.

apply finds bd (--bd, else PATH), checks its version and the database, and
compiles the plan with the database's issue prefix. It makes sure bd's
types.custom allows architect's issue types, reads the database with
bd export, and prints a plan: + beads to create, ~ beads to update (with
the plan-owned fields that change), and orphans, the open beads of this plan
file whose sprint is gone. Then it imports the new and changed beads with one
bd import, and writes the bead ids into the plan.

The plan owns titles, descriptions, priority, type, acceptance criteria,
metadata other than the runtime's, generated labels, and the dependencies
between its beads. Everything else is carried over from the database: status,
closed_at, comments, assignee, notes, and the runtime metadata
(attempt_count, executions, session ids, pr_*, scrum_result). A sprint the
plan marks completed closes its open bead. Nothing is ever deleted: orphans
are reported, and closed with a reason under --prune.`,
		Example: `  architect apply plans/x.md
  architect apply --dry-run plans/x.md
  architect apply --prune plans/x.md`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			if opts.plan == "-" {
				return usagef("apply needs a plan file, not stdin: the beads record the plan's path and apply writes their ids into it")
			}
			return runApply(opts, io, getenv, defaultApplyEnv())
		},
	}
	fl := c.Flags()
	fl.StringVar(&opts.bd, "bd", "", "the bd binary to run (default: bd on PATH)")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "print the plan and change nothing")
	fl.BoolVar(&opts.prune, "prune", false, "close orphans (open beads of this plan whose sprint is gone), with a reason")
	fl.BoolVar(&opts.noAnnotate, "no-annotate", false, "do not write the bead ids into the plan")
	fl.StringVar(&opts.sourceBranch, "source-branch", "", "`BRANCH` sprints start from (default: the plan's, else the current branch, else main)")
	fl.StringVar(&opts.repo, "repo", "", "repository root `DIR` (default: found with git from the plan's directory)")
	fl.BoolVarP(&opts.verbose, "verbose", "v", false, "report each bd call and its time, and informational notes")
	return c
}

// timedRunner counts a runner's calls and the time they take.
type timedRunner struct {
	r     bdRunner
	trace io.Writer
	calls int
	spent time.Duration
}

func (t *timedRunner) Run(stdin []byte, args ...string) ([]byte, error) {
	start := time.Now()
	out, err := t.r.Run(stdin, args...)
	took := time.Since(start)
	t.calls++
	t.spent += took
	if t.trace != nil {
		fmt.Fprintf(t.trace, "bd %s (%.2fs)\n", strings.Join(args, " "), took.Seconds())
	}
	return out, err
}

func runApply(opts *applyOptions, io streams, getenv env, ae applyEnv) error {
	start := time.Now()
	// 1. bd, its version, and the repository's database.
	bdPath, err := findBD(opts.bd, getenv)
	if err != nil {
		return err
	}
	repo, err := findRepo(filepath.Dir(opts.plan), opts.repo)
	if err != nil {
		return err
	}
	tr := &timedRunner{r: ae.bd(bdPath, repo.root)}
	if opts.verbose {
		tr.trace = io.err
		defer func() {
			total := time.Since(start)
			fmt.Fprintf(io.err, "architect: %d bd calls took %.2fs; architect's own work took %.2fs\n",
				tr.calls, tr.spent.Seconds(), (total - tr.spent).Seconds())
		}()
	}
	bd := bdClient{tr}
	version, err := bd.version()
	if err != nil {
		return err
	}
	dbPath, prefix, err := bd.where()
	if errors.Is(err, errNoDatabase) {
		return fmt.Errorf("no beads database in %s: run \"bd init\" there first (bd init --prefix NAME sets the issue prefix)", repo.root)
	}
	if err != nil {
		return err
	}
	if prefix == "" {
		if prefix, err = bd.configGet("issue_prefix"); err != nil {
			return err
		}
	}

	// 2. The plan, with the database's prefix for new ids.
	c, err := compilePlan(opts.plan, planFlags{repo: opts.repo, prefix: prefix, sourceBranch: opts.sourceBranch, verbose: opts.verbose}, io.in, getenv)
	if err != nil {
		return err
	}
	report(io.err, c.diags)
	if c.failed() {
		return &silentError{code: exitData}
	}
	planFile := c.beads[0].Metadata.PlanFile

	// 3. The custom types architect's beads use.
	custom, err := bd.configGet("types.custom")
	if err != nil {
		return err
	}
	types, added := addCustomTypes(custom, emit.TypeWork, emit.TypeMerge)

	// 4. The database as it is, and the plan to sync it.
	issues, err := bd.export()
	if err != nil {
		return err
	}
	pinned := map[string]bool{}
	for _, s := range c.plan.Sprints {
		if s.Annotation != nil && s.Annotation.ID != "" {
			pinned[s.Annotation.ID] = true
		}
	}
	sync, err := emit.Diff(c.beads, issues, emit.SyncOptions{PlanFile: planFile, Now: ae.now(), Prune: opts.prune, Pinned: pinned})
	if err != nil {
		return err
	}
	st := emit.Style{Color: io.tty && getenv("NO_COLOR") == ""}
	fmt.Fprintf(io.out, "bd %s, database %s, prefix %s\n", version, dbPath, prefix)
	if len(added) > 0 {
		fmt.Fprintf(io.out, "types.custom: adding %s\n", strings.Join(added, ", "))
	}
	fmt.Fprintln(io.out)
	if err := sync.WriteText(io.out, st); err != nil {
		return err
	}
	if opts.dryRun {
		_, err := fmt.Fprintln(io.out, "Dry run: nothing was written.")
		return err
	}

	// 5. The writes: custom types, one import, then what import cannot do:
	// remove dependencies and labels, and close beads.
	if len(added) > 0 {
		if err := bd.configSet("types.custom", types); err != nil {
			return err
		}
	}
	if len(sync.Records) > 0 {
		if err := bd.importJSONL(sync.SyncJSONL()); err != nil {
			return err
		}
	}
	if len(sync.RemoveDeps) > 0 {
		lines := make([]string, len(sync.RemoveDeps))
		for i, d := range sync.RemoveDeps {
			lines[i] = "dep remove " + d.IssueID + " " + d.DependsOnID
		}
		if err := bd.batch(lines); err != nil {
			return err
		}
	}
	for _, l := range sync.RemoveLabels {
		if err := bd.removeLabel(l.Label, l.IDs); err != nil {
			return err
		}
	}
	if len(sync.Close) > 0 {
		if err := bd.close(sync.Close); err != nil {
			return err
		}
	}
	if !sync.Empty() {
		fmt.Fprintf(io.out, "Applied: %d created, %d updated, %d closed.\n", len(sync.Create), len(sync.Update), len(sync.Close))
	}

	// 6. The bead ids, written into the plan.
	if opts.noAnnotate {
		return nil
	}
	n, err := annotatePlan(c.abs, c.plan.Src, sync.IDs)
	if err != nil {
		return fmt.Errorf("the beads database is in sync, but the bead ids were not written into %s: %w", opts.plan, err)
	}
	if n > 0 {
		fmt.Fprintf(io.out, "Annotated %s: %d bead %s written.\n", opts.plan, n, plural(n, "id"))
	}
	return nil
}

// annotatePlan writes each sprint's bead id into the plan at path, as the
// <!-- beads-ralph: ID --> line after its heading, and returns how many
// annotations it wrote. src is the plan as apply compiled it: a plan that
// changed since is left alone. ids maps sprint ids to bead ids.
func annotatePlan(path string, src []byte, ids map[string]string) (int, error) {
	now, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	if !bytes.Equal(now, src) {
		return 0, annotate.ErrChanged
	}
	out, res, err := annotate.Apply(parser.Parse(path, src), ids, annotate.Options{})
	if err != nil {
		return 0, err
	}
	if !res.Changed() {
		return 0, nil
	}
	if err := annotate.WriteFile(path, src, out); err != nil {
		return 0, err
	}
	return len(res.Inserted) + len(res.Replaced), nil
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
