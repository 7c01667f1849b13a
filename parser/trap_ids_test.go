package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTrapSprintIDNearMiss: a sprint heading whose separator is almost a
// dash or colon is read, with a warning that shows the form; none
// disappears.
func TestTrapSprintIDNearMiss(t *testing.T) {
	src := `## Phase 1: Editor
### Sprint 1.1 -- Block model
- a
### Sprint 1.2 ― Drag and drop
- b
### Sprint 1.3 − Undo
- c
### Sprint 1.4 ： Preview
- d
### Sprint 1.5 | Export
- e
`
	assert.Equal(t, `1.1 open "Block model"
1.2 open "Drag and drop"
1.3 open "Undo"
1.4 open "Preview"
1.5 open "Export"
p.md:4:1: warning: "Sprint 1.2 ― Drag and drop" is read as sprint 1.2; write it "Sprint 1.2: Drag and drop"
p.md:6:1: warning: "Sprint 1.3 − Undo" is read as sprint 1.3; write it "Sprint 1.3: Undo"
p.md:8:1: warning: "Sprint 1.4 ： Preview" is read as sprint 1.4; write it "Sprint 1.4: Preview"
p.md:10:1: warning: "Sprint 1.5 | Export" is read as sprint 1.5; write it "Sprint 1.5: Export"
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapAutoNumberedHeadings: headings numbered by an editor extension
// ("## 1. Phase 1: Core", "### 1.1 Sprint 1.1: Events") are read as the
// phases and sprints they name.
func TestTrapAutoNumberedHeadings(t *testing.T) {
	src := `# Team Calendar
## 1. Phase 1: Calendar core
### 1.1 Sprint 1.1: Event model
- Recurring events
### 1.2 Sprint 1.2: Invitations
- ICS invites
## 2. Phase 2: Integrations
### 2.1 Sprint 2.1: Google Calendar sync
- Two-way sync
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 open "Event model"
1.2 open "Invitations"
2.1 open "Google Calendar sync"
`, reading(p))
	assert.Len(t, p.Phases, 2)
}
