package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// summary renders what the parser read of every sprint, one block each.
func summary(p *Plan) string {
	var b strings.Builder
	for _, list := range [][]*Sprint{p.Sprints, p.Skipped} {
		for _, s := range list {
			fmt.Fprintf(&b, "%s (%s)", s.ID, s.WrittenID)
			if s.Skipped {
				fmt.Fprintf(&b, " skipped: %s", s.SkipReason)
			}
			if s.Status.Set() {
				fmt.Fprintf(&b, " status=%s@%d", s.Status.Value, s.Status.Pos.Line)
			}
			if s.Annotation != nil {
				fmt.Fprintf(&b, " bead=%s", s.Annotation.ID)
			}
			b.WriteString("\n")
			for _, t := range s.Tasks {
				fmt.Fprintf(&b, "  task %q\n", t)
			}
			for _, t := range s.Acceptance {
				fmt.Fprintf(&b, "  accept %q\n", t)
			}
			for _, r := range s.DependsOn {
				fmt.Fprintf(&b, "  dep %s@%d:%d\n", r.ID, r.Pos.Line, r.Pos.Col)
			}
			for _, a := range append(append([]Agent{}, s.DevAgents...), s.QAAgents...) {
				fmt.Fprintf(&b, "  agent %s/%s/%q\n", a.Name, a.Model, a.Prompt)
			}
			if s.Description != "" {
				fmt.Fprintf(&b, "  desc %q\n", s.Description)
			}
		}
	}
	return b.String()
}

func TestSectionFields(t *testing.T) {
	src := `# Plan

## Phase 01: Ingest

### Sprint 01.1: Setup

<!-- beads-ralph: bd-abc123 -->

<!-- reviewers: keep this list short -->
- [x] Run ` + "`go mod init`" + `
- [ ] Add **CI**:
  ` + "```sh" + `
  go test ./...
  ` + "```" + `
  - nested step
**Acceptance Criteria**:
- It builds
- Tests pass

### Sprint 1.2: API
**Tasks**: Write the handlers
- Routes
- Middleware

**Depends on**:
- 1.1 (needs the module)

**Dev Agents**: ` + "`go-dev` (opus), `go-reviewer` (Claude Haiku 4.5) - reviews" + `

#### Acceptance Criteria
- Handlers answer

### Sprint 1.3: Worker
**Status**: ❌ Not done
**Blocked by**: none
**QA Agents**:
- ` + "`qa-api`" + ` (haiku) - check the API
- qa-ui
- Repository layer
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 (01.1) bead=bd-abc123
  task "Run `+"`go mod init`"+`"
  task "Add **CI**:\n  `+"```sh"+`\n  go test ./...\n  `+"```"+`\n  - nested step"
  accept "It builds"
  accept "Tests pass"
1.2 (1.2)
  task "Write the handlers"
  task "Routes"
  task "Middleware"
  accept "Handlers answer"
  dep 1.1@26:3
  agent go-dev/opus/""
  agent go-reviewer/haiku/"reviews"
1.3 (1.3) status=open@34
  task "Worker"
  agent qa-api/haiku/"check the API"
  agent qa-ui//""
`, summary(p))
	assert.Equal(t, `p.md:33:1: warning: sprint 1.3 has no tasks; its title is its one prompt
p.md:34:1: warning: Status "❌ Not done" of sprint 1.3 read as open: ❌ would skip the sprint, but the words say it is not done
p.md:39:1: error: QA agent entry "Repository layer" of sprint 1.3: want `+"`name` (model) - prompt, like `qa-schema-validator` (haiku) - Validate against schema", sortDiags(p.Diags).String())
}

func sortDiags(ds Diagnostics) Diagnostics {
	out := append(Diagnostics{}, ds...)
	out.Sort()
	return out
}

// TestHistory: a skipped stub makes the sections with its id history; a
// completion log closes what it records done; a heading at the phase's
// level stays in its phase.
func TestHistory(t *testing.T) {
	src := `## Phase 1: A
### Sprint 1.1: One
- a
## Sprint 1.2: Two
- b
### Sprint 1.3: Three
- c
### ~~Sprint 1.4: Four~~ (SKIPPED)
### Sprint 1.4: Four
- d
## Phase 2: B
**Status**: Deferred
### Sprint 2.1: Five
- e
## Completion Log
### Phase 1: A ✅
#### ✅ Sprint 1.3: Three
#### Sprint 1.1: One
**Status**: Completed 2026-02-09
#### ✅ Sprint 9.9: Nine
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 (1.1) status=closed@18
  task "a"
1.2 (1.2)
  task "b"
1.3 (1.3) status=closed@17
  task "c"
1.4 (1.4) skipped: struck through
1.4 (1.4) skipped: marked skipped at line 8
  task "d"
2.1 (2.1) skipped: phase 2 is skipped
  task "e"
`, summary(p))
	assert.Equal(t, `p.md:4:1: warning: "Sprint 1.2: Two" is a level 2 heading, the level of phase headings; read as a sprint of Phase 1 (line 1). Write it one level deeper than the phase
p.md:9:1: warning: sprint 1.4 is not compiled: its heading at line 8 marks it skipped (struck through), so this section is read as its history
p.md:20:1: warning: completion log entry "✅ Sprint 9.9: Nine" names no sprint of the plan; it closes nothing`, sortDiags(p.Diags.Warnings()).String())
	assert.Equal(t, `p.md:16:1: info: "Phase 1: A ✅" groups completion log entries; it starts no phase
p.md:17:1: info: sprint 1.3 (line 6) is closed by this completion log entry
p.md:18:1: info: sprint 1.1 (line 2) is closed by this completion log entry`, sortDiags(p.Diags.Only(Info)).String())
	assert.True(t, p.Phases[1].Skipped)
	assert.Equal(t, "Status: Deferred", p.Phases[1].SkipReason)
}
