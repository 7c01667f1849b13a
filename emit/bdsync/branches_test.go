package bdsync

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/emit"
)

// oldScheme rewrites a bead's branches and worktree the way architect
// named them before beads/<plan>/...: <source>/<id>-<slug>.
func oldScheme(t *testing.T, is *Issue) {
	t.Helper()
	old := func(s string) string { return strings.Replace(s, "beads/p/", "main/", 1) }
	setMeta(t, is, "branch", old(is.metaString("branch")))
	setMeta(t, is, "worktree_path", old(is.metaString("worktree_path")))
	var merge []string
	if raw, ok := is.Metadata["branches_to_merge"]; ok {
		require.NoError(t, json.Unmarshal(raw, &merge))
	}
	if merge != nil {
		for i := range merge {
			merge[i] = old(merge[i])
		}
		setMeta(t, is, "branches_to_merge", merge)
	}
}

// TestOldSchemeBranchesShowAsChanges: beads applied under the old branch
// scheme keep their ids; apply shows the new branches like any other field
// change, except for beads whose work started, which keep theirs.
func TestOldSchemeBranchesShowAsChanges(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	for i := range db {
		oldScheme(t, &db[i])
	}
	set(t, byID(db)[beads[1].ID], "status", "in_progress") // 1.2a started

	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	assert.Empty(t, p.Create, "every bead keeps its id")
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	text := out.String()
	assert.Contains(t, text, `metadata.branch: "main/1-1-start" -> "beads/p/1-1-start"`)
	assert.Contains(t, text, `metadata.branch: "main/1-2b-right" -> "beads/p/1-2b-right"`)
	assert.NotContains(t, text, "1-2a-left\" ->", "a started bead keeps its branch")
	var changed []string
	for _, u := range p.Update {
		for _, f := range u.Fields {
			changed = append(changed, u.Sprint+" "+f.Field)
		}
	}
	assert.Equal(t, []string{
		"1.1 metadata.branch", "1.1 metadata.worktree_path",
		"1.2b metadata.branch", "1.2b metadata.worktree_path",
		"1.3 metadata.branch", "1.3 metadata.branches_to_merge", "1.3 metadata.worktree_path",
	}, changed)
	// The merge takes the started bead's branch as the database has it.
	w := writeOf(t, p, beads[3].ID)
	assert.JSONEq(t, `["main/1-2a-left", "beads/p/1-2b-right"]`, string(w.Metadata["branches_to_merge"]))
	// A write that moves a branch is made only while the bead's status is
	// the one apply read: an agent that took it meanwhile keeps its branch.
	assert.Equal(t, "open", w.IfStatus)
	assert.Equal(t, "open", writeOf(t, p, beads[0].ID).IfStatus)
}

func TestHeld(t *testing.T) {
	for _, tc := range []struct {
		fields string
		held   bool
	}{
		{`{"id":"x-1","status":"in_progress","assignee":"beads-ralph-scrum-master"}`, false},
		{`{"id":"x-1","status":"in_progress"}`, false},
		{`{"id":"x-1","status":"in_progress","assignee":"beads-ralph-scrum-master","started_at":"2026-01-01T00:00:00Z"}`, true},
		{`{"id":"x-1","status":"in_progress","assignee":"alice"}`, true},
		{`{"id":"x-1","status":"open","assignee":"alice","started_at":"2026-01-01T00:00:00Z"}`, false},
	} {
		var fields map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(tc.fields), &fields))
		is := issueFrom(t, fields)
		assert.Equal(t, tc.held, is.Held(), tc.fields)
	}
}

// TestBranchClashes: another plan's bead on the same branch, on a folder
// of it, or under it; this plan's own beads (even under another plan
// file, as after a move) and closed sprints are left out.
func TestBranchClashes(t *testing.T) {
	mine := syncBeads(t, "## Phase 1: A\n### Sprint 1.1: One\n**Branch**: `feature/x`\n- a\n### Sprint 1.2: Two\n**Branch**: `feature/y/z`\n- b\n### Sprint 1.3: Three\n**Branch**: `work`\n- c\n### Sprint 1.4: Four\n**Status**: done\n**Branch**: `shared`\n- d\n")
	others := syncBeads(t, "## Phase 1: A\n### Sprint 1.1: One\n**Branch**: `feature/x`\n- a\n### Sprint 1.2: Two\n**Branch**: `feature/y`\n- b\n### Sprint 1.3: Three\n**Branch**: `work/deep`\n- c\n### Sprint 1.4: Four\n**Branch**: `shared`\n- d\n")
	for i := range others {
		others[i].ID = strings.Replace(others[i].ID, "bd-", "ot-", 1)
		others[i].Metadata.PlanFile = "other.md"
	}
	db, err := Diff(others, nil, SyncOptions{PlanFile: "other.md", Now: syncNow})
	require.NoError(t, err)
	current := stored(t, db)
	p, err := Diff(mine, current, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	p.Database = current
	got := p.BranchClashes(mine)
	require.Len(t, got, 3)
	assert.Equal(t, BranchClash{Sprint: "1.1", Branch: "feature/x", Other: others[0].ID, OtherPlan: "other.md", OtherSprint: "1.1", OtherBranch: "feature/x", Relation: "the same branch as"}, got[0])
	assert.Equal(t, "1.2 feature/y/z under feature/y", got[1].Sprint+" "+got[1].Branch+" "+got[1].Relation+" "+got[1].OtherBranch)
	assert.Equal(t, "1.3 work a folder of work/deep", got[2].Sprint+" "+got[2].Branch+" "+got[2].Relation+" "+got[2].OtherBranch)

	// The same beads under this plan's ids are this plan's: no clash; and
	// so are the beads of a plan file the plan moved from.
	p.IDs = map[string]string{}
	for _, b := range others {
		p.IDs[b.Metadata.PlanSprintID] = b.ID
	}
	assert.Empty(t, p.BranchClashes(mine[:3]))
	p.IDs, p.MovedFrom = nil, []string{"other.md"}
	assert.Empty(t, p.BranchClashes(mine))
}
