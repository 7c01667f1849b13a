package bdsync

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const epicPlan = "# Epic: Storage\ntype: epic\n---\n\n## Lock\ntype: task\n---\n\n## Table\ntype: task\ndeps: Lock\n---\n\n" +
	"# Epic: Pay\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"

// The epics are imported first, each child with a parent-child link to
// its epic beside its blocks links; a second sync changes nothing.
func TestSyncEpics(t *testing.T) {
	beads := syncBeads(t, epicPlan)
	require.Len(t, beads, 5)
	p, err := Diff(beads, nil, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	require.Len(t, p.Records, 5)
	var types []string
	for _, r := range p.Records {
		var rec struct {
			IssueType string `json:"issue_type"`
		}
		require.NoError(t, json.Unmarshal(r, &rec))
		types = append(types, rec.IssueType)
	}
	assert.Equal(t, []string{"epic", "epic", "task", "task", "task"}, types)
	assert.NotContains(t, p.IDs, "", "an epic is no sprint")

	db := stored(t, p)
	ids := byID(db)
	epic1, epic2 := beads[3].ID, beads[4].ID
	assert.Equal(t, []emit.Dep{{IssueID: beads[0].ID, DependsOnID: epic1, Type: "parent-child"}}, ids[beads[0].ID].Deps)
	assert.Equal(t, []emit.Dep{{IssueID: beads[1].ID, DependsOnID: beads[0].ID, Type: "blocks"}, {IssueID: beads[1].ID, DependsOnID: epic1, Type: "parent-child"}}, ids[beads[1].ID].Deps)
	assert.Equal(t, epic2, beads[2].Parent)
	assert.Empty(t, ids[epic1].Deps)
	var meta map[string]any
	require.NoError(t, json.Unmarshal(ids[epic1].Fields["metadata"], &meta))
	assert.Equal(t, map[string]any{"rig": "shop", "phase": "1", "plan_file": "p.md", "plan_section": "# Epic: Storage"}, meta)

	again, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	assert.True(t, again.Empty(), "second sync: %+v", again.Update)
	assert.Len(t, again.Unchanged, 5)
}

// A child that moves to another epic gets the new parent-child link and
// loses the old one; a parent-child link to a bead outside the plan stays.
func TestSyncEpicMove(t *testing.T) {
	db := importAll(t, syncBeads(t, epicPlan))
	// Gateway moves under Storage; Pay keeps no child and no fields, so it
	// is no epic any more and its bead is an orphan.
	moved := "# Epic: Storage\ntype: epic\n---\n\n## Lock\ntype: task\n---\n\n## Table\ntype: task\ndeps: Lock\n---\n\n" +
		"## Gateway\ntype: task\ndeps: Lock\n---\n"
	beads := syncBeads(t, moved)
	require.Len(t, beads, 4)
	var gw emit.Bead
	for _, b := range beads {
		if b.Title == "Gateway" {
			gw = b
		}
	}
	var oldParent string
	for _, is := range db {
		if is.Title == "Epic: Pay" {
			oldParent = is.ID
		}
	}
	require.NotEmpty(t, oldParent)
	// Gateway's bead id is derived from its sprint id, which changed (2.1
	// to 1.3); put it in the database under its new id to see the move.
	for i := range db {
		if db[i].Title == "Gateway" {
			db[i].ID = gw.ID
			for j := range db[i].Deps {
				db[i].Deps[j].IssueID = gw.ID
			}
			db[i].Deps = append(db[i].Deps, emit.Dep{IssueID: gw.ID, DependsOnID: "other-abc1", Type: "parent-child"})
		}
	}
	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow})
	require.NoError(t, err)
	assert.Contains(t, p.RemoveDeps, emit.Dep{IssueID: gw.ID, DependsOnID: oldParent, Type: "parent-child"})
	assert.NotContains(t, p.RemoveDeps, emit.Dep{IssueID: gw.ID, DependsOnID: "other-abc1", Type: "parent-child"})
	var fields []FieldChange
	for _, u := range p.Update {
		if u.ID == gw.ID {
			fields = u.Fields
		}
	}
	assert.Contains(t, fields, FieldChange{Field: "parent", New: "+" + beads[3].ID + " -" + oldParent})
	assert.Equal(t, []Change{{ID: oldParent, Title: "Epic: Pay"}}, p.Orphans)
	var out strings.Builder
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	assert.Contains(t, out.String(), "      parent: +"+beads[3].ID+" -"+oldParent+"\n")
	assert.Contains(t, out.String(), "  ! "+oldParent+"       Epic: Pay  orphan: its epic is gone from the plan; --prune closes it\n")

	pruned, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow, Prune: true})
	require.NoError(t, err)
	assert.Equal(t, []Closing{{ID: oldParent, Reason: `epic "Epic: Pay" is no longer in p.md (architect apply --prune)`}}, pruned.Close)
}
