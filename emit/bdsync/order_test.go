package bdsync

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/beads-architect/architect/emit"
)

// TestReadyStampsInsert: new beads are stamped between the beads that
// exist before and after them in ready order, and at the ends outside
// them; a gap without a free second is named in a note.
func TestReadyStampsInsert(t *testing.T) {
	base := time.Date(2026, 3, 4, 5, 0, 0, 0, time.UTC)
	now := base.Add(time.Hour)
	bead := func(id, sprint string, rank int) emit.Bead {
		b := emit.Bead{Issue: emit.Issue{ID: id, IssueType: "beads-ralph-work"}}
		b.Metadata.Sprint = sprint
		b.CreatedAt = base.Add(time.Duration(rank) * time.Second).Format(time.RFC3339)
		return b
	}
	stored := func(id string, at time.Time) *Issue {
		return &Issue{ID: id, Fields: map[string]json.RawMessage{"created_at": json.RawMessage(`"` + at.Format(time.RFC3339) + `"`)}}
	}
	desired := []emit.Bead{
		bead("a", "0.9", 0), // new, before every bead that exists
		bead("b", "1.1", 1),
		bead("c", "1.2", 2), // new, between 1.1 and 1.3
		bead("d", "1.2x", 3),
		bead("e", "1.3", 4),
		bead("f", "1.4", 5),
		bead("g", "1.5", 6), // new, between 1.4 and 1.6: no room
		bead("h", "1.6", 7),
		bead("i", "1.7", 8), // new, after all
		{Issue: emit.Issue{ID: "gate", IssueType: emit.TypeGate}},
	}
	byID := map[string]*Issue{
		"b": stored("b", base.Add(100*time.Second)),
		"e": stored("e", base.Add(130*time.Second)),
		"f": stored("f", base.Add(140*time.Second)),
		"h": stored("h", base.Add(140*time.Second)),
	}
	stamps, note := readyStamps(desired, byID, now)
	at := func(id string) string { return stamps[id].Format("15:04:05") }
	assert.Equal(t, []string{"05:01:30", "05:01:50", "05:02:00", "05:02:20", "05:59:50"},
		[]string{at("a"), at("c"), at("d"), at("g"), at("i")})
	assert.Equal(t, "1 new bead (1.5) could not be stamped in plan order among the beads that exist (no second free between their neighbours' created_at): among beads of one priority, bd ready lists it by id", note)
	assert.NotContains(t, stamps, "gate")
}
