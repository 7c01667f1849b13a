package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
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
	reading      string
	epics        bool
	verbose      bool
}

// applyEnv is what apply takes from the world outside the process; tests
// replace it.
type applyEnv struct {
	now func() time.Time
	// bd returns the runner for the bd binary at path, run in dir.
	bd func(path, dir string) bdsync.Runner
	// terminal reports whether w is a terminal: apply shows its progress
	// on standard error only then.
	terminal func(w io.Writer) bool
	// tick is how often the progress line redraws its clock.
	tick time.Duration
	// sleep waits; nil is time.Sleep.
	sleep func(time.Duration)
}

func defaultApplyEnv() applyEnv {
	return applyEnv{
		now:      time.Now,
		bd:       func(path, dir string) bdsync.Runner { return bdsync.Exec{Path: path, Dir: dir} },
		terminal: isTerminalFile,
		tick:     time.Second,
	}
}

// isTerminalFile reports whether w is a terminal.
func isTerminalFile(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func newCmdApply(stdio streams, getenv env) *cobra.Command {
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
file whose sprint is gone. Then it imports the new beads (one bd import per
250 beads, 125 when bd keeps the database on a Dolt server, each bead with
its dependencies; an import bd's connection times out on is split in
halves), writes the changes to beads that exist field by field (one
bd update per bead, naming only the plan's fields that change; one bd batch
for the dependencies), and writes the bead ids into the plan. On a terminal,
standard error shows how far the writes have come. An apply that stops
halfway leaves whole beads only: apply again to finish.

Others may work on the beads while apply runs (agents, other clones on the
same Dolt server). apply never rewrites a whole bead that exists, so their
status, assignee, notes, comments and close reasons stay, whenever they
write them. A write that moves the branch of a bead not yet started is made
only while the bead has the status apply read; when someone took or closed
it meanwhile, apply reads it again and keeps its branch, at most 5 times in
all, and says which beads it retried. If a bead keeps changing, apply gives
up on it, names it, and exits 1. See docs/team-mode.md.

The plan owns titles, descriptions, priority, type, acceptance criteria,
metadata other than the runtime's, generated labels, and the dependencies
between its beads. Everything else is carried over from the database: status,
closed_at, comments, assignee, notes, and the runtime metadata
(attempt_count, executions, session ids, pr_*, scrum_result). A sprint the
plan marks completed closes its open bead. Nothing is ever deleted: orphans
are reported, and closed with a reason under --prune; a sprint back in the
plan reopens the bead that --prune (and nothing else) closed.`,
		Example: `  architect apply plans/x.md
  architect apply --dry-run plans/x.md
  architect apply --prune plans/x.md`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			if opts.plan == "-" {
				return usagef("apply needs a plan file, not stdin: the beads record the plan's path and apply writes their ids into it")
			}
			return runApply(opts, stdio, getenv, defaultApplyEnv())
		},
	}
	fl := c.Flags()
	fl.StringVar(&opts.bd, "bd", "", "the bd binary to run (default: bd on PATH)")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "print the plan and change nothing")
	fl.BoolVar(&opts.prune, "prune", false, "close orphans (open beads of this plan whose sprint is gone), with a reason")
	fl.BoolVar(&opts.noAnnotate, "no-annotate", false, "do not write the bead ids into the plan")
	fl.StringVar(&opts.sourceBranch, "source-branch", "", "`BRANCH` sprints start from (default: the plan's, else the settings', else the one its beads record, else the repository's default branch)")
	fl.StringVar(&opts.reading, "reading", "", "read the plan this way, as compile --reading does (`LINE`)")
	fl.BoolVar(&opts.epics, "epics", false, "make each phase an epic whose children are its units, so that bd swarm validate checks a phase (the setting: epics: phases)")
	fl.StringVar(&opts.repo, "repo", "", "repository root `DIR` (default: found with git from the plan's directory)")
	fl.BoolVarP(&opts.verbose, "verbose", "v", false, "report each bd call and its time, and informational notes")
	return c
}

// findBD returns the bd to run: the --bd flag when given, else the first bd
// on the PATH that getenv reports.
func findBD(flag string, getenv env) (string, error) {
	if flag != "" {
		if !bdsync.Executable(flag) {
			return "", usagef("--bd %s: not an executable file", flag)
		}
		return filepath.Abs(flag)
	}
	path, err := bdsync.LookPath(getenv("PATH"))
	if err != nil {
		return "", fmt.Errorf("bd not found on PATH: install beads (bd %s or newer) or pass --bd PATH", bdsync.MinVersion)
	}
	return path, nil
}

// timedRunner counts a runner's calls and the time they take, and traces
// each call to trace when it is set. Calls may run side by side (apply
// runs several bd update at once against a server): spent is the wall
// time during which at least one ran, sum the calls' times added up.
type timedRunner struct {
	r      bdsync.Runner
	trace  io.Writer
	mu     sync.Mutex
	calls  int
	spent  time.Duration
	sum    time.Duration
	active int
	since  time.Time // when active last went from 0 to 1
}

func (t *timedRunner) Run(stdin []byte, argv ...string) ([]byte, error) {
	t.mu.Lock()
	start := time.Now()
	if t.active++; t.active == 1 {
		t.since = start
	}
	t.mu.Unlock()
	out, err := t.r.Run(stdin, argv...)
	t.mu.Lock()
	defer t.mu.Unlock()
	end := time.Now()
	took := end.Sub(start)
	if t.active--; t.active == 0 {
		t.spent += end.Sub(t.since)
	}
	t.calls++
	t.sum += took
	if t.trace != nil {
		fmt.Fprintf(t.trace, "bd %s (%.2fs)\n", strings.Join(argv, " "), took.Seconds())
	}
	return out, err
}

func runApply(opts *applyOptions, stdio streams, getenv env, ae applyEnv) error {
	start := time.Now()
	bdPath, err := findBD(opts.bd, getenv)
	if err != nil {
		return err
	}
	repo, err := findRepo(filepath.Dir(opts.plan), opts.repo)
	if err != nil {
		return err
	}
	tr := &timedRunner{r: ae.bd(bdPath, repo.root)}
	var progress *applyProgress
	if ae.terminal != nil && ae.terminal(stdio.err) {
		progress = newApplyProgress(stdio.err, ae.tick)
		defer progress.close()
	}
	if opts.verbose {
		tr.trace = stdio.err
		if progress != nil {
			tr.trace = progress
		}
		defer func() {
			total := time.Since(start)
			side := ""
			if tr.sum > tr.spent+tr.spent/100 {
				side = fmt.Sprintf(" (%.2fs in all, side by side)", tr.sum.Seconds())
			}
			fmt.Fprintf(stdio.err, "architect: %d bd calls took %.2fs%s; architect's own work took %.2fs\n",
				tr.calls, tr.spent.Seconds(), side, (total - tr.spent).Seconds())
		}()
	}
	bd := bdsync.NewClient(tr)
	db, err := bd.Open()
	if errors.Is(err, bdsync.ErrNoDatabase) {
		return fmt.Errorf("no beads database in %s: run \"bd init\" there first (bd init --prefix NAME sets the issue prefix)", repo.root)
	}
	if err != nil {
		return err
	}

	c, sync, syncOpts, err := planApply(opts, stdio, getenv, ae, bd, db, repo)
	if err != nil || opts.dryRun {
		return err
	}
	ao := bdsync.ApplyOptions{Clock: ae.now, Sleep: ae.sleep}
	if progress != nil {
		ao.Progress = progress.update
	}
	written, retries, err := bd.Sync(sync, c.beads, syncOpts, ao)
	if progress != nil {
		progress.close()
	}
	reportRetries(stdio, retries, opts.verbose)
	for _, n := range written.Splits {
		fmt.Fprintf(stdio.err, "architect: note: bd's connection timed out on an import of %d beads (nothing of it was written); apply imported them in two halves\n", n)
	}
	if err != nil {
		return err
	}
	if !sync.Empty() {
		fmt.Fprintf(stdio.out, "Applied: %d created, %d updated, %d closed", len(sync.Create), len(sync.Update), len(sync.Close))
		if len(sync.Reopen) > 0 {
			fmt.Fprintf(stdio.out, ", %d reopened", len(sync.Reopen))
		}
		fmt.Fprintln(stdio.out, ".")
	}

	if opts.noAnnotate {
		return nil
	}
	n, err := annotatePlan(c.abs, c.plan.Src, written.IDs, opts.reading)
	if err != nil {
		return fmt.Errorf("the beads database is in sync, but the bead ids were not written into %s: %w", opts.plan, err)
	}
	if n > 0 {
		fmt.Fprintf(stdio.out, "Annotated %s: %s written.\n", opts.plan, emit.Plural(n, "bead id", "bead ids"))
	}
	return nil
}

// planApply compiles the plan with the database's prefix for new ids,
// works out what apply changes, checks the branches, and prints the plan
// of changes; with --dry-run that is all.
func planApply(opts *applyOptions, stdio streams, getenv env, ae applyEnv, bd *bdsync.Client, db bdsync.Database, repo repoInfo) (*compiled, *bdsync.SyncPlan, bdsync.SyncOptions, error) {
	var syncOpts bdsync.SyncOptions
	c, err := compilePlan(opts.plan, planFlags{repo: opts.repo, prefix: db.Prefix, sourceBranch: opts.sourceBranch, reading: opts.reading, verbose: opts.verbose, epics: opts.epics, contenders: true}, stdio.in, getenv)
	if err != nil {
		return nil, nil, syncOpts, err
	}
	if c.failed() {
		return nil, nil, syncOpts, c.diags
	}

	syncOpts = bdsync.SyncOptions{
		PlanFile: c.beads[0].Metadata.PlanFile,
		Now:      ae.now(),
		Prune:    opts.prune,
		Pinned:   annotated(c.plan),
		Plans:    &repoPlans{root: repo.root},
	}
	sync, err := bd.Plan(c.beads, syncOpts)
	// A source branch no setting names is the one the plan's beads record
	// (pipeline's resolve): compile again with them, and plan again, only
	// when they record another branch than the compile chose.
	if err == nil {
		var changed bool
		if changed, err = c.withApplied(sync.Database); err == nil && changed {
			if c.failed() {
				return nil, nil, syncOpts, c.diags
			}
			sync, err = bd.Plan(c.beads, syncOpts)
		}
	}
	// The plan's warnings, once its source branch is settled, before
	// anything the database says about it.
	report(stdio.err, c.diags)
	var ce *bdsync.CopyError
	if errors.As(err, &ce) {
		return nil, nil, syncOpts, copyDiagnostics(c.plan, ce)
	}
	if err != nil {
		return nil, nil, syncOpts, err
	}
	if err := applyBranchChecks(c, sync, stdio.err); err != nil {
		return nil, nil, syncOpts, err
	}
	fmt.Fprintf(stdio.out, "bd %s, database %s, prefix %s\n", db.Version, db.Path, db.Prefix)
	if len(sync.AddTypes) > 0 {
		fmt.Fprintf(stdio.out, "types.custom: adding %s\n", strings.Join(sync.AddTypes, ", "))
	}
	fmt.Fprintln(stdio.out)
	if err := sync.WriteText(stdio.out, emit.Style{Color: stdio.tty && getenv("NO_COLOR") == ""}); err != nil {
		return nil, nil, syncOpts, err
	}
	if opts.dryRun {
		_, err := fmt.Fprintln(stdio.out, "Dry run: nothing was written.")
		return c, sync, syncOpts, err
	}
	return c, sync, syncOpts, nil
}

// reportRetries says which beads apply read again and wrote anew because
// they changed in the database while it ran. A bead changed in the second
// apply read it is read again too, a second later; that is only a note
// under -v.
func reportRetries(stdio streams, retries []bdsync.Retry, verbose bool) {
	for _, r := range retries {
		if r.Fresh {
			if verbose {
				fmt.Fprintf(stdio.err, "architect: note: %s changed in the second apply read the database; read again a second later (attempt %d of %d)\n",
					strings.Join(r.IDs, ", "), r.Attempt, bdsync.MaxAttempts)
			}
			continue
		}
		fmt.Fprintf(stdio.out, "Retried %s: changed in the database while apply ran; read again and written with those changes kept (attempt %d of %d).\n",
			strings.Join(r.IDs, ", "), r.Attempt, bdsync.MaxAttempts)
	}
}

// applyProgress shows how far apply has come on a terminal: one line,
// "architect: importing beads: 250 of 1000 (9s)", redrawn in place as
// bd reports and as the step's clock ticks, and erased when apply is done.
// Other output to the terminal (the -v trace) goes through Write, which
// erases the line first and redraws it after.
type applyProgress struct {
	mu    sync.Mutex
	w     io.Writer
	p     bdsync.Progress
	start time.Time // when the current step began
	shown bool
	stop  chan struct{}
	once  sync.Once
}

func newApplyProgress(w io.Writer, tick time.Duration) *applyProgress {
	l := &applyProgress{w: w, stop: make(chan struct{})}
	go func() {
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case <-t.C:
				l.mu.Lock()
				l.draw()
				l.mu.Unlock()
			}
		}
	}()
	return l
}

// update shows a new report.
func (l *applyProgress) update(p bdsync.Progress) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p.Step != l.p.Step || l.start.IsZero() {
		l.start = time.Now()
	}
	l.p = p
	l.draw()
}

// draw writes the line; the caller holds mu.
func (l *applyProgress) draw() {
	if l.p.Step == "" {
		return
	}
	fmt.Fprintf(l.w, "\r\x1b[Karchitect: %s: %d of %d (%ds)", l.p.Step, l.p.Done, l.p.Total, int(time.Since(l.start).Seconds()))
	l.shown = true
}

// erase removes the line; the caller holds mu.
func (l *applyProgress) erase() {
	if l.shown {
		io.WriteString(l.w, "\r\x1b[K")
		l.shown = false
	}
}

// Write prints other output above the line.
func (l *applyProgress) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.erase()
	n, err := l.w.Write(b)
	l.draw()
	return n, err
}

// close stops the clock and erases the line; it may be called again.
func (l *applyProgress) close() {
	l.once.Do(func() {
		close(l.stop)
		l.mu.Lock()
		defer l.mu.Unlock()
		l.erase()
		l.p = bdsync.Progress{}
	})
}

// repoPlans answers bdsync's questions about the plan files of the
// repository at root: whether one exists, and which bead ids the
// annotations of its live sprints name (each file read once).
type repoPlans struct {
	root  string
	names map[string]map[string]bool
}

func (r *repoPlans) path(planFile string) string {
	if filepath.IsAbs(planFile) {
		return planFile
	}
	return filepath.Join(r.root, filepath.FromSlash(planFile))
}

// Exists reports whether the plan file is there. "-" (a plan compiled from
// standard input) never is; a file apply cannot stat for another reason
// than its absence counts as there.
func (r *repoPlans) Exists(planFile string) bool {
	if planFile == "-" {
		return false
	}
	_, err := os.Stat(r.path(planFile))
	return !errors.Is(err, fs.ErrNotExist)
}

// Names reports whether a live sprint of the plan file is annotated with id.
// A file that cannot be read names nothing.
func (r *repoPlans) Names(planFile, id string) bool {
	if r.names == nil {
		r.names = map[string]map[string]bool{}
	}
	ids, ok := r.names[planFile]
	if !ok {
		if _, src, err := readPlan(r.path(planFile), nil); err == nil {
			ids = annotated(parsePlan(r.path(planFile), planFile, src, ""))
		}
		r.names[planFile] = ids
	}
	return ids[id]
}

// copyDiagnostics reports a copy of an annotated plan at the first
// annotation it shares with each original.
func copyDiagnostics(p *parser.Plan, ce *bdsync.CopyError) parser.Diagnostics {
	at := map[string]parser.Pos{}
	for _, s := range p.Sprints {
		if s.Annotation != nil {
			at[s.Annotation.ID] = s.Annotation.Pos
		}
	}
	var ds parser.Diagnostics
	for _, c := range ce.Copies {
		ds = append(ds, parser.Diagnostic{File: p.File, Pos: at[c.IDs[0]], Severity: parser.Error, Msg: c.Message(ce.PlanFile)})
	}
	ds.Sort()
	return ds
}

// annotated returns the bead ids the plan's annotations name.
func annotated(p *parser.Plan) map[string]bool {
	ids := map[string]bool{}
	for _, s := range p.Sprints {
		if s.Annotation != nil && s.Annotation.ID != "" {
			ids[s.Annotation.ID] = true
		}
	}
	return ids
}

// annotatePlan writes each sprint's bead id into the plan at path, as the
// <!-- beads-ralph: ID --> line after its heading, and returns how many
// annotations it wrote. src is the plan as apply compiled it: a plan that
// changed since is left alone. ids maps sprint ids to bead ids.
func annotatePlan(path string, src []byte, ids map[string]string, reading string) (int, error) {
	now, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	if !bytes.Equal(now, src) {
		return 0, errChanged
	}
	out, res, err := annotate.Apply(parsePlan(path, path, src, reading), ids, annotate.Options{})
	if err != nil {
		return 0, err
	}
	if !res.Changed() {
		return 0, nil
	}
	if err := replaceFile(path, src, out); err != nil {
		return 0, err
	}
	return len(res.Inserted) + len(res.Replaced), nil
}
