package main

// Integration tests against the real bd (v1.3.0). Each test gets its own
// HOME and git repository. They skip when bd is not on PATH, and fail
// instead when ARCHITECT_REQUIRE_BD=1 (as .ci/run sets it).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needBD returns the bd on PATH. The tests that run the real bd are slow
// (minutes), so they run only under ARCHITECT_REQUIRE_BD=1, which .ci/run
// sets, and then fail when bd is missing; otherwise they skip.
func needBD(t *testing.T) string {
	t.Helper()
	if os.Getenv("ARCHITECT_REQUIRE_BD") != "1" {
		t.Skip("the real-bd tests run with ARCHITECT_REQUIRE_BD=1 (and bd v1.3.0 on PATH; .ci/run builds it)")
	}
	path, err := exec.LookPath("bd")
	if err == nil {
		_, err = bdsync.NewClient(bdsync.Exec{Path: path, Dir: t.TempDir()}).Version()
	}
	if err != nil {
		msg := fmt.Sprintf("these tests need bd v1.3.0 or newer on PATH (%v); .ci/run builds it into $(go env GOPATH)/bin", err)
		if os.Getenv("ARCHITECT_REQUIRE_BD") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return path
}

// TestBDAvailable fails under ARCHITECT_REQUIRE_BD=1 when bd is missing, so
// the script tests that skip without bd cannot pass silently in CI.
func TestBDAvailable(t *testing.T) { needBD(t) }

// bdRepo is a throwaway git repository with a beads database.
type bdRepo struct {
	t      *testing.T
	dir    string
	prefix string
}

// newBDRepo makes a HOME and a repository, and runs bd init in it. An
// empty prefix skips bd init.
func newBDRepo(t *testing.T, prefix string) *bdRepo {
	t.Helper()
	needBD(t)
	root := t.TempDir()
	home, dir := filepath.Join(root, "home"), filepath.Join(root, "repo")
	require.NoError(t, os.MkdirAll(home, 0o755))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	t.Setenv("HOME", home)
	t.Setenv("BD_NON_INTERACTIVE", "1")
	t.Setenv("BD_DISABLE_METRICS", "1")
	t.Setenv("BEADS_DIR", "")
	t.Setenv("BEADS_ACTOR", "")
	t.Setenv("NO_COLOR", "1")
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	r := &bdRepo{t: t, dir: dir, prefix: prefix}
	for _, argv := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.email", "dev@example.com"}, {"config", "user.name", "dev"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, argv...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", argv, out)
	}
	if prefix != "" {
		r.bd("init", "--prefix", prefix, "--skip-agents", "--skip-hooks", "--non-interactive")
	}
	return r
}

// bd runs bd in the repository and returns its stdout.
func (r *bdRepo) bd(argv ...string) string {
	r.t.Helper()
	cmd := exec.Command("bd", argv...)
	cmd.Dir = r.dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(r.t, cmd.Run(), "bd %v: %s", argv, errb.String())
	return out.String()
}

func (r *bdRepo) write(name, content string) string {
	r.t.Helper()
	path := filepath.Join(r.dir, name)
	require.NoError(r.t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// architect runs architect in-process and returns stdout, stderr and the
// exit code.
func (r *bdRepo) architect(argv ...string) (string, string, int) {
	r.t.Helper()
	var out, errb bytes.Buffer
	code := Main(argv, streams{in: strings.NewReader(""), out: &out, err: &errb}, os.Getenv)
	return out.String(), errb.String(), code
}

// export reads the whole database.
func (r *bdRepo) export() map[string]bdsync.Issue {
	r.t.Helper()
	issues, err := bdsync.Read([]byte(r.bd("export")))
	if errors.Is(err, bdsync.ErrEmpty) {
		err = nil
	}
	require.NoError(r.t, err)
	m := map[string]bdsync.Issue{}
	for _, is := range issues {
		m[is.ID] = is
	}
	return m
}

// ready lists the ids bd ready offers, sorted.
func (r *bdRepo) ready() []string {
	r.t.Helper()
	ids := r.readyInOrder()
	sort.Strings(ids)
	return ids
}

// compiled compiles a plan as apply does, with the database's prefix.
func (r *bdRepo) compiled(plan string) *compiled {
	r.t.Helper()
	c, err := compilePlan(plan, planFlags{prefix: r.prefix}, nil, os.Getenv)
	require.NoError(r.t, err)
	require.False(r.t, c.failed(), "%v", c.diags)
	return c
}

// ids maps sprint ids to bead ids.
func (c *compiled) ids() map[string]string {
	m := map[string]string{}
	for _, b := range c.beads {
		m[b.Metadata.Sprint] = b.ID
	}
	return m
}

// recorder is a bd runner that remembers the commands it ran.
type recorder struct {
	r     bdsync.Runner
	mu    sync.Mutex
	calls [][]string
}

func (rec *recorder) Run(stdin []byte, argv ...string) ([]byte, error) {
	rec.mu.Lock()
	rec.calls = append(rec.calls, argv)
	rec.mu.Unlock()
	return rec.r.Run(stdin, argv...)
}

// applyRecorded runs apply in-process and returns its output and the bd
// commands it ran.
func (r *bdRepo) applyRecorded(opts applyOptions) (string, [][]string) {
	r.t.Helper()
	rec := &recorder{}
	ae := defaultApplyEnv()
	ae.bd = func(path, dir string) bdsync.Runner {
		rec.r = bdsync.Exec{Path: path, Dir: dir}
		return rec
	}
	var out, errb bytes.Buffer
	opts.noAnnotate = true
	err := runApply(&opts, streams{out: &out, err: &errb}, os.Getenv, ae)
	require.NoError(r.t, err, "stderr: %s", errb.String())
	return out.String(), rec.calls
}

const wavesPlan = `# Waves

## Phase 1: Build
### Sprint 1.1: Start
- Start
### Sprint 1.2a: Left
- Left
### Sprint 1.2b: Middle
- Middle
### Sprint 1.2c: Right
- Right
### Sprint 1.2ab: Left and middle
- Merge left and middle
### Sprint 1.3: All
- Everything

## Phase 2: Core
### Sprint 2.1: Core
- Core

## Phase 3a: Track A
### Sprint 3a.1: A one
- A one
### Sprint 3a.2: A two
- A two

## Phase 3b: Track B
### Sprint 3b.1: B one
- B one

## Phase 4: Converge
### Sprint 4.1a: Ship docs
- Docs
### Sprint 4.1b: Ship code
- Code
`

// TestApplyWalkReady: a plan with nested parallel sprints, a phase split
// and a converge, applied to an empty database, then worked wave by wave:
// what bd ready offers is always the planner's next wave.
func TestApplyWalkReady(t *testing.T) {
	r := newBDRepo(t, "wv")
	plan := r.write("plan.md", wavesPlan)
	out, stderr, code := r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\nPlan: 12 to create, 0 to update, 0 unchanged.\nApplied: 12 created, 0 updated, 0 closed.\nAnnotated "+plan+": 12 bead ids written.\n")

	// The plan now names its beads, and applying it again changes nothing.
	c := r.compiled(plan)
	src, err := os.ReadFile(plan)
	require.NoError(t, err)
	assert.Contains(t, string(src), "### Sprint 1.1: Start\n<!-- beads-ralph: "+c.ids()["1.1"]+" -->\n- Start\n")
	assert.Equal(t, strings.Count(string(src), "<!-- beads-ralph: "), 12)
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 12 beads match plan.md.\n"), out)
	src2, err := os.ReadFile(plan)
	require.NoError(t, err)
	assert.Equal(t, src, src2)

	require.Len(t, c.graph.Waves, 8)
	for i, wave := range c.graph.Waves {
		var want []string
		for _, n := range wave {
			want = append(want, c.beads[n.Order].ID)
		}
		sort.Strings(want)
		require.Equal(t, want, r.ready(), "wave %d", i+1)
		r.bd(append([]string{"close", "--actor", emit.ScrumMaster, "--reason", "done"}, want...)...)
	}
	assert.Empty(t, r.ready())

	// bd holds the dependencies the planner computed, as blocks edges.
	db := r.export()
	for _, b := range c.beads {
		var deps []string
		for _, d := range db[b.ID].Deps {
			require.Equal(t, "blocks", d.Type)
			deps = append(deps, d.DependsOnID)
		}
		assert.ElementsMatch(t, b.Dependencies, deps, "sprint %s", b.Metadata.Sprint)
		assert.JSONEq(t, `"`+b.IssueType+`"`, string(db[b.ID].Fields["issue_type"]))
	}
}

// TestCompileJSONLImportsCleanly: bd import takes compile's JSONL without a
// warning, and bd hands back the same metadata.
func TestCompileJSONLImportsCleanly(t *testing.T) {
	r := newBDRepo(t, "jl")
	plan := r.write("plan.md", wavesPlan)
	out, stderr, code := r.architect("compile", "--format", "jsonl", "--prefix", "zz", "--now", "2026-01-02T03:04:05Z", plan)
	require.Equal(t, 0, code, stderr)
	jsonl := r.write("beads.jsonl", out)
	r.bd("config", "set", "types.custom", emit.TypeWork+","+emit.TypeMerge)

	cmd := exec.Command("bd", "import", jsonl)
	cmd.Dir = r.dir
	var stdout, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &errb
	require.NoError(t, cmd.Run(), errb.String())
	assert.Equal(t, "Imported 12 issues from "+jsonl+"\n", errb.String(), "no warnings")
	assert.Empty(t, stdout.String())

	db := r.export()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			ID        string          `json:"id"`
			Metadata  json.RawMessage `json:"metadata"`
			UpdatedAt string          `json:"updated_at"`
			Priority  int             `json:"priority"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		is, ok := db[rec.ID]
		require.True(t, ok, rec.ID)
		assert.JSONEq(t, string(rec.Metadata), string(is.Fields["metadata"]))
		assert.Equal(t, "2026-01-02T03:04:05Z", rec.UpdatedAt)
		assert.Equal(t, "2026-01-02T03:04:05Z", is.UpdatedAt.Format(time.RFC3339))
		assert.JSONEq(t, fmt.Sprint(rec.Priority), string(is.Fields["priority"]))
	}

	// apply (with the database's prefix, jl) finds these beads by plan file
	// and sprint, changes nothing, and writes their zz- ids into the plan.
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 12 beads match plan.md.\nAnnotated "+plan+": 12 bead ids written.\n"), out)
	src, err := os.ReadFile(plan)
	require.NoError(t, err)
	assert.Equal(t, 12, strings.Count(string(src), "<!-- beads-ralph: zz-"))
	assert.Len(t, r.export(), 12)
}

const editPlan = `# Edit loop

## Phase 1: Build
### Sprint 1.1: Start
- Start
### Sprint 1.2a: Left
- Left
### Sprint 1.2b: Middle
- Middle
### Sprint 1.2c: Right
- Right
### Sprint 1.3: Join
- Join everything

## Phase 2: Ship
### Sprint 2.1: Ship
- Ship it
`

// TestApplyEditLoop: close a bead, edit the plan (rename a sprint, add one,
// remove one), apply again: the closed bead stays closed with its runtime
// metadata, the new sprint has the right dependencies, the removed one is
// reported and closed only with --prune, and a last apply is a no-op that
// writes nothing.
func TestApplyEditLoop(t *testing.T) {
	r := newBDRepo(t, "ed")
	r.bd("config", "set", "types.custom", "chore-x")
	plan := r.write("plan.md", editPlan)
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "chore-x,beads-ralph-work,beads-ralph-merge", strings.TrimSpace(r.bd("config", "get", "types.custom")))
	id := r.compiled(plan).ids()

	// The runtime works on the beads.
	r.bd("comments", "add", id["1.1"], "merged in PR 7")
	r.bd("update", id["1.1"], "--set-metadata", "attempt_count=2", "--set-metadata", "pr_url=https://example.com/pr/7",
		"--set-metadata", "dev_agent_session_id=sess-1", "--notes", "flaky test on CI")
	r.bd("close", id["1.1"], "--actor", emit.ScrumMaster, "--reason", "merged")
	r.bd("update", id["1.2a"], "--status", "in_progress", "--assignee", "dev-7")
	r.bd("label", "add", id["1.2a"], "needs-review")
	before := r.export()

	edited := strings.NewReplacer(
		"Sprint 1.2a: Left", "Sprint 1.2a: Left side",
		"### Sprint 1.2c: Right\n- Right\n", "",
		"- Ship it\n", "- Ship it\n### Sprint 2.2: Announce\n- Announce\n",
	).Replace(editPlan)
	r.write("plan.md", edited)
	id2 := r.compiled(plan).ids()
	require.Equal(t, id["1.2a"], id2["1.2a"], "ids do not depend on titles")

	out, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	version := strings.TrimPrefix(strings.Fields(r.bd("version"))[2], "v")
	want := fmt.Sprintf(`bd %s, database %s/.beads, prefix ed

  + %s  2.2   Announce
  ~ %s  1.2a  Left side
      title: "Left" -> "Left side"
      description: "Left" -> "Left side"
      metadata.plan_section: "## Phase 1: Build > ### Sprint 1.2a: Left" -> "## Phase 1: Build > ### Sprint 1.2a: Left side"
      metadata.qa_agents
  ~ %s  1.3   Join
      metadata.branches_to_merge
      dependencies: -%s
  ! %s  1.2c  Right  orphan: its sprint is gone from the plan; --prune closes it

Plan: 1 to create, 2 to update, 3 unchanged, 1 orphan left open.
Applied: 1 created, 2 updated, 0 closed.
`, version, r.dir, id2["2.2"], id["1.2a"], id["1.3"], id["1.2c"], id["1.2c"])
	assert.Equal(t, want, out)

	after := r.export()
	// The closed bead is untouched: same row, same runtime fields.
	closed := after[id["1.1"]]
	assert.Equal(t, "closed", closed.Status)
	assert.Equal(t, before[id["1.1"]].Fields, closed.Fields)
	assert.JSONEq(t, "2", string(closed.Metadata["attempt_count"]))
	assert.JSONEq(t, `"https://example.com/pr/7"`, string(closed.Metadata["pr_url"]))
	assert.Contains(t, string(closed.Fields["comments"]), "merged in PR 7")
	assert.JSONEq(t, `"flaky test on CI"`, string(closed.Fields["notes"]))

	// The renamed bead has the new title and keeps its runtime state.
	renamed := after[id["1.2a"]]
	assert.JSONEq(t, `"Left side"`, string(renamed.Fields["title"]))
	assert.Equal(t, "in_progress", renamed.Status)
	assert.JSONEq(t, `"dev-7"`, string(renamed.Fields["assignee"]))
	assert.Contains(t, renamed.Labels, "needs-review")
	assert.Equal(t, before[id["1.2a"]].Fields["created_at"], renamed.Fields["created_at"])
	assert.JSONEq(t, `"beads/plan/1-2a-left"`, string(renamed.Metadata["branch"]), "work on it started: its branch stays")

	// The new sprint waits on 2.1; 1.3 no longer waits on the removed 1.2c.
	assert.Equal(t, []emit.Dep{{IssueID: id2["2.2"], DependsOnID: id["2.1"], Type: "blocks"}}, depsOf(after[id2["2.2"]]))
	assert.ElementsMatch(t, []string{id["1.2a"], id["1.2b"]}, targets(after[id["1.3"]]))
	// The orphan is reported, not closed, and blocks nothing of the plan.
	assert.Equal(t, "open", after[id["1.2c"]].Status)
	assert.Equal(t, sorted(id["1.2b"], id["1.2c"]), r.ready())
	r.bd("close", id["1.2a"], id["1.2b"], "--force") // 1.2a is assigned to dev-7
	assert.Equal(t, sorted(id["1.2c"], id["1.3"]), r.ready())

	// --prune closes it, with a reason.
	out, _ = r.applyRecorded(applyOptions{plan: plan, prune: true})
	assert.Contains(t, out, fmt.Sprintf("  - %s  1.2c  Right  orphan: its sprint is gone from the plan; closing it\n", id["1.2c"]))
	orphan := r.export()[id["1.2c"]]
	assert.Equal(t, "closed", orphan.Status)
	assert.JSONEq(t, `"sprint 1.2c is no longer in plan.md (architect apply --prune)"`, string(orphan.Fields["close_reason"]))

	// Applying the same plan again changes nothing and writes nothing.
	exported := r.bd("export")
	out, calls := r.applyRecorded(applyOptions{plan: plan, prune: true})
	assert.Equal(t, fmt.Sprintf("bd %s, database %s/.beads, prefix ed\n\nNo changes: 6 beads match plan.md.\n", version, r.dir), out)
	assert.Equal(t, [][]string{{"version", "--json"}, {"where", "--json"}, {"config", "get", "types.custom", "--json"}, {"export"}}, calls)
	assert.Equal(t, exported, r.bd("export"))
}

func sorted(ids ...string) []string {
	sort.Strings(ids)
	return ids
}

func depsOf(is bdsync.Issue) []emit.Dep {
	var deps []emit.Dep
	for _, d := range is.Deps {
		deps = append(deps, emit.Dep{IssueID: d.IssueID, DependsOnID: d.DependsOnID, Type: d.Type})
	}
	return deps
}

func targets(is bdsync.Issue) []string {
	var ids []string
	for _, d := range is.Deps {
		ids = append(ids, d.DependsOnID)
	}
	return ids
}

// TestApplyPlanCompleted: a sprint marked completed in the plan is created
// closed, and closes its open bead on a later apply.
func TestApplyPlanCompleted(t *testing.T) {
	r := newBDRepo(t, "pc")
	plan := r.write("plan.md", "## Phase 1: A\n### Sprint 1.1: One\n**Status**: ✅ COMPLETED\n- one\n### Sprint 1.2: Two\n- two\n### Sprint 1.3: Three\n- three\n")
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(plan).ids()
	assert.Equal(t, []string{id["1.2"]}, r.ready())

	r.write("plan.md", "## Phase 1: A\n### Sprint 1.1: One\n**Status**: ✅ COMPLETED\n- one\n### Sprint 1.2: Two\n**Status**: done\n- two\n### Sprint 1.3: Three\n- three\n")
	out, _ := r.applyRecorded(applyOptions{plan: plan})
	assert.Contains(t, out, "      status: open -> closed\n")
	assert.Contains(t, out, "Plan: 0 to create, 1 to update, 2 unchanged, 1 closed by the plan.\n")
	assert.Equal(t, []string{id["1.3"]}, r.ready())
	assert.JSONEq(t, `"completed in plan.md"`, string(r.export()[id["1.2"]].Fields["close_reason"]))
}

// TestApplyDryRun changes nothing, not even types.custom.
func TestApplyDryRun(t *testing.T) {
	r := newBDRepo(t, "dr")
	plan := r.write("plan.md", editPlan)
	out, calls := r.applyRecorded(applyOptions{plan: plan, dryRun: true})
	assert.Contains(t, out, "types.custom: adding beads-ralph-work, beads-ralph-merge\n")
	assert.Contains(t, out, "Plan: 6 to create, 0 to update, 0 unchanged.\nDry run: nothing was written.\n")
	assert.Equal(t, 4, len(calls), "%v", calls)
	assert.Empty(t, r.export())
	assert.Equal(t, "types.custom (not set)", strings.TrimSpace(r.bd("config", "get", "types.custom")))
}

// TestApplyRefusals: no database, and a bd too old or missing.
func TestApplyRefusals(t *testing.T) {
	r := newBDRepo(t, "")
	plan := r.write("plan.md", editPlan)
	_, stderr, code := r.architect("apply", plan)
	assert.Equal(t, 1, code)
	assert.Equal(t, fmt.Sprintf("architect: no beads database in %s: run \"bd init\" there first (bd init --prefix NAME sets the issue prefix)\n", r.dir), stderr)

	t.Setenv("PATH", t.TempDir())
	_, stderr, code = r.architect("apply", plan)
	assert.Equal(t, 1, code)
	assert.Equal(t, "architect: bd not found on PATH: install beads (bd v1.3.0 or newer) or pass --bd PATH\n", stderr)
}

// chainPlan is a plan of n sprints in one chain: 1.1, 1.2, ... 1.n.
func chainPlan(n int) string {
	var b strings.Builder
	b.WriteString("# Chain\n\n## Phase 1: Chain\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "### Sprint 1.%d: Step %d\n- Do step %d\n", i, i, i)
	}
	return b.String()
}

// holds checks that the database holds exactly the beads: one issue per
// bead and no other, each with the bead's fields (bd leaves empty ones
// out and sorts labels) and exactly its dependencies, as blocks edges. No
// bead is created after it was last updated, and the units' created_at run
// in the plan's ready order (see emit.ReadySpacing), except for ahead:
// beads a stopped apply wrote ahead and a later one finished.
func (r *bdRepo) holds(beads []emit.Bead, ahead ...string) {
	r.t.Helper()
	t := r.t
	db := r.export()
	require.Len(t, db, len(beads))
	type stamp struct {
		b  emit.Bead
		at time.Time
	}
	var stamped []stamp
	for _, b := range beads {
		is, ok := db[b.ID]
		require.True(t, ok, "no issue %s (sprint %s)", b.ID, b.Metadata.Sprint)
		var want map[string]json.RawMessage
		data, err := json.Marshal(emit.ToRecord(b))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &want))
		for k, v := range want {
			switch k {
			case "created_at", "updated_at", "closed_at", "dependencies":
			case "labels":
				assert.ElementsMatch(t, b.Labels, is.Labels, "%s labels", b.ID)
			default:
				got, ok := is.Fields[k]
				if !ok { // bd leaves out what is empty
					var zero any
					require.NoError(t, json.Unmarshal(v, &zero))
					assert.Contains(t, []any{"", nil, float64(0)}, zero, "%s: bd has no %s", b.ID, k)
					continue
				}
				assert.JSONEq(t, string(v), string(got), "%s %s", b.ID, k)
			}
		}
		var deps []emit.Dep
		for _, d := range b.Dependencies {
			deps = append(deps, emit.Dep{IssueID: b.ID, DependsOnID: d, Type: "blocks"})
		}
		assert.ElementsMatch(t, deps, depsOf(is), "%s dependencies", b.ID)
		var created, updated time.Time
		require.NoError(t, json.Unmarshal(is.Fields["created_at"], &created))
		require.NoError(t, json.Unmarshal(is.Fields["updated_at"], &updated))
		assert.False(t, created.After(updated), "%s: created after it was last updated", b.ID)
		if !slices.Contains(ahead, b.ID) && b.IsWork() {
			stamped = append(stamped, stamp{b, created})
		}
	}
	// The units' created_at follow the plan's ready order (the emitter's
	// stamps, by rank), one bead after another: bd ready lists them so.
	sort.SliceStable(stamped, func(i, j int) bool { return stamped[i].b.CreatedAt < stamped[j].b.CreatedAt })
	for i := 1; i < len(stamped); i++ {
		assert.True(t, stamped[i].at.After(stamped[i-1].at), "%s (sprint %s) is created at %s, not after %s (sprint %s) before it in ready order",
			stamped[i].b.ID, stamped[i].b.Metadata.Sprint, stamped[i].at, stamped[i-1].b.ID, stamped[i-1].b.Metadata.Sprint)
	}
}

// TestApplyScale: the first apply of a chain into an empty database holds
// exactly the plan's beads, and applying again changes nothing. 200 sprints
// always; with ARCHITECT_BD_SCALE=1 also 1,000 chained sprints and a
// generated 1,000-sprint plan (1,398 edges). The times are logged (-v).
func TestApplyScale(t *testing.T) {
	plans := []struct {
		name string
		src  func() string
	}{{"chain-200", func() string { return chainPlan(200) }}}
	if os.Getenv("ARCHITECT_BD_SCALE") == "1" {
		plans = append(plans,
			struct {
				name string
				src  func() string
			}{"chain-1000", func() string { return chainPlan(1000) }},
			struct {
				name string
				src  func() string
			}{"plangen-1000", func() string { return string(plangen.Plan(1000)) }})
	}
	for _, p := range plans {
		t.Run(p.name, func(t *testing.T) {
			r := newBDRepo(t, "sc")
			plan := r.write("plan.md", p.src())
			start := time.Now()
			out, stderr, code := r.architect("apply", "--no-annotate", plan)
			first := time.Since(start)
			require.Equal(t, 0, code, stderr)
			c := r.compiled(plan)
			n := len(c.beads)
			assert.Contains(t, out, fmt.Sprintf("\nPlan: %d to create, 0 to update, 0 unchanged.\nApplied: %d created, 0 updated, 0 closed.\n", n, n))
			r.holds(c.beads)

			start = time.Now()
			out, stderr, code = r.architect("apply", "--no-annotate", plan)
			again := time.Since(start)
			require.Equal(t, 0, code, stderr)
			assert.True(t, strings.HasSuffix(out, fmt.Sprintf("\nNo changes: %d beads match plan.md.\n", n)), out)
			edges := 0
			for _, b := range c.beads {
				edges += len(b.Dependencies)
			}
			t.Logf("%d sprints, %d edges: first apply %.1fs, again %.1fs", n, edges, first.Seconds(), again.Seconds())
			if os.Getenv("ARCHITECT_BD_SCALE") == "1" {
				edit, calls := applyEdit(t, r, plan, p.src())
				t.Logf("%d sprints: every sprint renamed, apply %.1fs (%d bd calls)", n, edit.Seconds(), calls)
			}
		})
	}
}

// sprintHeading is a sprint heading of chainPlan and plangen's plans.
var sprintHeading = regexp.MustCompile(`(?m)^(### Sprint [^:\n]+: .*)$`)

// applyEdit renames every sprint of the plan src that r holds (so every
// bead's title, description or prompts, plan section, branch and worktree
// change), applies it, checks that the database holds the edited plan,
// and returns how long apply took and how many bd calls it made.
func applyEdit(t *testing.T, r *bdRepo, plan, src string) (time.Duration, int) {
	t.Helper()
	r.write("plan.md", sprintHeading.ReplaceAllString(src, "${1} v2"))
	c := r.compiled(plan)
	start := time.Now()
	out, calls := r.applyRecorded(applyOptions{plan: plan})
	took := time.Since(start)
	assert.Contains(t, out, fmt.Sprintf("\nPlan: 0 to create, %d to update, 0 unchanged.\nApplied: 0 created, %d updated, 0 closed.\n", len(c.beads), len(c.beads)))
	var ids []string
	for _, b := range c.beads {
		ids = append(ids, b.ID)
	}
	r.holds(c.beads, ids...) // updated after they were created
	return took, len(calls)
}

// readmeBlock returns the first fenced block of docs/apply.md that holds
// line.
func readmeBlock(t *testing.T, line string) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/apply.md")
	require.NoError(t, err)
	for _, block := range strings.Split(string(data), "```")[1:] {
		if strings.Contains(block, "\n"+line+"\n") {
			_, body, _ := strings.Cut(block, "\n")
			return body
		}
	}
	t.Fatalf("docs/apply.md: no block with %q", line)
	return ""
}

// sh runs a shell script in the repository; architect on its PATH is this
// test binary (see TestMain).
func (r *bdRepo) sh(script string) (string, error) {
	r.t.Helper()
	cmd := exec.Command("sh", "-ec", script)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestManualImportREADME runs the README's commands for filling a database
// without apply, as written, and the two ways they fail without its care.
func TestManualImportREADME(t *testing.T) {
	r := newBDRepo(t, "mi")
	require.NoError(t, os.MkdirAll(filepath.Join(r.dir, "plans"), 0o755))
	r.write("plans/x.md", editPlan)
	script := readmeBlock(t, "bd import beads.jsonl")

	// A JSON array is not what bd import reads.
	out, err := r.sh("architect compile plans/x.md -o beads.json 2>/dev/null; bd import beads.json")
	require.Error(t, err)
	assert.Contains(t, out, "failed to parse JSONL line")
	// Without types.custom, bd refuses architect's issue types.
	out, err = r.sh("architect compile plans/x.md --format jsonl -o beads.jsonl 2>/dev/null; bd import beads.jsonl")
	require.Error(t, err)
	assert.Contains(t, out, "invalid issue type: beads-ralph-work")
	assert.Empty(t, r.export())

	out, err = r.sh(script)
	require.NoError(t, err, "%s\n%s", script, out)
	assert.Contains(t, out, "Imported 6 issues from beads.jsonl")
	c := r.compiled(filepath.Join(r.dir, "plans/x.md"))
	r.holds(c.beads)

	// apply takes over the beads as they are.
	stdout, stderr, code := r.architect("apply", "--no-annotate", filepath.Join(r.dir, "plans/x.md"))
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(stdout, "\nNo changes: 6 beads match plans/x.md.\n"), stdout)
}

// TestValidateBDExport: validate reads what bd writes of architect's beads
// (bd export, bd list --json, bd show --json), runtime changes included;
// a bead bd broke is still reported.
func TestValidateBDExport(t *testing.T) {
	r := newBDRepo(t, "va")
	plan := r.write("plan.md", wavesPlan)
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(plan).ids()
	r.bd("comments", "add", id["1.1"], "merged in PR 7")
	r.bd("update", id["1.1"], "--notes", "flaky test", "--set-metadata", "attempt_count=1")
	r.bd("close", id["1.1"], "--actor", emit.ScrumMaster, "--reason", "merged")

	export := r.bd("export")
	first := ""
	for _, line := range strings.Split(export, "\n") {
		if strings.Contains(line, `"id":"`+id["1.1"]+`"`) {
			first = line
		}
	}
	require.NotEmpty(t, first)
	require.NotContains(t, first, `"dependencies"`, "bd leaves an empty list out")
	r.write("export.jsonl", export)
	r.write("list.json", r.bd("list", "--json", "--all", "--limit", "0"))
	r.write("show.json", r.bd("show", id["1.3"], "--json"))
	for _, f := range []string{"export.jsonl", "list.json", "show.json"} {
		out, stderr, code := r.architect("validate", filepath.Join(r.dir, f))
		assert.Equal(t, 0, code, "%s: %s", f, stderr)
		assert.Empty(t, out+stderr, f)
	}

	// A bead someone changed in bd against the schema is reported.
	r.bd("update", id["1.2a"], "--priority", "4", "--set-metadata", "branch=two words")
	r.write("export.jsonl", r.bd("export"))
	_, stderr, code = r.architect("validate", filepath.Join(r.dir, "export.jsonl"))
	assert.Equal(t, 1, code)
	line := 0
	for i, l := range strings.Split(r.bd("export"), "\n") {
		if strings.Contains(l, `"id":"`+id["1.2a"]+`"`) {
			line = i + 1
		}
	}
	assert.Equal(t, fmt.Sprintf("%s:%d: error: bead %s: /metadata/branch: 'two words' does not match pattern '^[a-zA-Z0-9_][a-zA-Z0-9/_-]*$'\n", filepath.Join(r.dir, "export.jsonl"), line, id["1.2a"]), stderr)
}

// closeReason is the close_reason bd holds for an issue, or "".
func closeReason(is bdsync.Issue) string {
	var s string
	_ = json.Unmarshal(is.Fields["close_reason"], &s)
	return s
}

// TestApplyPruneRevive: skip a sprint, apply --prune (its bead closes),
// un-skip it, apply: the bead that only the prune closed is open again,
// with its edges back, and nothing else changed: a bead the runtime closed
// stays closed whatever the plan did meanwhile.
func TestApplyPruneRevive(t *testing.T) {
	r := newBDRepo(t, "pr")
	plan := r.write("plan.md", editPlan)
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(plan).ids()
	r.bd("close", id["1.1"], "--actor", emit.ScrumMaster, "--reason", "merged")
	r.bd("close", id["1.2b"], "--actor", emit.ScrumMaster, "--reason", "merged")

	skipped := strings.NewReplacer("- Middle\n", "**Status**: skipped\n- Middle\n", "- Right\n", "**Status**: skipped\n- Right\n").Replace(editPlan)
	r.write("plan.md", skipped)
	out, stderr, code := r.architect("apply", "--no-annotate", "--prune", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, fmt.Sprintf("  - %s  1.2c  Right  orphan: its sprint is gone from the plan; closing it\n", id["1.2c"]))
	db := r.export()
	assert.Equal(t, "sprint 1.2c is no longer in plan.md (architect apply --prune)", closeReason(db[id["1.2c"]]))
	assert.Equal(t, "merged", closeReason(db[id["1.2b"]]))
	assert.Equal(t, []string{id["1.2a"]}, targets(db[id["1.3"]]))

	r.write("plan.md", editPlan)
	out, stderr, code = r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	version := strings.TrimPrefix(strings.Fields(r.bd("version"))[2], "v")
	assert.Equal(t, fmt.Sprintf(`bd %s, database %s/.beads, prefix pr

  ~ %s  1.2c  Right
      status: closed -> open
  ~ %s  1.3   Join
      issue_type: "beads-ralph-work" -> "beads-ralph-merge"
      metadata.branches_to_merge
      metadata.dev_agent_path: ".claude/agents/general-purpose-dev" -> ".claude/agents/merge-specialist"
      metadata.dev_agents
      labels: +merge
      dependencies: +%s +%s

Plan: 0 to create, 2 to update, 4 unchanged, 1 reopened (back in the plan).
Applied: 0 created, 2 updated, 0 closed, 1 reopened.
`, version, r.dir, id["1.2c"], id["1.3"], id["1.2b"], id["1.2c"]), out)

	db = r.export()
	require.Len(t, db, 6, "one bead per live sprint")
	revived := db[id["1.2c"]]
	assert.Equal(t, "open", revived.Status)
	assert.Empty(t, closeReason(revived))
	assert.NotContains(t, revived.Fields, "closed_at")
	assert.Equal(t, "closed", db[id["1.2b"]].Status)
	assert.Equal(t, "merged", closeReason(db[id["1.2b"]]))
	assert.ElementsMatch(t, []string{id["1.2a"], id["1.2b"], id["1.2c"]}, targets(db[id["1.3"]]))
	assert.Equal(t, sorted(id["1.2a"], id["1.2c"]), r.ready())

	out, stderr, code = r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 6 beads match plan.md.\n"), out)
}

// git runs git in the repository.
func (r *bdRepo) git(argv ...string) {
	r.t.Helper()
	out, err := exec.Command("git", append([]string{"-C", r.dir}, argv...)...).CombinedOutput()
	require.NoError(r.t, err, "git %v: %s", argv, out)
}

// planFiles maps each bead id to its metadata.plan_file.
func planFiles(db map[string]bdsync.Issue) map[string]string {
	m := map[string]string{}
	for id, is := range db {
		m[id] = is.PlanFile()
	}
	return m
}

// TestApplyCopyOfAnnotatedPlan: a copy of an annotated plan, its original
// still there, is refused at its first annotation, and changes nothing;
// once the original is gone, the same plan is a move and takes the beads.
func TestApplyCopyOfAnnotatedPlan(t *testing.T) {
	r := newBDRepo(t, "shop")
	require.NoError(t, os.MkdirAll(filepath.Join(r.dir, "plans"), 0o755))
	shop := r.write("plans/shop.md", editPlan)
	_, stderr, code := r.architect("apply", shop)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(shop).ids()
	before := r.bd("export")

	src, err := os.ReadFile(shop)
	require.NoError(t, err)
	cp := r.write("plans/copy.md", string(src))
	out, stderr, code := r.architect("apply", cp)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(stderr, "error:"), stderr)
	assert.Contains(t, stderr, "\n"+cp+":5:1: error: plans/copy.md names 6 beads of plans/shop.md ("+id["1.1"]+" and 5 more), and plans/shop.md still names them: a copy of plans/shop.md? "+
		"apply moves no bead away from a plan that names it, and changes nothing. For beads of its own, remove the copy's annotations "+
		"(architect annotate --strip plans/copy.md) and apply it; to move the plan, move or delete plans/shop.md first (git mv plans/shop.md plans/copy.md)\n", stderr)
	assert.Equal(t, before, r.bd("export"))
	cpSrc, err := os.ReadFile(cp)
	require.NoError(t, err)
	assert.Equal(t, src, cpSrc, "the copy is left as it is")

	out, stderr, code = r.architect("apply", shop)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 6 beads match plans/shop.md.\n"), out)

	// The original gone, the copy is the plan moved: it takes the beads.
	require.NoError(t, os.Remove(shop))
	out, stderr, code = r.architect("apply", cp)
	require.Equal(t, 0, code, stderr)
	// Its sprints' branches follow the plan's name: no work started on them.
	assert.Contains(t, out, fmt.Sprintf("  ~ %s  1.1   Start\n      metadata.branch: \"beads/shop/1-1-start\" -> \"beads/copy/1-1-start\"\n      metadata.plan_file: \"plans/shop.md\" -> \"plans/copy.md\"\n", id["1.1"]))
	assert.Contains(t, out, "\nMoved from plans/shop.md, which is gone: its beads follow the plan.\nPlan: 0 to create, 6 to update, 0 unchanged.\n")
	db := r.export()
	require.Len(t, db, 6, "one bead per live sprint")
	for bead, f := range planFiles(db) {
		assert.Equal(t, "plans/copy.md", f, bead)
	}
}

// TestApplyMovedUnannotatedPlan: a plan applied without annotations, then
// moved with git mv, finds its beads by the old path, which is gone: no
// second bead for any sprint, and no orphans.
func TestApplyMovedUnannotatedPlan(t *testing.T) {
	r := newBDRepo(t, "ops")
	require.NoError(t, os.MkdirAll(filepath.Join(r.dir, "plans"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(r.dir, "docs"), 0o755))
	const ops = "# Ops\n\n## Phase 1: Ops\n### Sprint 1.1: Alerts\n- Page on errors\n### Sprint 1.2: Dashboards\n- Latency graphs\n"
	old := r.write("plans/ops.md", ops)
	_, stderr, code := r.architect("apply", "--no-annotate", old)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(old).ids()
	r.bd("close", id["1.1"], "--actor", emit.ScrumMaster, "--reason", "merged")
	r.git("add", "plans/ops.md")
	r.git("commit", "-q", "-m", "ops plan")
	r.git("mv", "plans/ops.md", "docs/ops.md")

	moved := filepath.Join(r.dir, "docs/ops.md")
	out, stderr, code := r.architect("apply", moved)
	require.Equal(t, 0, code, stderr)
	version := strings.TrimPrefix(strings.Fields(r.bd("version"))[2], "v")
	assert.Equal(t, fmt.Sprintf(`bd %s, database %s/.beads, prefix ops

  ~ %s  1.1  Alerts
      metadata.plan_file: "plans/ops.md" -> "docs/ops.md"
  ~ %s  1.2  Dashboards
      metadata.plan_file: "plans/ops.md" -> "docs/ops.md"

Moved from plans/ops.md, which is gone: its beads follow the plan.
Plan: 0 to create, 2 to update, 0 unchanged.
Applied: 0 created, 2 updated, 0 closed.
Annotated %s: 2 bead ids written.
`, version, r.dir, id["1.1"], id["1.2"], moved), out)
	db := r.export()
	require.Len(t, db, 2, "one bead per live sprint")
	assert.Equal(t, map[string]string{id["1.1"]: "docs/ops.md", id["1.2"]: "docs/ops.md"}, planFiles(db))
	assert.Equal(t, "closed", db[id["1.1"]].Status)
	assert.Equal(t, "merged", closeReason(db[id["1.1"]]))
	assert.Equal(t, []string{id["1.2"]}, r.ready())

	out, stderr, code = r.architect("apply", moved)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 2 beads match docs/ops.md.\n"), out)
}
