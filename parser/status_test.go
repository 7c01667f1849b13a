package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadStatus: a status is read by its words. A done word under a
// negation or with partial progress is not done, and words the compiler
// does not know are said to be unknown.
func TestReadStatus(t *testing.T) {
	for _, c := range []struct {
		in     string
		status string
		known  bool
		note   bool
	}{
		{"✅ **COMPLETED** (PR #8)", StatusClosed, true, false},
		{"Completed 2026-02-09", StatusClosed, true, false},
		{"Done (PR #4 merged)", StatusClosed, true, false},
		{"complete", StatusClosed, true, false},
		{"Not completed", StatusOpen, true, false},
		{"not yet done", StatusOpen, true, false},
		{"Incomplete", StatusOpen, true, false},
		{"❌ Not done", StatusOpen, true, true},
		{"Partially complete (2/5)", StatusInProgress, true, true},
		{"2/5 done", StatusInProgress, true, true},
		{"5/5 done", StatusClosed, true, false},
		{"60% done", StatusInProgress, true, true},
		{"Not started", StatusOpen, true, false},
		{"In Progress", StatusInProgress, true, false},
		{"in_progress", StatusInProgress, true, false},
		{"🔄 WIP", StatusInProgress, true, false},
		{"Blocked on review", StatusBlocked, true, false},
		{"⛔", StatusBlocked, true, false},
		{"TODO", StatusOpen, true, false},
		{"Pending", StatusOpen, true, false},
		{"Skipped", statusSkipped, true, false},
		{"❌ OUT OF SCOPE", statusSkipped, true, false},
		{"Deferred to v2", statusSkipped, true, false},
		{"won't do", statusSkipped, true, false},
		{"❌", statusSkipped, true, false},
		{"❌ Blocked", StatusBlocked, true, true},
		{"Completeness review", StatusInProgress, true, false}, // "review", not "complete"
		// A drop word about part of the work skips nothing.
		{"Done — international rates deferred to 2.1", StatusClosed, true, false},
		{"In progress (weight is out of scope for now)", StatusInProgress, true, false},
		{"Deferred to v2, done in part", statusSkipped, true, false},
		{"Retired", statusSkipped, true, false},
		{"⏸ paused", StatusBlocked, true, false}, // paused is on hold, not dropped
		// Negation and history, as a person reads them.
		{"Not blocked anymore", StatusOpen, true, false},
		{"Done? no", StatusOpen, true, true},
		{"Was completed, then reopened", StatusOpen, true, true},
		// Closed only when nothing in the statement says part is not done.
		{"Completed, not yet deployed", StatusInProgress, true, true},
		{"Done (PR #4), not blocked", StatusClosed, true, false},
		{"Complete. No open issues.", StatusClosed, true, false},
		{"Done; next: Sprint 1.3", StatusClosed, true, false},
		{"Completed — ready for QA", StatusClosed, true, false},
		{"Complete (tests pending)", StatusInProgress, true, true},
		{"Done, not yet", StatusOpen, true, true},
		{"Done? yes", StatusClosed, true, false},
		{"Frobnicated", StatusOpen, false, false},
		{"", StatusOpen, false, false},
	} {
		r := readStatus(c.in)
		assert.Equal(t, c.status, r.status, "%q", c.in)
		assert.Equal(t, c.known, r.known, "%q known", c.in)
		assert.Equal(t, c.note, r.note != "", "%q note %q", c.in, r.note)
	}
}
