package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplyEpics applies testdata/plans/bd-epics.md (two epics over two
// issues each, a dependency across the epics, one naming an epic) to a
// real bd database: each epic is an epic bead, its issues its children by
// parent-child links beside their blocks links; bd ready releases the
// children of an open epic as their blockers allow; a second apply changes
// nothing.
func TestApplyEpics(t *testing.T) {
	r := newBDRepo(t, "ep")
	src, err := os.ReadFile(filepath.Join(plansDir, "bd-epics.md"))
	require.NoError(t, err)
	plan := r.write("bd-epics.md", string(src))
	out, stderr, code := r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Applied: 6 created, 0 updated, 0 closed.")

	db := r.export()
	require.Len(t, db, 6)
	byTitle := map[string]bdsync.Issue{}
	for _, is := range db {
		byTitle[is.Title] = is
	}
	typ := func(title string) string {
		var s string
		require.NoError(t, json.Unmarshal(byTitle[title].Fields["issue_type"], &s))
		return s
	}
	id := func(title string) string { return byTitle[title].ID }
	storage, payments := id("Epic: Storage"), id("Epic: Payments")
	assert.Equal(t, "epic", typ("Epic: Storage"))
	assert.Equal(t, "epic", typ("Epic: Payments"))
	assert.Empty(t, byTitle["Epic: Storage"].Deps)
	deps := func(title string) map[string][]string {
		m := map[string][]string{}
		for _, d := range byTitle[title].Deps {
			m[d.Type] = append(m[d.Type], d.DependsOnID)
		}
		for _, l := range m {
			sort.Strings(l)
		}
		return m
	}
	assert.Equal(t, map[string][]string{"parent-child": {storage}}, deps("Lock infrastructure"))
	assert.Equal(t, map[string][]string{"parent-child": {storage}, "blocks": {id("Lock infrastructure")}}, deps("Cart table"))
	assert.Equal(t, map[string][]string{"parent-child": {payments}, "blocks": {id("Lock infrastructure")}}, deps("Gateway adapter"))
	// Receipts waits on the Storage epic's issues (1.1 through 1.2) and on
	// the adapter.
	assert.Equal(t, map[string][]string{"parent-child": {payments}, "blocks": sorted(id("Cart table"), id("Gateway adapter"))}, deps("Receipts"))

	// bd lists the epic's children, and bd show shows them under it.
	var children []struct {
		ID string `json:"id"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.bd("list", "--parent", storage, "--json")), &children))
	var got []string
	for _, c := range children {
		got = append(got, c.ID)
	}
	assert.Equal(t, sorted(id("Lock infrastructure"), id("Cart table")), sorted(got...))
	shown := r.bd("show", payments)
	assert.Contains(t, shown, "CHILDREN")
	assert.Contains(t, shown, id("Gateway adapter")+": Gateway adapter")
	assert.Contains(t, shown, id("Receipts")+": Receipts")

	// An open epic holds none of its children: what bd ready offers is
	// what the blocks links allow (the epics themselves wait on nothing).
	assert.Equal(t, sorted(storage, payments, id("Lock infrastructure")), r.ready())
	r.bd("close", id("Lock infrastructure"), "--force", "--reason", "done")
	assert.Equal(t, sorted(storage, payments, id("Cart table"), id("Gateway adapter")), r.ready())

	// Applied again: nothing changes, the closed issue stays closed.
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 6 beads match bd-epics.md.")
	after := r.export()
	assert.Len(t, after, 6)
	assert.Equal(t, "closed", after[id("Lock infrastructure")].Status)

	// The Payments heading goes: its issues are Storage's now. apply
	// --prune moves their parent-child links and closes the epic.
	cur, err := os.ReadFile(plan)
	require.NoError(t, err)
	text := string(cur)
	from, to := strings.Index(text, "# Epic: Payments"), strings.Index(text, "## Gateway adapter")
	require.True(t, from > 0 && to > from)
	require.NoError(t, os.WriteFile(plan, []byte(text[:from]+text[to:]), 0o644))
	out, stderr, code = r.architect("apply", "--prune", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "parent: +"+storage+" -"+payments)
	assert.Contains(t, out, "orphan: its epic is gone from the plan; closing it")
	// --all: the closed child too.
	require.NoError(t, json.Unmarshal([]byte(r.bd("list", "--parent", storage, "--all", "--json")), &children))
	got = nil
	for _, c := range children {
		got = append(got, c.ID)
	}
	assert.Equal(t, sorted(id("Lock infrastructure"), id("Cart table"), id("Gateway adapter"), id("Receipts")), sorted(got...))
	assert.Equal(t, "closed", r.export()[payments].Status)
	out, stderr, code = r.architect("apply", "--prune", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 5 beads match bd-epics.md.")
}
