package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTasksFromWorkLists: a unit's tasks come from its work lists (a work
// label, checkboxes, "#### Deliverable X:" headings, a list in its own body),
// never from a list under a sub-heading or label that names something else;
// such a list stays in the description where it stands.
func TestTasksFromWorkLists(t *testing.T) {
	src := `## Phase 1: A
### Sprint 1.1: Config
**Goal**: layered config.

#### Deliverable A: File config

Values resolve in this order:

1. flag
2. env

#### Deliverable B: ` + "`HTTPClient`" + `

- talks REST

#### Test Requirements

- precedence test
### Sprint 1.2: Facts
**Goal**: shell.

#### Current State

- policy has an allow list

#### File Scope

- ` + "`src/Policy.hs`" + ` — verify
- ` + "`test/PolicySpec.hs`" + ` — tests
### Sprint 1.3: Body
Do these:

- one
- two

#### Notes

- not work
### Sprint 1.4: Labelled
**Background:**
- a fact

**Completed Tasks**:
1. built it
### Sprint 1.5: Boxes
#### Day 2
- [ ] wire it
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 (1.1)
  task "Deliverable A: File config"
  task "Deliverable B: `+"`HTTPClient`"+`"
  desc "**Goal**: layered config.\n\n#### Deliverable A: File config\n\nValues resolve in this order:\n\n1. flag\n2. env\n\n#### Deliverable B: `+"`HTTPClient`"+`\n\n- talks REST\n\n#### Test Requirements\n\n- precedence test"
1.2 (1.2)
  task "Facts"
  desc "**Goal**: shell.\n\n#### Current State\n\n- policy has an allow list\n\n#### File Scope\n\n- `+"`src/Policy.hs`"+` — verify\n- `+"`test/PolicySpec.hs`"+` — tests"
1.3 (1.3)
  task "one"
  task "two"
  desc "Do these:\n\n#### Notes\n\n- not work"
1.4 (1.4)
  task "built it"
  desc "**Background:**\n\n- a fact\n\n**Completed Tasks**:"
1.5 (1.5)
  task "wire it"
  desc "#### Day 2"
`, summary(p))
	assert.Equal(t, []string{"src/Policy.hs", "test/PolicySpec.hs"}, pinStrings(p.Sprints[1].Files))
	assert.Equal(t, `p.md:19:1: warning: sprint 1.2 has no tasks; its title is its one prompt`, sortDiags(p.Diags.Warnings()).String())
}

func pinStrings(ps []Pin) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Value)
	}
	return out
}

func TestDeliverableHeading(t *testing.T) {
	for text, want := range map[string]bool{
		"Deliverable A: File-based Config System": true,
		"Deliverable 2 - Catalog":                 true,
		"deliverable c. Rewire":                   true,
		"Deliverables":                            false,
		"Deliverable A":                           false,
		"Deliverables overview: x":                false,
		"Deliverable AB: x":                       false,
		"Deliverable 12: x":                       true,
		"Design":                                  false,
	} {
		assert.Equal(t, want, deliverableHeading(text), text)
	}
}
