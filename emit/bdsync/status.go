package bdsync

import (
	"encoding/json"
	"time"
)

// What bd ready makes of the issues a database holds, for a status report.
// It builds on read.go and client.go, as diff.go does.

// Export reads every issue in the database with one bd export, through
// Read. An empty database gives no issues and no error.
func (c *Client) Export() ([]Issue, error) { return c.export() }

// Index maps the issues' ids to the issues.
func Index(issues []Issue) map[string]*Issue {
	m := make(map[string]*Issue, len(issues))
	for i := range issues {
		m[issues[i].ID] = &issues[i]
	}
	return m
}

// The statuses of bd v1.3.0 that a status report tells apart. bd also has
// deferred, pinned and hooked.
const (
	StatusOpen       = "open"
	StatusInProgress = "in_progress"
	StatusBlocked    = "blocked"
	StatusClosed     = "closed"
	StatusHooked     = "hooked" // claimed by a worker: work in progress
)

// State returns the issue's status, "open" when bd left it out.
func (is *Issue) State() string {
	if is.Status == "" {
		return StatusOpen
	}
	return is.Status
}

// blocking reports whether a dependency of this type holds its issue back
// from bd ready while the issue it points at is open. bd v1.3.0 also
// blocks on parent-child edges to a blocked parent and on waits-for gates;
// architect writes neither.
func blocking(depType string) bool { return depType == depBlocks || depType == "conditional-blocks" }

// releases reports whether an issue in this status no longer blocks the
// issues that depend on it.
func releases(status string) bool { return status == StatusClosed || status == "pinned" }

// Blockers returns the ids of the issues that keep is out of bd ready: the
// issues its blocks (and conditional-blocks) dependencies point at that are
// in the database and neither closed nor pinned, in the order of its
// dependencies. A dependency on an issue the database does not hold blocks
// nothing, as in bd.
func (is *Issue) Blockers(byID map[string]*Issue) []string {
	var out []string
	for _, d := range is.Deps {
		if !blocking(d.Type) {
			continue
		}
		if t, ok := byID[d.DependsOnID]; ok && !releases(t.State()) {
			out = append(out, d.DependsOnID)
		}
	}
	return out
}

// DeferredUntil returns the issue's defer_until when it is later than now:
// bd ready leaves such an issue out until then.
func (is *Issue) DeferredUntil(now time.Time) (time.Time, bool) {
	s := is.FieldString("defer_until")
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil || !t.After(now) {
		return time.Time{}, false
	}
	return t, true
}

// Ready reports whether bd ready lists the issue: it is open, not deferred
// past now, and nothing blocks it.
func (is *Issue) Ready(byID map[string]*Issue, now time.Time) bool {
	if is.State() != StatusOpen {
		return false
	}
	if _, later := is.DeferredUntil(now); later {
		return false
	}
	return len(is.Blockers(byID)) == 0
}

// FieldString returns a top-level field that is a string, or "".
func (is *Issue) FieldString(key string) string {
	var s string
	if raw, ok := is.Fields[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// MetaString returns a metadata key that is a string, or "".
func (is *Issue) MetaString(key string) string { return is.metaString(key) }
