package main

// Tests of apply while others write to the database, and of an apply that
// stops halfway, against bdtest.Memory, a fake bd that keeps a database.
// team_dolt_test.go runs the same against a real Dolt server.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memRepo is a plan beside a bdtest.Memory database, and a clock that
// moves only when apply sleeps or the test moves it.
type memRepo struct {
	t    *testing.T
	db   *bdtest.Memory
	dir  string
	plan string
	exe  string
	now  time.Time
}

func newMemRepo(t *testing.T, plan string) *memRepo {
	r := &memRepo{t: t, db: bdtest.NewMemory("tm"), dir: t.TempDir(), now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	r.db.Clock = func() time.Time { return r.now }
	r.plan = filepath.Join(r.dir, "plan.md")
	r.exe = filepath.Join(r.dir, "bd")
	require.NoError(t, os.WriteFile(r.exe, []byte("#!/bin/sh\n"), 0o755))
	r.write(plan)
	return r
}

func (r *memRepo) write(plan string) {
	require.NoError(r.t, os.WriteFile(r.plan, []byte(plan), 0o644))
}

// apply runs apply with -no-annotate and returns stdout, stderr and the
// error.
func (r *memRepo) apply() (string, string, error) {
	opts := applyOptions{plan: r.plan, bd: r.exe, repo: r.dir, noAnnotate: true}
	var out, errb bytes.Buffer
	ae := applyEnv{
		now:   func() time.Time { return r.now },
		bd:    func(string, string) bdsync.Runner { return r.db },
		tick:  time.Hour,
		sleep: func(d time.Duration) { r.now = r.now.Add(d) },
	}
	err := runApply(&opts, streams{out: &out, err: &errb}, func(string) string { return "" }, ae)
	return out.String(), errb.String(), err
}

func (r *memRepo) issues() map[string]bdsync.Issue {
	m := map[string]bdsync.Issue{}
	issues, err := bdsync.Read(r.db.Export())
	if errors.Is(err, bdsync.ErrEmpty) {
		return m
	}
	require.NoError(r.t, err)
	for _, is := range issues {
		_, dup := m[is.ID]
		require.False(r.t, dup, "bead %s twice", is.ID)
		m[is.ID] = is
	}
	return m
}

// holdsPlan checks that the database holds the plan's n beads, each with
// its blockers.
func (r *memRepo) holdsPlan(n int) {
	t := r.t
	t.Helper()
	db := r.issues()
	require.Len(t, db, n)
	c, err := compilePlan(r.plan, planFlags{prefix: "tm"}, nil, func(string) string { return "" })
	require.NoError(t, err)
	for _, b := range c.beads {
		assert.ElementsMatch(t, b.Dependencies, targets(db[b.ID]), b.Metadata.Sprint)
		is := db[b.ID]
		assert.Equal(t, b.Status, is.Status, b.Metadata.Sprint)
		assert.False(t, is.Pending(), "%s is still marked pending", b.Metadata.Sprint)
	}
}

// offersNothingEarly checks what the database holds part way through an
// apply: every bead bd ready could offer (open or in progress) has all its
// blockers, and every deferred one is a bead written ahead (Pending).
func (r *memRepo) offersNothingEarly(want map[string][]string) {
	t := r.t
	t.Helper()
	for id, is := range r.issues() {
		switch is.Status {
		case "deferred":
			assert.True(t, is.Pending(), "%s is deferred but not pending", id)
			assert.Empty(t, is.Deps, id)
		case "closed":
		default:
			assert.ElementsMatch(t, want[id], targets(is), "%s (%s) is in without its blockers", id, is.Status)
		}
	}
}

// retitledAfterApply applies three sprints, then, a minute later, renames
// sprint 1.2 in the plan: the next apply has one bead to update. It
// returns the repository and the sprints' bead ids.
func retitledAfterApply(t *testing.T) (*memRepo, map[string]string) {
	t.Helper()
	r := newMemRepo(t, threeSprints("", "", ""))
	_, _, err := r.apply()
	require.NoError(t, err)
	ids := r.compiledIDs()
	r.now = r.now.Add(time.Minute)
	r.write(strings.Replace(threeSprints("", "", ""), "Sprint 1.2: Two", "Sprint 1.2: Second", 1))
	return r, ids
}

// TestApplyRetriesChangedBead: an agent takes a bead after apply read
// the database and before it writes it, and the plan renames the sprint,
// so its branch too. The write that moves the branch is guarded by the
// status apply read: bd refuses it, apply reads the bead again and writes
// the plan's title over the agent's work, which stays, with the branch the
// agent may have pushed.
func TestApplyRetriesChangedBead(t *testing.T) {
	r, ids := retitledAfterApply(t)
	agent := r.now.Add(2 * time.Second)
	r.db.Before = func(argv []string, _ []byte) error {
		if argv[0] == "update" && r.db.Before != nil {
			r.db.Before = nil
			r.now = agent.Add(time.Second)
			return r.db.Change(ids["1.2"], agent, map[string]any{"status": "in_progress", "assignee": "dev-7", "notes": "halfway"})
		}
		return nil
	}
	out, stderr, err := r.apply()
	require.NoError(t, err, stderr)
	assert.Contains(t, out, "\nPlan: 0 to create, 1 to update, 2 unchanged.\n"+
		"Retried "+ids["1.2"]+": changed in the database while apply ran; read again and written with those changes kept (attempt 2 of 5).\n"+
		"Applied: 0 created, 1 updated, 0 closed.\n")
	is := r.issues()[ids["1.2"]]
	assert.JSONEq(t, `"Second"`, string(is.Fields["title"]))
	assert.Equal(t, "in_progress", is.Status)
	assert.JSONEq(t, `"dev-7"`, string(is.Fields["assignee"]))
	assert.JSONEq(t, `"halfway"`, string(is.Fields["notes"]))
	assert.Contains(t, string(is.Metadata["branch"]), "-two\"", "the branch it had when the agent took it")

	out, _, err = r.apply()
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, "No changes: 3 beads match plan.md.\n"), out)
}

// TestApplyGivesUpOnBusyBead: a bead whose status changes before every
// guarded write (someone toggles it between open and blocked, never
// starting it) is given up on after five attempts: apply fails and names
// it, and the last status is what the database holds.
func TestApplyGivesUpOnBusyBead(t *testing.T) {
	r, ids := retitledAfterApply(t)
	n := 0
	r.db.Before = func(argv []string, _ []byte) error {
		if argv[0] == "update" {
			n++
			r.now = r.now.Add(3 * time.Second)
			return r.db.Change(ids["1.2"], r.now.Add(-time.Second), map[string]any{"status": []string{"open", "blocked"}[n%2], "notes": fmt.Sprint("change ", n)})
		}
		return nil
	}
	out, _, err := r.apply()
	require.EqualError(t, err, "gave up after 5 attempts: "+ids["1.2"]+" changed in the database while apply ran, each time; "+
		"their changes are kept and the plan's changes to them are not written (every other write is made): run apply again")
	assert.Equal(t, 4, strings.Count(out, "Retried "+ids["1.2"]+": "))
	assert.NotContains(t, out, "Applied:")
	is := r.issues()[ids["1.2"]]
	assert.JSONEq(t, `"Two"`, string(is.Fields["title"]))
	assert.JSONEq(t, `"change 5"`, string(is.Fields["notes"]))
	assert.Equal(t, "blocked", is.Status)
	assert.Equal(t, 1, exitCode(&bytes.Buffer{}, err), "a give-up exits non-zero")
}

// compiledDeps maps each bead the plan compiles to onto its dependencies.
func (r *memRepo) compiledDeps() map[string][]string {
	c, err := compilePlan(r.plan, planFlags{prefix: "tm"}, nil, func(string) string { return "" })
	require.NoError(r.t, err)
	m := map[string][]string{}
	for _, b := range c.beads {
		m[b.ID] = b.Dependencies
	}
	return m
}

// TestApplyOffersNothingEarly: before each import of a big first apply,
// bd ready could offer no bead whose blockers are not all in, and the
// beads written ahead are deferred; a sprint the plan calls done that is
// written ahead is written closed, so what waits on it is free at once.
func TestApplyOffersNothingEarly(t *testing.T) {
	const n = 2*bdsync.ImportSize + 100
	plan := strings.Replace(chainPlan(n), "### Sprint 1.100: Step 100\n", "### Sprint 1.100: Step 100 ✅\n", 1)
	r := newMemRepo(t, plan)
	want := r.compiledDeps()
	var sizes []int
	r.db.Before = func(argv []string, stdin []byte) error {
		if argv[0] == "import" {
			sizes = append(sizes, bytes.Count(stdin, []byte("\n")))
			r.offersNothingEarly(want)
		}
		return nil
	}
	out, _, err := r.apply()
	require.NoError(t, err, out)
	assert.Equal(t, []int{2, bdsync.ImportSize, bdsync.ImportSize, 100}, sizes)
	r.offersNothingEarly(want)
	ids := r.compiledIDs()
	db := r.issues()
	assert.Equal(t, "closed", db[ids["1.100"]].Status)
	for id, is := range db {
		assert.False(t, is.Pending(), id)
	}
	assert.Contains(t, out, fmt.Sprintf("Applied: %d created, 0 updated, 0 closed.\n", n))
}

func (r *memRepo) compiledIDs() map[string]string {
	c, err := compilePlan(r.plan, planFlags{prefix: "tm"}, nil, func(string) string { return "" })
	require.NoError(r.t, err)
	m := map[string]string{}
	for _, b := range c.beads {
		m[b.Metadata.Sprint] = b.ID
	}
	return m
}

// TestApplyResumes: a first apply that dies after its first import (bd was
// killed, the laptop slept) leaves whole beads, each with its
// dependencies; a second apply creates the rest, and nothing twice.
func TestApplyResumes(t *testing.T) {
	const n = 2*bdsync.ImportSize + 100
	r := newMemRepo(t, chainPlan(n))
	imports := 0
	r.db.Before = func(argv []string, _ []byte) error {
		if argv[0] == "import" {
			// The beads written ahead (1.100 and 1.350), the last run, then
			// the middle one, which dies.
			if imports++; imports == 3 {
				return &bdsync.Error{Args: argv, Err: errors.New("signal: killed")}
			}
		}
		return nil
	}
	out, _, err := r.apply()
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("signal: killed\n%d of %d beads were imported, each with its dependencies; the beads written ahead wait deferred, so bd ready offers none of them; apply again to import the rest", bdsync.ImportSize, n))
	assert.NotContains(t, out, "Applied:")
	require.Len(t, r.issues(), bdsync.ImportSize+2)
	r.offersNothingEarly(r.compiledDeps())

	out, _, err = r.apply()
	require.NoError(t, err)
	assert.Contains(t, out, "\nNote: 2 of the beads to create are in the database already, written ahead (deferred, without dependencies) by an apply that stopped; this apply writes them whole.\n")
	assert.Contains(t, out, fmt.Sprintf("\nPlan: %d to create, 0 to update, %d unchanged.\nApplied: %d created, 0 updated, 0 closed.\n", n-bdsync.ImportSize, bdsync.ImportSize, n-bdsync.ImportSize))
	r.holdsPlan(n)
	out, _, err = r.apply()
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, fmt.Sprintf("No changes: %d beads match plan.md.\n", n)), out)
}

// TestApplySplitsOnTimeout: a server that times out on imports of more
// than 100 beads gets them in halves, the earlier beads first; the apply
// finishes in one run and says so.
func TestApplySplitsOnTimeout(t *testing.T) {
	const n = bdsync.ImportSize + 30
	r := newMemRepo(t, chainPlan(n))
	var sizes []int
	r.db.Before = func(argv []string, stdin []byte) error {
		if argv[0] != "import" {
			return nil
		}
		lines := bytes.Count(stdin, []byte("\n"))
		sizes = append(sizes, lines)
		if lines > 50 {
			return &bdsync.Error{Args: argv, Stderr: "Error: [mysql] 2026/01/02 03:04:05 packets.go:58 read tcp 127.0.0.1:50000->127.0.0.1:3307: i/o timeout\n", Err: errors.New("exit status 1")}
		}
		return nil
	}
	out, stderr, err := r.apply()
	require.NoError(t, err)
	assert.Contains(t, out, fmt.Sprintf("Applied: %d created, 0 updated, 0 closed.\n", n))
	want := []int{1} // 1.30, which the first sprint of the other run waits on
	var split func(k int)
	split = func(k int) {
		want = append(want, k)
		if k > 50 {
			split(k / 2)
			split(k - k/2)
		}
	}
	split(bdsync.ImportSize)
	split(30)
	assert.Equal(t, want, sizes)
	assert.Contains(t, stderr, fmt.Sprintf("architect: note: bd's connection timed out on an import of %d beads (nothing of it was written); apply imported them in two halves\n", bdsync.ImportSize))
	r.holdsPlan(n)
}

// TestApplyBesideAgentsMemory is issue 27 against the fake bd: a 45-sprint plan
// is edited (every sprint renamed, so every bead's title, description,
// branch and worktree change) and applied while agents comment on and
// close 20 of its beads, one bd command before each of apply's, without
// pause. apply exits 0 in one run; every close, reason and comment is
// there, every plan edit is written, and a second apply has nothing to do.
func TestApplyBesideAgentsMemory(t *testing.T) {
	const n = 45
	r := newMemRepo(t, chainPlan(n))
	_, _, err := r.apply()
	require.NoError(t, err)
	ids := r.compiledIDs()
	r.now = r.now.Add(time.Minute)
	r.write(strings.NewReplacer("Step ", "Stage ", "Do step", "Do stage").Replace(chainPlan(n)))

	// The agents' work: a comment on each of 20 beads, then their close,
	// one command at a time, then more comments, for as long as apply runs.
	var work [][]string
	closed := map[string]string{}
	comments := map[string][]string{}
	for k := 0; k < 20; k++ {
		id := ids[fmt.Sprintf("1.%d", 2*k+3)]
		work = append(work, []string{"comments", "add", id, fmt.Sprintf("agent note %d", k)})
		comments[id] = append(comments[id], fmt.Sprintf("agent note %d", k))
	}
	for k := 0; k < 20; k++ {
		id := ids[fmt.Sprintf("1.%d", 2*k+3)]
		work = append(work, []string{"close", id, "--force", "--reason", fmt.Sprintf("done by agent %d", k)})
		closed[id] = fmt.Sprintf("done by agent %d", k)
	}
	done, busy := 0, false
	r.db.Before = func([]string, []byte) error {
		if busy { // the agent's own command
			return nil
		}
		busy = true
		defer func() { busy = false }()
		r.now = r.now.Add(300 * time.Millisecond)
		cmd := []string{"comments", "add", ids["1.1"], fmt.Sprintf("late %d", done)}
		if done < len(work) {
			cmd = work[done]
		} else {
			comments[ids["1.1"]] = append(comments[ids["1.1"]], cmd[3])
		}
		done++
		_, err := r.db.Run(nil, cmd...)
		return err
	}
	out, stderr, err := r.apply()
	require.NoError(t, err, "%s\n%s", out, stderr)
	require.Greater(t, done, len(work), "the agents worked through the whole apply")
	assert.Contains(t, out, fmt.Sprintf("Plan: 0 to create, %d to update, 0 unchanged.\n", n))
	assert.Contains(t, out, fmt.Sprintf("Applied: 0 created, %d updated, 0 closed.\n", n))
	t.Logf("%s", out)

	r.db.Before = nil
	db := r.issues()
	c, err := compilePlan(r.plan, planFlags{prefix: "tm"}, nil, func(string) string { return "" })
	require.NoError(t, err)
	for _, b := range c.beads {
		is := db[b.ID]
		assert.JSONEq(t, fmt.Sprintf("%q", b.Title), string(is.Fields["title"]), b.ID)
		assert.JSONEq(t, fmt.Sprintf("%q", b.Description), string(is.Fields["description"]), b.ID)
		assert.ElementsMatch(t, b.Dependencies, targets(is), b.ID)
		if reason, ok := closed[b.ID]; ok {
			assert.Equal(t, "closed", is.Status, b.ID)
			assert.JSONEq(t, fmt.Sprintf("%q", reason), string(is.Fields["close_reason"]), b.ID)
		} else {
			assert.Equal(t, "open", is.Status, b.ID)
			assert.Contains(t, string(is.Metadata["branch"]), "-stage-", "%s: the plan's branch", b.ID)
		}
		assert.Equal(t, sortedCopy(comments[b.ID]), commentTexts(t, is), b.ID)
	}
	out, _, err = r.apply()
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, fmt.Sprintf("No changes: %d beads match plan.md.\n", n)), out)
}
