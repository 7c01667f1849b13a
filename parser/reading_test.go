package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// units lists a plan's units as "id title status", skipped ones as
// "id title skipped".
func units(p *Plan) []string {
	var out []string
	for _, s := range p.Sprints {
		st := s.Status.Value
		if st == "" {
			st = StatusOpen
		}
		out = append(out, s.ID+" "+s.Title+" "+st)
	}
	for _, s := range p.Skipped {
		out = append(out, s.ID+" "+s.Title+" skipped")
	}
	return out
}

// chosen is the declare line of the reading a plan was read by.
func chosen(p *Plan) string {
	for _, c := range p.Candidates {
		if c.Chosen {
			return c.Name + " | " + c.Declare
		}
	}
	return ""
}

// declares lists the declare lines of every candidate, best first.
func declares(p *Plan) []string {
	var out []string
	for _, c := range p.Candidates {
		out = append(out, c.Declare)
	}
	return out
}

const weeks = "# Launch\n\n## Design Approach\n\n### Phase 1: Parser\nThe parser component.\n\n### Phase 2: Printer\nThe printer.\n\n" +
	"## Implementation Plan\n\n#### Week 1: Kickoff\n- set up\n\n#### Weeks 2-3: Engine\n- build\n\n#### Week 4: Polish\n- polish\n"

func TestReadingDeclaredHeadings(t *testing.T) {
	p := Parse("p.md", []byte("---\nunits: \"#### Week {n}: {title}\"\n---\n"+weeks))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Kickoff open", "1.2 Engine open", "1.4 Polish open"}, units(p))
	assert.Equal(t, `headings | units: "#### Week {n}: {title}"`, chosen(p))
	assert.Equal(t, "declared by the front matter at p.md:2", p.Candidates[0].Why)
	// The declared reading stands first and once; the others follow.
	assert.Equal(t, `units: "#### Week {n}: {title}"`, declares(p)[0])
	assert.NotContains(t, declares(p)[1:], `units: "#### Week {n}: {title}"`)
}

func TestReadingWorkSectionOverDesign(t *testing.T) {
	// The Week headings sit in a section about the work, the Phase
	// headings in a design section: with no help, the weeks are the units.
	p := Parse("p.md", []byte(weeks))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Kickoff open", "1.2 Engine open", "1.4 Polish open"}, units(p))
	assert.Equal(t, `headings | units: "#### Week {n}: {title}"`, chosen(p))
}

func TestReadingDeclaredRoundTrip(t *testing.T) {
	// Each candidate's line, declared, reads the plan that way, and the
	// declared plan's chosen reading shows the same line.
	plan := "# Plan\n\n## Phase 1: A\n\n### Step 1.1: X\n- [x] do x\n\n### Step 1.2: Y\n- [ ] do y\n\n## Phase 2: B\n\n### Step 2.1: Z\n- [ ] do z\n"
	p := Parse("p.md", []byte(plan))
	require.Empty(t, msgs(p, Error))
	for _, c := range p.Candidates {
		if c.Name == "none" {
			continue
		}
		q := ParseWith("p.md", []byte(plan), Options{Reading: &Declared{Line: c.Declare, From: "--reading"}})
		assert.Equal(t, c.Declare, q.Candidates[0].Declare, c.Declare)
		assert.True(t, q.Candidates[0].Chosen, c.Declare)
		assert.Empty(t, msgs(q, Error), c.Declare)
	}
	q := ParseWith("p.md", []byte(plan), Options{Reading: &Declared{Line: "units: phases", From: "--reading"}})
	assert.Equal(t, []string{"1.1 A closed", "2.1 B open"}[1:], units(q)[1:])
	assert.Len(t, units(q), 2)

	// The chosen reading's line, declared, reads the same units: bold
	// labels on list items and on paragraphs too.
	for _, plan := range []string{
		"# Plan\n\n## Phase 1: A\n\n- [x] **Step 1.1:** X\n- [ ] **Step 1.2:** Y\n\n## Phase 2: B\n\n- [ ] **Step 2.1:** Z\n",
		"# Plan\n\n## Phase 1: A\n\n**T1: X**\n\nDo x.\n\n**T2: Y**\n\nDo y.\n\n## Phase 2: B\n\n**T3: Z**\n\nDo z.\n",
	} {
		p := Parse("p.md", []byte(plan))
		require.Empty(t, msgs(p, Error))
		line := strings.TrimPrefix(chosen(p), p.Candidates[0].Name+" | ")
		q := ParseWith("p.md", []byte(plan), Options{Reading: &Declared{Line: line, From: "--reading"}})
		assert.Empty(t, msgs(q, Error), line)
		assert.Equal(t, units(p), units(q), line)
		assert.Equal(t, line, q.Candidates[0].Declare)
	}
}

func TestReadingDeclarationErrors(t *testing.T) {
	p := Parse("p.md", []byte("---\nunits: \"Week N\"\n---\n"+weeks))
	assert.Equal(t, []string{`2:1: the front matter at p.md:2: units pattern "Week N": want a heading like "#### Week {n}: {title}", an item like "- [ ] {n}. {title}" or "- {title}", ` + "`phases` or `table rows`"}, msgs(p, Error))

	p = Parse("p.md", []byte("---\nunits: \"### Sprint {n}: {title}\"\n---\n"+weeks))
	assert.Equal(t, []string{`2:1: the declared reading units: "### Sprint {n}: {title}" (the front matter at p.md:2) finds no unit in the plan`}, msgs(p, Error))

	p = ParseWith("p.md", []byte(weeks), Options{Reading: &Declared{Line: "format: trello", From: "--reading"}})
	assert.Equal(t, []string{`1:1: --reading: format "trello" is not one architect reads: want one of bd, plan, beads-ralph, spec-kit, kiro, openspec, execplan, taskmaster, cursor, compound, conductor, gsd, gsd-plan, status-lists, horizons, unit-sections, features, marked-items, none`}, msgs(p, Error))

	p = ParseWith("p.md", []byte(weeks), Options{Reading: &Declared{Line: "format: none", From: "--reading"}})
	assert.Equal(t, []string{"1:1: p.md is not a plan: declared by --reading (declare another reading to compile it)"}, msgs(p, Error))
	assert.Empty(t, p.Sprints)
}

func TestReadingSaysNo(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"readme", "# fastthing\n\nA fast thing.\n\n## Installation\n\n1. Clone\n2. Run make\n\n## Usage\n\nRun it.\n\n## License\n\nMIT\n",
			`1:1: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md)`},
		{"meeting notes", "# Team sync 2024-03-04\n\nAttendees: Ana, Bo\n\n## Sprint 13: Review\n\n- Velocity was fine\n\n## Action items\n\n- Ana to fix CI\n",
			`1:1: p.md is not a plan: it reads as meeting notes ("Attendees" (line 3), "Action items" (line 9)), and only one heading looks like a unit; the closest reading, units are level-2 "Sprint {n}: {title}" headings with no phases (1 unit, first at line 5), was not taken; if it is a plan, declare that reading in its front matter: units: "## Sprint {n}: {title}"`},
		{"run-time phases", "# Merge algorithm design\n\n## Background\nThe merge runs in phases.\n\n### Phase 1: Scan\nReads inputs.\n\n### Phase 2: Merge\nMerges.\n\n## Alternatives considered\nNone.\n",
			`1:1: p.md is not a plan: its title "Merge algorithm design" says it is a design document, and the closest reading finds no units of work, only phase headings; the closest reading, each level-3 phase heading is one unit of work (2 units, first at line 6), was not taken; if it is a plan, declare that reading in its front matter: units: phases`},
		{"changelog", "# Changelog\n\n## [1.2.0] - 2024-01-01\n\n### Added\n- a thing\n\n## [1.1.0] - 2023-12-01\n\n### Fixed\n- a bug\n",
			`1:1: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md); the lines that look like units, and what each needs: line 3 "[1.2.0] - 2024-01-01" (a phase heading above it whose number it starts with, or a word before it: "Step 1.2.0: Title"); line 8 "[1.1.0] - 2023-12-01" (a phase heading above it whose number it starts with, or a word before it: "Step 1.1.0: Title")`},
		{"risk register", "# Risks\n\n## Risk register\n\n| ID | Risk | Likelihood | Impact | Owner | Status |\n|----|------|----|----|----|----|\n| R1 | Vendor late | High | High | Ana | Open |\n| R2 | Key person leaves | Low | High | Bo | Closed |\n",
			`1:1: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md)`},
		{"numbered spec sections", "# Feature spec\n\n## 1. Overview\n\n### 1.1 Goal\nFast.\n\n### 1.2 Out of scope\nNothing.\n\n### 1.4 Exit criteria\nFast enough.\n",
			`1:1: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md); the lines that look like units, and what each needs: line 5 "1.1 Goal" (a phase heading above it whose number it starts with, or a word before it: "Step 1.1: Title"); line 8 "1.2 Out of scope" (a phase heading above it whose number it starts with, or a word before it: "Step 1.2: Title"); line 11 "1.4 Exit criteria" (a phase heading above it whose number it starts with, or a word before it: "Step 1.4: Title")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Parse("p.md", []byte(tc.src))
			assert.Equal(t, []string{tc.want}, msgs(p, Error))
			assert.Empty(t, p.Sprints)
		})
	}
}

func TestReadingFormats(t *testing.T) {
	for _, tc := range []struct{ name, src, chosen string }{
		{"spec-kit", "# Tasks: Albums\n\n## Phase 1: Setup\n\n- [x] T001 Create project\n- [ ] T002 [P] Configure lint\n- [ ] T003 [P] [US1] Configure format\n- [ ] T004 Wire CI\n",
			"spec-kit | format: spec-kit"},
		{"kiro", "# Implementation Plan\n\n- [x] 1. Set up\n  - _Requirements: 1.1_\n\n- [-] 2. Models\n  - [x] 2.1 Interfaces\n  - [ ] 2.2 Validation\n\n- [ ] 3. Checkpoint - tests pass\n",
			"kiro | format: kiro"},
		{"openspec", "## 1. Implementation\n- [x] 1.1 Schema\n- [ ] 1.2 Endpoint\n\n## 2. Testing\n- [ ] 2.1 Unit tests\n",
			"openspec | format: openspec"},
		{"execplan", "# Ship it\n\n## Progress\n\n- [x] (2026-01-01 10:00Z) Scaffold\n- [ ] Wire the API\n\n## Surprises & Discoveries\n\nNone.\n\n## Decision Log\n\nNone.\n",
			"execplan | format: execplan"},
		{"gsd-plan", "# Tide ingest\n\n<tasks>\n\n<task type=\"auto\">\n  <name>Task 1: Fetch readings</name>\n</task>\n\n<task type=\"checkpoint:human-verify\" gate=\"blocking\">\n  <what-built>Ingester on staging</what-built>\n</task>\n\n</tasks>\n",
			"gsd-plan | format: gsd-plan"},
		{"taskmaster", "# Task ID: 7\n# Title: Export PDF\n# Status: pending\n# Subtasks:\n## 1. Stylesheet [done]\n### Dependencies: None\n## 2. Render [in-progress]\n### Dependencies: 7.1\n## 3. Button [pending]\n### Dependencies: 7.1\n",
			"taskmaster | format: taskmaster"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Parse("p.md", []byte(tc.src))
			require.Empty(t, msgs(p, Error))
			assert.Equal(t, tc.chosen, chosen(p))
		})
	}
	t.Run("spec-kit units and [P]", func(t *testing.T) {
		p := Parse("p.md", []byte("# Tasks: Albums\n\n## Phase 1: Setup\n\n- [x] T001 Create project\n- [ ] T002 [P] Configure lint\n- [ ] T003 [P] [US1] Configure format\n- [ ] T004 Wire CI\n"))
		assert.Equal(t, []string{"1.1 Create project closed", "1.2 Configure lint open", "1.3 Configure format open", "1.4 Wire CI open"}, units(p))
		require.Len(t, p.Parallel, 1)
		assert.Equal(t, []string{"1.2", "1.3"}, p.Parallel[0].Units)
	})
	t.Run("kiro leaves", func(t *testing.T) {
		p := Parse("p.md", []byte("# Implementation Plan\n\n- [x] 1. Set up\n  - _Requirements: 1.1_\n\n- [-] 2. Models\n  - [x] 2.1 Interfaces\n  - [-] 2.2 Validation\n  - [~] 2.3 Queued\n\n- [ ] 3. Checkpoint - tests pass\n"))
		assert.Equal(t, []string{"1.1 Set up closed", "1.2 Interfaces closed", "1.3 Validation in_progress", "1.4 Queued open", "1.5 Checkpoint - tests pass open"}, units(p))
		assert.Contains(t, msgs(p, Warning), `11:1: "Checkpoint - tests pass" is a checkpoint for a person, not code: it is kept as a unit of its own, which the units after it wait on`)
	})
	t.Run("cursor todos", func(t *testing.T) {
		p := Parse("p.md", []byte("---\nname: Dark mode\ntodos:\n  - id: tokens\n    content: Define tokens\n    status: completed\n  - id: store\n    content: Add the store\n    status: in_progress\n    dependencies:\n      - tokens\n  - id: toggle\n    content: Add the toggle\n    status: pending\n    dependencies: [tokens, nope]\n  - id: sys\n    content: Follow the system\n    status: cancelled\nisProject: false\n---\n\n# Dark mode\n\n## Implementation\n\n1. tokens\n2. store\n"))
		assert.Equal(t, "cursor | format: cursor", chosen(p))
		assert.Equal(t, []string{"1.1 Define tokens closed", "1.2 Add the store in_progress", "1.3 Add the toggle open", "1.4 Follow the system skipped"}, units(p))
		assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}, "1.3": {"1.1"}}, deps(p))
		assert.Contains(t, msgs(p, Warning), `15:28: todo "toggle" depends on "nope", which is no todo of this plan: the dependency is left out`)
		assert.Equal(t, "Dark mode", p.Title)
	})
	t.Run("taskmaster dependencies", func(t *testing.T) {
		p := Parse("p.md", []byte("# Task ID: 7\n# Title: Export PDF\n# Status: pending\n# Subtasks:\n## 1. Stylesheet [done]\n### Dependencies: None\n## 2. Render [in-progress]\n### Dependencies: 7.1\n## 3. Button [pending]\n### Dependencies: 7.1\n## 4. Old timer [cancelled]\n### Dependencies: None\n"))
		assert.Equal(t, []string{"7.1 Stylesheet closed", "7.2 Render in_progress", "7.3 Button open", "7.4 Old timer skipped"}, units(p))
		assert.Equal(t, map[string][]string{"7.1": nil, "7.2": {"7.1"}, "7.3": {"7.1"}}, deps(p))
	})
}

func TestReadingPluralRange(t *testing.T) {
	p := Parse("p.md", []byte("# Plan\n\n## Week 1: Kickoff\n- a\n\n## Weeks 2-3: Engine\n- b\n\n## Sessions 4 and 5: notes\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "1.1 Kickoff open|1.2 Engine open", strings.Join(units(p), "|"))
}

func TestReadingTitleMarkersAndStrayUnits(t *testing.T) {
	p := Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### Sprint 1.1: Database Foundation (COMPLETE ✅)\n- build db\n\n### Sprint 1.2: API\n- api\n\n### Step 5.X: Odd one\n- x\n"))
	assert.Equal(t, []string{"1.1 Database Foundation closed", "1.2 API open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `11:1: "Step 5.X: Odd one" is not read as a unit: this plan's units are "Sprint N.M: Title" headings (the beads-ralph dialect), so it and its text are left out; write it as a sprint, or declare another reading (the preview's Read as lists them)`)
}

// readings lists what the preview says of how a plan was read, as
// "line:col: text".
func readings(p *Plan) []string {
	var out []string
	for _, r := range p.Readings {
		out = append(out, fmt.Sprintf("%d:%d: %s", r.Pos.Line, r.Pos.Col, r.Text))
	}
	return out
}
