package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Traps of issue 26 where a status (or another field) was written where
// the reader did not look, so the unit stayed open in silence. Plans and
// readings written by hand before the compiler ran.

// TestTrapPlainLabels: "Status: Done", "Tasks:" and "Acceptance Criteria:"
// without bold are fields; a plain line whose value is no status is text.
func TestTrapPlainLabels(t *testing.T) {
	src := `Integration Branch: ` + "`develop`" + `

## Phase 1: Alerts
### Sprint 1.1: Threshold alerts
Status: Done

Tasks:
- Alert at 80% of budget
- Email and Slack

Acceptance Criteria:
- Alerts fire within 5 minutes
### Sprint 1.2: Anomaly alerts
Status: the model is the hard part.

- Daily anomaly model
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 closed "Threshold alerts"
1.2 open "Anomaly alerts"
`, reading(p))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, "develop", p.Defaults.SourceBranch)
	assert.Equal(t, []string{"Alert at 80% of budget", "Email and Slack"}, p.Sprints[0].Tasks)
	assert.Equal(t, []string{"Alerts fire within 5 minutes"}, p.Sprints[0].Acceptance)
	assert.Equal(t, "Status: the model is the hard part.", p.Sprints[1].Description)
}

// TestTrapStatusBlockquote: fields in a block quote or a GitHub callout are
// the unit's.
func TestTrapStatusBlockquote(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Argument parsing
> **Status**: ✅ Completed 2026-01-12

- Port the flags to clap
### Sprint 1.2: Config loading
> [!NOTE]
> **Status**: 🔄 In progress

- Load the config file
### Sprint 1.3: Output formats
- JSON and YAML output

> **Acceptance Criteria**:
> - Golden tests for every format
### Sprint 1.4: Man page
> A quote from the design review: ship it.

- Write the man page
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 closed "Argument parsing"
1.2 in_progress "Config loading"
1.3 open "Output formats"
1.4 open "Man page"
`, reading(p))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"Golden tests for every format"}, p.Sprints[2].Acceptance)
	assert.Equal(t, []string{"Write the man page"}, p.Sprints[3].Tasks)
}

// TestTrapStatusTable: a progress table outside the phases says how the
// sprints it names stand, when their sections do not; a row that names a
// sprint by another title, or contradicts its section, is a warning.
func TestTrapStatusTable(t *testing.T) {
	src := `# Analytics

## Progress

| Sprint | Title | Status |
|--------|-------|--------|
| 1.1 | Event schema | ✅ Done |
| 1.2 | Ingestion API | 🔄 In progress |
| 2.1 | Apple Pay | ✅ Done |
| 2.2 | Export | ✅ Done |

## Phase 1: Data
### Sprint 1.1: Event schema
- Protobuf envelope
### Sprint 1.2: Ingestion API
- POST /events
## Phase 2: Presentation
### Sprint 2.1: Charts
- Line charts
### Sprint 2.2: Export
**Status**: Not started
- CSV export
`
	assert.Equal(t, `1.1 closed "Event schema"
1.2 in_progress "Ingestion API"
2.1 open "Charts"
2.2 open "Export"
p.md:9:1: warning: the progress table names sprint 2.1 "Apple Pay", but its title is "Charts" (line 18); its status here is not read
p.md:10:1: warning: the progress table says sprint 2.2 is closed ("✅ Done"), but its section says open (line 21); the section is followed
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapFieldsTable: a Field/Value table in a sprint holds its fields.
func TestTrapFieldsTable(t *testing.T) {
	src := `## Phase 1: Portal
### Sprint 1.1: Invoice list

| Field | Value |
|-------|-------|
| Status | ✅ Done |
| Branch | ` + "`feature/invoice-list`" + ` |
| Priority | P0 |

**Tasks**:
- Paginated invoice list
### Sprint 1.2: Invoice PDF
| Field | Value |
|-------|-------|
| Status | Blocked |

- Signed download links
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 closed "Invoice list"
1.2 blocked "Invoice PDF"
`, reading(p))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, "feature/invoice-list", p.Sprints[0].Branch.Value)
	assert.Equal(t, "0", p.Sprints[0].Priority.Value)
	assert.Equal(t, []string{"Signed download links"}, p.Sprints[1].Tasks)
}

// TestTrapFieldsAfterThePhases: a setting written in a section after the
// phases ("## Notes" / "**Labels**: security") is read nowhere: a warning
// says so at its line.
func TestTrapFieldsAfterThePhases(t *testing.T) {
	src := `## Phase 1: Isolation
### Sprint 1.1: RLS policies
- Policies for the tenant tables

## Notes

**Labels**: security, multi-tenant
`
	assert.Equal(t, `1.1 open "RLS policies"
p.md:7:1: warning: "**Labels**: security, multi-tenant" is under "## Notes" (line 5), after the phases, where no sprint's or plan's fields are read: it is not applied; move it before the first phase (plan settings) or into a sprint
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapStatusAfterTasks: a Status written after the tasks, after a blank
// line, glued under the last task, or glued and indented with it, is the
// sprint's.
func TestTrapStatusAfterTasks(t *testing.T) {
	src := `## Phase 1: Alerts
### Sprint 1.1: Thresholds
- Alert at 80%
- Email and Slack

**Status**: Done
### Sprint 1.2: Anomalies
- Daily model
**Status**: In progress
### Sprint 1.3: Digest
- Weekly digest
  **Status**: Blocked
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 closed "Thresholds"
1.2 in_progress "Anomalies"
1.3 blocked "Digest"
`, reading(p))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{"Weekly digest"}, p.Sprints[2].Tasks)
}
