package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDetailsHistory: a sprint heading inside <details> is history, and so
// is every phase- or sprint-looking heading in its section; each is named
// by a warning, none is compiled.
func TestDetailsHistory(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Parser
- a

<details>

### Sprint 1.2: Old parser
- b
#### Sprint 1.3: Older still
#### Phase 9 notes

</details>

### Sprint 1.4: Checker
- c
`
	p := Parse("p.md", []byte(src))
	var ids []string
	for _, s := range p.Sprints {
		ids = append(ids, s.ID)
	}
	assert.Equal(t, []string{"1.1", "1.4"}, ids)
	assert.Equal(t, `p.md:7:1: warning: "Sprint 1.2: Old parser" is inside <details> (line 5), so it is read as history and not compiled: take it out of <details> to compile it
p.md:9:1: warning: "Sprint 1.3: Older still" is inside <details> (line 5), so it is read as history and not compiled: take it out of <details> to compile it
p.md:10:1: warning: "Phase 9 notes" is inside <details> (line 5), so it is read as history and not compiled: take it out of <details> to compile it`, sortDiags(p.Diags.Warnings()).String())
}
