package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

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

// Apply makes the writes p plans: the custom types; the imports of the
// beads to create (see SyncPlan.Imports); the field-level writes to the
// beads that exist (see FieldWrite), one `bd update` each; the dependency
// edits in one `bd batch`; then reopening and closing. progress, when not
// nil, hears before each step and as it goes.
//
// No write of a bead that exists can undo or lose another writer's change:
// each names only fields the plan owns. Two things can still leave a
// bead's plan change unwritten, and Apply then makes every other write and
// returns a *KeptError naming the beads, which Sync reads again: bd import
// keeping its own, newer copy of a bead to create (someone wrote it after
// apply read it), and a guarded write (FieldWrite.IfStatus) of a bead
// whose status changed since the read.
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
	server := len(p.Records) > serverRamp[0] || len(p.Writes) > 1
	if server {
		server = c.serverMode()
	}
	kept, err := c.importAll(p, server, report)
	if err != nil {
		return err
	}
	if len(p.Writes) > 0 {
		const step = "updating beads"
		report(step, 0, len(p.Writes))
		workers := 1
		if server {
			workers = min(ServerWriters, runtime.NumCPU())
		}
		stale, err := c.writeFields(p.Writes, workers, func(done, total int) { report(step, done, total) })
		if err != nil {
			return err
		}
		kept = append(kept, stale...)
	}
	if lines := depLines(p); len(lines) > 0 {
		report("writing dependencies", 0, len(lines))
		if err := c.batch(lines); err != nil {
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
		if err := c.close(p.Close); err != nil {
			return err
		}
	}
	if len(kept) > 0 {
		// The plan was made from a read that is out of date for these
		// beads; Sync reads them again and plans anew.
		sort.Strings(kept)
		return &KeptError{IDs: slices.Compact(kept)}
	}
	return nil
}

// ServerWriters is at most how many `bd update` calls apply runs at once
// when bd keeps the database on a Dolt server, which takes them side by
// side; no more than the machine has cores, because a bd call's time is
// mostly bd starting and opening its store, on this machine's CPU (on 2
// cores, 100 calls took 39.2 s one at a time and 43.0 s four side by
// side). The embedded database gains nothing from calls side by side.
const ServerWriters = 4

// importAll makes the imports of p (see SyncPlan.Imports): the beads
// written ahead, then the runs. It returns the ids of the beads bd kept its
// own copy of.
func (c *Client) importAll(p *SyncPlan, server bool, report func(step string, done, total int)) ([]string, error) {
	size := func(int) int { return ImportSize }
	if len(p.Records) > serverRamp[0] && server {
		size = serverRunSize
	}
	pending, runs := p.Imports(size)
	var kept []string
	if len(pending) > 0 {
		// Rows without dependencies are quick to write, on a server too.
		w := &importer{c: c, step: "writing beads ahead, deferred", total: len(pending), report: report, p: p}
		for start := 0; start < len(pending); start += ImportSize {
			if err := w.importRun(pending[start:min(start+ImportSize, len(pending))]); err != nil {
				if w.done == 0 {
					return nil, err
				}
				return nil, fmt.Errorf("%w\n%d of %d beads are written ahead, deferred and without their dependencies, so bd ready offers none of them; apply again to import the rest", err, w.done, len(pending))
			}
		}
		kept = w.kept
	}
	w := &importer{c: c, step: "importing beads", total: len(p.Records), report: report, p: p}
	for _, run := range runs {
		if err := w.importRun(run); err != nil {
			if w.done == 0 && len(pending) == 0 {
				return nil, err
			}
			msg := fmt.Sprintf("%d of %d beads were imported, each with its dependencies", w.done, len(p.Records))
			if len(pending) > 0 {
				msg += "; the beads written ahead wait deferred, so bd ready offers none of them"
			}
			return nil, fmt.Errorf("%w\n%s; apply again to import the rest", err, msg)
		}
	}
	if w.total > 0 {
		report(w.step, w.done, w.total)
	}
	return append(kept, w.kept...), nil
}

// importer writes runs of records with `bd import` and counts what it
// wrote.
type importer struct {
	c      *Client
	p      *SyncPlan
	step   string
	total  int
	report func(step string, done, total int)
	done   int
	kept   []string
}

// importRun imports one run of records (in execution order) in one call;
// when bd times out on it, the run is split in two and each half imported
// in turn, the earlier half first, down to minSplit records.
func (w *importer) importRun(run []json.RawMessage) error {
	w.report(w.step, w.done, w.total)
	err := w.c.importJSONL(reversed(run))
	var ke *KeptError
	if errors.As(err, &ke) {
		w.kept = append(w.kept, ke.IDs...)
		err = nil
	}
	if err != nil && timedOut(err) && len(run) >= 2*minSplit {
		w.p.Splits = append(w.p.Splits, len(run))
		half := len(run) / 2
		if err := w.importRun(run[:half]); err != nil {
			return err
		}
		return w.importRun(run[half:])
	}
	if err != nil {
		return err
	}
	w.done += len(run)
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

// ServerImportSize is the most records one `bd import` gets when bd keeps
// its database on a Dolt server. bd gives each statement 10 s there (its
// pool's read timeout), and the statement that recomputes is_blocked for
// the beads of one import took longer than that at 250 beads a call on
// this project's test machine.
const ServerImportSize = 125

// serverRamp are the sizes of the first imports against a server: the
// first import into a database with few beads is the slowest by far (the
// is_blocked recompute took over 10 s for 125 beads into an empty
// database, and under 1.5 s for the next 125), so the first runs are
// small and grow.
var serverRamp = []int{25, 50, 100}

// serverRunSize is the size of the ith import against a server.
func serverRunSize(i int) int {
	if i < len(serverRamp) {
		return serverRamp[i]
	}
	return ServerImportSize
}

// serverMode reports whether bd keeps the database on a Dolt server, as
// `bd context --json` says; when it cannot tell, it says yes, the careful
// answer.
func (c *Client) serverMode() bool {
	out, err := c.r.Run(nil, "context", "--json")
	var ctx struct {
		DoltMode string `json:"dolt_mode"`
	}
	if err != nil || json.Unmarshal(out, &ctx) != nil {
		return true
	}
	return ctx.DoltMode != "embedded"
}

// minSplit is the smallest run of records an import that timed out is
// split into.
const minSplit = 8

// timedOut reports whether bd failed because its connection to a Dolt
// server timed out or dropped (bd's pool gives each read 10 s by default,
// BEADS_DOLT_POOL_READ_TIMEOUT). The import's transaction did not commit,
// or committed whole: importing the same records again is safe either way.
func timedOut(err error) bool {
	var be *Error
	if !errors.As(err, &be) {
		return false
	}
	for _, s := range []string{"i/o timeout", "invalid connection", "bad connection", "connection went away", "deadline exceeded"} {
		if strings.Contains(be.Stderr, s) {
			return true
		}
	}
	return false
}

// reversed lays out records for one bd import, in reverse order, one a
// line (see SyncPlan.Imports).
func reversed(run []json.RawMessage) []byte {
	var buf bytes.Buffer
	for i := len(run) - 1; i >= 0; i-- {
		buf.Write(run[i])
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// MaxAttempts is how many times Sync writes a plan before it gives up on
// the beads that keep changing under it.
const MaxAttempts = 5

// maxFreshWait bounds one wait for the second of a fresh bead's stamp to
// pass (see SyncPlan.Fresh). A stamp further ahead is a clock elsewhere
// running ahead of this one.
const maxFreshWait = 3 * time.Second

// SyncOptions' companion for Sync: how it reports, and its clock.
type ApplyOptions struct {
	// Progress, when set, hears how far the writes have come.
	Progress func(Progress)
	// Clock and Sleep default to time.Now and time.Sleep.
	Clock func() time.Time
	Sleep func(time.Duration)
	// Attempts is at most how many times the plan is written; 0 is
	// MaxAttempts.
	Attempts int
}

// Retry is one time Sync read beads again: they changed in the database
// while apply ran (Kept), or in the second apply read them (Fresh).
type Retry struct {
	Attempt int // the attempt that follows, from 2
	IDs     []string
	Fresh   bool
}

// GaveUpError is Sync giving up on beads that kept changing under it.
type GaveUpError struct {
	IDs      []string
	Attempts int
	Fresh    bool
}

func (e *GaveUpError) Error() string {
	if e.Fresh {
		return fmt.Sprintf("gave up after %d attempts: %s carry an updated_at that is not yet in the past on this machine's clock, each time; nothing was written: bd stamps beads with the clock of the machine it runs on, so check the clocks, and run apply again",
			e.Attempts, strings.Join(e.IDs, ", "))
	}
	return fmt.Sprintf("gave up after %d attempts: %s changed in the database while apply ran, each time; their changes are kept and the plan's changes to them are not written (every other write is made): run apply again",
		e.Attempts, strings.Join(e.IDs, ", "))
}

// Sync writes p, the plan Plan made of desired under o, without ever
// overwriting a change someone else made meanwhile. Beads that exist get
// field-level writes (see FieldWrite), which leave every field the plan
// does not own to whoever else writes it, at any moment: agents at work
// never make apply read again. What is left to retry: a bead to create
// that someone wrote first (bd import keeps a row that is newer than the
// one apply writes), and a guarded write of a bead whose status changed
// (FieldWrite.IfStatus); Sync then reads the database again and writes a
// new plan, at most ao.Attempts times in all. Beads written ahead by a
// stopped apply and changed in the very second of a read are read again
// once that second is over (see SyncPlan.Fresh), and their rewrites wait
// for the second of o.Now to end, so that a row bd takes in is never one
// an agent's change of the same second would tie with. It returns the
// last plan written and the retries made; giving up is a *GaveUpError that
// names the beads.
func (c *Client) Sync(p *SyncPlan, desired []emit.Bead, o SyncOptions, ao ApplyOptions) (*SyncPlan, []Retry, error) {
	clock, sleep := ao.Clock, ao.Sleep
	if clock == nil {
		clock = time.Now
	}
	if sleep == nil {
		sleep = time.Sleep
	}
	attempts := ao.Attempts
	if attempts <= 0 {
		attempts = MaxAttempts
	}
	waitPast := func(t time.Time) {
		if d := t.Sub(clock()); d > 0 {
			sleep(min(d, maxFreshWait))
		}
	}
	var retries []Retry
	var splits []int
	defer func() { p.Splits = splits }()
	for attempt := 1; ; attempt++ {
		var ids []string
		fresh := len(p.Fresh) > 0
		if fresh {
			ids = slices.Clone(p.Fresh)
			waitPast(p.FreshUntil.Add(time.Second))
		} else {
			if len(p.Rewrites) > 0 {
				waitPast(p.Now.Add(time.Second))
			}
			err := c.Apply(p, ao.Progress)
			splits = append(splits, p.Splits...)
			var ke *KeptError
			if !errors.As(err, &ke) {
				return p, retries, err
			}
			ids = ke.IDs
		}
		if attempt >= attempts {
			return p, retries, &GaveUpError{IDs: ids, Attempts: attempt, Fresh: fresh}
		}
		retries = append(retries, Retry{Attempt: attempt + 1, IDs: ids, Fresh: fresh})
		if ao.Progress != nil {
			ao.Progress(Progress{Step: "reading changed beads again", Done: 0, Total: len(ids)})
		}
		o.Now = clock()
		next, err := c.Plan(desired, o)
		if err != nil {
			return p, retries, err
		}
		p = next
	}
}
