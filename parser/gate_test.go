package parser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// gates renders each unit's and phase's gates and the diagnostics.
func gates(p *Plan) string {
	var b strings.Builder
	for _, ph := range p.Phases {
		for _, g := range ph.Gates {
			fmt.Fprintf(&b, "phase %s: %s %q %q %d:%d prose=%v\n", ph.ID, g.Key(), g.Reason, gateField(g), g.Pos.Line, g.Pos.Col, g.Prose)
		}
		for _, s := range ph.Sprints {
			for _, g := range s.Gates {
				fmt.Fprintf(&b, "%s: %s %q %q %d:%d prose=%v\n", s.ID, g.Key(), g.Reason, gateField(g), g.Pos.Line, g.Pos.Col, g.Prose)
			}
		}
	}
	for _, d := range p.Diags {
		if d.Severity != Info {
			b.WriteString(d.Error() + "\n")
		}
	}
	return b.String()
}

func TestGateFields(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Schema
- Write the schema
### Sprint 1.2: API
**Gate**: human — Design review of the schema
- Build the API
### Sprint 1.3: Canary
**Gates**:
- timer 2h — let the canary run
- pr #42
- run 1234567890 — nightly build

**Tasks**:
- Roll out

## Phase 2: Rollout
**Gate**: timer 1d — a day of traffic on the canary

### Sprint 2.1: Everyone
- Turn it on
`
	assert.Equal(t, `1.2: human "Design review of the schema" "human — Design review of the schema" 5:1 prose=false
1.3: timer-2h0m0s "let the canary run" "timer 2h0m0s — let the canary run" 9:1 prose=false
1.3: gh:pr-42 "" "pr #42" 10:1 prose=false
1.3: gh:run-1234567890 "nightly build" "run 1234567890 — nightly build" 11:1 prose=false
phase 2: timer-24h0m0s "a day of traffic on the canary" "timer 24h0m0s — a day of traffic on the canary" 17:1 prose=false
`, gates(Parse("p.md", []byte(src))))
}

// TestGateErrors: a value with a type and a bad argument is an error at
// its line; one that names no type, or whose words after pr or run are
// no number, is a human gate, with a warning.
func TestGateErrors(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Schema
**Gate**: review by Ann
- Write the schema
### Sprint 1.2: API
**Gate**: timer soon
**Gate**: pr #forty-two
**Gate**: run the smoke tests first
- Build the API
`
	assert.Equal(t, `1.1: human "review by Ann" "human — review by Ann" 3:1 prose=true
1.2: human "run the smoke tests first" "human — run the smoke tests first" 8:1 prose=true
p.md:3:1: warning: gate "review by Ann" names no type, so it is read as a human gate on sprint 1.1 (resolved by a person); write **Gate**: human — review by Ann to say so, or timer DURATION, pr NUMBER or run ID
p.md:6:1: error: gate of sprint 1.2: timer gate "timer soon" wants a duration after timer, like 2h, 30m or 1d
p.md:7:1: error: gate of sprint 1.2: pull request gate "pr #forty-two" wants its number after the type, like pr #42
p.md:8:1: warning: gate "run the smoke tests first" names no type, so it is read as a human gate on sprint 1.2 (resolved by a person); write **Gate**: human — run the smoke tests first to say so, or timer DURATION, pr NUMBER or run ID
`, gates(Parse("p.md", []byte(src))))
}

func TestGateProse(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Schema
- Write the schema

### Sprint 1.2: API
Human checkpoint: the team lead signs off the schema.

- Build the API

### Sprint 1.3: Release
⏸ Wait for PR #42 to merge before starting.

Let the canary soak for a day before the release, if you can.

- Ship it

## Phase 2: Later
⏸ Product review of the beta

### Sprint 2.1: GA
- Announce
`
	assert.Equal(t, `1.2: human "the team lead signs off the schema." "human — the team lead signs off the schema." 6:1 prose=true
1.3: gh:pr-42 "Wait for PR #42 to merge before starting." "pr #42 — Wait for PR #42 to merge before starting." 11:1 prose=true
phase 2: human "Product review of the beta" "human — Product review of the beta" 18:1 prose=true
p.md:6:1: warning: "Human checkpoint: the team lead signs off the schema." is read as a human gate on sprint 1.2; write **Gate**: human — the team lead signs off the schema. to say so, or reword the line
p.md:11:1: warning: "⏸ Wait for PR #42 to merge before starting." is read as a pull request gate on sprint 1.3; write **Gate**: pr #42 — Wait for PR #42 to merge before starting. to say so, or reword the line
p.md:13:1: warning: "Let the canary soak for a day before the release, if you can." may be a wait before sprint 1.3, which is not read as one: write **Gate**: timer DURATION — reason if the unit must wait
p.md:18:1: warning: "⏸ Product review of the beta" is read as a human gate on the first units of phase 2; write **Gate**: human — Product review of the beta to say so, or reword the line
`, gates(Parse("p.md", []byte(src))))
}

func TestReadDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"2h": 2 * time.Hour, "30m": 30 * time.Minute, "1d": 24 * time.Hour, "1.5h": 90 * time.Minute, "2 days": 48 * time.Hour, "1w": 168 * time.Hour, "90s": 90 * time.Second} {
		d, ok := readDuration(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, d, in)
	}
	for _, in := range []string{"", "soon", "0h", "-2h", "h"} {
		_, ok := readDuration(in)
		assert.False(t, ok, in)
	}
}
