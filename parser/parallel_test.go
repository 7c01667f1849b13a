package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// parallels renders a plan's Parallel statements, one a line.
func parallels(p *Plan) string {
	var b strings.Builder
	for _, st := range p.Parallel {
		fmt.Fprintf(&b, "%s %s %q\n", st.Pos, strings.Join(st.Units, ","), st.Text)
	}
	return b.String()
}

// TestParallelSentences: which sentences say units run in parallel, and
// which units they name.
func TestParallelSentences(t *testing.T) {
	src := `## Epic 1: Shell Execution
- shell work
## Epic 2: Signal Channel (Full Integration)
- signal work

This epic can run in parallel with Epic 3.
## Epic 3: Telegram
- telegram work
- Run the two pollers in parallel.
- Run Epics 1 and
  2 in parallel.

Can be developed in parallel.
## T4: Config Import
- import work

The machine stays in parallel state while it waits.
## Notes

Epics 1 and 2 can be parallelized. Then **Epic 3**.

- Signal Channel and Telegram can run side by side.
- T4 and epic 3 are independent of each other.

` + "```" + `
Epics 1 and 3 in parallel.
` + "```" + `

Epic 1 and Epic 9 run concurrently.

Work runs in parallel.
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `6:1 1.2,1.3 "This epic can run in parallel with Epic 3."
20:1 1.1,1.2 "Epics 1 and 2 can be parallelized."
22:3 1.2,1.3 "Signal Channel and Telegram can run side by side."
23:3 1.4,1.3 "T4 and epic 3 are independent of each other."
`, parallels(p))
	assert.Equal(t, `p.md:13:1: warning: "Can be developed in parallel." says work runs in parallel but names no unit of the plan; it is not applied, the units stay in sequence (name two or more units: "Epics 1 and 2 can run in parallel")
p.md:29:1: warning: "Epic 1 and Epic 9 run concurrently." says work runs in parallel but names only unit 1.1 (Epic 9 is not one); it is not applied, the units stay in sequence (name two or more units: "Epics 1 and 2 can run in parallel")`, sortDiags(p.Diags.Warnings()).String())
	assert.Equal(t, `p.md:31:1: info: "Work runs in parallel." says work runs in parallel but names no unit of the plan; it is not applied, the units stay in sequence (name two or more units: "Epics 1 and 2 can run in parallel")`, sortDiags(p.Diags.Only(Info)).String())
}

// TestOrderLine: an arrow list is an execution order (which prose may
// override) when its label says so or it chains three or more single
// units; else it names needs.
func TestOrderLine(t *testing.T) {
	a, b, c := &Sprint{ID: "1"}, &Sprint{ID: "2"}, &Sprint{ID: "3"}
	assert.True(t, orderLine("Recommended execution order:", [][]*Sprint{{a}, {b}}))
	assert.True(t, orderLine("", [][]*Sprint{{a}, {b}, {c}}))
	assert.False(t, orderLine("", [][]*Sprint{{a}, {b}}))
	assert.False(t, orderLine("", [][]*Sprint{{a}, {b, c}, {a}}))
}

// TestParallelDenied: a sentence that names units beside a parallel phrase
// but denies it, doubts it or puts them in sequence is not applied, with a
// warning that says which word decided; the units stay in sequence.
func TestParallelDenied(t *testing.T) {
	src := `## Phase 1: Core
### Sprint 1.1: Parser
- a
### Sprint 1.2: Checker
- b
### Sprint 1.3: Emitter
- c

Sprints 1.2 and 1.3 cannot run in parallel: the emitter needs the checker's types.

Sprints 1.2 and 1.3 are not independent of each other.

Sprints 1.2 and 1.3 could run in parallel, if the types were frozen.

Sprints 1.2 and 1.3 run one after another, never concurrently.

Sprints 1.2 and 1.3 should be built sequentially rather than in parallel.

Sprints 1.2 and 1.3 share no code, so they can run in parallel.

Sprints 1.1 and 1.2 can run in parallel.
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `19:1 1.2,1.3 "Sprints 1.2 and 1.3 share no code, so they can run in parallel."
21:1 1.1,1.2 "Sprints 1.1 and 1.2 can run in parallel."
`, parallels(p))
	assert.Equal(t, `p.md:9:1: warning: "Sprints 1.2 and 1.3 cannot run in parallel: the emitter needs the checker's t..." names 1.2, 1.3, but "cannot" before "in parallel" denies it; it is not applied, the units stay in sequence
p.md:11:1: warning: "Sprints 1.2 and 1.3 are not independent of each other." names 1.2, 1.3, but "not" before "independent of each other" denies it; it is not applied, the units stay in sequence
p.md:13:1: warning: "Sprints 1.2 and 1.3 could run in parallel, if the types were frozen." names 1.2, 1.3, but "if" makes it a doubt or a condition; it is not applied, the units stay in sequence
p.md:15:1: warning: "Sprints 1.2 and 1.3 run one after another, never concurrently." names 1.2, 1.3, but "never" before "concurrently" denies it; it is not applied, the units stay in sequence
p.md:17:1: warning: "Sprints 1.2 and 1.3 should be built sequentially rather than in parallel." names 1.2, 1.3, but "rather" before "in parallel" denies it; it is not applied, the units stay in sequence`, sortDiags(p.Diags.Warnings()).String())
}
