package bdsync

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeClock is a clock that moves only when Sync sleeps.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time        { return c.now }
func (c *fakeClock) Sleep(d time.Duration) { c.now = c.now.Add(d) }
func (c *fakeClock) opts() ApplyOptions    { return ApplyOptions{Clock: c.Now, Sleep: c.Sleep} }
func (c *fakeClock) at(sec int) time.Time  { return syncNow.Add(time.Duration(sec) * time.Second) }
func (c *fakeClock) syncOpts() SyncOptions { return SyncOptions{PlanFile: "p.md", Now: c.now} }
func memIssues(t *testing.T, m *bdtest.Memory) []Issue {
	t.Helper()
	issues, err := Read(m.Export())
	require.NoError(t, err)
	return issues
}

// TestSyncKeepsAgentsWork: agents work on beads after apply read the
// database and before apply writes them: one closes the merge bead and
// comments on it, another takes notes on a bead. apply's writes name only
// the plan's fields, so every agent's change stays, the plan's changes
// land, and nothing is read again.
func TestSyncKeepsAgentsWork(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)
	left, join := beads[1].ID, beads[3].ID

	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.Replace(syncPlan, "1.2a: Left", "1.2a: Left side", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	require.Len(t, p.Update, 2, "1.2a, and 1.3 that merges its branch")
	assert.Empty(t, p.Records)
	assert.Empty(t, p.Rewrites)
	var updates []string
	m.Before = func(argv []string, _ []byte) error {
		if argv[0] != "update" {
			return nil
		}
		updates = append(updates, argv[1])
		if len(updates) == 1 {
			clock.now = clock.now.Add(time.Second)
			for _, cmd := range [][]string{
				{"comments", "add", join, "merged"},
				{"close", join, "--reason", "merged in #3"},
				{"comments", "add", left, "on it"},
			} {
				if _, err := m.Run(nil, cmd...); err != nil {
					return err
				}
			}
			return m.Change(left, clock.now, map[string]any{"assignee": "dev-7", "notes": "halfway"})
		}
		return nil
	}
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Empty(t, retries)
	assert.Equal(t, []string{left, join}, updates, "one field write a bead, nothing read again")
	got := byID(memIssues(t, m))
	assert.JSONEq(t, `"Left side"`, string(got[left].Fields["title"]), "the plan's change")
	assert.Equal(t, "open", got[left].Status)
	assert.JSONEq(t, `"dev-7"`, string(got[left].Fields["assignee"]), "the agent's")
	assert.JSONEq(t, `"halfway"`, string(got[left].Fields["notes"]))
	assert.Contains(t, string(got[left].Fields["comments"]), `"on it"`)
	assert.Equal(t, "closed", got[join].Status, "the agent's close")
	assert.JSONEq(t, `"merged in #3"`, string(got[join].Fields["close_reason"]))
	assert.Contains(t, string(got[join].Fields["comments"]), `"merged"`)
	assert.Contains(t, string(got[join].Metadata["branches_to_merge"]), "left-side", "the plan's change")

	// Applying again changes nothing.
	p, err = c.Plan(renamed, SyncOptions{PlanFile: "p.md", Now: clock.now})
	require.NoError(t, err)
	assert.True(t, p.Empty(), "%+v", p.Update)
}

// TestSyncBesideBusyBeads: agents change beads before every bd call apply
// makes, on every bead it writes; apply writes the plan in one attempt,
// and every agent's change is there.
func TestSyncBesideBusyBeads(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)
	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.NewReplacer("1.1: Start", "1.1: S", "1.2a: Left", "1.2a: L", "1.2b: Right", "1.2b: R", "1.3: Join", "1.3: J").Replace(syncPlan))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	require.Len(t, p.Writes, 4)
	n := 0
	m.Before = func(argv []string, _ []byte) error {
		n++
		clock.now = clock.now.Add(time.Second)
		for _, b := range beads {
			if err := m.Change(b.ID, clock.now, map[string]any{"notes": fmt.Sprint("note ", n)}); err != nil {
				return err
			}
		}
		return nil
	}
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Empty(t, retries)
	got := byID(memIssues(t, m))
	for i, title := range []string{"S", "L", "R", "J"} {
		assert.JSONEq(t, fmt.Sprintf("%q", title), string(got[beads[i].ID].Fields["title"]))
		assert.JSONEq(t, fmt.Sprintf(`"note %d"`, n), string(got[beads[i].ID].Fields["notes"]))
	}
}

// TestSyncGuardedBranch: a bead whose branch the plan renames is taken by
// an agent between apply's read and its write. The write is guarded by
// the status apply read, so bd refuses it and writes nothing; Sync reads
// the bead again, and now that work on it started, writes the plan's
// title and keeps the branch the agent may have pushed.
func TestSyncGuardedBranch(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)
	id := beads[0].ID
	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.Replace(syncPlan, "1.1: Start", "1.1: Begin", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	w := p.Writes[0]
	require.Equal(t, id, w.ID)
	require.Equal(t, "open", w.IfStatus)
	updates := 0
	m.Before = func(argv []string, _ []byte) error {
		if argv[0] == "update" {
			if updates++; updates == 1 {
				return m.Change(id, clock.now, map[string]any{"status": "in_progress", "assignee": "dev-1"})
			}
		}
		return nil
	}
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Equal(t, []Retry{{Attempt: 2, IDs: []string{id}}}, retries)
	got := byID(memIssues(t, m))[id]
	assert.JSONEq(t, `"Begin"`, string(got.Fields["title"]))
	assert.Equal(t, "in_progress", got.Status)
	assert.JSONEq(t, `"beads/p/1-1-start"`, string(got.Metadata["branch"]), "the agent's branch stays")
}

// pendingMemory is a memory bd holding syncPlan's beads as a stopped
// apply left them: written ahead, deferred, without dependencies. The
// next sync writes them whole with bd import, the one write that can
// race an agent.
func pendingMemory(t *testing.T) (*fakeClock, *bdtest.Memory, *Client, []emit.Bead) {
	t.Helper()
	clock := &fakeClock{now: syncNow}
	m := bdtest.NewMemory("p")
	m.Clock = clock.Now
	beads := syncBeads(t, syncPlan)
	p, err := Diff(beads, nil, clock.syncOpts())
	require.NoError(t, err)
	var rows [][]byte
	for _, b := range beads {
		rows = append(rows, p.pending[b.ID])
	}
	_, err = m.Run(append(bytes.Join(rows, []byte("\n")), '\n'), "import", "--json", "-")
	require.NoError(t, err)
	return clock, m, NewClient(m), beads
}

// TestSyncRetriesKept: an agent changes a bead written ahead between
// apply's read and its import. bd keeps the agent's row; Sync reads it
// again and writes the plan's row on top of it, keeping the agent's
// status and notes.
func TestSyncRetriesKept(t *testing.T) {
	clock, m, c, beads := pendingMemory(t)
	id := beads[1].ID
	clock.now = clock.at(10)
	p, err := c.Plan(beads, clock.syncOpts())
	require.NoError(t, err)
	require.Len(t, p.Create, 4)
	imports := 0
	m.Before = func(argv []string, _ []byte) error {
		if argv[0] == "import" {
			if imports++; imports == 1 {
				clock.now = clock.at(12)
				return m.Change(id, clock.at(11), map[string]any{"status": "in_progress", "assignee": "dev-7", "notes": "halfway"})
			}
		}
		return nil
	}
	_, retries, err := c.Sync(p, beads, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Equal(t, []Retry{{Attempt: 2, IDs: []string{id}}}, retries)
	got := byID(memIssues(t, m))
	assert.Equal(t, "in_progress", got[id].Status, "the agent's status")
	assert.JSONEq(t, `"halfway"`, string(got[id].Fields["notes"]))
	assert.False(t, got[id].Pending(), "written whole")
	assert.Len(t, got[id].Deps, 1)
	assert.Equal(t, 2, imports)
	p, err = c.Plan(beads, SyncOptions{PlanFile: "p.md", Now: clock.now})
	require.NoError(t, err)
	assert.True(t, p.Empty())
}

// TestSyncGivesUp: a bead written ahead that changes before every import
// is given up on after MaxAttempts, by name; nothing of the agent's is
// overwritten, and every other bead is written.
func TestSyncGivesUp(t *testing.T) {
	clock, m, c, beads := pendingMemory(t)
	clock.now = clock.at(10)
	p, err := c.Plan(beads, clock.syncOpts())
	require.NoError(t, err)
	n := 0
	m.Before = func(argv []string, _ []byte) error {
		if argv[0] == "import" {
			n++
			clock.now = clock.now.Add(5 * time.Second)
			return m.Change(beads[1].ID, clock.now.Add(-time.Second), map[string]any{"notes": "note " + strings.Repeat("x", n)})
		}
		return nil
	}
	_, retries, err := c.Sync(p, beads, clock.syncOpts(), clock.opts())
	var gu *GaveUpError
	require.True(t, errors.As(err, &gu), "%v", err)
	assert.Equal(t, []string{beads[1].ID}, gu.IDs)
	assert.Equal(t, MaxAttempts, gu.Attempts)
	assert.Len(t, retries, MaxAttempts-1)
	assert.Equal(t, MaxAttempts, n)
	assert.Contains(t, err.Error(), "gave up after 5 attempts: "+beads[1].ID+" changed in the database while apply ran")
	got := byID(memIssues(t, m))
	assert.JSONEq(t, `"note xxxxx"`, string(got[beads[1].ID].Fields["notes"]))
	assert.True(t, got[beads[1].ID].Pending())
	assert.False(t, got[beads[3].ID].Pending(), "the other beads are written")
}

// TestSyncFresh: a bead written ahead and changed in the very second apply
// reads it is read again once that second is over, so a later change of
// that second cannot lose to apply's rewrite.
func TestSyncFresh(t *testing.T) {
	clock, m, c, beads := pendingMemory(t)

	clock.now = clock.at(10).Add(300 * time.Millisecond)
	require.NoError(t, m.Change(beads[1].ID, clock.now, map[string]any{"notes": "n"}))
	p, err := c.Plan(beads, clock.syncOpts())
	require.NoError(t, err)
	assert.Equal(t, []string{beads[1].ID}, p.Fresh)
	assert.Len(t, p.Rewrites, 4)
	_, retries, err := c.Sync(p, beads, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Equal(t, []Retry{{Attempt: 2, IDs: []string{beads[1].ID}, Fresh: true}}, retries)
	assert.Equal(t, clock.at(12), clock.now, "it waited for the second after the bead's to begin, then for the one after the read")
	got := byID(memIssues(t, m))[beads[1].ID]
	assert.False(t, got.Pending())
	assert.JSONEq(t, `"n"`, string(got.Fields["notes"]))
	assert.Equal(t, clock.at(11), got.UpdatedAt, "stamped with the second read's time")
}

// TestSyncFreshGivesUp: a bead stamped ahead of this machine's clock (a
// clock elsewhere runs fast) stays fresh; Sync waits a bounded time each
// attempt, then gives up, writes nothing, and says why.
func TestSyncFreshGivesUp(t *testing.T) {
	clock, m, c, beads := pendingMemory(t)

	clock.now = clock.at(10)
	require.NoError(t, m.Change(beads[1].ID, clock.at(3600), map[string]any{"notes": "from the future"}))
	before := string(m.Export())
	p, err := c.Plan(beads, clock.syncOpts())
	require.NoError(t, err)
	_, retries, err := c.Sync(p, beads, clock.syncOpts(), clock.opts())
	var gu *GaveUpError
	require.ErrorAs(t, err, &gu)
	assert.True(t, gu.Fresh)
	assert.Len(t, retries, MaxAttempts-1)
	assert.Equal(t, clock.at(10).Add(MaxAttempts*maxFreshWait), clock.now, "each wait is bounded")
	assert.Equal(t, before, string(m.Export()), "nothing written")
	assert.Contains(t, err.Error(), "nothing was written")
}

// syncedMemory returns a memory bd that syncPlan has been synced into,
// with the clock, the client and the beads it was synced with.
func syncedMemory(t *testing.T) (*fakeClock, *bdtest.Memory, *Client, []emit.Bead) {
	t.Helper()
	clock := &fakeClock{now: syncNow}
	m := bdtest.NewMemory("p")
	m.Clock = clock.Now
	c := NewClient(m)
	beads := syncBeads(t, syncPlan)
	p, err := c.Plan(beads, clock.syncOpts())
	require.NoError(t, err)
	assert.Empty(t, p.Rewrites, "a first sync rewrites nothing")
	_, retries, err := c.Sync(p, beads, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Empty(t, retries, "nothing changed under a first sync")
	return clock, m, c, beads
}
