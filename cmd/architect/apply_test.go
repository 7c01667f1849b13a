package main

// Tests of apply's flow against a fake bd; apply_bd_test.go runs the real one.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeBD is a fake bd, and the plan fakeApply made for it.
type fakeBD struct {
	*bdtest.Fake
	plan, exe, dir string
}

func emptyDB() *fakeBD {
	return &fakeBD{Fake: &bdtest.Fake{Replies: map[string]string{
		"version --json":                 `{"version":"1.3.0","build":"dev"}`,
		"where --json":                   `{"path":"/r/.beads","prefix":"tp"}`,
		"config get types.custom --json": `{"key":"types.custom","value":"epic-x"}`,
		"export":                         ``,
		"import --json -":                `{"created":3,"source":"stdin"}`,
		"config set types.custom epic-x,beads-ralph-work,beads-ralph-merge": `Set`,
	}}}
}

func threeSprints(a1, a2, a3 string) string {
	return "## Phase 1: A\n### Sprint 1.1: One\n" + a1 + "- one\n### Sprint 1.2: Two\n" + a2 + "- two\n### Sprint 1.3: Three\n" + a3 + "- three\n"
}

// fakeApply runs apply on a three-sprint plan against f.
func fakeApply(t *testing.T, f *fakeBD, opts applyOptions) (string, error) {
	t.Helper()
	f.dir = t.TempDir()
	f.plan = filepath.Join(f.dir, "plan.md")
	require.NoError(t, os.WriteFile(f.plan, []byte(threeSprints("", "", "")), 0o644))
	f.exe = filepath.Join(f.dir, "bd")
	require.NoError(t, os.WriteFile(f.exe, []byte("#!/bin/sh\n"), 0o755))
	return runFake(t, f, opts)
}

// runFake runs apply again on the plan fakeApply made.
func runFake(t *testing.T, f *fakeBD, opts applyOptions) (string, error) {
	t.Helper()
	out, _, err := runFakeEnv(t, f, opts, nil)
	return out, err
}

// runFakeEnv runs apply on the plan fakeApply made, with stderr a terminal
// when terminal is set, and returns stdout and stderr.
func runFakeEnv(t *testing.T, f *fakeBD, opts applyOptions, terminal func(io.Writer) bool) (string, string, error) {
	t.Helper()
	opts.plan, opts.bd, opts.repo = f.plan, f.exe, f.dir
	var out, errb bytes.Buffer
	ae := applyEnv{
		now:      func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		bd:       func(string, string) bdsync.Runner { return f.Fake },
		terminal: terminal,
		tick:     time.Hour,
		sleep:    func(time.Duration) {},
	}
	err := runApply(&opts, streams{out: &out, err: &errb}, func(string) string { return "" }, ae)
	return out.String(), errb.String(), err
}

// TestApplyProgress: on a terminal, stderr shows what apply writes, how
// many of how many, and erases the line when done; elsewhere stderr gets
// nothing but the plan's warnings.
func TestApplyProgress(t *testing.T) {
	f := emptyDB()
	_, err := fakeApply(t, f, applyOptions{noAnnotate: true})
	require.NoError(t, err)
	_, quiet, err := runFakeEnv(t, f, applyOptions{noAnnotate: true}, nil)
	require.NoError(t, err)
	assert.NotContains(t, quiet, "\r")
	assert.NotContains(t, quiet, "importing")

	_, stderr, err := runFakeEnv(t, f, applyOptions{noAnnotate: true}, func(io.Writer) bool { return true })
	require.NoError(t, err)
	assert.Equal(t, quiet+"\r\x1b[Karchitect: importing beads: 0 of 3 (0s)\r\x1b[Karchitect: importing beads: 3 of 3 (0s)\r\x1b[K", stderr)
}

// TestApplyProgressLine: other output goes above the line, and the clock
// redraws it.
func TestApplyProgressLine(t *testing.T) {
	var b progressBuffer
	l := newApplyProgress(&b, time.Hour)
	l.update(bdsync.Progress{Step: "importing beads", Done: 250, Total: 1000})
	fmt.Fprintf(l, "bd import --json - (8.00s)\n")
	l.close()
	l.close()
	fmt.Fprintf(l, "after\n")
	assert.Equal(t, "\r\x1b[Karchitect: importing beads: 250 of 1000 (0s)"+
		"\r\x1b[Kbd import --json - (8.00s)\n\r\x1b[Karchitect: importing beads: 250 of 1000 (0s)"+
		"\r\x1b[Kafter\n", b.String())

	b.Reset()
	l = newApplyProgress(&b, time.Millisecond)
	l.update(bdsync.Progress{Step: "closing beads", Done: 0, Total: 2})
	require.Eventually(t, func() bool { return strings.Count(b.String(), "closing beads") > 2 }, 5*time.Second, time.Millisecond)
	l.close()
	assert.True(t, strings.HasSuffix(b.String(), "\r\x1b[K"), "%q", b.String())
}

// progressBuffer is a bytes.Buffer the progress line's clock may write to.
type progressBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *progressBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *progressBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *progressBuffer) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}

func TestApplyFirstSync(t *testing.T) {
	f := emptyDB()
	out, err := fakeApply(t, f, applyOptions{})
	require.NoError(t, err)
	assert.Equal(t, `bd 1.3.0, database /r/.beads, prefix tp
types.custom: adding beads-ralph-work, beads-ralph-merge

  + tp-3tsisb  1.1  One
  + tp-41l42h  1.2  Two
  + tp-4i9kk8  1.3  Three

Plan: 3 to create, 0 to update, 0 unchanged.
Applied: 3 created, 0 updated, 0 closed.
Annotated PLAN: 3 bead ids written.
`, strings.Replace(out, f.plan, "PLAN", 1))
	assert.Equal(t, []string{"version --json", "where --json", "config get types.custom --json", "export",
		"config set types.custom epic-x,beads-ralph-work,beads-ralph-merge", "import --json -"}, f.Calls)
	lines := strings.Split(strings.TrimSpace(string(f.Stdin["import --json -"])), "\n")
	require.Len(t, lines, 3)
	assert.Contains(t, lines[0], `"id":"tp-4i9kk8"`, "the last sprint comes first")
	assert.Contains(t, lines[0], `"updated_at":"2026-01-02T03:04:05Z"`)
	plan, err := os.ReadFile(f.plan)
	require.NoError(t, err)
	assert.Equal(t, threeSprints(
		"<!-- beads-ralph: tp-3tsisb -->\n",
		"<!-- beads-ralph: tp-41l42h -->\n",
		"<!-- beads-ralph: tp-4i9kk8 -->\n"), string(plan))

	// The annotated plan compiles to the same beads: nothing to do, and
	// nothing to annotate.
	f.Calls = nil
	out, err = runFake(t, f, applyOptions{})
	require.NoError(t, err)
	assert.Equal(t, "bd 1.3.0, database /r/.beads, prefix tp\ntypes.custom: adding beads-ralph-work, beads-ralph-merge\n\n"+
		"  + tp-3tsisb  1.1  One\n  + tp-41l42h  1.2  Two\n  + tp-4i9kk8  1.3  Three\n\n"+
		"Plan: 3 to create, 0 to update, 0 unchanged.\nApplied: 3 created, 0 updated, 0 closed.\n", out,
		"the fake database stays empty, but the plan is annotated already")
}

// TestApplyPlanChangedMeanwhile: a plan edited while apply ran is not
// annotated.
func TestApplyPlanChangedMeanwhile(t *testing.T) {
	f := emptyDB()
	f.OnCall = func(key string) {
		if key == "import --json -" {
			require.NoError(t, os.WriteFile(f.plan, []byte(threeSprints("", "", "")+"More.\n"), 0o644))
		}
	}
	out, err := fakeApply(t, f, applyOptions{})
	assert.Contains(t, out, "Applied: 3 created")
	require.EqualError(t, err, "the beads database is in sync, but the bead ids were not written into "+f.plan+": the file changed since it was read; nothing was written")
}

func TestApplyDryRunFake(t *testing.T) {
	f := emptyDB()
	out, err := fakeApply(t, f, applyOptions{dryRun: true})
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, "Plan: 3 to create, 0 to update, 0 unchanged.\nDry run: nothing was written.\n"), out)
	assert.Equal(t, []string{"version --json", "where --json", "config get types.custom --json", "export"}, f.Calls)
}

func TestApplyRefusesOldBD(t *testing.T) {
	f := emptyDB()
	f.Replies["version --json"] = `{"version":"1.2.9"}`
	_, err := fakeApply(t, f, applyOptions{noAnnotate: true})
	require.EqualError(t, err, "bd 1.2.9 is too old: architect apply needs bd v1.3.0 or newer")
	assert.Equal(t, []string{"version --json"}, f.Calls)
}

func TestApplyNoDatabase(t *testing.T) {
	f := emptyDB()
	f.Replies["where --json"] = `{"error":"no_beads_directory","message":"No active beads workspace found."}`
	f.Fail = map[string]error{"where --json": errors.New("exit status 1")}
	_, err := fakeApply(t, f, applyOptions{noAnnotate: true})
	require.Error(t, err)
	assert.Regexp(t, `^no beads database in .*: run "bd init" there first \(bd init --prefix NAME sets the issue prefix\)$`, err.Error())
}

// TestApplyImportKeptRows: when bd keeps its own copy of a row, or drops a
// dependency, the database does not match the plan: apply says so.
func TestApplyImportKeptRows(t *testing.T) {
	f := emptyDB()
	f.Replies["import --json -"] = `{"created":1,"stale_skipped_ids":["tp-41l42h"],"skipped_dependencies":["tp-4i9kk8 -> tp-41l42h: target not found"]}`
	_, err := fakeApply(t, f, applyOptions{noAnnotate: true})
	require.EqualError(t, err, "bd kept its own copy of tp-41l42h, changed while apply ran; run apply again\nbd skipped the dependency tp-4i9kk8 -> tp-41l42h: target not found")
}

func TestApplyBDFailure(t *testing.T) {
	f := emptyDB()
	f.Fail = map[string]error{"import --json -": &bdsync.Error{Args: []string{"import", "--json", "-"}, Stderr: "Error: import failed: boom\n", Err: errors.New("exit status 1")}}
	_, err := fakeApply(t, f, applyOptions{noAnnotate: true})
	require.EqualError(t, err, "bd import --json -: Error: import failed: boom")
}

func TestFindBD(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "bd")
	require.NoError(t, os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755))
	got, err := findBD("", func(k string) string {
		return map[string]string{"PATH": "/nonexistent" + string(filepath.ListSeparator) + dir}[k]
	})
	require.NoError(t, err)
	assert.Equal(t, exe, got)

	_, err = findBD("", func(string) string { return "/nonexistent" })
	require.EqualError(t, err, "bd not found on PATH: install beads (bd v1.3.0 or newer) or pass --bd PATH")

	_, err = findBD(filepath.Join(dir, "missing"), func(string) string { return "" })
	var ue *usageError
	require.ErrorAs(t, err, &ue)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plain"), nil, 0o644))
	_, err = findBD(filepath.Join(dir, "plain"), func(string) string { return "" })
	require.ErrorAs(t, err, &ue)
}
