package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Traps of issue 26 in task lists. Plans and expected tasks written by
// hand before the compiler ran.

func tasksOf(t *testing.T, src string) (*Plan, [][]string, [][]string) {
	t.Helper()
	p := Parse("p.md", []byte(src))
	var tasks, ac [][]string
	for _, s := range p.Sprints {
		tasks = append(tasks, s.Tasks)
		ac = append(ac, s.Acceptance)
	}
	return p, tasks, ac
}

// TestTrapNestedNumberedTasks: sub-items indented too little for CommonMark
// to nest them stay sub-items of their task.
func TestTrapNestedNumberedTasks(t *testing.T) {
	_, tasks, _ := tasksOf(t, `## Phase 1: Auth
### Sprint 1.1: Hashes
**Tasks**:
1. Migrate hashes
  1. bcrypt to argon2
  2. keep the bcrypt verify path for 90 days
2. Lockout
  - unlock by email link
`)
	assert.Equal(t, [][]string{{
		"Migrate hashes\n  1. bcrypt to argon2\n  2. keep the bcrypt verify path for 90 days",
		"Lockout\n  - unlock by email link",
	}}, tasks)
}

// TestTrapListFoldedIntoLabel: a numbered list that starts at 3, or a
// tab-indented first item, cannot interrupt the label's paragraph in
// CommonMark; the items are still the tasks.
func TestTrapListFoldedIntoLabel(t *testing.T) {
	_, tasks, _ := tasksOf(t, "## Phase 1: Security\n### Sprint 1.1: Password policy\n**Tasks**:\n3. Minimum length 12\n4. No composition rules\n"+
		"### Sprint 1.2: Sampling\n**Tasks**:\t\n\t- Tail-based sampling at the collector\n-   Keep all error traces   \n")
	assert.Equal(t, [][]string{
		{"Minimum length 12", "No composition rules"},
		{"Tail-based sampling at the collector", "Keep all error traces"},
	}, tasks)
}

// TestTrapPlaceholderTasks: "TBD" and "none yet — waiting for ..." name no
// work: not prompts; the title stands in, with warnings.
func TestTrapPlaceholderTasks(t *testing.T) {
	p, tasks, _ := tasksOf(t, `## Phase 1: Tokens
### Sprint 1.1: Spacing tokens
**Tasks**: TBD
### Sprint 1.2: Icon set
**Tasks**: none yet — waiting for the icon audit
### Sprint 1.3: Colors
**Tasks**: Export the color styles
`)
	assert.Equal(t, [][]string{{"Spacing tokens"}, {"Icon set"}, {"Export the color styles"}}, tasks)
	assert.Equal(t, `1.1 open "Spacing tokens"
1.2 open "Icon set"
1.3 open "Colors"
p.md:3:1: warning: tasks of sprint 1.1 says "TBD", which names no work yet: it is not read as a task
p.md:5:1: warning: tasks of sprint 1.2 says "none yet — waiting for the icon audit", which names no work yet: it is not read as a task
p.md:2:1: warning: 2 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2
`, reading(p))
}

// TestTrapCriteriaGluedToLastTask: an Acceptance Criteria line glued under
// the last task, indented with it, is the sprint's criteria, not task text;
// a label sub-heading with a note ("#### Acceptance criteria (QA)") works as
// the label.
func TestTrapCriteriaGluedToLastTask(t *testing.T) {
	_, tasks, ac := tasksOf(t, `## Phase 1: Profiles
### Sprint 1.1: Avatar upload
**Tasks**:
- Accept PNG up to 5 MB
- Crop to square
  **Acceptance Criteria**: rejects files over 5 MB
### Sprint 1.2: Profile page
#### Tasks
- SSR profile page
#### Acceptance criteria (QA)
- Lighthouse SEO score 100
`)
	assert.Equal(t, [][]string{{"Accept PNG up to 5 MB", "Crop to square"}, {"SSR profile page"}}, tasks)
	assert.Equal(t, [][]string{{"rejects files over 5 MB"}, {"Lighthouse SEO score 100"}}, ac)
}

// TestTrapTaskLabelsInOtherLanguages: task and criteria lists under German
// and Spanish labels are read.
func TestTrapTaskLabelsInOtherLanguages(t *testing.T) {
	p, tasks, ac := tasksOf(t, `## Phase 1: Rechnungen
### Sprint 1.1: PDF
**Aufgaben**:
- Rechnungen erzeugen
**Akzeptanzkriterien**:
- PDF ist gültig
### Sprint 1.2: Facturas
#### Tareas
- Generar facturas
#### Criterios de aceptación
- El PDF es válido
`)
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, [][]string{{"Rechnungen erzeugen"}, {"Generar facturas"}}, tasks)
	assert.Equal(t, [][]string{{"PDF ist gültig"}, {"El PDF es válido"}}, ac)
}
