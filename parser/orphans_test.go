package parser

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Boxes after the units but outside every unit's section become no bead:
// said once, at the first, with the line that would read them (heldout59
// 1449 lost an in-progress item and two backlog items in silence). Boxes
// inside the units, before the first, or under criteria pass in silence.
func TestOrphanBoxesAreSaid(t *testing.T) {
	src := "# TODO\n\n- [ ] read the guide\n\n## Phase 1 — Specs\n\n### 1.1 Targets\n\n- [x] Spec 5.0\n- [ ] Spec 1.2\n\n### 1.2 Rules\n\n- [ ] Rule A\n\n## Acceptance Criteria\n\n- [ ] all reviewed\n\n## In progress\n\n- [x] GK-1 done\n\n## Backlog\n\n- [ ] HTML export\n"
	p := Parse("TODO.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Targets open", "1.2 Rules open"}, units(p))
	assert.Equal(t, []string{`22:1: 2 checkbox items stand outside every unit the plan is read as (the first under "In progress"); they become no bead (if they are work, declare units: "- [ ] {title}" to read the checkbox items as the units)`}, msgs(p, Warning))
}

// A heading at the units' level that opens with their word and a label in
// its number's place, then a title, is said: it is no unit (heldout72
// 1741); a section about the units ("## Slice cadence") passes in silence.
func TestWarnWordless(t *testing.T) {
	src := "# Plan\n\n## Slice 1 — Backfill\n\n- [ ] do it\n\n## Slice layout — Normalize crates\n\nMove them.\n\n## Slice cadence\n\nWeekly.\n\n## Slice 2 — Streams\n\n- [ ] do it\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{`7:1: heading "Slice layout — Normalize crates" opens with the unit word "Slice" but has no number, so it is no unit: its section is read as no unit's; number it ("## Slice N: layout — Normalize crates") to make it one`},
		filterMsgs(msgs(p, Warning), "unit word"))
}

// filterMsgs keeps the messages that hold sub.
func filterMsgs(all []string, sub string) []string {
	var out []string
	for _, m := range all {
		if strings.Contains(m, sub) {
			out = append(out, m)
		}
	}
	return out
}
