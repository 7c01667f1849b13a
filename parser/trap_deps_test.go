package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTrapParallelAgainstSequence: one sentence says two units run in
// parallel, another (later in a paragraph) that one builds on the other:
// the statement is dropped, the stricter reading kept, with a warning that
// names both lines.
func TestTrapParallelAgainstSequence(t *testing.T) {
	src := `## Phase 1: Billing
### Sprint 1.1: Invoices
- Invoice model
### Sprint 1.2: Dunning
- Reminder emails
### Sprint 1.3: Reports
- Weekly report

Sprints 1.2 and 1.3 can run in parallel.

The reports are simple. Sprint 1.3 builds on
Sprint 1.2's reminder log.
`
	p := Parse("p.md", []byte(src))
	assert.Empty(t, p.Parallel)
	assert.Equal(t, `1.1 open "Invoices"
1.2 open "Dunning"
1.3 open "Reports"
p.md:9:1: warning: "Sprints 1.2 and 1.3 can run in parallel." says 1.2, 1.3 run in parallel, but "Sprint 1.3 builds on Sprint 1.2's reminder log." (line 11) says 1.3 runs after 1.2; the stricter reading, in sequence, is kept
`, reading(p))
}

// TestTrapDependsOnNone: "none (runs alongside 2.1a)" and "nothing beyond
// Phase 2 — not 3a.1" add no edge; "1.1, not 1.2" adds 1.1 alone.
func TestTrapDependsOnNone(t *testing.T) {
	src := `## Phase 1: A
### Sprint 1.1: One
- a
### Sprint 1.2: Two
- b
### Sprint 1.3: Three
**Depends on**: none (runs alongside 1.2)
- c
### Sprint 1.4: Four
**Depends on**: 1.1, not 1.2
- d
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, [][]string{nil, nil, nil, {"1.1"}}, depIDs(p))
	assert.Equal(t, `1.1 open "One"
1.2 open "Two"
1.3 open "Three"
1.4 open "Four"
p.md:7:1: warning: Depends on "none (runs alongside 1.2)" of sprint 1.3 says none; 1.2, named after it, is not read as a dependency
p.md:10:1: warning: Depends on "1.1, not 1.2" of sprint 1.4 names 1.2 with a negation; it is not read as a dependency
`, reading(p))
}
