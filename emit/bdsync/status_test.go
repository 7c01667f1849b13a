package bdsync

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExport(t *testing.T) {
	f := &bdtest.Fake{Replies: map[string]string{"export": "{\"_schema\":\"beads-jsonl/1\"}\n{\"id\":\"x-1\",\"title\":\"A\"}\n"}}
	issues, err := NewClient(f).Export()
	require.NoError(t, err)
	require.Len(t, issues, 1)
	assert.Equal(t, "x-1", issues[0].ID)
	assert.Equal(t, StatusOpen, issues[0].State(), "an issue without a status is open")
	assert.Equal(t, []string{"export"}, f.Calls)

	f.Replies["export"] = ""
	issues, err = NewClient(f).Export()
	assert.NoError(t, err, "an empty database")
	assert.Empty(t, issues)

	f.Replies["export"] = "{\"id\":\"x-1\"}\nnot json\n"
	_, err = NewClient(f).Export()
	assert.EqualError(t, err, "bd export line 2: want one JSON object a line (bd export)")

	f.Fail = map[string]error{"export": &Error{Args: []string{"export"}, Stderr: "database is locked", Err: errors.New("exit status 1")}}
	_, err = NewClient(f).Export()
	assert.EqualError(t, err, "bd export: database is locked")
}

func TestReady(t *testing.T) {
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	dep := func(to, typ string) emit.Dep { return emit.Dep{DependsOnID: to, Type: typ} }
	issues := []Issue{
		{ID: "done", Status: "closed"},
		{ID: "pinned", Status: "pinned"},
		{ID: "open", Status: "open"},
		{ID: "a", Status: "open", Deps: []emit.Dep{dep("done", "blocks"), dep("pinned", "blocks")}},
		{ID: "b", Status: "open", Deps: []emit.Dep{dep("done", "blocks"), dep("open", "blocks")}},
		{ID: "c", Status: "open", Deps: []emit.Dep{dep("open", "conditional-blocks")}},
		{ID: "d", Status: "open", Deps: []emit.Dep{dep("open", "related"), dep("gone", "blocks")}},
		{ID: "e", Status: "in_progress"},
		{ID: "f", Status: "open", Fields: map[string]json.RawMessage{"defer_until": json.RawMessage(`"2026-07-01T00:00:00Z"`)}},
		{ID: "g", Status: "open", Fields: map[string]json.RawMessage{"defer_until": json.RawMessage(`"2026-05-01T00:00:00Z"`)}},
	}
	byID := Index(issues)
	for _, c := range []struct {
		id       string
		ready    bool
		blockers []string
	}{
		{"open", true, nil},
		{"a", true, nil}, // closed and pinned issues block nothing
		{"b", false, []string{"open"}},
		{"c", false, []string{"open"}},
		{"d", true, nil},  // other types, and issues not in the database, block nothing
		{"e", false, nil}, // bd ready lists open issues only
		{"f", false, nil}, // deferred past now
		{"g", true, nil},  // deferred to a date that has passed
		{"done", false, nil},
	} {
		is := byID[c.id]
		assert.Equal(t, c.ready, is.Ready(byID, now), c.id)
		assert.Equal(t, c.blockers, is.Blockers(byID), c.id)
	}
	until, later := byID["f"].DeferredUntil(now)
	assert.True(t, later)
	assert.Equal(t, time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), until)
}
