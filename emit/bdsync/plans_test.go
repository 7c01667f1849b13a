package bdsync

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/emittest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planFiles is a repository's plan files for a sync: those that exist, and
// the ids each names.
type planFiles map[string][]string

func (f planFiles) Exists(file string) bool { _, ok := f[file]; return ok }

func (f planFiles) Names(file, id string) bool {
	for _, x := range f[file] {
		if x == id {
			return true
		}
	}
	return false
}

// annotatedAs is the beads of a plan annotated with the ids of beads,
// found at planFile: a copy or a move of an annotated plan.
func annotatedAs(beads []emit.Bead, planFile string) []emit.Bead {
	out := make([]emit.Bead, len(beads))
	for i, b := range beads {
		b.Metadata.PlanFile = planFile
		out[i] = b
	}
	return out
}

func ids(beads []emit.Bead) []string {
	var out []string
	for _, b := range beads {
		out = append(out, b.ID)
	}
	return out
}

// TestCopyRefused: a plan that names beads its original still names is a
// copy; nothing is planned, and the error says what to do.
func TestCopyRefused(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	plans := planFiles{"p.md": ids(beads), "copy.md": ids(beads)}
	_, err := Diff(annotatedAs(beads, "copy.md"), db, SyncOptions{PlanFile: "copy.md", Now: syncNow.Add(time.Hour), Plans: plans})
	var ce *CopyError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, &CopyError{PlanFile: "copy.md", Copies: []Copied{{Original: "p.md", IDs: ids(beads)}}}, ce)
	assert.Equal(t, "copy.md names 4 beads of p.md ("+beads[0].ID+" and 3 more), and p.md still names them: a copy of p.md? "+
		"apply moves no bead away from a plan that names it, and changes nothing. For beads of its own, remove the copy's annotations "+
		"(architect annotate --strip copy.md) and apply it; to move the plan, move or delete p.md first (git mv p.md copy.md)", err.Error())

	// The original itself applies as before.
	p, err := Diff(beads, db, SyncOptions{PlanFile: "p.md", Now: syncNow.Add(time.Hour), Plans: plans})
	require.NoError(t, err)
	assert.True(t, p.Empty())
}

// TestAnnotatedMove: when the original is gone, its beads follow the plan,
// the orphan among them too; a bead whose plan file is there but names it
// no more (a sprint moved between plans) follows alone.
func TestAnnotatedMove(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	moved := annotatedAs(beads[:3], "docs/p.md") // 1.3 left behind
	p, err := Diff(moved, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": ids(moved)}})
	require.NoError(t, err)
	assert.Empty(t, p.Create)
	assert.Len(t, p.Update, 3)
	for _, u := range p.Update {
		assert.Contains(t, u.Fields, FieldChange{Field: "metadata.plan_file", Old: `"p.md"`, New: `"docs/p.md"`})
	}
	assert.Equal(t, []string{"p.md"}, p.MovedFrom)
	assert.Equal(t, []Change{{ID: beads[3].ID, Sprint: "1.3", Title: "Join"}}, p.Orphans)
	assert.Empty(t, p.Records)
	require.Len(t, p.Writes, 4, "the orphan moves with the plan")
	assert.Equal(t, FieldWrite{ID: beads[3].ID, Metadata: map[string]json.RawMessage{"plan_file": json.RawMessage(`"docs/p.md"`)}}, writeOf(t, p, beads[3].ID))
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, emit.Style{}))
	assert.Contains(t, out.String(), "\nMoved from p.md, which is gone: its beads follow the plan.\nPlan: 0 to create, 3 to update, 0 unchanged, 1 orphan left open.\n")

	// p.md is still there, but no longer names 1.1: 1.1 alone moves.
	p, err = Diff(annotatedAs(beads[:1], "other.md"), db, SyncOptions{PlanFile: "other.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"p.md": ids(beads[1:])}})
	require.NoError(t, err)
	assert.Len(t, p.Update, 1)
	assert.Empty(t, p.MovedFrom)
	assert.Empty(t, p.Orphans)
}

// TestUnannotatedMove: a plan moved without annotations finds its beads in
// the file it came from, when that file is gone and holds the same
// sprints; an unrelated gone plan with the same sprint numbers does not
// give its beads away, nor do two gone plans alike.
func TestUnannotatedMove(t *testing.T) {
	beads := syncBeads(t, syncPlan)
	db := importAll(t, beads)
	moved := emittest.Compile(t, "docs/p.md", []byte(syncPlan)).Beads
	require.NotEqual(t, beads[0].ID, moved[0].ID, "ids hash the plan path")

	p, err := Diff(moved, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil}})
	require.NoError(t, err)
	assert.Empty(t, p.Create)
	assert.Len(t, p.Update, 4)
	assert.Equal(t, beads[0].ID, p.IDs["1.1"])
	assert.Equal(t, []string{"p.md"}, p.MovedFrom)

	// Still there: a new plan with the same sprints gets beads of its own.
	p, err = Diff(moved, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil, "p.md": nil}})
	require.NoError(t, err)
	assert.Len(t, p.Create, 4)

	// Gone, but other sprints under the same numbers.
	other := emittest.Compile(t, "docs/p.md", []byte(strings.NewReplacer("Start", "Begin", "Left", "West", "Right", "East").Replace(syncPlan))).Beads
	p, err = Diff(other, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil}})
	require.NoError(t, err)
	assert.Len(t, p.Create, 4)
	assert.Empty(t, p.MovedFrom)

	// Half the sprints edited: not more than half the same.
	half := emittest.Compile(t, "docs/p.md", []byte(strings.NewReplacer("Start", "Begin", "Left", "West").Replace(syncPlan))).Beads
	p, err = Diff(half, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil}})
	require.NoError(t, err)
	assert.Len(t, p.Create, 4)
	// One edited: the plan moved, and the edited sprint keeps its bead.
	one := emittest.Compile(t, "docs/p.md", []byte(strings.Replace(syncPlan, "Start", "Begin", 2))).Beads
	p, err = Diff(one, db, SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil}})
	require.NoError(t, err)
	assert.Empty(t, p.Create)
	assert.Equal(t, beads[0].ID, p.IDs["1.1"])

	// Two gone plans alike: neither is taken, and a note says so.
	twin := importAll(t, annotatedAs(syncBeads(t, "---\nprefix: tw\n---\n"+syncPlan), "q.md"))
	p, err = Diff(moved, append(db, twin...), SyncOptions{PlanFile: "docs/p.md", Now: syncNow.Add(time.Hour), Plans: planFiles{"docs/p.md": nil}})
	require.NoError(t, err)
	assert.Len(t, p.Create, 4)
	assert.Equal(t, []string{"the beads of p.md and q.md, plan files that are gone, match this plan's sprints alike; apply takes none of them over: " +
		"name the beads to keep in the plan (architect annotate --map SPRINT=ID docs/p.md)"}, p.Notes)
}
