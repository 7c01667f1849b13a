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

// bdMarkdownIssues is a file in bd's own Markdown that `bd create --file`
// accepts. Every issue states its type, priority and assignee (what it
// leaves out, architect fills from its settings, not from bd's defaults)
// and its dependencies name other issues of the file, which bd cannot
// resolve, and a bead that exists before (bf-0ext), which both link.
const bdMarkdownIssues = `# Checkout rework

## Add cart service
The cart keeps items per session.

### Priority
1

### Type
feature

### Assignee
alice

### Labels
cart, backend

### Acceptance Criteria
- Items survive a reload
- Totals include tax

## Payment gateway adapter

### Type
task

### Priority
P2

### Description
Wrap the gateway's client behind an interface.

### Design
One adapter per provider; a fake for tests.

### Assignee
bob

### Dependencies
add-cart-service

## Checkout page
Show the cart and pay.

### Priority
3

### Type
enhancement

### Assignee
carol

### Labels
frontend

### Dependencies
Payment gateway adapter, add-cart-service, bf-0ext
`

// TestApplyBDMarkdownMatchesBDCreate: the same file through bd's own
// `bd create --file` and through architect apply gives the same issues
// (title, type, priority, labels, description, design, acceptance criteria,
// assignee), and architect's carry the dependencies between them that bd
// cannot resolve. Applied twice, nothing changes.
func TestApplyBDMarkdownMatchesBDCreate(t *testing.T) {
	byTitle := func(db map[string]bdsync.Issue) map[string]bdsync.Issue {
		m := map[string]bdsync.Issue{}
		for _, is := range db {
			var title string
			require.NoError(t, json.Unmarshal(is.Fields["title"], &title))
			m[title] = is
		}
		return m
	}

	theirs := newBDRepo(t, "bf")
	theirs.bd("create", "Existing", "--id", "bf-0ext", "--priority", "1")
	theirs.bd("create", "--file", theirs.write("issues.md", bdMarkdownIssues))
	bdDB := byTitle(theirs.export())
	delete(bdDB, "Existing")

	ours := newBDRepo(t, "bf")
	ours.bd("create", "Existing", "--id", "bf-0ext", "--priority", "1")
	plan := ours.write("issues.md", bdMarkdownIssues)
	out, stderr, code := ours.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Applied: 3 created, 0 updated, 0 closed.")
	db := ours.export()
	archDB := byTitle(db)
	delete(archDB, "Existing")

	require.Len(t, bdDB, 3)
	require.Len(t, archDB, 3)
	str := func(is bdsync.Issue, k string) string {
		var s string
		if raw, ok := is.Fields[k]; ok {
			require.NoError(t, json.Unmarshal(raw, &s), "%s: %s", k, raw)
		}
		return s
	}
	for title, want := range bdDB {
		got, ok := archDB[title]
		require.True(t, ok, "architect created %q", title)
		for _, k := range []string{"issue_type", "description", "design", "acceptance_criteria", "assignee"} {
			assert.Equal(t, str(want, k), str(got, k), "%q: %s", title, k)
		}
		assert.JSONEq(t, string(want.Fields["priority"]), string(got.Fields["priority"]), "%q: priority", title)
		// architect adds its own phase-NN and sprint-N-M labels.
		assert.Subset(t, got.Labels, want.Labels, "%q: labels", title)
		assert.Len(t, got.Labels, len(want.Labels)+2, "%q: labels %v", title, got.Labels)
	}

	// bd keeps the sibling names as dangling targets; architect links the
	// issues they name.
	id := func(title string) string { return archDB[title].ID }
	wantDeps := map[string][]string{
		"Add cart service":        nil,
		"Payment gateway adapter": {id("Add cart service")},
		"Checkout page":           sorted("bf-0ext", id("Payment gateway adapter")), // add-cart-service is implied through the adapter
	}
	for title, want := range wantDeps {
		var got []string
		for _, d := range archDB[title].Deps {
			assert.Equal(t, "blocks", d.Type)
			got = append(got, d.DependsOnID)
		}
		sort.Strings(got)
		assert.Equal(t, want, got, "%q: dependencies", title)
	}
	for title, is := range bdDB {
		for _, d := range is.Deps {
			assert.NotContains(t, []string{bdDB["Add cart service"].ID, bdDB["Payment gateway adapter"].ID}, d.DependsOnID,
				"bd resolved %q's dependency %s; this test expects bd to drop it", title, d.DependsOnID)
		}
	}
	// Both link the bead that existed before.
	assert.Contains(t, targets(bdDB["Checkout page"]), "bf-0ext")
	assert.Equal(t, sorted("bf-0ext", id("Add cart service")), ours.ready())

	// Applied again: the annotated file names its beads; nothing changes.
	src, err := os.ReadFile(plan)
	require.NoError(t, err)
	out, stderr, code = ours.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 3 beads match "+filepath.Base(plan)+".")
	src2, err := os.ReadFile(plan)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(src2))
	assert.Len(t, ours.export(), 4)

	// An agent closes the first issue; the file changes; apply keeps the
	// progress and releases what waited on it.
	ours.bd("close", id("Add cart service"), "--force", "--reason", "done")
	require.NoError(t, os.WriteFile(plan, []byte(strings.Replace(string(src2), "### Priority\n3\n", "### Priority\n2\n", 1)), 0o644))
	out, stderr, code = ours.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Applied: 0 created, 1 updated, 0 closed.")
	after := byTitle(ours.export())
	assert.Equal(t, "closed", after["Add cart service"].Status)
	assert.JSONEq(t, "2", string(after["Checkout page"].Fields["priority"]))
	assert.Equal(t, sorted("bf-0ext", id("Payment gateway adapter")), ours.ready())
}

// TestApplyNamedBeads: a plan whose units name beads that already exist
// ("### Sprint 1.1: ID - Title", "**Issue**: ID") updates those beads
// instead of creating others; applied twice, it creates and changes
// nothing, and never duplicates a bead.
func TestApplyNamedBeads(t *testing.T) {
	r := newBDRepo(t, "nb")
	var created []struct {
		ID string `json:"id"`
	}
	for _, title := range []string{"Transport", "Retry"} {
		var one struct {
			ID string `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.bd("create", title, "--json")), &one))
		created = append(created, one)
	}
	transport, retry := created[0].ID, created[1].ID
	plan := r.write("plan.md", "---\nprefix: nb\n---\n# Transport\n\n## Phase 1: Transport\n### Sprint 1.1: "+transport+" - Transport\n- Move the transport behind an interface\n"+
		"### Sprint 1.2: Retry\n**Issue**: "+retry+"\n- Retry with backoff\n### Sprint 1.3: Metrics\n- Count retries\n")
	out, stderr, code := r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Applied: 1 created, 2 updated, 0 closed.")
	db := r.export()
	require.Len(t, db, 3, "no bead is duplicated")
	c := r.compiled(plan)
	ids := c.ids()
	assert.Equal(t, transport, ids["1.1"])
	assert.Equal(t, retry, ids["1.2"])
	assert.Equal(t, []string{transport}, targets(db[retry]))
	assert.Equal(t, []string{retry}, targets(db[ids["1.3"]]))
	var title string
	require.NoError(t, json.Unmarshal(db[transport].Fields["title"], &title))
	assert.Equal(t, "Transport", title)

	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 3 beads match plan.md.")
	assert.Len(t, r.export(), 3)
}
