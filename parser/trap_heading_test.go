package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Traps of issue 26 in headings: a marker about part of the work, or a
// status word that is a word of the title, neither skips nor closes the
// unit, and the title stays whole. Plans and readings written by hand
// before the compiler ran.

// TestTrapHeadingPartSkip: a skip word about part of the unit skips
// nothing; one about the whole unit still skips it.
func TestTrapHeadingPartSkip(t *testing.T) {
	src := `## Phase 1: Billing
### Sprint 1.1: Invoices and reminders — dunning DEFERRED
- Invoice PDFs
### Sprint 1.2: Plan changes — upgrades; downgrades ❌ out of scope
- Upgrade flow
### Sprint 1.3: Order lifecycle (CANCELLED state handling)
- Cancel transitions
### Sprint 1.4: DEFERRED payment support
- Invoice-later flow
### Sprint 1.5: Legacy exports — DEFERRED
- Old CSV
### Sprint 1.6: Show ❌ badge on failed payments
- Red badge
### Sprint 1.7: Search (DEFERRED to v2)
- Full-text search
### Sprint 1.8: Reports — CANCELLED until Q3
- Weekly report
`
	assert.Equal(t, `1.1 open "Invoices and reminders — dunning DEFERRED"
1.2 open "Plan changes — upgrades; downgrades ❌ out of scope"
1.3 open "Order lifecycle (CANCELLED state handling)"
1.4 open "DEFERRED payment support"
1.6 open "Show ❌ badge on failed payments"
1.5 skipped "Legacy exports" (marked DEFERRED)
1.7 skipped "Search" (marked DEFERRED)
1.8 skipped "Reports — CANCELLED until Q3" (marked CANCELLED)
p.md:2:1: warning: sprint 1.1's title says "DEFERRED", but the sprint is not read as skipped: to skip it, write (DEFERRED) or strike the heading through
p.md:4:1: warning: sprint 1.2's title says "❌", but the sprint is not read as skipped: to skip it, write (SKIPPED) or strike the heading through
p.md:8:1: warning: sprint 1.4's title says "DEFERRED", but the sprint is not read as skipped: to skip it, write (DEFERRED) or strike the heading through
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapHeadingStatusInTitle: a status word that is a word of the title
// keeps the title whole and closes nothing.
func TestTrapHeadingStatusInTitle(t *testing.T) {
	src := `## Phase 1: Workflow
### Sprint 1.1: Rename DONE to CLOSED
- Rename the enum value
### Sprint 1.2: Fault reporting — DONE
- Fault codes
### Sprint 1.3: Firmware rollout ⏸️
- Staged OTA
`
	assert.Equal(t, `1.1 open "Rename DONE to CLOSED"
1.2 closed "Fault reporting"
1.3 blocked "Firmware rollout"
p.md:2:1: warning: sprint 1.1's title says "CLOSED", but the sprint is not read as closed: to mark it done, write (DONE) after the title or **Status**: Done
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapHeadingDoneOverOpenTasks: a heading marked done over tasks none
// or only some of which are ticked is not closed in silence.
func TestTrapHeadingDoneOverOpenTasks(t *testing.T) {
	src := `## Phase 1: Webhooks
### Sprint 1.1: Delivery (COMPLETE)
- [ ] Sign payloads
- [ ] Retry with backoff
### Sprint 1.2: Replay (COMPLETE)
- [x] Replay endpoint
- [x] Audit log
### Sprint 1.3: Dashboard ✅
- Delivery graph
`
	assert.Equal(t, `1.1 open "Delivery"
1.2 closed "Replay"
1.3 closed "Dashboard"
p.md:2:1: warning: sprint 1.1's heading says "COMPLETE", but 2 of its 2 tasks are not ticked (the first at line 3); read as open: tick them, or write **Status**: Done
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapHeadingDoneOverOpenTasksShapes: the same in the shapes reader.
func TestTrapHeadingDoneOverOpenTasksShapes(t *testing.T) {
	src := `## Phase 1: Webhooks
### Step 1.1: Delivery (COMPLETE)
- [ ] Sign payloads
- [x] Retry with backoff
### Step 1.2: Replay ✅
- [x] Replay endpoint
`
	assert.Equal(t, `1.1 open "Delivery"
1.2 closed "Replay"
p.md:2:1: warning: sprint 1.1's heading says "COMPLETE", but 1 of its 2 tasks are not ticked (the first at line 3); read as open: tick them, or write **Status**: Done
`, reading(Parse("p.md", []byte(src))))
}
