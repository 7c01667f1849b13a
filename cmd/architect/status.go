package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/review"
	"github.com/beads-architect/architect/parser"
	"github.com/spf13/cobra"
)

type statusOptions struct {
	liveFlags
	plan   string
	json   bool
	check  bool
	write  bool
	dryRun bool
}

// liveFlags are the flags of the commands that read a plan's database:
// status, and graph --live.
type liveFlags struct {
	bd           string
	repo         string
	sourceBranch string
	reading      string
	verbose      bool
}

func (f *liveFlags) add(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.bd, "bd", "", "the bd binary to run (default: bd on PATH)")
	fl.StringVar(&f.repo, "repo", "", "repository root `DIR` (default: found with git from the plan's directory)")
	fl.StringVar(&f.sourceBranch, "source-branch", "", "`BRANCH` sprints start from, as for apply (default: the plan's, else the settings', else the one its beads record, else the repository's default branch)")
	fl.StringVar(&f.reading, "reading", "", "read the plan this way, as compile --reading does (`LINE`)")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "report each bd call and its time, architect's own time, and the plan's warnings and notes")
}

func newCmdStatus(stdio streams, getenv env) *cobra.Command {
	opts := &statusOptions{}
	c := &cobra.Command{
		Use:   "status PLAN",
		Short: "Show where a plan stands in its beads database",
		Long: `Show where a plan stands in the beads database of its repository.

status reads the database once (bd export, as apply reads it) and shows the
sprints closed, in progress, ready now (what bd ready releases), blocked (and
by what) and not yet in the database; the waves with each sprint's live state;
the remaining critical path (the longest chain of sprints not yet closed); the
merge points still waiting, with the branches they wait for; and the drift
between plan and database: what architect apply would change, open beads of
this plan whose sprint is gone, annotations naming beads the database does not
hold, and sprints the plan calls done that the database has open (and the
reverse). It writes nothing, to the database or the plan.

--json prints the same facts as JSON. --check exits 1 when there is drift, for
a plan repository's CI.

--write records each sprint's status in the database as its **Status**: line
in the plan (replacing the value there, or inserting a line under the
heading and its annotation), for the sprints whose plan status differs; every
other byte stays as it was, the write is atomic, and skipped sprints are never
touched. After it, a compile gives the database's statuses, so apply has
nothing to do. --write --dry-run prints the change as a unified diff instead.`,
		Example: `  architect status plans/x.md
  architect status --json plans/x.md | jq '.counts, .ready'
  architect status --check plans/x.md
  architect status --write --dry-run plans/x.md`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			switch {
			case opts.plan == "-":
				return usagef("status needs a plan file, not stdin: the beads record the plan's path")
			case opts.dryRun && !opts.write:
				return usagef("--dry-run goes with --write: status alone writes nothing")
			case opts.write && (opts.json || opts.check):
				return usagef("--write edits the plan; it takes no --json or --check")
			}
			return runStatus(opts, stdio, getenv, defaultApplyEnv())
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.json, "json", false, "print the status as JSON")
	fl.BoolVar(&opts.check, "check", false, "exit 1 when the plan and the database have drifted apart")
	fl.BoolVar(&opts.write, "write", false, "write each sprint's status in the database into the plan")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "with --write: write nothing; print the change as a unified diff")
	opts.liveFlags.add(c)
	return c
}

func runStatus(opts *statusOptions, stdio streams, getenv env, ae applyEnv) error {
	start := time.Now()
	c, live, tr, err := readLive(opts.plan, opts.liveFlags, stdio, getenv, ae)
	if tr != nil && opts.verbose {
		defer func() {
			fmt.Fprintf(stdio.err, "architect: %d bd calls took %.2fs; architect's own work took %.2fs\n",
				tr.calls, tr.spent.Seconds(), (time.Since(start) - tr.spent).Seconds())
		}()
	}
	if err != nil {
		return err
	}
	if opts.write {
		return writeStatus(opts, c, live, stdio)
	}
	if opts.json {
		data, err := review.LiveJSON(live)
		if err != nil {
			return err
		}
		if _, err := stdio.out.Write(data); err != nil {
			return err
		}
	} else if err := live.WriteText(stdio.out, emit.Style{Color: stdio.tty && getenv("NO_COLOR") == ""}); err != nil {
		return err
	}
	// In-progress sprints nobody holds stall the plan in silence: said on
	// every status, at the sprint's heading.
	report(stdio.err, c.stalls)
	if opts.check && len(live.Drift) > 0 {
		return &checkError{[]string{fmt.Sprintf("%s: drift: %s between the plan and the beads database",
			opts.plan, emit.Plural(len(live.Drift), "difference", "differences"))}}
	}
	return nil
}

// readLive finds bd and the repository's database, compiles the plan with
// the database's prefix (as apply does), reads the database with one bd
// export, and puts the two side by side. The runner it returns counts the
// bd calls; it is nil when bd was not found.
func readLive(plan string, f liveFlags, stdio streams, getenv env, ae applyEnv) (*compiled, *review.Live, *timedRunner, error) {
	bdPath, err := findBD(f.bd, getenv)
	if err != nil {
		return nil, nil, nil, err
	}
	repo, err := findRepo(filepath.Dir(plan), f.repo)
	if err != nil {
		return nil, nil, nil, err
	}
	// bd runs in the main worktree, where the database is, also when the
	// plan is read in a linked worktree (an agent's).
	tr := &timedRunner{r: ae.bd(bdPath, repo.home)}
	if f.verbose {
		tr.trace = stdio.err
	}
	bd := bdsync.NewClient(tr)
	db, err := bd.Open()
	if errors.Is(err, bdsync.ErrNoDatabase) {
		return nil, nil, tr, fmt.Errorf("no beads database in %s: run \"bd init\" there, then architect apply %s", repo.home, plan)
	}
	if err != nil {
		return nil, nil, tr, fmt.Errorf("cannot open the beads database of %s: %w", repo.home, err)
	}
	if db.Prefix == "" {
		// bd init always sets one: bd made this database up, or lost it.
		return nil, nil, tr, fmt.Errorf("cannot read the beads database %s: bd reports no issue prefix for it (bd where, bd config get issue_prefix); is it initialised?", db.Path)
	}

	// bd export runs while the plan compiles: neither needs the other, and
	// the export is most of status's time. It is waited for in every case,
	// so no bd is left running, and before anything else is printed.
	type export struct {
		issues []bdsync.Issue
		err    error
	}
	done := make(chan export, 1)
	go func() {
		issues, err := bd.Export()
		done <- export{issues, err}
	}()
	c, err := compilePlan(plan, planFlags{repo: f.repo, prefix: db.Prefix, sourceBranch: f.sourceBranch, reading: f.reading, verbose: f.verbose}, stdio.in, getenv)
	ex := <-done
	if err != nil {
		return nil, nil, tr, err
	}
	if c.failed() {
		return nil, nil, tr, c.diags
	}
	if f.verbose {
		// The plan's warnings are compile's and apply's to report; a
		// status, run often, shows them only when asked.
		report(stdio.err, c.diags)
	}
	if ex.err != nil {
		return nil, nil, tr, fmt.Errorf("cannot read the beads database %s: %w", db.Path, ex.err)
	}
	issues := ex.issues
	// A source branch no setting names is the one the plan's beads record.
	if changed, err := c.withApplied(issues); err != nil {
		return nil, nil, tr, err
	} else if changed && c.failed() {
		return nil, nil, tr, c.diags
	}
	planFile := c.beads[0].Metadata.PlanFile
	if err := otherDatabase(db, issues, planFile, c.plan); err != nil {
		return nil, nil, tr, err
	}
	now := ae.now()
	sync, err := bdsync.Diff(c.beads, issues, bdsync.SyncOptions{PlanFile: planFile, Now: now, Pinned: annotated(c.plan)})
	if err != nil {
		return nil, nil, tr, err
	}
	live := review.NewLive(c.graph, review.LiveOptions{Beads: c.beads, Issues: issues, Sync: sync, Now: now,
		Database: &review.LiveDatabase{BDVersion: db.Version, Path: db.Path, Prefix: db.Prefix}})
	ids := map[string]string{}
	for i, b := range c.beads {
		if i < len(live.Sprints) && live.Sprints[i].Bead != "" {
			ids[b.Metadata.PlanSprintID] = live.Sprints[i].Bead
		}
	}
	c.stalls = databaseStalls(c, issues, false, ids)
	return c, live, tr, nil
}

// otherDatabase refuses a database that holds none of the plan's beads
// when the plan's annotations name beads of another prefix: it is another
// plan's database, and every sprint would look unapplied. A database of the
// plan's prefix that lost its beads is not refused: its drift says so.
func otherDatabase(db bdsync.Database, issues []bdsync.Issue, planFile string, p *parser.Plan) error {
	var other string
	for _, s := range p.Sprints {
		if a := s.Annotation; a != nil && a.ID != "" && other == "" && !strings.HasPrefix(a.ID, db.Prefix+"-") {
			other = a.ID
		}
	}
	if other == "" || db.Prefix == "" {
		return nil
	}
	byID := bdsync.Index(issues)
	for _, is := range issues {
		if is.PlanFile() == planFile {
			return nil
		}
	}
	for _, s := range p.Sprints {
		if a := s.Annotation; a != nil && byID[a.ID] != nil {
			return nil
		}
	}
	return fmt.Errorf("the beads database %s (prefix %s) holds no bead of %s, whose annotations name beads such as %s: it is another plan's database; run architect in the plan's repository, or pass --repo",
		db.Path, db.Prefix, planFile, other)
}

// writeStatus writes each sprint's status in the database into the plan,
// or with --dry-run prints the change as a unified diff.
func writeStatus(opts *statusOptions, c *compiled, live *review.Live, stdio streams) error {
	p := c.plan
	out, res, err := annotate.WriteStatus(p, live.Statuses())
	if err != nil {
		return err
	}
	var warns parser.Diagnostics
	warn := func(s *parser.Sprint, format string, values ...any) {
		warns = append(warns, parser.Diagnostic{File: p.File, Pos: s.Heading.Pos, Severity: parser.Warning, Msg: fmt.Sprintf(format, values...)})
	}
	for _, h := range res.Held {
		warn(h.Sprint, "sprint %s is %s in the database, but the completion log entry at line %d closes it; its status is left to the log",
			h.Sprint.ID, h.New, h.Sprint.ClosedBy.Heading.Pos.Line)
	}
	statuses := live.Statuses()
	for _, s := range p.Sprints {
		if ls := live.Sprints[c.graph.Node(s.ID).Order]; ls.BDStatus != "" && statuses[s.ID] == "" {
			warn(s, "sprint %s is %s in the database, which a plan's Status cannot say; left as it is", s.ID, ls.BDStatus)
		}
	}
	warns.Sort()
	report(stdio.err, warns)

	if opts.dryRun {
		_, err := stdio.out.Write(unifiedDiff("a/"+p.File, "b/"+p.File, p.Src, out))
		return err
	}
	if len(res.Changed) == 0 {
		fmt.Fprintf(stdio.err, "%s: statuses up to date\n", p.File)
		return nil
	}
	if err := replaceFile(opts.plan, p.Src, out); err != nil {
		if errors.Is(err, errChanged) {
			return err
		}
		return fmt.Errorf("writing %s: %w; the plan is unchanged", opts.plan, err)
	}
	inserted := 0
	for _, ch := range res.Changed {
		if ch.Inserted {
			inserted++
		}
	}
	fmt.Fprintf(stdio.err, "%s: %s written (%d inserted, %d replaced), %d unchanged\n", p.File,
		emit.Plural(len(res.Changed), "status", "statuses"), inserted, len(res.Changed)-inserted, len(res.Unchanged))
	return nil
}
