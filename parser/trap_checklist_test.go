package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrapPrerequisitesChecklist: a ticked list under a label that names
// something other than the unit's work ("**Prerequisites** (handled by the
// platform team):") neither closes the unit nor becomes its prompts; it
// stays in the description, with a warning at the label.
func TestTrapPrerequisitesChecklist(t *testing.T) {
	src := `## Phase 2: Deploys
### Sprint 2.1: Deploy pipeline
**Prerequisites** (handled by the platform team):
- [x] CI runners provisioned
- [x] Registry credentials

**Tasks**:
- Build the deploy job
- Add rollback
### Sprint 2.2: Canary
Route 5% of traffic first.

**Before you start**:
- [x] Metrics exported
- [x] Dashboards ready
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `2.1 open "Deploy pipeline"
2.2 open "Canary"
p.md:3:1: warning: the checklist under "prerequisites" (line 4) is not read as the work of sprint 2.1: it stays in the description, and its boxes do not say how the sprint stands; to make it the sprint's tasks, label it **Tasks**:
p.md:13:1: warning: the checklist under "before you start" (line 14) is not read as the work of sprint 2.2: it stays in the description, and its boxes do not say how the sprint stands; to make it the sprint's tasks, label it **Tasks**:
p.md:10:1: warning: sprint 2.2 has no tasks; its title is its one prompt
`, reading(p))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, []string{"Build the deploy job", "Add rollback"}, p.Sprints[0].Tasks)
	assert.Contains(t, p.Sprints[0].Description, "- [x] Registry credentials")
	assert.Equal(t, []string{"Canary"}, p.Sprints[1].Tasks)
}

// TestTrapReadinessChecklist: a ticked line of a checklist outside the
// phases that names a phase but not its work ("- [x] Phase 2: budget
// approved") closes nothing, with a warning at the line; one that names
// the phase by its title closes it, as a progress tracker does.
func TestTrapReadinessChecklist(t *testing.T) {
	src := `# Launch plan

## Readiness checklist
- [x] Phase 1: Discovery
- [x] Phase 2: budget approved
- [ ] Phase 3: legal sign-off

## Phase 1: Discovery
### Step 1.1: Interviews
- Talk to ten customers
## Phase 2: Build
### Step 2.1: Prototype
- Clickable prototype
## Phase 3: Launch
### Step 3.1: Announce
- Blog post
`
	assert.Equal(t, `1.1 closed "Interviews"
2.1 open "Prototype"
3.1 open "Announce"
p.md:4:1: warning: phase 1 is marked done (checked in the progress tracker): its sprints without a Status of their own are closed: 1.1
p.md:5:1: warning: "- [x] Phase 2: budget approved" names phase 2, but its words "budget approved" are not the phase's title "Build" (line 11); it closes nothing
`, reading(Parse("p.md", []byte(src))))
}
