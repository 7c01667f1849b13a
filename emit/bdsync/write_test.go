package bdsync

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteFlags: each plan field as its bd update flag, --name=value so
// that no value reads as a flag; the description on standard input, or
// inline when empty; labels quoted when bd would split them.
func TestWriteFlags(t *testing.T) {
	w := FieldWrite{ID: "x-1", Fields: map[string]json.RawMessage{
		"title": json.RawMessage(`"-v --json"`), "description": json.RawMessage(`"line 1\n-\n"`), "priority": json.RawMessage(`0`),
		"issue_type": json.RawMessage(`"beads-ralph-merge"`), "acceptance_criteria": json.RawMessage(`null`),
	}, Metadata: map[string]json.RawMessage{"team_name": json.RawMessage(`"t<1>"`), "dev_prompts": json.RawMessage(`["a","b"]`)},
		AddLabels: []string{"phase-01", "a,b"}, RemoveLabels: []string{`say "hi"`}, IfStatus: "open"}
	flags, stdin, err := w.flags()
	require.NoError(t, err)
	assert.Equal(t, []string{"--title=-v --json", "--body-file=-", "--priority=0", "--type=beads-ralph-merge", "--acceptance=",
		`--metadata={"dev_prompts":["a","b"],"team_name":"t<1>"}`, "--add-label=phase-01", `--add-label="a,b"`, `--remove-label="say ""hi"""`,
		"--if-status=open"}, flags)
	assert.Equal(t, "line 1\n-\n", string(stdin))

	w = FieldWrite{ID: "x-1", Fields: map[string]json.RawMessage{"description": json.RawMessage(`""`)}}
	flags, stdin, err = w.flags()
	require.NoError(t, err)
	assert.Equal(t, []string{"--description="}, flags)
	assert.Nil(t, stdin)

	_, _, err = (&FieldWrite{ID: "x-1", Fields: map[string]json.RawMessage{"priority": json.RawMessage(`"high"`)}}).flags()
	assert.ErrorContains(t, err, "bead x-1: priority is not a whole number")
}

// TestUpdateCalls: writes that are the same but for the bead share one bd
// update, up to updateChunk beads; a guarded write has its own.
func TestUpdateCalls(t *testing.T) {
	same := map[string]json.RawMessage{"source_branch": json.RawMessage(`"dev"`)}
	var ws []FieldWrite
	for i := range updateChunk + 2 {
		ws = append(ws, FieldWrite{ID: "s-" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Metadata: same})
	}
	ws = append(ws,
		FieldWrite{ID: "g-1", Metadata: same, IfStatus: "open"},
		FieldWrite{ID: "t-1", Fields: map[string]json.RawMessage{"title": json.RawMessage(`"T"`)}})
	calls, err := updateCalls(ws)
	require.NoError(t, err)
	require.Len(t, calls, 4)
	assert.Len(t, calls[0].ids, updateChunk)
	assert.Equal(t, []string{"update", ws[0].ID}, calls[0].argv()[:2])
	assert.Equal(t, `--metadata={"source_branch":"dev"}`, calls[0].argv()[updateChunk+1])
	assert.Equal(t, []string{ws[updateChunk].ID, ws[updateChunk+1].ID}, calls[1].ids)
	assert.Equal(t, []string{"update", "g-1", `--metadata={"source_branch":"dev"}`, "--if-status=open"}, calls[2].argv())
	assert.True(t, calls[2].guarded)
	assert.Equal(t, []string{"update", "t-1", "--title=T"}, calls[3].argv())
}

// TestWritersSideBySide: against a server, the field writes go to bd
// ServerWriters at a time; each bead gets its write, a guard that fails
// names its bead, and progress counts every bead once.
func TestWritersSideBySide(t *testing.T) {
	clock, m, c, beads := syncedMemory(t)
	m.Mode = "server"
	clock.now = clock.at(10)
	renamed := syncBeads(t, strings.NewReplacer("1.1: Start", "1.1: S", "1.2a: Left", "1.2a: L", "1.2b: Right", "1.2b: R", "1.3: Join", "1.3: J").Replace(syncPlan))
	p, err := c.Plan(renamed, clock.syncOpts())
	require.NoError(t, err)
	require.Len(t, p.Writes, 4)
	require.NoError(t, m.Change(beads[2].ID, clock.now, map[string]any{"status": "blocked"}))
	var mu sync.Mutex
	var done []int
	stale, err := c.writeFields(p.Writes, ServerWriters, func(d, total int) {
		mu.Lock()
		defer mu.Unlock()
		assert.Equal(t, 4, total)
		done = append(done, d)
	})
	require.NoError(t, err)
	assert.Equal(t, []string{beads[2].ID}, stale)
	assert.Equal(t, []int{1, 2, 3, 4}, done)
	got := byID(memIssues(t, m))
	for i, title := range []string{"S", "L", "Right", "J"} {
		assert.JSONEq(t, fmt.Sprintf("%q", title), string(got[beads[i].ID].Fields["title"]), beads[i].Metadata.Sprint)
	}
}
