package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unitLines describes each unit of p, compiled then skipped, one line each:
// the facts a table row gives.
func unitLines(p *Plan) string {
	var out []string
	for _, list := range [][]*Sprint{p.Sprints, p.Skipped} {
		for _, s := range list {
			var deps []string
			for _, d := range s.DependsOn {
				deps = append(deps, fmt.Sprintf("%s@%d:%d", d.ID, d.Pos.Line, d.Pos.Col))
			}
			line := fmt.Sprintf("%s %q phase=%s status=%s skip=%q deps=[%s] at=%d:%d head=%q row=%v",
				s.ID, s.Title, s.Phase.ID, s.Status.Value, s.SkipReason, strings.Join(deps, " "), s.Heading.Pos.Line, s.Heading.Pos.Col,
				s.Heading.Markdown(), s.Row)
			if s.BeadID.Set() {
				line += " bead=" + s.BeadID.Value
			}
			if s.Priority.Set() {
				line += " priority=" + s.Priority.Value
			}
			if s.Description != "" {
				line += fmt.Sprintf(" desc=%q", s.Description)
			}
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

func readingLines(p *Plan) string {
	var out []string
	for _, r := range p.Readings {
		out = append(out, fmt.Sprintf("%d:%d %s", r.Pos.Line, r.Pos.Col, r.Text))
	}
	return strings.Join(out, "\n")
}

const tablePhases = `# Vector plan

## Phase 1: Store

| ID | Title | Depends On | Status |
|----|-------|------------|--------|
| Vec-01 | Vector store | — | ✅ Done |
| Vec-02 | Embedding jobs | Vec-01 | Deferred |
| Vec-03 | Query API | Vec-01 | |

| OpenClaw field | PureClaw equivalent |
|---|---|
| name | title |
| T1 | x |

## Phase 2: Search

| # | Task | Deps | Status | Owner |
|---|------|------|--------|-------|
| 2.1 | Ranking | Vec-03 | in progress | ann |
| 2.2 | Filters | 2.1 | | bob |
`

func TestTableUnitsUnderPhases(t *testing.T) {
	p := Parse("p.md", []byte(tablePhases))
	assert.Equal(t, `1.1 "Vector store" phase=1 status=closed skip="" deps=[] at=7:3 head="Vec-01" row=true
1.3 "Query API" phase=1 status= skip="" deps=[1.1@9:23] at=9:3 head="Vec-03" row=true
2.1 "Ranking" phase=2 status=in_progress skip="" deps=[1.3@20:18] at=20:3 head="2.1" row=true desc="Owner: ann"
2.2 "Filters" phase=2 status= skip="" deps=[2.1@21:18] at=21:3 head="2.2" row=true desc="Owner: bob"
1.2 "Embedding jobs" phase=1 status= skip="Status: Deferred" deps=[] at=8:3 head="Vec-02" row=true`, unitLines(p))
	assert.Equal(t, `5:1 units are rows of the table at line 5 (id column "ID"): 3
18:1 units are rows of the table at line 18 (id column "#"): 2
7:3 the units run one after another in the order the plan lists them (units are rows of tables under phases: table row (5))`, readingLines(p))
	assert.Equal(t, `p.md:7:3: warning: 4 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.3, 2.1, 2.2
p.md:9:23: info: stated dependencies read here: 1.3 waits on 1.1
p.md:20:18: info: stated dependencies read here: 2.1 waits on 1.3
p.md:21:18: info: stated dependencies read here: 2.2 waits on 2.1`, p.Diags.String())
	// Each unit's "heading" is its row's whole line.
	s := p.Sprints[0]
	assert.Equal(t, "| Vec-01 | Vector store | — | ✅ Done |\n", tablePhases[s.Heading.Start:s.Heading.End])
	assert.Equal(t, s.Heading.End, s.End)
	// The field mapping stays text: no phase has more units than its rows.
	assert.Len(t, p.Phases, 2)
}

func TestTableUnitsNoPhases(t *testing.T) {
	src := "# Transport work\n\n" +
		"| Bead | Summary | Priority | Blocked by | Estimate |\n" +
		"|------|---------|----------|------------|----------|\n" +
		"| bd-4uv.1 | Wire format | P1 | | 2d |\n" +
		"| bd-4uv.2 | Transport | high | bd-4uv.1 | 3d |\n" +
		"| `bd-4uv.3` | **Retry** | P2 | bd-4uv.1, bd-4uv.2 | |\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 "Wire format" phase=1 status= skip="" deps=[] at=5:3 head="bd-4uv.1" row=true bead=bd-4uv.1 priority=1 desc="Estimate: 2d"
1.2 "Transport" phase=1 status= skip="" deps=[1.1@6:32] at=6:3 head="bd-4uv.2" row=true bead=bd-4uv.2 desc="Priority: high\nEstimate: 3d"
1.3 "Retry" phase=1 status= skip="" deps=[1.1@7:32 1.2@7:32] at=7:3 head="bd-4uv.3" row=true bead=bd-4uv.3 priority=2`, unitLines(p))
	assert.Empty(t, p.Phases, "the implicit phase has no heading")
	assert.Equal(t, `3:1 units are rows of the table at line 3 (id column "Bead"): 3
5:3 the units run one after another in the order the plan lists them (units are rows of a table, with no phase headings: table row (3))`, readingLines(p))
	assert.Equal(t, `p.md:6:26: warning: priority "high" of unit 1.2 is not P0-P4 or 0-4; it is kept in the description, and the unit gets the plan's priority
p.md:5:3: warning: 3 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2, 1.3`, p.Diags.Warnings().String())
}

// Tables whose rows are no units stay text; a table that almost is one
// says which rows are not.
func TestTableNotUnits(t *testing.T) {
	src := `# Migration

## Phase 1: Map fields

| OpenClaw field | PureClaw equivalent |
|---|---|
| T1 | name |
| T2 | title |

| ID | Risk | Impact |
|---|---|---|
| R1 | Data loss | High |
| R2 | Downtime | Low |

| # | Metric | Target |
|---|---|---|
| 1 | Latency | 20ms |
| 2 | Errors | 0 |

| Step | Title | Status |
|---|---|---|
| 1 | Mixed | ✅ |
| T2 | prefixes | |

| ID | Title | Status |
|---|---|---|
| S2 | Out of | |
| S1 | order is fine with a prefix | |
| S1 | but not twice | |

## Phase 2: Near

| ID | Title | Status |
|---|---|---|
| S1 | One | ✅ |
| S2 | Two | |
| see below | Three | |
| S4 | Four | |
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 "Map fields" phase=1 status= skip="" deps=[] at=3:1 head="## Phase 1: Map fields" row=false desc="| OpenClaw field | PureClaw equivalent |\n|---|---|\n| T1 | name |\n| T2 | title |\n\n| ID | Risk | Impact |\n|---|---|---|\n| R1 | Data loss | High |\n| R2 | Downtime | Low |\n\n| # | Metric | Target |\n|---|---|---|\n| 1 | Latency | 20ms |\n| 2 | Errors | 0 |\n\n| Step | Title | Status |\n|---|---|---|\n| 1 | Mixed | ✅ |\n| T2 | prefixes | |\n\n| ID | Title | Status |\n|---|---|---|\n| S2 | Out of | |\n| S1 | order is fine with a prefix | |\n| S1 | but not twice | |"
2.1 "Near" phase=2 status= skip="" deps=[] at=31:1 head="## Phase 2: Near" row=false desc="| ID | Title | Status |\n|---|---|---|\n| S1 | One | ✅ |\n| S2 | Two | |\n| see below | Three | |\n| S4 | Four | |"`, unitLines(p))
	assert.Equal(t, `p.md:33:1: warning: this table looks like a list of units, but the row at line 37 has no unit id in its id column; the table is read as text, not as units
p.md:3:1: warning: 2 sprints have no tasks, so each one's title is its one prompt: 1.1, 2.1`, p.Diags.Warnings().String())

	// With no phases and no other units, a table that is no list of
	// units leaves the plan with none.
	p = Parse("p.md", []byte("# Fields\n\n| Key | Description |\n|---|---|\n| timeout | 30 s |\n| retries | 3 |\n"))
	assert.Empty(t, p.Sprints)
	assert.Equal(t, `p.md:1:1: error: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md)`, p.Diags.String())

	// A near miss in a plan with no other units is said beside the error.
	p = Parse("p.md", []byte("# Fields\n\n| ID | Title | Status |\n|---|---|---|\n| S1 | A | |\n| S2 | B | |\n| S3 | C | |\n| next | D | |\n| S5 | E | |\n"))
	assert.Empty(t, p.Sprints)
	assert.Equal(t, `p.md:3:1: warning: this table looks like a list of units, but the row at line 8 has no unit id in its id column; the table is read as text, not as units
p.md:1:1: error: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md)`, p.Diags.String())

	// Bare numbers need an id header (or dots) and a sequence.
	for _, tc := range []string{
		"| N | Title | Status |\n|---|---|---|\n| 1 | A | |\n| 2 | B | |\n",
		"| # | Title | Status |\n|---|---|---|\n| 2 | A | |\n| 1 | B | |\n",
		"| # | Title |\n|---|---|\n| 1 | A |\n",
	} {
		p = Parse("p.md", []byte("## Phase 1: A\n\n"+tc))
		assert.Equal(t, `1.1 "A" phase=1 status= skip="" deps=[] at=1:1 head="## Phase 1: A" row=false desc="`+strings.ReplaceAll(strings.TrimSuffix(tc, "\n"), "\n", `\n`)+`"`, unitLines(p), tc)
	}
}

// The heading, list and bold readers win: a table in a phase that has unit
// headings is text; a phase without any reads its table.
func TestTableUnitsOtherShapesWin(t *testing.T) {
	src := `# Mixed

## Phase 1: A

### Step 1.1: Real unit

| ID | Title | Status |
|---|---|---|
| S1 | One | ✅ |
| S2 | Two | |

## Phase 2: B

| ID | Title | Status |
|---|---|---|
| S1 | One | ✅ |
| S2 | Two | |
`
	p := Parse("p.md", []byte(src))
	assert.Equal(t, `1.1 "Real unit" phase=1 status= skip="" deps=[] at=5:1 head="### Step 1.1: Real unit" row=false desc="| ID | Title | Status |\n|---|---|---|\n| S1 | One | ✅ |\n| S2 | Two | |"
2.1 "One" phase=2 status=closed skip="" deps=[] at=16:3 head="S1" row=true
2.2 "Two" phase=2 status= skip="" deps=[] at=17:3 head="S2" row=true`, unitLines(p))
	assert.Equal(t, `14:1 units are rows of the table at line 14 (id column "ID"): 2
5:1 the units run one after another in the order the plan lists them (units are level-3 headings under phases: step (1), table row (2))`, readingLines(p))

	// A list of units in a plan without phases wins over a table.
	p = Parse("p.md", []byte("# L\n\n- [x] **Step 1:** One\n- [ ] **Step 2:** Two\n\n| ID | Title | Status |\n|---|---|---|\n| S1 | A | |\n| S2 | B | |\n"))
	require.Len(t, p.Sprints, 2)
	assert.False(t, p.Sprints[0].Row)
	assert.Equal(t, "One", p.Sprints[0].Title)
}

func TestTableIDs(t *testing.T) {
	for text, want := range map[string]string{
		"T4": "t 4", "WU-1": "wu 1", "Vec-01": "vec 01", "S1": "s 1", "Step 3": "step 3", "1.2": " 1.2",
		"3a.1": " 3a.1", "bd-4uv.3": "bd- ", "see below": "no", "1. Intro": "no", "T4: Title": "no", "": "no",
	} {
		pre, num, ok := tableID(text)
		got := pre + " " + num
		if !ok {
			got = "no"
		}
		assert.Equal(t, want, got, text)
	}
}

// A struck row is dropped work, unless it says done (as a struck heading).
func TestTableUnitsStruck(t *testing.T) {
	p := Parse("p.md", []byte("## Phase 1: A\n\n| ID | Title | Status |\n|---|---|---|\n| T1 | One | |\n| ~~T2~~ | ~~Two~~ | |\n| ~~T3~~ | Three | ✅ |\n| T4 | ~~Four~~ | |\n"))
	assert.Equal(t, `1.1 "One" phase=1 status= skip="" deps=[] at=5:3 head="T1" row=true
1.3 "Three" phase=1 status=closed skip="" deps=[] at=7:3 head="T3" row=true
1.2 "Two" phase=1 status= skip="struck through" deps=[] at=6:3 head="T2" row=true
1.4 "Four" phase=1 status= skip="struck through" deps=[] at=8:3 head="T4" row=true`, unitLines(p))
}
