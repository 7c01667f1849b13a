package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrapPhaseFields: status, priority, team and labels written on a phase
// are its sprints', unless a sprint says otherwise; a Status on the phase
// heading's own line is read and cut from the title.
func TestTrapPhaseFields(t *testing.T) {
	src := `## Phase 1: Migration tooling
**Priority**: P0
**Team**: platform-migrations
**Labels**: sunset

### Sprint 1.1: Proxy
- Translate v1 calls

### Sprint 1.2: Dashboard
**Priority**: P2
- Per-customer counts

## Phase 2: Shutdown
**Status**: Blocked — legal has not approved the date

### Sprint 2.1: Turn off v1
- Return 410

## Phase 3: Chargebacks — **Status**: Blocked

### Sprint 3.1: Import
- Import files

## Phase 4: Scoring (IN PROGRESS)

### Sprint 4.1: Features
- Streaming features

### Sprint 4.2: Serving
**Status**: Done
- Serve the model
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 open "Proxy"
1.2 open "Dashboard"
2.1 blocked "Turn off v1"
3.1 blocked "Import"
4.1 open "Features"
4.2 closed "Serving"
p.md:14:1: warning: phase 2 is marked blocked (Blocked — legal has not approved the date): its sprints without a Status of their own are blocked too: 2.1
p.md:19:1: warning: phase 3 is marked blocked (Blocked): its sprints without a Status of their own are blocked too: 3.1
p.md:24:1: warning: phase 4 is marked in progress (IN PROGRESS), which does not say which of its sprints is: those without a Status of their own stay open: 4.1; write **Status**: In progress on the sprint being worked on
`, reading(p))
	require.Len(t, p.Sprints, 6)
	assert.Equal(t, "0", p.Sprints[0].Priority.Value)
	assert.Equal(t, "2", p.Sprints[1].Priority.Value)
	assert.Equal(t, "platform-migrations", p.Sprints[1].Team.Value)
	assert.Equal(t, []string{"sunset"}, p.Sprints[0].Labels)
	assert.Equal(t, "Chargebacks", p.Phases[2].Title)
}
