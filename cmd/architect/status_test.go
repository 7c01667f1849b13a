package main

// Tests of status and graph --live against a fake bd; status_bd_test.go
// runs the real one.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/beads-architect/architect/emit/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statusFixture is a plan in a repository, and a fake bd whose database
// holds some of the plan's beads.
type statusFixture struct {
	dir, plan, exe string
	fake           *bdtest.Fake
	beads          []emit.Bead
}

const statusFakePlan = "## Phase 1: A\n### Sprint 1.1: One\n- one\n### Sprint 1.2a: Left\n- left\n### Sprint 1.2b: Right\n- right\n### Sprint 1.3: Join\n- join\n"

func newStatusFixture(t *testing.T, src string) *statusFixture {
	t.Helper()
	f := &statusFixture{dir: t.TempDir()}
	f.plan = filepath.Join(f.dir, "plan.md")
	require.NoError(t, os.WriteFile(f.plan, []byte(src), 0o644))
	f.exe = filepath.Join(f.dir, "bd")
	require.NoError(t, os.WriteFile(f.exe, []byte("#!/bin/sh\n"), 0o755))
	f.fake = &bdtest.Fake{Replies: map[string]string{
		"version --json": `{"version":"1.3.0","build":"dev"}`,
		"where --json":   `{"path":"/r/.beads","prefix":"tp"}`,
		"export":         ``,
	}}
	c, err := compilePlan(f.plan, planFlags{repo: f.dir, prefix: "tp"}, nil, noEnv)
	require.NoError(t, err)
	require.False(t, c.failed(), "%v", c.diags)
	f.beads = c.beads
	return f
}

// setDB fills the fake database with the plan's beads in the given
// statuses, by sprint; sprints not named are not in it.
func (f *statusFixture) setDB(t *testing.T, statuses map[string]string) {
	t.Helper()
	var lines []string
	for _, b := range f.beads {
		st, ok := statuses[b.Metadata.Sprint]
		if !ok {
			continue
		}
		b.Status = st
		data, err := json.Marshal(emit.ToRecord(b))
		require.NoError(t, err)
		lines = append(lines, string(data))
	}
	f.fake.Replies["export"] = strings.Join(lines, "\n") + "\n"
}

func (f *statusFixture) id(sprint string) string {
	for _, b := range f.beads {
		if b.Metadata.Sprint == sprint {
			return b.ID
		}
	}
	return ""
}

var statusClock = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// run runs status on the fixture's plan and returns stdout, stderr and the
// exit code.
func (f *statusFixture) run(t *testing.T, opts statusOptions) (string, string, int) {
	t.Helper()
	opts.plan, opts.bd, opts.repo = f.plan, f.exe, f.dir
	f.fake.Calls = nil
	var out, errb bytes.Buffer
	ae := applyEnv{now: func() time.Time { return statusClock }, bd: func(string, string) bdsync.Runner { return f.fake }}
	err := runStatus(&opts, streams{out: &out, err: &errb}, noEnv, ae)
	code := exitCode(&errb, err)
	return out.String(), errb.String(), code
}

func TestStatusFake(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	f.setDB(t, map[string]string{"1.1": "closed", "1.2a": "in_progress", "1.3": "open"})
	out, stderr, code := f.run(t, statusOptions{json: true})
	require.Equal(t, 0, code, stderr)
	// 1.2a is in_progress and nobody claimed it: status says what waits
	// on it and how to release it.
	id := f.id("1.2a")
	assert.Equal(t, f.plan+":4:1: warning: sprint 1.2a is in_progress in bd and nobody holds its bead "+id+
		" (no claim, assignee beads-ralph-scrum-master): bd ready never releases it, so 1 sprint waits on it (1.3); release it: bd close "+id+
		" when its work is done, or bd update "+id+" --status open to hand it to the agents\n", stderr)
	assert.Equal(t, []string{"version --json", "where --json", "export"}, f.fake.Calls, "one read of the database")

	var got struct {
		Counts                review.LiveCounts `json:"counts"`
		Ready                 []string          `json:"ready"`
		RemainingCriticalPath []string          `json:"remaining_critical_path"`
		Drift                 []review.Drift    `json:"drift"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, review.LiveCounts{Sprints: 4, Closed: 1, InProgress: 1, Blocked: 1, Missing: 1, DonePercent: 25}, got.Counts)
	assert.Equal(t, []string{}, got.Ready, "1.3 waits on 1.2a, and 1.2b is not in the database")
	assert.Equal(t, []string{"1.2a", "1.3"}, got.RemainingCriticalPath)
	require.Len(t, got.Drift, 2)
	assert.Equal(t, review.Drift{Kind: review.DriftCreate, Sprint: "1.2b", Bead: f.id("1.2b"), Title: "Right",
		Message: "not in the database; architect apply creates it"}, got.Drift[0])
	assert.Equal(t, review.DriftClosedInDatabase, got.Drift[1].Kind)
	assert.Equal(t, "1.1", got.Drift[1].Sprint)

	text, _, code := f.run(t, statusOptions{})
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(text, "plan.md  (plan.md)\nbd 1.3.0, database /r/.beads, prefix tp\n"+
		"4 sprints: 1 closed, 1 in progress, 0 ready, 1 blocked, 1 not in the database; 25% done\n"), text)
	assert.NotContains(t, text, "\x1b[", "no colour off a terminal")
}

// Colour only on a terminal, never with NO_COLOR.
func TestStatusColor(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	f.setDB(t, map[string]string{"1.1": "closed"})
	for _, c := range []struct {
		tty     bool
		noColor string
		color   bool
	}{{false, "", false}, {true, "", true}, {true, "1", false}} {
		var out, errb bytes.Buffer
		ae := applyEnv{now: func() time.Time { return statusClock }, bd: func(string, string) bdsync.Runner { return f.fake }}
		getenv := func(k string) string {
			if k == "NO_COLOR" {
				return c.noColor
			}
			return ""
		}
		opts := statusOptions{plan: f.plan, liveFlags: liveFlags{bd: f.exe, repo: f.dir}}
		require.NoError(t, runStatus(&opts, streams{out: &out, err: &errb, tty: c.tty}, getenv, ae))
		assert.Equal(t, c.color, strings.Contains(out.String(), "\x1b["), "tty %v, NO_COLOR %q", c.tty, c.noColor)
	}
}

func TestStatusCheck(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	f.setDB(t, map[string]string{"1.1": "open", "1.2a": "open", "1.2b": "open", "1.3": "open"})
	_, stderr, code := f.run(t, statusOptions{check: true})
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)

	f.setDB(t, map[string]string{"1.1": "closed", "1.2a": "open", "1.2b": "open", "1.3": "open"})
	out, stderr, code := f.run(t, statusOptions{check: true})
	assert.Equal(t, 1, code)
	assert.Equal(t, f.plan+": drift: 1 difference between the plan and the beads database\n", stderr)
	assert.Contains(t, out, "\nDrift (1)\n", "the report is printed too")

	out, _, code = f.run(t, statusOptions{check: true, json: true})
	assert.Equal(t, 1, code)
	assert.True(t, json.Valid([]byte(out)))
}

func TestStatusErrors(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	for _, c := range []struct {
		name   string
		setup  func()
		stderr string
	}{
		{"no database", func() { f.fake.Replies["where --json"] = `{"error":"no_beads_directory"}` },
			"architect: no beads database in " + f.dir + ": run \"bd init\" there, then architect apply " + f.plan + "\n"},
		{"no prefix", func() {
			f.fake.Replies["where --json"] = `{"path":"/r/.beads"}`
			f.fake.Replies["config get issue_prefix --json"] = `{"key":"issue_prefix","value":""}`
		},
			"architect: cannot read the beads database /r/.beads: bd reports no issue prefix for it (bd where, bd config get issue_prefix); is it initialised?\n"},
		{"bd export fails", func() {
			f.fake.Fail = map[string]error{"export": &bdsync.Error{Args: []string{"export"}, Stderr: "Error: failed to open database: corrupt manifest", Err: errors.New("exit status 1")}}
		}, "architect: cannot read the beads database /r/.beads: bd export: Error: failed to open database: corrupt manifest\n"},
		{"bd export unreadable", func() { f.fake.Replies["export"] = "{\"id\":\"tp-1\"}\n{\"id\": 7}\n" },
			"architect: cannot read the beads database /r/.beads: bd export line 2: not a bead: id is a JSON number, want a string\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.fake.Replies["where --json"] = `{"path":"/r/.beads","prefix":"tp"}`
			f.fake.Replies["export"] = ""
			f.fake.Fail = nil
			c.setup()
			out, stderr, code := f.run(t, statusOptions{})
			assert.Equal(t, 1, code)
			assert.Empty(t, out)
			assert.Equal(t, c.stderr, stderr)
		})
	}
}

// A plan annotated with beads of another prefix, beside a database that
// holds none of them: the wrong database. One that holds them is fine.
func TestStatusOtherDatabase(t *testing.T) {
	src := strings.Replace(statusFakePlan, "### Sprint 1.1: One\n", "### Sprint 1.1: One\n<!-- beads-ralph: zz-abc123 -->\n", 1)
	f := newStatusFixture(t, src)
	f.setDB(t, map[string]string{})
	out, stderr, code := f.run(t, statusOptions{})
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "architect: the beads database /r/.beads (prefix tp) holds no bead of plan.md, whose annotations name beads such as zz-abc123: it is another plan's database; run architect in the plan's repository, or pass --repo\n", stderr)

	f.setDB(t, map[string]string{"1.2a": "open"})
	_, stderr, code = f.run(t, statusOptions{})
	assert.Equal(t, 0, code, stderr)

	// Annotations of the database's own prefix: the beads are gone, and
	// the drift says so.
	g := newStatusFixture(t, strings.Replace(statusFakePlan, "### Sprint 1.1: One\n", "### Sprint 1.1: One\n<!-- beads-ralph: tp-abc123 -->\n", 1))
	out, stderr, code = g.run(t, statusOptions{})
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "  Annotations naming a bead the database does not hold:\n    1.1  plan.md:3 names tp-abc123\n")
}

func TestStatusWrite(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	f.setDB(t, map[string]string{"1.1": "closed", "1.2a": "in_progress", "1.2b": "blocked", "1.3": "open"})
	before, err := os.ReadFile(f.plan)
	require.NoError(t, err)

	out, stderr, code := f.run(t, statusOptions{write: true, dryRun: true})
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "--- a/"+f.plan+"\n+++ b/"+f.plan+"\n@@ -1,9 +1,12 @@\n ## Phase 1: A\n ### Sprint 1.1: One\n+**Status**: ✅ Done\n - one\n"+
		" ### Sprint 1.2a: Left\n+**Status**: 🔄 In progress\n - left\n ### Sprint 1.2b: Right\n+**Status**: ⛔ Blocked\n - right\n ### Sprint 1.3: Join\n - join\n", out)
	after, err := os.ReadFile(f.plan)
	require.NoError(t, err)
	assert.Equal(t, before, after, "--dry-run writes nothing")

	out, stderr, code = f.run(t, statusOptions{write: true})
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, out)
	assert.Equal(t, f.plan+": 3 statuses written (3 inserted, 0 replaced), 1 unchanged\n", stderr)
	written, err := os.ReadFile(f.plan)
	require.NoError(t, err)

	// Idempotent; then the plan agrees with the database, and a change in
	// the database replaces the line written.
	_, stderr, code = f.run(t, statusOptions{write: true})
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, f.plan+": statuses up to date\n", stderr)
	again, err := os.ReadFile(f.plan)
	require.NoError(t, err)
	assert.Equal(t, written, again)
	_, stderr, code = f.run(t, statusOptions{check: true})
	assert.Equal(t, 0, code, stderr)

	f.setDB(t, map[string]string{"1.1": "closed", "1.2a": "closed", "1.2b": "blocked", "1.3": "open"})
	_, stderr, code = f.run(t, statusOptions{write: true})
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, f.plan+": 1 status written (0 inserted, 1 replaced), 3 unchanged\n", stderr)
	now, err := os.ReadFile(f.plan)
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(string(written), "**Status**: 🔄 In progress", "**Status**: ✅ Done", 1), string(now))
}

func TestStatusFlags(t *testing.T) {
	for _, c := range []struct {
		argv   []string
		stderr string
	}{
		{[]string{"status", "-"}, "architect: status needs a plan file, not stdin: the beads record the plan's path\n"},
		{[]string{"status", "--dry-run", "p.md"}, "architect: --dry-run goes with --write: status alone writes nothing\n"},
		{[]string{"status", "--write", "--json", "p.md"}, "architect: --write edits the plan; it takes no --json or --check\n"},
		{[]string{"status", "--write", "--check", "p.md"}, "architect: --write edits the plan; it takes no --json or --check\n"},
		{[]string{"graph", "--bd", "bd", "p.md"}, "architect: --bd goes with --live: only a live graph reads the database\n"},
		{[]string{"graph", "--live", "-"}, "architect: --live needs a plan file, not stdin: the beads record the plan's path\n"},
		{[]string{"graph", "--live", "--prefix", "x", "p.md"}, "architect: --live compiles the plan as apply does, with the database's prefix; it takes no --prefix or --now\n"},
	} {
		var out, errb bytes.Buffer
		code := Main(c.argv, streams{in: strings.NewReader(""), out: &out, err: &errb}, noEnv)
		assert.Equal(t, 2, code, "%v", c.argv)
		assert.Equal(t, c.stderr, errb.String(), "%v", c.argv)
	}
}

func TestGraphLiveFake(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	f.setDB(t, map[string]string{"1.1": "closed", "1.2a": "in_progress", "1.3": "open"})
	run := func(format string) string {
		t.Helper()
		var out, errb bytes.Buffer
		ae := applyEnv{now: func() time.Time { return statusClock }, bd: func(string, string) bdsync.Runner { return f.fake }}
		opts := &graphOptions{plan: f.plan, format: format, live: true, critical: true, bd: f.exe}
		opts.repo = f.dir
		require.NoError(t, runGraph(opts, streams{out: &out, err: &errb}, noEnv, ae), errb.String())
		return out.String()
	}
	var doc review.GraphDoc
	require.NoError(t, json.Unmarshal([]byte(run("json")), &doc))
	states := map[string]string{}
	for _, n := range doc.Nodes {
		states[n.ID] = n.Live
	}
	assert.Equal(t, map[string]string{"1.1": "closed", "1.2a": "in_progress", "1.2b": "missing", "1.3": "blocked"}, states)
	require.NotNil(t, doc.Live)
	assert.Equal(t, []string{"1.2a", "1.3"}, doc.Live.RemainingCriticalPath)
	assert.Contains(t, run("dot"), `subgraph "cluster_legend"`)
	assert.Contains(t, run("mermaid"), "  class s1_2a,live_in_progress in_progress\n")
}

// TestStatusAppliedSourceBranch: with no setting naming the source branch,
// status holds the plan to the branch its applied beads record, not to the
// repository's default, so a database applied from develop shows no drift;
// a setting still wins, and shows as drift for apply to write.
func TestStatusAppliedSourceBranch(t *testing.T) {
	f := newStatusFixture(t, statusFakePlan)
	c, err := compilePlan(f.plan, planFlags{repo: f.dir, prefix: "tp", sourceBranch: "develop"}, nil, noEnv)
	require.NoError(t, err)
	f.beads = c.beads
	f.setDB(t, map[string]string{"1.1": "open", "1.2a": "open", "1.2b": "open", "1.3": "open"})
	_, stderr, code := f.run(t, statusOptions{check: true})
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)

	out, stderr, code := f.run(t, statusOptions{check: true, liveFlags: liveFlags{sourceBranch: "main"}})
	assert.Equal(t, 1, code)
	assert.Equal(t, f.plan+": drift: 4 differences between the plan and the beads database\n", stderr)
	assert.Contains(t, out, "source_branch", out)
}

// TestStatusInLinkedWorktree: status from a sprint's linked worktree, with
// the plan's path relative to it, runs bd in the main worktree, where the
// database is, and holds the plan to the same beads: no drift.
func TestStatusInLinkedWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	writeTestFile(t, filepath.Join(root, "plans", "p.md"), statusFakePlan)
	gitIn(t, base, "init", "-q", "-b", "main", root)
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-q", "-m", "plan")
	c, err := compilePlan(filepath.Join(root, "plans", "p.md"), planFlags{prefix: "tp"}, nil, noEnv)
	require.NoError(t, err)
	wt := filepath.Join(base, "shop-worktrees", "beads", "p", "1-1-one")
	gitIn(t, root, "worktree", "add", "-q", "-b", "beads/p/1-1-one", wt)

	f := &statusFixture{dir: wt, plan: filepath.Join(wt, "plans", "p.md"), exe: filepath.Join(base, "bd"), beads: c.beads}
	require.NoError(t, os.WriteFile(f.exe, []byte("#!/bin/sh\n"), 0o755))
	f.fake = &bdtest.Fake{Replies: map[string]string{
		"version --json": `{"version":"1.3.0","build":"dev"}`,
		"where --json":   `{"path":"` + root + `/.beads","prefix":"tp"}`,
	}}
	f.setDB(t, map[string]string{"1.1": "in_progress", "1.2a": "open", "1.2b": "open", "1.3": "open"})
	var dirs []string
	var out, errb bytes.Buffer
	ae := applyEnv{now: func() time.Time { return statusClock }, bd: func(_, dir string) bdsync.Runner { dirs = append(dirs, dir); return f.fake }}
	t.Chdir(wt)
	opts := statusOptions{plan: "plans/p.md", check: true, liveFlags: liveFlags{bd: f.exe}}
	err = runStatus(&opts, streams{out: &out, err: &errb}, noEnv, ae)
	require.NoError(t, err, errb.String())
	require.Equal(t, []string{root}, dirs)
	require.NotContains(t, out.String(), "Drift")
}
