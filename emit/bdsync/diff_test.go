package bdsync

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with the current output")

var syncNow = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

const syncPlan = `## Phase 1: Build
### Sprint 1.1: Start
- Start
### Sprint 1.2a: Left
- Left
### Sprint 1.2b: Right
- Right
### Sprint 1.3: Join
- Join
`

func syncBeads(t *testing.T, src string) []emit.Bead {
	t.Helper()
	return emittest.Compile(t, "p.md", []byte(src)).Beads
}

// stored is what bd holds after importing the records of a sync: each
// record as an exported issue.
func stored(t *testing.T, p *SyncPlan) []Issue {
	t.Helper()
	issues, err := Read(joinLines(p.Records))
	require.NoError(t, err)
	return issues
}

// joinLines is records as one JSONL text.
func joinLines(records []json.RawMessage) []byte {
	var b bytes.Buffer
	for _, r := range records {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// importAll is a first sync into an empty database.
func importAll(t *testing.T, beads []emit.Bead) []Issue {
	t.Helper()
	p, err := Diff(beads, nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	return stored(t, p)
}

func byID(issues []Issue) map[string]*Issue {
	m := map[string]*Issue{}
	for i := range issues {
		m[issues[i].ID] = &issues[i]
	}
	return m
}

func record(t *testing.T, p *SyncPlan, id string) map[string]any {
	t.Helper()
	for _, r := range p.Records {
		var m map[string]any
		require.NoError(t, json.Unmarshal(r, &m))
		if m["id"] == id {
			return m
		}
	}
	t.Fatalf("no record for %s", id)
	return nil
}

// writeOf is the field write p makes to bead id.
func writeOf(t *testing.T, p *SyncPlan, id string) FieldWrite {
	t.Helper()
	for _, w := range p.Writes {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("no write of %s", id)
	return FieldWrite{}
}

// keys are the keys of a map, sorted.
func keys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// set changes one field of a stored issue, as the runtime would.
func set(t *testing.T, is *Issue, field string, value any) {
	t.Helper()
	raw, err := json.Marshal(value)
	require.NoError(t, err)
	is.Fields[field] = raw
	reparse(t, is)
}

// setMeta changes one metadata key of a stored issue.
func setMeta(t *testing.T, is *Issue, key string, value any) {
	t.Helper()
	raw, err := json.Marshal(value)
	require.NoError(t, err)
	is.Metadata[key] = raw
	is.Fields["metadata"], err = json.Marshal(is.Metadata)
	require.NoError(t, err)
}

func reparse(t *testing.T, is *Issue) {
	t.Helper()
	*is = issueFrom(t, is.Fields)
}

// issueFrom reads an issue from its fields, as Read would.
func issueFrom(t *testing.T, fields map[string]json.RawMessage) Issue {
	t.Helper()
	data, err := json.Marshal(fields)
	require.NoError(t, err)
	is, ok, err := decodeIssue(data)
	require.NoError(t, err)
	require.True(t, ok)
	return is
}

// TestFirstSync: every bead is new, and its record is stamped now,
// created ReadySpacing apart in ready order up to one step before now.
func TestFirstSync(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	p, err := Diff(beads, nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	require.Len(t, p.Create, 4)
	assert.Empty(t, p.Update)
	assert.Empty(t, p.Orphans)
	var order, created []string
	for _, r := range p.Records {
		var m map[string]any
		require.NoError(t, json.Unmarshal(r, &m))
		order = append(order, m["metadata"].(map[string]any)["sprint"].(string))
		created = append(created, m["created_at"].(string))
		assert.Equal(t, "2026-03-04T05:06:07Z", m["updated_at"])
		assert.NotContains(t, m, "closed_at")
	}
	assert.Equal(t, []string{"1.1", "1.2a", "1.2b", "1.3"}, order, "execution order")
	assert.Equal(t, []string{"2026-03-04T05:05:27Z", "2026-03-04T05:05:37Z", "2026-03-04T05:05:47Z", "2026-03-04T05:05:57Z"}, created, "ready order")
	assert.False(t, p.Empty())
}

// TestImports: the records of a first sync of a chain go to bd in runs of
// ImportSize counted from the end, last run first and each run last sprint
// first, so every edge bd checks points at a bead with no edges yet. The
// two beads an earlier run ends with are written ahead, deferred, without
// dependencies and marked, because a later run's first bead waits on them.
func TestImports(t *testing.T) {
	var src strings.Builder
	src.WriteString("# Chain\n\n## Phase 1: Chain\n")
	n := 2*ImportSize + 2
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, "### Sprint 1.%d: Step %d\n- Do step %d\n", i, i, i)
	}
	p, err := Diff(syncBeads(t, src.String()), nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	sprint := func(rec json.RawMessage) string {
		is, err := Read(rec)
		require.NoError(t, err)
		return is[0].Sprint()
	}
	pending, runs := p.Imports(nil)
	require.Len(t, runs, 3)
	for k, want := range [][2]int{{253, 502}, {3, 252}, {1, 2}} {
		run := runs[k]
		require.Len(t, run, want[1]-want[0]+1, "run %d", k)
		assert.Equal(t, fmt.Sprintf("1.%d", want[0]), sprint(run[0]), "run %d", k)
		assert.Equal(t, fmt.Sprintf("1.%d", want[1]), sprint(run[len(run)-1]), "run %d", k)
	}
	require.Len(t, pending, 2)
	for k, want := range []string{"1.2", "1.252"} {
		is, err := Read(pending[k])
		require.NoError(t, err)
		assert.Equal(t, want, is[0].Sprint())
		assert.Equal(t, "deferred", is[0].Status)
		assert.Empty(t, is[0].Deps)
		assert.True(t, is[0].Pending())
		assert.Equal(t, "2026-03-04T05:06:06Z", is[0].UpdatedAt.Format(time.RFC3339), "a second before the sync's stamp")
	}
	// With runs of 1000 there is one run and nothing to write ahead.
	pending, runs = p.Imports(func(int) int { return 1000 })
	assert.Empty(t, pending)
	require.Len(t, runs, 1)
	assert.Len(t, runs[0], n)
	pending, runs = (&SyncPlan{}).Imports(nil)
	assert.Nil(t, pending)
	assert.Nil(t, runs)
}

// TestPendingBeadsFinish: beads that a stopped apply wrote ahead (deferred,
// without dependencies, marked) are still to create, and the next sync
// writes each whole: the plan's status and dependencies, without the mark.
// One an agent took meanwhile keeps its status; one written closed whose
// sprint is open again is reopened.
func TestPendingBeadsFinish(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	p, err := Diff(beads, nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	var current []Issue
	for _, b := range beads {
		is, err := Read(p.pending[b.ID])
		require.NoError(t, err)
		current = append(current, is[0])
	}
	ids := map[string]string{}
	for _, b := range beads {
		ids[b.Metadata.Sprint] = b.ID
	}
	db := byID(current)
	set(t, db[ids["1.2a"]], "status", "in_progress")
	set(t, db[ids["1.3"]], "status", "closed")

	later := syncNow.Add(time.Minute)
	p, err = Diff(beads, current, SyncOptions{PlanFile: "p.md", Now: later})
	require.NoError(t, err)
	assert.Len(t, p.Create, len(beads))
	assert.Empty(t, p.Update)
	assert.Empty(t, p.Unchanged)
	assert.Equal(t, []string{ids["1.3"]}, p.Reopen)
	assert.Equal(t, []string{"4 of the beads to create are in the database already, written ahead (deferred, without dependencies) by an apply that stopped; this apply writes them whole"}, p.Notes)
	for _, b := range beads {
		rec := record(t, p, b.ID)
		assert.NotContains(t, rec["metadata"], PendingKey, b.Metadata.Sprint)
		assert.Equal(t, later.Format(time.RFC3339), rec["updated_at"], b.Metadata.Sprint)
		var deps []string
		for _, d := range rec["dependencies"].([]any) {
			deps = append(deps, d.(map[string]any)["depends_on_id"].(string))
		}
		assert.ElementsMatch(t, b.Dependencies, deps, b.Metadata.Sprint)
	}
	assert.Equal(t, "open", record(t, p, ids["1.1"])["status"])
	assert.Equal(t, "in_progress", record(t, p, ids["1.2a"])["status"], "an agent took it")
	assert.Equal(t, "closed", record(t, p, ids["1.3"])["status"], "bd reopen opens it after the import")
}

// TestResyncIsNoop: the same plan against what the first sync stored
// changes nothing, whatever the runtime did to the beads meanwhile.
func TestResyncIsNoop(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	is := byID(db)[beads[0].ID]
	set(t, is, "status", "closed")
	set(t, is, "closed_at", "2026-03-05T00:00:00Z")
	set(t, is, "assignee", "someone-else")
	set(t, is, "notes", "work notes")
	set(t, is, "comments", []map[string]string{{"text": "done"}})
	set(t, is, "labels", append(slices.Clone(is.Labels), "needs-review"))
	set(t, is, "dependencies", []emit.Dep{{IssueID: is.ID, DependsOnID: "other-1", Type: "blocks"}, {IssueID: is.ID, DependsOnID: beads[3].ID, Type: "related"}})
	setMeta(t, is, "attempt_count", 2)
	setMeta(t, is, "pr_url", "https://example.com/pr/1")
	setMeta(t, is, "scrum_result", map[string]any{"status": "pass"})
	setMeta(t, is, "dev_agent_executions", []any{map[string]any{"attempt": 1}})
	setMeta(t, is, "runtime_extra", "kept")

	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour), Prune: true})
	require.NoError(t, err)
	assert.True(t, p.Empty())
	assert.Len(t, p.Unchanged, 4)
	assert.Empty(t, p.Update)
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	assert.Equal(t, "No changes: 4 beads match p.md.\n", out.String())
}

// TestUpdateWritesPlanFieldsOnly: a renamed sprint's bead gets a field
// write of the plan's fields and metadata keys that changed, and of
// nothing else: every runtime field is left to bd as it is.
func TestUpdateWritesPlanFieldsOnly(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	start := byID(db)[beads[0].ID]
	set(t, start, "status", "closed")
	set(t, start, "closed_at", "2026-03-05T00:00:00Z")
	set(t, start, "close_reason", "done")
	set(t, start, "assignee", "someone-else")
	set(t, start, "notes", "work notes")
	set(t, start, "comments", []map[string]string{{"text": "done"}})
	set(t, start, "labels", append(slices.Clone(start.Labels), "needs-review"))
	set(t, start, "updated_at", "2026-03-05T00:00:00Z")
	setMeta(t, start, "attempt_count", 2)
	setMeta(t, start, "dev_agent_session_id", "sess-1")
	setMeta(t, start, "pr_number", 12)
	setMeta(t, start, "runtime_extra", "kept")

	edited := syncBeads(t, strings.Replace(syncPlan, "Sprint 1.1: Start", "Sprint 1.1: Begin", 1))
	// The clock is behind the stored stamp: the rewrite must still be newer.
	p, err := Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	require.Len(t, p.Update, 1)
	assert.Len(t, p.Unchanged, 3)
	assert.Equal(t, []FieldChange{
		{Field: "title", Old: `"Start"`, New: `"Begin"`},
		{Field: "description", Old: `"Start"`, New: `"Begin"`},
		{Field: "metadata.plan_section", Old: `"## Phase 1: Build > ### Sprint 1.1: Start"`, New: `"## Phase 1: Build > ### Sprint 1.1: Begin"`},
		{Field: "metadata.qa_agents"}, // the default QA agent's prompt names the title
	}, p.Update[0].Fields, "the branch of a closed bead stays")

	assert.Empty(t, p.Records, "a bead that exists is never imported")
	assert.Empty(t, p.Rewrites)
	w := writeOf(t, p, start.ID)
	require.Len(t, p.Writes, 1)
	assert.Equal(t, []string{"description", "title"}, keys(w.Fields))
	assert.JSONEq(t, `"Begin"`, string(w.Fields["title"]))
	assert.JSONEq(t, `"Begin"`, string(w.Fields["description"]))
	assert.Equal(t, []string{"plan_section", "qa_agents"}, keys(w.Metadata))
	assert.JSONEq(t, `"## Phase 1: Build > ### Sprint 1.1: Begin"`, string(w.Metadata["plan_section"]))
	assert.Empty(t, w.AddLabels)
	assert.Empty(t, w.RemoveLabels)
	assert.Empty(t, w.IfStatus, "the branch stays: nothing to guard")
	assert.Empty(t, p.AddDeps)
	assert.Empty(t, p.RemoveDeps)
	flags, stdin, err := w.flags()
	require.NoError(t, err)
	require.Len(t, flags, 3)
	assert.Equal(t, []string{"--title=Begin", "--body-file=-"}, flags[:2])
	meta, ok := strings.CutPrefix(flags[2], "--metadata=")
	require.True(t, ok, flags[2])
	assert.JSONEq(t, `{"plan_section":"## Phase 1: Build > ### Sprint 1.1: Begin","qa_agents":`+string(w.Metadata["qa_agents"])+`}`, meta)
	assert.Equal(t, "Begin", string(stdin))
}

// TestAdoptByPlanAndSprint: a database filled under another prefix is
// updated, not filled twice; a pinned (annotated) id is never replaced.
func TestAdoptByPlanAndSprint(t *testing.T) {
	old := importAll(t, syncBeads(t, "---\nprefix: old\n---\n"+syncPlan))
	beads := syncBeads(t, syncPlan)
	p, err := Diff(beads, old, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	assert.Empty(t, p.Create)
	assert.Empty(t, p.Orphans)
	assert.Len(t, p.Unchanged, 4)
	for sprint, id := range p.IDs {
		assert.True(t, strings.HasPrefix(id, "old-"), "%s: %s", sprint, id)
	}
	assert.Equal(t, "1.1", byID(old)[p.IDs["1.1"]].Sprint())

	p, err = Diff(beads, old, SyncOptions{PlanFile: "p.md", Now: syncNow, Pinned: map[string]bool{beads[0].ID: true}})
	require.NoError(t, err)
	require.Len(t, p.Create, 1)
	assert.Equal(t, beads[0].ID, p.Create[0].ID)
	assert.Equal(t, []Change{{ID: p.Orphans[0].ID, Sprint: "1.1", Title: "Start"}}, p.Orphans)
	rec := record(t, p, beads[0].ID)
	assert.Equal(t, "bd-", rec["id"].(string)[:3])
	// The sprints that wait on 1.1 now wait on the new bead as well.
	assert.Contains(t, p.IDs, "1.2a")
}

// TestStartedBranchesStay: renaming a sprint whose work started keeps its
// branch and worktree, and the merges that take it in keep naming that
// branch; a sprint not started yet follows the plan.
func TestStartedBranchesStay(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	left, right := byID(db)[beads[1].ID], byID(db)[beads[2].ID]
	set(t, left, "status", "closed")
	setMeta(t, right, "attempt_count", 1)

	edited := syncBeads(t, strings.NewReplacer("1.2a: Left", "1.2a: Left side", "1.2b: Right", "1.2b: Right side", "1.1: Start", "1.1: Begin").Replace(syncPlan))
	p, err := Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	var changed []string
	for _, u := range p.Update {
		for _, f := range u.Fields {
			changed = append(changed, u.Sprint+" "+f.Field)
		}
	}
	assert.Equal(t, []string{
		"1.1 title", "1.1 description", "1.1 metadata.branch", "1.1 metadata.plan_section", "1.1 metadata.qa_agents", "1.1 metadata.worktree_path",
		"1.2a title", "1.2a description", "1.2a metadata.plan_section", "1.2a metadata.qa_agents",
		"1.2b title", "1.2b description", "1.2b metadata.plan_section", "1.2b metadata.qa_agents",
	}, changed, "the default QA agent's prompt names the title")
	assert.True(t, left.Started())
	assert.True(t, right.Started())
	assert.False(t, byID(db)[beads[0].ID].Started())
}

// TestRemovedSprint: the removed sprint is an orphan; its dependents drop
// the edge to it, and stop being merges with their generated label.
func TestRemovedSprint(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	right, join := beads[2], beads[3]
	require.Equal(t, "1.2b", right.Metadata.Sprint)

	edited := syncBeads(t, strings.Replace(syncPlan, "### Sprint 1.2b: Right\n- Right\n", "", 1))
	p, err := Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	assert.Equal(t, []Change{{ID: right.ID, Sprint: "1.2b", Title: "Right"}}, p.Orphans)
	assert.Equal(t, []emit.Dep{{IssueID: join.ID, DependsOnID: right.ID, Type: "blocks"}}, p.RemoveDeps)
	assert.Empty(t, p.Records)
	require.Len(t, p.Writes, 1, "only the join changes; the orphan stays as it is")
	w := writeOf(t, p, join.ID)
	assert.JSONEq(t, `"`+emit.TypeWork+`"`, string(w.Fields["issue_type"]))
	assert.Equal(t, []string{"merge"}, w.RemoveLabels)
	assert.Empty(t, w.AddLabels)

	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	emittest.Golden(t, *update, "testdata/sync/removed.txt", out.Bytes())

	// --prune closes the orphan, with a reason, through bd close.
	p, err = Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour), Prune: true})
	require.NoError(t, err)
	assert.Equal(t, []Closing{{ID: right.ID, Reason: "sprint 1.2b is no longer in p.md (architect apply --prune)"}}, p.Close)
	require.Len(t, p.Writes, 1)
	out.Reset()
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	emittest.Golden(t, *update, "testdata/sync/pruned.txt", out.Bytes())

	// A closed orphan is left alone.
	set(t, byID(db)[right.ID], "status", "closed")
	p, err = Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour), Prune: true})
	require.NoError(t, err)
	assert.Empty(t, p.Orphans)
}

// TestPrunedSprintComesBack: a sprint back in the plan reopens the bead
// that --prune closed, and only that one: a bead closed for any other
// reason stays closed.
func TestPrunedSprintComesBack(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	right := byID(db)[beads[2].ID]
	set(t, right, "status", "closed")
	set(t, right, "close_reason", "sprint 1.2b is no longer in p.md (architect apply --prune)")
	require.True(t, right.ClosedByPrune())

	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	require.Len(t, p.Update, 1)
	assert.Equal(t, Change{ID: right.ID, Sprint: "1.2b", Title: "Right", Reopens: true,
		Fields: []FieldChange{{Field: "status", Old: "closed", New: "open"}}}, p.Update[0])
	assert.Equal(t, []string{right.ID}, p.Reopen)
	assert.Empty(t, p.Records, "bd reopen does it; the row stays")
	assert.Empty(t, p.Writes)
	assert.False(t, p.Empty())
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	assert.Equal(t, "  ~ "+right.ID+"  1.2b  Right\n      status: closed -> open\n\nPlan: 0 to create, 1 to update, 3 unchanged, 1 reopened (back in the plan).\n", out.String())

	for _, reason := range []string{"merged", "sprint 1.2b is done", "completed in p.md"} {
		set(t, right, "close_reason", reason)
		require.False(t, right.ClosedByPrune())
		p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
		require.NoError(t, err)
		assert.True(t, p.Empty(), reason)
	}
	// A pruned sprint still skipped is no change either.
	set(t, right, "close_reason", "sprint 1.2b is no longer in p.md (architect apply --prune)")
	p, err = Diff(syncBeads(t, strings.Replace(syncPlan, "- Right\n", "**Status**: skipped\n- Right\n", 1)), db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour), Prune: true})
	require.NoError(t, err)
	assert.Empty(t, p.Reopen)
	assert.Empty(t, p.Orphans, "a closed orphan is no orphan")
}

// TestAddedSprint: a new sprint is created with its edges; the sprint that
// now waits on it gains the edge in its rewrite.
func TestAddedSprint(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	edited := syncBeads(t, syncPlan+"### Sprint 1.4: Ship\n- Ship\n")
	p, err := Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	require.Len(t, p.Create, 1)
	assert.Empty(t, p.Update)
	rec := record(t, p, p.Create[0].ID)
	assert.Equal(t, []any{map[string]any{"issue_id": p.Create[0].ID, "depends_on_id": beads[3].ID, "type": "blocks"}}, rec["dependencies"])
}

// TestPlanCompletedClosesBead: a sprint the plan marks completed closes its
// open bead; a bead the runtime closed stays closed whatever the plan says.
func TestPlanCompletedClosesBead(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	set(t, byID(db)[beads[1].ID], "status", "closed")

	edited := syncBeads(t, strings.Replace(syncPlan, "- Start\n", "**Status**: ✅ COMPLETED\n- Start\n", 1))
	p, err := Diff(edited, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour)})
	require.NoError(t, err)
	require.Len(t, p.Update, 1)
	assert.True(t, p.Update[0].Closes)
	assert.Equal(t, []FieldChange{{Field: "status", Old: "open", New: "closed"}}, p.Update[0].Fields)
	assert.Empty(t, p.Records, "closing alone rewrites no row: bd close unblocks the dependents, import would not")
	assert.Empty(t, p.Writes)
	assert.Equal(t, []Closing{{ID: beads[0].ID, Reason: "completed in p.md"}}, p.Close)
	assert.False(t, p.Empty())

	// A completed sprint that is new is created closed.
	p, err = Diff(edited, nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	rec := record(t, p, beads[0].ID)
	assert.Equal(t, "closed", rec["status"])
	assert.Equal(t, "completed in p.md", rec["close_reason"])
	assert.Equal(t, "2026-03-04T05:06:07Z", rec["closed_at"])
}

// TestFieldOwnership: changing a runtime-owned field in the database is
// never a change; changing a plan-owned one always is.
func TestFieldOwnership(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	runtime := map[string]any{
		"status": "in_progress", "assignee": "x", "owner": "y", "notes": "n", "design": "d",
		"close_reason": "r", "external_ref": "gh-1", "created_at": "2020-01-01T00:00:00Z",
	}
	for f, v := range runtime {
		db := importAll(t, beads)
		set(t, byID(db)[beads[0].ID], f, v)
		p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
		require.NoError(t, err)
		assert.True(t, p.Empty(), "runtime field %s", f)
	}
	for _, k := range RuntimeMetadata {
		db := importAll(t, beads)
		setMeta(t, byID(db)[beads[0].ID], k, "changed")
		p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
		require.NoError(t, err)
		assert.True(t, p.Empty(), "runtime metadata %s", k)
	}
	planOwned := map[string]any{"title": "T", "description": "D", "priority": 4, "issue_type": "task", "acceptance_criteria": "A"}
	require.Len(t, planOwned, len(PlanFields))
	for f, v := range planOwned {
		db := importAll(t, beads)
		set(t, byID(db)[beads[0].ID], f, v)
		p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
		require.NoError(t, err)
		require.Len(t, p.Update, 1, "plan field %s", f)
		assert.Equal(t, f, p.Update[0].Fields[0].Field)
	}
	var meta map[string]json.RawMessage
	require.NoError(t, remarshal(beads[0].Metadata, &meta))
	for k := range meta {
		if slices.Contains(RuntimeMetadata, k) {
			continue
		}
		db := importAll(t, beads)
		setMeta(t, byID(db)[beads[0].ID], k, "changed")
		p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
		require.NoError(t, err)
		require.Len(t, p.Update, 1, "plan metadata %s", k)
		assert.Equal(t, "metadata."+k, p.Update[0].Fields[0].Field)
	}
	// A generated label the plan no longer gives is removed; others stay.
	db := importAll(t, beads)
	set(t, byID(db)[beads[0].ID], "labels", []string{"phase-01", "sprint-1-1", "merge", "sprint-review", "phase-1"})
	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	assert.Equal(t, []FieldWrite{{ID: beads[0].ID, RemoveLabels: []string{"merge"}}}, p.Writes)
	assert.Empty(t, p.Records)
}

// TestOtherPlansUntouched: beads of another plan file are neither orphans
// nor plan beads, and edges to them are kept.
func TestOtherPlansUntouched(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	fields := map[string]json.RawMessage{}
	for k, v := range db[0].Fields {
		fields[k] = v
	}
	fields["id"] = json.RawMessage(`"bd-other"`)
	fields["metadata"] = json.RawMessage(bytes.Replace(fields["metadata"], []byte(`"plan_file":"p.md"`), []byte(`"plan_file":"other.md"`), 1))
	other := issueFrom(t, fields)
	require.Equal(t, "other.md", other.PlanFile())
	db = append(db, other)
	set(t, byID(db)[beads[0].ID], "dependencies", []emit.Dep{{IssueID: beads[0].ID, DependsOnID: "bd-other", Type: "blocks"}})
	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow, Prune: true})
	require.NoError(t, err)
	assert.True(t, p.Empty())
	assert.Empty(t, p.Orphans)
}

func TestStampAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 10, 0, time.UTC)
	assert.Equal(t, `"2026-01-01T00:00:10Z"`, string(stampAfter(now.Add(-time.Second), now)))
	assert.Equal(t, `"2026-01-01T00:00:11Z"`, string(stampAfter(now, now)), "a tie keeps bd's row")
	assert.Equal(t, `"2026-01-01T00:01:01Z"`, string(stampAfter(now.Add(50*time.Second+500*time.Millisecond), now)))
}

func TestSameJSON(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"a":1,"b":[1,2]}`, `{"b":[1,2],"a":1}`, true},
		{`"a<b"`, `"a\u003cb"`, true},
		{``, `""`, true},
		{`null`, `[]`, true},
		{``, `0`, true},
		{`"x"`, `"y"`, false},
		{`[1,2]`, `[2,1]`, false},
		{``, `"x"`, false},
	} {
		assert.Equal(t, c.same, sameJSON(json.RawMessage(c.a), json.RawMessage(c.b)), "%s vs %s", c.a, c.b)
	}
}

// BenchmarkSync1000 is architect's own share of an apply at 1,000 sprints:
// compile, read bd's export of the same 1,000 beads (with runtime changes
// on some), diff, render the plan and the import JSONL.
func BenchmarkSync1000(b *testing.B) {
	src := plangen.Plan(1000)
	first := emittest.Compile(b, "plans/big.md", src)
	p, err := Diff(first.Beads, nil, SyncOptions{PlanFile: "plans/big.md", Now: syncNow})
	if err != nil {
		b.Fatal(err)
	}
	export := joinLines(p.Records)
	b.ResetTimer()
	for b.Loop() {
		c := emittest.Compile(b, "plans/big.md", src)
		issues, err := Read(export)
		if err != nil {
			b.Fatal(err)
		}
		p, err := Diff(c.Beads, issues, SyncOptions{PlanFile: "plans/big.md", Now: syncNow.Add(time.Hour), Prune: true})
		if err != nil {
			b.Fatal(err)
		}
		if !p.Empty() {
			b.Fatal("a resync of the same plan changes something")
		}
		if err := p.WriteText(io.Discard, emit.Style{}); err != nil {
			b.Fatal(err)
		}
	}
}
