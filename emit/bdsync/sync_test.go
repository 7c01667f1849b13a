package bdsync

import (
	"errors"
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

// TestSyncRetriesKept: an agent changes a bead between apply's read and
// its import. bd keeps the agent's row; Sync reads it again and writes the
// plan's change on top of it: the agent's status and notes stay, and the
// plan's title lands.
func TestSyncRetriesKept(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)
	id := beads[1].ID

	// The plan renames sprint 1.2a; the agent works on its bead after
	// apply has read the database, before the import.
	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.Replace(syncPlan, "1.2a: Left", "1.2a: Left side", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	require.Len(t, p.Update, 2, "1.2a, and 1.3 that merges its branch")
	imports := 0
	m.Before = func(argv []string, _ []byte) error {
		if strings.Join(argv, " ") == "import --json -" {
			if imports++; imports == 1 {
				clock.now = clock.at(12)
				return m.Change(id, clock.at(11), map[string]any{"status": "in_progress", "assignee": "dev-7", "notes": "halfway"})
			}
		}
		return nil
	}
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Equal(t, []Retry{{Attempt: 2, IDs: []string{id}}}, retries)
	got := byID(memIssues(t, m))[id]
	assert.JSONEq(t, `"Left side"`, string(got.Fields["title"]), "the plan's change")
	assert.Equal(t, "in_progress", got.Status, "the agent's status")
	assert.JSONEq(t, `"dev-7"`, string(got.Fields["assignee"]))
	assert.JSONEq(t, `"halfway"`, string(got.Fields["notes"]))
	assert.Equal(t, 2, imports)

	// Applying again changes nothing.
	p, err = c.Plan(renamed, SyncOptions{PlanFile: "p.md", Now: clock.now})
	require.NoError(t, err)
	assert.True(t, p.Empty())
}

// TestSyncGivesUp: a bead that changes before every import is given up on
// after MaxAttempts, by name; nothing of the agent's is overwritten.
func TestSyncGivesUp(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)

	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.Replace(strings.Replace(syncPlan, "1.2a: Left", "1.2a: L", 1), "1.3: Join", "1.3: J", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
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
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	var gu *GaveUpError
	require.True(t, errors.As(err, &gu), "%v", err)
	assert.Equal(t, []string{beads[1].ID}, gu.IDs)
	assert.Equal(t, MaxAttempts, gu.Attempts)
	assert.Len(t, retries, MaxAttempts-1)
	assert.Equal(t, MaxAttempts, n)
	assert.Contains(t, err.Error(), "gave up after 5 attempts: "+beads[1].ID+" changed in the database while apply ran")
	got := byID(memIssues(t, m))
	assert.JSONEq(t, `"note xxxxx"`, string(got[beads[1].ID].Fields["notes"]))
	assert.JSONEq(t, `"Left"`, string(got[beads[1].ID].Fields["title"]))
	assert.JSONEq(t, `"J"`, string(got[beads[3].ID].Fields["title"]), "the other bead is written")
}

// TestSyncFresh: a bead changed in the very second apply reads it is read
// again once that second is over, so a later change of that second cannot
// lose to apply's rewrite.
func TestSyncFresh(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)

	clock.now = clock.at(10).Add(300 * time.Millisecond)
	require.NoError(t, m.Change(beads[1].ID, clock.now, map[string]any{"notes": "n"}))
	renamed := syncBeads(t, strings.Replace(syncPlan, "1.2a: Left", "1.2a: L", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	assert.Equal(t, []string{beads[1].ID}, p.Fresh)
	assert.Equal(t, []string{beads[1].ID, beads[3].ID}, p.Rewrites, "1.2a, and 1.3 that merges its branch")
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
	require.NoError(t, err)
	assert.Equal(t, []Retry{{Attempt: 2, IDs: []string{beads[1].ID}, Fresh: true}}, retries)
	assert.Equal(t, clock.at(12), clock.now, "it waited for the second after the bead's to begin, then for the one after the read")
	got := byID(memIssues(t, m))[beads[1].ID]
	assert.JSONEq(t, `"L"`, string(got.Fields["title"]))
	assert.JSONEq(t, `"n"`, string(got.Fields["notes"]))
	assert.Equal(t, clock.at(11), got.UpdatedAt, "stamped with the second read's time")
}

// TestSyncFreshGivesUp: a bead stamped ahead of this machine's clock (a
// clock elsewhere runs fast) stays fresh; Sync waits a bounded time each
// attempt, then gives up, writes nothing, and says why.
func TestSyncFreshGivesUp(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)

	clock.now = clock.at(10)
	require.NoError(t, m.Change(beads[1].ID, clock.at(3600), map[string]any{"notes": "from the future"}))
	before := string(m.Export())
	renamed := syncBeads(t, strings.Replace(syncPlan, "1.2a: Left", "1.2a: L", 1))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	_, retries, err := c.Sync(p, renamed, clock.syncOpts(), clock.opts())
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
