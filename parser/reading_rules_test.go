package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests pin the rules issue 25 added to the readings, each on a
// small plan with its exact units.

// A Kiro task with bullets of its own and its sub-tasks flush left after
// it is work itself: a unit, then its sub-tasks. A task whose only body is
// its sub-tasks (or a traceability line) stays their group.
func TestKiroTaskWithOwnWork(t *testing.T) {
	src := "# Implementation Plan\n\n## Tasks\n\n" +
		"- [x] 1. Create the picker\n  - Build the component\n  - _Requirements: 1.1_\n\n" +
		"- [ ]* 1.1 Write a property test\n  - **Property 1: Dates**\n\n" +
		"- [x] 2. Group only\n- [x] 2.1 First part\n  - _Requirements: 2.1_\n\n" +
		"- [x] 3. Checkpoint - all tests pass\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "kiro | format: kiro", chosen(p))
	assert.Equal(t, []string{"1.1 Create the picker closed", "1.2 Write a property test open", "1.3 First part closed", "1.4 Checkpoint - all tests pass closed"}, units(p))

	// Nested sub-tasks: the parent is their group; a bullet of its own
	// among them is said, not dropped in silence.
	p = Parse("p.md", []byte("# Implementation Plan\n\n- [ ] 1. Models\n  - Keep them small\n  - [x] 1.1 Interfaces\n  - [ ] 1.2 Validation\n- [ ] 2. Ship it\n"))
	assert.Equal(t, []string{"1.1 Interfaces closed", "1.2 Validation open", "1.3 Ship it open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `4:1: "Keep them small" stands among the sub-tasks of a task that is only their group, so it is read in no unit: make it a sub-task, or put it under one`)
}

// spec-kit: an inserted task keeps its letter ("T012a" after "T012"), and
// a phase that holds no task ("No setup tasks required") is a heading,
// not a unit: the tasks are the units, the phases only group them.
func TestSpecKitInsertedTaskAndEmptyPhase(t *testing.T) {
	src := "# Tasks: Worktrees\n\n## Phase 1: Setup\n\nNo setup tasks required.\n\n## Phase 2: Core\n\n" +
		"- [X] T001 [P] Detect worktrees\n- [X] T002 Resolve the main repository\n- [X] T002a [US1] Check isolation\n- [ ] T003 Document it\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "spec-kit | format: spec-kit", chosen(p))
	assert.Equal(t, []string{"2.1 Detect worktrees closed", "2.2 Resolve the main repository closed", "2.2a Check isolation closed", "2.3 Document it open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "3:1: phase 1 has no tasks under it; in this reading the tasks are the units and the phases only group them, so it is read as text, not as a unit")
	// "3x faster" is no id of an item numbered by whole numbers.
	_, _, ok := itemPattern{checkbox: true, parts: 1}.match(itemText{text: "3x faster builds", box: true})
	assert.False(t, ok)
}

// An ExecPlan whose Progress is a log with no checkbox: its work is the
// checkbox items of its other sections, not those of its logs or of its
// Validation and Acceptance (commands that check the work).
func TestExecPlanProgressLog(t *testing.T) {
	src := "# Hardening ExecPlan\n\n## To-do\n### Policy\n- [ ] Document the upgrade path\n- [ ] Expand policy coverage\n\n" +
		"## Progress\n- [2025-10-23 02:30 UTC] Hardened typing\n- [2025-10-21 07:40 UTC] Refactored the plan\n\n" +
		"## Surprises & Discoveries\n- [2025-10-20] Packaging gaps\n\n## Decision Log\n- [2025-10-20] Skeleton first\n\n" +
		"## Validation and Acceptance\n- [ ] `uv run pytest`\n- [ ] `uv build`\n\n" +
		"## Roadmap\n### Completed (v0.1.0)\n- [x] Agent runner\n### Next\n- [ ] Tracing\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "execplan | format: execplan", chosen(p))
	assert.Equal(t, []string{"1.1 Document the upgrade path open", "1.2 Expand policy coverage open", "1.3 Agent runner closed", "1.4 Tracing open"}, units(p))
	// Declared, it reads the same.
	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: "format: execplan", From: "--reading"}})
	assert.Equal(t, units(p), units(q))
}

// Steps numbered 1, 2, 3, ... across the whole plan, one level under the
// phases and some under every phase, are the phases' units (not the
// phases themselves).
func TestNumberedStepsAcrossPhases(t *testing.T) {
	src := "# Plan de desarrollo\n\n## Fase 1: Base\n\n### 1. ✅ Inicialización\n- crear repo\n\n### 2. Testing\n- jest\n\n" +
		"## Estructura\n\nUn árbol.\n\n## Fase 2: Datos\n\n### 3. Interfaces\n- definir\n\n### 4. Factory\n- implementar\n\n## Principios\n\n- TDD\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Inicialización closed", "1.2 Testing open", "2.3 Interfaces open", "2.4 Factory open"}, units(p))

	// Numbering that restarts in each phase is each phase's own
	// sections, not one list of steps: the phases stay the units.
	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: A\n\n### 1. Goals\nx\n\n### 2. Notes\ny\n\n## Phase 2: B\n\n### 1. Goals\nz\n\n### 2. Notes\nw\n"))
	assert.Equal(t, "phases | units: phases", chosen(p))
}

// A section whose heading ends in a word of remarks ("Implementation
// Notes") comments on the work; its numbered lists are no units, so the
// phases above stay the reading.
func TestRemarksAreNoWorkSection(t *testing.T) {
	src := "# Implementation Order\n\n## Required Sequence\n\n### Phase 1: Foundation\n**1. add-validation** (No dependencies)\n- Creates schemas\n\n" +
		"### Phase 2: Commands\n**2. add-commands** (Depends on: add-validation)\n- Imports schemas\n\n" +
		"## Implementation Notes\n\n### For Developers\n1. Complete each phase first\n2. Run tests after each phase\n\n### For CI\n1. Validate each change\n2. Run integration tests\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "phases | units: phases", chosen(p))
	assert.Equal(t, []string{"1.1 Foundation open", "2.1 Commands open"}, units(p))
	assert.False(t, workHeading("Implementation Notes"))
	assert.True(t, workHeading("Implementation Plan"))
}

// A report whose only checkboxes are its success criteria is not a plan:
// criteria say what must hold, not what to do.
func TestCriteriaChecklistIsNoPlan(t *testing.T) {
	src := "# ✅ Codespace issue - RESOLVED\n\n## Root Cause\n\nTimeouts.\n\n## Implemented Solutions\n\n### 1. Timeouts\nAdded.\n\n### 2. Monitoring\nAdded.\n\n" +
		"## 🎉 Success Criteria\n\n- [x] Starts reliably\n- [x] Never hangs\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its only checkboxes (from line 17) stand under criteria headings: they say what must hold once the work is done, and no heading, item or row names work to do; the closest reading, units are the plan's checkbox items (2 units, first at line 17), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
	assert.Empty(t, p.Sprints)
	// With work beside them, the criteria are the work's, and it is a plan.
	p = Parse("p.md", []byte("# Fix\n\n## Tasks\n\n- [ ] Add timeouts\n- [ ] Add monitoring\n\n## Success Criteria\n\n- [ ] Starts reliably\n"))
	require.Empty(t, msgs(p, Error))
	assert.NotEmpty(t, p.Sprints)
}

// Partly done work: an open item that notes what of it is done and what
// remains is in progress; in a superpowers plan, whose one executor ticks
// steps as it goes, a task with some steps ticked is in progress (in other
// plans some boxes ticked leave a unit open).
func TestPartlyDoneIsInProgress(t *testing.T) {
	src := "# Import\n\n## Progress\n\n- [x] (2026-11-20 09:10Z) Add a CSV reader\n- [ ] Wire the import command (completed: parsing; remaining: dedup)\n- [ ] Report skipped rows\n\n## Surprises & Discoveries\n\nNone.\n\n## Decision Log\n\nNone.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 (2026-11-20 09:10Z) Add a CSV reader closed", "1.2 Wire the import command (completed: parsing; remaining: dedup) in_progress", "1.3 Report skipped rows open"}, units(p))

	steps := "### Task 1: Bucket\n\n- [x] **Step 1: Write the failing test**\n- [x] **Step 2: Run it**\n\n### Task 2: Store\n\n- [x] **Step 1: Write the failing test**\n- [ ] **Step 2: Implement**\n\n### Task 3: View\n\n- [ ] **Step 1: Write the failing test**\n"
	p = Parse("p.md", []byte("# Rate Limit Implementation Plan\n\n> **For agentic workers:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan.\n\n"+steps))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Bucket closed", "1.2 Store in_progress", "1.3 View open"}, units(p))
	p = Parse("p.md", []byte("# Rate Limit Implementation Plan\n\n"+steps))
	assert.Equal(t, []string{"1.1 Bucket closed", "1.2 Store open", "1.3 View open"}, units(p))
}

// With no phase headings, unit headings of one word that each hold unit
// headings of another word group them: "## Chunk N" over "### Task N" are
// phases of tasks.
func TestUnitWordsThatGroupOthers(t *testing.T) {
	src := "# Review Implementation Plan\n\n## Chunk 1: Spec reviewer\n\n### Task 1: Prompt\n- [ ] **Step 1:** Write it\n\n### Task 2: Loop\n- [ ] **Step 1:** Wire it\n\n" +
		"## Chunk 2: Header\n\n### Task 3: Template\n- [ ] **Step 1:** Edit it\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### Task {n}: {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Prompt open", "1.2 Loop open", "2.3 Template open"}, units(p))
	// A group with none of the other units under it: not groups.
	p = Parse("p.md", []byte("# Plan\n\n## Sprint 1: A\n\n### Task 1: X\n- x\n\n## Sprint 2: B\n- y\n"))
	assert.Equal(t, `headings | units: "## Sprint {n}: {title}"`, chosen(p))
}

// Headings at the phase level that interrupt a phase (a pasted guide whose
// fence closed early) are text of the phase when, before the next phase,
// a unit goes on with the plan's numbering ("Task 3" after "Task 2").
func TestNumberingGoesOnInsideAPhase(t *testing.T) {
	src := "# Plan\n\n## Phase 1: Core\n\n### Task 1: Parse\n- a\n\n## Phase 2: Docs\n\n### Task 2: Guide\n- b\n\n## Usage\n\nRun it.\n\n## Troubleshooting\n\nAsk.\n\n" +
		"### Task 3: README\n- c\n\n## Phase 3: Verify\n\n### Task 4: Test\n- d\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Parse open", "2.2 Guide open", "2.3 README open", "3.4 Test open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "13:1: the headings at lines 13 and 17 inside phase 2: a unit of phase 2 follows, so they are read as text of the phase, not as sections of their own")
	// After the last phase, a section of more units is not the phase's.
	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### Task 1: Parse\n- a\n\n## Future work\n\n### Task 2: Someday\n- b\n"))
	assert.Equal(t, []string{"1.1 Parse open"}, units(p))
}

// Headings with ids of their own ("#### US-001: Title") under every unit
// heading of the shapes reader's pick ("## Sprint 0: Setup") are the finer
// units the author tracks.
func TestStoriesUnderEverySprint(t *testing.T) {
	src := "# Master Plan\n\n## Sprint 0: Setup\n\n### User Stories\n\n#### US-001: Backend setup ⏳\n- [ ] init\n\n#### US-002: Frontend setup ✅\n- [x] init\n\n" +
		"## Sprint 1: Auth\n\n#### US-003: Login\n- [ ] form\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "#### US-{n}: {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Backend setup open", "1.2 Frontend setup closed", "1.3 Login open"}, units(p))
	// A sprint with no story: the sprints stay the units.
	p = Parse("p.md", []byte(src+"\n## Sprint 2: Launch\n- ship\n"))
	assert.Equal(t, `headings | units: "## Sprint {n}: {title}"`, chosen(p))
}

// Records are not plans, whatever boxes or steps they carry: the minutes
// of a meeting (their action items are follow-ups) and an architecture
// decision record (its steps describe the design decided).
func TestRecordsAreNoPlans(t *testing.T) {
	minutes := "# (28/5/24) Meeting Minutes\n\n## Attendees:\n\n* Ann\n* Bo\n\n## Notes\n\n1. Renamed the group.\n\n## Action\n\n* [ ] Ann: update the docs\n* [ ] Bo: draft the glossary\n"
	p := Parse("p.md", []byte(minutes))
	assert.Equal(t, []string{`1:1: p.md is not a plan: it is the minutes of a meeting (its title "(28/5/24) Meeting Minutes" and its sections "attendees" (line 3), "action" (line 12)): it records what was decided or said, and its list items are not work to compile; the closest reading, units are the plan's checkbox items (2 units, first at line 14), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
	assert.Empty(t, p.Sprints)

	adr := "# ADR-001: Key derivation\n\n## Status\n\nAccepted\n\n## Context\n\nWallets.\n\n## Decision\n\nDerive keys.\n\n## Implementation\n\n### Step 1: Sign\n\n- request a signature\n\n### Step 2: Verify\n\n- check it\n\n### Step 3: Derive\n\n- HKDF\n"
	p = Parse("p.md", []byte(adr))
	assert.Equal(t, []string{`1:1: p.md is not a plan: it is an architecture decision record (its title "ADR-001: Key derivation" and its sections "context" (line 7), "decision" (line 11)): it records what was decided or said, and its headings are not work to compile; the closest reading, units are level-3 "Step {n}: {title}" headings with no phases (3 units, first at line 17), was not taken; if it is a plan, declare that reading in its front matter: units: "### Step {n}: {title}"`}, msgs(p, Error))

	// Declared, it is read.
	p = Parse("p.md", []byte("---\nunits: \"### Step {n}: {title}\"\n---\n"+adr))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A done marker that says when, "(completed in v3.0.0)", comes out of the
// title, and holds the unit closed over steps never ticked, with a warning;
// a bare "(COMPLETE)" over open boxes still reads as open.
func TestQualifiedDoneMarker(t *testing.T) {
	src := "# Renames Implementation Plan\n\n## Task 1: Rename the binary *(completed in v3.0.0)*\n\n- [ ] **Step 1.1: Rename the file**\n- [ ] **Step 1.2: Update the makefile**\n\n## Task 2: Update the docs\n\n- [ ] **Step 2.1: Edit**\n\n## Task 3: Release (COMPLETE)\n\n- [ ] **Step 3.1: Tag**\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Rename the binary closed", "1.2 Update the docs open", "1.3 Release open"}, units(p))
	assert.Equal(t, []string{
		`3:1: sprint 1.1's heading says "completed in v3.0.0", though none of its 2 tasks is ticked (the first at line 5); read as closed (write **Status**: Open if it is not done)`,
		`12:1: sprint 1.3's heading says "COMPLETE", but 1 of its 1 tasks are not ticked (the first at line 14); read as open: tick them, or write **Status**: Done`,
	}, msgs(p, Warning))
}

// Numbered headings through a plan beat phase headings at its end that
// hold none of them (a summary of the order); and under a todo list's
// heading, numbered headings that each hold boxes group the boxes, which
// are the units.
func TestNumberedHeadingsAndSummaryPhases(t *testing.T) {
	var src strings.Builder
	src.WriteString("# Plano de Implementação\n\n## Sprint 10 - Análises\n\n")
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&src, "### %d. Funcionalidade %d (2 dias)\n\n- [ ] Backend %d\n- [ ] Frontend %d\n\n", i, i, i, i)
	}
	src.WriteString("## Estratégia\n\n### Fase 1: Validação\n\nSprint 10.\n\n### Fase 2: Automação\n\nSprint 11.\n")
	p := Parse("p.md", []byte(src.String()))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Funcionalidade 1 open", "1.2 Funcionalidade 2 open", "1.3 Funcionalidade 3 open", "1.4 Funcionalidade 4 open"}, units(p))

	todo := "# Studio Roadmap\n\n## Todos (priority order)\n\n### 1. Stability\n\n- [x] Fix the join\n- [ ] Harden foreach\n- [ ] Save reliably\n\n### 2. Performance\n\n- [ ] Profile the canvas\n- [x] Fewer renders\n- [ ] Fast load\n\n### 3. Docs\n\n- [ ] Guide\n- [ ] Samples\n- [ ] Recipes\n"
	p = Parse("p.md", []byte(todo))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 9)
}

// A GSD roadmap: the phases of its checklists are the units, in the order
// listed (inserted decimal phases included); a phase's details section
// gives its Depends on line (the whole of its dependencies) and its
// heading; a phase with no Depends on follows the one listed before it.
func TestGSDRoadmap(t *testing.T) {
	src := "# Roadmap: Tides\n\n## Phases\n\n" +
		"- [x] **Phase 1: Foundation** - scaffold\n" +
		"- [ ] **Phase 2: Ingest** - readings\n" +
		"- [ ] **Phase 2.1: Timezones** - UTC (INSERTED)\n" +
		"- [ ] **Phase 3: Alerts** - thresholds\n\n" +
		"## Phase Details\n\n" +
		"### Phase 2: Ingest\n\n**Goal**: readings stored\n**Depends on**: Phase 1\n\nPlans:\n\n- [x] 02-01-PLAN.md — registry\n- [x] 02-02-PLAN.md — ingester\n\n" +
		"### Phase 3: Alerts\n\n**Goal**: alerts sent\n**Depends on**: Phase 1. Can run in parallel with Phase 2.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "gsd | format: gsd", chosen(p))
	assert.Equal(t, []string{"1.1 Foundation closed", "1.2 Ingest closed", "1.3 Timezones open", "1.4 Alerts open"}, units(p))
	assert.Equal(t, map[string][]string{"1.2": {"1.1"}, "1.3": {"1.2"}, "1.4": {"1.1"}}, depsOf(p))
	assert.Equal(t, "Phase 2: Ingest", p.Sprints[1].Heading.Text)
	assert.Equal(t, []string{"6:1: phase 2 is not ticked, but all 2 plans of its details are: read as closed"}, msgs(p, Warning))
}

// A Conductor track plan: the phases over "- [ ] Task:" items are the
// units; a numbered heading grouping tasks inside a phase is its text, and a
// box set aside ("Deferred: ...") under a done task leaves it done.
func TestConductorTrack(t *testing.T) {
	src := "# Implementation Plan\n\n## Phase 1: Theming\n\n- [x] Task: Define the theme\n- [x] Task: Conductor - User Manual Verification 'Phase 1' (Protocol in workflow.md)\n\n" +
		"## Phase 2: HUD\n\n### 2.1 Vitals\n\n- [x] Task: Implement vitals\n\n### 2.2 Target\n\n- [x] Task: Implement the target frame\n    - [ ] Deferred: wire it to the combat loop\n\n" +
		"## Phase 3: Integration\n\n- [ ] Task: Assemble the HUD\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "conductor | format: conductor", chosen(p))
	assert.Equal(t, []string{"1.1 Theming closed", "2.1 HUD closed", "3.1 Integration open"}, units(p))
}

// A GSD TDD plan has one <feature> and no <tasks> block: the feature is
// the unit, and the front matter names the plan.
func TestGSDFeature(t *testing.T) {
	src := "---\nphase: 03-flag-types\nplan: \"01\"\ntype: tdd\n---\n\n<objective>\nBuild it.\n</objective>\n\n<feature>\n  <name>generateFlagTypes: flags to .d.ts</name>\n  <behavior>\n  - empty list gives an empty file\n  </behavior>\n</feature>\n\n<verification>\n```bash\n# Run all tests\npnpm test\n```\n</verification>\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "gsd-plan | format: gsd-plan", chosen(p))
	assert.Equal(t, "Phase 03-flag-types, plan 01", p.Title)
	assert.Equal(t, []string{"1.1 generateFlagTypes: flags to .d.ts open"}, units(p))
}

// Dotted headings under a work section are the units of a document whose
// title is its one other unit; elsewhere they are numbered sections.
func TestDottedHeadingsUnderWork(t *testing.T) {
	src := "# Milestone 8 — Monitoring\n\n## Objective\n\nWatch it.\n\n## Work Breakdown\n\n### 8.1 Service\n\n- add Prometheus\n\n### 8.2 Scripts\n\n- make targets\n\n### 8.3 Docs\n\n- write them\n\n## Deliverables\n\n- a stack\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n} {title}"`, chosen(p))
	assert.Equal(t, []string{"8.1 Service open", "8.2 Scripts open", "8.3 Docs open"}, units(p))
}

// A pull-request template's boxes are for whoever fills it in.
func TestPullRequestTemplateIsNoPlan(t *testing.T) {
	src := "## Description\n\n<!-- what this PR does -->\n\n## Type of Change\n\n- [ ] Bug fix\n- [ ] New feature\n\n## Testing\n\n- [ ] Unit tests passing\n\n## Checklist\n\n- [ ] Self-review done\n\n## Related Issues\n\nCloses #\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{`1:1: p.md is not a plan: it is a pull-request or issue template (its sections "type of change" (line 5), "checklist" (line 14), "related issues" (line 18)): its list items are for whoever fills the form in, not work to compile; the closest reading, units are the plan's checkbox items (4 units, first at line 7), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
}

// Items of the reading's pattern outside every phase section are said, not
// dropped: spec-kit tasks under an appended section with phases of its own.
func TestStrayItemsAreSaid(t *testing.T) {
	src := "# Tasks: UI\n\n## Phase 1: Setup\n\n- [x] T001 Create the project\n- [x] T002 [P] Add lint\n\n## Phase 2: Core\n\n- [ ] T003 Build the view\n\n## Notes\n\nNone.\n\n## Bug Fix\n\n### Phase 1: Types\n\n- [x] T201 Add the branch type\n- [ ] T202 Test it\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "spec-kit | format: spec-kit", chosen(p))
	assert.Equal(t, []string{"1.1 Create the project closed", "1.2 Add lint closed", "2.3 Build the view open", "3.201 Add the branch type closed", "3.202 Test it open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `16:1: "Bug Fix" is no phase but holds tasks, so it is read as phase 3, where it stands`)

}

// Checkbox items that carry task ids are the units, whatever headings
// group them; a ticked one noted "(Deferred: ...)" is skipped.
func TestTaskIDBoxes(t *testing.T) {
	src := "# Implementation Tasks: Drawers\n\n## Phase 0: Setup\n\n- [X] [SETUP-001] P1 Add the flag\n- [X] [SETUP-002] P1 Add the store\n\n## Phase 1: Core\n\n### 1.1 Registries\n\n- [X] [FOUND-001] P1 Icon registry\n- [ ] [FOUND-002] P2 Page registry\n\n### 1.2 Store\n\n- [X] [FOUND-003] P1 Drawer state\n- [X] [TEST-021] P3 Small screens (Deferred: the layout scrolls)\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 5)
	require.Len(t, p.Skipped, 1)
	assert.Equal(t, "marked Deferred", p.Skipped[0].SkipReason)
}

// A checkbox item that is only the title of its own boxes (its title may
// wrap) groups them: they are the units. An item with a paragraph of its
// own stays one unit.
func TestBoxGroups(t *testing.T) {
	src := "# Roadmap\n\n## Todos\n\n- [x] Fix the join\n- [x] Framed containers\n  - [x] try\n  - [x] foreach\n- [ ] Code node\n\n  Runs a script in a sandbox.\n\n  - [ ] sandbox\n  - [ ] editor\n- [ ] Docs\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Fix the join closed", "1.2 try closed", "1.3 foreach closed", "1.4 Code node open", "1.5 Docs open"}, units(p))
}

// A progress table keyed by phase ("| 1. Setup | 100% ✅ |" under a "Фаза"
// column) marks the phase done; units whose own boxes say open stay open,
// and the conflict is said.
func TestPhaseProgressTable(t *testing.T) {
	src := "# Tasks\n\n## Progress\n\n| Фаза | Задач | Прогресс |\n|---|---|---|\n| 1. Setup | 2 | 100% ✅ |\n| 2. Core | 1 | 0% |\n\n## Phase 1: Setup\n\n- [ ] **T1.1**: Create the project\n- [ ] **T1.2**: Add lint\n\n## Phase 2: Core\n\n- [ ] **T2.1**: Build the view\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create the project open", "1.2 Add lint open", "2.1 Build the view open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "7:1: phase 1 is marked done (done in the status table), but 2 of its units say they are not (1.1, 1.2): read as they say; tick them, or correct the mark")
}

// "## Track A — Title": a capital letter for an id, in order, numbered by
// its place with no warning; "Track" and "Workstream" are unit words.
func TestLetterTracks(t *testing.T) {
	src := "# Review: fixes and hardening\n\n## Context\n\nFound in review.\n\n## Track A — Critical bugs (first)\n\n### A-Step 0. Foundations\n\n- add helpers\n\n## Track B — Test infrastructure\n\n- CI\n\n## Track D — Docs\n\n- README\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Critical bugs (first) open", "1.2 Test infrastructure open", "1.3 Docs open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `17:1: "D" is not a unit number: this unit is read as 1.3, in the order the plan lists it`)
}

// In spec-kit, a section between two phases that holds tasks is a group
// where it stands ("5a"), a decimal insert T007.1 follows T007 as "7a",
// and a series key (T-HF01) is numbered by its place, all without noise.
func TestSpecKitGroupsBetweenPhases(t *testing.T) {
	src := "# Tasks: MVP\n\n## Phase 1: Setup\n\n- [x] T001 Create the project\n- [x] T001.1 [P] Add logging\n- [ ] T002 Add lint\n\n## Review Hotfix\n\n- [x] T-HF01 Fix the race\n- [ ] T-HF02 Share the URL constant\n\n## Phase 2: Core\n\n- [ ] T003 Build the view\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "spec-kit | format: spec-kit", chosen(p))
	assert.Equal(t, []string{"1.1 Create the project closed", "1.1a Add logging closed", "1.2 Add lint open", "1a.1 Fix the race closed", "1a.2 Share the URL constant open", "2.3 Build the view open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `9:1: "Review Hotfix" is no phase but holds tasks, so it is read as phase 1a, where it stands`)
}

// A backlog of plain bullets is read as its bullets when nothing else
// reads as units; elsewhere the same reading is named in the refusal, to
// declare in one line.
func TestBulletBacklog(t *testing.T) {
	src := "# Backlog\n\n## Misc.\n\n- make bigger worlds\n- re-center the world\n\n## Difficulty\n\n- faster monsters\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 make bigger worlds open", "1.2 re-center the world open", "1.3 faster monsters open"}, units(p))

	notes := "# Mail design\n\n## Receiving\n\n- the client library\n- authentication first\n- exchange\n"
	p = Parse("p.md", []byte(notes))
	assert.Equal(t, []string{`1:1: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md)`}, msgs(p, Error))
	p = Parse("p.md", []byte("---\nunits: \"- {title}\"\n---\n"+notes))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// Numbered checkbox items that outnumber the unit headings over them
// three to one are the units; the headings group them.
func TestNumberedBoxesUnderFewHeadings(t *testing.T) {
	src := "# Implementation Plan - Refinement\n\n## Quick Wins\n\n- [x] 1. Browser LLM\n- [x] 2. Schemas\n- [x] 3. Tokens\n\n## Sprint 1: Core UX\n\n- [x] 4. Lab workflow\n- [ ] 5. Feedback\n\n## Sprint 2: Polish\n\n- [ ] 6. Progress tracking\n- [ ] 7. Guide layout\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {n}. {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 7)
}

// A checklist of checks (pre-deployment, verification, review, testing)
// is criteria, not work; a migration checklist is work.
func TestChecksAreCriteria(t *testing.T) {
	assert.True(t, criteriaHeading("Pre-Deployment Checklist"))
	assert.True(t, criteriaHeading("Manual Testing Checklist"))
	assert.True(t, criteriaHeading("Verification Checklist"))
	assert.False(t, criteriaHeading("Migration Checklist"))
	p := Parse("p.md", []byte("# Project Workflow\n\n## Deployment Workflow\n\n### Pre-Deployment Checklist\n- [ ] All tests passing\n- [ ] Backup created\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its only checkboxes (from line 6) stand under criteria headings")
	p = Parse("p.md", []byte("# Move to Postgres\n\n## Migration Checklist\n- [ ] Dump the data\n- [ ] Load it\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
}

// Unit words and work sections added from the held-out sets: "Slice",
// a "## Sequence" numbered list, and dotted headings in a roadmap.
func TestSlicesSequencesAndRoadmapSections(t *testing.T) {
	p := Parse("p.md", []byte("# Fase 7 — Plano\n\n## Slices\n\n### Slice 7.1 — STATIC\n\n- runtime\n\n### Slice 7.2 — Arrays\n\n- literals\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"7.1 STATIC open", "7.2 Arrays open"}, units(p))

	p = Parse("p.md", []byte("# Mail at scale\n\n## Receiving\n\nDesign.\n\n## Sequence\n\n1. **Split bodies out.** A migration.\n2. **Virtual mode.**\n3. **OAuth.**\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "{n}. {title} under ## Sequence"`, chosen(p))
	assert.Len(t, p.Sprints, 3)

	p = Parse("p.md", []byte("Swagger — Дорожная карта\n========\n\n## v0.2 — Ядро\n\n### 0.2.1 OpenAPI\n- a\n\n### 0.2.2 Config\n- b\n\n## v0.3 — Стили\n\n### 0.3.1 Styles\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 3)
}

// Phases that hold their work as checkbox items, two a phase or more, are
// read by their boxes: the boxes are the units and the phases group them.
// Boxes under a phase's numbered steps stay with the steps, and a box
// that names another plan file points at work, it is none.
func TestPhaseBoxesAreTheUnits(t *testing.T) {
	src := "# Roadmap\n\n## Phase 0: Control - Done\n- [x] Set up the repo\n- [x] Import the issues\n\n" +
		"## Phase 1: Catalog - In Progress\n- [x] Products\n- [ ] Variants\n- [ ] Prices\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"0.1 Set up the repo closed", "0.2 Import the issues closed", "1.1 Products closed", "1.2 Variants open", "1.3 Prices open"}, units(p))

	// A GSD milestone's plan lists name files: the phases stay the units.
	src = "# Milestone v1.2\n\n### Phase 16: Flows\n**Plans:**\n- [x] 16-01-PLAN.md — Schema\n- [x] 16-02-PLAN.md — API\n\n" +
		"### Phase 17: Views\n- [x] 17-01-PLAN.md — Lists\n- [x] 17-02-PLAN.md — Forms\n"
	p = Parse("p.md", []byte(src))
	assert.Equal(t, "phases | units: phases", chosen(p))
}

// A work section repeated under each phase ("### 任务清单", task list) is
// one list of work: its boxes under every phase are the units, and the
// declared line reads them all.
func TestRepeatedWorkSections(t *testing.T) {
	src := "# 开发计划\n\n## 阶段 1：核心（3 天）\n\n### 目标\n- 更快\n\n### 任务清单\n- [ ] 拆分模块\n- [ ] 添加接口\n\n" +
		"## 阶段 2：导出（2 天）\n\n### 任务清单\n- [ ] 写导出器\n- [ ] 写文档\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 拆分模块 open", "1.2 添加接口 open", "2.1 写导出器 open", "2.2 写文档 open"}, units(p))
	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: `units: "- [ ] {title} under ### 任务清单"`, From: "--reading"}})
	assert.Len(t, units(q), 4)
}

// Priority items "### P0.1 Title" under "## P0 (Must Have)": capitals
// glued to a dotted id are units, proposed with no help, and the tier
// headings above them are their phases. The declared line reads the same.
func TestGluedPriorityIDs(t *testing.T) {
	src := "# Research and Roadmap\n\n## 1) Findings\n\nProse.\n\n## P0 (Must Have)\n\n### P0.1 Fast start\n\nText.\n\n" +
		"### P0.2 Cache\n\nMore.\n\n## P1 (Should)\n\n### P1.1 Export\n\nX.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### P{n} {title}"`, chosen(p))
	assert.Equal(t, []string{"0.1 Fast start open", "0.2 Cache open", "1.1 Export open"}, units(p))

	p = Parse("p.md", []byte("---\nunits: \"### P{n} {title}\"\n---\n"+src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 Fast start open", "0.2 Cache open", "1.1 Export open"}, units(p))
}

// A guide whose boxes all stand under checklists and kinds of testing is
// test cases to run, not work: refused. The same boxes under a plan's
// title are work.
func TestTestingGuideRefused(t *testing.T) {
	body := "\n\n## Manual Testing Checklist\n\n### Wallet\n- [ ] Connect wallet\n- [ ] Disconnect clears state\n\n" +
		"## Edge Case Testing\n- [ ] Network drops mid-upload\n"
	p := Parse("p.md", []byte("# Testing Guide"+body))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "Testing Guide" says it is a tutorial or example, and its checkboxes (from line 6) all stand under checklists or kinds of testing: checks to run, not work; the closest reading, units are the plan's checkbox items (3 units, first at line 6), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))

	p = Parse("p.md", []byte("# Release Plan"+body))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 3)
}

// "DESCOPED" in capitals ends a ticked task's title: the task is set
// aside, not done.
func TestDescopedTask(t *testing.T) {
	src := "# Implementation Plan\n\n- [x] 1. **Client config**\n- [x] 2. **`ca_provider` — DESCOPED** (checked as closed-by-descope)\n- [ ] 3. **Persistence engine**\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Client config closed", "1.3 Persistence engine open", "1.2 ca_provider — DESCOPED (checked as closed-by-descope) skipped"}, units(p))
}

// A legend that defines marks ("- ✅ Implemented", "🔧 En cours") makes
// the list items that open with them checkboxes, ticked or started; the
// legend's own items are its key, not work. Without a legend the same
// marks stay text.
func TestLegendMarks(t *testing.T) {
	body := "\n- ✅ **Search** — debounce\n- 🔧 **Hooks** — infrastructure\n- [ ] **Export** — CSV\n- [ ] **Inlines**\n"
	src := "# Roadmap\n\n## Légende\n\n- ✅ Implémenté\n- 🔧 En cours / infrastructure posée\n- [ ] À faire\n\n## Admin\n" + body
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Search — debounce closed", "1.2 Hooks — infrastructure in_progress", "1.3 Export — CSV open", "1.4 Inlines open"}, units(p))
	assert.Contains(t, readings(p), "3:1: list items that open with a mark the legend defines are read as checkboxes: ✅ done, 🔧 in progress")

	p = Parse("p.md", []byte("# Roadmap\n\n**Legend:** ✅ Done · 🔧 In progress · ⬜ Planned\n\n## Admin\n"+body))
	assert.Equal(t, []string{"1.1 Search — debounce closed", "1.2 Hooks — infrastructure in_progress", "1.3 Export — CSV open", "1.4 Inlines open"}, units(p))

	p = Parse("p.md", []byte("# Roadmap\n\n## Admin\n"+body))
	assert.Equal(t, []string{"1.1 Export — CSV open", "1.2 Inlines open"}, units(p))
}

// A Conductor track whose tasks carry no "Task:" word is still known by
// the check that closes each phase ("[Manual] Task: Conductor - User
// Manual Verification 'Phase 1'"): its phases are the units.
func TestConductorByItsVerification(t *testing.T) {
	src := "# Implementation Plan: Tree view\n\n## Phase 1: Data model\n- [x] Extend the ToolCall type [10e0967]\n" +
		"- [x] [Manual] Task: Conductor - User Manual Verification 'Phase 1' (Protocol in workflow.md) [d0057b3]\n\n" +
		"## Phase 2: Parsing\n- [x] Create the discovery module [beb5753]\n- [ ] Add unit tests\n" +
		"- [ ] [Manual] Task: Conductor - User Manual Verification 'Phase 2' (Protocol in workflow.md)\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "conductor | format: conductor", chosen(p))
	assert.Equal(t, []string{"1.1 Data model closed", "2.1 Parsing open"}, units(p))
}

// A document whose title says it is a report or instructions, and that
// speaks nowhere of work to do, is refused: a report's table of results
// and a procedure's "## Step N" are not units. The same steps under a
// plan's title are work.
func TestReportsAndInstructionsRefused(t *testing.T) {
	report := "# Phase 4: Features Verification Report\n\n## Goal Achievement\n\n| # | Truth | Status |\n|---|---|---|\n" +
		"| 1 | Columns render | ✓ VERIFIED |\n| 2 | Flags parse | ✓ VERIFIED |\n| 3 | Sort works | ✓ VERIFIED |\n"
	p := Parse("p.md", []byte(report))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `p.md is not a plan: its title "Phase 4: Features Verification Report" says it is a report, and nothing in it speaks of work to do: the rows the closest reading finds record or explain, they do not plan`)

	steps := "\n\n## Step 1: Set the variables\n\n```sh\nexport A=1\n```\n\n## Step 2: Build\n\n```sh\nmake\n```\n\n## Step 3: Verify the fix\n\nRun it.\n"
	p = Parse("p.md", []byte("# Testing the Server - Search Fix"+steps))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Testing the Server - Search Fix" says it is instructions, and nothing in it speaks of work to do: its steps are for a reader to follow`)

	p = Parse("p.md", []byte("# Search Fix Plan"+steps))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 3)
}

// An open box over sub-boxes all ticked is done, with a warning; with
// plain items beside the ticked ones it stays open: nothing says their
// work is done.
func TestOpenParentOverTickedChildren(t *testing.T) {
	src := "# TODO\n\n## Planned\n\n- [ ] Async tools\n  - [x] Use ainvoke\n  - Replace subprocess.run\n- [ ] Rate limits\n  - [x] Count calls\n- [ ] Docs\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Async tools open", "1.2 Rate limits closed", "1.3 Docs open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "8:1: task 2 (unit 1.2) is not checked, but every item under it is (from line 9): read as done; tick it, or untick an item")
}

// A list of ✅ marks says a unit is done, unless a label that names no
// status stands over it ("Opportunities:"): then the ticks are the
// label's, a list of good things.
func TestTicksUnderALabel(t *testing.T) {
	src := "# Migration Plan\n\n## Phase 1: Types\n\n### 1.1 Value objects\n\n**Union opportunities:**\n- ✅ **DistanceUnit** → a union\n- ✅ **WindDirection** → a union\n\n" +
		"### 1.2 Events\n\n- ✅ Event union written\n- ✅ Tests pass\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Value objects open", "1.2 Events closed"}, units(p))
}

// Unit headings after the phases are said to stand under the section
// above them, not under the unit heading before them.
func TestUnitsAfterThePhasesNameTheirSection(t *testing.T) {
	src := "# Migration Plan\n\n## Strategy\n\n### Phase 1: Setup\n\n#### 1.1 Project\n- Create it\n\n### Phase 2: Types\n\n#### 2.1 Values\n- Port them\n\n## Timeline\n\n### Week 1: Foundation\n- Day 1\n\n### Week 2: Domain\n- Day 1\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Contains(t, msgs(p, Warning), `17:1: "Week 1: Foundation" is not compiled: it is under "## Timeline" (line 15), outside any phase section`)
	assert.Contains(t, msgs(p, Warning), `20:1: "Week 2: Domain" is not compiled: it is under "## Timeline" (line 15), outside any phase section`)
}

// Status lines in Japanese, Chinese, Korean and Russian, with an ASCII or
// a full-width colon.
func TestStatusInOtherScripts(t *testing.T) {
	src := "# ロードマップ\n\n## Phase 0 — 基盤\n\n**ステータス:** ✅ 完了\n\n- 型\n\n## Phase 1 — 分析\n\n**状态：** 进行中\n\n- 图\n\n" +
		"## Phase 2 — 拡張\n\n**상태:** 계획\n\n- 도구\n\n## Phase 3 — Итог\n\n**Статус:** выполнено\n\n- отчёт\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 基盤 closed", "1.1 分析 in_progress", "2.1 拡張 open", "3.1 Итог closed"}, units(p))
}

// A document's numbered sections may name its phases ("## 4. Etapa 1 —
// Grafo"): the stages are phases, the dotted headings under them units,
// and the other numbered sections ("## 1. Visión") text. A numbered
// section whose title opens with a V is no changelog version.
func TestNumberedSectionsNamingPhases(t *testing.T) {
	src := "# Astrograph — Roadmap\n\n## 1. Visión y objetivos\n\nTexto.\n\n## 2. Etapa 1 — Grafo\n\n### 1.0 — Slice vertical\n\n- Un archivo\n\n" +
		"### 1.1 — Scaffolding\n\n- Bun\n\n## 3. Etapa 2 — Soporte MCP\n\n- Herramientas\n\n## 4. No-objetivos\n\n- Nada\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Slice vertical open", "1.1 Scaffolding open", "2.1 Soporte MCP open"}, units(p))
	assert.False(t, versionHeading("1. Visión y objetivos"))
	assert.True(t, versionHeading("v2.3.1"))
}

// Paragraphs that open with a bold unit label and an id ("**Task 1.1:**
// Title (4 hours)") under week and day headings are the units, their
// first numbers their phases. Labels numbered afresh under each heading
// ("**Step 1:**" in every task) are steps, not units.
func TestBoldTaskLabels(t *testing.T) {
	src := "# Sprint Plan\n\n## Sprint 1: Foundation\n\n### Week 1: Setup\n\n#### Day 1-2: Types\n\n**Task 1.1:** Create the types (4 hours)\n- [ ] Write them\n\n" +
		"**Task 1.2:** Centralize patterns (4 hours)\n- [ ] Move them\n\n### Week 2: Scoring\n\n**Task 2.1:** Verify scoring (8 hours)\n- [ ] Check it\n\n" +
		"**Task 2.2:** Validation (4 hours)\n- [ ] Add it\n\n## Sprint 2: Tools\n\n### Week 3: Fixes\n\n**Task 3.1:** Score the fixer (8 hours)\n- [ ] Do it\n\n**Task 3.2:** Document it\n- [ ] Write\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `bold | units: "**Task {n}:** {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Create the types open", "1.2 Centralize patterns open", "2.1 Verify scoring open",
		"2.2 Validation open", "3.1 Score the fixer open", "3.2 Document it open"}, units(p))

	steps := "# Plan\n\n### Task 1: Parser\n\n**Step 1: Write the test**\n\ncode\n\n**Step 2: Run it**\n\ncode\n\n### Task 2: Lexer\n\n**Step 1: Write the test**\n\ncode\n\n**Step 2: Run it**\n\ncode\n"
	p = Parse("p.md", []byte(steps))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Parser open", "1.2 Lexer open"}, units(p))
}

// A status sentence before the first unit ("Completed through Phase 2",
// "Phases 1-2 are complete") marks the units of those phases done, when
// their own sections say nothing; a unit that says otherwise is read as
// it says, with a warning.
func TestDoneThroughAPhase(t *testing.T) {
	body := "\n\n## Phase 1: Core\n- [ ] Parser\n\n## Phase 2: CLI\n\nThe commands.\n\n## Phase 3: Docs\n\nWrite them.\n"
	p := Parse("p.md", []byte("# Roadmap\n\n## Status\n\nCompleted through Phase 2. 30 commands."+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Core open", "2.1 CLI closed", "3.1 Docs open"}, units(p))
	assert.Contains(t, readings(p), `5:1: "Completed through Phase 2": the units of phases 1 to 2 that say nothing of their own status are read as done (1)`)
	assert.Contains(t, msgs(p, Warning), `7:1: line 5 says "Completed through Phase 2", but unit 1.1 has a task not ticked (line 8): read as open`)

	p = Parse("p.md", []byte("# Hoja de ruta\n\nFases 2-3 están completadas."+body))
	assert.Equal(t, []string{"1.1 Core open", "2.1 CLI closed", "3.1 Docs closed"}, units(p))
}

// A roadmap whose status is only in its section titles, over plain
// bullets: the bullets of the done and still-to-do sections are the
// units, done or open as their section says; non-goals are none. The
// reading's line, format: status-lists, reads the same.
func TestStatusLists(t *testing.T) {
	src := "# Roadmap\n\n## Aktueller Stand (erreicht)\n\n- Tray app\n- Local transcription\n\n## Nächste sinnvolle Schritte\n\n- Terminal paste\n- Onboarding\n\n" +
		"## Vorerst nicht im Fokus\n\n- Accounts\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	want := []string{"1.1 Tray app closed", "1.2 Local transcription closed", "1.3 Terminal paste open", "1.4 Onboarding open"}
	assert.Equal(t, want, units(p))
	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: "format: status-lists", From: "--reading"}})
	assert.Equal(t, want, units(q))
}

// A closing section whose title says done lists what is done, a line a
// version or phase ("✅ **v0.2** — Core"): the units of each are done.
func TestDoneSectionLines(t *testing.T) {
	src := "# Roadmap\n\n## v0.2 — Core\n\n### 0.2.1 Parser\n\n- tokens\n\n### 0.2.2 Config\n\n- file\n\n## v0.3 — Styles\n\n### 0.3.1 Plugins\n\n- hooks\n\n" +
		"## Completed versions\n\n✅ **v0.2** — Core (all tasks done)\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Parser closed", "1.2 Config closed", "1.3 Plugins open"}, units(p))
	assert.Contains(t, readings(p), `21:1: "✅ **v0.2** — Core (all tasks done)": its units are read as done (2)`)
}

// A table keyed by a tracker's task keys ("UI-THEME-MDUI-1"), in a
// column headed ID, with a title, a status and a DependsOn column, is a
// table of units numbered by their place; a dependency may carry a note
// on how it stands ("ENROLL-1 (DONE)").
func TestTaskKeyTable(t *testing.T) {
	src := "# PLAN\n\n## Active Tasks\n\n| ID | Title | Status | DependsOn |\n|---|---|---|---|\n" +
		"| ENROLL-CORE-1 | Enrolment core | DONE | - |\n| UI-THEME-MDUI-1 | Theme | TODO | ENROLL-CORE-1 (DONE) |\n| termState-IMPL-1 | Term state | TODO | UI-THEME-MDUI-1 (WIP) |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Enrolment core closed", "1.2 Theme open", "1.3 Term state open"}, units(p))
	assert.Equal(t, []string{"7:3: 3 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2, 1.3"}, msgs(p, Warning))
}

// Items whose ids are a track's letter glued to a number ("### A1 ·
// Map view", "### B2 · Docs") are units, each letter a phase; a tier
// heading "## P0 (Must Have)" is no such item. The declared line reads
// the same.
func TestLetterNumberItems(t *testing.T) {
	src := "# Roadmap\n\n## Pfad A — UX\n\n### A1 · Karten\n- Pins\n\n### A2 · Kalender\n- Monate\n\n## Pfad B — Betrieb\n\n### B1 · Telemetrie\n- Gap\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {letter}{n} {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Karten open", "1.2 Kalender open", "2.1 Telemetrie open"}, units(p))
	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: `units: "### {letter}{n} {title}"`, From: "--reading"}})
	assert.Equal(t, units(p), units(q))
}

// A roadmap of releases ("## v0.1 - Local demo", "## v0.2 - GitHub") over
// bullets: the releases are the units, numbered by their place and titled
// with their versions. A changelog's versions are not.
func TestVersionRoadmap(t *testing.T) {
	body := "\n\n## v0.1 - Local Demo\n\n- Build recovery\n- Lint\n\n## v0.2 - GitHub And Collaboration\n\n- CI workflow\n\n## v1 — Launch (shipped)\n\n- Docs\n"
	p := Parse("p.md", []byte("# Roadmap"+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "## v{n} {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 v0.1 Local Demo open", "1.2 v0.2 GitHub And Collaboration open", "1.3 v1 Launch closed"}, units(p))

	p = Parse("p.md", []byte("# Changelog\n\n## v1.2.0 - 2024-01-01\n\n### Added\n- a thing\n\n## v1.1.0 - 2023-12-01\n\n### Fixed\n- a bug\n"))
	assert.NotEmpty(t, msgs(p, Error))
}

// A phase ticked in a progress tracker but marked superseded
// ("- [x] Phase 3 _(superseded by Phase 2)_", or "Superseded" in a status
// table) is skipped, not done; "Depends on: Phase 1" waits on the units
// of phase 1.
func TestSupersededPhasesAndPhaseRefs(t *testing.T) {
	src := "# Roadmap\n\n## Phase List\n- [x] [Phase 1: Core](#core)\n- [x] [Phase 2: Hooks](#hooks) _(superseded by Phase 1)_\n- [ ] [Phase 3: Cleanup](#cleanup)\n\n" +
		"## Phase 1: Core\n\nGoal: the CLI.\n\n## Phase 2: Hooks\n\n**Depends on:** Phase 1\n\n## Phase 3: Cleanup\n\n**Depends on:** Phase 1, Phase 2\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Core closed", "3.1 Cleanup open", "2.1 Hooks skipped"}, units(p))
	var deps []string
	for _, r := range p.Sprints[1].DependsOn {
		deps = append(deps, r.ID)
	}
	assert.Equal(t, []string{"1.1"}, deps)
}

// A task marked deferred ("*(deferred — async deep search)*") leaves the
// work above it done, and so do its own open steps.
func TestDeferredTaskAndItsSteps(t *testing.T) {
	src := "# Implementation Plan\n\n## Phase 1: Search\n\n- [x] Task 1: Hybrid index\n  - [x] Build it\n" +
		"- [ ] Task 2: Search deeper *(deferred — async deep search)*\n  - [ ] Spawn the walk\n" +
		"- [x] Task: Conductor - User Manual Verification 'Search' (Protocol in workflow.md)\n\n" +
		"## Phase 2: Watcher\n\n- [ ] Task 1: Paginate\n- [ ] Task: Conductor - User Manual Verification 'Watcher' (Protocol in workflow.md)\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Search closed", "2.1 Watcher open"}, units(p))
}

// Work split over several task lists ("## 前端任务", "## 后端任务") is
// read by all their boxes; a document titled as a checklist of checks
// ("Production Smoke Checklist") is refused.
func TestSplitTaskListsAndCheckTitles(t *testing.T) {
	src := "# 开发任务列表\n\n## 前端任务\n\n### UI\n- [ ] 设计页面\n- [ ] 实现组件\n\n## 后端任务\n- [ ] 文档生成\n\n## 测试任务\n- [ ] 单元测试\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Len(t, units(p), 4)

	p = Parse("p.md", []byte("# Phase A/B Production Smoke Checklist\n\n## 1. Dashboard (~1 min)\n- [ ] Renders dark\n- [ ] Sidebar folds\n\n## 2. Editor (~2 min)\n- [ ] Panels resize\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Phase A/B Production Smoke Checklist" says it is a checklist of checks`)
}

// Unit and phase words in Chinese, Japanese and Korean, with the number
// right after the word and a full-width colon ("任务1：初始化", "### 修復 2：
// 改善判斷").
func TestCJKUnitWords(t *testing.T) {
	src := "# 修復房間建立\n\n## 修復方案\n\n### 修復 1：統一房間建立邏輯\n\n- 固定人數\n\n### 修復 2：改善判斷邏輯\n\n- 比對 ID\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 統一房間建立邏輯 open", "1.2 改善判斷邏輯 open"}, units(p))

	src = "# 开发计划\n\n## 阶段1：基础\n\n### 任务1：初始化\n- 建仓库\n\n### 任务2：配置\n- 写配置\n\n## 阶段2：发布\n\n### 任务3：打包\n- 打包\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 初始化 open", "1.2 配置 open", "2.3 打包 open"}, units(p))
}

// A roadmap whose work is the headings under a status section ("## 🚧
// Planned" over "### Connection blocking") is read by them, when nothing
// else reads as work; a section that says in progress leaves its units
// open (bd ready never releases a bead created in progress).
func TestStatusHeadings(t *testing.T) {
	src := "# EgressView Roadmap\n\nWhat comes next.\n\n## 🚧 Planned\n\n### Router support\n\nOpenWrt first.\n\n### Connection blocking\n\nBlock by rule.\n\n## ✅ Done\n\n### Live graph\n\nShipped.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Router support open", "1.2 Connection blocking open", "1.3 Live graph closed"}, units(p))
}

// Steps that number their own sub-headings ("### Step 2" over "#### 2.1",
// "#### 2.2") group them as phases do: the sub-headings are the units.
func TestStepsNumberingTheirUnits(t *testing.T) {
	src := "# 开发计划\n\n## 第一阶段：MVP\n\n### 步骤 1：项目初始化\n\n#### 1.1 创建项目结构\n- 建目录\n\n#### 1.2 配置工具\n- 配置\n\n" +
		"### 步骤 2：数据库\n\n#### 2.1 设计模型\n- 建表\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 创建项目结构 open", "1.2 配置工具 open", "2.1 设计模型 open"}, units(p))
}

// A roadmap of plain bullets under horizon sections is read by its
// bullets, and a section of non-goals holds skipped units; a document
// that does not call itself a roadmap keeps its sections (heldout7 203).
func TestRoadmapBullets(t *testing.T) {
	body := "## v0.2.0\n\n- **Tray icon.** None yet.\n- JSON output\n\n## Später\n\n### Integration\n- MQTT publish\n\n" +
		"## Explizit nicht geplant\n\n- macOS\n"
	p := Parse("p.md", []byte("# Roadmap\n\n"+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Tray icon. None yet open", "1.2 JSON output open", "1.3 MQTT publish open",
		"1.4 macOS skipped"}, units(p))
	assert.Equal(t, `items | units: "- {title}"`, chosen(p))

	// Sections that name features, not horizons, stay the units.
	p = Parse("p.md", []byte("# Roadmap\n\n## Trading system\n- list items\n- buy items\n\n## Workbench sharing\n- share a bench\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "## {title}"`, chosen(p))

	p = Parse("p.md", []byte("# Release checklist\n\n"+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "## {title}"`, chosen(p))
	assert.Contains(t, declares(p), `units: "- {title}"`, "listed, to be declared in one line")

	p = Parse("p.md", []byte("---\nunits: \"- {title}\"\n---\n# Notes\n\n"+body))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 4)
	assert.Equal(t, "1.4 macOS skipped", units(p)[3])
}

// A release procedure, its version a placeholder, is refused; a plan to
// fix one release is not (heldout7 195, 188).
func TestReleaseProcedure(t *testing.T) {
	steps := "## 1. Cut the branch\n\n```sh\ngit checkout -b release-vX.Y.Z\n```\n\n## 2. Tag\n\n- push the tag\n- watch CI\n\n## 3. Announce\n\n- post\n"
	p := Parse("p.md", []byte("# Release runbook\n\n"+steps))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "Release runbook" and "vX.Y.Z" at line 6 say it is a release procedure, followed again for each version: its headings are steps to repeat, not work to compile; the closest reading, units are the level-2 numbered headings "{n}. {title}" (3 units, first at line 3), was not taken; if it is a plan, declare that reading in its front matter: units: "## {n}. {title}"`}, msgs(p, Error))

	p = Parse("p.md", []byte("# Release plan for v2.0\n\n"+steps))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Release runbook\n\n"+strings.ReplaceAll(steps, "vX.Y.Z", "v2.0.1")))
	assert.Empty(t, msgs(p, Error))
}

// A plan no strong reading reads lists the plainest readings of its
// shape to declare, below the one taken and above "not a plan"; a plan in
// the dialect lists none.
func TestHintReadings(t *testing.T) {
	src := "# Launch\n\n## Epic 1: Auth\n\n### Login\n- form\n- session\n\n## Epic 2: Billing\n\n### Invoices\n1. draft\n2. send\n\n## Notes\n- [ ] ask legal\n- [ ] ask ops\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{`units: "## Epic {n}: {title}"`, `units: "- [ ] {title}"`, `units: "## {title}"`, `units: "### {title}"`,
		`units: "{n}. {title}"`, "format: none"}, declares(p))
	for _, c := range p.Candidates {
		if c.Declare == `units: "## {title}"` {
			assert.Equal(t, 3, c.Units)
			assert.Equal(t, []int{3, 9, 15}, c.First)
			assert.Equal(t, scoreHint, c.Score)
		}
	}
	// Declared, a hint reads as listed.
	p = Parse("p.md", []byte("---\nunits: \"### {title}\"\n---\n"+src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Login open", "1.2 Invoices open"}, units(p))

	p = Parse("p.md", []byte("## Phase 1: A\n\n### Sprint 1.1: B\n- x\n\n### Sprint 1.2: C\n- y\n"))
	assert.NotContains(t, declares(p), `units: "### {title}"`)
}

// A box that only titles the boxes nested under it groups them; declared
// "at top level", the outer boxes are the units and the nested ones their
// steps, and the preview lists that line (heldout8 204).
func TestTopLevelBoxes(t *testing.T) {
	src := "# Migration\n\n## Tasks\n\n- [x] `app.js` migrated\n  - [x] createApp\n  - [x] Pinia\n- [ ] `system.js` migrated\n- [ ] Run the tests\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 createApp closed", "1.2 Pinia closed", "1.3 system.js migrated open", "1.4 Run the tests open"}, units(p))
	assert.Contains(t, declares(p), `units: "- [ ] {title} at top level"`)

	p = Parse("p.md", []byte("---\nunits: \"- [ ] {title} at top level\"\n---\n"+src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 app.js migrated closed", "1.2 system.js migrated open", "1.3 Run the tests open"}, units(p))
	assert.Equal(t, []string{"createApp", "Pinia"}, p.Sprints[0].Tasks)
}

// A review of work done is refused, its "## Task N ✅" sections what it
// reviewed; a plan titled as a review's plan is read (heldout8 225).
func TestReviewOfWorkDone(t *testing.T) {
	body := "## Task 1: Schema ✅\n\n- migration added\n- tests pass\n\n## Task 2: Types ✅\n\n- types added\n\n## Issues Found\n\nNone.\n"
	p := Parse("p.md", []byte("# Implementation Review: Tasks 1-2\n\n"+body))
	assert.Equal(t, []string{`1:1: p.md is not a plan: it is a review of work done (its title "Implementation Review: Tasks 1-2" and its sections "issues found" (line 12)): it judges work already done, and its headings are what it reviewed, not work to compile; the closest reading, units are level-2 "Task {n}: {title}" headings with no phases (2 units, first at line 3), was not taken; if it is a plan, declare that reading in its front matter: units: "## Task {n}: {title}"`}, msgs(p, Error))

	p = Parse("p.md", []byte("# Architecture Review Plan\n\n"+body))
	assert.Empty(t, msgs(p, Error))
}

// A tutorial of examples whose only boxes are a checklist for its reader
// is refused; a guide that speaks of a plan's work is read (heldout8 208).
func TestTutorialChecklist(t *testing.T) {
	body := "## 1. Componente simple\n\n```js\nnew Vue()\n```\n\n## Checklist por componente\n\n- [ ] Convertir data()\n- [ ] Probar\n"
	p := Parse("p.md", []byte("# Ejemplos prácticos de Vue 3\n\n"+body))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "Ejemplos prácticos de Vue 3" says it is a tutorial or example, and nothing in it speaks of work to do: its checkboxes (from line 11) are for a reader to tick as they follow it; the closest reading, units are the plan's checkbox items (2 units, first at line 11), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))

	p = Parse("p.md", []byte("# Ejemplos prácticos de Vue 3\n\n## Tasks\n\n"+body))
	assert.Empty(t, msgs(p, Error))
}

// A GSD roadmap whose milestones keep no phase checklist is read by its
// "Phase N:" sections at either level, closed when their plans are all
// ticked (heldout8 227).
func TestGSDRoadmapHeadings(t *testing.T) {
	src := "# Roadmap: Tray\n\n## Phases\n\n<details>\n<summary>v1.0 shipped</summary>\n\n### Phase 1: Foundation\n**Goal**: scaffold\n**Plans**: 1 plan\n\n- [x] 01-01: Scaffolding\n\n</details>\n\n" +
		"### v1.1 (In Progress)\n\n#### Phase 2: Hotkeys\n**Depends on**: Phase 1\n**Plans**: 2 plans\n\n- [x] 02-01: Model\n- [ ] 02-02: Picker\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "gsd | format: gsd", chosen(p))
	assert.Equal(t, []string{"1.1 Foundation closed", "1.2 Hotkeys open"}, units(p))
	assert.Equal(t, []string{"02-01: Model", "02-02: Picker"}, p.Sprints[1].Tasks)
}

// Under "## Progress", a tracker names phases that are their own units by
// id, in words of its own; a phase split into lettered parts closes once
// every part is ticked (heldout8 218). Elsewhere the words must match.
func TestProgressTrackerByID(t *testing.T) {
	phases := "# Decomposition Plan\n\n## Phases\n\n### Phase 1: Extract Type Definitions\nMove types.\n\n### Phase 2: Extract Handlers\nMove handlers.\n\n### Phase 3: Registry\nWire.\n\n"
	p := Parse("p.md", []byte(phases+"## Progress\n\n- [x] Phase 1: Extract types to types.ts (commit e38bc52)\n- [x] Phase 2a: initialize handler\n- [ ] Phase 2b: session handlers\n- [x] Phase 3a: registry\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Extract Type Definitions closed", "2.1 Extract Handlers open", "3.1 Registry closed"}, units(p))

	p = Parse("p.md", []byte(phases+"## Readiness\n\n- [x] Phase 1: budget approved\n"))
	assert.Equal(t, []string{"1.1 Extract Type Definitions open", "2.1 Extract Handlers open", "3.1 Registry open"}, units(p))
}

// Experiments are units, in English and Korean, with letter ids
// (heldout8 222).
func TestExperimentUnits(t *testing.T) {
	p := Parse("p.md", []byte("# PoC 계획\n\n## 실험 A. 최소 instrumentation\n\n### 목표\n- probe\n\n## 실험 B. Spring MVC routing\n\n### 목표\n- bucket\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 최소 instrumentation open", "1.2 Spring MVC routing open"}, units(p))
	p = Parse("p.md", []byte("# Plan\n\n## Experiment 1: Baseline\n- run\n\n## Experiment 2: Tuned\n- run\n"))
	assert.Equal(t, []string{"1.1 Baseline open", "1.2 Tuned open"}, units(p))
}

// A done mark followed by a word that says done, in any language the
// status reader knows, closes its unit; after a word of the title it is
// left alone (heldout9 234).
func TestDoneMarkWithItsWord(t *testing.T) {
	for _, c := range []struct {
		heading string
		done    string
	}{
		{"3.1 测试 — P0 — ✅ 已实现（`5fb7a37`）", "✅"},
		{"3.1 Setup — ✅ Implemented (abc123)", "✅"},
		{"3.1 Setup ✅ Implemented the parser", ""},
		{"3.1 Setup — ✅ Parser next", ""},
	} {
		_, done, _, _ := headingMarkers(c.heading)
		assert.Equal(t, c.done, done, c.heading)
	}
}

// A guide to writing plans, its sections rules and guidelines, is no
// checklist whose sections are steps (heldout9 245).
func TestPlanWritingGuide(t *testing.T) {
	p := Parse("p.md", []byte("# Execution Plans\n\n## When to Use an ExecPlan\n- complex features\n\n## Formatting Rules\n- one fence\n\n## Guidelines\n- be plain\n\n## Milestones\n- narrate\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan")
	p = Parse("p.md", []byte("# Release plan\n\n## Prepare\n- tag\n\n## Publish\n- push\n"))
	assert.Empty(t, msgs(p, Error))
}

// Days are units: under weeks, with a date between the id and the title;
// a day that holds tasks, or bold task labels, gives them up as the units
// (heldout9 235, heldout6 158 and 165).
func TestDayUnits(t *testing.T) {
	p := Parse("p.md", []byte("# Sprint plan\n\n### **Week 1: Foundation**\n\n#### **DAY 1 (March 5 - Wed)** ✅ COMPLETED\n- ✅ done thing\n\n"+
		"#### **DAY 2 (March 6 - Thu)** - Receipt Types\n- [ ] a\n\n### **Week 2: ABI**\n\n#### **DAY 3 (March 7 - Fri)** - Decoder\n- [ ] b\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 (March 5 - Wed) closed", "1.2 Receipt Types (March 6 - Thu) open", "2.3 Decoder (March 7 - Fri) open"}, units(p))

	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: Refactor\n\n### Day 1: Planning\n\n#### Task 1.1: Branch\n- a\n\n#### Task 1.2: Design\n- b\n\n### Day 2: Moves\n\n#### Task 1.3: Move models\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Branch open", "1.2 Design open", "1.3 Move models open"}, units(p))

	// A span after a phase's id makes no phase heading of it ("Phase 2
	// (2025年)"), nor a day with nothing after its span.
	assert.False(t, readShape("Phase 2 (2025年)").sep)
	assert.False(t, readShape("Phase 1 (Days 1-7): Foundation").sep)
	assert.False(t, readShape("Day 3 (March 7)").sep)
	assert.True(t, readShape("Day 3 (March 7) - Decoder").sep)
}

// A task id with a capital letter after its number ("T068A") is an
// inserted task, as "T012a" is; its phase was read as text and its tasks
// lost (heldout4 120).
func TestCapitalLetterTaskIDs(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks\n\n## Phase 1: Setup\n\n- [x] T001 Create project\n- [ ] T002 Lint\n\n## Phase 2: Planner\n\n- [x] T003A [P] Types\n- [ ] T003B [P] Loader\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create project closed", "1.2 Lint open", "2.3a Types closed", "2.3b Loader open"}, units(p))
}

// A tool's phase whose boxes carry no task id is said, with where its
// boxes are, not passed over as a phase with no tasks.
func TestPhaseBoxesWithNoTaskID(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks\n\n## Phase 1: Setup\n\n- [x] T001 Create\n- [ ] T002 Lint\n\n## Phase 2: Planner\n\n- [x] Types\n- [ ] Loader\n\n## Phase 3: Ship\n\n- [ ] T003 Ship\n"))
	assert.Contains(t, msgs(p, Warning), "8:1: phase 2 holds 2 checkbox items (the first at line 10) but none reads as a task of this reading, so none is compiled and the phase is read as text: give each the task id its siblings have, or declare another reading")
}

// A task whose id is struck out is dropped, ticked or not (heldout4 120).
func TestStruckTaskID(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks\n\n## Phase 1: Setup\n\n- [x] T001 Create project\n- [x] ~~T002~~ [P] ~~Register open tool~~ — 已移除（YAGNI，tab 由系統自動管理）\n- [ ] T003 Lint\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create project closed", "1.3 Lint open", "1.2 Register open tool — 已移除（YAGNI，tab 由系統自動管理） skipped"}, units(p))
}

// A plan whose every unit is skipped (a cancelled Taskmaster task) is read,
// with a warning, and compiles to no bead; it was an error (heldout10 261).
func TestEverySkipped(t *testing.T) {
	p := Parse("p.md", []byte("# Plan\n\n## Phase 1: Dropped\n\n### Sprint 1.1: A ~~gone~~ (CANCELLED)\n- x\n\n### ~~Sprint 1.2: B~~\n- y\n"))
	assert.Empty(t, msgs(p, Error))
	assert.Contains(t, msgs(p, Warning), "1:1: every unit of the plan is skipped (2), so it compiles to no bead")
	assert.Empty(t, p.Sprints)
}

// A security policy is refused whatever checklist it ends in, and so is a
// getting-started tutorial of "## Step N" sections whose last section is
// its "Next Steps" (heldout10 259, 270).
func TestPolicyAndTutorial(t *testing.T) {
	p := Parse("SECURITY.md", []byte("# Security Policy\n\n## Supported versions\n\n| v | ok |\n|---|---|\n| 1 | yes |\n\n## Reporting a vulnerability\n\nMail us.\n\n## Operator hardening checklist\n\n- [ ] Rotate keys\n- [ ] Enable TLS\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it is a security policy")

	p = Parse("p.md", []byte("# Getting Started with Zeek\n\n## Step 1: Setup\n\n### 1.1 Clone\n```sh\ngit clone x\n```\n\n### 1.2 Install\n- pip install\n\n## Step 2: Detect\n\n### 2.1 Create a file\n- touch\n\n### Next Steps\n\n1. Read the docs\n2. Write a rule\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its steps are for a reader to follow")
}

// In a Conductor track a ticked task vouches for its steps: a phase whose
// tasks are all ticked is done though the steps under them are not; an
// open task still keeps it open (heldout10 275).
func TestConductorTickedTasks(t *testing.T) {
	src := "# Implementation Plan\n\n## Phase 1: Setup [checkpoint: 447e0db]\n- [x] Task: Set up the environment [7094dbf]\n    - [ ] Install mypy\n    - [ ] Build\n- [x] Task: Conductor - User Manual Verification 'Phase 1' (Protocol in workflow.md)\n\n" +
		"## Phase 2: Fix\n- [x] Task: Fix hints [92f4623]\n    - [ ] Rerun mypy\n- [ ] Task: Conductor - User Manual Verification 'Phase 2' (Protocol in workflow.md)\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Setup closed", "2.1 Fix open"}, units(p))
}

// A table whose ID column holds a capital letter a row is a table of
// units, numbered by their place (heldout10 269).
func TestLetterIDTable(t *testing.T) {
	p := Parse("p.md", []byte("# Backlog\n\n## Backlog\n\n| ID | Scope | Status |\n|---|---|---|\n| L | **Branch create** | ✅ |\n| E | **Tags** | 🔲 |\n| G | **PR lifecycle** | ✅ |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Branch create closed", "1.2 Tags open", "1.3 PR lifecycle closed"}, units(p))
	// Letters in a column not headed like an id are no ids.
	p = Parse("p.md", []byte("# Grades\n\n| Grade | Subject | Status |\n|---|---|---|\n| A | Maths | ✅ |\n| B | Art | 🔲 |\n"))
	assert.Empty(t, p.Sprints)
}

// In a plan, a table of ids headed by a unit word is a table of units
// with no status column; a day log's table is not (heldout11 294,
// heldout9 230). A Japanese roadmap's versions are its units, one released
// in full-width brackets (heldout11 290).
func TestSliceTableAndJapaneseRoadmap(t *testing.T) {
	p := Parse("p.md", []byte("# Capability 1 implementation plan\n\n## Slices\n\n| Slice | Content | Requirements |\n|---|---|---|\n| S0 | Workspace scaffold | none |\n| S1 | Declaration reading | REQ-001 |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Workspace scaffold open", "1.1 Declaration reading open"}, units(p))
	p = Parse("p.md", []byte("# Development Summary\n\n| Day | Date | Focus |\n|---|---|---|\n| Day 1 | Jan 7 | Init |\n| Day 2 | Jan 8 | Spec |\n"))
	assert.Empty(t, p.Sprints)

	p = Parse("p.md", []byte("# ロードマップ\n\n## 現行リリース\n\n### v0.1.0 — native parser（リリース済）\n- a\n\n## 計画中\n\n### v0.2 — FileDB parser\n- b\n\n### v0.3 — ビューア\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 v0.1.0 native parser closed", "1.2 v0.2 FileDB parser open", "1.3 v0.3 ビューア open"}, units(p))
}

// A contributing guide is refused whatever steps it numbers, and so is a
// task's completion summary whose only list is its closing next steps
// (heldout11 295, 299).
func TestContributingAndSummary(t *testing.T) {
	p := Parse("CONTRIBUTING.md", []byte("# Contributing to Kaiord\n\n## Development Workflow\n\n#### Steps\n\n1. Fork\n2. Branch\n3. Commit\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it is a contributing guide")

	p = Parse("p.md", []byte("# Task 2.3 Implementation Summary: API manager\n\n## ✅ Status: COMPLETE\n\n### Testing Results\n\nAll green.\n\n### 🚀 Next Steps\n\n1. Task 2.4\n2. Task 2.5\n3. Docs\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "a report's follow-ups, not a plan")

	// A plan that ends in next steps is still a plan.
	p = Parse("p.md", []byte("# Migration Plan\n\n### Next Steps\n\n1. Export\n2. Import\n3. Verify\n"))
	assert.Empty(t, msgs(p, Error))
}

// A GSD roadmap after a milestone ships: the shipped phases are plain
// entries in a fold, the archived milestone's phases only progress table
// rows, the current ones details headings; all are the units, in the order
// of their numbers (heldout10 267; the probe's godot-mcp read 4 of 8).
func TestGSDArchivedMilestones(t *testing.T) {
	src := "# Roadmap: Plugin\n\n## Phases\n\n<details>\n<summary>v1.0 shipped</summary>\n\n- [x] Phase 1: Scaffolding (1/1 plans) — completed 2026-04-09\n- [x] Phase 2: Settings (1/1 plans) -- completed 2026-04-10\n\n</details>\n\n" +
		"## v1.1 Polish\n\n| Phase | Milestone | Plans Complete | Status | Completed |\n|---|---|---|---|---|\n| 3. CI Fixes | v1.1 | 2/2 | Complete | 2026-04-14 |\n| 4. Import | v1.1 | 0/1 | Not started | - |\n| 5. Release | v1.1 | 5/5 | Complete | 2026-04-17 |\n\n" +
		"### Phase 4: Import\n**Goal**: sort\n**Plans:** 1 plan\n\n- [ ] 04-01-PLAN.md — Sort entries\n\n### Phase 5: Release\n**Goal**: README\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "gsd | format: gsd", chosen(p))
	assert.Equal(t, []string{"1.1 Scaffolding closed", "1.2 Settings closed", "1.3 CI Fixes closed", "1.4 Import open", "1.5 Release closed"}, units(p))
}

// A retrospective, a guide whose title names a migration, and a report of
// a phase's work done are refused (heldout12 320, 318, 301).
func TestRetrospectiveGuideAndReport(t *testing.T) {
	p := Parse("p.md", []byte("# Project Retrospective\n\n## Milestone: v2.3 — Stats\n\n### What Worked\n- pairing\n\n### Key Lessons\n- smaller PRs\n\n## Milestone: v2.4 — Alerts\n\n### What Worked\n- tests\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it is a retrospective")

	p = Parse("p.md", []byte("# Data Migration System Guide\n\n## How Migration Works\n\n### 1. Automatic Detection\n- reads the version\n\n### 2. Safe Migration\n- backs up\n\n### 3. Compatibility\n- keeps old keys\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "says it is a tutorial or example")

	p = Parse("p.md", []byte("# Phase 6 — Rename the config directory\n\n## Summary\n\nDone.\n\n## Files Created or Modified\n\n- constants.py\n\n## Commits\n\n- bd92d87\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it reads as a report of work done")
}

// A plan whose front matter says it is done closes the units with no
// status of their own (heldout12 315: a finished GSD phase plan).
func TestFrontMatterDone(t *testing.T) {
	src := "---\nphase: 64\nstatus: complete\n---\n# Plan 64-01\n\n## Tasks\n\n### Task 1: Tests\n- write\n\n### Task 2: Service\n- build\n\n### Task 3: Docs (IN PROGRESS)\n- write\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Tests closed", "1.2 Service closed", "1.3 Docs in_progress"}, units(p))
	assert.Contains(t, msgs(p, Warning), "1:1: the front matter says status: complete, so the units with no status of their own are closed: 1.1, 1.2")
}

// A status token after a dash at the end of a heading ("Rebrand —
// `complete`") says how the unit stands and leaves its title; words of a
// title or a field after a dash do not (heldout12 306).
func TestDashStatusToken(t *testing.T) {
	for _, c := range []struct{ in, tail, status string }{
		{"Rebrand — `complete`", "`complete`", StatusClosed},
		{"SST v4 — pending", "pending", StatusOpen},
		{"Auth – in-progress", "in-progress", StatusInProgress},
		{"(March 5 - Wed)", "", ""},
		{"Invoices — dunning DEFERRED", "", ""},
		{"Chargebacks — **Status**: Blocked", "", ""},
		{"Search - make it complete", "", ""},
	} {
		tail, st := dashStatus(c.in)
		assert.Equal(t, c.tail, tail, c.in)
		assert.Equal(t, c.status, st, c.in)
	}
	assert.Equal(t, "Rebrand", cleanTitle("Rebrand — `complete`"))
}

// Tables of work items with ids under every unit heading are the finer
// units, and a table-rows line is listed among the readings to declare
// (heldout10 260).
func TestTablesUnderUnits(t *testing.T) {
	src := "# Sprints\n\n## Current\n\n### Sprint 1 — Polish\n\n| ID | Task | Status |\n|---|---|---|\n| S1-01 | Tray icon | 🔲 Todo |\n| S1-02 | Reconnect | ✅ Done |\n\n" +
		"## History\n\n### Sprint 0 — Foundation\n\n| ID | Task | Status |\n|---|---|---|\n| S0-01 | App skeleton | ✅ Done |\n| S0-02 | Gateway | ✅ Done |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "table | units: table rows", chosen(p))
	assert.Len(t, units(p), 4)
}

// A legend's marks that mean planned or under consideration are open
// boxes, as its done and in-progress marks are ticked and started ones; a
// mark it does not define stays text (heldout11 298).
func TestLegendPlannedMarks(t *testing.T) {
	src := "# Roadmap\n\n## v1.0\n\n- ✅ Storage\n- 🔄 Popup\n\n## v2.0\n\n- 📋 Sync\n- 🔮 Teams\n- 🗳️ Dark mode\n\n## Legenda\n\n- ✅ Concluído\n- 🔄 Em Progresso\n- 📋 Planejado\n- 🔮 Em Consideração\n- 🗳️ Solicitação da Comunidade\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Storage closed", "1.2 Popup in_progress", "1.3 Sync open", "1.4 Teams open"}, units(p))
}

// A done section whose title names a phase or unit in brackets
// ("### Completed (Phase 1)") closes it (heldout10 265).
func TestDoneSectionTitle(t *testing.T) {
	src := "# Plan\n\n## Phase 1: Fixes\n\n### 1.1 Errors\n- retry\n\n### 1.2 Config\n- env\n\n## Phase 2: Features\n\n### 2.1 Valuation\n- comps\n\n### 2.2 Market\n- stats\n\n" +
		"## Tracking\n\n### Completed (Phase 1)\n- ✅ retries\n\n### Completed (Phase 2.1)\n- ✅ comps\n\n### In Progress\n- 🚧 Phase 2.2\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Errors closed", "1.2 Config closed", "2.1 Valuation closed", "2.2 Market open"}, units(p))
}

// A Branch, Worktree or Source Branch field left blank is a warning and
// the default stands; it refused the plan (heldout13 327).
func TestEmptyBranchField(t *testing.T) {
	p := Parse("p.md", []byte("## Phase 1: Fixes\n\n### Sprint 1.1: Crash on load\n**Branch**: \n**Worktree**:\n- fix it\n"))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"4:1: branch of sprint 1.1 is empty, so it gets the default one", "5:1: worktree of sprint 1.1 is empty, so it gets the default one"}, msgs(p, Warning)[:2])
	assert.False(t, p.Sprints[0].Branch.Set())
}

// Headings under a Decisions section (OpenSpec's design.md) are decisions,
// not work (heldout14 361).
func TestDecisionsSection(t *testing.T) {
	p := Parse("design.md", []byte("## Context\n\nWhy.\n\n## Decisions\n\n### D1. Orchestrator\n- MCP client\n\n### D2. Store\n- SQLite\n\n### D3. Tailer\n- WAL\n\n## Open Questions\n\n- none\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the units the closest reading finds are under "Decisions": decisions a design records, not work to compile`)
}

// "What to do" names a section of the work: its numbered list is the units,
// over numbered findings elsewhere (heldout14 349).
func TestWhatToDoSection(t *testing.T) {
	src := "# Definitive plan\n\n## Verdict\n\n### 1. The finding\nText.\n\n### 2. The risk\nText.\n\n### 3. The money\nText.\n\n## What to do right now\n\n### Today\n1. ✅ Post the preprint\n2. Release the code\n\n### This week\n3. Rerun at scale\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 3)
}

// A Chinese task completion report whose only list is its next steps, as
// bold-labelled items, is refused; a plan-titled table of tasks with a
// status in every row and no id column is a table of units, numbered by
// place (heldout15 384, 385).
func TestReportNextStepsAndTitledRows(t *testing.T) {
	p := Parse("p.md", []byte("# Task 6.2 完成总结：部分清算\n\n## 📋 实现的功能\n\n### 1. 核心逻辑\n\n实现了。\n\n## 📈 下一步计划\n\n- **Task 6.3**: 罚金机制\n- **Task 6.4**: 流动性\n- **Task 6.5**: 执行流程\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Task 6.2 完成总结：部分清算" says it is a report, and the only work the closest reading finds is its closing next steps (from line 11)`)

	src := "# v2 Release TODO\n\n## Checklist\n\n| Task | Status | Notes |\n| --- | --- | --- |\n| Remove the preview spelling | TODO | x |\n| Regenerate schemas | Done | y |\n| Update docs | In progress | |\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Remove the preview spelling open", "1.2 Regenerate schemas closed", "1.3 Update docs in_progress"}, units(p))

	// Not in a document titled as a plan, nor with a row whose status says
	// nothing known, nor under a first column that does not name work.
	for _, s := range []string{
		strings.Replace(src, "# v2 Release TODO", "# Tombi", 1),
		strings.Replace(src, "| Done |", "| maybe later |", 1),
		strings.Replace(src, "| Task | Status |", "| Feature | Status |", 1),
	} {
		p = Parse("p.md", []byte(s))
		assert.Empty(t, p.Sprints, s)
	}
}

// A checkbox written into a unit heading says how the unit stands, and a
// ticked one holds the unit closed over steps never ticked, with a
// warning (Zenflow's plans; heldout15 377).
func TestHeadingBox(t *testing.T) {
	src := "# Full SDD workflow\n\n## Workflow Steps\n\n### [x] Step 1: Probes\n\n- [ ] add probes\n- [ ] test them\n\n### [ ] Step 2: Database\n\n- [ ] load\n\n### [-] Step 3: Exploits\n\nWork.\n\n### [x] Step 4: Release\n\n- [x] tag\n- [ ] notes\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Probes closed", "1.2 Database open", "1.3 Exploits in_progress", "1.4 Release open"}, units(p))
	assert.Equal(t, []string{
		"14:1: sprint 1.3 has no tasks; its title is its one prompt",
		`5:1: sprint 1.1's heading box is ticked, though none of its 2 tasks is (the first at line 7); read as closed (write **Status**: Open if it is not done)`,
		`18:1: sprint 1.4's heading says "[x]", but 1 of its 2 tasks are not ticked (the first at line 21); read as open: tick them, or write **Status**: Done`,
	}, msgs(p, Warning))
}

// A bold bare id opens a list unit ("- **1.1** ✅ Title"), and a phase
// named again later with no units under it (a progress summary) is text
// about that phase, not another unit (heldout15 381).
func TestBoldBareIDsAndRepeatedPhase(t *testing.T) {
	src := "# Backlog\n\n## Estado\n\n### FASE 1: BLOCKERS\n\n- **1.1** ✅ Fix the action\n  > hecho\n- **1.2** ⏳ Pin the CLI\n\n### FASE 2: TESTING\n\n- **2.1** ⏳ Build\n- **2.2** ⏳ Install\n\n## Seguimiento\n\n### FASE 1 - BLOCKERS\n- Total: 2\n- Progreso: 50%\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Fix the action closed", "1.2 Pin the CLI open", "2.1 Build open", "2.2 Install open"}, units(p))
	assert.Len(t, p.Phases, 2)
	assert.Contains(t, msgs(p, Warning), "18:1: phase 1 is named again here, with no units under it, after the phase 1 at line 5 that holds its units: read as text about that phase, not as a unit")
}

// In a spec-kit task list, one item for a range of task ids is one unit,
// read by the first id (before, it was dropped in silence), and a bold N/A
// after the id skips the task (heldout15 387).
func TestTaskIDRangeAndNA(t *testing.T) {
	src := "# Tasks: Workspace\n\n## Phase 1: Setup\n\n- [X] T001 Create the tree\n- [X] **T002-T004** - Create the store (state, actions)\n- [ ] T005 **N/A** - No search in this selector\n- [ ] T006 Wire it\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create the tree closed", "1.2 Create the store (state, actions) closed", "1.6 Wire it open", "1.5 N/A - No search in this selector skipped"}, units(p))
}

// Milestones written "## M1 — Title" are phases and their parts "### M1.1
// Title" the units; a dated progress log whose lines name a milestone, or
// a milestone's unit, and say done in their next word closes what they
// name (heldout15 373).
func TestMilestonesAndProgressLog(t *testing.T) {
	src := "# v21 — Implementation Plan\n\n## Execution progress\n\n- 2026-07-11 — M0 complete: scripts.\n- 2026-07-12 — M1 Wave A complete locally: pages.\n- Next proposed slice: push tag.\n\n" +
		"## M0 — Baseline\n\n### M0.1 Capture the contract\n\nWork.\n\n## M1 — Pages\n\n### Wave A\n\nWork.\n\n### Wave B\n\nWork.\n\n## M2 — Release\n\n### M2.1 Tag\n\nWork.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 Capture the contract closed", "1.1 Wave A closed", "1.2 Wave B open", "2.1 Tag open"}, units(p))
}

// A README, in Portuguese too, whose only work is a few boxes under its
// Roadmap section is refused; a work heading that ends in a word of
// checking ("Implementation Verification") is no work section, so a test
// report's numbered checks are not units (heldout16 399, 412).
func TestReadmeRoadmapAndVerificationSection(t *testing.T) {
	p := Parse("README.md", []byte("# 💰 Saldo.io\n\n## ✨ Principais Funcionalidades\n\n- rápido\n\n## 🚀 Como Rodar Localmente\n\n1. clone\n2. run\n\n## 🗺️ Roadmap\n\n- [ ] Relatórios\n- [ ] Integração Bancária\n- [ ] Exportação\n\n## 🤝 Contribuição\n\nPRs.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "the only work the closest reading finds is the items of one of its sections: a README's word on what the project plans, not a plan")

	// A plan's title keeps it a plan.
	p = Parse("p.md", []byte("# Recreation Plan\n\n## Features\n\nx\n\n## Installation\n\ny\n\n## Implementation Priority\n\n1. Core\n2. UI\n3. Polish\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)

	p = Parse("p.md", []byte("# Test Execution Summary - Design Alignment\n\n## Executive Summary\n\nAll pass.\n\n## Implementation Verification\n\n### Components Verified ✅\n\n1. Header\n2. Footer\n3. Sidebar\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Empty(t, p.Sprints)
}

// In a roadmap, the top-level bullets of its one section that names the
// roadmap are the units, the bullets of its other sections its text
// (heldout16 402).
func TestRoadmapSectionBullets(t *testing.T) {
	src := "# PrivyDrop 项目路线图\n\n## 简介\n\n- 目标：轻盈\n- 现状：可用\n\n## 路线图\n\n- P0 代码优化与瘦身\n\n  - 架构收敛\n  - 冗余清理\n\n- P0 最小测试集\n\n  - 单元测试\n\n- P1 文档与部署一致性\n\n## 完成定义\n\n- P0 代码优化与瘦身\n- P0 最小测试集\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 P0 代码优化与瘦身 open", "1.2 P0 最小测试集 open", "1.3 P1 文档与部署一致性 open"}, units(p))
	assert.Equal(t, `items | units: "- {title} under ## 路线图"`, chosen(p))
}

// In a plan or backlog, where two in three headings of a level carry a
// Status field of their own (in a bullet too: "- **状態**: 実装済み"),
// every heading of that level is a unit, as its field says; Japanese
// 対応済み says done and 保留 sets the item aside (heldout16 405).
func TestStatusFieldHeadings(t *testing.T) {
	src := "# バックログ\n\n## 統合済み\n\n### セーフモード\n\n- **状態**: 実装済み\n- **概要**: x\n\n### 検索UI\n\n- **状態**: 対応済み\n\n## 保留\n\n### AsciiDoc対応\n\n- **状態**: 保留\n\n## ロードマップ\n\n### 1. クイックオープン\n\n- **状態**: 実装済み\n\n### 2. タブ操作\n\n- **概要**: y\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 セーフモード closed", "1.2 検索UI closed", "1.4 1. クイックオープン closed", "1.5 2. タブ操作 open", "1.3 AsciiDoc対応 skipped"}, units(p))
}

// A checkbox written as a table row's status ("| T1.1 | 2 | [x] | ... |")
// is as ticked as a list item's, and a column of numbers (story points)
// is no title; "Beschreibung" heads one (heldout16 414).
func TestBoxAsStatusCell(t *testing.T) {
	src := "# Product Roadmap\n\n## Phase 1: MVP\n\n| Task | SP | Status | Beschreibung |\n|---|---|---|---|\n| T1.1 | 2 | [x] | Setup |\n| T1.2 | 3 | [ ] | Screenshot |\n| T1.3 | 1 | [X] | Click |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Setup closed", "1.2 Screenshot open", "1.3 Click closed"}, units(p))
}

// A roadmap's release sections after its phases ("## v0.3: Grounding" over
// boxes) are more phases where they stand, with a warning, not units
// left out (heldout16 411).
func TestReleaseSectionsAfterPhases(t *testing.T) {
	src := "# 개발 로드맵\n\n## Phase 0: 기반\n\n- [x] a\n- [x] b\n\n## Phase 1: 코어\n\n- [ ] c\n- [ ] d\n- [ ] e\n\n## v0.3: Grounding\n\n- [ ] f\n- [ ] g\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 a closed", "0.2 b closed", "1.1 c open", "1.2 d open", "1.3 e open", "2.1 f open", "2.2 g open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `14:1: "v0.3: Grounding" is no phase but holds tasks, so it is read as phase 2, where it stands`)
}

// A task item with a list of ids is read by its first id; one whose id the
// reading cannot read is named in a warning, never dropped in silence
// ("T007(a)", an OpenSpec "1.2.1" among "1.2" tasks); a group's "17." and
// "800+ LOC" are no such ids.
func TestUnreadTaskIDs(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks: X\n\n## Phase 1: Setup\n\n- [ ] T001 Create tree\n- [ ] T002, T003 Wire both\n- [ ] T004/T005 Split\n- [ ] T007(a) Odd\n- [ ] T008 Last\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create tree open", "1.2 Wire both open", "1.4 Split open", "1.8 Last open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `8:1: checkbox item "T007(a) Odd" opens with a task id this reading cannot read, so it is not compiled: write the id, a space and the title ("T012 Title")`)
	p = Parse("tasks.md", []byte("# Tasks: X\n\n## Phase 1: Setup\n\n- [x] T030 Browser\n- [x] T030.2~T030.6: Browser tools v2\n"))
	assert.Equal(t, []string{"1.30 Browser closed", "1.30b Browser tools v2 closed"}, units(p))

	p = Parse("tasks.md", []byte("## 1. Foundation\n\n- [x] 1.1 Add DI container\n- [x] 1.2 Build the shell\n- [x] 1.2.1 Implement the screens\n- [ ] 1.3 Define models\n- [ ] 800+ LOC of tests\n\n## 2. Sources\n\n- [ ] 2.1 Local source\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	var got []string
	for _, m := range msgs(p, Warning) {
		if strings.Contains(m, "opens with a task id") {
			got = append(got, m)
		}
	}
	assert.Equal(t, []string{`5:1: checkbox item "1.2.1 Implement the screens" opens with a task id this reading cannot read, so it is not compiled: write the id, a space and the title ("1.1 Title")`}, got)
}

// A handout whose one unit is its own title, titled as an overview
// (全体像), is refused; and a document in which nothing reads as a unit is
// refused as not a plan, not for its labels ("**Timeout:** 300s" in a
// design) read as the plan's settings (heldout17 441, 433).
func TestOverviewTitleAndLabelsOfNonPlans(t *testing.T) {
	p := Parse("p.md", []byte("# Day 0: Speckit開発ワークフロー全体像\n\n## この資料について\n\n説明。\n\n## 主要なコマンド\n\n### 1️⃣ specify\n\n説明。\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Day 0: Speckit開発ワークフロー全体像" says it is a tutorial or example, and the only unit the closest reading finds is that title`)

	p = Parse("p.md", []byte("# Workflow\n\n## Phase Details\n\n### REVIEW\nHuman approves.\n\n**Timeout:** 300s (configurable)\n\n### DEV\nDev.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: no heading, list item or table row reads as a unit of work")
}

// A roadmap whose sections say Completed, Ideas and Won't Have (MoSCoW's
// words too) reads its bullets by those states; the Won't Have bullets are
// set aside (heldout17 442).
func TestIdeasAndWontHaveSections(t *testing.T) {
	src := "# Roadmap\n\n## Completed (from original PRD)\n\n- Core workflow\n- Human intervention\n\n## Ideas (Unprioritized)\n\n- **Code Review Agent**: review\n- **Mock mode**: flag\n\n## Won't Have\n\n- **Temporal**: overkill\n\n## Lessons Learned\n\n1. **Good**: fast\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Core workflow closed", "1.2 Human intervention closed", "1.3 Code Review Agent: review open", "1.4 Mock mode: flag open"}, units(p))
}

// A QA report whose only boxes are its approval checklist, an
// implementation summary whose task headings stand under a section of
// work done (Vietnamese "Những gì đã thực hiện"), and a lab for learners
// with learning goals and a Tasks list are refused (heldout18 447, 452,
// 458).
func TestApprovalSummaryAndLab(t *testing.T) {
	for _, c := range []struct{ src, says string }{
		{"# Final Quality Assurance Report — Docs v1.2.5\n\n## Summary\n\nAll good.\n\n## 📋 Final Approval Checklist\n\n- [x] README reviewed\n- [x] Links checked\n- [x] Security reviewed\n",
			"its only checkboxes (from line 9) stand under criteria headings"},
		{"# Feature 05: Dark Mode — Implementation Summary\n\n## Trạng thái: DONE ✅\n\n## Những gì đã thực hiện\n\n### Task 1: Tailwind variant\n\n- added\n\n### Task 2: Theme type\n\n- added\n\n### Task 3: Composable\n\n- added\n",
			`the units the closest reading finds are under "Những gì đã thực hiện", a section of work already done`},
		{"# Lab 01: Deploy a Static Site\n\n## Scenario\n\nYou run a site.\n\n## Learning Goals\n\n- deploy\n\n## Tasks\n\n1. Create a bucket\n2. Upload the files\n3. Open the URL\n\n## Stretch Exercises\n\n- add TLS\n",
			`it is an exercise for learners (its title "Lab 01: Deploy a Static Site" and "learning goals" (line 7))`},
	} {
		p := Parse("p.md", []byte(c.src))
		require.Len(t, msgs(p, Error), 1, c.src)
		assert.Contains(t, msgs(p, Error)[0], c.says)
	}
}

// A checklist with no box whose section says it is gone through at every
// change ("Before Committing Any Changes") is a routine, refused; a
// release checklist with no such section stays a plan (heldout19 472,
// heldout16 396).
func TestRoutineChecklist(t *testing.T) {
	p := Parse("p.md", []byte("# Task Completion Checklist\n\n## Before Committing Any Changes\n\n### 1. Code Quality Checks\n\n```bash\npnpm lint\n```\n\n### 2. Type Safety\n\n```bash\npnpm typecheck\n```\n\n### 3. Testing\n\n```bash\npnpm test\n```\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Task Completion Checklist" and the section "before committing any changes" at line 3 say it is a routine, gone through again for every change, and no box in it records a pass: its headings are steps to repeat, not work to compile`)

	p = Parse("p.md", []byte("# Release Checklist\n\n## Before Tagging\n\n### 1. Bump the version\n\n- edit\n\n### 2. Changelog\n\n- write\n\n### 3. Tag\n\n- push\n"))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A bad value in a front matter that holds as many keys of other tools as
// settings (a knowledge base's slug beside role) is a warning, and the
// plan compiles without it; beside document keys alone it stays an error
// (heldout19 474, testdata/plans/real-error-settings.md).
func TestSharedFrontMatter(t *testing.T) {
	body := "\n# Roadmap\n\n## Phase 1: A\n\n### Sprint 1.1: B\n\n- do\n"
	p := Parse("p.md", []byte("---\nslug: roadmap\ntitle: Roadmap\nrole: milestones\n---\n"+body))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{`4:1: settings: role "milestones": want one of planner, splitter, engineer, reviewer, doc, ssot_curator, designer; ignored: the front matter is shared with other tools (slug)`}, msgs(p, Warning)[1:])
	assert.Len(t, p.Sprints, 1)

	p = Parse("p.md", []byte("---\ntitle: Roadmap\nrole: milestones\n---\n"+body))
	assert.Equal(t, []string{`3:1: settings: role "milestones": want one of planner, splitter, engineer, reviewer, doc, ssot_curator, designer`}, msgs(p, Error))
}

// Russian unit and status words: "### Iter N — Title. ✅ ПРОЙДЕНО (date)"
// units, done; a tutorial titled in its front matter alone ("title:
// Руководство ...") over "## Шаг N" steps is refused (heldout19 484,
// heldout10 263).
func TestRussianIterationsAndFrontMatterTitle(t *testing.T) {
	p := Parse("p.md", []byte("# Roadmap\n\n## Итерации\n\n### Iter 0 — Спайк. ✅ ПРОЙДЕНО (2026-06-28)\n\n- **Гейт:** точен\n\n### Iter 1 — CLI MVP. ✅ РЕАЛИЗОВАНО (v0.6.0)\n\n- **Гейт:** карта\n\n### Iter 2 — Демон. ⚠ ЧАСТИЧНО\n\n- **Гейт:** демон\n\n### Iter 3 — Память.\n\n- **Гейт:** память\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Спайк closed", "1.1 CLI MVP closed", "1.2 Демон open", "1.3 Память open"}, units(p))

	p = Parse("p.md", []byte("---\ntitle: Руководство по первому артефакту\n---\n\n## Что вы создадите\n\nPRD.\n\n## Шаг 1 — Инициализация\n\n- init\n\n## Шаг 2 — Роутинг\n\n- route\n\n## Шаг 3 — Shape\n\n- shape\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Руководство по первому артефакту" says it is a tutorial or example, and nothing in it speaks of work to do: its steps are for a reader to follow`)
}

// A task ticked under a phase marked deferred keeps its tick: done, with
// a warning; the phase's open tasks are skipped (heldout19 479).
func TestTickedTaskUnderSkippedPhase(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks: MCP\n\n## Phase 1: Setup ✅\n\n- [X] T001 Init\n- [X] T002 Config\n\n## Phase 2: US3 ⏸️ DEFERRED\n\n- [~] T003 [P] Tests (SKIPPED - not available)\n- [X] T004 Stub handler\n- [ ] T005 Real handler\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Init closed", "1.2 Config closed", "2.4 Stub handler closed", "2.3 Tests skipped", "2.5 Real handler skipped"}, units(p))
	assert.Contains(t, msgs(p, Warning), "11:1: T004 (unit 2.4) is checked under phase 2, which is skipped (marked DEFERRED): read as done")

	// A ticked task that says it was set aside too stays skipped
	// (heldout20 509).
	p = Parse("tasks.md", []byte("## 1. Core\n\n- [x] 1.1 Client\n- [x] 1.2 Context\n\n## 2. Cleanup (Deferred)\n\n- [x] ~~2.1 Remove the registry~~ (deferred)\n- [x] 2.2 Update exports (deferred)\n- [ ] 2.3 Migration guide\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Client closed", "1.2 Context closed", "2.1 Remove the registry skipped", "2.2 Update exports skipped", "2.3 Migration guide skipped"}, units(p))
}

// An open box over sub-boxes ticked or left open as deferred stays open:
// the unit's own box and the deferred ones agree its work is not all done
// (heldout19 489 5.1); a ticked box over deferred sub-boxes stays done.
func TestOpenBoxOverDeferredSubBoxes(t *testing.T) {
	p := Parse("tasks.md", []byte("## 1. Rollout\n\n- [x] 1.1 Ship\n  - [x] 1.1.1 Build\n  - [ ] 1.1.2 Docs (deferred to post-rollout)\n- [ ] 1.2 Monitor\n  - [x] 1.2.1 Review metrics\n  - [ ] 1.2.2 Analyze patterns (deferred - requires data)\n- [ ] 1.3 Tune\n  - [x] 1.3.1 Thresholds\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Ship closed", "1.2 Monitor open", "1.3 Tune closed"}, units(p))
}

// A roadmap's sections by theme ("Core Features", "Technical Debt") that
// say nothing of how their work stands hold work still to do, beside
// sections that do say (Completed, Future Ideas); a themed section alone
// makes no reading: an audit's Tech Debt is what it found (heldout19 477,
// dev 25).
func TestThemedSections(t *testing.T) {
	p := Parse("p.md", []byte("# Roadmap\n\n## Core Features\n- **Config** - a file\n- **AGENTS.md** - support\n\n## Future Ideas\n- **Deps** - ordering\n\n## Out of Scope\n- Registry\n\n## Completed\n- ~~**Compile**~~ - embed *(Completed: v1.0)*\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Config - a file open", "1.2 AGENTS.md - support open", "1.3 Deps - ordering open", "1.4 Compile - embed (Completed: v1.0) closed"}, units(p))

	p = Parse("p.md", []byte("# HLD - TODO\n\n## Features (Planned)\n\n### Bulk endpoint\n\n**Priority**: High\n\n### Search\n\n**Priority**: Low\n\n## Technical Debt\n\n### Event bus\n\n**Priority**: Medium\n\n## Future Features\n\n### Streaming\n\n**Priority**: Low\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)

	p = Parse("p.md", []byte("# Milestone Audit: v1.2.0 Polish\n\n## Requirements Coverage\n\nAll met.\n\n## Tech Debt\n\n### New (from v1.2.0)\n\n- one\n\n### Pre-existing\n\n- two\n\n## Conclusion\n\nShip.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "p.md is not a plan: no heading, list item or table row reads as a unit of work")
}

// Numbered headings that each carry a status mark are tracked work,
// whatever the title; "3b." is an item put in after 3, sequenced after
// it; the mark before the number closes the unit, in a declared "###
// {title}" reading too; Italian RISOLTO is done (heldout18 457).
func TestMarkedNumberedHeadings(t *testing.T) {
	src := "# Lacune — cosa manca\n\n## Critico\n\n### ✅ 1. Nessuna autenticazione — RISOLTO in 0.2.0\n\ntesto\n\n### ✅ 2. Manca DatiBollo — RISOLTO in 0.2.0\n\ntesto\n\n### ✅ 3. Solo TD01 — RISOLTO in 0.2.0\n\ntesto\n\n### ✅ 3b. Schema scaduto — RISOLTO in 0.2.0\n\ntesto\n\n## Alta\n\n### 4. Il cedente — da fare\n\ntesto\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title}"`, chosen(p))
	var ids []string
	for _, s := range p.Sprints {
		ids = append(ids, s.ID+" "+s.Status.Value)
	}
	assert.Equal(t, []string{"1.1 closed", "1.2 closed", "1.3 closed", "1.3b closed", "1.4 "}, ids)

	p = ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: `units: "### {title}"`, From: "--reading"}})
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "closed", p.Sprints[0].Status.Value)
	assert.Empty(t, p.Sprints[4].Status.Value)
}

// A file of areas, each its own "# Area" with bare lines under it, is
// one declared line away: its readings list every level-1 heading
// (heldout18 459).
func TestLevelOneAreasHint(t *testing.T) {
	p := Parse("TODO.md", []byte("# チャンネル数チェック\n\n状態: 未対応\n\n# USB Hub\n\n残作業:\nハブ対応\n\n# USB Audio\n\n残作業:\n再生\n"))
	var lines []string
	for _, c := range p.Candidates {
		lines = append(lines, c.Declare)
	}
	assert.Contains(t, lines, `units: "# {title}"`)
}

// One phase heading at a higher level that holds none of the many phase
// headings of a deeper level ("## Phase 31+ — Shield" after "### Phase 1"
// to "### Phase 3") is a section of its own; the deeper level is the
// phases' (heldout20 512).
func TestLonePhaseAside(t *testing.T) {
	p := Parse("p.md", []byte("# 開発ロードマップ\n\n## Implementation phases\n\n### Phase 1 — Probe MVP ✅\n\n- proxy\n\n### Phase 2 — Gate MVP ✅\n\n- gate\n\n### Phase 3 — Filter ✅\n\n- filter\n\n## Phase 31+ — Shield（計画）\n\n| Phase | Title |\n|---|---|\n| 31 | Redact |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Probe MVP closed", "2.1 Gate MVP closed", "3.1 Filter closed"}, units(p))

	// A lone phase that holds the deeper ones stays the phase level.
	p = Parse("p.md", []byte("# Plan\n\n## Phase 6 — Rename\n\n### Step 1: A\n\n#### Phase 1: Canary\n\n- x\n\n#### Phase 2: Ramp\n\n- y\n\n#### Phase 3: Full\n\n- z\n\n### Step 2: B\n\n- w\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, 6, p.Sprints[0].Phase.Num)
}

// Numbered headings under sections that say done and still to do are a
// tracked list, each unit as its section says; their bullets are their
// text, not the status lists' units. A report of done work alone stays
// refused (heldout20 503, heldout 38).
func TestNumberedHeadingsUnderStatusSections(t *testing.T) {
	p := Parse("p.md", []byte("# Fixes Completed and Remaining\n\n## ✅ COMPLETED FIXES\n\n### 1. Landing Page Year\n- ✅ Changed\n- **File:** a.tsx\n\n### 2. Go Back Button\n- ✅ Added\n\n## 🔄 REMAINING WORK\n\n### 3. Spooky Theme\n**What's needed:**\n- colours\n- fonts\n\n### 4. List View\n- columns\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Landing Page Year closed", "1.2 Go Back Button closed", "1.3 Spooky Theme open", "1.4 List View open"}, units(p))

	p = Parse("p.md", []byte("# ✅ Codespace Stopping Issue - RESOLVED\n\n## 🎯 Problem Statement\n\nIt stopped.\n\n## ✅ Implemented Solutions\n\n### 1. Architecture Changes\n\n- lighter\n\n### 2. Timeout Protection\n\n- timeouts\n\n### 3. Error Tolerance\n\n- continue\n"))
	require.Len(t, msgs(p, Error), 1)
}

// A roadmap by horizons: the themes under "# Próximamente", "# Mediano
// Plazo", "# Largo Plazo" are its units, one after another; a horizon with
// no theme is one unit; "format: horizons" declares it (heldout20 493,
// heldout17 424).
func TestHorizons(t *testing.T) {
	src := "# Hoja de Ruta\n\n## Estado Actual\n\n- PNG Stealth\n- JPEG\n\n# Próximamente\n\n## Mejoras de Resistencia\n\n- compresión\n\n## Herramientas\n\n- métricas\n\n# Mediano Plazo\n\n## Audio\n\n- fase\n\n# Largo Plazo\n\n- redes\n- vídeo\n\n# Estado del Proyecto\n\nInvestigación.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: horizons", chosen(p))
	assert.Equal(t, []string{"1.1 Mejoras de Resistencia open", "1.2 Herramientas open", "1.3 Audio open", "1.4 Largo Plazo open"}, units(p))

	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: "format: horizons", From: "--reading"}})
	require.Empty(t, msgs(q, Error))
	assert.Equal(t, units(p), units(q))
	assert.Equal(t, "format: horizons", q.Candidates[0].Declare)
}

// A Kiro task kept as a unit beside its flush-left sub-tasks (it has work
// of its own), its box open and every sub-task ticked, is done, with a
// warning (heldout20 494).
func TestKiroTaskDoneBySubtasks(t *testing.T) {
	p := Parse("tasks.md", []byte("# Implementation Plan\n\n## Tasks\n\n- [ ] 1. Set up the client\n  - Create the API client\n\n- [x] 1.1 Create the client\n\n- [x] 1.2 Create the generator\n\n- [ ] 2. Orchestrate\n  - Create the service\n\n- [x] 2.1 Service\n\n- [ ] 2.2 Status polling\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Set up the client closed", "1.2 Create the client closed", "1.3 Create the generator closed", "1.4 Orchestrate open", "1.5 Service closed", "1.6 Status polling open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "5:1: task 1 (unit 1.1) is not checked, but its 2 sub-tasks are (from line 8): read as done; tick it, or untick a sub-task")
}

// A status, span or date in parentheses between a phase's id and its
// title ("## Phase 1 (shipped) — groundwork") goes after the title; the
// phase reads, done by its marker (heldout20 502).
func TestPhaseParenthesisBeforeTitle(t *testing.T) {
	p := Parse("p.md", []byte("# MCP spec preparation\n\n## Phase 1 (shipped) — task-model groundwork\n\nNotes.\n\n- mapping\n\n## Deprecated-feature audit (clean)\n\nNone.\n\n## Phase 2 (shipped) — Tasks wire\n\n- handlers\n\n## Phase 3 (on stable v2) — migrate shape\n\n- migrate\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 task-model groundwork closed", "2.1 Tasks wire closed", "3.1 migrate shape (on stable v2) open"}, units(p))
}

// A workshop day's handout with today's goals and assignments by
// difficulty (追加課題) is material for learners, refused (heldout21 530).
func TestJapaneseWorkshopHandout(t *testing.T) {
	p := Parse("p.md", []byte("# Day 2: タスク分解と実装\n\n## 🎯 今日のゴール\n\n- 実装する\n\n## 1️⃣ プロジェクト構成の確認（30分）\n\n### 1.1 ディレクトリ構造\n\n- a\n\n### 1.2 使用する主要ライブラリ\n\n- b\n\n## 4️⃣ 難易度別の追加課題\n\n### 🟢 基本（必須）\n\n- c\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is an exercise for learners ("今日のゴール" (line 3), "難易度別の追加課題" (line 17))`)
}

// "except" in capitals among words that are not, at a list's end, is a
// name ("UNION, INTERSECT, and EXCEPT"), not an exception to done; "except
// for" still is one (heldout21 520).
func TestExceptAsKeyword(t *testing.T) {
	assert.Equal(t, StatusClosed, readStatus("complete for UNION ALL, UNION, INTERSECT, and EXCEPT.").status)
	assert.Equal(t, StatusInProgress, readStatus("Complete except for JPY rounding").status)
	assert.Equal(t, StatusInProgress, readStatus("COMPLETE EXCEPT DOCS").status)
}

// A done marker after a word of part ("— PARTIALLY SHIPPED") says the
// work is under way, and both leave the title (heldout21 539).
func TestPartiallyShipped(t *testing.T) {
	p := Parse("p.md", []byte("# Pool\n\n## Implementation Phases\n\n### Phase 1: Stop the bleeding — SHIPPED\n\n- a\n\n### Phase 2: Pool initialization — DEFERRED\n\n- b\n\n### Phase 3: One-time cleanup — PARTIALLY SHIPPED\n\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Stop the bleeding closed", "3.1 One-time cleanup in_progress", "2.1 Pool initialization skipped"}, units(p))
}

// Headings of capitals glued to whole numbers counting up ("### T0 基线",
// "### T1 ...") under a section about the work are its units, with no
// colon after the id; "P1 bugs first" alone is not (heldout21 525).
func TestGluedWholeIDsUnderTasks(t *testing.T) {
	p := Parse("p.md", []byte("# OpenCode Plugin 接入计划\n\n## Goal\n\n目标。\n\n## Tasks\n\n### T0 基线与契约校准\n\n- a\n\n### T1 实现运行时\n\n- b\n\n### T2 实现耐久能力\n\n- c\n\n## Risks\n\n- r\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### T{n} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 3)

	p = Parse("p.md", []byte("# Notes\n\n## Tasks\n\n### P1 bugs first\n\n- a\n\n### P2 later\n\n- b\n"))
	for _, c := range p.Candidates {
		assert.NotEqual(t, `units: "### P{n} {title}"`, c.Declare)
	}
}

// A GSD roadmap's phase left unticked, whose details say "**Status**:
// Done" (after its success criteria) and whose progress row says
// Complete, is done, with a warning; one of the two alone leaves it open
// (heldout21 527).
func TestGSDStatusAndProgressRow(t *testing.T) {
	src := "# Roadmap: feynman\n\n## Phases\n\n- [x] **Phase 14: Corpus** — expand\n- [ ] **Phase 15: Budget** — free bytes\n- [ ] **Phase 16: Rules** — candidates\n\n## Phase Details\n\n### Phase 14: Corpus\n**Goal**: ready\n**Depends on**: Nothing\n**Success Criteria**:\n  1. `jq` returns 50\n**Plans**: 1/1 complete\n**Status**: Done — commit 50e65b7\n\n### Phase 15: Budget\n**Goal**: smaller\n**Depends on**: Phase 14\n**Success Criteria**:\n  1. `wc -c` under 4096\n**Plans**: 1/1 complete\n**Status**: Done — cut 1\n\n### Phase 16: Rules\n**Goal**: four files\n**Depends on**: Phase 15\n**Status**: Done — created\n\n## Progress\n\n| Phase | Milestone | Plans Complete | Status | Completed |\n|---|---|---|---|---|\n| 14. Corpus | v0.5.0 | 1/1 | Complete | 2026-05-11 |\n| 15. Budget | v0.5.0 | 1/1 | Complete | 2026-05-11 |\n| 16. Rules | v0.5.0 | 0/1 | In Progress | |\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Corpus closed", "1.2 Budget closed", "1.3 Rules open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "6:1: phase 15 is not ticked, but its details say it is done and so does the progress table: read as closed")
}

// Korean: 출시 (shipped) says done, 철회 (withdrawn) sets aside; 표기
// (notation) names a legend line (heldout20 496).
func TestKoreanShippedWithdrawn(t *testing.T) {
	assert.Equal(t, StatusClosed, readStatus("출시").status)
	assert.Equal(t, statusSkipped, readStatus("철회").status)
	assert.True(t, legendNames["표기"])
}

// The steps of a kind of work ("## Migration Steps", "## Remaining Tasks")
// name a section of the plan's work; "## Installation Steps" does not
// (heldout22 563).
func TestKindOfWorkSteps(t *testing.T) {
	assert.True(t, workHeading("Migration Steps"))
	assert.True(t, workHeading("Remaining Tasks"))
	assert.False(t, workHeading("Installation Steps"))
	p := Parse("p.md", []byte("# Migration Plan: Bun\n\n## Overview\n\nMove.\n\n## Migration Steps\n\n1. **Remove Rust** - delete lib\n2. **Restructure** - move\n3. **Test locally** - load\n\n## Benefits\n\n1. **Less code** - no WASM\n2. **Types** - zod\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "{n}. {title} under ## Migration Steps"`, chosen(p))
}

// Section titles written without spaces say how their work stands
// (最近已完成 done, 进行中 under way, 计划中 planned, 延期 deferred: its
// bullets are skipped units); 当前状态 and 相关文档 hold no work (heldout22
// 558).
func TestChineseStatusSections(t *testing.T) {
	p := Parse("ROADMAP.zh-CN.md", []byte("# 路线图\n\n## 当前状态\n\n- 稳定版 v1.2\n- 最新补丁\n\n## 进行中：v1.2.x 维护事项\n\n- 改进 release 校验\n\n## 延期：PyPI\n\n- 发布到 PyPI\n\n## 计划中：v1.3 产品能力\n\n- 指标视图\n\n## 最近已完成\n\n- 已启用 Discussions\n\n## 相关文档\n\n- [发布说明](x.md)\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 改进 release 校验 open", "1.3 指标视图 open", "1.4 已启用 Discussions closed", "1.2 发布到 PyPI skipped"}, units(p))
}

// A phase or unit word followed by a number in Chinese numerals
// ("## 5. 阶段一：先建立合同测试") reads as its number (heldout22 552).
func TestChineseNumerals(t *testing.T) {
	assert.Equal(t, "12", hanNumber("十二 b"))
	assert.Equal(t, "23", hanNumber("二十三"))
	assert.Equal(t, "", hanNumber("x一"))
	sh := readShape("阶段一：先建立 lite 合同测试")
	assert.Equal(t, shapePhase, sh.kind)
	assert.Equal(t, "1", sh.id)
	p := Parse("p.md", []byte("# 重构实施计划\n\n## 1. 目标\n\n说明。\n\n## 5. 阶段一：合同测试\n\n- a\n\n## 6. 阶段二：迁移\n\n- b\n\n## 7. 阶段三：实现\n\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A work section's boxes ("### Tasks") beside sibling sections that hold
// boxes too ("### Bugs", "### Chores") are one kind of the work: the
// plan's boxes are its units (heldout22 547, a beads TODO.md).
func TestWorkSectionAmongBoxedSiblings(t *testing.T) {
	p := Parse("TODO.md", []byte("# TODO\n\n## Open\n\n### Bugs\n\n- [ ] [#todo-g354] Rewrite templates - *bug, P1*\n\n### Tasks\n\n- [ ] [#todo-es3r] Add extract - *task, P1*\n- [ ] [#todo-4y3r] Create templates - *task, P1*\n\n### Chores\n\n- [ ] [#todo-h2i6] Missing tests - *chore, P2*\n\n## Recently Completed\n\n- [x] [#todo-2tj0] Pagination - *closed 2025-12-25*\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 5)
}

// A document section numbered as the phase is ("## 4. Technical
// Specifications" after "### Phase 4: ...") holds its own "### 4.1"
// subsections: they do not carry phase 4 on (heldout22 551).
func TestNumberedSectionNotPhaseUnits(t *testing.T) {
	p := Parse("p.md", []byte("# Game - Development Plan\n\n## 2. Development Phases\n\n### Phase 1: MVP (Week 1)\n\n1. Canvas\n2. Loop\n\n### Phase 4: Workshop (Week 4)\n\n1. Issues\n\n## 4. Technical Specifications\n\n### 4.1 Canvas Configuration\n\n- 800x400\n\n### 4.2 Physics Constants\n\n- gravity\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 MVP open", "4.1 Workshop open"}, units(p))
}

// A design document that ends in "## Phase N" with "### Task N.M: Add ..."
// headings plans its work, though each task says what to do in a sentence
// with no list under it (heldout24 598); algorithm phases with no work
// word under them are still refused.
func TestDesignDocEndingInTasks(t *testing.T) {
	p := Parse("p.md", []byte("# Slack Polling Design\n\n## Architecture\n\nA poller.\n\n## Phase 1: Config\n\n### Task 1.1: Add scope\n\nUpdate the template.\n\n## Phase 2: Polling\n\n### Task 2.1: Add poll_messages\n\nAdd the method.\n\n### Task 2.2: Add classify\n\nAdd the table.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Add scope open", "2.1 Add poll_messages open", "2.2 Add classify open"}, units(p))
	p = Parse("p.md", []byte("# Solver Design\n\n## Architecture\n\nA solver.\n\n## Phase 1: Presolve\n\nThe presolve drops rows.\n\n## Phase 2: Search\n\nThe search branches.\n\n## Phase 3: Polish\n\nThe polish rounds.\n"))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "Solver Design" says it is a design document, and the closest reading finds no units of work, only phase headings; the closest reading, each level-2 phase heading is one unit of work (3 units, first at line 7), was not taken; if it is a plan, declare that reading in its front matter: units: phases`}, msgs(p, Error))
}

// "### PR 1: Staging Refactor": a plan split into pull requests names its
// units PR (heldout23 571); "K5A" between "K5" and "K6" is an item put in
// after K5 (heldout24 594).
func TestPullRequestUnits(t *testing.T) {
	p := Parse("p.md", []byte("# Conan Plan\n\n## Context\n\nGoals.\n\n## PR Sequence\n\n### PR 1: Staging Refactor *(already done, needs commit)*\n\n**Status**: complete\n\n### PR 2: CMake Infrastructure\n\n- files\n\n### PR 3: Target Rename\n\n- files\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte("# API v2 execution plan\n\n## PRs\n\n### K4 — Runtime gRPC\n\n- a\n\n### K5 — Instances\n\n- b\n\n### K5A — Adopt templates\n\n- c\n\n### K6 — Suspend\n\n- d\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"11.4 Runtime gRPC open", "11.5 Instances open", "11.5a Adopt templates open", "11.6 Suspend open"}, units(p))
}

// A numbered "## Next Steps" list restates the open work of a plan whose
// checkboxes, twice as many or more, are the work (heldout24 610: its five
// next steps were read as the plan's units over 42 boxes).
func TestNextStepsUnderBoxes(t *testing.T) {
	p := Parse("TASKS.md", []byte("# Project Tasks and Status\n\n## Completed Tasks ✅\n\n### Core\n\n- [x] Build the API\n- [x] Add retries\n- [x] Add logging\n\n## In Progress 🚧\n\n- [ ] Tune the pool\n- [ ] Add metrics\n\n## Next Steps 🎯\n\n1. Tune the pool\n2. Add metrics\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Build the API closed", "1.2 Add retries closed", "1.3 Add logging closed", "1.4 Tune the pool open", "1.5 Add metrics open"}, units(p))
}

// A document whose one unit heading is its title ("# Sprint 1 —
// Foundation Runtime") has its units in the numbered list of its work
// section ("## Задачи", tasks), three or more (heldout23 572).
func TestOneSprintDocumentTasks(t *testing.T) {
	assert.True(t, workHeading("Задачи"))
	assert.True(t, workHeading("Priorità pratiche"))
	p := Parse("sprint1.md", []byte("# Sprint 1 — Foundation Runtime\n\n## Цель спринта\n\nКаркас.\n\n## Задачи\n\n1. [Task 1.1 — Module Layout](./task01.md)\n2. [Task 1.6 — Build System](./task06.md)\n3. [Task 1.2 — Core Loop](./task02.md)\n\n## Definition of Done\n\n- builds\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "{n}. {title} under ## Задачи"`, chosen(p))
	assert.Len(t, p.Sprints, 3)
}

// A section of meeting notes ("## Weekly Meeting Notes" over dated
// headings) makes a record of meetings, whatever to-do list one meeting
// ticked (heldout23 581); step headings a third of which happen by
// themselves ("### Schritt 4: Registrierung (automatisch)") tell how a
// workflow runs (heldout23 569).
func TestMeetingNotesAndAutomaticSteps(t *testing.T) {
	p := Parse("notes.md", []byte("**Table of Contents**\n\n## Weekly Meeting Notes\n\n### 12-Apr-2022\n\nTo-Do list before closing the project:\n\n- [x] Upload the code\n- [x] Write the report\n\n### 22-Mar-2022\n\nDiscussed the camera.\n"))
	assert.Equal(t, []string{`1:1: notes.md is not a plan: it is the minutes of meetings (its section "weekly meeting notes" (line 3)): it records what was decided or said, and its list items are not work to compile; the closest reading, units are the plan's checkbox items (2 units, first at line 9), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
	p = Parse("howto.md", []byte("# Plugin-Workflow: Neues Plugin\n\n## Workflow\n\n### Schritt 1: Ordner anlegen\n\n- mkdir\n\n### Schritt 2: Scanner-Klasse\n\n- class\n\n### Schritt 3: Registrierung (automatisch)\n\nDer Loader findet es.\n\n### Schritt 4: Scan (automatisch)\n\nLäuft.\n"))
	assert.Equal(t, []string{`1:1: howto.md is not a plan: 2 of its 4 steps say they happen by themselves: it tells how a workflow runs, step by step, not work to compile; the closest reading, units are level-3 "Schritt {n}: {title}" headings with no phases (4 units, first at line 5), was not taken; if it is a plan, declare that reading in its front matter: units: "### Schritt {n}: {title}"`}, msgs(p, Error))
}

// A roadmap of versions whose opening says which is released ("当前状态：
// v1.0 已发布", current status: v1.0 released) has shipped every version up
// to it, with one warning; a version that says how it stands keeps it
// (heldout23 587).
func TestReleasedVersions(t *testing.T) {
	assert.Equal(t, -1, compareVersions("0.9", "1.0"))
	assert.Equal(t, 1, compareVersions("1.10", "1.9"))
	assert.Equal(t, 0, compareVersions("1.0", "1"))
	p := Parse("ROADMAP.md", []byte("# Roadmap\n\n**Current status: v1.0 released.** Stable API.\n\n## Path to v1.0\n\n### v0.9 — Polish\n\n- errors\n\n### v1.0 — Stable\n\n- docs\n\n### v1.1 — Tests 🚧\n\n- more\n\n### v1.2 — Site\n\n- site\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 v0.9 Polish closed", "1.2 v1.0 Stable closed", "1.3 v1.1 Tests in_progress", "1.4 v1.2 Site open"}, units(p))
	assert.Equal(t, []string{`7:1: the versions up to v1.0, from "v0.9 Polish" on, are read as done: line 3 says v1.0 is released, and none of them says how it stands`}, msgs(p, Warning))
}

// Five headings of one level with a Status field of their own are tracked
// work whatever the title, and the headings of a section that sets work
// aside ("## Evaluated and Skipped") count among those that say how they
// stand (heldout23 573, refused before).
func TestStatusFieldsWithoutPlanTitle(t *testing.T) {
	var src strings.Builder
	src.WriteString("# Render Improvements\n\n## Tier 1\n\n")
	for i, st := range []string{"planned", "done", "done", "planned", "planned"} {
		fmt.Fprintf(&src, "### %d. Item %d\n\n**Status:** %s\n\nText.\n\n", i+1, i+1, st)
	}
	src.WriteString("## Evaluated and Skipped\n\n### Suballocation\n\nNot worth it.\n\n### Multi-draw\n\nNo.\n")
	p := Parse("p.md", []byte(src.String()))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 5)
	assert.Len(t, p.Skipped, 2)
	p = Parse("p.md", []byte(strings.Replace(src.String(), "**Status:** planned\n\nText.\n\n### 5.", "Text.\n\n### 5.", 1)))
	assert.NotEqual(t, `headings | units: "### {title}"`, chosen(p), "four Status fields and no plan's title")
}

// A roadmap with no roadmap section lists its goals ("### 项目目标", the
// project's goals): the top-level bullets of its goals section with the
// most, three or more, are its units (heldout23 567, refused before).
func TestRoadmapGoalsSection(t *testing.T) {
	p := Parse("ROADMAP_CN.md", []byte("# ESP-IDF 项目路线图 2026\n\n## 项目总览\n\n### 项目目标\n\n* 新芯片支持\n\n\t* H21\n\t* H4\n\n* 发布版本\n\n\t* v6.0\n\n* Bugfix 版本\n\n\t* v5.2.7\n\n### 路线图细节\n\n* 新芯片支持\n\n\t* 量产\n\n## 发布计划\n\n说明。\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- {title} under ### 项目目标"`, chosen(p))
	assert.Equal(t, []string{"1.1 新芯片支持 open", "1.2 发布版本 open", "1.3 Bugfix 版本 open"}, units(p))
}

// Milestones in German, Spanish and French are units: "### Meilenstein 1
// — Cloud Control API 🔄" (heldout11 288, refused before), "Hito",
// "Jalon".
func TestForeignMilestoneWords(t *testing.T) {
	for _, h := range []string{"Meilenstein 1 — Cloud API", "Hito 2: Datos", "Jalon 3 : Déploiement"} {
		assert.Equal(t, shapeUnit, readShape(h).kind, h)
	}
	p := Parse("ROADMAP.md", []byte("# Roadmap — Shelly\n\n## Meilensteine\n\n### Meilenstein 0 — Grundlage  ✅\n\n- a\n\n### Meilenstein 1 — Cloud API  🔄\n\n- b\n\n### Meilenstein 2 — OAuth  ⏳\n\n- c\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Grundlage closed", "1.1 Cloud API in_progress", "1.2 OAuth open"}, units(p))
}

// With no title of its own, a document's file name may say it is a plan
// ("Projektplan.md"): its dotted headings "### 1.1 Kick-off-Meeting" are
// then its units, as a titled plan's are (heldout12 300, refused before).
func TestFileNameTitlesDottedHeadings(t *testing.T) {
	assert.Equal(t, "Projektplan", fileTitle("docs/Projektplan.md"))
	assert.Equal(t, "", fileTitle("notes.md"))
	src := []byte("**Projektplan zur Implementierung**\n\n## **1. Kick-Off**\n\n### **1.1 Kick-off-Meeting**\n\n- a\n\n### **1.2 Projektcharta**\n\n- b\n\n## **2. Design**\n\n### **2.1 Systemarchitektur**\n\n- c\n")
	p := Parse("Projektplan.md", src)
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("notes.md", src)
	assert.NotEmpty(t, msgs(p, Error))
}

// The numbered list of a work section ("### Implementation Order") beats
// unit headings under a section that describes a design ("### Approach:
// Rename and Merge" over "#### Step 1: Update utils.ts") when it holds more
// items than they are units (heldout25 625).
func TestWorkListOverDesignSteps(t *testing.T) {
	p := Parse("plan.md", []byte("# Plan: Remove the Agnostic layer\n\n## Proposed Solution\n\n### Approach: Rename and Merge\n\n#### Step 1: Update utils.ts\n\n- rename\n\n#### Step 2: Update context.ts\n\n- re-export\n\n### Implementation Order\n\n1. ✅ Create this plan\n2. ✅ Update utils.ts\n3. ✅ Update context.ts\n4. Update router.ts\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "{n}. {title} under ### Implementation Order"`, chosen(p))
	assert.Equal(t, []string{"1.1 Create this plan closed", "1.2 Update utils.ts closed", "1.3 Update context.ts closed", "1.4 Update router.ts open"}, units(p))
}

// Checkbox items with dotted ids ("- [x] **0.1** Install the SDK") three
// times as many as the unit headings the shapes reader found (two "####
// Day N" in one of the phases) are the units (heldout25 622).
func TestDottedBoxesOverFewUnitHeadings(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Go Migration Roadmap\n\n## Phase 0: Scaffolding\n\n### Tasks\n\n- [x] **0.1** Install the SDK\n- [x] **0.2** Init the project\n- [ ] **0.3** Create the API\n\n## Phase 1: Types\n\n### Tasks\n\n- [x] **1.1** Define the spec\n- [ ] **1.2** Define the status\n\n## Phase 2: Builders\n\n### Tasks\n\n#### Day 1: Core\n\n- [ ] **2.1** Build the job\n\n#### Day 2: Service\n\n- [ ] **2.2** Build the service\n- [ ] **2.3** Build the ingress\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {n}.{m} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 8)
}

// Dotted headings whose titles repeat under different parents ("### 2.1
// What it is", "### 3.1 What it is") are the sections each unit is
// written in: the headings that hold them are the units, not the
// document's other numbered sections (heldout25 616); `format:
// unit-sections` declares the reading.
func TestUnitSections(t *testing.T) {
	var src strings.Builder
	src.WriteString("# Backend Milestones Plan\n\n## 1. Big Picture\n\nA diagram.\n\n")
	for i, m := range []string{"B10 – JWT", "B13 – Findings", "B18 – Metrics"} {
		fmt.Fprintf(&src, "## %d. %s\n\n### %d.1 What it is\n\nText.\n\n### %d.2 Steps to implement\n\n1. Do it\n\n", i+2, m, i+2, i+2)
	}
	src.WriteString("## 5. Suggested Order\n\nB10 first.\n")
	p := Parse("p.md", []byte(src.String()))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: unit-sections", chosen(p))
	assert.Equal(t, []string{"1.1 B10 – JWT open", "1.2 B13 – Findings open", "1.3 B18 – Metrics open"}, units(p))
	q := ParseWith("p.md", []byte(src.String()), Options{Reading: &Declared{Line: "format: unit-sections", From: "--reading"}})
	assert.Equal(t, units(p), units(q))
	assert.Equal(t, "format: unit-sections", q.Candidates[0].Declare)
}

// Headings with ids of their own under phases with no units ("## Phase 0:
// Quick Wins" over "### ✅ P0.1: File Extension Support") are the units,
// finer than the phases; a Status field keeps its word over the ✅ in
// the title (heldout26 654).
func TestIDHeadingsUnderPhases(t *testing.T) {
	p := Parse("p.md", []byte("# Feature Branch Tracking\n\n## Phase 0: Quick Wins\n\n### ✅ P0.1: File Extensions\n\n**Status:** Not Started\n\n### ✅ P0.2: Test Detection\n\n**Status:** Not Started\n\n## Phase 1: Metadata\n\n### ✅ P1.1: Qualified Names\n\n**Status:** Not Started\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### P{n} {title}"`, chosen(p))
	assert.Equal(t, []string{"0.1 File Extensions open", "0.2 Test Detection open", "1.1 Qualified Names open"}, units(p))
}

// A checkbox item with no task id among items read by their ids ("- [ ] VF
// [VERIFY] Goal verification" after "- [ ] 3.5 ...") is not compiled, and
// a warning says so; boxes under a Definition of Done are checks, and say
// nothing (heldout26 657). Kiro's optional mark escaped ("- [ ]\* 1.3") is
// still the mark: the task is read.
func TestIdlessBoxesSaid(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks\n\n## Phase 1: Core\n\n- [x] 1.1 [P] Add intent\n- [x] 1.2 [P] Add interview\n- [ ] 1.3 Add rules\n\n## Phase 3: Gates\n\n- [ ] 3.1 Verify content\n- [ ] 3.2 Create PR\n- [ ] VF [VERIFY] Goal verification\n\n### Definition of Done\n\n- [ ] Reviewed\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {n}.{m} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 5)
	assert.Contains(t, msgs(p, Warning), `13:1: checkbox item "VF [VERIFY] Goal verification" has no task id, beside items that have one, so it is not compiled: give it the next id, or declare a reading that takes every box (units: "- [ ] {title}")`)
	it := itemText{text: `[ ]\* 1.3 Write tests`}
	assert.Equal(t, "1.3 Write tests", it.read().text)
}

// "### Quest 0.1: Protocol" is a unit (heldout27 677: its quests were
// folded into their phases, and their Dependencies lines made phase 0
// depend on itself); a status written as a fraction ("`[0.5]`") says how
// far along the work is.
func TestQuestsAndFractionStatus(t *testing.T) {
	assert.Equal(t, shapeUnit, readShape("Quest 0.1: Protocol").kind)
	assert.Equal(t, StatusInProgress, readStatus("`[0.5]`").status)
	assert.Equal(t, StatusClosed, readStatus("[1.0]").status)
	assert.Equal(t, StatusOpen, readStatus("[0.0]").status)
	assert.False(t, readStatus("[2]").known)
	p := Parse("ROADMAP.md", []byte("# ROADMAP\n\n## Phase 0: Genesis\n\n### Quest 0.1: Protocol\n- **Status:** `[1.0]`\n- **Dependencies:** None\n\n### Quest 0.2: Genesis Block\n- **Status:** `[0.5]`\n- **Dependencies:** `Quest 0.1`\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 Protocol closed", "0.2 Genesis Block in_progress"}, units(p))
}

// A document whose sections are all level-1 headings, underlined with
// "=====" ("v0.2 planned", "v0.1 released"), reads them as its status
// sections, not as titles (heldout27 681, refused before).
func TestLevelOneStatusSections(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("v0.2 planned\n============\n\n* watching templates\n* highlight chapters\n\nv0.1 released\n=============\n\n+ Chapters sorting\n+ Basic docs\n+ YAML config\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 watching templates open", "1.2 highlight chapters open", "1.3 Chapters sorting closed", "1.4 Basic docs closed", "1.5 YAML config closed"}, units(p))
}

// "Dependencies: Task 1" where the units are "## Task 1: ..." headings
// names that unit (heldout27 667: read as no sprint id before); a word and
// number that names no unit keeps the warning.
func TestDependsOnUnitByWord(t *testing.T) {
	p := Parse("p.md", []byte("# Implementation Tasks\n\n## Task 1: Foundation\n\n- [ ] 1.1 a\n\n## Task 2: API\n\n- [ ] 2.1 b\n\n## Task 3: Tests\n\n**Dependencies:** Task 1, Task 7\n\n- [ ] 3.1 c\n"))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	require.Len(t, p.Sprints[2].DependsOn, 1)
	assert.Equal(t, "1.1", p.Sprints[2].DependsOn[0].ID)
	assert.Contains(t, msgs(p, Warning), `13:1: Depends on of sprint 1.3 names "task 7", which no unit heading opens with; no dependency is added for it`)
}

// A roadmap whose horizons hold plain bullets and no theme ("## Near-Term
// Improvements", "## Later Ideas") has the bullets as its units (heldout26
// 641 read one unit per horizon); a horizon that names its theme ("## Next:
// connect agents to workflows") stays one unit, its bullets the details.
func TestHorizonBullets(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Roadmap\n\n## Current Focus\n\n- A studio.\n\n## Near-Term Improvements\n\n- Verify adapters.\n- Harden adapters.\n\n## Later Ideas\n\n- Image editing.\n- Webhooks.\n\n## Non-Goals for Now\n\n- Billing.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: horizons", chosen(p))
	assert.Equal(t, []string{"1.1 Verify adapters open", "1.2 Harden adapters open", "1.3 Image editing open", "1.4 Webhooks open"}, units(p))
	p = Parse("ROADMAP.md", []byte("# Roadmap\n\n## Near term: make it easy to try\n\n- a demo\n- a quick start\n\n## Next: connect agents to workflows\n\n- TAPD flows\n- task states\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: horizons", chosen(p))
	assert.Len(t, p.Sprints, 2)
}

// The work words of workUnits are matched as the plan writes them, in any
// case: "### task 1.1: add scope" is as much a task as "### Task 1.1".
func TestWorkUnitsAnyCase(t *testing.T) {
	assert.True(t, workUnits(&Candidate{Name: "headings", Units: 3, Declare: `units: "### task {n}: {title}"`}))
	assert.True(t, workUnits(&Candidate{Name: "headings", Units: 3, Declare: `units: "### PR {n}: {title}"`}))
	assert.False(t, workUnits(&Candidate{Name: "headings", Units: 3, Declare: `units: "### Step {n}: {title}"`}))
	assert.False(t, workUnits(&Candidate{Name: "headings", Units: 2, Declare: `units: "### Task {n}: {title}"`}))
}

// A contributing guide is refused by its title in the languages of the
// corpus too ("# Contribuindo" over a pre-PR checklist, heldout28 692).
func TestContributingTitles(t *testing.T) {
	p := Parse("CONTRIBUTING.md", []byte("# Contribuindo\n\n## Checklist antes de abrir PR\n\n- [ ] Lint passando.\n- [ ] Testes adicionados.\n- [ ] Docs atualizadas.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a contributing guide (its title "Contribuindo")`)
}

// A document whose one unit heading is its title ("# Sprint 05 – ...")
// over stories and their task boxes has the boxes as its units (heldout28
// 686 read one sprint).
func TestOneSprintDocumentBoxes(t *testing.T) {
	p := Parse("sprint-05.md", []byte("# Sprint 05 – Release Readiness\n\n## Stories\n\n### S5-DEP-401: Dockerize\n\n- [ ] Dockerfile\n- [ ] Compose file\n\n### S5-QA-402: Harness\n\n- [x] Scaffold the app\n- [x] Document it\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Dockerfile open", "1.2 Compose file open", "1.3 Scaffold the app closed", "1.4 Document it closed"}, units(p))
}

// A checklist outside the units whose lines name units by word and id
// anywhere in their text closes each unit all its lines there tick
// (heldout28 690: "- [x] Doc criado (Story 1.1)." under "## Checklist
// rápido"); a unit an open line names stays open, and a list that names
// units in fewer than two lines of three closes nothing.
func TestNamingChecklist(t *testing.T) {
	plan := "# Sprint\n\n## Épico 1 — Tokens\n\n### Story 1.1 — Documentar tokens\n\nTexto.\n\n### Story 1.2 — Variantes\n\nTexto.\n\n### Story 1.10 — Outro\n\nTexto.\n\n## Checklist rápido\n\n- [x] Doc criado (Story 1.1).\n- [x] Variantes prontas (Story 1.2) e revistas.\n- [ ] Revisão final da story 1.2.\n- [x] Nada mais.\n"
	p := Parse("p.md", []byte(plan))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Documentar tokens closed", "1.2 Variantes open", "1.10 Outro open"}, units(p))
	assert.True(t, mentions("doc criado (story 1.1).", "story 1.1"))
	assert.False(t, mentions("outro (story 1.10)", "story 1.1"))
	assert.False(t, mentions("outro (story 1.1.2)", "story 1.1"))
	assert.False(t, mentions("history 1.1", "story 1.1"))

	few := strings.Replace(plan, "- [x] Nada mais.\n", "- [x] Nada mais.\n- [x] Outra coisa.\n- [x] E mais.\n", 1)
	p = Parse("p.md", []byte(few))
	assert.Equal(t, []string{"1.1 Documentar tokens open", "1.2 Variantes open", "1.10 Outro open"}, units(p))
}

// The boxes under a phase's plain subheadings ("### Before submitting",
// "### After acceptance") count among the phase's own, so a roadmap of
// stages with no units reads its boxes (heldout29 717 read four stages).
// Numbered subheadings and criteria keep theirs out of the count.
func TestPhaseBoxesInSubsections(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Roadmap\n\n## Stage 1 — Ship It\n\n- [x] **NuGet packages**\n- [x] **Release pipeline**\n\n## Stage 2 — Submission\n\n### Before submitting\n\n- [x] **Baseline**\n- [ ] **Isolate the demo**\n\n### After acceptance\n\n- [ ] **Transfer the repository**\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 NuGet packages closed", "1.2 Release pipeline closed", "2.1 Baseline closed", "2.2 Isolate the demo open", "2.3 Transfer the repository open"}, units(p))
	assert.True(t, numberedHead("✅ P0.1: File Extension Support"))
	assert.False(t, numberedHead("Before submitting"))
}

// Headings that number an outline ("### 1.1 Forms") or a schedule ("###
// Week 2: Caching"), each over seven boxes or more, have the boxes as
// their units (heldout29 709 and 723 read 16 sections and 5 weeks);
// a Task or Sprint heading keeps its boxes as its tasks, and so does an
// outline whose boxes hold boxes of their own.
func TestOutlineBoxes(t *testing.T) {
	boxes := "- [ ] item a\n- [ ] item b\n- [ ] item c\n- [ ] item d\n- [ ] item e\n- [ ] item f\n- [ ] item g\n"
	p := Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### 1.1 Forms\n\n"+boxes+"\n### 1.2 Router\n\n"+boxes))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 14)
	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### Week 1: Forms\n\n"+boxes+"\n### Week 2: Router\n\n"+boxes))
	assert.Len(t, p.Sprints, 14)

	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### Sprint 1.1: Forms\n\n"+boxes+"\n### Sprint 1.2: Router\n\n"+boxes))
	assert.Len(t, p.Sprints, 2)
	nested := strings.Repeat("- [ ] item\n  - [ ] step\n  - [ ] step\n", 7)
	p = Parse("p.md", []byte("# Plan\n\n## Phase 1: Core\n\n### 1.1 Forms\n\n"+nested+"\n### 1.2 Router\n\n"+nested))
	assert.Len(t, p.Sprints, 2)
}

// A summary titled in another language over a verification checklist
// written in its word order ("## ✅ Checklist weryfikacji") is a report
// (heldout29 714); numbered sections under two or more parts of a
// document ("## 0. 名词定义", definitions; "## 1. 适用范围", scope) are
// its sections, whatever its title says (715); Polish phases and steps
// ("### FAZA 1", "#### Krok 1.1") are a phase and a unit (708).
func TestSession16SayingNo(t *testing.T) {
	assert.True(t, criteriaHeading("✅ Checklist weryfikacji"))
	assert.False(t, criteriaHeading("Checklist de migración"))
	p := Parse("p.md", []byte("# Refaktoryzacja TickFlow - Podsumowanie\n\n## 1️⃣ Refaktoryzacja\n\nTekst.\n\n## ✅ Checklist weryfikacji\n\n- [x] Build przechodzi\n- [x] Linter czysty\n- [x] Stary plik usunięty\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: its only checkboxes (from line 9) stand under criteria headings")

	p = Parse("p.md", []byte("# 规划同步计划\n\n## 0. Sync 名词定义\n\n文字。\n\n## 1. 适用范围\n\n文字。\n\n## 3. 各表面的角色\n\n### 3.1 ROADMAP\n\n文字。\n\n### 3.2 CHECKLIST\n\n文字。\n\n### 3.3 GitHub Issues\n\n文字。\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan")

	p = Parse("p.md", []byte("# Plan Dodania Roli ADMIN\n\n## Kroki Implementacji\n\n### FAZA 1: Baza Danych\n\n#### Krok 1.1: Enum\n\nTekst.\n\n### FAZA 2: Typy\n\n#### Krok 2.1: Typy\n\nTekst.\n\n#### Krok 2.2: Regeneracja\n\nTekst.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Enum open", "2.1 Typy open", "2.2 Regeneracja open"}, units(p))
}

// A CJK status run ends in its status word with no space before it: "其余
// 任务进行中" (the other tasks in progress) after "已完成" is work under
// way (heldout29 730); "还没完成" (not done yet) and "需先完成" (must
// first be completed) are not done; **进度:** (progress) is a status field.
// A done word followed by what the work still waits for ("已实现，待真实环境
// 验收", implemented, awaiting acceptance; "レビュー待ち") is under way
// (heldout33 813).
func TestCJKStatusRuns(t *testing.T) {
	for v, want := range map[string]string{
		"ROADMAP.md 已完成，其余任务进行中。": StatusInProgress,
		"全部已完成":             StatusClosed,
		"开发进行中":             StatusInProgress,
		"还没完成":              StatusOpen,
		"任务未完成":             StatusOpen,
		"待開始（需先完成 Phase 0）": StatusOpen,
		"🟡 已实现，待真实环境验收":     StatusInProgress,
		"実装済み、レビュー待ち":       StatusInProgress,
		"✅ 已完成 待遇改善":        StatusClosed,
	} {
		assert.Equal(t, want, readStatus(v).status, v)
	}
	p := Parse("p.md", []byte("# 路线图\n\n## 第一阶段：基础\n\n### 1.1 签名\n\n**进度:** ✅ **已完成** - 全功能\n\n### 1.2 文档\n\n**进度:** 已完成一半，其余任务进行中。\n\n### 1.3 测试\n\n文字。\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 签名 closed", "1.2 文档 in_progress", "1.3 测试 open"}, units(p))
}

// A table of work headed in another language ("| # | 工作项 | 当前状态 |",
// work item and current status) is read as a table of units, as "| # |
// Task | Status |" is (heldout29 724 read its three priority sections).
func TestTableHeadersInOtherLanguages(t *testing.T) {
	p := Parse("p.md", []byte("# 剩余工作清单\n\n## P0\n\n| # | 工作项 | 当前状态 |\n|---|---|---|\n| 1.1 | 修复同步 | 已完成 |\n| 1.2 | 错误码 | 进行中 |\n\n## P1\n\n| # | 工作项 | 当前状态 |\n|---|---|---|\n| 1.3 | 超时 | 待开始 |\n| 1.4 | 统计 | 待开始 |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "table | units: table rows", chosen(p))
	assert.Equal(t, []string{"1.1 修复同步 closed", "1.2 错误码 in_progress", "1.3 超时 open", "1.4 统计 open"}, units(p))
}

// Unit headings numbered down ("### Sprint 4 ... (concluído)", then 3, 2,
// 1) are a log of work done, newest first: the plan's numbered headings
// are its units, and a status table keyed by their numbers and titles
// closes the done ones (heldout28 703 read its four logged sprints).
func TestNewestFirstLogAndNumberedStatusRows(t *testing.T) {
	src := "# Plano de Ação\n\n## Estado\n\n| # | Melhoria | Estado |\n|---|---|---|\n| 1 | Substituir alert() por Toast | ✅ Concluído |\n| 2 | Error Boundaries | ⏳ Pendente |\n| 3 | Memoização ProductCard | ✅ Concluído |\n\n" +
		"### Sprint 3 — Features (concluído)\n\nFeito.\n\n### Sprint 2 — Performance (concluído)\n\nFeito.\n\n### Sprint 1 — Quick wins (concluído)\n\nFeito.\n\n" +
		"## Prioridade\n\n### 1. Substituir todos os alert() por notificações Toast\n\nTexto.\n\n### 2. Error Boundaries\n\nTexto.\n\n### 3. Memoização de componentes\n\nTexto.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Substituir todos os alert() por notificações Toast closed", "1.2 Error Boundaries open", "1.3 Memoização de componentes closed"}, units(p))
	assert.True(t, shareWord("Memoização ProductCard", "Memoização de componentes"))
	assert.False(t, shareWord("Add the API", "Add the UI"))
}

// A superpowers plan with an OpenSpec-style check section appended ("##
// 5. 最終確認" over "- [ ] 5.1 ...") keeps its Task headings as its units
// (heldout28 684 read the four checks).
func TestSuperpowersOverAppendedOpenSpec(t *testing.T) {
	tasks := ""
	for i := 1; i <= 5; i++ {
		tasks += fmt.Sprintf("### Task %d: Step %d\n\n**Step 1: Write the test**\n\nText.\n\n", i, i)
	}
	p := Parse("plan.md", []byte("# Fix Cutoff Implementation Plan\n\n> **For Claude:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan task-by-task.\n\n"+tasks+"## 5. 最終確認\n\n- [ ] 5.1 review\n- [ ] 5.2 analyze\n- [ ] 5.3 test\n- [ ] 5.4 codex\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### Task {n}: {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 5)
}

// Done work written as bullets under a done section ("## ✅ Completed" over
// "- ✅ Version updated") beside the work to do as boxes ("## 🔄 Next
// Steps" over "- [ ] Fix the types") are one plan: both are its units
// (heldout25 634 read the nine boxes alone). Under unit headings ("###
// Milestone 3") the bullets are those units' text.
func TestMixedStatusLists(t *testing.T) {
	p := Parse("p.md", []byte("# Release checklist\n\n## ✅ Completed Tasks\n\n### Package\n\n- ✅ Version updated\n- ✅ Bin entry added\n\n## 🔄 Next Steps\n\n- [ ] Fix the types\n- [ ] Write the docs\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Version updated closed", "1.2 Bin entry added closed", "1.3 Fix the types open", "1.4 Write the docs open"}, units(p))

	p = Parse("p.md", []byte("# Roadmap\n\n## ✅ Completed\n\n### Milestone 1: Core\n\n- an API\n- a CLI\n\n### Refactor\n\n- SOLID\n- tests\n\n## 🚧 Next\n\n- [ ] Fix the types\n- [ ] Write the docs\n"))
	assert.NotEqual(t, "items | format: status-lists", chosen(p))
}

// A report titled in Chinese ("# OpenSpec 实现验证报告", verification report)
// whose numbered headings stand under how the tasks stand ("## Tasks 完成
// 情况统计") audits work, however its headings speak of tasks (heldout31
// 777); done bullets beside boxes count the boxes of sections that give
// no status too ("## High Priority", 769).
func TestReportOfTasksAndLooseBoxes(t *testing.T) {
	p := Parse("p.md", []byte("# OpenSpec 实现验证报告\n\n## Tasks 完成情况统计\n\n### 1. 基础设施层 (8项)\n\n| 任务 | 状态 |\n|---|---|\n| 1.1 | ✅ DONE |\n\n### 2. 频道创建 (8项)\n\n文字。\n\n### 3. 我的频道列表 (6项)\n\n文字。\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a report, and the units the closest reading finds are under "Tasks 完成情况统计", a section of work already done`)

	p = Parse("backlog.md", []byte("# Backlog\n\n## High Priority\n\n- [ ] **Model switching**\n\n## Ideas\n\n- [ ] Themes\n\n## Completed (Archive)\n\n### 2026-01-30\n\n- ✅ Fixed the parser\n- ✅ Added logging\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Model switching open", "1.2 Themes open", "1.3 Fixed the parser closed", "1.4 Added logging closed"}, units(p))
}

// A phase table whose first column holds the phase's number alone ("|
// **3** | Реестр X402 | ✅ готово |") closes the phases it says are done
// (heldout31 776 read one of five).
func TestPhaseTableBareNumbers(t *testing.T) {
	p := Parse("ROADMAP.ru.md", []byte("# Дорожная карта\n\n## Фазы\n\n| Фаза | Название | Статус |\n|---|---|---|\n| **1** | Реестр | ✅ готово |\n| **2** | Биржа | ⏳ |\n\n### Фаза 1 — Реестр\n\nТекст.\n\n### Фаза 2 — Биржа\n\nТекст.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Реестр closed", "2.1 Биржа open"}, units(p))
}

// A status table keyed by the number a unit word heading carries ("| 3 |
// Model escalation | ✅ |" beside "### Step 3: Model Escalation Strategy")
// closes it (heldout30 753); minutes titled 会议纪要 are refused by their
// title alone, whatever TODO list they end in (751).
func TestStepStatusRowsAndMinutesTitles(t *testing.T) {
	p := Parse("PLAN.md", []byte("# Engine Improvements\n\n## Steps Overview\n\n| # | Step | Status |\n|---|---|---|\n| 1 | Verification gates | ✅ |\n| 2 | Cost tracking | ⬜ |\n\n## Step Details\n\n### Step 1: Verification Gates\n\nText.\n\n### Step 2: Cost Tracking\n\nText.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Verification Gates closed", "1.2 Cost Tracking open"}, units(p))

	p = Parse("p.md", []byte("# Paddle 第三十三次会议纪要\n\n## 会议概况\n\n- 时间\n\n### 3、TODO：\n\n1. 修文档\n2. 补示例\n3. 改链接\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is the minutes of a meeting (its title "Paddle 第三十三次会议纪要")`)
}

// A bold-labelled step behind a mark goldmark leaves as text ("- [~]
// **Step 1.2**: two", Conductor's step under way) is read, open; it was
// dropped in silence (heldout30 738 read 16 of its 17 steps).
func TestBoldLabelAfterTextMark(t *testing.T) {
	p := Parse("plan.md", []byte("# Plan\n\n## Phase 1: A\n\n- [x] **Step 1.1**: one\n- [~] **Step 1.2**: two\n- [-] **Step 1.3**: three\n- [ ] **Step 1.4**: four\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 one closed", "1.2 two open", "1.3 three open", "1.4 four open"}, units(p))
}

// A Chinese title that says version roadmap ("版本路线") or planning
// ("规划") is a plan's title, so its version headings, pre-release ones
// too ("### v0.2.0-alpha.2 - ..."), are its releases (heldout31 758 was
// refused).
func TestVersionRoadmapTitle(t *testing.T) {
	assert.True(t, foreignPlanTitle("SetupLens 版本路线"))
	p := Parse("ROADMAP.zh.md", []byte("# SetupLens 版本路线\n\n## 版本方向\n\n### v0.2.0-alpha.2 - 评分回归\n\n- 指标\n\n### v0.2.0-beta - 回归闭环\n\n- 项目\n\n### v0.3.0 - 改进\n\n- 采用\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### v{n} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 3)
}

// A cross alone in a table's status column ("| 4.3 | TCP | ❌ |") says
// not done: the row is open work, with a note, not dropped work (heldout29
// 724 read seven open rows as skipped, out of bd ready).
func TestTableCrossIsNotDone(t *testing.T) {
	p := Parse("p.md", []byte("# 剩余工作清单\n\n## P2\n\n| # | 工作项 | 当前状态 |\n|---|---|---|\n| 4.3 | TCP 监听 | ❌ |\n| 4.4 | 结构化日志 | ❌ Cancelled |\n| 4.5 | 指标 | 已完成 |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 TCP 监听 open", "1.3 指标 closed", "1.2 结构化日志 skipped"}, units(p))
	assert.Contains(t, msgs(p, Info), `7:22: status "❌" of sprint 1.1 is read as not done, as a cross alone in a table's status column says`)
}

// "### TODO N: Title" headings are units (heldout32 792, a Sisyphus work
// plan read as its 24 criteria boxes); a to-do section's plain bullets, in
// a document with no checkbox, are its units (790 was refused).
func TestTodoUnitsAndBullets(t *testing.T) {
	p := Parse("plan.md", []byte("# Work Plan: HUD\n\n## Work Objectives\n\n### Definition of Done\n\n- [ ] builds\n- [ ] tests pass\n\n## Implementation TODOs\n\n### TODO 1: Extend Types\n\n**File:** a.ts\n\n### TODO 2: Extend Parser\n\n**File:** b.ts\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### TODO {n}: {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 2)

	p = Parse("TODO.md", []byte("TODO\n---\n\n* 多语言\n* 定制样式\n* 不使用 bind\n\n## 问题\n\n* 设计语言\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- {title} under ## TODO"`, chosen(p))
	assert.Equal(t, []string{"1.1 多语言 open", "1.2 定制样式 open", "1.3 不使用 bind open"}, units(p))
}

// Dotted headings in a few sections of a task list ("### 3.1", "### 3.2"
// under "## 3.") do not beat its numbered sections when its boxes are
// three times as many as they: they are some of its sections (heldout32
// 799 read the two sections' sub-headings and none of the others' boxes).
func TestDottedHeadingsAmongManyBoxes(t *testing.T) {
	boxes := strings.Repeat("- [ ] item\n", 4)
	src := "# 开发任务清单\n\n## 1. 准备\n\n" + boxes + "\n## 2. 后端\n\n### 2.1 节点\n\n" + boxes + "\n### 2.2 管理\n\n" + boxes + "\n## 3. 前端\n\n" + boxes + "\n## 4. 集成\n\n" + boxes
	p := Parse("TASKS.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.NotEqual(t, `headings | units: "### {n} {title}"`, chosen(p))
}

// In a reading of bold-labelled list units, a status mark before the
// label ("- ✅ **Step 1.2**: two", "- [ ] ⏳ **Step 1.3**") is read as a
// heading's is, a struck label is dropped work, and a label the reading
// cannot take (inside italics, after words) is said: none of them is lost
// in silence, as all four were.
func TestBoldListUnitsNoneLost(t *testing.T) {
	p := Parse("plan.md", []byte("# Plan\n\n## Phase 1: A\n\n- [x] **Step 1.1**: one\n- ✅ **Step 1.2**: two\n- [ ] ⏳ **Step 1.3**: three\n- [x] ~~**Step 1.4**: four~~\n- [ ] **Step 1.5**: five\n- [x] _**Step 1.6**: six_\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 one closed", "1.2 two closed", "1.3 three open", "1.5 five open", "1.4 four skipped"}, units(p))
	assert.Contains(t, msgs(p, Warning), `10:1: list item "- [x] _**Step 1.6**: six_" holds a bold unit label where the list's units have it first, so it is not compiled: write it as "- **Step 1.6:** Title"`)
	assert.True(t, statusEmoji("✔️"))
	assert.False(t, statusEmoji("Note:"))
}

// A roadmap whose level-2 sections each tell one feature in prose ("##
// Multi-cluster Queue Management" over a paragraph), with a section that
// only groups two more ("## Others") and one of items no release plans
// for ("## Pending"), reads the features as its units, the grouped ones
// in the group's place, and says what it leaves out (heldout32 780 was
// refused); `format: features` declares it. A roadmap with milestone
// headings, a retrospective of one and a roadmap whose sections hold
// lists are other readings'.
func TestRoadmapFeatures(t *testing.T) {
	src := "# Karmada Roadmap\n\nThe 2026 feature plan.\n\n## Overview\n\nWhy.\n\n## Queue Management\n\nQueue jobs fairly.\n\n## DRA Support\n\nSupport DRA.\n\n" +
		"## Others\n\n### Scalability\n\nAn ongoing effort.\n\n### UI\n\nIterate.\n\n## Pending\n\n- Addon management\n- Monitoring\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: features", chosen(p))
	assert.Equal(t, []string{"1.1 Queue Management open", "1.2 DRA Support open", "1.3 Scalability open", "1.4 UI open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `27:1: the 2 items under "Pending" are not compiled: a roadmap's section of items no release plans for (declare units: "- {title} under ## Pending" to compile them)`)
	q := ParseWith("ROADMAP.md", []byte(src), Options{Reading: &Declared{Line: "format: features", From: "--reading"}})
	assert.Equal(t, units(p), units(q))
	assert.Equal(t, "format: features", q.Candidates[0].Declare)

	for _, other := range []string{
		strings.Replace(src, "# Karmada Roadmap", "# Karmada Roadmap 2025 Retrospective", 1),
		strings.Replace(src, "Queue jobs fairly.", "- Queue jobs fairly.", 1),
		strings.Replace(src, "## DRA Support", "## M2: DRA Support", 1),
	} {
		assert.NotEqual(t, "headings | format: features", chosen(Parse("ROADMAP.md", []byte(other))))
	}
}

// Session 17, heldout33: an acceptance record (验收记录) whose task table
// is all done is a report, not a plan (814); a report of finished work
// ("## What Was Implemented", "## Changes Made") whose only work is its
// closing "## Next Steps" is a report's suggestions, not a plan (820).
func TestRecordsAndReportsRefused(t *testing.T) {
	p := Parse("p.md", []byte("# P2-A 控制台验收记录\n\n## 任务状态\n\n| 任务 | 状态 | 证据 |\n|---|---|---|\n| A0 | complete | 通过 |\n| A1 | complete | 通过 |\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: its title "P2-A 控制台验收记录" says it is a report`)

	p = Parse("p.md", []byte("# Implementation Status: Use Cases\n\n## Summary\n\nDone.\n\n## What Was Implemented\n\n1. **Schema**: added.\n\n## Changes Made\n\n- The template.\n\n"+
		"## Next Steps\n\n1. Update the specs\n2. Train the team\n3. Consider automation\n"))
	assert.Equal(t, []string{`1:1: p.md is not a plan: it reads as a report of work done ("What Was Implemented" (line 7), "Changes Made" (line 11)), and the only work the closest reading finds is the items of its "Next Steps": a report's suggestions, not a plan; the closest reading, units are the numbered items under "Next Steps" (3 units, first at line 17), was not taken; if it is a plan, declare that reading in its front matter: units: "{n}. {title} under ## Next Steps"`}, msgs(p, Error))
}

// A GSD roadmap's phase whose details put it off ("### Phase 15: New
// Project Creation (Deferred)", "**Status**: Deferred to v3.0") is
// skipped, and the phase after it in the list follows the one before; a
// phase no checklist ticks whose details count every plan done
// ("**Plans:** 2/2 plans complete") is done, with a warning naming the
// plan box left unticked (heldout33 823).
func TestGSDRoadmapDeferredAndCountedPhases(t *testing.T) {
	src := "# Roadmap: Dash\n\n## Phases\n\n- [x] **Phase 1: Base** — setup\n- [ ] **Phase 2: UI** — tabs\n\n## Phase Details\n\n" +
		"### Phase 1: Base\n**Goal**: a base\n**Depends on**: Nothing\n\n### Phase 2: UI\n**Goal**: tabs\n**Depends on**: Phase 1\n\n" +
		"### Phase 3: Fix deploy\n**Goal**: it deploys\n**Plans:** 2/2 plans complete\n\nPlans:\n- [ ] 03-01-PLAN.md — the fix\n\n" +
		"## v3.0 Future\n\n### Phase 4: Projects (Deferred)\n**Goal**: new projects\n**Status**: Deferred to v3.0\n\n### Phase 5: Export\n**Goal**: export\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "gsd | format: gsd", chosen(p))
	assert.Equal(t, []string{"1.1 Base closed", "1.2 UI open", "1.3 Fix deploy closed", "1.5 Export open", "1.4 Projects skipped"}, units(p))
	assert.Contains(t, msgs(p, Warning), `20:1: phase 3's details say "2/2 plans complete", but 1 of the 1 plans they list are not ticked: read as closed, as GSD counts the plans when they are done`)
	assert.Equal(t, map[string][]string{"1.2": {"1.1"}, "1.3": {"1.2"}, "1.5": {"1.3"}}, depsOf(p))
}

// Flush-left "- [x] 32.1: Title" plans under phase headings, beside two
// "- [x] 98 modules migrated" criteria that open with a count, are not
// Kiro's tasks and sub-tasks: Kiro's flush-left sub-tasks number
// themselves under its tasks (heldout33 818 was read as Kiro's).
func TestKiroSubTasksShareTheTasksNumbers(t *testing.T) {
	src := "# Roadmap\n\n## Part 6\n\n### Phase 32: Locking\n\n- [x] 32.1: Lock manager\n- [x] 32.2: Lock queue\n\n### Phase 33: Gates\n\n- [ ] 33.1: CI gate\n- [ ] 33.2: Coverage gate\n\n" +
		"## Success Criteria\n\n- [x] 98 TypeScript modules migrated\n- [x] 6 design patterns implemented\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.NotContains(t, chosen(p), "format: kiro")
	kiro := "# Tasks\n\n- [x] 1. Setup\n- [x] 1.1 Create the repo\n- [ ] 1.2 Add CI\n- [ ] 2. Build\n- [ ] 2.1 Parser\n"
	assert.Equal(t, "kiro | format: kiro", chosen(Parse("tasks.md", []byte(kiro))))
}

// Numbered headings under what a study or a retrospective found ("##
// What we found out" over "### 1. A 0.6B model memorizes behaviors") are
// findings, not work, even where the title also says plan (heldout34
// 831, "retrospective and forward plan", read its seven findings).
func TestNumberedFindingsAreNotUnits(t *testing.T) {
	src := "# Retrospective and forward plan\n\n## What we found out\n\n### 1. Small models memorize\n\nText.\n\n### 2. Zero-shot wins\n\nText.\n\n### 3. LoRA interferes\n\nText.\n\n## What we now believe\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "p.md is not a plan")
	p = Parse("p.md", []byte(strings.Replace(src, "## What we found out", "## Work items", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title}"`, chosen(p))
}

// A build plan's milestones ("### M1 — file format parity (1-2 days)")
// are its units beside numbered decisions to make ("## Decisions to make
// before starting" over "### 1. SwiftUI minimum macOS version"), and one
// version heading ("### v0.2 features") does not make a plan a changelog
// (heldout34 833 was refused).
func TestMilestonesBesideDecisions(t *testing.T) {
	src := "# Native app — build plan\n\n## Milestone sequence\n\n### M1 — file format (1-2 days)\n\nParse files.\n\n### M2 — numerics (3 days)\n\nMatch outputs.\n\n### M3 — training loop (3 days)\n\nTrain.\n\n" +
		"### v0.2 features (after MVP ships)\n\nLoRA.\n\n## Decisions to make before starting\n\n### 1. Minimum macOS\n\nText.\n\n### 2. Window model\n\nText.\n\n### 3. Metal or MLX\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "phases | units: phases", chosen(p))
	assert.Equal(t, []string{"1.1 file format open", "2.1 numerics open", "3.1 training loop open"}, units(p))
}

// A section of implementation steps in another language ("## 实施步骤",
// "## 実装手順", "## 구현 단계") is a section about the work: its numbered
// list is the units (heldout34 849 was refused).
func TestForeignImplementationSteps(t *testing.T) {
	for _, sec := range []string{"实施步骤", "実装手順", "구현 단계", "Pasos de implementación"} {
		src := "# 机器人计划\n\n## 摘要\n\n一个机器人。\n\n## " + sec + "\n\n1. 创建项目结构。\n2. 实现客户端。\n3. 增加测试。\n"
		p := Parse("p.md", []byte(src))
		require.Empty(t, msgs(p, Error), sec)
		assert.Equal(t, `items | units: "{n}. {title} under ## `+sec+`"`, chosen(p), sec)
	}
}

// Numbered sections of a plan, one of which holds its phases ("## 6.
// Implementation phases" over "### Phase 1 — Script refactor"), are the
// document's sections: the phases are the work (heldout34 841 read the
// nine sections).
func TestNumberedSectionsHoldingPhases(t *testing.T) {
	src := "# Plan: CI deploy\n\n## 1. Context\n\nText.\n\n## 2. Goals\n\nText.\n\n## 3. Options considered\n\nText.\n\n## 4. Implementation phases\n\n" +
		"### Phase 1 — Script refactor\n\nText.\n\n### Phase 2 — CI gates\n\nText.\n\n## 5. Estimated effort\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "phases | units: phases", chosen(p))
	assert.Len(t, p.Sprints, 2)
}

// Boxes under the phases take in the groups of the same work beside
// them at their level, each read as a phase where it stands: a section
// of work done before the phases ("## Completado", heldout33 815) and a
// group among them ("#### Infrastructure & DevOps" among "#### Phase
// 16", heldout33 806). At the document's top, what follows the last
// phase is its appendix ("## Edge Cases to Handle"), and criteria and
// times to come are never a group.
func TestBoxesInGroupsBesideThePhases(t *testing.T) {
	src := "# Roadmap\n\n## Completado\n\n### Core\n\n- [x] Player\n- [x] Indexer\n\n## Fase 3 — Albums\n\n- [x] Album page\n- [ ] Album art\n\n" +
		"## Fase 4 — Search\n\n- [ ] Global search\n- [ ] Filters\n\n## Future Enhancements\n\n- [ ] Cloud sync\n\n## Edge Cases to Handle\n\n- [ ] Empty library\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1a.1 Player closed", "1a.2 Indexer closed", "3.1 Album page closed", "3.2 Album art open", "4.1 Global search open", "4.2 Filters open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `3:1: "Completado" is no phase but holds tasks, so it is read as phase 1a, where it stands`)
}

// A Definition of Done checklist ("# Dev Story - DoD Checklist") is checks
// run for every story (heldout36 876); a title that tells a reader how to
// install or deploy something ("# Install and Deploy TiKV Using Ansible")
// over "## Step N" headings is a how-to guide (heldout36 891). Neither is
// a plan; a plan that says so in its title still is one.
func TestDoDChecklistsAndHowTosRefused(t *testing.T) {
	p := Parse("p.md", []byte("# Dev Story - DoD Checklist\n\n## 1) Context\n\n- [ ] Config loaded\n- [ ] Ticket fetched\n\n## 2) Transitions\n\n- [ ] **Step 3**: Ticket moved\n- [ ] **Step 4**: Gate done\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Dev Story - DoD Checklist" says it is a checklist of checks`)
	steps := "\n\n## Step 1: Install dependencies\n\n```\nyum install git\n```\n\n## Step 2: Create the user\n\nRun useradd.\n\n## Step 3: Deploy\n\nRun the playbook.\n"
	p = Parse("p.md", []byte("# Install and Deploy TiKV Using Ansible"+steps))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Install and Deploy TiKV Using Ansible" says it is a tutorial or example`)
	p = Parse("p.md", []byte("# Deploy plan for v2.3"+steps))
	require.Empty(t, msgs(p, Error))
}

// In a document titled as a plan that nothing else reads, the items of
// numbered lists that each say how they stand ("1. **A1: proj.ts** ✅
// COMPLETED", "3. **B1: tap.ts** ❌ PENDING") are its units; a numbered
// list with no status is text (heldout35 856 was refused); `format:
// marked-items` declares it. A report's list of done tasks is not.
func TestMarkedNumberedItems(t *testing.T) {
	src := "# Test Coverage Improvement Tasks\n\n## Categories\n\n### Category A\n\n1. **A1: proj.ts** ✅ COMPLETED\n   - Gap: missing\n2. **A2: name.ts** ✅ COMPLETED\n\n" +
		"### Category B\n\n3. **B1: tap.ts** ❌ PENDING\n4. **B2: list.ts** ❌ PENDING\n\n## Validation\n\n1. Run the tests\n2. Check coverage\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: marked-items", chosen(p))
	assert.Equal(t, []string{"1.1 A1: proj.ts closed", "1.2 A2: name.ts closed", "1.3 B1: tap.ts open", "1.4 B2: list.ts open"}, units(p))
	q := ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: "format: marked-items", From: "--reading"}})
	assert.Equal(t, units(p), units(q))
	r := Parse("p.md", []byte(strings.Replace(src, "# Test Coverage Improvement Tasks", "# Final verification report", 1)))
	assert.NotEqual(t, "items | format: marked-items", chosen(r))
}

// A status table whose headers name no status column still closes what
// it names when one column holds a status in every row: a tool wrote
// "| 1 | B3, B5 | Complete | 2026-03-06 |" under "| Phase | Requirements |
// Risk | Key constraint |" (heldout35 866 read phases 1 and 2 open).
func TestStatusTableWithColumnsOutOfPlace(t *testing.T) {
	src := "# Roadmap\n\n## Phase 1: Params\n\nText.\n\n## Phase 2: Definitions\n\nText.\n\n## Phase 3: Fields\n\nText.\n\n## Summary\n\n" +
		"| Phase | Requirements | Risk | Key constraint |\n|---|---|---|---|\n| 1 | B3, B5 | Complete | 2026-03-06 |\n| 2 | 3/3 | Complete | 2026-03-06 |\n| 3 | A4 | Not started | - |\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Params closed", "2.1 Definitions closed", "3.1 Fields open"}, units(p))
}

// Numbered headings of one level that count again in another section
// ("### 1." to "### 3." under "## Implementation Steps", "### 1." to
// "### 2." under "## Alternative Approaches Considered") are the units
// in the section about the work, declared with it, over the numbered
// lists that stand under them (heldout35 859 read a list of three).
func TestNumberedHeadingsInTheWorkSection(t *testing.T) {
	src := "# Implementation Plan: Request IDs\n\n## Implementation Steps\n\n### 1. API changes\n\nText.\n\n### 2. Translator changes\n\nText.\n\n### 3. Documentation\n\nAdd:\n1. An example\n2. A use case\n\n" +
		"## Alternative Approaches Considered\n\n### 1. Only a boolean\n\nText.\n\n### 2. Full config\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n}. {title} under ## Implementation Steps"`, chosen(p))
	assert.Equal(t, []string{"1.1 API changes open", "1.2 Translator changes open", "1.3 Documentation open"}, units(p))
}

// In a roadmap, a table of titled rows with a Priority column is work
// even with no Status column ("| Title | Priority | Note |"); a Note
// column that only ever says how a row stands is its status (heldout35
// 863 read only its first table, the one with a Status column).
func TestTitledRowsWithPriority(t *testing.T) {
	src := "# Roadmap\n\n## v3.6.0\n\n| Title | Priority | Status |\n|---|---|---|\n| Support downgrade | P0 | Complete |\n| Bump gRPC | P1 | In progress |\n\n" +
		"## v3.7.0\n\n| Title | Priority | Note |\n|---|---|---|\n| Bootstrap from v3store | P0 | Completed |\n| Range stream | P0 | Completed |\n\n" +
		"## Backlog\n\n| Title | Priority | Note |\n|---|---|---|\n| Merkle root | | |\n| Tracing | | |\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Support downgrade closed", "1.2 Bump gRPC in_progress", "1.3 Bootstrap from v3store closed", "1.4 Range stream closed", "1.5 Merkle root open", "1.6 Tracing open"}, units(p))
}

// A label that says what done will mean ("Done When:", "Definition of
// done:") over a list is criteria, not a record that the unit is done:
// three open phases of heldout36 883 were closed by it, in silence.
func TestDoneWhenIsNotDone(t *testing.T) {
	p := Parse("p.md", []byte("# Plan\n\n## Phases\n\n### Phase 1 — Docs\n\nFiles:\n- a\n\nDone When:\n- Both files updated.\n\n### Phase 2 — Hook\n\nDefinition of done:\n- It runs.\n\n### Phase 3 — Ship\n\nDone:\n- Shipped.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Docs open", "2.1 Hook open", "3.1 Ship closed"}, units(p))
}

// Plain bullets that only title the boxes under them ("* 📃 Hybrid
// Search" over "  * [x] Sparse vectors") are themes: the boxes count as
// the plan's boxes (heldout36 884, a roadmap of themes over boxes, was
// refused as having none).
func TestThemesOverBoxes(t *testing.T) {
	src := "# Qdrant 2024 Roadmap\n\n## Core Milestones\n\n* 📃 Hybrid Search\n  * [x] Sparse vectors\n  * [x] Hybrid client\n\n---\n\n* 🏗️ Scalability\n  * [x] Faster sync\n  * [ ] Read-write split\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Sparse vectors closed", "1.2 Hybrid client closed", "1.3 Faster sync closed", "1.4 Read-write split open"}, units(p))
}

// An annotation written after a list item ends goldmark's list, so the
// readings that look at a whole list take the run of its parts, with only
// HTML blocks between them, as one: a list under a trace label stays
// under it (heldout36 881 warned of a sentence in the second part once
// annotated), and numbered items that say how they stand are counted
// over the run (heldout17 423 lost two units once annotated).
func TestListPartsAfterAnnotations(t *testing.T) {
	src := "# Plan\n\n## Milestones\n\n**Requirements:** R-1\n**Success Criteria**:\n1. Users run it\n<!-- beads-ralph: bd-1 -->\n2. Plans execute in parallel; others in order\n<!-- beads-ralph: bd-2 -->\n3. Cleanup happens\n<!-- beads-ralph: bd-3 -->\n"
	p := Parse("p.md", []byte(src))
	assert.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{"7:1: 3 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2, 1.3"}, msgs(p, Warning))
	marked := "# Test Coverage Tasks\n\n## Items\n\n1. **A1: a.ts** ✅\n<!-- beads-ralph: bd-1 -->\n2. **A2: b.ts** ✅\n<!-- beads-ralph: bd-2 -->\n3. **A3: c.ts** later\n<!-- beads-ralph: bd-3 -->\n"
	q := Parse("p.md", []byte(marked))
	require.Empty(t, msgs(q, Error))
	assert.Len(t, q.Sprints, 3)
}

// A numbered heading that names work ("### 5. **Task List Set in
// Taskmaster** ✅") is an item of a list, not a section about the work:
// it does not make a report of changes a plan, whose closing "## Next
// Steps" are its follow-ups (heldout37 904).
func TestNumberedWorkHeadingIsNoSection(t *testing.T) {
	p := Parse("p.md", []byte("# Skill - Changes Summary\n\n## All Requirements Addressed\n\n### 1. **Usage** ✅\n\nDone.\n\n### 2. **Task List Set in Taskmaster** ✅\n\nDone.\n\n## Next Steps\n\n1. Test it\n2. Ship it\n3. Tell people\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "the only work the closest reading finds is its closing next steps")
}

// Front matter that names and describes an agent skill or command
// ("name: dyad:swarm-to-plan", "description: ...") makes its steps
// instructions an agent follows each time it is invoked (heldout37 906
// read eleven steps); a Cursor plan's front matter has todos, and is one.
func TestAgentSkillsRefused(t *testing.T) {
	body := "# Swarm to Plan\n\n## Workflow\n\n### Step 1: Set up context\n\nRead.\n\n### Step 2: Create the team\n\nSpawn.\n\n### Step 3: Write the plan\n\nWrite.\n"
	p := Parse("SKILL.md", []byte("---\nname: dyad:swarm-to-plan\ndescription: Swarm planning session.\n---\n\n"+body))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its front matter names and describes an agent skill or command")
	q := Parse("plan.md", []byte("---\nname: Plan\ndescription: A plan.\ntodos:\n  - id: a\n    content: Do it\n    status: pending\n---\n\n"+body))
	assert.Empty(t, msgs(q, Error))
	assert.True(t, skillFrontMatter([]byte("description: Run the checks\nallowed-tools: Bash\n")))
	assert.False(t, skillFrontMatter([]byte("title: Roadmap\ndescription: What we plan\n")))
}

// Three more kinds of document that hold boxes but no work of their own:
// a template that says so and leaves placeholders to fill in (heldout38
// 938, an incident response template), a guide of "How to ..." sections
// with an example task list (heldout37 911), and release notes whose only
// boxes are a roadmap update (heldout38 944).
func TestTemplatesGuidesAndReleaseNotesRefused(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"# Incident Response Plan\n\nThis template will guide you through an incident.\n\n## Phase 1 - Validation\n\n### Tasks\n\n- [ ] Confirm the report\n- [ ] Assign an owner\n\n### Results\n\nDate: YYYY-MM-DD\nLink: <url>\n\n## Phase 2 - Mitigation\n\n- [ ] Patch\n- [ ] Release\n",
			`it is a template to copy and fill in (it calls itself a template, and leaves "yyyy-mm-dd", "<url>" to fill in)`},
		{"# Plan tasks with todos\n\n## How to ask for a plan\n\nAsk.\n\n1.  [ ] Create `tsconfig.json`.\n2.  [ ] Verify build passes.\n\n## How to review and iterate\n\nReview.\n\n## How to execute the plan\n\nRun.\n",
			`3 of its sections tell how to do something ("How to ..."): it is a guide`},
		{"# Agent Release Notes - V3.2\n\n## Overview\n\nShipped.\n\n## Security\n\n### 1. Path shield\n\nFixed.\n\n## 🗺️ Roadmap Update\n\n- [x] Phase 4: tools\n- [ ] Phase 5: memory\n",
			`its title "Agent Release Notes - V3.2" says it is a changelog, and the only work the closest reading finds is the items of one of its sections`},
	} {
		p := Parse("p.md", []byte(c.src))
		require.Len(t, msgs(p, Error), 1, c.want)
		assert.Contains(t, msgs(p, Error)[0], c.want)
	}
}

// The boxes of a section that logs the work done ("## HISTORY" of "- [x]
// [20260815-01] Landed ...") repeat what the plan's other boxes list:
// where boxes stand elsewhere, the log's are not units, found or
// declared (heldout37 902 read 49 units, not 37).
func TestHistoryLogBoxesAreNotUnits(t *testing.T) {
	src := "# Workstreams handoff\n\n## WS1 — Skill\n\n- [x] [01] Write the skill\n- [ ] [02] Review it\n\n## WS2 — Gate\n\n- [x] [03] Fix the gate\n\n## HISTORY\n\n### 2026-08-15\n- [x] [01] Wrote the skill\n- [x] [03] Fixed the gate\n"
	p := Parse("TODO.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	q := ParseWith("TODO.md", []byte(src), Options{Reading: &Declared{Line: `units: "- [ ] {title}"`, From: "--reading"}})
	assert.Equal(t, units(p), units(q))
}

// A report of finished work: its "### AC-1: ..." headings under "## 3.
// Acceptance Criteria" are criteria, not units, and a table of the places
// it observed ("| # | File | Line(s) | Type | Description |") lists no
// work (heldout38 934 read two observations, then six criteria).
func TestCriteriaHeadingsAndObservationTables(t *testing.T) {
	src := "# RF — Phase B: Workflow Gates\n\n## 1. What Was Done\n\nFiles changed.\n\n## 3. Acceptance Criteria\n\n### AC-1: Gate in handoff\n- [x] Step added\n\n### AC-2: Gate in plan\n- [x] Step added\n\n### AC-3: Loops\n- [x] Loop added\n\n" +
		"## 5. Observations\n\n| # | File | Line(s) | Type | Description |\n|---|---|---|---|---|\n| 1 | review.md | 50 | naming | Step 0 clash |\n| 2 | plan.md | 141 | naming | Labels |\n"
	p := Parse("RF.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its only checkboxes (from line 10) stand under criteria headings")
}

// depsOf maps each unit of p to the ids of the units it depends on.
func depsOf(p *Plan) map[string][]string {
	deps := map[string][]string{}
	for _, s := range p.Sprints {
		for _, d := range s.DependsOn {
			deps[s.ID] = append(deps[s.ID], d.ID)
		}
	}
	return deps
}

// Reports and audits by their titles: a report's numbered sections
// ("# Task 8 报告：文档更新（README.md）" over "## 1. README.md") record
// what was done, though its title names a README (heldout39 955); an
// audit's dotted headings record what it found (heldout40 991); a
// completion report's "## Deliverables" list what it delivered (heldout40
// 977).
func TestReportsAndAuditsByTitle(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"# Task 8 报告：文档更新（README.md / AGENTS.md）\n\n## 目标\n\n文字。\n\n## 1. README.md（六处）\n\n文字。\n\n## 2. AGENTS.md（四处）\n\n文字。\n\n## 3. sandbox README\n\n文字。\n",
			`says it is a report, and nothing in it speaks of work to do: its headings record what was done or found`},
		{"# M1–M4 Closeout Audit\n\n## 1. Reconciliation\n\n### 1.1 Merge semantics\n\nText.\n\n### 1.2 State shape\n\nText.\n\n## 2. Deviations\n\nText.\n",
			`its title "M1–M4 Closeout Audit" says it is a retrospective`},
		{"# Phase 6: Advanced Techniques - Completion Report\n\n## Executive Summary\n\nDone.\n\n## Deliverables\n\n### 1. Core\n\n1. Hypergraph\n2. Causal memory\n3. Learned index\n\n## Next Steps\n\n- More benchmarks\n",
			`says it is a report, and the only work the closest reading finds is the items of its "Deliverables"`},
	} {
		p := Parse("p.md", []byte(c.src))
		require.Len(t, msgs(p, Error), 1, c.want)
		assert.Contains(t, msgs(p, Error)[0], c.want)
	}
}

// Bullets with a status mark first ("- ✅ 情報源レジストリ", "- 🔜 有料版")
// are the units of a roadmap that nothing else reads (heldout39 959 was
// refused); a list of ✅ alone records work, and numbered items that say
// how they stand are read before bullets that repeat them.
func TestStatusMarkedBullets(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Roadmap\n\n## Status\n\n- ✅ Collector\n- ✅ Registry\n- 🔜 Paid tier\n- ⏳ Marketplace\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: marked-items", chosen(p))
	assert.Equal(t, []string{"1.1 Collector closed", "1.2 Registry closed", "1.3 Paid tier open", "1.4 Marketplace open"}, units(p))
	q := Parse("SUMMARY.md", []byte("# Test Execution Summary\n\n## Results\n\n- ✅ Login\n- ✅ Signup\n- ✅ Logout\n"))
	assert.NotEqual(t, "items | format: marked-items", chosen(q))
}

// A section whose title says its work is past ("## Past priorities",
// "## Previous milestones") holds work already delivered, beside "##
// Future priorities" (heldout40 972 read nothing done).
func TestPastSectionsAreDone(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Rustls development roadmap\n\n## Future priorities\n\n* **Async handshake**.\n* **Server ECH**.\n\n## Past priorities\n\nDelivered in 0.23.11:\n\n* **Key limits**.\n\nDelivered in 0.23.10:\n\n* **Client ECH**.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	assert.Equal(t, []string{"1.1 Async handshake open", "1.2 Server ECH open", "1.3 Key limits closed", "1.4 Client ECH closed"}, units(p))
	assert.Equal(t, StatusClosed, sectionState("Previous milestones"))
}

// A question over a list of ticks ("**Neden Önemli?**" over "- ✅
// Scalability") is answered by them: the ticks are the answer's, not a
// record that the unit is done (heldout40 988 closed seven open features
// in silence).
func TestTicksUnderAQuestionAreNotDone(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Feature Roadmap\n\n## Tier 1\n\n### 1. ✅ Currency conversion (TAMAMLANDI)\n\nText.\n\n### 2. Multi-location support\n\n**Neden Önemli?**\n- ✅ Scalability\n- ✅ Geo-location\n\n### 3. Insurance\n\n**Why it matters?**\n- ✅ Revenue\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Currency conversion (TAMAMLANDI) closed", "1.2 Multi-location support open", "1.3 Insurance open"}, units(p))
}

// An item that ends in a sentence of one done word ("- Add license.
// Done.") is done, and the word leaves its title (heldout39 949, a
// roadmap whose finished bullets say so, is now one line away).
func TestItemsEndingInDone(t *testing.T) {
	p := ParseWith("ROADMAP.md", []byte("# Roadmap\n\n## v0.1\n\n- Add license. Done.\n- Add a fixture. Shipped.\n- Add translations.\n- Mark it Done\n"), Options{Reading: &Declared{Line: `units: "- {title}"`, From: "--reading"}})
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Add license closed", "1.2 Add a fixture closed", "1.3 Add translations open", "1.4 Mark it Done open"}, units(p))
}

// A table of steps headed in Chinese ("| 步骤 | PR | 文件 | 说明 |") is a
// table of units in a plan, and a status line later in its section
// ("### 状态：已完成 ✅") speaks for its rows when they have no status
// column, with a note (heldout39 953 was refused).
func TestStepTablesAndTheirSectionStatus(t *testing.T) {
	src := "# feedgrab 升级计划\n\n## v0.2.0 升级\n\n### 实施步骤\n| 步骤 | PR | 文件 | 说明 |\n|------|-----|------|------|\n| 1 | #1 | `a.py` | Cookie 管理 |\n| 2 | #2 | `b.py` | GraphQL 客户端 |\n\n### 状态：已完成 ✅\n\n## v0.3.0 升级\n\n### 实施步骤\n| 步骤 | PR | 文件 | 说明 |\n|------|-----|------|------|\n| 1 | #3 | `c.py` | 线程重建 |\n| 2 | #4 | `d.py` | 渲染 |\n"
	p := Parse("PLAN.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "table | units: table rows", chosen(p))
	var got []string
	for _, s := range p.Sprints {
		got = append(got, s.Title+" "+s.Status.Value)
	}
	assert.Equal(t, []string{"Cookie 管理 closed", "GraphQL 客户端 closed", "线程重建 ", "渲染 "}, got) // no status: open
	assert.Contains(t, msgs(p, Info), `11:1: the 2 rows of the table at line 6, which has no status column, are read as closed, as "状态：已完成 ✅" says`)
}

// "Стадия" (stage) is a unit word: a Russian roadmap's "## Стадия 0.1 —
// Базовая модель" over "Статус: done" is one unit (heldout39 958 read its
// legend and out-of-scope sections as two more).
func TestRussianStages(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Роадмап\n\n## Обозначения статуса стадии\n\nЛегенда.\n\n## Стадия 0.1 — Базовая модель\n\nСтатус: done\n\n## Стадия 0.2 — Резолвер\n\nСтатус: planned\n\n## Явно вне объёма\n\n- Прокси\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Базовая модель closed", "1.2 Резолвер open"}, units(p))
}

// A phase a status table calls complete does not close a unit of it whose
// own boxes are not all ticked ("- [~] a2a_protocol.rs (typed, I/O
// pending)"): when in doubt, not done, and the user is told (heldout41
// 1019 closed twelve units in progress).
func TestDonePhaseKeepsUnitsWithOpenBoxes(t *testing.T) {
	src := "# Roadmap v5\n\n## Phase 23: Protocols\n\n### 23.1 A2A\n\n- [~] `a2a.rs` (typed, I/O pending)\n- [x] Panel\n\n### 23.2 Skills\n\n- [x] Loader\n- [x] Tests\n\n## Status\n\n| Phase | Status |\n|---|---|\n| 23 | ✅ Complete |\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"23.1 A2A open", "23.2 Skills closed"}, units(p))
	var warned bool
	for _, m := range msgs(p, Warning) {
		warned = warned || strings.Contains(m, "phase 23 is marked done (done in the status table), but 1 of its units say they are not (23.1)")
	}
	assert.True(t, warned, msgs(p, Warning))
}

// "Status:" with nothing after it, over a list, says how the unit stands
// in the list's first item ("- Done in `3333de2`."; heldout41 1018 read
// none of its eighteen done items done).
func TestStatusLabelOverAList(t *testing.T) {
	p := ParseWith("BACKLOG.md", []byte("# Backlog: SDK refactor\n\n## Epic 1: Runtime\n\n### OC-001 Remove bypass\n\nStatus:\n- Done in `3333de2`.\n\nGoal:\n- stop it.\n\n### OC-002 Extend config\n\nStatus:\n- Mostly done; tuning remains.\n\n### OC-003 Add policy\n\nStatus:\n- Not started.\n"), Options{Reading: &Declared{Line: `units: "### OC-{n}: {title}"`, From: "--reading"}})
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Remove bypass closed", "1.2 Extend config in_progress", "1.3 Add policy open"}, units(p))
}

// A title that opens with "Troubleshoot" tells every reader how to fix
// something, whatever the thing is called: "# Troubleshoot Compactor
// Backlog" is a guide, not a backlog (heldout41 1017).
func TestTroubleshootingGuidesRefused(t *testing.T) {
	p := Parse("p.md", []byte("# Troubleshoot Compactor Backlog\n\n## Make sure compactors are running\n\n- Check pods\n\n## Detect the backlog\n\n- Look at metrics\n\n## Solutions\n\n- Scale up\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: its title "Troubleshoot Compactor Backlog" says it is a tutorial or example, and nothing in it speaks of work to do: its items (from line 5) are for a reader to follow`)
}

// Headings under a section of history ("## Slice history" over "### G1 —
// baseline (commit 55cf91ea)") record work done: a design doc of a
// shipped feature is no plan (heldout41 1015).
func TestUnitsUnderAHistoryRefused(t *testing.T) {
	p := Parse("p.md", []byte("# `/goal` — Durable Execution Intent\n\n**Status:** Shipped\n\n## What this is\n\nText.\n\n## Slice history\n\n### G1 — baseline\n\nText.\n\n### G2 — hardening\n\nText.\n\n### G3 — fan-out\n\nText.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the units the closest reading finds are under "Slice history": a record of work done`)
}

// A list item whose first note says its work was dropped ("- [x] 2.1
// Retry helpers" over "  - Not needed - tests are stable") is skipped,
// ticked or not: the tick settled it by dropping it (heldout39 961 read
// eight dropped tasks as done).
func TestItemNotesThatDropTheWork(t *testing.T) {
	p := Parse("tasks.md", []byte("# Tasks\n\n- [x] 1. Detector\n  - [x] 1.1 Build it\n    - Runs tests 20 times\n  - [x] 1.2 Report\n    - Not needed - the detector prints it\n- [x] 2. Fixes\n  - [x] 2.1 Retry helpers\n    - Skipped - optional task\n  - [ ] 2.2 Timeouts\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Build it closed", "1.4 Timeouts open", "1.2 Report skipped", "1.3 Retry helpers skipped"}, units(p))
}

// A box mark goldmark leaves as text ("[~]") is an open box wherever the
// reader looks for one: a GSD phase ticked over such a plan line is read
// open, as over "- [ ]".
func TestTextBoxMarksAreOpenBoxes(t *testing.T) {
	p := Parse("ROADMAP.md", []byte("# Roadmap\n\n## Phases\n\n- [x] **Phase 1: Base** — setup\n  - [~] 01-01-PLAN.md — the schema\n- [ ] **Phase 2: UI** — tabs\n\n## Phase Details\n\n### Phase 1: Base\n**Goal**: a base\n**Depends on**: Nothing\n\n### Phase 2: UI\n**Goal**: tabs\n**Depends on**: Phase 1\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Base open", "1.2 UI open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "5:1: phase 1 (unit 1.1) is checked, but an item under it is not (line 6): read as open")
}

// Milestones and their revisions written side by side ("### M03 — Event
// model", "### M03.1 — Protocol revision", each with "- **Kind**: ...",
// "- **Status**: ...", "- **Depends on**: M03" bullets) are each a unit:
// the milestone, with a Status of its own, is N.0 before its parts, the
// Status bullets are read after labels the reader does not know, and a
// part that depends on a later milestone ("M03.2" on "M05") runs after it
// (heldout42 1021 lost five milestones and read none of five done).
func TestMilestonesBesideTheirRevisions(t *testing.T) {
	src := "# Milestone Roadmap\n\n## Milestones\n\n### M01 — Parser\n\n- **Kind**: foundation\n- **Status**: shipped\n- **Depends on**: —\n\n### M03 — Events\n\n- **Kind**: foundation\n- **Status**: planned\n- **Depends on**: M01\n\n### M03.1 — Protocol revision\n\n- **Kind**: revision\n- **Status**: planned\n- **Depends on**: M03\n\n### M03.2 — Floats\n\n- **Kind**: revision\n- **Status**: planned\n- **Depends on**: M03, M05\n\n### M05 — Live editor\n\n- **Kind**: feature\n- **Status**: planned\n- **Depends on**: M03\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Parser closed", "3.0 Events open", "3.1 Protocol revision open", "3.2 Floats open", "5.1 Live editor open"}, units(p))
	assert.Equal(t, []string{"3.0", "5.1"}, depsOf(p)["3.2"])
	assert.True(t, p.Sprints[3].DepsStated)
}

// A heading that ends in to-dos names work whatever kind it says: the
// numbered items under "High-level TODOs" are the units (heldout42 1029
// was refused).
func TestToDosSectionIsWork(t *testing.T) {
	p := Parse("TODO.md", []byte("# TODO: E2E in the release\n\nDesign principles\n-----------------\n- Keep it opt-in.\n- One script.\n\nHigh-level TODOs\n----------------\n1. Single hook script\n   - one YAML literal\n\n2. Opt-in flag\n   - RUN_E2E\n\n3. Artifact discovery\n   - glob dist/\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Single hook script open", "1.2 Opt-in flag open", "1.3 Artifact discovery open"}, units(p))
}

// A status word in a heading's brackets before when it happened
// ("## V0.35 (completed Q3 2021)", "(shipped March 2024)") marks the unit
// done, as a date in figures does (heldout42 1040 read its shipped release
// open).
func TestHeadingStatusBeforeAQuarter(t *testing.T) {
	p := ParseWith("ROADMAP.md", []byte("# Roadmap\n\n## V0.35 (completed Q3 2021)\n\nText.\n\n## V0.36 (shipped March 2022)\n\nText.\n\n## V0.37 (expected Q3 2022)\n\nText.\n"), Options{Reading: &Declared{Line: `units: "## {title}"`, From: "--reading"}})
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 V0.35 closed", "1.2 V0.36 closed", "1.3 V0.37 (expected Q3 2022) open"}, units(p))
}

// A table headed Milestone with a status in every row, under a heading
// about the work ("## Milestones"), is a table of units though the title
// names no plan; 💤 (paused) is a status, read as blocked (heldout43 1060
// was refused).
func TestMilestoneTableUnderAWorkHeading(t *testing.T) {
	src := "# Async fn fundamentals\n\n## Impact\n\n* Able to write async fn\n\n## Milestones\n\n| Milestone | State | Key participants |\n| --- | --- | --- |\n| Author evaluation doc | done 🎉 | [tmandry]\n| Stabilize TAIT | in-progress | [oli-obk]\n| Feature complete for async drop | 💤 |\n"
	p := Parse("roadmap.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Author evaluation doc closed", "1.2 Stabilize TAIT in_progress", "1.3 Feature complete for async drop blocked"}, units(p))

	// Under a heading that is not about the work, it stays text.
	p = Parse("roadmap.md", []byte(strings.Replace(src, "## Milestones", "## History", 1)))
	assert.Empty(t, p.Sprints)
}

// A task table whose done rows carry a mark before the id ("| ✅ T1 |"),
// with a depends-on column, is a table of units though it has a risk
// column: tasks that wait on each other are work. Its title is the first
// text column that differs row to row, not a role every row shares
// (heldout43 1063 was refused).
func TestTaskTableWithMarkedIDs(t *testing.T) {
	src := "# Tasks — protocol clarity\n\n| id | role | files | depends-on | risk |\n|---|---|---|---|---|\n| ✅ T1 | craftsman | roles.go | - | high |\n| T2 | craftsman | validator.md | T1 | low |\n| T3 | auditor | all | T1, T2 | high |\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 roles.go closed", "1.2 validator.md open", "1.3 all open"}, units(p))
	assert.Equal(t, map[string][]string{"1.2": {"1.1"}, "1.3": {"1.1", "1.2"}}, depsOf(p))
}

// Horizons under a document's roadmap section count though the title
// names no roadmap ("# Objective of this Document" ... "# Roadmap" over
// "## Rekor" over "### Short Term"), and a section beside them whose title
// says done ("### Completed in 2024") holds done work (heldout43 1057 was
// refused).
func TestHorizonsUnderARoadmapSection(t *testing.T) {
	src := "# Objective of this Document\n\nText.\n\n# Vision\n\n## Pervasive\n\n- Everyone signs\n- Everything verified\n\n# Roadmap\n\n## Clients\n\n### Completed in 2024\n\n* Releases\n* Java v1\n\n### Short Term\n\n* Rust v1\n* Go v1\n\n### Long Term\n\n* Conformance\n* Fuzzing\n\n## Rekor\n\n### Short Term (< 6 mo)\n\n* Sharding\n* Monitoring\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Releases closed", "1.2 Java v1 closed", "1.3 Rust v1 open", "1.4 Go v1 open", "1.5 Conformance open", "1.6 Fuzzing open", "1.7 Sharding open", "1.8 Monitoring open"}, units(p))

	// With themes under the horizons, the done section's theme is done.
	p = Parse("ROADMAP.md", []byte("# Overview\n\n# Roadmap\n\n## Shipped\n\n### Signing\n\n## Now\n\n### Sharding\n\n## Later\n\n### Fuzzing\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Signing closed", "1.2 Sharding open", "1.3 Fuzzing open"}, units(p))
}

// Plain bullets that each open with a tracker's key, right under phases
// that hold no units of their own, are the units, and a phase heading
// marked done closes them; a zero-padded key ("TASK-SCHEMA-001") is no
// bead id, so a key used twice is no error (heldout44 1070 read three
// phases). Keys under a label ("**Requirements Covered:**") stay text.
func TestKeyedBulletsUnderPhases(t *testing.T) {
	src := "# Implementation Plan\n\n## Archive\n\n### Phase 1: Performance (Completed)\n- TASK-P001: Add indexes\n- TASK-P002: Cache statements\n\n### Phase 2: Schema\n- TASK-SCHEMA-001: Align schema\n- TASK-STATE-001: State machine\n\n### Phase 3: Checks\n- TASK-SCHEMA-001: Add CHECK constraints\n"
	p := Parse("PLAN.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 TASK-P001: Add indexes closed", "1.2 TASK-P002: Cache statements closed", "2.1 TASK-SCHEMA-001: Align schema open", "2.2 TASK-STATE-001: State machine open", "3.1 TASK-SCHEMA-001: Add CHECK constraints open"}, units(p))

	p = Parse("ROADMAP.md", []byte("# Roadmap\n\n## Phase 1: Foundation\n\n**Requirements Covered:**\n- FOUND-01: Python project\n- FOUND-02: Proxy\n\n## Phase 2: Auth\n\n**Requirements Covered:**\n- AUTH-01: Keys\n- AUTH-02: Storage\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Foundation open", "2.1 Auth open"}, units(p))
}

// Four kinds of document that say what they are, each read as a plan
// before: the minutes of a meeting titled with its date and an
// "Attending" section (heldout44 1083); a guide titled as telling how a
// tool works, in Russian (heldout45 1111); an agent's command with an
// "Arguments" section over its steps (heldout45 1102); an acceptance
// record whose every box is ticked (heldout45 1099).
func TestSelfDescribedNonPlansRefused(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"# Planning meeting 2021-04-14\n\n## Attending\n\n- Josh\n- Niko\n\n## Design meeting candidates\n\n- [ ] async closures\n- [ ] let chains\n- [ ] never type\n",
			`it is the minutes of a meeting (its title "Planning meeting 2021-04-14" and its sections "attending" (line 3))`},
		{"# OpenSpec CLI – как это работает\n\n## Шаги\n\n### Шаг 1: Установка\n\nТекст.\n\n### Шаг 2: Инициализация\n\nТекст.\n\n### Шаг 3: Предложение\n\nТекст.\n",
			`its title "OpenSpec CLI – как это работает" says it is a tutorial or example`},
		{"# Pick Task\n\nSelect a task.\n\n## Arguments\n\n- `task_id` (optional)\n\n## Step 1 — If no task ID\n\nList them.\n\n## Step 2 — Dependency check\n\nCheck.\n\n## Step 3 — Pick the task\n\nPick.\n",
			`its section "Arguments" (line 5) and its steps say it is an agent's command`},
		{"# V1 acceptance\n\nDone on 2026-08-11.\n\n## 1. Desktop E2E — completed 2026-08-11\n\n- [x] launch\n- [x] sign in\n\n## 2. Remote — completed 2026-08-11\n\n- [x] tunnel\n",
			`its title "V1 acceptance" says it is a report, and every one of its 3 checkboxes is ticked`},
	} {
		p := Parse("p.md", []byte(c.src))
		require.Len(t, msgs(p, Error), 1, c.src)
		assert.Contains(t, msgs(p, Error)[0], c.want)
	}
}

// The level-3 areas under a plan's "## Prioritized Features", each with
// its list of items, are its units, their items the tasks (heldout43 1061,
// a release plan, was refused).
func TestAreasUnderPrioritizedFeatures(t *testing.T) {
	src := "# Aqua 0.7 Release Priorities and Plan\n\n## Design & Review Process\n\nText.\n\n## Prioritized Features\n\n### Core Redesign\n\n* Operator flow - *Owner: A*\n* Ansatz\n\n### Chemistry Stack\n\n* Drivers\n\n### Finance Stack\n\n* Pricing\n* Risk\n"
	p := Parse("rfc.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Core Redesign open", "1.2 Chemistry Stack open", "1.3 Finance Stack open"}, units(p))
	assert.Len(t, p.Sprints[0].Tasks, 2)
}

// A progress tracker that words a phase its own way closes it when most
// of its letters run alike (bigram Dice of 0.5 or more: "DB schema &
// Review status" for "DB schema & status"), never another phase's words;
// "Phase 6.1" in a tracker names unit 6.1, not all of phase 6 (heldout44
// 1090 read four of fourteen done tasks done).
func TestTrackerWordsAPhaseItsOwnWay(t *testing.T) {
	src := "# Epic 31 — tasks\n\n## Status\n\n- [x] Phase 1: DBスキーマ拡張 & Reviewステータス遷移\n- [x] Phase 2: budget approved\n- [x] Phase 3.1: Backend tests\n- [ ] Phase 3.2: Frontend tests\n\n## Phase 1: DBスキーマ拡張 & ステータス遷移\n\n### Task 1.1: Migration\n\nText.\n\n## Phase 2: Build\n\n### Task 2.1: Compile\n\nText.\n\n## Phase 3: Tests\n\n### Task 3.1: Backend tests\n\nText.\n\n### Task 3.2: Frontend tests\n\nText.\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Migration closed", "2.1 Compile open", "3.1 Backend tests closed", "3.2 Frontend tests open"}, units(p))
}

// A document's status line that names a unit done ("Status: **Etapa 2
// concluída; Etapa 3 aguardando gate**") closes it and the units before
// it with no status of their own, and says so (heldout44 1089 read none
// of six done stages done).
func TestStatusLineNamesTheLastDoneUnit(t *testing.T) {
	src := "# Workflow: fichas 2026\n\nStatus: **Etapa 2 concluída; Etapa 3 aguardando segundo gate**.\n\n## Plano por etapas\n\n### Etapa 1: baseline\n\nTexto.\n\n### Etapa 2: auditoria\n\nTexto.\n\n### Etapa 3: lançamento\n\nTexto.\n"
	p := Parse("workflow.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 baseline closed", "2.1 auditoria closed", "3.1 lançamento open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "3:1: the plan's status line says Etapa 2 is done, so it and the units before it with no status of their own are read done: 1.1, 2.1")
}

// A heading that names the procedure of a kind of work done once
// ("Step-by-Step Upgrade Procedure") is a section about the work: the
// numbered steps of its phases are the units, over the document's
// numbered checks before it (heldout42 1027 read eleven of fifteen).
func TestUpgradeProcedureIsWork(t *testing.T) {
	src := "# Kuma Upgrade Plan\n\n## Pre-Upgrade Checklist\n\n### 1. Resource Name Audit\n\nText.\n\n### 2. Policy Audit\n\nText.\n\n## Step-by-Step Upgrade Procedure\n\n### Phase 1: Preparation\n\n1. **Backup everything**\n2. **Fix names**\n\n### Phase 2: Staging\n\n1. **Deploy 2.11**\n2. **Verify DNS**\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Backup everything open", "1.2 Fix names open", "1.3 Deploy 2.11 open", "1.4 Verify DNS open"}, units(p))
	assert.False(t, workHeading("Release Procedure"))
}

// A status table whose rows name units by the key their titles open with
// ("| AI-01 | ... | 已完成并批量收口 |" beside "## 任务 1：AI-01，Bybit"),
// under a header the tables of other languages use ("当前状态"), closes
// them; a Chinese done word followed by "and" ("已完成并批量收口", done
// and closed out) is done (heldout46 1135 read twenty done tasks open).
func TestStatusTableKeyedByTitleKeys(t *testing.T) {
	src := "# 并行开发任务\n\n## 当前实现状态\n\n| 任务 | 交易所 | 当前状态 |\n| --- | --- | --- |\n| AI-01 | bybit | 已完成并批量收口 |\n| AI-02 | htx | 进行中 |\n\n## 任务 1：AI-01，Bybit\n\n目标。\n\n## 任务 2：AI-02，HTX\n\n目标。\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 AI-01，Bybit closed", "1.2 AI-02，HTX open"}, units(p))
	assert.Equal(t, StatusClosed, readStatus("已完成并批量收口").status)
	// Only a word that says done already: "must first complete and test".
	assert.NotEqual(t, StatusClosed, readStatus("需先完成并测试").status)
}

// A phase that is its own unit, named again later with the same title and
// another status ("## Phase 7: Cross-Platform UX (PLANNED)" after "##
// Phase 7: Cross-Platform UX (COMPLETED)"), is a stale copy: text, said,
// not a second unit (heldout46 1136 read eight phases of seven).
func TestPhaseNamedAgainIsNoSecondUnit(t *testing.T) {
	src := "# UX Plan\n\n## Phase 1: Tool Call UX (COMPLETED)\n\nText.\n\n## Phase 7: Cross-Platform UX (COMPLETED)\n\nText.\n\n## Phase 6: Packaging (COMPLETED)\n\nText.\n\n## Phase 7: Cross-Platform UX (PLANNED)\n\nOld text.\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Tool Call UX closed", "7.1 Cross-Platform UX closed", "6.1 Packaging closed"}, units(p))
	assert.Contains(t, msgs(p, Warning), `15:1: phase 7 "Cross-Platform UX (PLANNED)" is named again here, after line 7: read as text about that phase, not as another unit`)
}

// A mark between a unit's id and its separator ("### PR 4a ✅: Opt-in
// staging — #384") says how it stands; the heading is still a unit
// heading (heldout46 1134 read four test boxes instead of eleven PRs).
func TestMarkBeforeTheSeparator(t *testing.T) {
	src := "# Plan: Batch Remote Execution\n\n## PR Plan\n\n### PR 1 ✅: MinIO handler — #375\n\nText.\n\n### PR 4a ✅: Opt-in staging — #384\n\nText.\n\n### PR 5: Target profiles\n\nText.\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 MinIO handler — #375 closed", "1.4a Opt-in staging — #384 closed", "1.5 Target profiles open"}, units(p))
}

// A section that tells a process ("## Roadmap Process") comments on the
// work, and a question ("## What goes on the Roadmap?") asks about it:
// a roadmap that only says how roadmaps are made is refused (heldout46
// 1137 read its seven process steps as work).
func TestRoadmapProcessRefused(t *testing.T) {
	assert.False(t, workHeading("Roadmap Process"))
	src := "# wasmCloud Roadmap and Vision\n\nSee the project board.\n\n## Roadmap Process\n\nPlanned quarterly.\n\n### Step-by-step process\n\n1. A maintainer volunteers.\n2. Open a discussion.\n3. Review the issues.\n\n## What goes on the Roadmap?\n\n- Community priorities\n- Requests\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan")
}

// A title that leaves its date or version to fill in ("# Release
// candidate (DATE)"), with more placeholders in the text ("X.XX.X-rc.1"),
// is a form to copy for each release, though it never says template
// (heldout47 1149 was read as 22 units of work).
func TestFormWithPlaceholdersRefused(t *testing.T) {
	src := "# Release candidate (DATE)\n\n- [ ] Announce the release\n- [ ] Create new version tag for X.XX.X-rc.1\n\n# Final (DATE)\n\n- [ ] Tag the new release X.XX.X\n"
	p := Parse("RELEASE.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a template to copy and fill in (its title "Release candidate (DATE)" leaves a placeholder to fill in, and its text 3 more ("X.XX.X"))`)
	p = Parse("PLAN.md", []byte("# Release 2.4 plan\n\n- [ ] Announce the release\n- [ ] Tag v2.4.0\n"))
	require.Empty(t, msgs(p, Error))
}

// Three more from heldout47: "·" separates a unit's id from its title
// ("## Phase 0 · Foundations", 1145 was refused); a first paragraph that
// says "This guide ..." over "### Step N" headings makes a guide (1140);
// a "Deep Dive" title is a report's (1154).
func TestMiddleDotGuideIntroDeepDive(t *testing.T) {
	p := Parse("TASK-GRAPH.md", []byte("# TASK-GRAPH · Phases and gates\n\n## Phase 0 · Foundations\n\n- Gate: tests pass\n\n## Phase 1 · Drive mode\n\n- Gate: demo\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 Foundations open", "1.1 Drive mode open"}, units(p))

	p = Parse("guide.md", []byte("# Apollo Client with React Router\n\nThis guide covers integrating Apollo Client.\n\n## Setup\n\n### Step 1: Create the config\n\nText.\n\n### Step 2: Reveal entry files\n\nText.\n\n### Step 3: Configure the client\n\nText.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its first paragraph says it is a guide ("This guide covers integrating Apollo Client."), and nothing in it speaks of work to do`)

	p = Parse("dive.md", []byte("# Chat Panel UI Deep Dive - Agent Generation Progress\n\n## Event Types Rendered\n\n### 1. Message events\n\nText.\n\n### 2. Tool call events\n\nText.\n\n### 3. Status events\n\nText.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Chat Panel UI Deep Dive - Agent Generation Progress" says it is a report, and nothing in it speaks of work to do: its headings record what was done or found`)
}

// "### Task 2-1" under "## Phase 2" is task 2.1, its number written with
// a dash; "#### Weeks 3-4" stays a range (heldout47 1161 numbered phase
// 2's tasks 2.2 to 2.4).
func TestDashedTaskNumbers(t *testing.T) {
	src := "# Tasks\n\n## Phase 1: MVP\n\n### Task 1-1: Upload\n\nText.\n\n### Task 1-2: List\n\nText.\n\n## Phase 2: Tags\n\n### Task 2-1: Tag admin\n\nText.\n\n### Task 2-2: Tag filter\n\nText.\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Upload open", "1.2 List open", "2.1 Tag admin open", "2.2 Tag filter open"}, units(p))
}

// A unit written again with the same id and title ("### 里程碑 12：数据
// 库初始化功能" four times, each draft left above the next) is one unit:
// the last copy is read, and the earlier ones are left out with a warning
// (heldout47 1147 read fifteen milestones of twelve).
func TestUnitWrittenAgain(t *testing.T) {
	src := "# 开发计划\n\n## 里程碑\n\n### 里程碑 1：基础结构\n\n- [x] 建立目录\n\n### 里程碑 2：数据库初始化\n\n- [ ] 编写脚本\n\n### 里程碑 2：数据库初始化\n\n- [x] 编写脚本\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 基础结构 closed", "1.2 数据库初始化 closed"}, units(p))
	assert.Contains(t, msgs(p, Warning), `9:1: unit 1.2 "数据库初始化" is written again at line 13, with the same id and title: the later copy is read, and this one is left out`)
}

// A plan's self-review ("## Self-Review" over "- [x] Config typed —
// Task 4") checks that it covers each task; its ticks close none (heldout48
// 1164 read five of eight open tasks done).
func TestSelfReviewTicksCloseNothing(t *testing.T) {
	src := "# Setup Plan\n\n## Task 1: Install\n\n- [ ] **Step 1:** add deps\n\n## Task 2: Configure\n\n- [ ] **Step 1:** write config\n\n## Task 3: Test\n\n- [ ] **Step 1:** run\n\n## Self-Review\n\n- [x] Installed — Task 1\n- [x] Configured — Task 2\n- [x] Tested — Task 3\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Install open", "1.2 Configure open", "1.3 Test open"}, units(p))
	// Under a heading that is no review, the same lines close them.
	p = Parse("plan.md", []byte(strings.Replace(src, "## Self-Review", "## Checklist rápido", 1)))
	assert.Equal(t, []string{"1.1 Install closed", "1.2 Configure closed", "1.3 Test closed"}, units(p))
}

// A plan that keeps its retrospective ("# Sprint Plan: Phase 5" with "##
// Lessons Learned", "### What Worked", "### What to Improve") is still a
// plan; the same sections under a title that names no plan make a
// retrospective (heldout48 1187 was refused as one).
func TestPlanWithItsRetrospective(t *testing.T) {
	src := "# Sprint Plan: Phase 5\n\n## Work\n\n### Day 1: Entrypoints\n\n- [x] invoke\n\n### Day 2: Stdlib\n\n- [ ] io\n\n## Lessons Learned\n\n### What Worked\n\n- tests first\n\n### What to Improve\n\n- estimates\n"
	p := Parse("sprint.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Entrypoints closed", "1.2 Stdlib open"}, units(p))
	p = Parse("sprint.md", []byte(strings.Replace(src, "# Sprint Plan: Phase 5", "# Phase 5 notes", 1)))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it is a retrospective")
}

// A title that names follow-ups names work to do: the sections of
// "# SPRINT-020 Follow-Ups", each with its list, are its units
// (heldout48 1176 was refused).
func TestFollowUpsTitleNamesWork(t *testing.T) {
	src := "# SPRINT-020 Follow-Ups\n\n## Compressor rows\n\n- **Status:** Completed in Sprint 021\n- move rows to the executor\n\n## Attention path\n\n- index it\n- test it\n"
	p := Parse("followups.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Compressor rows closed", "1.2 Attention path open"}, units(p))
}

// Units of one id and title in two phases ("### Step 1: Tests" under
// each) are two units: only a copy in the same phase is the same unit.
func TestSameStepInTwoPhases(t *testing.T) {
	src := "# Plan\n\n## Phase 1: API\n\n### Step 1: Tests\n\n- [ ] write\n\n## Phase 2: UI\n\n### Step 1: Tests\n\n- [ ] write\n"
	p := Parse("plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Tests open", "2.1 Tests open"}, units(p))
}

// Headings lettered A, B, ... one level under a section about the work
// ("## 2) Work Items" over "### A. Entrypoint Invocation ✅ COMPLETE") are
// the units, over the walker's fewer "### Day N" (heldout48 1187 read two
// days); a lettered run broken by another heading is none.
func TestLetteredWorkItems(t *testing.T) {
	src := "# Sprint Plan: Phase 5\n\n## 2) Work Items\n\n### A. Entrypoint ✅ COMPLETE\n\nText.\n\n### B. Registry ✅ COMPLETE\n\nText.\n\n### C. Examples ⏳ IN PROGRESS\n\nText.\n\n## 5) Daily Checkpoints\n\n### Day 1 (Oct 2) ✅ COMPLETE\n\nText.\n\n### Day 2 (Oct 3)\n\nText.\n"
	p := Parse("sprint.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 A. Entrypoint closed", "1.2 B. Registry closed", "1.3 C. Examples in_progress"}, units(p))
	p = Parse("sprint.md", []byte(strings.Replace(src, "### B. Registry", "### Notes", 1)))
	assert.NotContains(t, units(p), "1.1 A. Entrypoint closed")
}

// A work log ("# 工作日誌：…", "# Work log: …") records work done, like a
// report: its ticked "TODO" boxes are a record, not a plan (heldout43 1055
// compiled to two closed beads).
func TestWorkLogIsNoPlan(t *testing.T) {
	src := "# 工作日誌：登入系統\n\n## 已完成事項\n\n### 1. 核心實作\n\n- 完成\n\n## 剩餘工作 (TODO)\n\n- [x] T030b: 日誌\n- [x] T034: 測試\n"
	p := Parse("log.md", []byte(src))
	assert.Equal(t, []string{`1:1: log.md is not a plan: its title "工作日誌：登入系統" says it is a report, and every one of its 2 checkboxes is ticked: a record of what was checked or done, not work to do; the closest reading, units are the plan's checkbox items (2 units, first at line 11), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
	// With a box still open it is work to do.
	p = Parse("log.md", []byte(strings.Replace(src, "- [x] T034", "- [ ] T034", 1)))
	require.Empty(t, msgs(p, Error))
	// 汇报 (a report to a meeting) says a report too (heldout57 1401).
	p = Parse("m.md", []byte("# OmicsClaw 组会汇报\n\n## 3. 工程实现\n\n| 编号 | 任务 | 状态 |\n|---|---|---|\n| 1 | A | 完成 |\n| 2 | B | 完成 |\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a report`)
}

// A title with a generator's slot in capitals ("{{FEATURE_NAME}}") over
// text with more of them is a form to fill in (heldout49 1210 read its
// two phases as work); a Go template a plan is about is not a slot.
func TestSlotTitleIsTemplate(t *testing.T) {
	src := "# ExecPlan: {{FEATURE_NAME}}\n\n## Phase 1: {{PHASE_1_NAME}}\n\n- [ ] {{TASK}}\n\n## Phase 2: {{PHASE_2_NAME}}\n\n- [ ] test\n"
	p := Parse("t.md", []byte(src))
	assert.Equal(t, []string{`1:1: t.md is not a plan: it is a template to copy and fill in (its title "ExecPlan: {{FEATURE_NAME}}" leaves a placeholder to fill in, and its text 3 more ("{{PHASE_2_NAME}}")): its headings are for each copy, not work to compile; the closest reading, each level-2 phase heading is one unit of work (2 units, first at line 3), was not taken; if it is a plan, declare that reading in its front matter: units: phases`}, msgs(p, Error))
	p = Parse("t.md", []byte("# Render {{ .Name }} in titles\n\n## Phase 1: Parser\n\n- [ ] read {{ .Name }}\n\n## Phase 2: Output\n\n- [ ] write {{ .Name }}\n"))
	require.Empty(t, msgs(p, Error))
	// A name in another script in single braces is a slot too (heldout55
	// 1340, a Korean tasks template, read its one phase as work).
	p = Parse("t.md", []byte("# Tasks: {기능명}\n\n## 태스크 목록\n\n### Phase 1: {단계명}\n\n- [ ] {태스크 제목}\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a template to copy and fill in (its title "Tasks: {기능명}" leaves a placeholder to fill in, and its text 1 more`)
}

// MADR's sections ("Context and Problem Statement", "Considered Options",
// "Decision Outcome") make a decision record whatever its title; its
// "#### Step1 - Define the Steps" show the decision at work (heldout49
// 1205 read three steps as work).
func TestMADRIsDecisionRecord(t *testing.T) {
	src := "# Business Process Execution\n\n## Context and Problem Statement\n\nWhy.\n\n## Considered Options\n\n- one\n- two\n\n## Decision Outcome\n\nTwo.\n\n#### Step 1 - Define the steps\n\nCode.\n\n#### Step 2 - Define the process\n\nCode.\n"
	p := Parse("adr.md", []byte(src))
	assert.Equal(t, []string{`1:1: adr.md is not a plan: it is an architecture decision record (its sections "context and problem statement" (line 3), "considered options" (line 7), "decision outcome" (line 12)): it records what was decided or said, and its headings are not work to compile; the closest reading, units are level-4 "Step {n}: {title}" headings with no phases (2 units, first at line 16), was not taken; if it is a plan, declare that reading in its front matter: units: "#### Step {n}: {title}"`}, msgs(p, Error))
}

// A completion handoff is a report: the bullets of its "What Was
// Delivered" and "Next Steps" sections are what it records and suggests
// (heldout49 1193 read 23 of them as work).
func TestHandoffStatusListsIsNoPlan(t *testing.T) {
	src := "# Phase 6 Completion Handoff\n\n## What Was Delivered\n\n- docs\n- templates\n\n## Next Steps\n\n- review\n- release\n"
	p := Parse("h.md", []byte(src))
	assert.Equal(t, []string{`1:1: h.md is not a plan: its title "Phase 6 Completion Handoff" says it is a report, and the only work the closest reading finds is the bullets of sections that say how their work stands: what it records, and what it suggests next; the closest reading, units are the plain bullets of sections whose titles say how their work stands (4 units, first at line 5), was not taken; if it is a plan, declare that reading in its front matter: format: status-lists`}, msgs(p, Error))
}

// TOML front matter ("+++", Hugo's and Zola's) is blanked like YAML's,
// and its title says what the page is: "Retrospective on the May-July
// roadmap" looks back on a plan (heldout49 1194 read its 31 reviewed
// items as work).
func TestTOMLTitleRetrospective(t *testing.T) {
	src := "+++\ntitle = \"Retrospective on the May-July roadmap\"\nauthors = [\"D\"]\n+++\n\nWe looked back.\n\n## Vello\n\n### Robust memory\n\n- **Priority:** High.\n- **Status**: Not landed.\n\n### Snapshot tests\n\n- **Priority:** High.\n- **Status**: Implemented.\n\n### Sparse strips\n\n- **Priority:** Low.\n- **Status**: Started.\n\n### Add tests\n\n- **Status**: Done.\n\n### Docs\n\n- **Status**: Done.\n"
	p := Parse("retro.md", []byte(src))
	assert.Equal(t, []string{`1:1: retro.md is not a plan: it is a retrospective (its title "Retrospective on the May-July roadmap"): it records what was decided or said, and its headings are not work to compile; the closest reading, units are the level-3 headings "### {title}" (5 units, first at line 10), was not taken; if it is a plan, declare that reading in its front matter: units: "### {title}"`}, msgs(p, Error))
	// The same sections under a roadmap's own title are its work.
	p = Parse("roadmap.md", []byte(strings.Replace(src, "Retrospective on the May-July roadmap", "Roadmap for May-July", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 5)
}

// In a page its front matter titles as a roadmap, headings that each carry
// a Priority field ("- **Priority:** High.", "- **Assigned:** …") are its
// work items, as headings with a Status field are (heldout49 1198 was
// refused); with no title that names a plan, they are not.
func TestPriorityFieldHeadings(t *testing.T) {
	item := func(name string) string {
		return "### " + name + "\n\n- **Priority:** High.\n- **Assigned:** Ann.\n- **Description:** Why.\n\n"
	}
	body := "Intro.\n\n## Vello\n\n" + item("Robust memory") + item("Snapshot tests") + "## Masonry\n\n" + item("Text input") + "## Xilem\n\nProse only.\n"
	p := Parse("post.md", []byte("+++\ntitle = \"May-July roadmap for Linebender\"\n+++\n\n"+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Robust memory open", "1.2 Snapshot tests open", "1.3 Text input open"}, units(p))
	p = Parse("post.md", []byte("+++\ntitle = \"What we talked about\"\n+++\n\n"+body))
	assert.NotEmpty(t, msgs(p, Error))
}

// A table whose work column stands past the first ("| Priority | Scenario
// | Notes | State |"), in a roadmap, is its units when the State column
// says how each row stands in words or marks; a mark the reader does not
// know ("📝") is open, with a warning (heldout50 1225 was refused).
func TestMarkedRowsWorkColumnPastFirst(t *testing.T) {
	src := "# Terminal 2.0 Roadmap\n\n## Scenarios\n\n| Priority | Scenario | Notes | State |\n| --- | --- | --- | --- |\n| 0 | Settings UI | A UI. | ✔️ |\n| 1 | Tab tear-off | Tabs. | 📝 |\n| 2 | Quake mode | Hotkey. | ✔️ |\n"
	p := Parse("r.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Settings UI closed", "1.2 Tab tear-off open", "1.3 Quake mode closed"}, units(p))
	assert.Contains(t, msgs(p, Warning), `8:30: Status "📝" of unit 1.2 is not a status the compiler knows; read as open (known: done, in progress, blocked, open, skipped, and their usual words and emoji)`)
	// Marks alone, none known, say nothing of how the rows stand.
	p = Parse("r.md", []byte(strings.ReplaceAll(src, "✔️", "🚀")))
	assert.NotEmpty(t, msgs(p, Error))
}

// A table of phases numbered 0, 1, 2 under a heading about the work
// ("## 7. Lộ trình 6 phase", a roadmap) is the plan's units; under an
// implementation summary (実施サマリ) it is a record (heldout50 1235 was
// refused; heldout38 947 stays refused).
func TestPhaseTableUnderRoadmapHeading(t *testing.T) {
	table := "| Phase | Tên | Thời lượng | Output |\n|---|---|---|---|\n| 0 | Inventory | 1 tuần | a |\n| 1 | Template | 1 tuần | b |\n| 2 | CLI | 2 tuần | c |\n"
	p := Parse("x.md", []byte("# Kakehashi — Tổng quan\n\n## 7. Lộ trình 6 phase\n\n"+table))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Inventory open", "1.1 Template open", "1.2 CLI open"}, units(p))
	p = Parse("x.md", []byte("# Cutover\n\n## 実施サマリ\n\n"+table))
	assert.NotEmpty(t, msgs(p, Error))
}

// A title that says it is an agent's prompt ("Release Testing Agent
// Prompt") is what the agent does each time it runs: its phases and
// numbered steps are not work to compile (heldout50 1219 read 46 steps).
func TestAgentPromptTitleIsNoPlan(t *testing.T) {
	src := "# Release Testing Agent Prompt\n\n## Mission\n\nYou are testing the install.\n\n## Phase 1: Installation\n\n### 1.1 Install the CLI\n\nRun it.\n\n### 1.2 Run tests\n\nRun them.\n\n## Phase 2: Dev server\n\n### 2.1 Start it\n\nRun it.\n"
	p := Parse("prompt.md", []byte(src))
	assert.Equal(t, []string{`1:1: prompt.md is not a plan: its title "Release Testing Agent Prompt" says it is an agent's prompt: its headings are what the agent does each time it runs, not work to compile; the closest reading, units are level-3 "{n} {title}" headings under phases (3 units, first at line 9), was not taken; if it is a plan, declare that reading in its front matter: units: "### {n} {title}"`}, msgs(p, Error))
	p = Parse("plan.md", []byte(strings.Replace(src, "# Release Testing Agent Prompt", "# Agent Prompt Rewrite Plan", 1)))
	require.Empty(t, msgs(p, Error))
}

// Checkboxes that repeat the same few titles ("- [x] Init", "- [x] Edit"
// under each of the hooks a design describes) tick options in a matrix,
// not work (heldout50 1218 read 42 of them as units).
func TestRepeatedBoxTitlesAreAMatrix(t *testing.T) {
	hook := func(name string) string {
		return "#### " + name + "\n\n- Required/optional\n  - [ ] Required\n  - [x] Optional\n- Subcommands\n  - [x] Init\n  - [x] Edit\n\n"
	}
	src := "# Extensible CLI - Phase 1.5\n\n## Proposal\n\n" + hook("Update metadata") + hook("Bind flags") + hook("Scaffold")
	p := Parse("d.md", []byte(src))
	assert.Equal(t, []string{`1:1: d.md is not a plan: its 12 checkboxes repeat the same 4 titles: they tick options in a matrix or a form, not work to do; the closest reading, units are the plan's checkbox items (12 units, first at line 8), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
}

// "## Purpose" and "## Inputs" over a "## Steps" list: a command's
// procedure, followed each time it runs (heldout50 1215 read its five
// steps as work).
func TestPurposeInputsStepsIsProcedure(t *testing.T) {
	src := "# EXECUTE — Task Execution Wrapper\n\n## Purpose\n\nRuns a task.\n\n## Inputs\n\n- the PRD\n\n## Steps\n\n1. **Pre-flight checks**\n2. **Work period**\n3. **Finalize**\n"
	p := Parse("cmd.md", []byte(src))
	assert.Equal(t, []string{`1:1: cmd.md is not a plan: its sections "Purpose" (line 3) and "Inputs" (line 7) over its steps say it is a command's procedure: its steps are followed each time it runs, not work to compile; the closest reading, units are the numbered items under "Steps" (3 units, first at line 13), was not taken; if it is a plan, declare that reading in its front matter: units: "{n}. {title} under ## Steps"`}, msgs(p, Error))
}

// A standing procedure ("# Incident response plan") is followed each
// time it is needed: its numbered stages are not work (heldout51 1244);
// notes on how something is carried out ("…生产实施说明") are no work
// section (heldout51 1259).
func TestStandingProcedureAndNotes(t *testing.T) {
	stages := "### 1. Triage\n\n- assess\n\n### 2. Assessment\n\n- scope\n\n### 3. Response\n\n- fix\n"
	p := Parse("ir.md", []byte("# Incident response plan\n\n## Stages\n\n"+stages))
	assert.NotEmpty(t, msgs(p, Error))
	assert.Empty(t, p.Sprints)
	p = Parse("x.md", []byte("# Roost 核心基建生产实施说明\n\n## 1. 运行模型\n\n- 规则\n\n## 2. 事务一致性\n\n- 规则\n\n## 3. 主动 Flush\n\n- 规则\n"))
	assert.NotEmpty(t, msgs(p, Error))
	assert.False(t, workSection("Roost 核心基建生产实施说明"))
	assert.True(t, workSection("实施步骤"))
}

// Sections titled by dates whose items say what was done ("- Added …",
// "- Fixed …") are a log (heldout51 1253 read two days as work); the
// same dates over work still to do are a schedule.
func TestDatedLogIsNoPlan(t *testing.T) {
	src := "# Progress\n\n## 2026-03-18\n\n- Started issue #1.\n- Added a test.\n\n## 2026-03-17\n\n- Fixed the build.\n- Moved the docs.\n"
	p := Parse("log.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its 2 level-2 sections are titled by dates and 4 of their items say what was done ("Added …", "Fixed …"): a log, not work to do`)
	p = Parse("plan.md", []byte("# Launch plan\n\n## 2026-03-17\n\n- [ ] Freeze the build\n- [ ] Tag it\n\n## 2026-03-18\n\n- [ ] Publish\n- [ ] Announce\n"))
	require.Empty(t, msgs(p, Error))
}

// A title that names a model of how something runs ("03 — EXECUTION
// MODEL") is no plan's title, though "execution" is a plan word: its
// numbered sections are a design's (heldout51 1238 read seven).
func TestModelTitleIsNoPlanTitle(t *testing.T) {
	assert.False(t, planTitle("03 — EXECUTION MODEL"))
	assert.True(t, planTitle("Execution model migration plan"))
	assert.True(t, planTitle("Execution Plan"))
	src := "# 03 — EXECUTION MODEL\n\n## 1. Event Model\n\n### 1.1 Principle\n\nText.\n\n### 1.2 Event Types\n\nText.\n\n## 2. Phase Machine\n\n### 2.1 Phases\n\nText.\n\n### 2.2 Transitions\n\nText.\n"
	p := Parse("m.md", []byte(src))
	assert.NotEmpty(t, msgs(p, Error))
	assert.Empty(t, p.Sprints)
}

// Phase headings that say their work is done ("## Phase 2 — baseline —
// DONE") are tracked work, though a "## Context" section makes the rest
// read like a design: the phases are read, not refused (heldout51 1249).
func TestMarkedPhasesAreTracked(t *testing.T) {
	src := "## Context\n\nWhy.\n\n## Phase 1 — harness — do first\n\nText.\n\n## Phase 2 — baseline — DONE\n\nText.\n\n## Phase 3 — gaps\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 harness — do first open", "2.1 baseline closed", "3.1 gaps open"}, units(p))
}

// In a roadmap, a table numbered in its "#" column with an "Item" title
// column is its list of work (heldout51 1258 was refused); under a column
// headed ID, keys of two trackers in one table ("DOC-3", then "POL-1")
// are ids still (heldout48 1183 read a phase for the table).
func TestNumberedItemTableAndMixedKeys(t *testing.T) {
	p := Parse("r.md", []byte("# Ava roadmap\n\n## Now\n\n| # | Item | Detail |\n|---|---|---|\n| 1 | Task intake | a |\n| 2 | Docker isolation | b |\n| 3 | Fleet board | c |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Task intake open", "1.2 Docker isolation open", "1.3 Fleet board open"}, units(p))
	p = Parse("b.md", []byte("# Remaining Backlog\n\n## P3 — Docs\n\n| ID | Item | Notes |\n| --- | --- | --- |\n| DOC-1 | Cleanup | a |\n| DOC-2 | Version | b |\n| POL-1 | Rename | c |\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A progress checklist that words each unit short ("- [x] PR 2 —
// diff-line identity primitive — **DONE**" for "### PR 2 — Internal:
// resolve diff lines to (file, line, kind) identities") closes it: two of
// its words at least, two in three, are the unit's (heldout51 1246 closed
// one PR of three).
func TestShortTitledChecklistCloses(t *testing.T) {
	assert.True(t, shortFor("async render fixes — **DONE 2026-08-09** on branch", "Fix flicker, scroll glitches, and crashes in async diff rendering"))
	assert.True(t, shortFor("diff-line identity primitive — **DONE**", "Internal: resolve diff lines to (file, line, kind) identities"))
	assert.False(t, shortFor("budget approved", "Build the release pipeline"))
	assert.False(t, shortFor("rename", "Rename the pagers config"))
}

// "Implementation Highlights" (or Summary, Overview) remarks on work, as
// "Implementation Notes" does: it makes no report a plan, and a completion
// report's "Next Steps (Optional)" stay its suggestions (heldout52 1267
// read seven of them as work).
func TestHighlightsAreRemarks(t *testing.T) {
	assert.False(t, workHeading("Implementation Highlights"))
	assert.False(t, workHeading("Implementation Summary"))
	// "Implementation Quality" judges the work (heldout54 1330, an
	// implementation report, read its deliverables as work).
	assert.False(t, workHeading("Implementation Quality"))
	src := "# Phase 6 Completion Report\n\n## Objectives Completed\n\n### Phase 6.1: Testing ✅\n\nDone.\n\n## Implementation Highlights\n\nGood.\n\n## Next Steps (Optional)\n\n1. Gather feedback\n2. Add docs\n3. Tune\n"
	p := Parse("r.md", []byte(src))
	assert.NotEmpty(t, msgs(p, Error))
	assert.Empty(t, p.Sprints)
}

// A review of a roadmap ("# ROADMAP review (End of June '20)") is a
// report: its plain bullets cite what was done (heldout52 1271 read 20).
func TestRoadmapReviewIsReport(t *testing.T) {
	src := "# ROADMAP review (End of June '20)\n\nWe reached the end of our roadmap.\n\n## Documentation\n\nDone.\n\n### Relevant documents\n\n- Automate docs (#276)\n- Revise docs (#284)\n\n## Working towards 1.0\n\n### Relevant documents\n\n- Sign metadata (#300)\n"
	p := Parse("r.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "ROADMAP review (End of June '20)" says it is a report, and the only units the closest reading finds are plain bullets, with no checkbox: what it records or cites, not work to do`)
	assert.True(t, titlePlans("Roadmap 2021", ""))
}

// A roadmap with no title of its own ("### Roadmaps" over "# Eventing")
// is titled by its file's name ("eventing-roadmap-2021.md"): its horizons
// are read (heldout52 1270 was refused).
func TestHorizonsTitledByFileName(t *testing.T) {
	src := "### Roadmaps\n\n- [Eventing](#eventing)\n\n# Eventing\n\n## Next 3 Months (Short-term)\n\n### Spec\n\nText.\n\n### Ready\n\nText.\n\n## Next 6 Months (Midterm)\n\n### Filter\n\nText.\n"
	p := Parse("docs/eventing-roadmap-2021.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "headings | format: horizons", chosen(p))
	assert.Equal(t, []string{"1.1 Spec open", "1.2 Ready open", "1.3 Filter open"}, units(p))
}

// A Cursor plan whose todo content holds ": " unquoted ("record `_saved:
// Config | None`"), which YAML refuses, is read with a warning at the
// line, not refused (heldout53 1293); front matter broken otherwise is
// still an error.
func TestCursorTodoColonValue(t *testing.T) {
	src := "---\nname: redesign\noverview: Replace it.\ntodos:\n  - id: a\n    content: Rename the helper\n    status: completed\n  - id: b\n    content: At enter, record `_saved: Config | None` for the parent.\n    status: pending\n---\n\n# Redesign\n\nText.\n"
	p := Parse("c.plan.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Rename the helper closed", "1.2 At enter, record `_saved: Config | None` for the parent open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `9:1: settings: the value at line 9 holds ": " without quotes, which YAML refuses; read as text`)
	p = Parse("c.md", []byte("---\nprefix: [oops\n---\n\n# Plan\n\n## Phase 1: A\n\n### Sprint 1.1: B\n"))
	assert.NotEmpty(t, msgs(p, Error))
}

// Numbered headings under "## Common Tasks" (or Recipes, FAQ,
// Troubleshooting) say how to do each thing every time: an operator's
// runbook, not work (heldout53 1295 read seven as units).
func TestCommonTasksAreRoutine(t *testing.T) {
	src := "# Runbook\n\n## What Do I Do?\n\nRun it.\n\n## Common Tasks\n\n### 1. Fix a failing test\n\nRun fixit.\n\n### 2. Dry-run first\n\nRun --dry.\n\n### 3. Publish\n\nRun publish.\n"
	p := Parse("r.md", []byte(src))
	assert.NotEmpty(t, msgs(p, Error))
	assert.Empty(t, p.Sprints)
	p = Parse("r.md", []byte(strings.Replace(src, "## Common Tasks", "## Tasks", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// "## Engineering plan" (a kind of work, then "plan") names the plan's
// work section, so its phases are no design's (heldout53 1284 was
// refused); "File-Level Plan" and "Test Plan" name none.
func TestKindPlanIsWorkHeading(t *testing.T) {
	assert.True(t, workHeading("Engineering plan"))
	assert.True(t, workHeading("Migration Plan"))
	assert.False(t, workHeading("Test Plan"))
	assert.False(t, workHeading("File-Level Plan"))
}

// A roadmap's horizons may say only when ("### Near term: summer 2024",
// "### Longer term") or open with a date ("### Early July 2024: release
// 0.17"): a time after the separator names no theme (heldout53 1300 read
// two of its four horizons).
func TestHorizonsSayingWhen(t *testing.T) {
	assert.True(t, whenHeading("Early July 2024: release 0.17"))
	assert.False(t, whenHeading("Trading: release 0.17"))
	assert.False(t, namesTheme("Near term: summer 2024"))
	assert.True(t, namesTheme("Next: connect agents to workflows"))
	assert.True(t, horizonHeading("Longer term"))
	src := "# Roadmap\n\n### Early July 2024: release 0.17\n- Overrides\n- Selection view\n\n### Near term: summer 2024\n- Time-batch API\n- Query API\n\n### Longer term\n- Mobile\n- Plugins\n"
	p := Parse("roadmap.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A table of files with a count of lines is work when its Status column
// says how each row stands ("| # | File | Lines | Status |" over
// "Completed"): files converted one by one, not places a review found
// (heldout54 1328 could not be declared as table rows).
func TestLineCountTableWithStatus(t *testing.T) {
	src := "# Test Suite Conversion Plan\n\n## Conversion Order\n\n| # | File | Lines | Status |\n|---|------|-------|--------|\n| 1 | `admin_test.go` | 155 | Completed |\n| 2 | `links_test.go` | 196 | Skipped (complex) |\n| 3 | `x_test.go` | 200 | Reverted |\n| 4 | `y_test.go` | 210 | Completed |\n"
	p := Parse("c.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 admin_test.go closed", "1.3 x_test.go open", "1.4 y_test.go closed", "1.2 links_test.go skipped"}, units(p))
	p = Parse("r.md", []byte("# Review\n\n## Findings\n\n| # | File | Lines | Note |\n|---|---|---|---|\n| 1 | `a.go` | 12 | leak |\n| 2 | `b.go` | 40 | race |\n| 3 | `c.go` | 9 | typo |\n"))
	assert.Empty(t, p.Sprints)
}

// A title that says the work is done ("OAuth Implementation - ALL PHASES
// COMPLETE!"), naming no plan of its own, reports it: its phases, all
// ticked, are no work (heldout55 1335 read eight closed beads); a plan's
// title keeps its phases ("… Plan ✅").
func TestDoneTitleReports(t *testing.T) {
	src := "# OAuth Implementation - ALL PHASES COMPLETE!\n\n## Completed Features\n\n### Phase 1: Core module ✅\n\n- token store\n\n### Phase 2: Endpoints ✅\n\n- login\n\n## Files Created/Modified\n\n- a.go\n"
	p := Parse("r.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "OAuth Implementation - ALL PHASES COMPLETE!" says it is a report`)
	p = Parse("r.md", []byte(strings.Replace(src, "# OAuth Implementation - ALL PHASES COMPLETE!", "# OAuth Plan ✅", 1)))
	require.Empty(t, msgs(p, Error))
}

// A release named by its version alone ("## v1.1") is a release of the
// roadmap as "## v1.0-rc.1 (Oct 2024)" is (heldout55 1352 left it out).
func TestBareVersionRelease(t *testing.T) {
	src := "# Roadmap\n\n## v1.0-rc.1 (Oct 2024)\n\n- Bugfixes\n\n## v1.0-stable (Jan 2025)\n\n- CLI\n\n## v1.1\n\n- Bugfixes\n\n## v2 (2025)\n\n- Plugins\n"
	p := Parse("r.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	assert.Equal(t, "v1.1", p.Sprints[2].Title)
}

// Numbered sections ("## 1. CI/CD Pipeline") that each hold dotted items
// ("### 1.1 Automated Testing"), beside a roadmap's phases that hold none,
// have the dotted items as their units (heldout55 1332 read the eight
// sections).
func TestDottedUnderNumberedSections(t *testing.T) {
	src := "# Improvement Plan\n\n## 1. CI/CD (PRIORITY: HIGH)\n\n### 1.1 Testing pipeline\n\nText.\n\n### 1.2 Quality checks\n\nText.\n\n## 2. Testing\n\n### 2.1 Coverage\n\nText.\n\n## 3. Docs\n\n### 3.1 API docs\n\nText.\n\n## Implementation Roadmap\n\n### Phase 1: Foundation (Weeks 1-4)\n\nText.\n\n### Phase 2: Quality (Weeks 5-8)\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {n} {title}"`, chosen(p))
	assert.Len(t, p.Sprints, 4)
}

// A response plan ("# Breach Notification Response Plan") is a standing
// procedure (heldout56 1360 read its decision tree as work); a README's
// checkboxes say what the project supports (heldout56 1375 read 47).
func TestResponsePlanAndReadmeBoxes(t *testing.T) {
	p := Parse("b.md", []byte("# Breach Notification Response Plan\n\n## Decision tree\n\n1. Contain it\n2. Assess it\n\n## Evidence pointers\n\n- logs\n- tickets\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Breach Notification Response Plan" names a standing procedure`)
	p = Parse("README.md", []byte("# xline-client\n\n## Features\n\nFast.\n\n## Supported APIs\n\n- [x] Put\n- [x] Get\n- [ ] Watch\n\n## Getting Started\n\nInstall it.\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its checkboxes say what the project supports or has done, not work to compile`)
}

// A roadmap's tables with the status first and the work described after
// ("| Status | Description | Comments |" over "| ✔️ | Fix timeouts |") are
// its units (heldout56 1376 and 1377 read their releases); an id column
// first ("| Item | Description | Status |") leaves the table to the
// readings of ids.
func TestStatusFirstDescriptionTable(t *testing.T) {
	src := "# Specification Roadmap\n\n## Next release\n\n| Status | Description | Comments |\n| --- | --- | --- |\n| ✔️ | Fix timeouts | doc |\n| ✏️ | Add inline states | |\n| ✔️ | Refactor errors | |\n"
	p := Parse("r.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Fix timeouts closed", "1.2 Add inline states open", "1.3 Refactor errors closed"}, units(p))
}

// A roadmap with no section of its own whose numbered items open with a
// bold title ("1. **Better Datashader integration**: ...") has them as
// its units (heldout55 1343 was refused); plain numbered notes do not.
func TestRoadmapNumberedGoals(t *testing.T) {
	src := "# HoloViz Roadmap, as of 11/2024\n\nPriorities:\n\n1. **Maintenance**: fix bugs.\n\n2. **Datashader integration**: improve it.\n\nOther goals:\n\n1. **3D rendering**: add it.\n\n2. **More plot types**: treemaps.\n"
	p := Parse("r.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Maintenance: fix bugs open", "1.2 Datashader integration: improve it open", "1.3 3D rendering: add it open", "1.4 More plot types: treemaps open"}, units(p))
	p = Parse("r.md", []byte("# HoloViz Roadmap\n\n1. fix bugs\n2. improve it\n3. add it\n"))
	assert.NotEmpty(t, msgs(p, Error))
}

// A status in the ASCII brackets that end a title ("(完了)"), or the first
// of the words a slash joins there ("(完了/最適化中)", "(Done / polishing)"),
// closes the unit as full-width brackets did (heldout55 1344 read two done
// phases open); a time there ("(中期)") says nothing.
func TestBracketStatusFirstPart(t *testing.T) {
	p := Parse("x.md", []byte("# Roadmap\n\n## Plan\n\n### Phase 1: Foundation (完了)\n\nText.\n\n### Phase 2: Release (完了 / 直近)\n\nText.\n\n### Phase 3: Scale (Done / polishing)\n\nText.\n\n### Phase 4: X (中期)\n\nText.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Foundation closed", "2.1 Release closed", "3.1 Scale closed", "4.1 X (中期) open"}, units(p))
}

// A tool's own form to fill in is refused, though its shape is the tool's
// format: "# Tasks: [FEATURE NAME]" (spec-kit's template), "# Tasks —
// [Feature / Epic Title]" with "YYYY-MM-DD", "# {{sliceId}}: {{sliceTitle}}"
// (heldout57 1403, 1388 and 1393 read their sample tasks as work); a
// status in brackets ("[IN PROGRESS]") is no slot.
func TestToolTemplatesAreForms(t *testing.T) {
	src := "# Tasks: [FEATURE NAME]\n\n**Input**: documents from `/specs/[###-feature-name]/`\n\n## Phase 1: Setup\n\n- [ ] T001 Create project structure per [Title]\n- [ ] T002 [P] Configure [TOOL NAME] linting\n"
	p := Parse("tasks.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a template to copy and fill in (its title "Tasks: [FEATURE NAME]" leaves a placeholder to fill in`)
	p = Parse("plan.md", []byte("# {{sliceId}}: {{sliceTitle}}\n\n**Goal:** {{goal}}\n\n## Tasks\n\n- [ ] **T01: {{taskTitle}}**\n- [ ] **T02: {{taskTitle}}**\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, titleSlot("Tasks — [Feature / Epic Title]"))
	assert.False(t, titleSlot("SPRINT 1.3 SECURITY GATES [IN PROGRESS]"))
}

// "Роадмап" names a roadmap, and "Ближайшее" (nearest) and "Средний
// горизонт" (the middle horizon) are its horizons (heldout57 1383 was
// refused).
func TestRussianRoadmapHorizons(t *testing.T) {
	assert.True(t, planTitle("Роадмап Charoite"))
	assert.True(t, horizonHeading("Ближайшее"))
	assert.True(t, horizonHeading("Средний горизонт"))
}

// Thai and Vietnamese unit and phase words: "ขั้นตอนที่ 1:" (step),
// "ระยะที่" (phase), "Bước" (step), "Giai đoạn" (phase) (heldout52 1272
// was refused).
func TestThaiVietnameseWords(t *testing.T) {
	p := Parse("p.md", []byte("# แผนการพัฒนา\n\n## 3. ขั้นตอนการดำเนินงาน (Implementation Plan)\n\n### ขั้นตอนที่ 1: Backend\n\n- [ ] API\n\n### ขั้นตอนที่ 2: Frontend\n\n- [ ] UI\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Backend open", "1.2 Frontend open"}, units(p))
	assert.Equal(t, shapePhase, readShape("Giai đoạn 2: Triển khai").kind)
	assert.Equal(t, shapeUnit, readShape("Bước 3: Kiểm thử").kind)
}

// A backlog with no title whose every "## Title" section says when its
// work is accepted ("… Acceptance: copy-paste from quickstart succeeds.")
// is a list of units (heldout58 1411 was refused).
func TestAcceptedSectionsAreUnits(t *testing.T) {
	src := "\n## Fix quickstart flag\n\nThe docs say --minimal. Acceptance: copy-paste succeeds.\n\n---\n\n## Fix tap drift\n\nPinned to 0.1.1. Acceptance: brew installs latest.\n\n---\n\n## Add idempotency test\n\nNone exist.\n\nAcceptance: second apply is a no-op.\n"
	p := Parse("backlog.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Fix quickstart flag open", "1.2 Fix tap drift open", "1.3 Add idempotency test open"}, units(p))
	// Without the acceptance sentences, the same headings are no plan.
	p = Parse("notes.md", []byte("\n## Fix quickstart flag\n\nThe docs say --minimal.\n\n## Fix tap drift\n\nPinned.\n\n## Add idempotency test\n\nNone exist.\n"))
	require.Len(t, msgs(p, Error), 1)
}

// A document titled a to-do list, with no checkbox, lists its work as
// plain bullets under its areas; "(fixed)" marks one done, also before a
// full stop, and "(done for favorites)" only part of one (heldout58 1425
// was refused).
func TestToDoListBullets(t *testing.T) {
	src := "# pola To-Do List\n\n## Performance\n\n- Reduce allocations.\n- Reuse the matcher. **(done)**\n\n## Bug Fixes\n\n- Fix the **count** feature. **(fixed)**\n- Ensure the list displays correctly **(fixed)**.\n- Add a **favorites** system and tags. **(done for favorites)**\n"
	p := Parse("TODO.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Reduce allocations open", "1.2 Reuse the matcher closed", "1.3 Fix the count feature closed", "1.4 Ensure the list displays correctly closed", "1.5 Add a favorites system and tags open"}, units(p))
}

// Delivery stages numbered from 0 under "## 交付阶段" (delivery stages) are
// the units; a title's own "## 0. Pre-factoring" sections still count
// from 1 (heldout58 1427 was refused).
func TestStagesFromZero(t *testing.T) {
	src := "# Kisekae 路线图\n\n## 目标\n\n- 好看\n\n## 交付阶段\n\n### 0. 基础与基线\n\n- 基线\n\n### 1. 一个可逆皮肤\n\n- 皮肤\n\n### 2. 主题包 MVP\n\n- 主题\n\n## 发布标准\n\n- 稳定\n"
	p := Parse("ROADMAP.zh.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 基础与基线 open", "1.1 一个可逆皮肤 open", "1.2 主题包 MVP open"}, units(p))
	assert.True(t, workSection("交付阶段"))
	assert.True(t, workHeading("Delivery Phases"))
}

// "Retro" is a retrospective's short name: its improvement actions, ticked
// or not, are no plan (heldout58 1405 read 15 units).
func TestRetroTitle(t *testing.T) {
	src := "# Iteration 010 Retro\n\n## What went well\n\n- Fast reviews\n\n## What hurt (friction -> learning)\n\n- Flaky CI\n\n## Improvement Actions\n\n- [x] Pin the runner\n- [x] Cache modules\n- [ ] Split the suite\n"
	p := Parse("retro.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "it is a retrospective")
	assert.False(t, hasAnyWord("Retrofit the API", []string{"retro"}))
}

// An agent's report of what it did: every box ticked under "## Completed
// Tasks", none elsewhere, and a "## Files Changed" section (heldout58 1414
// read 14 done units). With one box left open it is still read.
func TestCompletedTasksReport(t *testing.T) {
	src := "# Apply Progress: model selection\n\n## Completed Tasks\n\n- [x] 1.1 RED tests\n- [x] 1.2 GREEN code\n- [x] 2.1 Docs\n\n## Files Changed\n\n| File | Action |\n|---|---|\n| a.py | Modified |\n"
	p := Parse("apply-progress.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its list items all stand ticked under "Completed Tasks", and its section "Files Changed" (line 9) reports the change: a report of work done`)
	p = Parse("apply-progress.md", []byte(strings.Replace(src, "- [x] 2.1", "- [ ] 2.1", 1)))
	require.Empty(t, msgs(p, Error))
}

// "Skill: Update Roadmap" is an agent's skill: its numbered actions are
// run each time it is triggered (heldout59 1446 read 4 units).
func TestSkillTitle(t *testing.T) {
	src := "# Skill: Update Roadmap\n\n## Trigger\n\nWhen the user asks.\n\n## Instructions for the Agent\n\n### Action Mapping\n\n#### 1. Add Action\n\nRun add.\n\n#### 2. Complete Action\n\nRun complete.\n\n#### 3. Deprioritize Action\n\nRun it.\n\n#### 4. Remove Action\n\nRun remove.\n\n### Verification Steps\n\nCheck.\n"
	p := Parse("SKILL.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, procedureTitle("Skill: Update Roadmap"))
	assert.False(t, procedureTitle("Skills roadmap"))
	// "Continuous Improvement Plan": the routines kept up after a
	// release (heldout59 1447 read 17 units).
	assert.True(t, procedureTitle("Continuous Improvement Plan - v5.7.0"))
	assert.True(t, procedureTitle("継続的改善計画 - v5.7.0"))
	p = Parse("ROADMAP-HOWTO.md", []byte(strings.Replace(src, "Skill: ", "", 1)))
	require.Empty(t, msgs(p, Error))
}

// Horizons told in prose alone, each pointing to where its work is
// tracked, hold no work of their own (heldout60 1455, a roadmap's
// process, read 2 units); one list under a horizon makes them a roadmap.
func TestProseHorizonsAreNoWork(t *testing.T) {
	src := "# Dapr Roadmap\n\nThe roadmap is updated after every release.\n\n## Releases\n\n### Current Release\n\nThe current release is v1.14.\n\n### Next Release\n\nThe next release is v1.15. The planning issue has its features.\n\n### Future Releases\n\nNew ideas are always welcome.\n"
	p := Parse("roadmap.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	p = Parse("roadmap.md", []byte(strings.Replace(src, "New ideas are always welcome.", "- Streaming subscriptions\n- Workflow versioning", 1)))
	require.Empty(t, msgs(p, Error))
}

// A title that ends by calling the document a prompt ("評価プロンプト", an
// evaluation prompt) is an agent's prompt (heldout60 1474 read 3 units);
// one that names a prompt as the work is not.
func TestPromptTitles(t *testing.T) {
	assert.True(t, promptTitle("Rapitas プロジェクト評価プロンプト"))
	assert.True(t, promptTitle("Code Review Prompt:"))
	assert.False(t, promptTitle("Tasks: request template と prompt から bun を除去"))
	assert.False(t, promptTitle("Improve the prompt cache"))
}

// A guide whose phases say which are done ("### Phase 1: 準備（完了済み）")
// tracks work, whatever its title calls it (heldout60 1473, a migration
// guide, was refused); with no phase marked it stays a guide.
func TestMarkedPhasesOfAGuide(t *testing.T) {
	src := "# 判定方式への移行ガイド\n\n## 移行手順\n\n### Phase 1: 準備（完了済み）\n\n1. ✅ 型を追加\n\n### Phase 2: 実装（完了済み）\n\n1. ✅ 実装\n\n### Phase 3: テスト\n\n1. テスト\n"
	p := Parse("guide.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 準備 closed", "2.1 実装 closed", "3.1 テスト open"}, units(p))
	p = Parse("guide.md", []byte(strings.ReplaceAll(src, "（完了済み）", "")))
	require.Len(t, msgs(p, Error), 1)
}

// A negation before a hyphenated compound that ends in a done word is
// the compound's: "Status: not production-complete." is open (heldout60
// 1466 read its Phase 2 as done).
func TestNegatedCompoundIsOpen(t *testing.T) {
	assert.Equal(t, StatusOpen, readStatus("not production-complete.").status)
	assert.Equal(t, StatusOpen, readStatus("Not yet feature-complete").status)
	assert.Equal(t, StatusClosed, readStatus("feature-complete").status)
}

// Checkbox items that each name a unit and a dotted id ("- [x] 任务 1.1：
// 冻结边界") are the units, over lettered headings in an appendix that
// names the tasks it belongs to (heldout58 1407 read the appendix's 4
// headings); the declare line reads them back.
func TestWordItemsAndAppendix(t *testing.T) {
	src := "# 实施 Todo Task List\n\n## 一、冻结\n\n- [x] 任务 1.1：冻结边界\n- [x] 任务 1.2：冻结字段\n\n### 冻结附录（任务 1.1 - 1.2）\n\n#### A. scope\n\n- 只做 v1\n\n#### B. contract\n\n- 最小\n\n## 二、实现\n\n- [ ] 任务 2.1：扩展请求\n- [x] 任务 2.2：注入用户\n"
	p := Parse("todo.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 冻结边界 closed", "1.2 冻结字段 closed", "2.1 扩展请求 open", "2.2 注入用户 closed"}, units(p))
	assert.Equal(t, `units: "- [ ] 任务 {n}.{m} {title}"`, p.Candidates[0].Declare)
	d := ParseWith("todo.md", []byte(src), Options{Reading: &Declared{Line: p.Candidates[0].Declare, From: "--reading"}})
	require.Empty(t, msgs(d, Error))
	assert.Equal(t, units(p), units(d))
	assert.False(t, workSection("冻结附录（任务 1.1 - 1.5）"))
}

// A status table keyed by number closes the sections whose headings glue
// a letter to that number ("## M9 — Opt-in deep scan" for "| 9 | Opt-in
// deep scan | IN PROGRESS |"), when the titles agree (heldout61 1480 read
// 2 of 11 done).
func TestStatusTableByLetteredNumber(t *testing.T) {
	src := "# MILESTONES.md\n\n| # | Milestone | Phase | Status |\n|---|---|---|---|\n| 1 | Scoping and validation | Scope | DONE |\n| 2 | Walking skeleton | V1 | DONE |\n| 3 | Deep scan | V1 | IN PROGRESS |\n\n## M1 — Scoping and validation · V1\n\n- Deliverable\n\n## M2 — Walking skeleton · V1\n\n- Deliverable\n\n## M3 — Deep scan · Hardening\n\n- Deliverable\n"
	p := Parse("MILESTONES.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 M1 — Scoping and validation · V1 closed", "1.2 M2 — Walking skeleton · V1 closed", "1.3 M3 — Deep scan · Hardening open"}, units(p))
}

// Headings that leave a slot to fill in ("### Phase 1: [Phase 이름]
// (완료)") make a form, whatever its title (heldout61 1499, a Korean
// roadmap template, read 7 units).
func TestSlottedHeadingsAreAForm(t *testing.T) {
	src := "# 프로젝트 로드맵\n\n## Phase별 계획\n\n### Phase 1: [Phase 이름] (완료)\n\n- [x] 1.1 작업\n\n### Phase 2: [Phase 이름] (진행 중)\n\n- [ ] 2.1 작업\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a template to copy and fill in (its headings "Phase 1: [Phase 이름] (완료)" and 1 more leave a placeholder to fill in)`)
	assert.True(t, titleSlot("Step 2: [단계 제목]"))
	assert.False(t, titleSlot("Phase 2: 통합 (진행 중)"))
}

// A file's name as its title ("# SIMPLIFICATION_EXECUTION_LOG.md") says
// what the document is in the words its underscores join: an execution
// log records phases done (heldout61 1481 read 4 units).
func TestExecutionLogFileTitle(t *testing.T) {
	src := "# SIMPLIFICATION_EXECUTION_LOG.md\n\n> Execution record for the simplification.\n\n## Phase 1 — SAFE NOW items\n\nRemoved dead code.\n\n## Phase 2 — Documentation consolidation\n\nMerged docs.\n\n## Phase 3 — Repository structure cleanup\n\nMoved files.\n"
	p := Parse("LOG.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "SIMPLIFICATION_EXECUTION_LOG.md" says it is a report`)
}

// A report whose every unit opens by stating its result ("**Result:**
// PASS") reports work, whatever next steps it adds (heldout61 1483 read
// its two spikes as units).
func TestReportedResults(t *testing.T) {
	src := "# Phase 0 — Report\n\n**Status:** GO\n\n## Spike A — daemon\n\n**Result:** PASS on macOS.\n\nText.\n\n## Spike B — GUI\n\n**Result:** PASS.\n\n## Deliverables\n\n- binaries\n\n## Next\n\nStart Phase 1.\n"
	p := Parse("report.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Phase 0 — Report" says it is a report, and each unit the closest reading finds states its result`)
	// A memo, its results on a later line of each unit's first
	// paragraph (heldout61 1492 read 6 units).
	src = "# Phase 0 Verification Memo\n\n## V0.1 — CSP for Monaco\n\n**Gates:** T4.1\n**Result:** not-needed\n\n## V0.2 — plist keys\n\n**Gates:** T4.4\n**Result:** confirmed\n"
	p = Parse("memo.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Phase 0 Verification Memo" says it is a report`)
}

// A title whose last word says the work is done ("… - Implementation
// Complete") reports it, and its "Implementation Files" are what was
// built (heldout62 1502 read 61 bullets as work).
func TestImplementationCompleteTitle(t *testing.T) {
	assert.True(t, doneTitle("Spec: EU AI Act Compliance Agent - Implementation Complete"))
	assert.True(t, doneTitle("Migration Completed"))
	assert.True(t, doneTitle("Phase 1 Complete: State Management System"))
	assert.False(t, doneTitle("Definition of Done: Pull Requests"))
	assert.False(t, doneTitle("Definition of Done"))
	assert.False(t, doneTitle("Work to be completed"))
	assert.True(t, recordedWork("Implementation Files"))
}

// "## Progress Tracking" in a how-to is a topic it teaches, not a section
// of work: its steps stay a reader's (heldout62 1509 read 8 steps).
func TestHowToProgressTracking(t *testing.T) {
	src := "# How to Execute the Transformation with GitHub Copilot\n\n## Detailed Workflow\n\n### Step 1: Ask for Overview\n\nAsk.\n\n### Step 2: Get Installation Commands\n\nRun.\n\n### Step 3: Create Test Configuration\n\nWrite.\n\n## Progress Tracking\n\n- [x] Phase 0 started\n"
	p := Parse("HOW_TO.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its steps are for a reader to follow")
}

// A title that names a verification, over sections that report work done
// ("## Test Results"), records checks made: its boxes are no work
// (heldout62 1513 read 31 units).
func TestVerificationRecord(t *testing.T) {
	src := "# Bug Verification\n\n## Fix Implementation Summary\n\nSorting was added.\n\n## Test Results\n\n- [x] **Before Fix**: reproduced\n- [x] **After Fix**: gone\n\n## Code Quality Checks\n\n- [ ] **Unit Tests**: passing\n- [x] **Lint**: clean\n\n## Closure Checklist\n\n- [ ] Issue closed\n"
	p := Parse("verification.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Bug Verification" says it is a report, and its sections ("Test Results" (line 7)) report work done`)
}

// "Current System Status" names a report: when its only work is its
// closing next steps, it is refused (heldout63 1526 read 6 optional
// enhancements as work).
func TestSystemStatusReport(t *testing.T) {
	src := "# Current System Status - LilyOpenCMS\n\n## FULLY IMPLEMENTED AND PRODUCTION READY\n\nText.\n\n## Features\n\n- ✅ Roles\n- ✅ SEO\n\n### Next Steps (Optional Enhancements)\n\n1. Add a CDN\n2. Add search\n3. Add i18n\n"
	p := Parse("STATUS.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Current System Status - LilyOpenCMS" says it is a report`)
}

// A file's name in a section's title says nothing of how its work stands:
// "## TODO.md format" and "## Failure handling and DONE.md" are sections
// of a tool's guide (heldout63 1544 read 4 of its headings as work).
func TestFileNamesAreNoStatus(t *testing.T) {
	assert.Equal(t, "", sectionState("TODO.md format"))
	assert.Equal(t, "", sectionState("Failure handling and DONE.md"))
	assert.Equal(t, StatusOpen, sectionState("TODO"))
	assert.Equal(t, StatusClosed, sectionState("Done"))
}

// In a table of tasks with no status column, a done mark in capitals and
// brackets that ends a cell closes the row; a ✅ in a Parallel column does
// not (heldout63 1528 read 4 done rows open).
func TestDoneMarkEndsACell(t *testing.T) {
	src := "# Tasks: KB server\n\n## Phase 3.1: Setup\n\n| ID | Task | Parallel | Depends On | Description |\n|----|------|----------|------------|-------------|\n| T001 | Verify directory |  | — | Ensure files exist **(DONE)** |\n| T002 | Add fixture | ✅ | T001 | Create a small file |\n| T003 | Add test |  | T002 | Assert ids |\n"
	p := Parse("tasks.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"3.1 Verify directory closed", "3.2 Add fixture open", "3.3 Add test open"}, units(p))
}

// A document's numbered section about the work ("## 16. 实施顺序", the
// order of implementation) holds its work: its numbered list is a
// reading to take or declare; a design's closing "## 7. Next Steps" or
// "## 12. Deliverables" is not (heldout63 1525; dev 303, 1318 and 1367
// read as meant after it).
func TestNumberedWorkSections(t *testing.T) {
	assert.True(t, numberedWorkSection("16. 实施顺序"))
	assert.True(t, numberedWorkSection("4. Implementation Plan"))
	assert.False(t, numberedWorkSection("7. Next Steps"))
	assert.False(t, numberedWorkSection("12. Deliverables"))
	assert.False(t, numberedWorkSection("2. 已确认产品边界"))
}

// A to-do file of plain bullets that nothing else reads ("# TODO for
// RFC007", a TODO.md with no title) has its bullets as its items, not a
// refusal; a command's docs titled TODO, with a README's sections, stay
// refused (dev 314, 342, 939 and 1378 were refused; dev 31 is beads'
// todo command docs).
func TestTodoFileBullets(t *testing.T) {
	p := Parse("TODO.md", []byte("# TODO for RFC007\n\n- clarify the VM ownership\n- use one position index\n- drop XXXBody\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 clarify the VM ownership open", "1.2 use one position index open", "1.3 drop XXXBody open"}, units(p))
	p = Parse("TODO.md", []byte("A list of things to do:\n\n* Separate HOTP and TOTP\n* Allow options\n* Drop OpenSSL\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 3)
	p = Parse("todo.md", []byte("# TODO Command\n\nThe `bd todo` command.\n\n## Philosophy\n\n- No parallel systems\n- Promotable\n- Full featured\n\n## Quick Start\n\nRun it.\n"))
	require.Len(t, msgs(p, Error), 1)
}

// Headings whose sections open by naming the tracker item that holds
// their work ("**Bead:** `bd-258`", "Issue: #412") are units, as headings
// with a Status field are (heldout62 1510, a beads user's feature gaps,
// was refused).
func TestTrackedHeadings(t *testing.T) {
	src := "# Feature Gaps: bz vs br\n\n## Commands Missing\n\n### 1. `query` - Saved Queries\n**Bead:** `bd-258`\n\nText.\n\n### 2. `upgrade` - Self-Upgrade\n**Bead:** `bd-274`\n\nText.\n\n## Missing Fields\n\n### 3. `ephemeral` Flag\n**Bead:** `bd-280`\n\nText.\n\n### 4. `--claim` Flag\n**Bead:** `bd-281`\n\nText.\n\n### 5. `--session` Tracking\n**Bead:** `bd-282`\n"
	p := Parse("GAPS.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 5)
	assert.Contains(t, p.Candidates[0].Why, `name the tracker item that holds their work`)
	// Annotated, the same plan reads the same: the comment annotate
	// writes under a heading stands before its tracker field.
	q := Parse("GAPS.md", []byte(strings.Replace(src, "**Bead:**", "<!-- beads-ralph: bd-1 -->\n**Bead:**", 1)))
	require.Empty(t, msgs(q, Error))
	assert.Len(t, units(q), 5)
}

// "下一阶段" (the next stage) and "更长期" (longer term) are horizons of a
// Chinese roadmap: their themes are its units (heldout65 1577 was
// refused).
func TestChineseHorizons(t *testing.T) {
	assert.True(t, horizonHeading("下一阶段"))
	assert.True(t, horizonHeading("更长期"))
	src := "# HEM-CM 路线图\n\n## 当前阶段\n\n- 已落地\n\n## 下一阶段\n\n### 1. 信源智能\n\n- 评分\n\n### 2. 模型透明度\n\n- 解释\n\n## 更长期\n\n### 1. 协作层\n\n- 共享\n"
	p := Parse("ROADMAP.zh-CN.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, units(p), 3)
}

// "Semana" (week, in Spanish and Portuguese) is a unit word: "### Semana
// 1-2: Performance" under "## Mês 1" (heldout61 1482 was refused).
func TestSemanaUnits(t *testing.T) {
	assert.Equal(t, shapeUnit, readShape("Semana 1-2: Performance").kind)
}

// "Closeout" in a title names a report: its phases marked "(implemented)"
// are a delivery record (heldout66 1617 read 7 done units).
func TestCloseoutTitle(t *testing.T) {
	src := "# UI System Refactor Closeout\n\n## 3. Delivery Record\n\n### Phase 1 — SSOT Definition (implemented)\n\nDone.\n\n### Phase 2 — Governance (implemented)\n\nDone.\n\n### Phase 3 — Tokens (implemented)\n\nDone.\n"
	p := Parse("CLOSEOUT.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "UI System Refactor Closeout" says it is a report`)
}

// A roadmap's one table of features, each with a release to meet and a
// status, empty where the work has not begun, is its list of units; a
// Feature column with no release lists what a product has (heldout66
// 1612).
func TestRoadmapFeatureTable(t *testing.T) {
	src := "# Roadmap\n\n| Feature | Description | Release timeline | Status |\n| :-- | :-- | :-- | :-- |\n| Unified installer | One Helm chart | v4.0 | Completed |\n| Volume resize | Grow volumes | v4.1 | In progress |\n| Unmap support | Discard | TBD | |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Unified installer closed", "1.2 Volume resize in_progress", "1.3 Unmap support open"}, units(p))

	// Without a release column, or with most statuses empty, it is no list
	// of units.
	for _, s := range []string{
		strings.Replace(src, "Release timeline", "Backend", 1),
		strings.Replace(src, "| Completed |", "| |", 1),
	} {
		p = Parse("p.md", []byte(s))
		assert.Empty(t, p.Sprints, s)
	}
}

// A page its front matter publishes as a site's guide, with steps, is
// refused; the same steps on a page published elsewhere are read
// (heldout66 1610).
func TestGuidePermalink(t *testing.T) {
	src := "---\ntitle: \"Use Managed Identity\"\npermalink: /how-to/use_managed_identity/\n---\n\n## Prerequisites\n\nAn App Service.\n\n## Step 1: Enable Managed Identity\n\nTurn it on.\n\n## Step 2: Assign Roles\n\nGrant them.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: its front matter publishes it as a guide (permalink /how-to/use_managed_identity/), and nothing in it speaks of work to do: its steps are for a reader to follow")

	p = Parse("p.md", []byte(strings.Replace(src, "/how-to/", "/rollout/", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Enable Managed Identity open", "1.2 Assign Roles open"}, units(p))
}

// A work breakdown's table of packages reads an inserted package with a
// capital letter ("WP-14A") as the follow-up of its number, and a
// dependency written as a range of ids ("WP-02-WP-03") as every unit from
// the first to the last (heldout67 1630).
func TestWorkPackageTable(t *testing.T) {
	src := "# WBS\n\n| WP | Title | Depends On |\n| --- | --- | --- |\n| WP-01 | Audit | v0.90.1 closeout |\n| WP-02 | Contract | WP-01 |\n| WP-02A | Fixtures | WP-01 |\n| WP-03 | Boot | WP-02 |\n| WP-04 | Demo | WP-02-WP-03 |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Audit open", "1.2 Contract open", "1.2a Fixtures open", "1.3 Boot open", "1.4 Demo open"}, units(p))
	var deps []string
	for _, s := range p.Sprints {
		var on []string
		for _, r := range s.DependsOn {
			on = append(on, r.ID)
		}
		deps = append(deps, s.ID+"<"+strings.Join(on, ","))
	}
	assert.Equal(t, []string{"1.1<", "1.2<1.1", "1.2a<1.1", "1.3<1.2", "1.4<1.2,1.2a,1.3"}, deps)
	assert.Equal(t, []string{"5:3: 5 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2, 1.2a, 1.3, 1.4", `5:18: "v0.90.1 closeout" in the dependency column names no unit of the plan; it is left out`}, msgs(p, Warning))
}

// A section whose checkbox items each open with a dotted id, three times
// as many as the unit headings that detail a few of them, is the plan's
// list of its work (heldout68 1651).
func TestTrackedIDBoxes(t *testing.T) {
	src := "# Tool - Development Plan\n\n## Progress Tracking\n\n### Phase 0: Foundation\n- [x] 0.1.1: Initialize Git Repository\n- [x] 0.1.2: Package Structure\n- [ ] 0.2.1: Pre-commit Hooks\n\n### Phase 1: Models\n- [ ] 1.1.1: Brief Dataclass\n- [ ] 1.1.2: Task Models\n- [ ] 1.2.1: Validation\n\n## Phase 0: Foundation\n\n### Task 0.1: Git and packaging\n\n**Subtask 0.1.1: Initialize Git Repository**\n\n- [x] Create the repository\n\n### Task 0.2: Tooling\n\nHooks.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 0.1.1: Initialize Git Repository closed", "1.2 0.1.2: Package Structure closed", "1.3 0.2.1: Pre-commit Hooks open", "1.4 1.1.1: Brief Dataclass open", "1.5 1.1.2: Task Models open", "1.6 1.2.1: Validation open"}, units(p))

	// With one item with no id, the headings stay the units.
	p = Parse("p.md", []byte(strings.Replace(src, "- [ ] 1.2.1: Validation", "- [ ] Validation", 1)))
	assert.Len(t, p.Sprints, 2)
}

// Numbered headings that each carry a Status field of their own stay the
// units over the many task boxes under them (heldout68 1654).
func TestStatusHeadsOverOutlineBoxes(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("# Server Roadmap\n\n## Phase 1: Core\n\n")
	for i := 1; i <= 2; i++ {
		fmt.Fprintf(&sb, "### 1.%d Tool %d\n\n**Status:** 🔴 Not Started\n\n**Tasks:**\n", i, i)
		for j := 1; j <= 8; j++ {
			fmt.Fprintf(&sb, "- [ ] Step %d of tool %d\n", j, i)
		}
		sb.WriteString("\n")
	}
	src := sb.String()
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Tool 1 open", "1.2 Tool 2 open"}, units(p))

	// With no Status field, the boxes of the outline are the units.
	p = Parse("p.md", []byte(strings.ReplaceAll(src, "**Status:** 🔴 Not Started\n\n", "")))
	assert.Len(t, p.Sprints, 16)
}

// In a table of units with no status column, a struck title beside a cell
// that opens with a done mark was struck out as done; struck alone, it is
// dropped (heldout68 1658).
func TestStruckRowWithDoneNote(t *testing.T) {
	src := "# Sub-roadmap\n\n## FASE 3 - Fix\n\n| # | Task | Problema |\n|---|------|----------|\n| 3.1 | ~~Update the prompt~~ | ✅ Redirect already right |\n| 3.2 | ~~Drop the cache~~ | not needed |\n| 3.3 | Fix the docs | stale |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"3.1 Update the prompt closed", "3.3 Fix the docs open", "3.2 Drop the cache skipped"}, units(p))
}

// "Next Phase Actions" over a numbered list, after a review of the work
// done, names the work (heldout68 1657).
func TestNextPhaseActions(t *testing.T) {
	src := "## Completion Review\n\nThe solver is done.\n\n## Next Phase Actions\n1. cfd-2d: Implement MMS suites.\n2. cfd-3d: Extend spectral validations.\n3. Docs: Update the reports.\n\n## Success Criteria\n\n- All green.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 cfd-2d: Implement MMS suites open", "1.2 cfd-3d: Extend spectral validations open", "1.3 Docs: Update the reports open"}, units(p))
}

// A guide whose sections say when to use it, its common mistakes and its
// anti-patterns, over a checklist, is refused whatever its title names;
// a plan's numbered examples are one heading, not three (heldout67 1634).
func TestGuideChecklist(t *testing.T) {
	src := "# План внедрения\n\n## Когда Использовать\n\nВсегда.\n\n## Чеклист\n\n- [ ] Цели\n- [ ] Сроки\n\n## Типичные Ошибки\n\nНет.\n\n## Анти-Паттерны\n\nНет.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: it reads as a how-to or reference ("Когда Использовать" (line 3), "Типичные Ошибки" (line 12), "Анти-Паттерны" (line 16)), and its checkboxes are a checklist for each reader, not work to compile`)

	p = Parse("p.md", []byte("# Tasks: Sidebars\n\n## Phase 1\n\n- [ ] T001 Build\n- [ ] T002 Test\n\n## Example 1\n\nx\n\n## Example 2\n\ny\n\n## Example 3\n\nz\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
}

// An item whose title is struck whole, then a note set off by a colon or
// an arrow, was dropped, ticked or not; a note that says it was done
// another way keeps it done (heldout69 1690, heldout70 1712; 1436).
func TestStruckTitleWithNote(t *testing.T) {
	src := "# Roadmap\n\n- [x] 5.1 Add the allowlist\n- [x] 5.2 ~~Add a visitor helper~~ → **不採用**: the allowlist covers it, and a visitor would be complex\n- [x] ~~**MCP Bridge (Rust)**~~：已在 v0.3.0 移除 — 由 mcp-gateway 替代，不再维护\n- [x] ~~DeepSpeed PR — patch 3~~ — landed as a transformers-side monkey-patch on the model\n- [ ] Open work\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 5.1 Add the allowlist closed", "1.4 DeepSpeed PR — patch 3 — landed as a transformers-side monkey-patch on the model closed", "1.5 Open work open",
		"1.2 5.2 Add a visitor helper → 不採用: the allowlist covers it, and a visitor would be complex skipped", "1.3 MCP Bridge (Rust)：已在 v0.3.0 移除 — 由 mcp-gateway 替代，不再维护 skipped"}, units(p))
}

// An agent prompt's front matter names its description, model and tools
// (a Copilot agent's): its phases are what the agent does each time it
// runs (heldout69 1681).
func TestAgentPromptFrontMatter(t *testing.T) {
	src := "---\ndescription: 'Discovers all projects in a solution and plans their migration.'\nmodel: Claude Opus 4.6 (copilot)\ntools: [read, search, todo]\n---\n# Create Master Migration Plan\n\n## Phase 1 — Discover Projects\n\n1. Locate the solution file.\n\n## Phase 2 — Assess Eligibility\n\n1. Classify each project.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: its front matter names and describes an agent skill or command")
}

// A page whose one unit is its title, over a section of rules and no task
// or checkbox, says how a stage is done each time (heldout70 1692); with a
// checkbox it stays a plan.
func TestStageRulesPage(t *testing.T) {
	src := "# Phase 1: Scaffolding\n\nCreate the files each library declares.\n\n## What to scaffold\n\nThe SPEC's declarations.\n\n## Rules\n\n- No sorry.\n- The build must pass.\n\n## Exit criteria\n\nIt builds.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: its one unit is its title, over a section of rules (line 9) and no task or checkbox: it says how that stage is done each time, not work to compile")

	p = Parse("p.md", []byte(strings.Replace(src, "- No sorry.", "- [ ] Scaffold hex-poly", 1)))
	require.Empty(t, msgs(p, Error))
}

// A guide whose only checkboxes follow "Before merging any change:" lists
// checks made each time (heldout70 1701).
func TestGateChecklist(t *testing.T) {
	src := "# Type Safety Analysis\n\n## Key Patterns\n\n### 1. Mapped columns\n\nUse them.\n\n## Checklist\n\nBefore merging any change:\n\n- [ ] No new `Any` in public signatures\n- [ ] `ty check` passes\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: its only checkboxes follow "Before merging any change:": checks made each time, not work to compile`)

	p = Parse("p.md", []byte(strings.Replace(src, "Before merging any change:", "Left to do:", 1)))
	require.Empty(t, msgs(p, Error))
}

// A title that says findings names a report: its numbered findings are
// what was found, not work (heldout69 1691).
func TestFindingsTitle(t *testing.T) {
	src := "# Issue #13 — Agent Mode productization findings\n\n## Baseline source inspection\n\n### F1 — the skill describes the retired path\n\nFixed in the candidate.\n\n### F2 — claiming a packet hides it\n\nFixed too.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a report`)
}

// Checkboxes under "## Gates" are the checks every change must pass, not
// work: criteria (heldout70 1714).
func TestGatesAreCriteria(t *testing.T) {
	assert.True(t, criteriaHeading("Gates"))
	assert.True(t, criteriaHeading("Quality Gates"))
	assert.False(t, criteriaHeading("Gate 2: Rollout"))
	// A design's open questions, ticked as they are answered (heldout73 1785).
	assert.True(t, criteriaHeading("7. Open questions"))
}

// An agent command with "## Usage" and "## Arguments" over its steps is
// refused, whatever phases a step writes out (heldout71 1719).
func TestCommandUsageArguments(t *testing.T) {
	src := "# Roadmap Generate - Create MVP Roadmap\n\n## Usage\n\n`/pm:roadmap-generate <session>`\n\n## Arguments\n\n- `session` (required)\n\n## Process\n\n### Step 1: Parse\n\nRead the scope.\n\n### Step 2: Sequence\n\n#### Phase 0: Foundation\n\nThe skeleton.\n\n#### Phase 1: MVP Core\n\nThe musts.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: its section "Arguments" (line 7) and its steps say it is an agent's command`)
}

// A section on the work's progress may give it in sections of its own:
// "### 完了済み" (done) and "### 未着手" (not begun) under "## 進捗状況"
// (heldout72 1750).
func TestStatusSectionsUnderProgress(t *testing.T) {
	src := "# API テスト修正・拡充方針\n\n## 目的\n\nテストを直す。\n\n## 進捗状況\n\n### 完了済み\n\n- tolerance を揃えた\n- DID を移行した\n\n### 進行中\n\n- RDD を移行する\n\n### 未着手\n\n- Heckman を移行する\n\n## 許容誤差ポリシー\n\n- 1e-8\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 tolerance を揃えた closed", "1.2 DID を移行した closed", "1.3 RDD を移行する open", "1.4 Heckman を移行する open"}, units(p))
}

// With no "# " title, a lone "## Roadmap" over "### For 2.3:" sections
// titles the document, and the sections' bullets are its units; those of
// a section "not part of the roadmap" are skipped (heldout71 1726).
func TestLoneRoadmapHeading(t *testing.T) {
	src := "## Roadmap\n\nThis is a list of planned features.\n\n### For 2.3:\n\n- matchers\n- streaming\n\n### For 2.4:\n\n- threads\n\n### Things that are being considered but not part of the roadmap yet:\n\n- mocking\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 matchers open", "1.2 streaming open", "1.3 threads open", "1.4 mocking skipped"}, units(p))
}

// A guide titled for setting something up, whose only work is a list of
// checkboxes, lists what each reader checks (heldout67 1628).
func TestSetupGuideChecks(t *testing.T) {
	src := "# Setup & Smoke Test — start the server and prove it works\n\n## 1. Install\n\n`npm i -g chroxy`\n\n## 2. Verify\n\n- [ ] node 22+ found\n- [ ] config written\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a tutorial or example, and nothing in it speaks of work to do: its checkboxes (from line 9) are for a reader to tick as they follow it`)

	p = Parse("p.md", []byte(strings.Replace(src, "# Setup & Smoke Test", "# Setup plan", 1)))
	require.Empty(t, msgs(p, Error))
}

// "Remaining Follow-up" beside "Already Complete" is work still to do
// (heldout67 1641).
func TestRemainingFollowUp(t *testing.T) {
	src := "# Independent Deck System\n\n## Already Complete\n\n- Deck CRUD exists.\n- Schema uses deck ownership.\n\n## Remaining Follow-up\n\n- Add a move-deck UI.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Deck CRUD exists closed", "1.2 Schema uses deck ownership closed", "1.3 Add a move-deck UI open"}, units(p))
}

// A roadmap whose themes each repeat "### Key Features" over bullets,
// beside "### Benefits": the features are its units (heldout67 1621); the
// Benefits bullets are listed as a reading to declare, no more.
func TestRepeatedKeyFeatures(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("# Agent Roadmap\n\n")
	for _, theme := range []string{"SDK", "Sandbox", "Analysis"} {
		fmt.Fprintf(&sb, "## %s\n\n### Overview\nWhy.\n\n### Key Features\n- **%s one**: first\n- **%s two**: second\n\n### Benefits\n- **Speed**: fast\n\n", theme, theme, theme)
	}
	p := Parse("p.md", []byte(sb.String()))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 6)
	var declares []string
	for _, c := range p.Candidates {
		declares = append(declares, c.Declare)
	}
	assert.Contains(t, declares, `units: "- {title} under ### Benefits"`)
	assert.Equal(t, `units: "- {title} under ### Key Features"`, declares[0])
}

// A ticked task whose only open boxes follow an acceptance-criteria label
// is done: the criteria check the work, they are not more of it
// (heldout67 1632, dev 995); an open step under it still holds it open.
func TestTickedTaskOverCriteria(t *testing.T) {
	src := "# Startup\n\n## TODOs\n\n- [x] 1. Capture the baseline\n\n  **Acceptance Criteria** (agent-executable only):\n  - [ ] the script exists\n\n- [x] 2. Slim the contract\n\n  **Acceptance Criteria**:\n  - [ ] one contract\n\n- [ ] 3. Sweep\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Capture the baseline closed", "1.2 Slim the contract closed", "1.3 Sweep open"}, units(p))

	p = Parse("p.md", []byte(strings.Replace(src, "  **Acceptance Criteria**:\n", "  **Steps**:\n", 1)))
	assert.Equal(t, []string{"1.1 Capture the baseline closed", "1.2 Slim the contract open", "1.3 Sweep open"}, units(p))
}

// Phases that hold no checkbox, beside a section about the work with
// three times as many boxes or more: the phases sketch a strategy, the
// boxes are the work (heldout69 1683; heldout50 1192).
func TestWorkSectionBoxesOverBarePhases(t *testing.T) {
	src := "# v2.0.0 Release Plan\n\n## Strategy\n\n### Phase 1: Docs\n1. Merge the notes\n\n### Phase 2: Release\n1. Tag it\n\n## TODO\n\n### 1. CHANGELOG\n- [x] Merge alpha notes\n- [x] Date the entry\n- [ ] Link the guide\n\n### 2. Package\n- [ ] Bump the version\n- [ ] Build\n- [ ] Publish\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 6)
}

// A column headed Order numbers a table's rows as units, in the order
// they are to be done (heldout74 1794; heldout71 1716).
func TestOrderColumn(t *testing.T) {
	src := "# React improvement plans\n\n## Recommended execution order\n\n| Order | Plan | Category | Status |\n|---:|---|---|---|\n| 1 | [004 — Secure links](004.md) | HIGH | TODO |\n| 2 | [010 — Break the cycle](010.md) | MEDIUM | TODO |\n| 3 | [005 — Name the composer](005.md) | HIGH | Done |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 004 — Secure links open", "1.2 010 — Break the cycle open", "1.3 005 — Name the composer closed"}, units(p))
}

// "(ordem sugerida)", the suggested order, names the section that holds
// the work, in Portuguese, Spanish and French (heldout73 1769).
func TestSuggestedOrderSection(t *testing.T) {
	src := "# Roadmap do Scriba\n\n## Modelo de produto\n\n- **Licença**: Elastic 2.0.\n\n## Caminho para o go-live (ordem sugerida)\n\n1. ✅ **Wizard de prompt** — entregue.\n2. **Provider de IA configurável** — hoje é hardcode.\n3. **Backend + license key** — edge function.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	assert.Equal(t, "closed", p.Sprints[0].Status.Value)
}

// A page whose every heading ends in a documentation builder's anchor
// ("## 개요 [[overview]]") is documentation, whatever its lists say
// (heldout66 1605); one heading without an anchor, and it is read.
func TestDocAnchors(t *testing.T) {
	src := "# Plan customization [[plan-customization]]\n\n## Overview [[overview]]\n\nText.\n\n## Steps [[steps]]\n\n1. ✅ Interrupt the plan — done\n2. ✅ Review it — done\n3. ⏳ Resume — pending\n\n## Requirements [[requirements]]\n\n- smolagents\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `is not a plan: its headings carry a documentation site's anchors ("Overview [[overview]]" and 2 more): it is a page of documentation`)

	p = Parse("p.md", []byte(strings.Replace(src, "## Requirements [[requirements]]", "## Requirements", 1)))
	for _, m := range msgs(p, Error) {
		assert.NotContains(t, m, "documentation site's anchors")
	}
}

// Two version headings that name one thing ("### v4 Schema", "### v5
// Schema") compare versions; they are no roadmap's releases (heldout71
// 1722).
func TestVersionComparison(t *testing.T) {
	src := "# API Shield v4 to v5 Migration Notes\n\n## Schema Changes\n\n### v4 Schema (Block Syntax)\n\n```hcl\nx {}\n```\n\n### v5 Schema (Attribute Syntax)\n\n```hcl\nx = {}\n```\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan")

	p = Parse("p.md", []byte(strings.Replace(src, "v5 Schema (Attribute Syntax)", "v5 Rollout", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
}

// A guide's title over phases that each give their work a span of time
// ("(1-2 days)", "(Sprints S0-S1)") is one project's schedule, and its
// steps are its work (heldout73 1787); with no span, a step-by-step
// guide's steps are for every reader.
func TestScheduledGuide(t *testing.T) {
	src := "# TieTide — Step-by-Step Guide\n\n## Step-by-Step Guide\n\n### Phase 0: Setup (1-2 days)\n\n#### Step 1: Create the repository\n\nDo it.\n\n#### Step 2: Initialize the monorepo\n\nDo it.\n\n### Phase 1: Backend (Sprints S0-S1)\n\n#### Step 3: Auth\n\nDo it.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)

	p = Parse("p.md", []byte(strings.NewReplacer(" (1-2 days)", "", " (Sprints S0-S1)", "").Replace(src)))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its steps are for a reader to follow")
}

// A document titled as a plan whose lettered parts ("## A. App GA", "## B.
// Go-live") hold numbered steps: the steps are its units (heldout72 1755).
func TestLetteredParts(t *testing.T) {
	src := "# v1.19.0 release checklist (operator)\n\n## State going in\n\n- Branch green.\n\n## A. App GA\n\n1. **Build:** run the script.\n2. **Soak:** idle for hours.\n\n## B. Catalog go-live\n\n1. **Gate 1:** hashes real.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)

	assert.Contains(t, p.Candidates[0].Why, "under 2 lettered parts")

	p = Parse("p.md", []byte(strings.NewReplacer("## A. App GA", "## App GA", "## B. Catalog go-live", "## Catalog go-live").Replace(src)))
	for _, c := range p.Candidates {
		assert.NotContains(t, c.Why, "lettered parts")
	}
}

// A checkbox written inside bold ("- **[x] Título**: ...") is a checkbox,
// ticked as written: "[ ]" there already was, and "[x]" was dropped in
// silence (heldout75 1826).
func TestBoldCheckbox(t *testing.T) {
	p := Parse("p.md", []byte("# Backlog\n\n## Area\n\n- **[x] Densidade Visual**: done ✅ ISSUE-039\n- **[ ] Auto-Pin**: open\n- **[ ] Reset**: open\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Densidade Visual: done ✅ ISSUE-039 closed", "1.2 Auto-Pin: open open", "1.3 Reset: open open"}, units(p))
}

// A summary's "TASKS COMPLETED" section over its numbered ✅ headings is
// work done: no section of work to do, and the report is refused
// (heldout76 1846).
func TestTasksCompletedSection(t *testing.T) {
	src := "# Type Safety Cleanup - Final Implementation Summary\n\n## ✅ **CLEANUP COMPLETE**\n\nAll done.\n\n## **🎯 TASKS COMPLETED**\n\n### **1. Fixed the cache types ✅**\n\nDone.\n\n### **2. Removed compatibility ✅**\n\nDone.\n\n### **3. Updated callers ✅**\n\nDone.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a report, and the units the closest reading finds are under "🎯 TASKS COMPLETED", a section of work already done`)
}

// A unit whose text opens with "N/A" and a dash or colon does not apply:
// ticked as settled, it is skipped, not done (heldout76 1849).
func TestNotApplicableUnit(t *testing.T) {
	p := Parse("p.md", []byte("# Tasks\n\n## 3. Wire\n\n- [x] 3.1 Build it\n- [x] 3.2 N/A — the body fits one file; no bundle needed.\n- [ ] 3.3 Ship\n"))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"3.1 Build it closed", "3.3 Ship open", "3.2 N/A — the body fits one file; no bundle needed skipped"}, units(p))
	assert.False(t, notApplicable("N/Athing"))
	assert.True(t, notApplicable("n/a: covered by 3.2"))
}

// A standing procedure's "## Steps" section does not make it a plan:
// an incident response plan's numbered steps are taken each time
// (heldout77 1872).
func TestProcedureSteps(t *testing.T) {
	src := "# Incident Response Plan\n\nThis document outlines our response.\n\n## Scope\n\nAll reports.\n\n## Steps\n\n### 🔍 1. Detect\n\nWatch.\n\n### 🩺 2. Triage\n\nSort.\n\n### 🩹 3. Mitigate\n\nFix.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Incident Response Plan" names a standing procedure`)
}

// A roadmap page whose sections say where the roadmap really lives
// ("## Issues", "## Milestones", "## Searching") names no feature
// (heldout77 1870).
func TestRoadmapPointer(t *testing.T) {
	src := "# containerd roadmap\n\ncontainerd uses the issues and milestones to define its roadmap.\n\n## Issues\n\nIssues tagged `roadmap` are high level items.\n\n## Milestones\n\nMilestones group issues by release.\n\n## Searching\n\nUse the labels to search.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
}

// Turkish report titles: "Özeti" (summary) and "Raporu" (report) name a
// report of work done (heldout79 1917).
func TestTurkishReportTitle(t *testing.T) {
	src := "# 🎉 FİNAL ENTEGRASYON ÖZETİ\n\n## 📋 YAPILAN DEĞİŞİKLİKLER\n\n### 1. STEERING DOSYALARI ✅\n\nBitti.\n\n### 2. MCP WORKFLOWS ✅\n\nBitti.\n\n### 3. HOOKS ✅\n\nBitti.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "🎉 FİNAL ENTEGRASYON ÖZETİ" says it is a report`)
}

// A title that opens by saying deploy or install, in Chinese, Japanese or
// Korean ("部署的详细方法"), tells how to do it: its steps are for every
// reader (heldout79 1926); a deployment plan ("部署计划") stays a plan.
func TestCJKHowToTitle(t *testing.T) {
	src := "# 部署的详细方法\n\n## 前期准备\n\njava > 17\n\n## Step 1: 启动前端服务\n\nsh start.sh\n\n## Step 2: 启动后端服务\n\nsh back.sh\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its steps are for a reader to follow")

	p = Parse("p.md", []byte(strings.Replace(src, "# 部署的详细方法", "# 部署计划", 1)))
	require.Empty(t, msgs(p, Error))
}

// A report's closing "## Next Actions" is its suggestions, as a report's
// "Next Steps" are: its findings with ids are no units (heldout80 1954).
func TestReportNextActions(t *testing.T) {
	src := "# Cross-Artifact Analysis Report\n\n## Detailed Findings\n\n### N1 — ID collisions ~~(CRITICAL)~~ ✅ RESOLVED\n\nFixed.\n\n### C1 — Trigger not covered (HIGH)\n\nOpen.\n\n## Next Actions\n\n1. Cover the trigger.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Cross-Artifact Analysis Report" says it is a report`)
}

// A title that opens with "Rule:" names an agent's rule, applied each
// time, as "Skill:" names a skill (heldout80 1952).
func TestRuleTitle(t *testing.T) {
	assert.True(t, procedureTitle("Rule: Generating a Task List from User Requirements"))
	assert.True(t, procedureTitle("Skill: Update Roadmap"))
	assert.False(t, procedureTitle("Rules engine rollout plan"))
}

// A plural heading over a range ("## Tasks 8-11") that holds a heading
// for each task of its range one level down groups those tasks: they are
// the units, declared or guessed (heldout74 1797).
func TestRangeGroupsItsUnits(t *testing.T) {
	src := "# Plan A\n\n## Task 1: Bootstrap\n\nDo.\n\n## Task 2: Types\n\nDo.\n\n## Tasks 3-4: Remaining storage\n\nSame pattern.\n\n### Task 3: Procedural\n\nDo.\n\n### Task 4: Integration test\n\nDo.\n\n## Self-Review Checklist\n\n- [ ] Types match\n"
	for _, s := range []string{src, "---\nunits: \"## Task {n}: {title}\"\n---\n" + src} {
		p := Parse("p.md", []byte(s))
		require.Empty(t, msgs(p, Error))
		assert.Equal(t, []string{"1.1 Bootstrap open", "1.2 Types open", "1.3 Procedural open", "1.4 Integration test open"}, units(p))
	}
}

// Status sections that number their work ("# ON THE WAY" over "1. Cookie
// pooling", "# DONE" over "1. Proxy"): the numbered items are the units,
// done as their section says (heldout77 1875).
func TestNumberedStatusLists(t *testing.T) {
	src := "> This file is kept for the record.\n\n# ON THE WAY\n1. Captcha support;\n1. Cookie pooling;\n\n# DONE\n1. Client proxy;\n1. Time zones;\n1. Route names;\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: status-lists", chosen(p))
	require.Len(t, p.Sprints, 5)
	done := 0
	for _, s := range p.Sprints {
		if s.Status.Value == StatusClosed {
			done++
		}
	}
	assert.Equal(t, 3, done)
}

// "WP01 — Preflight": a work package written short, as "T4:" is a task,
// also under a section number ("# 9. WP01 — …", heldout66 1616).
func TestShortWorkPackages(t *testing.T) {
	src := "# Release Plan\n\n## 1. Identity\n\nx\n\n# 9. WP01 — Preflight\n\n## Objective\n\nDo.\n\n# 10. WP02 — Discovery\n\n## Objective\n\nDo.\n\n# 11. WP03 — Semantics\n\n## Objective\n\nDo.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Preflight open", "1.2 Discovery open", "1.3 Semantics open"}, units(p))
	assert.Equal(t, shape{}, readShape("WPA is a library"))
}

// A meeting's record whose fields are written as bold labels with a
// full-width colon ("**会议主题** ：…", "**参会人** ：…") is its minutes
// (heldout79 1916).
func TestChineseMeetingFields(t *testing.T) {
	src := "**会议主题** ：社区会议 6.30\n\n**参会人** ：a, b, c\n\n### 议程 1 ：新人自我介绍\n\n新成员\n\n### 议程 2：Roadmap 介绍、新手任务介绍\n\n1. 上周已正式官宣\n2. 提供全链路支持\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is the minutes of a meeting (its sections "会议主题" (line 1), "参会人" (line 3))`)
}

// A Korean table of phases under a section on their progress ("## Phase
// 완료 현황", "| Phase | 내용 | 상태 |"): its rows are the units
// (heldout81 1960).
func TestKoreanPhaseTable(t *testing.T) {
	src := "# PLAN.md — 개발 계획\n\n## Phase 완료 현황\n\n| Phase | 내용 | 상태 | 완료일 |\n|---|---|---|---|\n| 0 | 독립 구조 | ✅ | 2026-04-18 |\n| 1 | LLM Selector | ✅ | 2026-04-18 |\n| 2 | Shadow Mode | 🔶 예정 | - |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 독립 구조 closed", "1.1 LLM Selector closed", "1.2 Shadow Mode open"}, units(p))
}

// A letter id with a full-width colon after it ("## Phase A：Baseline"),
// as Chinese writes it, is an id and its separator (heldout81 1965).
func TestLetterIDFullWidthColon(t *testing.T) {
	src := "# 执行方案\n\n## 1. 背景\n\nx\n\n## Phase A：建立基线\n\n- 做\n\n## Phase B：拆路由\n\n- 做\n\n## Phase C：抽出编排器\n\n- 做\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0a.1 建立基线 open", "0b.1 拆路由 open", "0c.1 抽出编排器 open"}, units(p))
}

// A numbered heading written twice ("### 9." in P1, "### 9." again at the
// top of P2) is a slip in a list that goes on: every heading is a unit,
// and the second 9 says so at its line. A status line in Chinese with a
// full-width colon ("**状态：已实现。**") says a unit is done; one that
// says only a first version is in ("状态：首版已实现") is under way
// (heldout81 1969, heldout17 423).
func TestRepeatedNumberAndChineseStatus(t *testing.T) {
	src := "# MiniCode 路线图\n\n## P0\n\n### 1. 上下文管理\n\n**状态：已实现。**\n\n### 2. 重试\n\n状态：首版已实现，可通过开关启用。\n\n## P1\n\n### 3. 记忆\n\n- a\n\n### 3. 笔记本编辑\n\n- b\n\n### 4. 评测\n\n- c\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 上下文管理 closed", "1.2 重试 in_progress", "1.3 记忆 open", "1.4 笔记本编辑 open", "1.5 评测 open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "19:1: 1.3 is taken: this unit is read as 1.4, in the order the plan lists it")
}

// A numbered list under a section that names the implementation plan in
// Russian ("## Черновой план реализации") is the plan's work, and a status
// line before the first section that says the whole plan is done
// ("Статус: **реализовано** (auth.go, …)") closes every unit with no
// status of its own, and says so (heldout82 1996).
func TestRussianPlanDoneLine(t *testing.T) {
	src := "# План доработки: авторизация\n\nСтатус: **реализовано** (`auth.go`, `auth_test.go`).\n\n## Зачем\n\nПотому что.\n\n## Черновой план реализации\n\n1. Конфиг и валидация.\n2. TokenStore в auth.go.\n3. Тесты.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	for _, s := range p.Sprints {
		assert.Equal(t, StatusClosed, s.Status.Value)
	}
	assert.Contains(t, msgs(p, Warning), "3:1: the plan's status line says it is done, so its units with no status of their own are read done: 1.1, 1.2, 1.3")
}

// A README's "Key Features" and "Contributions" sections say what it is:
// its ticked list of supported mappers is no work (heldout82 1989).
func TestReadmeKeyFeatures(t *testing.T) {
	src := "# NES Emulator in Rust\n\nA cycle-accurate emulator.\n\n## Key Features:\n- **CPU**: full 6502.\n\n## Mapper support\n- [x] 0 – NROM\n- [x] 1 – MMC1\n- [x] 4 – MMC3\n- [x] 228 – Action 52\n\n## Contributions:\nWelcome.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it reads as a README ("Key Features:" (line 5), "Contributions:" (line 14))`)
}

// A title that opens by calling the document a guide ("Guide de Gestion
// du Backlog") with one unit-looking heading (a rule for "Sprint 1") is a
// guide, whatever work its sections teach about (heldout82 2000).
func TestGuideLeadOneUnit(t *testing.T) {
	src := "# Guide de Gestion du Backlog\n\n## Vue d'ensemble\n\nx\n\n### Tasks (Taches)\n\nDes taches.\n\n## Regles SCRUM\n\n### Sprint 1 : Walking Skeleton\n\nLe premier sprint doit inclure :\n- Setup\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Guide de Gestion du Backlog" says it is a tutorial or example, and only one heading looks like a unit`)
	assert.True(t, guideLead("Tutorial: deploy the stack"))
	assert.False(t, guideLead("Backlog guide"))
}

// A table whose Status column holds test results ("| # | Test | Status |"
// with PASS and FIXME) records a test run: its rows are no units. A
// heading's done mark stands over a Status field the compiler cannot read
// ("### Phase 1: Grid [DONE]" over "**Status:** 34 passing, 5 fixme"), and
// "[PARTIAL]" says a unit is under way (heldout83 2011).
func TestTestResultTablesAndHeadingMarks(t *testing.T) {
	src := "# E2E Test Plan\n\n## Test Phases\n\n### Phase 1: Grid [DONE]\n\n**Status:** 34 passing, 5 fixme\n\n| # | Test | Status | Notes |\n|---|---|---|---|\n| 1 | Type a number | PASS | |\n| 2 | Escape cancels | FIXME | CDP |\n| 3 | Delete clears | PASS | |\n\n### Phase 2: Sort [PLANNED]\n\n- [ ] Sort ascending\n\n### Phase 3: Formulas [PARTIAL]\n\nSome.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Grid closed", "2.1 Sort [PLANNED] open", "3.1 Formulas [PARTIAL] in_progress"}, units(p))
	assert.Contains(t, msgs(p, Warning), `7:1: Status "34 passing, 5 fixme" of sprint 1.1 is not a status the compiler knows; its heading's done mark stands`)
}

// Turkish phase and unit words: "Faz 1:", "Aşama 2:" are phases, "Adım",
// "Görev" units (heldout84 2040, 2044).
func TestTurkishWords(t *testing.T) {
	src := "# DocumentSearch Yol Haritası\n\n## Geliştirme Aşamaları\n\n### Faz 1: Proje Kurulumu\n\n1. ✅ Proje oluştur\n\n### Faz 2: Veri Modelleri\n\n1. ✅ Model yaz\n\n### Faz 3: Arama Motoru\n\n1. Arama\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Phases, 3)
	assert.Equal(t, shapePhase, readShape("📍 Aşama 1: Metin Önbellekleme").kind)
	assert.Equal(t, shapeUnit, readShape("Adım 3: Test").kind)
	assert.Equal(t, shapeUnit, readShape("Görev 2: Arayüz").kind)
}

// A document with no level-1 heading that opens with a level-2 one is
// titled by it ("## V3 Refactor – Final Code Review"): a review, its table
// of ticked recommendations what it reviewed (heldout84 2038).
func TestLevel2Title(t *testing.T) {
	src := "## V3 Refactor – Final Code Review\n\nThis review validates the feedback items.\n\n### Validation of Actionable Items\n\n| # | Recommendation | Status | Evidence |\n|---|---|---|---|\n| 1 | Use ReviewContext | ✅ | done |\n| 2 | Raise ConfigurationError | ✅ | done |\n| 3 | Cover FileFinder | ✅ | done |\n\n### Final Verdict\n\nShip it.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a review of work done (its title "V3 Refactor – Final Code Review" and its sections "final verdict" (line 13))`)
}

// A "Breaking Changes" section and work only under "New Features" are a
// release's notes: what it shipped (heldout83 2004).
func TestReleaseNotesNewFeatures(t *testing.T) {
	src := "# Litestream v0.5.0 Changes and Migration Guide\n\n## Breaking Changes\n\n### 1. Single Replica\n\nOne replica.\n\n## New Features\n\n### 1. LTX Format\n\n- Compact\n\n### 2. Compaction\n\n- Levels\n\n### 3. NATS\n\n- JetStream\n\n## Common Issues\n\n### Issue: old backup\n\n**Solution**: restore.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "Breaking Changes" (line 3) says it is a release's notes, and the only work the closest reading finds is under "New Features"`)
}

// The write-up of a problem and its fix ("### Symptoms", "### Root Cause",
// "## Fix") with advice as checkboxes is no plan (heldout83 2015).
func TestProblemWriteUp(t *testing.T) {
	src := "# RFC-002: Intent Router Key Mismatch\n\n**Status:** Fixed (2026-03-24)\n\n## Problem\n\nThe router fails.\n\n### Symptoms\n\n- empty matches\n\n### Root Cause\n\nWrong provider.\n\n## Fix\n\nUse the main provider.\n\n## Checklist for Other Projects\n\n- [ ] Check the router's provider\n- [ ] Log router failures\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it reads as the write-up of a problem and its fix ("Symptoms" (line 9), "Root Cause" (line 13)): what went wrong and how it was fixed, not work to compile`)
}

// A status line that says the plan is done and then goes on ("Status:
// Implemented (v2) — … landed as 8 commits") is read by its head; words
// that look like a unit and a number later in it ("as 8 commits") name no
// unit (heldout83 2013, heldout72 1746).
func TestStatusLineHead(t *testing.T) {
	src := "# Design Note 008\n\n**Status:** Implemented (v2) — branch `feat/x`, PR #63; all sub-sections landed as 8 commits.\n\n## Tasks\n\n### Task 1: One\n\nx\n\n### Task 2: Two\n\ny\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	for _, s := range p.Sprints {
		assert.Equal(t, StatusClosed, s.Status.Value, s.ID)
	}
	assert.Contains(t, msgs(p, Warning), "3:1: the plan's status line says it is done, so its units with no status of their own are read done: 1.1, 1.2")
}

// A board's column may name its units' word: "## Past Sprints" over
// "### Sprint 3" is a done column, "## Future Sprints" one still to come
// (heldout85 2054).
func TestColumnsNamedWithUnitWord(t *testing.T) {
	src := "# 3Box Sprint Log\n\n## Past Sprints\n\n### Sprint 0\nGoals: research\n\n### Sprint 1\nGoals: spec\n\n## Current Sprint\n\n### Sprint 2\nGoal: build\n\n## Future Sprints\n\n### Sprint 3\nGoal: launch\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.0 Sprint 0 closed", "1.1 Sprint 1 closed", "1.2 Sprint 2 open", "1.3 Sprint 3 open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `3:1: the units under "Past Sprints" are read as closed, as the heading says: 1.0, 1.1`)
}

// A table under a backlog section whose rows have an id, a priority and
// an outcome lists work, though it has no status column
// (heldout86 2092).
func TestBacklogTableWithPriority(t *testing.T) {
	src := "# Deep-module coach\n\n## Ordered backlog\n\n| ID | Size | Priority | Outcome |\n|----|-----:|----------|---------|\n| `DC01` | S | P0 | Product voice |\n| `DC02` | M | P0 | Doctor residual |\n| `DC03` | S | P1 | Adopt glossary |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Product voice open", "1.2 Doctor residual open", "1.3 Adopt glossary open"}, units(p))
}

// Phase headings under a section that names them ("## Remaining phases",
// "## Phases") are the work, whatever design sections stand beside them
// ("## Risks", "## Non-goals"); a threat model's response plan is one
// plan, not a standing procedure (heldout87 2111, 2113, 2114).
func TestPhasesSectionAndResponsePlan(t *testing.T) {
	src := "# macOS Support via Metal\n\n## Strategic frame\n\nWhy.\n\n## Phases\n\n### Phase 0 — Feasibility\n\n- Measure the baseline\n\n### Phase 1 — Backend trait\n\n- Refactor the backend\n\n### Phase 2 — Kernels\n\n- Write the kernels\n\n## Non-goals\n\n- Windows\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.False(t, procedureTitle("Threat Model Response Plan"))
	assert.True(t, procedureTitle("Incident Response Plan"))
}

// A roadmap page whose sections say how the roadmap is run (meetings,
// proposing a feature, triage, ownership), half of them or more, names no
// feature (heldout88 2134).
func TestRoadmapProcessPage(t *testing.T) {
	src := "# Metal3 Roadmap\n\n## Description\n\nThe roadmap lives on a board.\n\n## Community Meetings\n\nWeekly.\n\n## Proposing a feature\n\nOpen an issue.\n\n## Issue triaging\n\nEvery week.\n\n## Ownership of the Roadmap\n\nThe maintainers.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan")
}

// A document titled as a template (here by its front matter) whose items
// are fields left empty ("- Webinar Title:") is a form to fill in, its
// checklist for each copy (heldout89 2150).
func TestTemplateWithEmptyFields(t *testing.T) {
	src := "---\ntitle: \"Webinar Planning Template\"\n---\n\n### Basic Info\n\n- Webinar Title:\n- Date & Time (with timezone):\n- Duration:\n\n### Before the event\n\n- [ ] Book the room\n- [ ] Send the invites\n- [ ] Test the stream\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Webinar Planning Template" calls it a template, and 3 of its items are fields left empty to fill in (the first "Webinar Title:")`)
}

// A title that names a pattern is a guide's; its closing next steps are
// for its reader (heldout89 2157).
func TestPatternNextSteps(t *testing.T) {
	src := "# Dev Docs Pattern\n\nA way to keep context.\n\n## The Problem\n\nContext is lost.\n\n## Three-File Structure\n\nPlan, context, tasks.\n\n## Next Steps\n\n1. Try it on one task\n2. Add the slash commands\n3. Share the results\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Dev Docs Pattern" says it is a tutorial or example, and the only work the closest reading finds is its closing next steps (from line 15)`)
}

// "### Sprint 1: Foundation" over "#### Sprint 1.1: Setup" with no phase
// heading: the outer sprints group the inner, as phases do; the dialect,
// whose sprints stand under "## Phase N" headings, does not read it
// (heldout90 2186 was refused, every sprint "outside any phase").
func TestNestedSprintsGroup(t *testing.T) {
	src := "# Implementation Roadmap\n\n## Sprint Planning\n\n### Sprint 1: Foundation (Week 1)\n\n#### Sprint 1.1: Project Setup (Days 1-2)\n\n- [ ] Repo\n\n#### Sprint 1.2: Core Integration (Days 3-4)\n\n- [ ] Core\n\n### Sprint 2: Features (Week 2)\n\n#### Sprint 2.1: Memory Demo\n\n- [ ] Demo\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Project Setup open", "1.2 Core Integration open", "2.1 Memory Demo open"}, units(p))
	require.Len(t, p.Phases, 2)
}

// "## Done", "## Improving", "## Plan" over bullets: a plan's status
// sections, "Plan" the work still to do, "Improving" the work under way,
// which stays open as a status section's in-progress work does
// (heldout91 2216).
func TestDoneImprovingPlanSections(t *testing.T) {
	src := "## Done\n\n- base: infrastructure\n- event: epoll\n\n## Improving\n\n- IOCP: fix bug\n\n## Plan\n\n- redis client\n- async DNS\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 base: infrastructure closed", "1.2 event: epoll closed", "1.3 IOCP: fix bug open", "1.4 redis client open", "1.5 async DNS open"}, units(p))
}

// An agent's standing procedure (an SOP): a "## Parameters" section and
// "You MUST" rules over numbered steps; its steps are run each time it is
// invoked (heldout92 2243).
func TestAgentSOP(t *testing.T) {
	src := "# Code Task Generator\n\n## Overview\n\nThis sop generates task files.\n\n## Parameters\n\n- **input** (required): a description.\n\n**Constraints:**\n- You MUST ask for all parameters\n- You MUST confirm them\n\n## Steps\n\n### 1. Detect Input Mode\n\n- You MUST check the path\n- You SHOULD say the mode\n\n### 2. Analyze Input\n\n- You MUST parse it\n\n### 3. Write Tasks\n\n- You MUST write the files\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "Parameters" (line 7) and its 6 "You MUST" and "You SHOULD" rules say it is an agent's standing procedure`)
}

// Unit headings under "## What Was Accomplished" record a session's work
// (heldout92 2232).
func TestAccomplishedSection(t *testing.T) {
	src := "# Plan Rendering - Session State\n\n## What Was Accomplished\n\n### Session 1: Fixed plan rendering\n\n- done\n\n### Session 2: Fixed line tracking\n\n- done\n\n## Files Modified\n\n- a.lua\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the units the closest reading finds are under "What Was Accomplished": a record of work done`)
}

// A changelog titled in Chinese ("# 变更日志") over release tables: what
// shipped, not work (heldout93 2262).
func TestChineseChangelogTitle(t *testing.T) {
	src := "# 变更日志\n\n# release_0.0.1\n\n| 序号 | 变更类型 | 说明 | 时间 |\n|:---|:---|:---|:---|\n| 1 | A | 基本功能的实现 | 2020-1-7 |\n| 2 | O | 优化 | 2020-1-8 |\n\n# release_0.0.2\n\n| 序号 | 变更类型 | 说明 | 时间 |\n|:---|:---|:---|:---|\n| 1 | A | 新增替换实现 | 2020-1-8 |\n| 2 | F | 修复 | 2020-1-9 |\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "变更日志" says it is a changelog`)
}

// A to-do file's areas may include a few sections a README has too ("##
// Context", "## Example"), under a third of them: its bullets are still
// the work (heldout94 2275).
func TestTodoFileWithAFewDocSections(t *testing.T) {
	src := "# TODO\n\n## Common\n- multi params\n- global config\n\n## Broker\n- registry class\n\n## Serializer\n- avro\n\n## Services\n- versioning\n\n## Transporters\n- redis\n\n## Cachers\n- memory\n\n## Context\n- timeout\n\n## Example\n- chat demo\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 9)
}

// A code block whose "closing" fence carries an info string ("```text")
// runs on to the end of the document, and the headings after it are not
// read: said at that line. A fence a "```markdown" example opens inside
// itself, closed by a bare fence, is no slip (heldout93 2260).
func TestFenceSlip(t *testing.T) {
	src := "# Plan\n\n## Phase 1: Setup ✅\n\n```bash\nmake\n```text\n\n## Phase 2: Build\n\n- [ ] compile\n\n## Phase 3: Ship\n\n- [ ] tag\n"
	p := Parse("p.md", []byte(src))
	assert.Contains(t, msgs(p, Warning), `7:1: "`+"```text"+`" reads as code, not as the end of the code block that opens at line 5: a closing fence takes no info string, so the block runs on to line 15, and the headings and items in it (the first at line 9) are not read`)

	ok := "# Plan\n\n## Phase 1: Docs\n\n```markdown\n# Install\n\n```bash\nmake\n```\n\n## Phase 2: Build\n\n- [ ] compile\n"
	for _, m := range msgs(Parse("p.md", []byte(ok)), Warning) {
		assert.NotContains(t, m, "reads as code")
	}
}

// A slash command's prompt takes "$ARGUMENTS" in its text; a plan that
// changes such a command quotes the placeholder as code (heldout93 2265).
func TestArgumentsPlaceholder(t *testing.T) {
	src := "# Process Task based on $Argument\n\n## 1 · Analyse scope\n\n<$ARGUMENTS> ⇒ Task ID.\n\n## 2 · Identify task file\n\n- search the sprints\n\n## 3 · Execute\n\n- do the work\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its text takes "$Argument" (line 1), the placeholder an agent's command fills in each time it runs: its headings are the command's steps`)

	quoted := "# Plan: harden the command\n\n## Phase 1: Tests\n\n### Task 1.1: Add a failing `$ARGUMENTS` test\n\n- [ ] write it\n\n### Task 1.2: Parse `$ARGUMENTS` as argv\n\n- [ ] fix it\n"
	p = Parse("p.md", []byte(quoted))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Add a failing $ARGUMENTS test open", "1.2 Parse $ARGUMENTS as argv open"}, units(p))
}

// "### Steps to rename a Feature" tells how a thing is done, to whoever
// does it: its numbered list is no work of the document's (heldout93
// 2252). "Steps to implement" stays a work section.
func TestStepsToSection(t *testing.T) {
	src := "# Renaming and Deprecating Features\n\n## Goal\n\nAdds support for renaming a Feature.\n\n## 1. legacyIds\n\n### Steps to rename a Feature\n\n1. Update the folder and the id.\n2. Add the legacyIds property.\n3. Bump the version.\n4. Publish again.\n\n#### Example: Renaming a Feature\n\nSome text.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: no heading, list item or table row reads as a unit of work")
	assert.False(t, workHeading("Steps to rename a Feature"))
	assert.True(t, workHeading("Steps to implement"))
	assert.True(t, workHeading("Steps"))
}

// A roadmap's tables whose unnamed first column holds only marks its
// legend defines, as emoji short codes: the marks are the rows' status
// (heldout91 2209).
func TestLegendKeyedTable(t *testing.T) {
	src := "# Git LFS Roadmap\n\n## Upcoming Features\n\n| | Name | Ref |\n| --- | --- | --- |\n| :construction: | File locking | #666 |\n| :ship: | Resumable uploads | #414 |\n| | Remove the old route | |\n| :no_entry_sign: | Follow redirects | #1129 |\n\n## Legend\n\n* :ship: - Completed\n* :construction: - In Progress\n* :soon: - Up next\n* :no_entry_sign: - Blocked\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 File locking in_progress", "1.2 Resumable uploads closed", "1.3 Remove the old route open", "1.4 Follow redirects blocked"}, units(p))
	var texts []string
	for _, r := range p.Readings {
		texts = append(texts, r.Text)
	}
	assert.Contains(t, texts, "the marks in a table's unnamed first column are the rows' status, as the legend defines them: :ship: done, :construction: in progress, :soon: open, :no_entry_sign: blocked")

	// With no legend, the marks say nothing, and the table is no plan's.
	p = Parse("p.md", []byte(src[:strings.Index(src, "## Legend")]))
	require.Len(t, msgs(p, Error), 1)
}

// A legend written one entry a line under "Legend:" defines each line's
// mark; run together, "○ Not started ◐ Started" made ○ a start (heldout87
// 2108).
func TestLegendOneEntryALine(t *testing.T) {
	src := "# Spec TODO\n\nLegend:\n  ○ Not started\n  ◐ Started\n  ✓ Finished\n\n- ◐ Umbrella item\n  - ○ First slice\n  - ✓ Second slice\n- ✓ Done item\n- ○ Open item\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	var texts []string
	for _, r := range p.Readings {
		texts = append(texts, r.Text)
	}
	assert.Contains(t, texts, "list items that open with a mark the legend defines are read as checkboxes: ○ open, ◐ in progress, ✓ done")
	assert.Equal(t, []string{"1.1 First slice open", "1.2 Second slice closed", "1.3 Done item closed", "1.4 Open item open"}, units(p))
}

// A checkbox whose item is only a badge image shows how the project
// stands, and is no work (heldout95 2324).
func TestBadgeCheckboxes(t *testing.T) {
	src := "# Road Map\n\n## Development Status\n\n- [ ] ![Development Status](https://img.shields.io/badge/status-alpha-yellow.svg)\n- [x] [![Development Status](https://img.shields.io/badge/status-beta-green.svg)](https://example.com)\n\n## Project Milestones\n\n- [x] Release [Version 0.5.0](https://example.com/v0.5.0)\n- [ ] Release [Version 1.0.0](https://example.com/v1.0.0)\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Release Version 0.5.0 closed", "1.2 Release Version 1.0.0 open"}, units(p))
}

// Two bold fields on one line, parted by a bar: each is read ("**Status**:
// 100%% Complete" after "**Completed**: March 2025 |", heldout96 2295).
func TestFieldsPartedByABar(t *testing.T) {
	src := "# Roadmap\n\n### Phase 1: Core\n**Completed**: March 2025 | **Status**: 100%% Complete\n\n**Achievements**: parser\n\n### Phase 2: More\n**Status**: 0%% - Not Started\n\n**Goals**: a standard library\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Core closed", "2.1 More open"}, units(p))
}

// A state machine's section says a design, whose phases are the stages it
// runs through (heldout96 2293).
func TestStateMachineDesign(t *testing.T) {
	src := "# 工作流程\n\n## 状态机\n\n- INIT → EXPLORING → DESIGNING\n\n## 阶段一：开题\n\n用户带来题目。\n\n## 阶段二：研究\n\n系统检索文献。\n\n## 状态流转规则\n\n- 线性推进\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it reads as a design document ("状态机" (line 3), "状态流转规则" (line 15)), and the closest reading finds no units of work, only phase headings`)
}

// "### Phase 4 Completion Summary" over "Phase 4 has been successfully
// completed." records the unit done; an open box above it is said
// (heldout96 2304).
func TestCompletionSummary(t *testing.T) {
	src := "# Reply Plan\n\n## Phase 1: Core\n\n### Success Criteria:\n- [x] compiles\n\n### Phase 1 Completion Summary\n\nPhase 1 has been successfully completed. It works.\n\n## Phase 2: Docs\n\n### Success Criteria:\n- [x] docs built\n- [ ] CI workflows pass\n\n### Phase 2 Completion Summary\n\nPhase 2 has been successfully completed. The docs are in.\n\n## Phase 3: Release\n\n### Success Criteria:\n- [ ] tagged\n\n### Phase 3 Completion Summary\n\nTo be written.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Core closed", "2.1 Docs closed", "3.1 Release open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `20:1: "Phase 2 Completion Summary" says its unit is complete, though the box at line 16 is still open: read as done`)
}

// A status mark right after a bold label that holds the whole title
// ("- **M2.T0 — Python reference** ✅ (first commit)") says the unit is
// done (heldout96 2310).
func TestMarkAfterBoldLabel(t *testing.T) {
	src := "# Plan\n\n## Tasks\n\n### M2 — Go\n\n- **Step 2.1: Python reference** ✅ (first commit)\n- **Step 2.2: Go bootstrap**: go.mod and main ✅\n- **Step 2.3: Config**: x\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"2.1 Python reference closed", "2.2 Go bootstrap open", "2.3 Config open"}, units(p))
}

// Items that open with a done label ("- 已完成：…", "- Done: …") are the
// unit's work done, as "- ✅ …" are; every item so marked is a unit done
// (heldout97 2352).
func TestDoneLeadItems(t *testing.T) {
	src := "# 路线\n\n### Milestone 1: No Unknown\n\n目标：a.\n\n- 已完成：引入 E000。\n- 已完成：fallback 不再默认。\n\n### Milestone 2: Catalog\n\n- 已完成：拆分。\n- 统一 catalog。\n\n### Milestone 3: Spans\n\n- Done: spans trusted.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 No Unknown closed", "1.2 Catalog open", "1.3 Spans closed"}, units(p))
}

// "… Template Implementation Plan": the template is the work the plan is
// for, and its empty fields do not make the document a form (heldout97
// 2357). A status field among the header's fields that says in words the
// plan is done closes its units; a mark alone ("✅ Ready for Execution")
// or a status that names units does not (heldout69 1684, dev 44).
func TestTemplatePlanAndHeaderStatus(t *testing.T) {
	src := "# CrewAI Agent Template Implementation Plan\n\n**Project**: Add a template\n**Status**: ✅ IMPLEMENTATION COMPLETE - Ready for Testing\n\n## Tasks\n\n### TASK 1: Layout\n\n- **Name:**\n- **Owner:**\n- **Date:**\n\n### TASK 2: Config\n\n- write it\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Layout closed", "1.2 Config closed"}, units(p))
	assert.Contains(t, msgs(p, Warning), "4:1: the plan's status line says it is done, so its units with no status of their own are read done: 1.1, 1.2")

	for _, st := range []string{"✅ Ready for Execution", "Tasks 1-2 Complete!"} {
		p = Parse("p.md", []byte(strings.Replace(src, "✅ IMPLEMENTATION COMPLETE - Ready for Testing", st, 1)))
		require.Empty(t, msgs(p, Error))
		assert.Equal(t, []string{"1.1 Layout open", "1.2 Config open"}, units(p), st)
	}
}

// "## Migration Steps" in a document titled as a guide holds the steps it
// teaches, not the document's own work (heldout98 2365).
func TestGuideStepsSection(t *testing.T) {
	src := "# Skill Migration Guide\n\n## Overview\n\nHow to move guidelines into skills.\n\n## Migration Steps\n\n### Step 1: Identify content\n\n- find it\n\n### Step 2: Create the skill\n\n- make it\n\n### Step 3: Write the file\n\n- write it\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Skill Migration Guide" says it is a tutorial or example, and nothing in it speaks of work to do: its steps are for a reader to follow`)
}

// "# 実装完了サマリー" (a summary of finished work) ending in short- and
// long-term ideas: a report's word on what may come next (heldout98
// 2375).
func TestReportWithHorizons(t *testing.T) {
	src := "# 実装完了サマリー\n\n## 概要\n\n作業は完了した。\n\n## 実行された作業\n\n### 1. 整理 ✅\n\n- 削除した\n\n## 今後の拡張可能性\n\n### 短期的な機能拡張\n\n- 並列実行\n- 条件分岐\n- 再試行\n\n### 長期的な機能拡張\n\n- UI\n- 通知\n- 共有\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "実装完了サマリー" says it is a report, and the only work the closest reading finds is the bullets of its sections on what may come later`)
}

// A document titled as code standards keeps checklists for every change:
// its boxes are a reader's to tick (heldout98 2378).
func TestStandardsGuide(t *testing.T) {
	src := "# Стандарты кода\n\n## Обзор\n\nПравила для всех PR.\n\n## Перед PR\n\n- [ ] линтер чист\n- [ ] тесты зелёные\n\n## Перед релизом\n\n- [ ] версия обновлена\n- [ ] changelog написан\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Стандарты кода" says it is a guide to standards, and nothing in it speaks of work to do: its checkboxes (from line 9) are for a reader to tick as they follow it`)
}

// "| Stage | Status | Scope |" over "| 1a | done | Core |": bare numbers
// under a phase or unit word, beside a status, are the rows' ids
// (heldout98 2364).
func TestStageTable(t *testing.T) {
	src := "# Plan\n\n## Stages\n\n| Stage | Status | Scope |\n|---|---|---|\n| 1a | done | Core |\n| 1b | partial | Builder |\n| 2 | done | Tools |\n| 3 | to do | Resources |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1a Core closed", "1.1b Builder in_progress", "1.2 Tools closed", "1.3 Resources open"}, units(p))

	// With no status column, bare numbers under "Stage" are not ids.
	p = Parse("p.md", []byte("# Plan\n\n## Stages\n\n| Stage | Scope |\n|---|---|\n| 1 | Core |\n| 2 | Tools |\n"))
	require.Len(t, msgs(p, Error), 1)
}

// A title that is only the word for tasks ("# Tarefas") names a list of
// them: its plain bullets are the units, its sections their priorities
// (heldout98 2374 was refused).
func TestTaskListTitle(t *testing.T) {
	src := "# Tarefas\n\nTarefas do projeto.\n\n## Alta prioridade\n\n- Adicionar semestres\n- Sincronizar com Drive\n\n## Baixa prioridade\n\n- Remover referências\n- Ver encriptação\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Adicionar semestres open", "1.2 Sincronizar com Drive open", "1.3 Remover referências open", "1.4 Ver encriptação open"}, units(p))
}

// A compound-engineering plan (ce-plan): the "U1." units of its
// "## Implementation Units", as headings or as bullets whose fields
// follow flush left (the next unit's bullet continuing the last field's
// list); the Dependencies fields are the graph, the Goal the prompt, and
// "status: completed" closes every unit, under a title ce-plan leaves
// unquoted ("title: feat: thing") (heldout95 2319).
func TestCompoundFormat(t *testing.T) {
	heads := "---\ntitle: \"feat: thing\"\ntype: feat\nstatus: active\ndate: 2026-05-05\n---\n\n# feat: thing\n\n## Implementation Units\n\n### U1. Base validation\n\n**Goal:** validate input.\n\n**Dependencies:** None\n\n### U2. Details route\n\n**Dependencies:** U1\n\n### U3. Create route\n\n**Dependencies:** U1\n\n### U4. Formatting\n\n**Dependencies:** U2, U3\n\n## Risks & Dependencies\n\n- none\n"
	p := Parse("p.md", []byte(heads))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Base validation open", "1.2 Details route open", "1.3 Create route open", "1.4 Formatting open"}, units(p))
	deps := map[string][]string{}
	for _, s := range p.Sprints {
		for _, d := range s.DependsOn {
			deps[s.ID] = append(deps[s.ID], d.ID)
		}
	}
	assert.Equal(t, map[string][]string{"1.2": {"1.1"}, "1.3": {"1.1"}, "1.4": {"1.2", "1.3"}}, deps)
	assert.Equal(t, []string{"validate input."}, p.Sprints[0].Tasks)

	bullets := "---\ntitle: feat: thing\ntype: feat\nstatus: completed\ndate: 2026-05-05\n---\n\n# thing\n\n## Implementation Units\n\n- U1. **Unify validation**\n\n**Goal:** one set.\n\n**Verification:**\n\n- tests pass\n\n- U2. **Route details**\n\n**Dependencies:** U1\n\n## Sources & References\n\n- issue 1161\n"
	p = Parse("p.md", []byte(bullets))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Unify validation closed", "1.2 Route details closed"}, units(p))
	assert.Contains(t, msgs(p, Warning), "1:1: the front matter says status: completed, so the units with no status of their own are closed: 1.1, 1.2")
	var texts []string
	for _, r := range p.Readings {
		texts = append(texts, r.Text)
	}
	assert.Contains(t, texts, "the units run one after another in the order the plan lists them ("+compoundDescription+")")
}

// A design document (an ADR) whose only work is the numbered items of
// one of its sections, a topic of the design ("## 2. Task List and Task
// Scheduler"), is refused (heldout99 2411).
func TestDesignSectionItems(t *testing.T) {
	src := "# ADR 001: Transpiler Architecture\n\n## 1. Transpiler overview\n\nThe transpiler runs tasks.\n\n## 2. Task List and Task Scheduler\n\nUse cases:\n\n1. Run all tasks of a file.\n2. Stop at the first error.\n\n## 3. Loading\n\nFiles are loaded first.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "ADR 001: Transpiler Architecture" says it is a design document, and the only work the closest reading finds is the items under "2. Task List and Task Scheduler", a section of the design, not a plan of work`)
}

// A section whose last word is work in Korean, Chinese or Japanese ("##
// 다음 깊은 작업", the next deep work) holds the plan's work (heldout100
// 2420 was refused).
func TestCJKWorkSection(t *testing.T) {
	assert.True(t, workHeading("다음 깊은 작업"))
	assert.True(t, workHeading("后续 任务"))
	assert.False(t, workHeading("작업"))
	src := "# 로드맵\n\n## 완료\n\n| 영역 | 상태 |\n|---|---|\n| 파서 | 완료 |\n\n## 다음 깊은 작업\n\n1. 스키마 캐시\n2. 코드 생성\n3. 벤치마크\n\n## 결정 기준\n\n1. 성능\n2. 안정성\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 스키마 캐시 open", "1.2 코드 생성 open", "1.3 벤치마크 open"}, units(p))
}

// "Status: proven for the current design": proven is done (heldout100
// 2421).
func TestProvenStatus(t *testing.T) {
	assert.Equal(t, StatusClosed, readStatus("proven for the current single-AZ design").status)
	src := "# Automatic HA Implementation Checklist\n\n## Engineering Checklist\n\n### 1. Config\n\nStatus: partially implemented.\n\n- defaults\n\n### 2. Supervisor\n\nStatus: implemented.\n\n- lease\n\n### 3. Readiness\n\nStatus: proven for the current design.\n\n- probes\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Config in_progress", "1.2 Supervisor closed", "1.3 Readiness closed"}, units(p))
}

// Sections titled as priorities ("## P1 — Should do soon") sort a
// backlog's items; the headings under them are the units, not the
// "phases" P1 and P2 would be by their letter (heldout99 2395, heldout51
// 1237).
func TestPriorityTiers(t *testing.T) {
	src := "# TODOS\n\n## P1 — Should do soon\n\n### ~~Stash cleanup~~ ✓ Done\n- Completed 2026-03-20.\n\n### Jira connector\n- **What:** MCP server.\n\n## P2 — Should do before next milestone\n\n### Docs update\n- **What:** docs.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Stash cleanup closed", "1.2 Jira connector open", "2.3 Docs update open"}, units(p))
	assert.True(t, priorityTierRE.MatchString("High Priority"))
	assert.False(t, priorityTierRE.MatchString("Phase 1: Foundation"))
}

// A PRD's "Problem" and "Solution" sections and its examples do not make
// it a how-to: its timeline's checkboxes are its work (heldout98 2367).
func TestPRDTimeline(t *testing.T) {
	src := "# Agent Skills PRD\n\n## 1. Overview\n\n### 1.1 Problem\n\nNo skills.\n\n### 1.2 Solution\n\nAdd skills.\n\n## 2. Examples\n\nA skill.\n\n## 3. Timeline\n\n- [x] Create the migration guide\n- [ ] Create the testing skill\n- [ ] Create the docs skill\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create the migration guide closed", "1.2 Create the testing skill open", "1.3 Create the docs skill open"}, units(p))
}

// Sections named for half years ("## 2023 H1", "## 2023 H2") are a
// roadmap's horizons: its bullets are the work (heldout100 2413, heldout78
// 1896).
func TestHalfYearHorizons(t *testing.T) {
	assert.True(t, horizonTitle("2023 H1"))
	assert.False(t, horizonTitle("H1N1 study"))
	src := "# Roadmap\n\n## 2023 H1\n\n### SIG Node\n\n- Support cgroup v2\n- Upgrade runtime\n\n### SIG Docs\n\n- Rewrite the install guide\n\n## 2023 H2\n\n### SIG Node\n\n- Support Windows nodes\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// "Cloudflare Workers へのデプロイ" (deploying to Cloudflare Workers), the
// verb last, titles a how-to; "よくある問題と解決策" (common problems and
// their fixes) is a how-to's section (heldout101 2444).
func TestJapaneseDeployGuide(t *testing.T) {
	assert.True(t, howToTitle("Cloudflare Workers へのデプロイ"))
	src := "# Cloudflare Workers へのデプロイ\n\n## 前提条件\n\n- Node.js\n\n## ステップ 1 — 依存関係のインストール\n\n```bash\nnpm install\n```\n\n## ステップ 2 — 環境変数の設定\n\n- `.dev.vars` を作る\n\n## ステップ 3 — デプロイ\n\n```bash\nnpm run deploy\n```\n\n## よくある問題と解決策\n\n- R2 を有効にする\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Cloudflare Workers へのデプロイ" says it is a tutorial or example, and nothing in it speaks of work to do`)
}

// A proposal ("# Motivation", "# Proposal") whose unit headings stand
// under a section of its design ("## Resolution algorithm" over "###
// Step 1. …") describes steps, not work (heldout102 2464, heldout78 1899).
func TestProposalAlgorithmSteps(t *testing.T) {
	src := "# Streamline links\n\n# Motivation\n\nLinks are ambiguous.\n\n# Proposal\n\n## Resolution algorithm\n\n### Step 1. Search the context\n\n1. The class itself\n2. Its parameters\n\n### Step 2. Traverse the scopes\n\n- local first\n\n### Step 3. Search the packages\n\n- imports last\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it reads as a design document ("Motivation" (line 3), "Proposal" (line 7)), and its headings stand under "Resolution algorithm", a section of the design: the steps of what it describes, not work to compile`)
}

// A unit's "| Field | Value |" table with rows the plan language has no
// field for ("| **Effort** | Low |") still gives its Status and Depends
// On; "Task 1.2.1" in Depends On names the unit written so, read as 1.3;
// an id that names no unit is a warning at its line, not the refusal of
// the plan (heldout102 2474).
func TestFieldsTableWithOtherRows(t *testing.T) {
	src := "# Roadmap\n\n## Phase 1: Core\n\n### Task 1.1: Baseline\n\n| Field | Value |\n|---|---|\n| **Effort** | Low |\n| **Status** | [x] **COMPLETE** |\n\n- [x] measure\n\n### Task 1.2: Chunks\n\n| Field | Value |\n|---|---|\n| **Status** | [ ] Not Started |\n| **Depends On** | Task 1.1 |\n\n- [ ] split\n\n### Task 1.2.1: Fix bug ✅ COMPLETE\n\n| Field | Value |\n|---|---|\n| **Effort** | Very Low |\n| **Status** | [x] **COMPLETE** |\n| **Depends On** | Task 1.2 |\n\n- [x] fix\n- [ ] document\n\n### Task 1.3: Speaker\n\n| Field | Value |\n|---|---|\n| **Depends On** | Task 1.2.1; also 9.9.9 |\n\n- [ ] cache\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Baseline closed", "1.2 Chunks open", "1.3 Fix bug closed", "1.4 Speaker open"}, units(p))
	deps := map[string][]string{}
	for _, s := range p.Sprints {
		for _, d := range s.DependsOn {
			deps[s.ID] = append(deps[s.ID], d.ID)
		}
	}
	assert.Equal(t, []string{"1.3"}, deps["1.4"])
	assert.Contains(t, msgs(p, Warning), `38:3: Depends on of sprint 1.4 names "9.9.9", which is no unit id (like 1.2 or 3a.2b); no dependency is added for it`)
	assert.Contains(t, p.Sprints[0].Description, "| **Effort** | Low |")
}

// Headings that open with an issue's number ("### ✅ #5 Title") are the
// issues a to-do file lists, ✅ marking the done ones (heldout102 2468).
func TestIssueNumberHeadings(t *testing.T) {
	src := "# App TODO\n\n## GitHub Issues\n\n### ✅ #5 Title bar wraps\n\n**対応済み**\n\n### #4 Popup is blocked\n\n1. Detect it\n2. Warn\n\n### #7 Errors are not reported\n\n- add alerts\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.5 Title bar wraps closed", "1.4 Popup is blocked open", "1.7 Errors are not reported open"}, units(p))
	var why string
	for _, c := range p.Candidates {
		if c.Chosen {
			why = c.Declare + ": " + c.Why
		}
	}
	assert.Equal(t, `units: "### #{n} {title}": headings that open with an issue's number ("#5 Title"): the issues the plan lists`, why)
}

// In a superpowers plan (its header names a superpowers skill) the "###
// Task N" headings are the units, whatever headings its sample Markdown
// leaks around them (heldout102 2471: a fence closed early).
func TestSuperpowersTasksOverLeakedHeadings(t *testing.T) {
	src := "# Orchestrator Redesign Implementation Plan\n\n> **For agentic workers:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan.\n\n### Task 1: Write the identity section\n\n- [ ] **Step 1: Write it**\n\n# Agent Personality\n\n### Phase 1: Discover\n\n### Phase 2: Decompose\n\n### Task 2: Write the rules\n\n- [ ] **Step 1: Write them**\n\n### Task 3: Review\n\n- [ ] **Step 1: Read it again**\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Write the identity section open", "1.2 Write the rules open", "1.3 Review open"}, units(p))
}

// A file titled TODO with two items is a to-do file still (heldout103
// 2502).
func TestTwoItemTodo(t *testing.T) {
	src := "# TODO\n* Dynamic RTT discovery\n    * Compute the 99th percentile\n* Dynamic MTU discovery\n    * Prevent lost updates\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Dynamic RTT discovery open", "1.2 Dynamic MTU discovery open"}, units(p))
}

// A README whose "## Progress" section holds ten checkboxes or more keeps
// a port's tracker: its boxes are the work (heldout104 2521, 2523); a
// README's few boxes under a roadmap stay its word on what it plans.
func TestReadmeProgressTracker(t *testing.T) {
	var boxes strings.Builder
	for i := range 12 {
		mark := " "
		if i < 3 {
			mark = "x"
		}
		fmt.Fprintf(&boxes, "- [%s] fn%d\n", mark, i)
	}
	src := "# libm\n\nA port of MUSL's libm.\n\n## Contributing\n\n- open a PR\n\n## Progress\n\n" + boxes.String() + "\n## License\n\nMIT\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 12)

	few := "# libm\n\nA port.\n\n## Contributing\n\n- open a PR\n\n## Progress\n\n- [x] fn0\n- [ ] fn1\n- [ ] fn2\n\n## License\n\nMIT\n"
	p = Parse("p.md", []byte(few))
	require.Len(t, msgs(p, Error), 1)
}

// A guide's closing "## 🚀 实施步骤" (implementation steps) tells its
// reader what to do (heldout104 2511).
func TestGuideImplementationSteps(t *testing.T) {
	assert.True(t, guideSteps("实施步骤"))
	src := "# CODE_OPTIMIZATION_GUIDE.md\n\n## 代码优化指南\n\n### 1. 性能优化\n\n- 缓存\n\n## 🚀 实施步骤\n\n1. 分析代码\n2. 制定计划\n3. 逐步实施\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "CODE_OPTIMIZATION_GUIDE.md" says it is a tutorial or example, and the only work the closest reading finds is the steps under "🚀 实施步骤": what the guide tells its reader to do`)
}

// A ticked list unit whose title ends by saying it was skipped ("… - 已跳过：
// used JSON in the agent") is dropped, not done; "- no longer needed"
// after "Remove X" says why X can go (heldout104 2519, heldout53 1301).
func TestTitleSkipNote(t *testing.T) {
	assert.Equal(t, "已跳过：直接在 Agent 中使用 JSON", titleSkipNote("创建共享数据模型模块（如需要）- 已跳过：直接在 Agent 中使用 JSON"))
	assert.Equal(t, "Skipped: covered by the cache", titleSkipNote("Add retries — Skipped: covered by the cache"))
	assert.Equal(t, "", titleSkipNote("Remove `FlowContext` - no longer needed"))
	src := "# Tasks\n\n## Phase 1: Setup\n\n- [x] T001 Create the project\n- [x] T002 Create the shared model (if needed) - 已跳过：直接在 Agent 中使用 JSON\n- [ ] T003 Write the agent\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Create the project closed", "1.3 Write the agent open", "1.2 Create the shared model (if needed) - 已跳过：直接在 Agent 中使用 JSON skipped"}, units(p))
}

// A box after a heading's dash ("Foundation (The Spine) - [x] Complete")
// says how the unit stands, and leaves the title (heldout105 2540).
func TestDashBoxStatus(t *testing.T) {
	src := "# Plan\n\n## Implementation Phases\n\n### Phase 1: Foundation (The Spine) - [x] Complete\n\nBuild the spine.\n\n### Phase 2: Layout - [ ] Not started\n\nBuild layout.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Foundation (The Spine) closed", "2.1 Layout open"}, units(p))
}

// A pull request's description whose checkboxes all stand under its
// change-type section ("#### 💻 变更类型 | Change Type" over "- [x] fix")
// is refused: options ticked, not work (heldout106 2574).
func TestPullRequestChangeTypes(t *testing.T) {
	src := "close #4910\n\n#### 💻 变更类型 | Change Type\n\n- [ ] feat\n- [x] fix\n- [ ] docs\n- [x] refactor\n\n#### 🔀 变更说明 | Description of Change\n\n- moved the store\n- fixed the sync\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its checkboxes all stand under "💻 变更类型 | Change Type", a pull request's list of change types: options ticked to describe a change, not work to compile`)
}

// A plan that crosses off its finished work ("- ~~crash on navigating~~"
// in a TODO of bullets with no checkbox, most items struck) means done by
// a strike; a note after it may still say the work was dropped
// ("(removed - didn't work)"). With checkboxes, a strike keeps its
// meaning of dropped work, unless the notes after strikes say done and
// none says dropped, or most ticked items are struck too (heldout58 1424,
// heldout98 2374, heldout106 2576, heldout116 2817).
func TestCrossedOffDone(t *testing.T) {
	src := "---\nunits: \"- {title}\"\n---\n# Things to do\n\n## Bugs\n\n- ~~crash on navigating~~\n- ~~icons not aligned~~\n- ~~add a LEGO game~~ (removed - didn't work)\n- settings page does not close\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 crash on navigating closed", "1.2 icons not aligned closed", "1.4 settings page does not close open", "1.3 add a LEGO game (removed - didn't work) skipped"}, units(p))
	assert.Equal(t, []string{"8:1: this plan strikes through most items of its lists and has no checkboxes: struck items are read as done (unit 1.1 first), and as dropped only where a note after the strike says so", "8:1: 3 sprints have no tasks, so each one's title is its one prompt: 1.1, 1.2, 1.4"}, msgs(p, Warning))

	boxed := "---\nunits: \"- [ ] {title}\"\n---\n# Things to do\n\n## Bugs\n\n- [ ] ~~crash on navigating~~\n- [ ] ~~icons not aligned~~\n- [ ] ~~add a LEGO game~~\n- [ ] settings page does not close\n"
	p = Parse("p.md", []byte(boxed))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.4 settings page does not close open", "1.1 crash on navigating skipped", "1.2 icons not aligned skipped", "1.3 add a LEGO game skipped"}, units(p))

	// Ticked and struck, with a note that says done: the author strikes
	// finished work, the note-less strikes too (heldout106 2576).
	noted := "---\nunits: \"- [ ] {title}\"\n---\n# TODO\n\n## Fix tests\n\n- [x] ~~Fix test_cli.py~~ - **All tests now passing**\n- [x] ~~Fix test_main.py~~\n- [ ] Cover trans_gpu.py\n"
	p = Parse("p.md", []byte(noted))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Fix test_cli.py - All tests now passing closed", "1.2 Fix test_main.py closed", "1.3 Cover trans_gpu.py open"}, units(p))

	// Most ticked items struck too, three or more, and no note that says
	// dropped: the author strikes what is ticked (heldout116 2817); one
	// ticked strike among many ticks is still dropped work (heldout105
	// 2546).
	most := "# TODO\n\n- [x] ~~Redis~~\n- [x] ~~MyBatis~~\n- [x] ~~Kafka~~\n- [x] Swagger\n- [ ] Elasticsearch\n- [ ] ~~Dubbo~~\n"
	p = Parse("p.md", []byte(most))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Redis closed", "1.2 MyBatis closed", "1.3 Kafka closed", "1.4 Swagger closed", "1.5 Elasticsearch open", "1.6 Dubbo open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "3:1: this plan strikes through most of its ticked items: struck items are read as done (unit 1.1 first), and as dropped only where a note after the strike says so")
	one := "# TODO\n\n- [x] ~~Kick-off discussion~~\n- [x] Maintainers file\n- [x] Config\n- [x] Editor\n- [ ] Exercises\n"
	p = Parse("p.md", []byte(one))
	require.Empty(t, msgs(p, Error))
	assert.Contains(t, units(p), "1.1 Kick-off discussion skipped")
}

// A box written with a stray space inside ("- [x ] …", "- [ x] …"), which
// Markdown leaves as text, is ticked as its author meant (heldout107
// 2603 read seven of its eleven done items as no units at all).
func TestSpacedTickMarks(t *testing.T) {
	src := "# Tasks\n\n## 1. Implementation\n\n- [x] Read the invite code\n- [x] Keep the query on redirect\n\n## 2. Validation\n\n- [x ] Check on mobile\n- [ x] Check on desktop\n- [ ] Check the negative case\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Read the invite code closed", "1.2 Keep the query on redirect closed", "1.3 Check on mobile closed", "1.4 Check on desktop closed", "1.5 Check the negative case open"}, units(p))
}

// The units of a phase numbered between two others ("## Wave 1.5:
// Content" over "### 1.5.1 README Rewrite") carry its id whole: they are
// its units, not lost beside a phase read as one unit (heldout107 2582).
func TestDecimalPhaseUnits(t *testing.T) {
	src := "# Plan\n\n## Wave 1: Quality\n\n### 1.1 Errors\n\ntext\n\n### 1.2 Tests\n\ntext\n\n## Wave 1.5: Content\n\n### 1.5.1 README Rewrite\n\ntext\n\n### 1.5.2 Messaging\n\ntext\n\n## Wave 2: Experience\n\n### 2.1 Modes\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Errors open", "1.2 Tests open", "1.3 README Rewrite open", "1.4 Messaging open", "2.1 Modes open"}, units(p))
	assert.Contains(t, msgs(p, Warning), `15:1: "1.5.1" is not a unit number: this unit is read as 1.3, in the order the plan lists it`)
}

// A section about the work whose steps are its own numbered headings
// ("## 解決方法" over "### 1. C ラッパー層の追加" … "### 7.") holds
// numbered lists inside them: the headings are the units, the lists
// their steps' steps (heldout108 2627, refused; heldout65 1591).
func TestListUnderNumberedSteps(t *testing.T) {
	src := "# MJPG ラッパーを追加する\n\n## 目的\n\nラッパーを追加する。\n\n## 解決方法\n\n### 1. C ラッパー層の追加\n\ntext\n\n#### 事前確認手順\n\n1. ヘッダを確認する\n2. ビルドする\n\n### 2. Rust safe wrapper の追加\n\ntext\n\n### 3. テスト\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 C ラッパー層の追加 open", "1.2 Rust safe wrapper の追加 open", "1.3 テスト open"}, units(p))
}

// What is left to do, in French, Portuguese or Spanish ("## ⏳ Reste à
// Faire (15%)"), is a section about the work: a completion guide that
// says so is a plan (heldout107 2593 was refused as a tutorial).
func TestLeftToDoSection(t *testing.T) {
	src := "# Issue #004 Pagination - Guide de Complétion\n\n## ✅ Déjà Fait\n\n- ✅ DTOs\n\n## ⏳ Reste à Faire (15%)\n\n### 1. UnitRepository Pagination\n\nCopier le pattern.\n\n### 2. OwnerRepository Pagination\n\nMême processus.\n\n### 3. Tests Optionnels\n\nRecommandés.\n\n## 📋 Checklist Finale\n\n- [ ] Unit implémenté\n- [ ] Owner implémenté\n- [ ] Commit & push\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 UnitRepository Pagination open", "1.2 OwnerRepository Pagination open", "1.3 Tests Optionnels open"}, units(p))
}

// One numbered box over boxes of its own ("- [ ] 2 additional themes"
// over "- [ ] 3 X share text variants") among many plain boxes is a
// count, not Kiro's task 1: the board is not read as one Kiro task
// (heldout107 2599).
func TestKiroNeedsTwoTasksOrSubTasks(t *testing.T) {
	src := "# Task Board\n\n## Milestone 0 — Skeleton\n\n- [ ] Create the app\n- [ ] Add docs\n\n## Milestone 2 — Extras\n\n- [ ] 2 additional themes\n  - [ ] 3 X share text variants\n- [ ] Gallery page\n"
	p := Parse("TASKS.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.NotContains(t, chosen(p), "format: kiro")
	assert.Len(t, p.Sprints, 2)
}

// Boxes that open with a number written with no mark after it, in no
// sequence ("- [x] 95 BATS tests", "- [x] 5 package managers"), carry a
// count in their titles, not an id: the roadmap's boxes are its units,
// not the four that open with a number (heldout107 2581, heldout86 2077,
// heldout97 2347).
func TestCountsAreNotIDs(t *testing.T) {
	src := "# Roadmap\n\n## Done\n\n### v3.x\n\n- [x] Colour fixes\n- [x] 95 BATS tests\n\n### v5.0\n\n- [x] 5 package managers\n- [x] 3 commands: `guncel`, `bigfive`\n- [x] Alpine support\n\n## Planned\n\n### v6.1\n\n- [ ] Diagnostics\n- [x] 151 BATS tests\n"
	p := Parse("ROADMAP.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 7)
	for _, c := range p.Candidates {
		assert.NotEqual(t, `units: "- [ ] {n}. {title}"`, c.Declare)
	}
}

// A plan's "## Repairs" (or "## Fixes") is a section about the work: its
// numbered list is the work, not the document's three sections
// (heldout108 2617).
func TestRepairsSection(t *testing.T) {
	src := "# Live-scale evidence repair and optimization plan\n\nStatus: executing\n\n## Evidence\n\n- the worker measured a 141 ms gap;\n- the watcher crossed its deadline.\n\n## Repairs\n\n1. Preserve failed worker evidence.\n2. Stream the initial row build.\n3. Derive row styling at redraw.\n\n## Acceptance\n\n- Tests prove streamed ingestion.\n- Suites remain green.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Preserve failed worker evidence open", "1.2 Stream the initial row build open", "1.3 Derive row styling at redraw open"}, units(p))
}

// A triage process and its checklist ("# Triage process summary
// checklist" over "- [ ] Read the item") are a standing procedure,
// followed for every new issue: refused (heldout109 2648).
func TestTriageProcess(t *testing.T) {
	assert.True(t, procedureTitle("Triage process summary checklist"))
	src := "An issue that is ready can be picked up.\n\n# Triage process summary checklist\n\n- [ ] Read the item\n- [ ] Search the existing issues\n- [ ] Apply appropriate labels\n\n# Definition of ready\n\n* Description\n\n# Triage process\n\nA bot applies the label.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `names a standing procedure`)
}

// The one section about the work whose bullets each open with their
// title in bold ("## Phased plan" over "- **B1 — `crates/net`
// skeleton.** New crate …") holds the units, in a plan with no checkbox;
// a roadmap whose versions each hold such bullets shares its work out
// over them (heldout109 2628, heldout23 580).
func TestBoldLedBullets(t *testing.T) {
	src := "# Guest bridge design\n\n## Big decisions\n\n**(a)** One crate.\n\n## Phased plan (each phase ends in a milestone)\n\n- **B1 — `crates/net` skeleton.** New crate. Confirm: tests.\n- **B2 — DNS forwarder.** `dns.rs`. Confirm: nslookup.\n- **B3 — TCP relay.** `nat.rs`. Confirm: apk update.\n\n## Blockers\n\n- BLOCKER B3: inject egress.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	assert.Equal(t, "items | units: \"- {title} under ## Phased plan (each phase ends in a milestone)\"", chosen(p))
}

// In a list whose items each say how they stand, a status mark right
// after the title's dash ("1. **manifest-schema** — ✅ `cases.json`
// (two lanes)") is the item's status, whatever words follow it
// (heldout109 2640 read one of its twenty-two done todos done).
func TestMarkedItemDashMark(t *testing.T) {
	src := "# Smoke suite redesign plan\n\n## Todos\n\n1. **manifest-schema** — ✅ `cases.json` (two lanes).\n2. **manifest-loader** — ✅ strict validation.\n3. **ado-runbook** — ✅ written.\n4. **ado-apply** — ⏳ requires access.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "items | format: marked-items", chosen(p))
	var done []string
	for _, s := range p.Sprints {
		done = append(done, s.Status.Value)
	}
	assert.Equal(t, []string{"closed", "closed", "closed", "open"}, done)
}

// The order of implementation in German (or Spanish, French,
// Portuguese) names a section about the work: its numbered list is the
// plan's units over the title's lone phase (heldout109 2646). A numbered
// list whose items name other items by number ("**Sprint 1 — Quick
// wins:** #1, #2, #6") orders the plan's numbered work and does not
// replace it (heldout28 703, heldout40 974).
func TestImplementationOrderLists(t *testing.T) {
	src := "# Phase 1 — Umsetzungsplan\n\n## Bausteine\n\n1. **Datenmodell** (`data/metrics.json`).\n2. **KPI-Engine** (`src/metrics.js`).\n\n## Reihenfolge der Umsetzung\n\n1. Datenmodell + Mock-Daten.\n2. KPI-Engine + Tests.\n3. Angebot + Verkaufsstrategie.\n\n## Grenzen\n\n- keine Live-Daten\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)

	cited := "# Plano de Ação\n\n## Prioridade Crítica\n\n### 1. Toasts\n\ntext\n\n### 2. Error Boundaries\n\ntext\n\n### 3. Testes\n\ntext\n\n### 4. Memoização\n\ntext\n\n## Implementation Order\n\n1. **Quick wins:** #1, #2\n2. **Performance:** #4\n3. **Contínuo:** #3\n"
	p = Parse("p.md", []byte(cited))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// A backlog whose phases come last and hold no box ("## Recommended
// Implementation Priority" over "### Phase 1: Quick Wins" and numbered
// lists naming the items again) is read by its boxes: the phases order
// the work (heldout110 2657 read its four phases).
func TestPhasesAfterBoxes(t *testing.T) {
	src := "# Future Plans\n\n## Rule Engine\n\n- [x] **Conditional triggers**\n- [ ] **Cron triggers**\n- [ ] **Variable triggers**\n\n## Dashboards\n\n- [ ] **Dashboard export**\n- [ ] **Dashboard import**\n- [ ] **Tile editing**\n\n## Notifications\n\n- [ ] **Pushover**\n- [ ] **SendGrid**\n- [x] **Ping**\n- [ ] **Webhooks**\n\n## Recommended Implementation Priority\n\n### Phase 1: Quick Wins\n\n1. Cron triggers\n2. Ping — done\n\n### Phase 2: Core\n\n1. Dashboard export\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 10)
	assert.Equal(t, `items | units: "- [ ] {title}"`, chosen(p))
}

// Numbered headings that carry a status mark ("#### 1.1 Test-First:
// Exception classes ✅ COMPLETED") are tracked units, as headings with a
// Status field are: their many boxes are their tasks, not finer units
// (heldout110 2652 read its ninety-four boxes).
func TestMarkedOutlineHeadings(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Plan\n\n## TDD Implementation Plan\n\n")
	for ph := 1; ph <= 2; ph++ {
		fmt.Fprintf(&b, "### Phase %d: Core (Week %d)\n\n", ph, ph)
		for u := 1; u <= 2; u++ {
			mark := ""
			if ph == 1 {
				mark = " ✅ COMPLETED"
			}
			fmt.Fprintf(&b, "#### %d.%d Test-First: Part %d%s\n\n", ph, u, u, mark)
			for k := 0; k < 8; k++ {
				box := " "
				if ph == 1 {
					box = "x"
				}
				fmt.Fprintf(&b, "- [%s] step %d\n", box, k)
			}
			b.WriteString("\n")
		}
	}
	p := Parse("p.md", []byte(b.String()))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Test-First: Part 1 closed", "1.2 Test-First: Part 2 closed", "2.1 Test-First: Part 1 open", "2.2 Test-First: Part 2 open"}, units(p))
}

// A progress snapshot ("## Current Progress Snapshot" over "- Phase 4
// completed on 2026-03-16") closes the phases it names by id: the words
// after the id say done, not the phase's title (heldout110 2667 left two
// of its nine done phases open).
func TestProgressSnapshot(t *testing.T) {
	src := "# Roadmap\n\n## Current Progress Snapshot\n\n- Phase 1 completed on 2026-03-16\n- Phase 2 completed on 2026-03-16\n- Current recommended next step: Phase 3\n\n## Phase 1: API Endpoints\n\nGoal: close gaps.\n\n## Phase 2: Cron CRUD\n\nGoal: cron.\n\n## Phase 3: Comms\n\nGoal: comms.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 API Endpoints closed", "2.1 Cron CRUD closed", "3.1 Comms open"}, units(p))
}

// Checkbox lists that follow questions ("What industry do you work in?
// *Select multiple*" over "- [ ] Automotive") are a questionnaire's
// answers: the document is refused (heldout112 2713 read its 138
// options as units).
func TestSurveyAnswers(t *testing.T) {
	src := "# Proposed Questions\n\n## Prelude\n\nDo you work in a safety-critical industry?\n *Select one*\n\n- [ ] Yes\n- [ ] No\n\nWhat industry do you work in?\n *Select multiple*\n\n- [ ] Automotive\n- [ ] Aerospace\n\n## Languages\n\nWhich languages do you use?\n\n- [ ] C\n- [ ] Rust\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its checkbox lists follow questions (3 of them, the first at line 5): the boxes are answers to tick, a questionnaire's options, not work to compile`)
}

// Steps under a heading that says they were carried out ("##
// Durchgeführte Schritte zur Behebung" over "### 1. Analyse der
// package.json ✅") are a record of work done: the document is refused
// (heldout111 2688, a bug-fix report).
func TestStepsCarriedOut(t *testing.T) {
	src := "# Playwright MCP Server - Bugfix Dokumentation\n\n## Problem\n\nDer Build schlug fehl.\n\n## Durchgeführte Schritte zur Behebung\n\n### 1. Analyse der package.json ✅\n\ntext\n\n### 2. Prüfung der tsconfig.json ✅\n\ntext\n\n### 3. Build-Prozess ✅\n\ntext\n\n## Nächste Schritte\n\nTests schreiben.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the units the closest reading finds are under "Durchgeführte Schritte zur Behebung": a record of work done, not work to compile`)
}

// Plain bullets under a section whose whole title says done ("##
// 已完成", "## Done") are done, read as bullets (heldout111 2682,
// heldout91 2214).
func TestBulletsUnderDoneSection(t *testing.T) {
	assert.True(t, doneHeading("已完成"))
	assert.True(t, doneHeading("✅ Completed"))
	assert.False(t, doneHeading("Completed features overview"))
	src := "# Roadmap\n\n## 已完成\n\n### 协议\n\n- HTTP/2 (`a1b2c3`)\n- HTTP/3\n\n## 计划中\n\n- gRPC 代理\n- WebSocket 压缩\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	closed := 0
	for _, s := range p.Sprints {
		if s.Status.Value == StatusClosed {
			closed++
		}
	}
	assert.Len(t, p.Sprints, 4)
	assert.Equal(t, 2, closed)
}

// A Status field written in a heading's title after a separator ("###
// Phase 1 — Spec completeness · **Status: ✅ effectively complete
// (…)**") says how the unit stands; a lead mark wins over the words
// after it ("🟡 nearly complete" is under way) (heldout111 2680).
func TestStatusInTitle(t *testing.T) {
	assert.Equal(t, "✅ effectively complete (2026-06-07; `cherrypick` reclassified Phase-2", statusInTitle("Spec completeness  ·  **Status: ✅ effectively complete (2026-06-07; `cherrypick` reclassified Phase-2)**"))
	assert.Equal(t, "", statusInTitle("Status: the plan"))
	src := "# Roadmap\n\n## Phase plan\n\n### Phase 0 — Repo reset  ·  **Status: ✅ complete (2026-06-07)**\n\ntext\n\n### Phase 1 — Spec completeness  ·  **Status: ✅ effectively complete (2026-06-07; `cherrypick` reclassified Phase-2)**\n\ntext\n\n### Phase 2 — Write engine  ·  **Status: 🟡 nearly complete (the full action set)**\n\ntext\n\n### Phase 3 — Scans  ·  **Status: ❌**\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"0.1 Repo reset · Status: closed", "1.1 Spec completeness · Status: ✅ effectively complete (2026-06-07; cherrypick reclassified Phase-2) closed", "2.1 Write engine · Status: 🟡 nearly complete (the full action set) open", "3.1 Scans · Status: skipped"}, units(p))
}

// A sprint-planning form whose tables leave their cells blank in
// brackets ("| [Name] |", "| 1 | [Story title with ticket link] | [SP]
// |") is a template to copy: refused (heldout113 2725).
func TestBlankCellsTemplate(t *testing.T) {
	src := "# Sprint Planning Document\n\n## Sprint Info\n\n| Field | Value |\n|---|---|\n| **Scrum Master** | [Name] |\n| **Product Owner** | [Name] |\n\n## Selected Stories\n\n| # | Story | Points | Assignee | Status |\n|---|---|---|---|---|\n| 1 | [Story title with ticket link] | [SP] | [Name] | To Do |\n| 2 | [Story title with ticket link] | [SP] | [Name] | To Do |\n| 3 | [Story title with ticket link] | [SP] | [Name] | To Do |\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a template to copy and fill in (its tables leave 11 cells blank in brackets to fill in ("[Name]" the last))`)
}

// The bullets of a section about the work in a plan with no checkbox
// ("### Steps" over "* Open an issue …") are a reading the preview lists,
// to declare in one line (heldout114 2755, heldout104 2508).
func TestBulletsUnderWorkSectionListed(t *testing.T) {
	src := "# Creating a release\n\nOnly collaborators can release.\n\n## Publish new release manually\n\n### Steps\n\n* Open an issue documenting the intent.\n\n* Validate all tests pass.\n\n* Update the version in package.json.\n\n* Publish to npm.\n"
	p := Parse("p.md", []byte(src))
	var declares []string
	for _, c := range p.Candidates {
		declares = append(declares, c.Declare)
	}
	assert.Contains(t, declares, `units: "- {title} under ### Steps"`)
	d := Parse("p.md", []byte("---\nunits: \"- {title} under ### Steps\"\n---\n"+src))
	require.Empty(t, msgs(d, Error))
	assert.Len(t, d.Sprints, 4)
}

// An ordinal before its unit word ("## 第一阶段：抽离 Base", "## 第2阶段")
// names the phase as "阶段1" does (heldout114 2750 was refused); under
// the plan's one such phase, steps that number their own sub-headings
// still group them (TestStepsNumberingTheirUnits).
func TestOrdinalBeforeWord(t *testing.T) {
	assert.Equal(t, "阶段1：抽离 Base", ordinalFirst("第一阶段：抽离 Base"))
	assert.Equal(t, "阶段12", ordinalFirst("第12阶段"))
	assert.Equal(t, "第一章：背景", ordinalFirst("第一章：背景"))
	src := "# 重构提案\n\n# 分阶段实施\n\n## 第一阶段：抽离 Base\n\n- a\n\n## 第二阶段：抽离简单组件\n\n- b\n\n## 第三阶段：推出 Blocks\n\n- c\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 抽离 Base open", "2.1 抽离简单组件 open", "3.1 推出 Blocks open"}, units(p))
}

// A design doc's implementation plan in Japanese or Chinese ("## 3.
// 実装計画" over its numbered items) is the plan's work, as an English
// "Implementation Plan" is, not a section of the design (heldout114
// 2757 was refused).
func TestDesignDocForeignImplementationPlan(t *testing.T) {
	src := "# Fast-Playwright-MCP 改善実装 Design Doc\n\n## 1. 背景\n\n説明。\n\n## 2. 設計\n\n説明。\n\n## 3. 実装計画\n\n1. 型を定義する\n2. ハンドラを分ける\n3. テストを書く\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A done mark taken back in part by the bracket after it ("### Step 3:
// Update the root ✅ (Partially - test only)") leaves the unit under way,
// not done (heldout114 2751).
func TestPartialDoneMark(t *testing.T) {
	_, done, progress, _ := headingMarkers("Update BPlusTree Root to Use Trait Objects ✅ (Partially - test only)")
	assert.Equal(t, "", done)
	assert.Equal(t, "PARTIALLY ✅", progress)
	_, done, _, _ = headingMarkers("Create Node Trait ✅")
	assert.Equal(t, "✅", done)
	src := "# Plan\n\n## Steps\n\n### Step 1: Node trait ✅\n\ntext\n\n### Step 2: Root ✅ (Partially - test only)\n\ntext\n\n### Step 3: Splits ⏳\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "closed", p.Sprints[0].Status.Value)
	assert.NotEqual(t, "closed", p.Sprints[1].Status.Value)
}

// A document wrapped in an agent prompt's element ("<execution
// domain=\"project-management\">" … "</execution>", PromptX's roles) is
// the agent's prompt: refused (heldout115 2780 read its rule lists as
// units).
func TestPromptElement(t *testing.T) {
	assert.Equal(t, "execution", promptElement([]byte("<execution domain=\"pm\">\n  # Rules\n</execution>\n")))
	assert.Equal(t, "", promptElement([]byte("<details>\n\n- a\n</details>\n")))
	assert.Equal(t, "", promptElement([]byte("<role>\nno end\n")))
	src := "<execution domain=\"project-management\">\n\n# Milestone设计核心理念\n\n**Milestone的职责边界**：\n- ✅ 确认用户价值的实际交付\n- ✅ 验证商业目标的达成状况\n- ❌ 不重新定义问题或解决方案\n\n</execution>\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the document is an agent's prompt, wrapped in <execution>`)
}

// List items labelled with waves ("- **Wave 1**: **4 tasks** — T1 →
// quick, T2 → quick") are an execution schedule that groups tasks written
// elsewhere: the numbered task boxes are the units (heldout115 2783).
func TestWaveLabelsAreASchedule(t *testing.T) {
	src := "# Multi-Backend Inference\n\n## Execution Strategy\n\n- **Wave 1**: **2 tasks** — T1 → quick, T2 → quick\n- **Wave 2**: **1 task** — T3 → deep\n\n## TODOs\n\n- [x] 1. Test infrastructure\n  Set up bun.\n\n- [x] 2. Config YAML\n  Write it.\n\n- [ ] 3. Implementation\n  Build it.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	assert.NotEqual(t, `list | units: "- [ ] **{word} {n}:** {title}"`, chosen(p))
}

// A report whose checkboxes all stand under its later horizons ("###
// V1.1 - 短期优化") or its acceptance checklist ("## ✅ 验收清单") is a
// report's word on what may come next: refused (heldout118 2867).
func TestReportHorizonBoxes(t *testing.T) {
	assert.True(t, criteriaHeading("✅ 验收清单"))
	src := "# 🎉 Streak 功能实现完成报告\n\n## ✅ 所有步骤已完成\n\n### 1. Proto 文件重新生成 ✅\n\n完成。\n\n## 🔮 未来扩展建议\n\n### V1.1 - 短期优化\n- [ ] 添加更多语言翻译\n- [ ] 优化移动端显示效果\n\n### V2.0 - 中期功能\n- [ ] Streak 历史图表\n\n## ✅ 验收清单\n\n### 功能完整性\n- [x] 后端算法实现\n- [x] 前端组件实现\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its checkboxes all stand under its sections on what may come later, on testing or under criteria: a report's word on what may come next, not a plan`)
}

// A document whose title calls it a history ("# Godot AI — Foundation
// History") records what shipped: its ticked boxes are not work to
// compile (heldout119 2888).
func TestHistoryTitle(t *testing.T) {
	src := "# Foundation History\n\n## Post-Spike Hardening That Shipped\n\n- [x] Reconnect on editor reload\n- [x] Batch scene writes\n\n## Phase 1 Delivered Surface\n\n- [x] Read tools\n- [x] Read resources\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Foundation History" says it is a report, and every one of its 4 checkboxes is ticked: a record of what was checked or done, not work to do`)
}

// A document with a section that reports work done ("## Files Created")
// whose only units are under its "## Key Features" describes the change
// it made: refused (heldout119 2882).
func TestReportedFeatures(t *testing.T) {
	src := "# Insights Command Implementation\n\n## Summary\n\nImplemented the insights command.\n\n## Files Created\n\n1. **`insights.go`** (200 lines)\n\n## Key Features\n\n### Session Quality Filtering\n- Skips empty sessions\n- Skips aborted sessions\n\n### Incremental Caching\n- Caches per day\n- Rebuilds on demand\n\n### Output Formats\n- Text\n- JSON\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "Files Created" (line 7) reports work done, and the only work the closest reading finds is under "Key Features": the features of the change it reports, not work to do`)
}

// A document whose text holds a template language's tags and
// placeholders ("{% if attempt %}", "Title: {{ issue.title }}") is a
// prompt template rendered for each ticket: refused (heldout120 2904, a
// Symphony WORKFLOW.md).
func TestTemplateTags(t *testing.T) {
	src := "# Symphony workflow\n\nYou are working on a ticket.\n\n{% if attempt %}\nThis is attempt {{ attempt_number }}.\n{% endif %}\n\nTitle: {{ issue.title }}\nStatus: {{ issue.state }}\n\n## Step 1: Route the ticket\n\n1. Read the state.\n\n## Step 2: Do the work\n\n1. Write the code.\n\n## Step 3: Hand off\n\n1. Open a pull request.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its text holds 2 template tags (the first at line 5) and 3 placeholders to fill ("{{ attempt_number }}"): it is a template rendered each time it is used`)
}

// The "### Story N" headings of a design document's "## User Stories",
// in a document with no checkbox, tell how the design is used: refused
// (heldout114 2770, an RFC whose four stories are terminal sessions).
func TestDesignUserStories(t *testing.T) {
	src := "# RFC: Implode Command\n\n## Status\n\nImplemented\n\n## Background\n\nWhy.\n\n## User Stories\n\n### Story 1: Interactive Uninstall\n\n```bash\n$ vp implode\n```\n\n### Story 2: Non-Interactive Uninstall\n\n```bash\n$ vp implode --yes\n```\n\n### Story 3: Not Installed\n\n```bash\n$ vp implode --yes\n```\n\n## Technical Design\n\nHow.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "RFC: Implode Command" says it is a design document, and its units are the stories of its section "User Stories", and it has no checkbox: how the design is used, not work to compile`)
}

// "## Command Arguments" is a command's arguments as "## Arguments" is:
// with step headings, the document is an agent's command (heldout121
// 2924, a /sprint command's PHASE and Step headings).
func TestCommandArgumentsHeading(t *testing.T) {
	src := "# Sprint Command - Workflow Orchestrator\n\n## Command Arguments\n\n- `/sprint` - normal run\n\n# Phase 0\n\n## Step 0: Parse Command Arguments\n\ntext\n\n## Step 1: Locate Sprint Specifications\n\ntext\n\n## Step 2: Launch Project Architect\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "Command Arguments" (line 3) and its steps say it is an agent's command`)
}

// A declared table reading reads the tables of work that stand outside
// every phase heading: phases after the tables that hold no rows order
// the work ("## 実装順序" over "### Phase 1"), and the preview's count of
// rows is what the declaration reads (heldout122 2959 read its 99 rows as
// its four phases once declared).
func TestDeclaredTablesOutsidePhases(t *testing.T) {
	src := "---\nunits: table rows\n---\n# Backlog\n\n## Layer 0\n\n### L0-1: Setup\n\n| ID | Task | Depends | Status |\n|----|------|---------|--------|\n| L0-1-1 | Init project | - | ✅ |\n| L0-1-2 | Make dirs | L0-1-1 | ✅ |\n\n## Layer 1\n\n### L1-1: Parser\n\n| ID | Task | Depends | Status |\n|----|------|---------|--------|\n| L1-1-1 | Parse YAML | L0-1-2 | 🔲 |\n| L1-1-2 | Parse body | L0-1-2 | 🔲 |\n\n## Order\n\n### Phase 1: Base\n\n```\nL0-1-1 → L0-1-2\n```\n\n### Phase 2: Parsing\n\n```\nL1-1-1 → L1-1-2\n```\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, "Init project", p.Sprints[0].Title)
	assert.Equal(t, StatusClosed, p.Sprints[1].Status.Value)
	assert.Equal(t, "Parse body", p.Sprints[3].Title)
}

// Numbered headings may count from zero when the zero is itself tracked
// work ("## 0. ~~Fix wing~~ ✓"); "## 0. Overview" stays a document's
// section (heldout122 2947 read three headings of its Future section).
func TestNumberedFromZero(t *testing.T) {
	src := "# TODO\n\n## 0. ~~Fix wing~~ ✓ (b7376ee)\n\ntext\n\n## 1. ~~Hybrid search~~ ✓ (b7376ee)\n\ntext\n\n## 2. Decay (1 day)\n\ntext\n\n## 3. Feedback loops\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, StatusClosed, p.Sprints[0].Status.Value)
	assert.Equal(t, "Feedback loops", p.Sprints[3].Title)
	p = Parse("p.md", []byte("# TODO\n\n## 0. ~~Fix wing~~\n\ntext\n\n## 1. Hybrid search\n\ntext\n\n## 2. Decay\n\ntext\n\n## 3. Feedback loops\n\ntext\n"))
	require.Len(t, p.Sprints, 4) // struck, with no mark after it
	p = Parse("p.md", []byte("# Sync plan\n\n## 0. Overview\n\ntext\n\n## 1. Scope\n\ntext\n\n## 2. Order\n\ntext\n\n## 3. Rules\n\ntext\n"))
	assert.NotEqual(t, `headings | units: "## {n}. {title}"`, chosen(p))
}

// A first paragraph that calls the document a guide ("A guide for
// seeding a project's beads backlog") with a "## Prerequisites" section
// makes its "## Step N" headings a reader's steps, whatever plan word the
// title holds (heldout123 2970).
func TestGuideWithPrerequisites(t *testing.T) {
	src := "# Bootstrapping a Beads Backlog with Claude Code\n\nA guide for seeding a project's beads backlog from a structured plan.\n\n## Prerequisites\n\n- bd installed\n\n## Step 1: Write the Plan\n\ntext\n\n## Step 2: Initialize Beads\n\ntext\n\n## Step 3: Prompt Claude Code\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its first paragraph says it is a guide ("A guide for seeding a project's beads backlog from a structured plan."), and its section "Prerequisites" (line 5) says what its reader needs: its steps are for a reader to follow`)
}

// A ticked tracker line names its phase's work when the two titles agree
// once their notes are set aside: "Phase 1 — 버그 수정 (commit acfa12b)"
// closes "## Phase 1: 버그 수정 (즉시) — 현재 세션" (heldout121 2926 left
// three of its four done phases open).
func TestTrackerTitleNotes(t *testing.T) {
	assert.Equal(t, "버그 수정 ", leadTitle("버그 수정 (즉시) — 현재 세션"))
	src := "# Plan\n\n## Phase 1: 버그 수정 (즉시) — 현재 세션\n\n### P1-1. Fix sep\n\ntext\n\n### P1-2. Fix depth\n\ntext\n\n## Phase 2: 보안 강화 — 별도 세션\n\n### P2-1. Zip size\n\ntext\n\n### P2-2. URL check\n\ntext\n\n## 세션 간 전달 정보\n\n- [x] Phase 1 — 버그 수정 (commit acfa12b)\n- [ ] Phase 2 — 보안 강화\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, StatusClosed, p.Sprints[1].Status.Value)
	assert.False(t, p.Sprints[2].Status.Set())
}

// bd's key-value shape needs its issues to be most of their level's
// headings: three phases of eight with "Dependencies: Phase 2 complete"
// under them are a plan's phases, not bd issues (heldout124 2998 was read
// as bd's shape and stopped at a dependency cycle).
func TestKeyValueShapeNeedsMostHeadings(t *testing.T) {
	src := "# Plan\n\n## Overview\n\ntext\n\n## Status\n\ntext\n\n## Phase 1: Foundation ✅ COMPLETE\n\n- [x] Models\n- [x] Store\n\n## Phase 2: Loop ✅ COMPLETE\n\n- [x] Capture\n\n## Phase 3: Activation ✅ COMPLETE\n\nDependencies: Phase 2 complete\n\n- [x] Hooks\n\n## Phase 4: Persistence ✅ COMPLETE\n\nDependencies: Phase 3 complete\n\n- [x] Files\n\n## Phase 5: Assembly ✅ COMPLETE\n\nDependencies: Phase 4 complete\n\n- [x] CLI\n\n## Notes\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.NotContains(t, chosen(p), "format: bd")
	assert.Len(t, p.Sprints, 5)
}

// "Definition of Done" names criteria every change must meet: a document
// titled so is a checklist of checks (heldout124 3004, a PR checklist);
// and "Trabalho que ainda resta" is a section of the work left to do, so a
// plan's numbered work under it is read over its Definition of Done's
// boxes (heldout67 1626).
func TestDefinitionOfDone(t *testing.T) {
	assert.True(t, criteriaHeading("Definition of Done (PR Checklist)"))
	assert.True(t, workHeading("Trabalho que ainda resta para o 1.0"))
	src := "# Definition of Done (PR Checklist)\n\n## Automated\n\n- [ ] Linting passes\n- [ ] Tests pass\n\n## Manual\n\n- [ ] Errors wrapped\n- [ ] README updated\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Definition of Done (PR Checklist)" says it is a checklist of checks`)
	src = "# Road to 1.0\n\n## Trabalho que ainda resta para o 1.0\n\n### 1. Fechar o issue #8 (P0)\n\ntexto\n\n### 2. Guard de proto drift no CI (P1)\n\ntexto\n\n### 3. Reconciliar versão e docs (P1)\n\ntexto\n\n## Definition of Done para o 1.0\n\n- [ ] CI verde\n- [ ] Docs em dia\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "Fechar o issue #8 (P0)", p.Sprints[0].Title)
}

// A guide's units under its setup section ("## 2. Setup" over "### 2.1
// 克隆仓库") are the steps its reader takes to set up (heldout124 3007).
func TestGuideSetupSection(t *testing.T) {
	assert.True(t, setupSection("2. Setup"))
	assert.False(t, setupSection("2. Setup the billing service"))
	src := "# ARIS Trae 适配指南（Workflow Runbook）\n\n在 Trae 中使用 ARIS。\n\n## 1. 关键差异\n\ntext\n\n## 2. Setup\n\n### 2.1 克隆仓库并配置 Skills\n\ntext\n\n### 2.2 设置 Codex 审阅 MCP\n\ntext\n\n### 2.3 替代审阅 MCP\n\ntext\n\n## 3. 常见限制\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `and the units the closest reading finds are under "2. Setup": the steps its reader takes to set up, not work to compile`)
}

// Issue numbers ("#13") are the ids of a table's rows, out of sequence as
// issues are filed (heldout125 3017, a sprint board of GitHub issues).
func TestIssueNumberIDs(t *testing.T) {
	pre, num, ok := tableID("#13")
	assert.Equal(t, []any{"#", "13", true}, []any{pre, num, ok})
	src := "# Sprint Board\n\n## Sprint 1: Foundation\n\n| Status | # | Issue | Assignee | Depends On |\n|--------|---|-------|----------|------------|\n| 🎯 | #2 | Core metric dataclasses | TBD | - |\n| 🎯 | #13 | Threshold configuration | TBD | #2 |\n\n## Sprint 2: Collectors\n\n| Status | # | Issue | Assignee | Depends On |\n|--------|---|-------|----------|------------|\n| 📋 | #3 | Cognitive complexity | TBD | #2 |\n| 📋 | #4 | Cyclomatic complexity | TBD | #2 |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, "Threshold configuration", p.Sprints[1].Title)
}

// A section's heading is also known without its note in brackets: "##
// What went wrong (in the order we hit it)" is a retrospective's "What
// went wrong" (heldout64 1564 stays refused once its table of filed
// issues reads as rows).
func TestHeadingWithoutItsNote(t *testing.T) {
	src := "# Learning: the loop kept crashing the server\n\n## What went wrong (in the order we hit it)\n\ntext\n\n## What worked\n\ntext\n\n## Fixes filed\n\n| # | Title | Status |\n|---|---|---|\n| #42 | Merge conflict crashes server | **Done** |\n| #41 | Monitor never merges | **Done** |\n| #44 | Hot-reload kills merge | Open |\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a retrospective`)
}

// A title that calls the document a performance or metrics dashboard says
// it reports measurements: its sprint headings are what was measured
// (heldout127 3075).
func TestDashboardTitle(t *testing.T) {
	src := "# GoGraph Test Battery — Performance Dashboard\n\n## Overview\n\nMetrics per sprint.\n\n## Sprint 58 — Test Infrastructure\n\ntext\n\n## Sprint 59 — Core Graph\n\ntext\n\n## Sprint 60 — Indexes\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "GoGraph Test Battery — Performance Dashboard" says it is a report`)
}

// Lines between two "---" that hold a Markdown heading and do not parse
// as YAML are a rule and Markdown, not front matter that fails: read as
// the document, with a warning (heldout129 3111, a GSD roadmap whose
// first phase sat between them, stopped at a YAML error).
func TestMarkdownBetweenRules(t *testing.T) {
	src := "---\nmilestone: v2.6\nstatus: active\n### Phase 50: Corp-network TUF refresh — replace the path: `a` (b)\n\n- [x] 50-01-PLAN.md — skeleton\n---\n\n# Roadmap\n\n### Phase 49: Trust root from file\n\n- [x] 49-01-PLAN.md — flag\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Contains(t, msgs(p, Warning), "1:1: the lines between this --- and the next (line 7) hold a Markdown heading and are not YAML: read as part of the document, not as front matter")
	assert.Len(t, p.Sprints, 2)
}

// The order of implementation in Korean and Japanese ("## 구현 순서",
// "## 実装順序") is a work section: its numbered list is the plan's work
// (heldout126 3050 read its title's one phase).
func TestImplementationOrderKoJa(t *testing.T) {
	assert.True(t, workSection("구현 순서"))
	assert.True(t, workSection("実装順序"))
	src := "# Phase 018: filefunc context\n\n## 목표\n\ntext\n\n## 설계\n\ntext\n\n## 구현 순서\n\n1. codebook.yaml에 feature 추가\n2. 패키지 생성\n3. 필터 구현\n4. 검증\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// A title that names a workflow, with "## Purpose" and "## Process"
// sections, is an agent's workflow run each time it is invoked
// (heldout129 3112, a /create-roadmap workflow).
func TestWorkflowPurposeProcess(t *testing.T) {
	src := "# Create Roadmap Workflow\n\n## Purpose\n\nTurn an idea into a roadmap.\n\n## Process\n\n### 1. Grill the Idea\n\ntext\n\n### 2. Write the Roadmap\n\ntext\n\n### 3. Plan Each Task\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Create Roadmap Workflow" names a workflow, and its sections "Purpose" (line 3) and "Process" (line 7) say how it runs`)
}

// A title that calls the document an installation guide, with a
// Prerequisites section, makes its phases and steps each reader's, whatever
// work words its sections hold (heldout130 3134).
func TestInstallGuide(t *testing.T) {
	src := "# INSTALL.md — Manual Install Guide (v0.1)\n\n## Before you start\n\n### Prerequisites\n\n- git\n\n## Phase 1 — Visibility (10 min)\n\n### Steps\n\n1. Copy the hook.\n2. Restart.\n3. Check the log.\n\n## Phase 2 — Discipline\n\n### Steps\n\n1. Copy the rules.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "INSTALL.md — Manual Install Guide (v0.1)" says it is an installation guide, and its section "Prerequisites" (line 5) says what its reader needs`)
}

// A status written before a dash at the start of a title ("completed -
// Windows enforcement", "Done — Wire it") says how the unit stands, and is
// no part of its title, as one after a dash at its end is; a name in
// backticks before the dash is no status (heldout130 3145; heldout84
// 2045's "`skip-build-output` — mark optional outputs").
func TestLeadDashStatus(t *testing.T) {
	for _, c := range []struct{ in, lead, status string }{
		{"completed - chose the shape", "completed", StatusClosed},
		{"Done — Wire it", "Done", StatusClosed},
		{"IN PROGRESS – Ship it", "IN PROGRESS", StatusInProgress},
		{"deferred - TLS gating", "deferred", statusSkipped},
		{"`skip-build-output` — mark outputs", "", ""},
		{"Skip-build output - mark", "", ""},
		{"In Progress - Wire the parser", "In Progress", StatusInProgress},
		{"Готово — Русская", "Готово", StatusClosed},
		{"Windows enforcement - completed", "", ""},
		{"Refactor the store - then wire it", "", ""},
	} {
		lead, st := leadDashStatus(c.in)
		assert.Equal(t, c.lead, lead, c.in)
		assert.Equal(t, c.status, st, c.in)
	}
	src := "# Plan\n\n## Phase 1: Core\n\n### Sprint 1.1: completed - Build it\n\n- a\n\n### Sprint 1.2: Wire it\n\n- b\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, "Build it", p.Sprints[0].Title)
	assert.Equal(t, StatusClosed, p.Sprints[0].Status.Value)
	assert.Empty(t, p.Sprints[1].Status.Value)
}

// A list right under a heading whose plain bullets each open with one unit
// word and a number, some saying how they stand, is the plan's units when
// nothing stronger than its sections reads it (heldout130 3145: "## Phase
// Status" over "- Phase 0: completed - chose the shape"); a list of
// run-time phases that says no status is text.
func TestPhaseStatusBullets(t *testing.T) {
	src := "# Managed Network Proxy\n\n## Summary\n\ntext\n\n## Phase Status\n\n- Phase 0: completed - chose the shape.\n- Phase 1: completed - macOS proxy.\n- Phase 2: in progress - Linux enforcement.\n\n## Open Questions\n\n- TLS?\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "macOS proxy", p.Sprints[1].Title)
	assert.Equal(t, StatusClosed, p.Sprints[1].Status.Value)
	assert.Equal(t, StatusInProgress, p.Sprints[2].Status.Value)
	assert.Equal(t, `units: "- Phase {n}: {title}"`, p.Candidates[0].Declare)

	src = "# Indexer design\n\n## Summary\n\ntext\n\n## Run-time phases\n\n- Phase 1: scan the tree.\n- Phase 2: hash the files.\n- Phase 3: write the index.\n\n## Open Questions\n\n- Locking?\n"
	p = Parse("p.md", []byte(src))
	for _, c := range p.Candidates {
		assert.NotContains(t, c.Declare, "Phase {n}")
	}
}

// A title that calls the document a playbook, with nothing in it ticked or
// marked done or under way, is a procedure each reader follows, its phases
// and steps included (heldout131 3174, heldout127 3066, heldout81 1962); a
// title that only names a playbook as its subject ("Feature: Meta-Playbook
// for ...", heldout131 3179) or a playbook with work ticked is read.
func TestPlaybookTitle(t *testing.T) {
	body := "\n\n## Phase 1: Assess\n\n### 1.1 Measure the codebase\n\ntext\n\n### 1.2 Inventory dependencies\n\ntext\n\n## Phase 2: Plan the Port\n\n### 2.1 Define the architecture\n\ntext\n"
	p := Parse("p.md", []byte("# Python-to-Rust Playbook"+body))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Python-to-Rust Playbook" says it is a playbook, and nothing in it is marked done or under way: its headings are a procedure each reader follows`)
	p = Parse("p.md", []byte("# Feature: Meta-Playbook for Improving the Porting Playbook"+body))
	require.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Python-to-Rust Playbook"+strings.Replace(body, "### 1.1 Measure the codebase", "### 1.1 Measure the codebase ✅", 1)))
	require.Empty(t, msgs(p, Error))
	// Ticked boxes say the work is under way: a plan, whatever the
	// title calls it.
	p = Parse("p.md", []byte("# Checkout Migration Playbook\n\n## Phase 1: Inventory\n\n- [x] List the services\n- [x] Map the owners\n\n## Phase 2: Move\n\n- [ ] Move checkout\n- [ ] Move payments\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// A checkbox item that happens to open with a bold label ("- [ ] **M2 —
// auth is unaudited.**") among many boxes of plain bold sentences does not
// make the labelled items the units, and the boxes of one to-do section
// under a version heading are one part of the work when the sections
// beside that heading hold boxes too (heldout132 3185 read 4 labelled
// items, then the 9 boxes of "### TODO: Implement in actual UI").
func TestFewLabelledBoxes(t *testing.T) {
	src := "# Observatory — Roadmap\n\n## v1.7 — review tail (SHIPPED)\n\n- [x] **Add the runtime test.** text\n- [x] **Fix the scope flag.** text\n\n" +
		"## v0.26 — UI Redesign\n\n### TODO: Implement in actual UI\n\n- [ ] Parchment theme\n- [ ] 3D view\n- [ ] Sidebar\n\n" +
		"## Hardening follow-ups\n\n- [ ] **M2 — auth create is unaudited.** text\n- [ ] **M6 — audit log grows.** text\n- [ ] **Wire forget for raw rows.** text\n- [ ] **Validate owners.** text\n- [ ] **Filter archived rows.** text\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 10)
	assert.Equal(t, `units: "- [ ] {title}"`, p.Candidates[0].Declare)
}

// A pull request's form in Japanese, Chinese or Korean ("## 関連Issue",
// "## スクリーンショット", "## チェック項目") is a template, as its English
// sections are (heldout134 3249).
func TestPullRequestFormCJK(t *testing.T) {
	src := "## 概要\n\n- やること、やったことを書く\n\n## 関連Issue\n\n## スクリーンショット（変更前と変更後）\n\n## 破壊的変更があるか(あれば内容を記載)\n\n- [ ] YES\n- [ ] NO\n\n## チェック項目\n\n- [ ] ビルドが通る\n- [ ] lintが通る\n- [ ] 動作する\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it is a pull-request or issue template (its sections "関連issue" (line 5), "スクリーンショット" (line 7), "破壊的変更があるか" (line 9))`)
}

// Checkboxes that are questions, none ticked, are a review checklist
// asked each time ("- [ ] Funktionen logisch gruppiert?"), not work
// (heldout134 3239); a plan with a question or two among its boxes is read.
func TestQuestionBoxes(t *testing.T) {
	src := "# Refactoring-Checkliste\n\n## 1. Code-Struktur\n\n- [ ] Funktionen logisch gruppiert?\n- [ ] Single-Responsibility eingehalten?\n- [ ] Klassen klar abgegrenzt?\n\n## 2. Tests\n\n- [ ] Neue Tests vorhanden?\n- [ ] Bestehende Tests ausgeführt?\n- [ ] Edge Cases berücksichtigt?\n- [ ] Testabdeckung geprüft\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "6 of its 7 checkboxes are questions (the first at line 5), and none is ticked: a review checklist asked each time, not work to compile")
	p = Parse("p.md", []byte(strings.Replace(src, "- [ ] Testabdeckung geprüft", "- [x] Testabdeckung geprüft", 1)))
	require.Empty(t, msgs(p, Error))
}

// A section whose last word is slices or increments ("## Incremental
// migration slices") holds the work, unless it is the next ones ("## Next
// Engineering Slices" restates milestones); a status after a comma at the
// end of a title ("Route aggregation slice, completed in `b1272ae`") says
// how the unit stands (heldout133 3204, refused).
func TestSlicesAndCommaStatus(t *testing.T) {
	assert.True(t, workSection("Incremental migration slices"))
	assert.False(t, workSection("Next Engineering Slices"))
	for _, c := range []struct{ in, tail string }{
		{"Route aggregation slice, completed in `b1272ae`", ", completed in `b1272ae`"},
		{"Parser, done", ", done"},
		{"Parser, done and wired", ""},
		{"Auth service, deployed to Kubernetes", ""},
		{"Search, implemented on Postgres", ""},
		{"Search, done 2024-05", ", done 2024-05"},
		{"Read, write, delete", ""},
	} {
		tail, _ := commaStatus(c.in)
		assert.Equal(t, c.tail, tail, c.in)
	}
	src := "# Profile Runtime Migration Plan\n\n## Problem\n\ntext\n\n## Incremental migration slices\n\n1. **Route aggregation slice, completed in `b1272ae`**\n   - detail\n2. **Profile runtime struct**\n   - detail\n3. **Runtime registry**\n   - detail\n\n## Validation matrix\n\n- scenario\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "Route aggregation slice", p.Sprints[0].Title)
	assert.Equal(t, StatusClosed, p.Sprints[0].Status.Value)
}

// Where more boxes stand outside the phases than in them, the headings at
// the phases' level that hold them are groups of the work, read as
// phases: a done phase list under "## Completed Tasks ✅" and the open
// groups under "## Pending Tasks" (heldout134 3231 read only the 24 done
// boxes; heldout133 3206, heldout36 845); the plan's measures and a
// checklist of its deliverables after its phases stay out (heldout40 973).
func TestBoxesBesidePhases(t *testing.T) {
	src := "# RaBitQ TODO\n\n## Completed Tasks ✅\n\n### Phase 1: Code caching\n\n- [x] Cache codes\n- [x] Unpack codes\n\n### Phase 2: SIMD\n\n- [x] Dot product\n- [x] Benchmarks\n\n" +
		"## Pending Tasks (Full FastScan Integration)\n\n### Data Structure Refactoring\n\n- [ ] Batch layout\n- [ ] Packing\n- [ ] Loader\n\n### Testing & Validation\n\n- [ ] LUT tests\n- [ ] Recall tests\n\n## Success Metrics\n\n- [ ] Recall > 0.95\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 9)
	assert.Len(t, p.Phases, 4)
}

// A few numbered headings that hold no checkbox ("### 1. AI 고도화" under
// "## 🚀 향후 개선 가능 영역") beside many checkbox items are ideas beside
// the tracked work: the boxes are the units (heldout135 3262, heldout127
// 3061).
func TestNumberedIdeasBesideBoxes(t *testing.T) {
	src := "# Korean Law MCP - 개발 로드맵\n\n## ✅ 완료된 기능 (v1.3.0)\n\n" + boxLines("- [x] 도구 %d 추가", 16) + "\n## 🚀 향후 개선 가능 영역\n\n### 1. AI 고도화\n\ntext\n\n### 2. 실시간 데이터\n\ntext\n\n### 3. 사용자 경험\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 16)
	assert.Equal(t, `units: "- [ ] {title}"`, p.Candidates[0].Declare)
}

// A superpowers plan one level up, "## Task 1: Title" over "### Step 1:
// Write the failing test", has its tasks as units, the steps each task's
// checklist (heldout135 3254, heldout63 1541 read their steps).
func TestSuperpowersTasksOverSteps(t *testing.T) {
	src := "# Named Instances Implementation Plan\n\n> **For Claude:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan task-by-task.\n\n" +
		"## Task 1: Parse instanceName\n\n### Step 1: Write failing test\n\ntext\n\n### Step 2: Implement\n\ntext\n\n" +
		"## Task 2: Update TOML support\n\n### Step 1: Write failing test\n\ntext\n\n### Step 2: Implement\n\ntext\n\n" +
		"## Task 3: Document it\n\n### Step 1: Update README\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte(strings.Replace(src, "> **For Claude:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan task-by-task.\n\n", "", 1)))
	assert.Len(t, p.Sprints, 5)
}

// A title of to-dos in the plural ("# TODOs", "# Random TODOs as I think
// of them") names a to-do file, whose plain bullets, or numbered items
// when it has no other list, are its units (heldout132 3195, heldout133
// 3214, heldout110 2662); a later "# Non-TODOs" sets its bullets aside, as
// "## Out of scope" does (heldout90 2217).
func TestTodosPlural(t *testing.T) {
	p := Parse("p.md", []byte("# TODOs\n\nIssues\n- Check inline references\n\nMaturity\n- Tie issues to files\n- Fail fast option\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte("# Random TODOs as I think of them\n\n1. Handle 429s gracefully\n\n2. Remove the extra logic\n\n3. Move reasoning to the llm section\n\nQuestions\n\n- Support both configs?\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte("# TODOs\n\n* Add the ignore option\n* Honor pylint codes\n\n# Non-TODOs\n\n* Ignore hidden files\n* Count lines on demand\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
	assert.Len(t, p.Skipped, 2)
	// Only the whole title sets its work aside.
	p = Parse("p.md", []byte("# TODOs\n\n## Teach the bot not to double-post\n\n* Dedupe the queue\n* Add a lock\n\n## Importer\n\n* Speed it up\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	assert.Empty(t, p.Skipped)
}

// "이슈" (an issue) names a unit in Korean, as "Task" does: "## 이슈 1:
// 컬럼 수 불일치 감지 시점" (heldout139 3362, refused). The English "Issue"
// and "Bug" are not unit words: reports and retrospectives list their
// issues so.
func TestKoreanIssueUnits(t *testing.T) {
	src := "# UNION 구현 버그 수정 계획\n\n## 수정 대상 이슈\n\ntext\n\n## 이슈 1: 컬럼 수 불일치 감지 시점\n\n### 현재 동작\n\ntext\n\n### 수정 방법\n\ntext\n\n## 이슈 2: 숫자 타입 암묵적 승격 부재\n\n### 현재 동작\n\ntext\n\n## 변경 파일 요약\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, "컬럼 수 불일치 감지 시점", p.Sprints[0].Title)
}

// "## Contributors" is a README's section, as "## Contributing" is: with
// "## Support", a README whose ticked boxes list what it supports
// (heldout138 3342).
func TestReadmeContributors(t *testing.T) {
	src := "# Korea Real Estate MCP\n\ntext\n\n## Supported Tools\n\n- [x] 아파트 매매\n- [x] 오피스텔 매매\n- [x] 지역코드 조회\n\n## Quick Start: Claude Desktop (stdio)\n\n1. Install uv.\n\n## Contributors\n\ntext\n\n## Support\n\ntext\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `it reads as a README ("Contributors" (line 15), "Support" (line 19)), and its checkboxes say what the project supports or has done`)
}

// A unit whose list ends in an item that says where its work landed ("-
// *Shipped as #1030.*", "- Merged in v0.7.1") is done; a done word before
// anything else ("- Shipped in various forms") says nothing (heldout142
// 3432).
func TestShippedAs(t *testing.T) {
	src := "# Account-First Plan\n\n## Phases\n\n### Phase 0 — Reliability\n\n- Fix the cache\n\n### Phase 1 — Core\n\n- Port the store\n- *Shipped as #1026 + #1027 (v0.7.7-beta.1).*\n\n### Phase 2 — Discovery\n\n- Scan the dirs\n- Merged in v0.8.0\n\n### Phase 3 — Polish\n\n- Shipped in various forms before\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"", StatusClosed, StatusClosed, ""}, statusValues(p))
}

// A section that names an agent's role ("## AI ROLE") over "You are a
// Tech Lead." makes the document an agent's prompt, its phases how the
// agent works (heldout141 3411); a plan's "## Roles" table is not one.
func TestRoleSection(t *testing.T) {
	src := "# PROTOCOL 2: TECHNICAL TASK GENERATION\n\n## AI ROLE\n\nYou are a **Tech Lead**. Transform a PRD into a plan.\n\n## GENERATION ALGORITHM\n\n### PHASE 1: Rule Indexing\n\n1. Build the index.\n\n### PHASE 2: Task Generation\n\n1. Draft tasks.\n\n### PHASE 3: Breakdown\n\n1. Split by layer.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "AI ROLE" (line 3) tells an agent who it is ("You are a Tech Lead"): it is an agent's prompt`)
	p = Parse("p.md", []byte(strings.Replace(src, "You are a **Tech Lead**.", "The tech lead owns this plan.", 1)))
	require.Empty(t, msgs(p, Error))
}

// Labelled items that each hold boxes of their own ("- [ ] **Phase 2 —
// Mypyc**" over its steps) stay the units however many boxes there are:
// they group them (heldout106 2578 read a numbered list once the few-labels
// rule demoted them).
func TestLabelsOverBoxes(t *testing.T) {
	steps := "  - [ ] step a\n  - [ ] step b\n  - [ ] step c\n"
	src := "# Refactor Plan\n\n- [ ] **Phase 1 — Scan**\n" + steps + "- [ ] **Phase 2 — Mypyc**\n" + steps + "- [ ] **Phase 3 — Release**\n" + steps +
		"\n## Implementation Order\n\n1. Scan\n2. Build\n3. Ship\n4. Tag\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `units: "- [ ] **{word} {n}:** {title}"`, p.Candidates[0].Declare)
	assert.Len(t, p.Sprints, 3)
}

// Labels that name their unit by a word ("- [ ] **里程碑 1:** 目录结构调整")
// are the author's own units, however many boxes the plan has elsewhere
// (heldout115 2781 read its 53 step boxes once the few-labels rule
// demoted its four milestones).
func TestWordedLabelsStay(t *testing.T) {
	src := "# OES 任务清单\n\n## 任务\n\n" + boxLines("- [ ] 步骤 %d", 15) + "\n## 里程碑检查点\n\n- [ ] **里程碑 1:** 目录结构调整\n- [ ] **里程碑 2:** 核心功能\n- [ ] **里程碑 3:** 测试\n- [ ] **里程碑 4:** 发布准备\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// statusValues lists the Status of each of p's sprints, in order.
func statusValues(p *Plan) []string {
	var got []string
	for _, s := range p.Sprints {
		got = append(got, s.Status.Value)
	}
	return got
}

// boxLines writes n lines of format, each with its number (1 to n).
// holds checks predicate f on each text of cases against its want.
func holds(t *testing.T, f func(string) bool, cases map[string]bool) {
	t.Helper()
	for text, want := range cases {
		assert.Equal(t, want, f(text), text)
	}
}

// refusedWith parses src and requires it refused, with one error that
// holds want.
func refusedWith(t *testing.T, src, want string) {
	t.Helper()
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], want)
}

func boxLines(format string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return b.String()
}

// A done mark on the plan's title ("# Phase 018: … ✅ 완료") or alone on a
// line before its first section ("✅ 완료" over "# Phase 6: …") closes
// every unit when none has a status of its own (heldout126 3050, heldout138
// 3339); one unit's own box keeps the plan as its units say.
func TestTitleDone(t *testing.T) {
	order := "\n## 구현 순서\n\n1. 패키지 생성\n2. 구현\n3. 검증\n"
	for _, src := range []string{
		"# Phase 018: context pipeline ✅ 완료\n" + order,
		"✅ 완료\n\n# Phase 6: Target 추상화\n" + order,
		"# Phase 018: context pipeline ✅ Complete\n" + order,
	} {
		p := Parse("p.md", []byte(src))
		require.Empty(t, msgs(p, Error), src)
		require.Len(t, p.Sprints, 3, src)
		for _, s := range p.Sprints {
			assert.Equal(t, StatusClosed, s.Status.Value, src)
		}
		assert.Contains(t, msgs(p, Warning)[0], "marks the whole plan done and no unit has a status of its own, so every unit is read done: 1.1, 1.2, 1.3")
	}
	p := Parse("p.md", []byte("# Phase 018: context pipeline ✅ 완료\n\n## 구현 순서\n\n- [x] 패키지 생성\n- [ ] 구현\n- [ ] 검증\n"))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, StatusOpen, p.Sprints[2].Status.Value)
	p = Parse("p.md", []byte("# Phase 018: context pipeline\n"+order))
	assert.False(t, p.Sprints[0].Status.Set())
}

// A report's title over numbered items under a section of work already
// done ("## 🎯 완료된 작업") is refused, as its headings are (heldout135
// 3271).
func TestReportOverDoneItems(t *testing.T) {
	src := "# ✅ 데이터베이스 개선 완료 보고서\n\n## 🎯 완료된 작업\n\n### Priority 1: N+1 쿼리 해결\n\n1. **app/api/a.py**\n2. **app/api/b.py**\n3. **app/api/c.py**\n\n## 📊 성능\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a report, and the units the closest reading finds are under "🎯 완료된 작업", a section of work already done`)
}

// A to-do file with no list of any kind has its headings as its items: the
// level that has most, three at least ("# TODO" over ten "## Title"
// sections of prose; "# TODOs" over "## Open" and its "### 0. …"), over
// whatever its sections hold (heldout131 3162, heldout132 3188 and heldout86
// 2207 were refused); two sections are too few.
func TestTodoSections(t *testing.T) {
	src := "# TODO\n\nA scratchpad of known issues.\n\n## Scribe summary not streamed\n\nIt only appears after a refresh.\n\n## Per-advisor model choice\n\nCheaper models for some.\n\n## Use a diff gem\n\nFor example diffy.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `units: "## {title}"`, p.Candidates[0].Declare)
	assert.Len(t, p.Sprints, 3)
	item := "\n**What:** a thing.\n\n**Context:** why.\n\n"
	src = "# TODOs\n\n## Open\n\n### 0. Capture snapshots\n" + item + "### 1. Validate signal\n" + item + "### 2. Rip broker auth\n" + item + "## Deferred\n\n### 3. Staleness badges\n" + item + "## Closed\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `units: "### {title}"`, p.Candidates[0].Declare)
	assert.Len(t, p.Sprints, 3)
	assert.Len(t, p.Skipped, 1)
	p = Parse("p.md", []byte("# TODO: Parity\n\n## Subcommands not implemented\n\nAll are.\n\n## Language support\n\nSee the page.\n"))
	require.Len(t, msgs(p, Error), 1)
}

// A done word that opens a title's bracket, followed by where or when the
// work landed ("(concluído nesta entrega)", "(done in #214)"), marks the
// unit done; "(próxima)" (next) does not (heldout144 3474 read its two
// done phases open).
func TestBracketDoneLanded(t *testing.T) {
	src := "# Plano de Consolidação\n\n## Fase 1 — Coleta (concluído nesta entrega)\n- Crawler contínuo.\n\n## Fase 2 — Operação (done in #214)\n- Ferramentas de mapa.\n\n## Fase 3 — Robustez (próxima)\n- Persistência.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{StatusClosed, StatusClosed, ""}, statusValues(p))
	assert.Equal(t, "Coleta", p.Sprints[0].Title)
}

// A percentage in brackets that ends a unit's title ("GPX loading
// **[40%]**") says how far along it is: 100% is done, less is under way,
// and the bracket leaves the title (heldout146 3539 read its six done
// items open).
func TestPercentTail(t *testing.T) {
	src := "# Garta Roadmap\n\n## Version 0.2\n- GPX loading **[40%]**\n- https support **[100%]**\n- vehicles **[80% - uncommitted]**\n- track statistics\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	var got []string
	for _, s := range p.Sprints {
		got = append(got, s.Title+"="+s.Status.Value)
	}
	assert.Equal(t, []string{"GPX loading=" + StatusInProgress, "https support=" + StatusClosed, "vehicles=" + StatusInProgress, "track statistics="}, got)
}

// Front matter that records a plan executed, as a GSD SUMMARY.md's does
// ("phase:", "plan:", "provides:", "completed: 2026-02-28"), makes the
// document a report: refused (heldout146 3537 read its two task commits
// as units); a GSD PLAN.md's front matter has no "completed:".
func TestSummaryFrontMatter(t *testing.T) {
	body := "# Phase 2 Plan 03: Sync Engine Pi Wiring Summary\n\n## Accomplishments\n- Added piDirs\n\n## Task Commits\n\n1. **Task 1: Wire pi into Engine** - `fb91678` (feat)\n2. **Task 2: Update callers** - `c242d44` (feat)\n"
	src := "---\nphase: 02-sync\nplan: \"03\"\nprovides:\n  - piDirs field\ncompleted: 2026-02-28\n---\n\n" + body
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "is not a plan: its front matter records a plan executed (completed: 2026-02-28), as a GSD summary's does")
	assert.Empty(t, summaryFrontMatter([]byte("phase: 02-sync\nplan: \"03\"\ntype: execute\nwave: 1\n")))
}

// A title that ends by naming a report ("… Backlog Completion Report")
// is a report whatever it reports on, a plan word before it included:
// its batches are work done (heldout145 3496 read seven issue headings).
func TestReportLast(t *testing.T) {
	src := "# Claude SEO v2 Backlog Completion Report\n\n## Batch 2: Security\n\n### #110 SSRF And Authority Confusion\n\nVerdict: fixed.\n\n### #122 Google API Keys\n\nVerdict: fixed.\n\n## Batch 4: Functional\n\n### #103 Cloud NLP Entities\n\nVerdict: complete.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Claude SEO v2 Backlog Completion Report" says it is a report`)
	assert.False(t, titlePlans("Backlog Completion Report", "a report"))
	assert.True(t, titlePlans("Backlog Report Plan", "a report"))
}

// "Guida" is the Italian word for a guide: a title that says so over
// "## Step N" sections and their "### N.M" sub-steps is a guide's
// procedure, refused (heldout144 3482); a title whose last word is
// "Guide" is a guide whatever it guides through.
func TestGuida(t *testing.T) {
	src := "# Guida: Aggiungere una Nuova Funzionalità all'App\n\n## Step 1: Lambda Functions CRUD\n\n### 1.1 Creare le Directory\n\n```bash\nmkdir x\n```\n\n### 1.2 POST Contact\n\nText.\n\n## Step 2: Agent Specializzato\n\n### 2.1 Creare Agent Directory\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Guida: Aggiungere una Nuova Funzionalità all'App" says it is a tutorial or example`)
	assert.False(t, titlePlans("Roadmap Guide", "a tutorial or example"))
}

// "Landed in PR #120:" over a unit's list says its work landed: done, as
// "Implemented:" does (heldout148 3567 read its four landed phases open);
// "Merged:" is not such a label, as a roadmap's "**Merged:**" list sits
// beside "**In review:**" in one release.
func TestLandedLabel(t *testing.T) {
	src := "# kordi-monitor extraction plan\n\n## Implemented so far\n\n### Phase 0 — scaffold\nLanded in scaffold PR #118:\n- new crate\n\n### Phase 1 — isolation\nLanded in PR #120:\n- moved formatting\n\n### Phase 2 — wiring\n- wire the runtime\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{StatusClosed, StatusClosed, ""}, statusValues(p))
}

// A done word in capitals in Portuguese, Spanish, German or French
// ("**Passo 2 — motor. FEITO**", "ERLEDIGT") marks the unit done, as
// "DONE" does (heldout143 3451 read its done steps open).
func TestForeignDoneCaps(t *testing.T) {
	src := "# Plano\n\n## Passos\n\n- **Passo 0 — medição. FEITO** (61/61). Texto.\n- **Passo 1 — motor. CONCLUÍDO** Texto.\n- **Passo 2 — fechamento.** Texto.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{StatusClosed, StatusClosed, ""}, statusValues(p))
}

// The review of session 27's rules: each rule stays as narrow as its doc
// line says. A done line under a level-1 phase, a legend ("✅ = done",
// "Legend: ✅ done") and a later "# Completed ✅" close nothing; a plan
// whose title names the report or guide it makes is a plan; a GSD summary
// with "key-decisions:" is refused; "미완료된 작업" (work not done) is no
// section of work done; a share ("[5% of traffic]") and a deadline
// ("(done no later than …)") are no status.
func TestSession27Review(t *testing.T) {
	noneDone := func(src string) {
		t.Helper()
		p := Parse("p.md", []byte(src))
		require.Empty(t, msgs(p, Error), src)
		require.NotEmpty(t, p.Sprints, src)
		for _, s := range p.Sprints {
			assert.NotEqual(t, StatusClosed, s.Status.Value, "%s: %s", src, s.Title)
		}
	}
	order := "\n## Implementation order\n\n1. Build the lexer\n2. Build the grammar\n3. Write the docs\n"
	noneDone("# Phase 1: Parser\n\n✅ Done\n\n1. Build the lexer\n2. Build the grammar\n\n# Phase 2: Docs\n\n1. Write the reference\n2. Write the tutorial\n")
	noneDone("# Roadmap (✅ = done)\n" + order)
	noneDone("# Roadmap\n\nLegend: ✅ done\n" + order)
	noneDone("# Payments Roadmap\n\n## Version 2.0\n- Canary deploy [5% of traffic]\n- Full rollout [100% of traffic]\n- Remove the old gateway\n")
	noneDone("# Plan\n\n## Phase 3 — Cutover (done no later than 2025-06-30)\n\nText.\n\n## Phase 4 — Cleanup (finished on staging first, then prod)\n\nText.\n")
	steps := "\n\n## Step 1: Audit\n\n### 1.1 Read\n\ntext\n\n### 1.2 List\n\ntext\n\n## Step 2: Rewrite\n\n### 2.1 Do\n\ntext\n"
	for _, title := range []string{"Implementation Plan: Rewrite the Contributor Guide", "Plan: Automate the Weekly Status Report", "Plan to write the Final Report"} {
		p := Parse("p.md", []byte("# "+title+steps))
		assert.Empty(t, msgs(p, Error), title)
	}
	p := Parse("p.md", []byte("---\nphase: 02-sync\nplan: \"03\"\nkey-decisions:\n  - \"Use websockets\"\ncompleted: 2026-02-28\n---\n\n# Phase 2 Plan 03: Summary\n\n## Task Commits\n\n1. **Task 1: Wire pi** - `fb91678` (feat)\n2. **Task 2: Update callers** - `c242d44` (feat)\n"))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "as a GSD summary's does")
	p = Parse("p.md", []byte("# 스프린트 3 진행 보고서\n\n## 미완료된 작업\n\n1. 로그인 API 구현\n2. 결제 모듈 연동\n3. 알림 기능 추가\n"))
	assert.Empty(t, msgs(p, Error))
}

// A unit heading marked done over steps never ticked stays open, unless the
// plan says in words, before its first unit, that the whole plan is done
// ("## Status: ✅ COMPLETED (2026-05-24)"): then both say done, and the
// unit is read closed with a warning (heldout149 3595 read nine done tasks
// open).
func TestPlanSaysDoneOverSteps(t *testing.T) {
	tasks := "## Task 1: Rendering ✅\n\n- [ ] Step 1: write the spec\n- [ ] Step 2: run it\n\n## Task 2: Keyboard ✅\n\n- [ ] Step 1: write the spec\n"
	p := Parse("p.md", []byte("# E2E Coverage — Implementation Plan\n\n## Status: ✅ COMPLETED (2026-05-24)\n\nAll tasks below are implemented.\n\n"+tasks))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 2)
	assert.Equal(t, StatusClosed, p.Sprints[0].Status.Value)
	assert.Equal(t, StatusClosed, p.Sprints[1].Status.Value)
	assert.Contains(t, msgs(p, Warning)[0], `sprint 1.1's heading says done and the plan says "Status: ✅ COMPLETED (2026-05-24)" (line 3), though none of its 2 tasks is ticked`)
	p = Parse("p.md", []byte("# E2E Coverage — Implementation Plan\n\n"+tasks))
	assert.Equal(t, StatusOpen, p.Sprints[0].Status.Value)
}

// A review's section that plans the fixes ("## 2. Fix plan — PR
// clusters" over "### PR 1 — fix/formatting") holds work: its units are
// read, not refused as what the review judged (heldout149 3597).
func TestReviewFixPlan(t *testing.T) {
	body := "\n\n## 1. Findings\n\n### S. Seed management\n\nText.\n\n### J. Providers\n\nText.\n\n## 2. Fix plan — PR clusters\n\n### PR 1 — fix/formatting\n\nText.\n\n### PR 2 — fix/seeds\n\nText.\n\n### PR 3 — fix/providers\n\nText.\n"
	p := Parse("p.md", []byte("# Project Review — cui-test-generator"+body))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte("# Project Review — cui-test-generator"+strings.Replace(body, "Fix plan — PR clusters", "Pull requests reviewed", 1)))
	require.Len(t, msgs(p, Error), 1)
}

// A status table whose first cell is a short id and the unit's title with
// no colon between ("| T1 페이지 추출 | 완료 |") closes the unit it names,
// as "| T1: 페이지 추출 |" does (heldout150 3627 read its seven done tasks
// open).
func TestStatusTableShortID(t *testing.T) {
	src := "# 서브테스크 정의\n\n## T0 — 서버 한계 실측\n\nText.\n\n## T1 — 페이지 추출\n\nText.\n\n## T2 — 재번호\n\nText.\n\n# 진행 결과\n\n| 테스크 | 상태 | 검증 결과 |\n|---|---|---|\n| T0 서버 한계 실측 | **차단** | 도달 불가 |\n| T1 페이지 추출 | 완료 | 0 불일치 |\n| T2 재번호 | 완료 | 13개 |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{"", StatusClosed, StatusClosed}, statusValues(p))
}

// A document with no level-1 title that opens with a version heading
// ("## v1.0 （已发布）", released) is a roadmap of versions: that heading is
// its first version, not a title that says it reports (heldout152 3662 was
// refused).
func TestVersionNotTitle(t *testing.T) {
	src := " ## v1.0 （已发布）\n\n- [x] 提供原生 Kubernetes\n- [x] 支持一主多节点\n\n ## v2.0 （已发布）\n\n- [x] 支持调用 VMware\n\n ## v3.0 （规划中）\n\n- [ ] 支持 ARM\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
}

// A document titled as a plan whose numbered work stands under "## Action
// items" is read by that list (heldout152 3669 was refused); meeting
// notes' action items, under a meeting's title, stay refused.
func TestPlanActionItems(t *testing.T) {
	body := "\n\n## Requirements\n\nIt must be small.\n\n## Action items\n1. Scaffold the project.\n2. Define the domain types.\n3. Implement the state layer.\n\n## Risks\n\nNone known.\n"
	p := Parse("p.md", []byte("# Plan"+body))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	p = Parse("p.md", []byte("# Planning meeting 2021-04-14\n\n## Attendees\n\n- Ana\n- Bo"+body))
	require.Len(t, msgs(p, Error), 1)
}

// An implementation summary's "## 🔄 Migration Steps" are what its reader
// does to take up the work it reports, not work to do: refused (heldout151
// 3637 read three steps); a plan's "## Migration Steps" stay its work.
func TestReportMigrationSteps(t *testing.T) {
	body := "\n\n## ✅ Successfully Completed\n\nThe new engine works.\n\n## 🔄 Migration Steps\n\n1. Install deap.\n2. Update the config.\n3. Run the tests.\n"
	p := Parse("p.md", []byte("# DEAP Implementation Summary"+body))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `the only work the closest reading finds is the items of its "🔄 Migration Steps": what its reader does to take up the work it reports, not work to do`)
	p = Parse("p.md", []byte("# DEAP Migration Plan\n\n## 🔄 Migration Steps\n\n1. Install deap.\n2. Update the config.\n3. Run the tests.\n"))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A title whose first clause ends by naming a report ("# Task 1 Report:
// Pin Runtime Model Roles") is a report, the plan word before it
// included, and a report's bare "## Implementation" is what it built:
// refused (heldout154 3711 read seven TDD headings); a plan's title that
// names a report after its clause stays a plan's.
func TestReportHead(t *testing.T) {
	body := "\n\n## Status\n\nImplementation is complete.\n\n## Implementation\n\n- Both runners pin the model.\n- Errors surface.\n\n## TDD Evidence\n\n### Original RED\n\nText.\n\n### GREEN\n\nText.\n\n## Review Fix: Current-Turn Error Scope\n\n### Fix RED\n\nText.\n\n### Fix GREEN\n\nText.\n"
	refusedWith(t, "# Task 1 Report: Pin Runtime Model Roles"+body, `its title "Task 1 Report: Pin Runtime Model Roles" says it is a report`)
	holds(t, reportHead, map[string]bool{
		"Sprint 2 Report — API":                   true,
		"Plan: Automate the Weekly Status Report": false,
		"Write the Report: outline":               false,
	})
}

// A document titled as a changelog whose sections read as one ("##
// [1.2.1] - 2026-02-21" over "### Added") is refused: its version headings
// are releases made, their versions links (heldout153 3686 read nine
// releases as units).
func TestChangelogReleases(t *testing.T) {
	src := "# Changelog\n\nAll notable changes.\n"
	for _, v := range []string{"1.2.1", "1.2.0", "1.1.2", "1.1.1", "1.1.0"} {
		src += "\n---\n\n## [" + v + "] - 2026-02-17 `released`\n\n### Added\n\n- **config** — ships.\n\n### Fixed\n\n- Socket check.\n"
	}
	// The versions' link definitions make each heading's version a link.
	for _, v := range []string{"1.2.1", "1.2.0", "1.1.2", "1.1.1", "1.1.0"} {
		src += "\n[" + v + "]: https://example.com/compare/v" + v
	}
	refusedWith(t, src, `its title "Changelog" says it is a changelog, and its sections read as one`)
}

// A roadmap titled in its front matter whose level-1 headings are its
// status sections ("# 進行中", under way; "# 計画中", planned) has the
// headings under them as its units (heldout156 3763 was refused).
func TestTopLevelStatusSections(t *testing.T) {
	src := "---\ntitle: \"ロードマップ\"\n---\n\n# 進行中\n\n## ユーザーフィードバックに基づく改善\n\nText.\n\n## より使いやすく安全な認証\n\nText.\n\n# 計画中\n\n## API機能\n\nText.\n\n## AI機能\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	p = Parse("p.md", []byte(strings.Replace(src, "ロードマップ", "メモ", 1)))
	require.Len(t, msgs(p, Error), 1)
}

// A table headed "| Component | Status |" in a document titled as a plan
// ("# Basecoat Style Migration Tracker") lists the components moved in
// turn: its rows are the units (heldout155 3754 was refused); the same
// table under a title that plans nothing stays no work.
func TestComponentStatusTable(t *testing.T) {
	body := "\n\n| Component | Status | Notes |\n| --- | --- | --- |\n| alert | pending | |\n| badge | pending | |\n| button | done | Mapped. |\n| card | pending | |\n"
	p := Parse("p.md", []byte("# Basecoat Style Migration Tracker"+body))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{StatusOpen, StatusOpen, StatusClosed, StatusOpen}, statusValues(p))
	p = Parse("p.md", []byte("# Basecoat Components"+body))
	require.Len(t, msgs(p, Error), 1)
}

// A document that closes as a coding agent's plan does, with "## Files
// Modified" and "## Verification", has its numbered sections before them
// as its steps, whatever its title (heldout153 3705 was refused); the same
// numbered sections without those closing sections stay a document's.
func TestAgentPlanClose(t *testing.T) {
	body := "\n\n## Goal\n\nShow books.\n\n## 1. Add Synced Books to LeaderboardEntry\n\n- Add the field.\n\n## 2. Fetch User's Synced Books\n\n- Query the table.\n\n## 3. ViewModel: Load Books\n\n- Load on click.\n\n## 4. Navigation\n\n- Add the route.\n"
	close := "\n## Files Modified\n\n| File | Change |\n|---|---|\n| a.kt | new |\n\n## Verification\n\n1. Open the leaderboard.\n"
	p := Parse("p.md", []byte("# Leaderboard: User Books"+body+close))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	p = Parse("p.md", []byte("# Leaderboard: User Books"+body))
	require.Len(t, msgs(p, Error), 1)
}

// A title whose "changelog" names what its subject is for ("PRD: CLI
// Tools for LLM-Assisted Changelog Generation") is no changelog: its
// implementation plan's numbered items are its work (heldout157 3796 was
// refused as release notes' word on what comes next).
func TestChangelogModifier(t *testing.T) {
	body := "\n\n## Problem\n\nNotes are slow.\n\n## Implementation Plan\n\n1. Parse the commits.\n2. Group them by type.\n3. Write the draft.\n"
	p := Parse("p.md", []byte("# PRD: CLI Tools for LLM-Assisted Changelog Generation"+body))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	holds(t, changelogModifier, map[string]bool{
		"Changelog Tooling": true,
		"Changelog for v2":  false,
		"Changelog - 2024":  false,
		"Release Changelog": false,
	})
}

// A title whose part after a dash opens, in capitals, with a done word
// ("Anthropic Rust SDK - COMPLETED & PRODUCTION READY!") reports the work
// done: refused (heldout157 3789 read its seven phases); "- Complete the
// API" plans it.
func TestDoneAfterDash(t *testing.T) {
	holds(t, doneTitle, map[string]bool{
		"🎉 Anthropic Rust SDK - COMPLETED & PRODUCTION READY!": true,
		"Search — DONE":              true,
		"Phase 1 - Complete the API": false,
	})
	body := "\n\n## ✅ Final status\n\n- **Phase 1: Foundation** ✅ **COMPLETE**\n- **Phase 2: Core API** ✅ **COMPLETE**\n- **Phase 3: Streaming** ⏳ **PLANNED**\n"
	refusedWith(t, "# 🎉 Anthropic Rust SDK - COMPLETED & PRODUCTION READY!"+body, "says it is a report")
}

// A document that sets its reader exercises ("### Exercise 1: Implement
// exceptions from effects") between numbered chapters is course
// material: refused (heldout160 3865 read eleven sections as units); one
// "Exercise" heading is not enough.
func TestExerciseChapters(t *testing.T) {
	src := "# Concurrent Programming with Effect Handlers\n\n## Setting up\n\nInstall it.\n\n## 1. Algebraic Effects\n\n### 1.1. Recovering from errors\n\nText.\n\n### 1.2. Basics\n\nText.\n\n### Exercise 1: Implement exceptions from effects\n\nText.\n\n## 2. Effectful Computations\n\n### 2.1. State\n\nText.\n\n### Exercise 2: Implement state put and history\n\nText.\n"
	refusedWith(t, src, "it sets its reader 2 exercises (the first at line 17): it is course material")
	p := Parse("p.md", []byte(strings.Replace(src, "### Exercise 2:", "### 2.2.", 1)))
	require.Empty(t, msgs(p, Error))
}

// A plan's status line that says it is done and, in its bracket, that a
// unit is deferred ("✅ shipped (Phases 1-2 complete; Phase 3 deferred)")
// skips that unit instead of closing it (heldout160 3870 read its
// deferred phase done).
func TestStatusLineDeferred(t *testing.T) {
	src := "# Refactor Plan: Reduce Fan-In\n\n**Status**: ✅ shipped 2026-05-10 (Phases 1-2 complete; Phase 3 deferred — kept for tests)\n\n## Phased migration\n\n### Phase 1 — Add interfaces\n\nText.\n\n### Phase 2 — Migrate consumers\n\nText.\n\n### Phase 3 — Hide the class\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{StatusClosed, StatusClosed}, statusValues(p))
	require.Len(t, p.Skipped, 1)
	assert.Contains(t, msgs(p, Warning), "3:1: the plan's status line says Phase 3 is deferred: unit 3.1 is skipped")
}

// A status that names the work a unit waits on ("**상태**: 작업 #2 완료
// 후", after task #2 is done; "Once 1.2 is done") leaves the unit open
// (heldout154 3710 read two waiting tasks done).
func TestStatusWaitsOn(t *testing.T) {
	for v, want := range map[string]string{
		"작업 #2 완료 후":               StatusOpen,
		"작업 #2, #3 완료 후. 영향 범위 큼.": StatusOpen,
		"完成后开始":                    StatusOpen,
		"After #2 is done":         StatusOpen,
		"Once Phase 1 is complete": StatusOpen,
		"완료":                       StatusClosed,
		"Done after review":        StatusClosed,
	} {
		assert.Equal(t, want, readStatus(v).status, v)
	}
}

// A bracketed name or title of something in Spanish, Portuguese or French
// ("### [Nombre del Feature]") is a template's slot: a progress tracker
// whose headings leave it to fill in is refused (heldout154 3721 read its
// five sample boxes).
func TestSpanishSlot(t *testing.T) {
	holds(t, titleSlot, map[string]bool{"[Nombre del Feature]": true, "[Nome da Tarefa]": true, "[Nombre]": false})
	src := "# Progress Tracker\n\n## Features Completadas ✅\n\n### [Nombre del Feature]\n- **Fecha**: [Fecha]\n\n## Features En Progreso 🚧\n\n### [Nombre del Feature]\n- **Estado**: [X% completado]\n\n## Features Pendientes 📋\n\n1. [ ] **[Feature 1]**\n2. [ ] **[Feature 2]**\n3. [ ] **[Feature 3]**\n"
	refusedWith(t, src, `it is a template to copy and fill in (its headings "[Nombre del Feature]" and 1 more leave a placeholder to fill in)`)
}

// TestSession28Review pins the mends of a review of session 28's rules:
// each case read wrong before them.
func TestSession28Review(t *testing.T) {
	t.Run("a plan titled with a report word keeps its Implementation section", func(t *testing.T) {
		for _, title := range []string{"Email Verification", "Audit Logging", "Search Summary Cards"} {
			src := "# " + title + "\n\n## Overview\n\nWhat it is.\n\n## Implementation\n\n- [ ] Add the table.\n- [ ] Add the endpoint.\n- [ ] Add tests.\n"
			p := Parse("p.md", []byte(src))
			assert.Empty(t, msgs(p, Error), title)
			assert.Len(t, p.Sprints, 3, title)
		}
	})
	t.Run("a plan named after a report clause is a plan", func(t *testing.T) {
		assert.False(t, reportHead("Sales Report: Implementation Plan"))
		src := "# Sales Report: Implementation Plan\n\n## Phase 1: Query\n\n- [ ] Build the sales query\n\n## Phase 2: Chart\n\n- [ ] Render the chart\n\n## Phase 3: Email\n\n- [ ] Schedule the email\n"
		p := Parse("p.md", []byte(src))
		assert.Empty(t, msgs(p, Error))
	})
	t.Run("a report clause ends at any dash", func(t *testing.T) {
		assert.True(t, reportHead("Sprint 2 Report - API"))
		assert.True(t, reportHead("Sprint 2 Report – API"))
	})
	t.Run("a done word in capitals that does not stand alone plans the work", func(t *testing.T) {
		assert.False(t, doneTitle("PHASE 2 - COMPLETE THE MIGRATION"))
		assert.False(t, doneTitle("Phase 2 - COMPLETE REWRITE OF AUTH"))
		src := "# PHASE 2 - COMPLETE THE MIGRATION\n\n## Step 1: Move the users table\n\nText.\n\n## Step 2: Move the orders table\n\nText.\n\n## Step 3: Drop the old schema\n\nText.\n"
		p := Parse("p.md", []byte(src))
		assert.Empty(t, msgs(p, Error))
	})
	t.Run("a version after changelog keeps it a changelog", func(t *testing.T) {
		assert.False(t, changelogModifier("Changelog v2"))
		assert.False(t, changelogModifier("Project Changelog v1.2"))
		src := "# Changelog v3.2\n\n## Added\n\n- Dark mode.\n- Export to CSV.\n\n## Fixed\n\n- Login loop.\n\n## Roadmap Update\n\n- [x] Dark mode\n- [ ] Offline sync\n- [ ] Plugins\n"
		p := Parse("p.md", []byte(src))
		assert.Len(t, msgs(p, Error), 1) // refused before this change, as "# Changelog" still is
	})
	t.Run("a changelog is refused by its release sections", func(t *testing.T) {
		body := "\n\nAll notable changes.\n"
		for _, v := range []string{"1.2.1", "1.2.0", "1.1.2", "1.1.1", "1.1.0"} {
			body += "\n---\n\n## [" + v + "] - 2026-02-17 `released`\n\n### Added\n\n- **config** — ships.\n\n### Fixed\n\n- Socket check.\n"
		}
		for _, v := range []string{"1.2.1", "1.2.0", "1.1.2", "1.1.1", "1.1.0"} {
			body += "\n[" + v + "]: https://example.com/compare/v" + v
		}
		p := Parse("p.md", []byte("# Changelog"+body))
		assert.NotContains(t, strings.Join(msgs(p, Error), ""), `read as one ("Changelog" (line 1))`)
		p = Parse("p.md", []byte("# Acme Changelog"+body))
		assert.Len(t, msgs(p, Error), 1)
	})
	t.Run("one stated level-1 heading is a title, not a status section", func(t *testing.T) {
		src := "---\ntitle: \"Backlog\"\n---\n\n# Backlog\n\n## Done\n\n### Login page\n\nShipped.\n\n### Signup page\n\nShipped.\n\n## Planned\n\n### Billing\n\nText.\n\n### Reports\n\nText.\n"
		p := Parse("p.md", []byte(src))
		assert.Equal(t, []string{"1.1 Login page closed", "1.2 Signup page closed", "1.3 Billing open", "1.4 Reports open"}, units(p))
	})
	t.Run("only unnumbered closing sections after the steps make an agent plan", func(t *testing.T) {
		agent := "# Leaderboard: User Books\n\n## Goal\n\nShow books.\n\n## 1. Add Synced Books\n\n- Add the field.\n\n## 2. Fetch Synced Books\n\n- Query.\n\n## 3. Load Books\n\n- Load.\n\n## 4. Navigation\n\n- Route.\n"
		p := Parse("p.md", []byte(agent+"\n## 5. Files Modified\n\n- a.kt\n\n## 6. Verification\n\n1. Open it.\n"))
		assert.NotContains(t, units(p), "1.5 Files Modified open")
		arch := "# Payments Service Architecture\n\n## 1. Overview\n\nThe service takes payments.\n\n## 2. Components\n\nAPI, worker, ledger.\n\n## 3. Data Flow\n\nRequests go to the API.\n\n## 4. Failure Handling\n\nRetries.\n\n## Key Files\n\n- api.go\n\n## Verification\n\nThe ledger is checked nightly.\n"
		p = Parse("p.md", []byte(arch))
		assert.Len(t, msgs(p, Error), 1, "%q", units(p))
		done := "# Leaderboard: User Books\n\n## Summary\n\nAll four changes shipped in PR #412.\n\n## 1. Added Synced Books to LeaderboardEntry\n\n- The field is in.\n\n## 2. Fetched the Synced Books\n\n- The query runs.\n\n## 3. Loaded Books in the ViewModel\n\n- Loads on click.\n\n## 4. Navigation\n\n- The route was added.\n\n## Files Changed\n\n- a.kt\n\n## Verification\n\n- All tests pass.\n"
		p = Parse("p.md", []byte(done))
		assert.Len(t, msgs(p, Error), 1, "%q", units(p))
	})
	t.Run("the verb exercise sets no exercise", func(t *testing.T) {
		src := "# Resilience Hardening\n\n## Phase 1: Failover\n\n### Exercise the database failover\n\n- Kill the primary.\n\n## Phase 2: Restore\n\n### Exercise the backup restore\n\n- Restore a backup.\n\n## Phase 3: Evacuation\n\n### Drain us-east\n\n- Drain it.\n"
		p := Parse("p.md", []byte(src))
		assert.Empty(t, msgs(p, Error))
		assert.Equal(t, []string{"1.1 Failover open", "2.1 Restore open", "3.1 Evacuation open"}, units(p))
	})
}

// Under a work section whose headings are more than its numbered ones,
// and half or more of them marked with how their work stands ("##
// Migration Steps" over "### ✅ Pre-Migration Cleanup", "### ✅ 1.
// Initial Setup", "### Pass 5: …"), every heading of that level is a unit
// (heldout155 3736 read its four numbered steps); unmarked, the numbered
// ones stay the units.
func TestMarkedInWorkSection(t *testing.T) {
	src := "# Migration to TypeGraphQL\n\n## Current Architecture\n\n### Components\n\nText.\n\n## Migration Steps\n\n### ✅ Pre-Migration Cleanup\n\nText.\n\n### ✅ 1. Initial Setup\n\nText.\n\n### ✅ 2. Pass 1: Basic Fields\n\nText.\n\n### ✅ 3. Pass 2: References\n\nText.\n\n### ✅ Intermediate Step\n\nText.\n\n### Pass 5: Refactor\n\nText.\n\n### Pass 6: Final Steps\n\nText.\n\n## Risks\n\nNone.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{StatusClosed, StatusClosed, StatusClosed, StatusClosed, StatusClosed, "", ""}, statusValues(p))
	p = Parse("p.md", []byte(strings.ReplaceAll(src, "✅ ", "")))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// TestSession28SecondReview pins the mends of a second review, of the
// status line's deferred units, the waiting status and the Spanish slot:
// each case read wrong before them.
func TestSession28SecondReview(t *testing.T) {
	t.Run("B1 phase deferred over its tasks", func(t *testing.T) {
		src := "# Refactor Plan\n\n**Status**: ✅ shipped 2026-05-10 (Phases 1-2 complete; Phase 3 deferred — kept for tests)\n\n## Phase 1: Interfaces\n\n### Task 1.1: Add A\n\nText.\n\n### Task 1.2: Add B\n\nText.\n\n## Phase 2: Migrate\n\n### Task 2.1: Move A\n\nText.\n\n## Phase 3: Hide\n\n### Task 3.1: Hide A\n\nText.\n\n### Task 3.2: Hide B\n\nText.\n"
		assert.Equal(t, []string{"1.1 Add A closed", "1.2 Add B closed", "2.1 Move A closed", "3.1 Hide A skipped", "3.2 Hide B skipped"}, units(Parse("p.md", []byte(src))))
	})
	t.Run("B2 same step number in two phases", func(t *testing.T) {
		src := "# Refactor Plan\n\n**Status**: ✅ Done (Step 2 deferred)\n\n## Phase 1: Interfaces\n\n### Step 1: Add A\n\nText.\n\n### Step 2: Add B\n\nText.\n\n## Phase 2: Migrate\n\n### Step 1: Move A\n\nText.\n\n### Step 2: Move B\n\nText.\n"
		p := Parse("p.md", []byte(src))
		assert.Less(t, len(p.Skipped), 2, "%q", units(p))
	})
	t.Run("B3 deferred as an adjective", func(t *testing.T) {
		src := "# Refactor Plan\n\n**Status**: ✅ Complete (Phase 2 deferred items shipped in Phase 3)\n\n### Phase 1 — A\n\nText.\n\n### Phase 2 — B\n\nText.\n\n### Phase 3 — C\n\nText.\n"
		assert.Equal(t, []string{"1.1 A closed", "2.1 B closed", "3.1 C closed"}, units(Parse("p.md", []byte(src))))
	})
	t.Run("B4 two phases deferred", func(t *testing.T) {
		src := "# Refactor Plan\n\n**Status**: ✅ shipped (Phases 1-2 complete; Phases 3 and 4 deferred)\n\n### Phase 1 — A\n\nText.\n\n### Phase 2 — B\n\nText.\n\n### Phase 3 — C\n\nText.\n\n### Phase 4 — D\n\nText.\n"
		assert.Equal(t, []string{"1.1 A closed", "2.1 B closed", "3.1 C skipped", "4.1 D skipped"}, units(Parse("p.md", []byte(src))))
	})
	t.Run("B5 done statuses with 후/后/後 in another word or an explaining bracket", func(t *testing.T) {
		for _, v := range []string{"✅ 완료 (리뷰 완료 후 머지됨)", "완료 후속 작업 없음", "✅ 완료 후속 조치: #12", "✅ 完成后端对接", "✅ 已完成（测试完成后合并）", "✅ 完了（レビュー完了後にマージ済み）", "✅ 완료 이후 변경 없음"} {
			assert.Equal(t, StatusClosed, readStatus(v).status, v)
		}
		src := "# 계획\n\n## Task 1: A\n\n- **Status**: ✅ 완료 (리뷰 완료 후 머지됨)\n\nText.\n\n## Task 2: B\n\n- **Status**: todo\n\nText.\n"
		assert.Equal(t, []string{"1.1 A closed", "1.2 B open"}, units(Parse("p.md", []byte(src))))
	})
	t.Run("B6 English after/once across a clause", func(t *testing.T) {
		for _, v := range []string{"After all, it is done", "Once again, everything is complete"} {
			assert.Equal(t, StatusClosed, readStatus(v).status, v)
		}
	})
	t.Run("B7 prefilter narrower than the expression", func(t *testing.T) {
		assert.True(t, waitsOnRE.MatchString("After\t#2 is done"))
		assert.True(t, waitsOn("After\t#2 is done"))
	})
	t.Run("B8 status line: Korean waiting mark closes the awaited phase", func(t *testing.T) {
		src := "# Plan\n\n**Status**: Phase 1 완료 후 Phase 2 착수\n\n## Phase 1: A\n\n- [ ] a1\n- [ ] a2\n\n## Phase 2: B\n\n- [ ] b1\n"
		assert.Equal(t, []string{"1.1 A open", "2.1 B open"}, units(Parse("p.md", []byte(src))))
	})
	t.Run("B9 a field's label in a sentence is no slot", func(t *testing.T) {
		src := "# Formulario de alta\n\n## Paso 1: Validar el campo [Nombre del cliente]\n\n- [ ] Regla A\n\n## Paso 2: Validar el campo [Nombre de la empresa]\n\n- [ ] Regla B\n\n## Paso 3: Guardar\n\n- [ ] Guardar\n"
		p := Parse("p.md", []byte(src))
		assert.Empty(t, msgs(p, Error))
	})
}

// Another tool's front matter that YAML refuses, naming no setting (a GSD
// plan's list item opening with a code span), is a warning, and the plan
// is read; one that names a setting stays an error.
func TestBrokenForeignFrontMatter(t *testing.T) {
	body := "# Plan\n\n## Phase 1: Build\n\n### Step 1.1: Parser\n\nWrite it.\n"
	p := Parse("p.md", []byte("---\nphase: 09-skills\nmust_haves:\n  artifacts:\n    - `dir()` no longer leaks.\n---\n"+body))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"5:1: settings: found character that cannot start any token; ignored: the front matter names no setting of architect's, so the plan is read without it"}, msgs(p, Warning)[:1])
	assert.Len(t, p.Sprints, 1)
	p = Parse("p.md", []byte("---\nprefix: bd\nnotes:\n    - `dir()` no longer leaks.\n---\n"+body))
	assert.Equal(t, []string{"4:1: settings: found character that cannot start any token"}, msgs(p, Error))
}

// A unit whose first paragraph opens with a bold mark and done word, a
// date after it or not, is done: "**✅ Concluída 10/08/2026.** 2 bugs…";
// a bold run with no mark, or a mark over work to come, says nothing.
func TestBoldDoneLead(t *testing.T) {
	p := Parse("p.md", []byte("# Plano\n\n## Passos\n\n### Fase 0 — Sessão\n\nTexto.\n\n### Fase 2 — Inventário\n\n**✅ Concluída 10/08/2026.** 2 bugs reais.\n\n"+
		"### Fase 3 — Host\n\n**✅ Concluída 10/08/2026 — última fase do plano.** Os 4.\n\n### Fase 4 — VAMI\n\n**Concluída antes.** Texto.\n\n"+
		"### Fase 5 — Rede\n\n**✅ Next: the network.** Texto.\n"))
	assert.Equal(t, []string{"", "closed", "closed", "", ""}, statusValues(p))
}

// A title that leaves words in title case in single braces ("{Plan
// Name}"), over text that leaves more ("{Clear, measurable goal}"), is a
// template; one such slot alone is not.
func TestTitleCaseBraceSlots(t *testing.T) {
	body := "\n\n## Phase 1: Analysis\n- [ ] Task 1.1 - analyse\n\n## Phase 2: Design\n- [ ] Task 2.1 - design\n"
	refusedWith(t, "# 实施计划: {Plan Name}\n\n## 目标\n{Clear, measurable goal}\n\n## 范围\n- {What will be done}"+body,
		`it is a template to copy and fill in (its title "实施计划: {Plan Name}" leaves a placeholder to fill in, and its text 2 more ("{What will be done}"))`)
	p := Parse("p.md", []byte("# Plan: {Plan Name}\n\n## Goal\nShip it."+body))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Plan\n\n## Goal\n{Clear, measurable goal} and `{Name: x}`."+body))
	assert.Empty(t, msgs(p, Error))
}

// A document titled as a log whose level-2 sections are all dates, most
// of its boxes ticked, is a log of work done; with as many boxes open, or
// a section that is no date, it is read.
func TestDatedDevLog(t *testing.T) {
	day := func(date string, boxes string) string { return "## " + date + "\n\n### 已完成\n" + boxes + "\n" }
	refusedWith(t, "# 开发日志\n\n"+day("2026-08-13 — 更名", "- [x] 改名\n- [x] 打磨\n- [x] 测试\n")+day("2026-07-10", "- [x] 骨架\n- [ ] 阶段 1\n"),
		`its title "开发日志" says it is a log, its 2 level-2 sections are titled by dates, and 4 of its 5 checkboxes are ticked: a record of work done day by day, not work to do`)
	p := Parse("p.md", []byte("# Development Log\n\n"+day("2026-08-13", "- [x] a\n- [ ] b\n")+day("2026-07-10", "- [ ] c\n- [ ] d\n")))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Development Log\n\n"+day("2026-08-13", "- [x] a\n- [x] b\n")+"## Next\n\n- [ ] c\n"))
	assert.Empty(t, msgs(p, Error))
}

// A GSD roadmap's inserted phases ("### Phase 13.1: …", read as phase 13)
// are named by their written ids: "Depends on: Phase 13.1" waits on that
// phase, "Depends on: Phase 13" on Phase 13 alone, and no cycle comes of
// them.
func TestInsertedDecimalPhases(t *testing.T) {
	phase := func(id, dep string) string {
		mark := ""
		if strings.Contains(id, ".") {
			mark = " (INSERTED)"
		}
		return "### Phase " + id + ": Work " + id + mark + "\n\n**Goal**: g\n**Depends on**: " + dep + "\n\n- [x] " + id + "-01-PLAN.md - do it\n\n"
	}
	p := Parse("p.md", []byte("# Milestone v1.1\n\n## Phases\n\n"+phase("12", "Phase 11")+phase("13", "Phase 12")+phase("13.1", "Phase 13")+phase("13.2", "Phase 13.1")+phase("14", "Phase 13")))
	assert.Empty(t, msgs(p, Error))
	deps := map[string][]string{}
	for _, s := range p.Sprints {
		for _, r := range s.DependsOn {
			deps[s.ID] = append(deps[s.ID], r.ID)
		}
	}
	assert.Equal(t, map[string][]string{"13.1": {"12.1"}, "13.2": {"13.1"}, "13.3": {"13.2"}, "14.1": {"13.1"}}, deps)
}

// A header's fields quoted ("> **상태**: 구현 완료 (v0.8.0)") are its
// status line, and Korean writes a field's colon in ASCII; a Japanese
// "状態:" over a paragraph is no field.
func TestQuotedKoreanStatusLine(t *testing.T) {
	body := "\n## 8. 구현 단계\n\n### Phase 1: 분리\n\n내용.\n\n### Phase 2: 락\n\n내용.\n"
	p := Parse("p.md", []byte("# SPOT 설계\n\n> **우선순위**: High\n> **상태**: 구현 완료 (v0.8.0)\n"+body))
	assert.Equal(t, []string{"closed", "closed"}, statusValues(p))
	assert.Contains(t, msgs(p, Warning), "4:3: the plan's status line says it is done, so its units with no status of their own are read done: 1.1, 2.1")
	p = Parse("p.md", []byte("# 設計\n\n> **優先度**: High\n> **Owner**: core\n"+body))
	assert.Equal(t, []string{"", ""}, statusValues(p))
	p = Parse("p.md", []byte("# チェック\n\n## 作業\n\n### Step 1: 数\n\n状態:\n現状把握APIは実装済み。\n\n### Step 2: 比較\n\n残作業。\n"))
	assert.Equal(t, []string{"", ""}, statusValues(p))
}

// A unit's own status line under a section before the units ("#### B-1"
// over "**상태**: ✅ 완료") says nothing of the whole plan.
func TestSectionStatusIsNoDoneStatement(t *testing.T) {
	p := Parse("p.md", []byte("# 봇 계획\n\n## 기능\n\n#### B-1: 매칭\n**상태**: ✅ 완료 (2026-01-26)\n\n## 단계\n\n### Step 1: 하나\n\n내용.\n\n### Step 2: 둘\n\n내용.\n"))
	for _, w := range msgs(p, Warning) {
		assert.NotContains(t, w, "says the plan's work is done")
	}
}

// A done mark followed by one done word of any language ends a heading's
// title as the mark alone does: "## 第一阶段：InkMon 创建工作流 ✅ 已完成",
// "## Phase 2: Setup ✅ Completado"; a mark over more words stays text.
func TestDoneMarkWithWord(t *testing.T) {
	p := Parse("p.md", []byte("# 计划\n\n## 第一阶段：InkMon 创建工作流 ✅ 已完成\n\n做了。\n\n## 第二阶段：数据库 ✅ 완료\n\n做了。\n\n"+
		"## 第三阶段：图鉴 ✅ Completado\n\n做了。\n\n## 第四阶段：发布 ✅ done with the API\n\n未做。\n"))
	assert.Equal(t, []string{"closed", "closed", "closed", ""}, statusValues(p))
}

// A document titled as a progress tracker whose sections at the units'
// level that carry a status all say done, with no box open, is a record
// of work done; one section under way, or one box open, makes it a plan.
func TestFinishedProgressTracker(t *testing.T) {
	body := "## 第一阶段：创建 ✅ 已完成\n\n| 任务 | 状态 |\n|---|---|\n| a | ✅ |\n\n## 第二阶段：数据库 ✅ 已完成\n\n做了。\n\n## 版本历史\n\nv1.\n"
	refusedWith(t, "# InkMon 开发进度追踪\n\n"+body,
		`its title "InkMon 开发进度追踪" says it tracks progress, and its 2 level-2 sections marked with a status all say done, with no box left open: a record of work done, not work to do`)
	p := Parse("p.md", []byte("# InkMon 开发进度追踪\n\n"+body+"\n## 第三阶段：发布 🔄 进行中\n\n在做。\n"))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# InkMon 开发进度追踪\n\n"+body+"\n- [ ] 发布\n"))
	assert.Empty(t, msgs(p, Error))
}

// A write-up of a change made ("## What Changed", "## Changes Made" over
// "### Files Modified"), its only units the headings under status-worded
// sections ("### NEW Badges (🆕)"), is a report; with boxes to tick, or
// one section of changes alone, it is read.
func TestChangeWriteUpIsNoPlan(t *testing.T) {
	body := "## New Labeling Logic\n\n### NEW Badges (🆕)\n\nShown for new patterns.\n\n### UPDATED Badges (🔄)\n\nShown for changed ones.\n"
	refusedWith(t, "# Migration to Git-Based Labels\n\n## What Changed\n\nThe tracker went.\n\n## Changes Made\n\n### Files Modified\n\n- a.py\n\n"+body,
		`its sections "What Changed" (line 3), "Changes Made" (line 7), "Files Modified" (line 9) report a change made, and the only units the closest reading finds stand under sections whose titles hold a status word: a report, not a plan`)
	p := Parse("p.md", []byte("# Migration to Git-Based Labels\n\n## What Changed\n\nThe tracker went.\n\n"+body))
	for _, e := range msgs(p, Error) {
		assert.NotContains(t, e, "report a change made")
	}
}

// A status field written as a bullet among a unit's bullet fields ("-
// Status: done" beside "- Problem: …") is the unit's status, over the
// column word of the section above ("## Backlog"); one under a part of
// the unit ("### Buildpackages") is that part's.
func TestBulletStatusField(t *testing.T) {
	p := Parse("p.md", []byte("# Backlog\n\n## Backlog\n\n### OPS-001 — Registry\n- Status: next\n- Problem: x\n\n### OPS-002 — Watch\n- Status: done\n- Problem: y\n\n"+
		"### OPS-003 — Lines\n- **Status**: done (MVP)\n- Problem: z\n"))
	assert.Equal(t, []string{"open", "closed", "closed"}, statusValues(p))
	p = Parse("p.md", []byte("# 2020 Roadmap\n\n## Maturation\n\nText.\n\n### Buildpackages\n\n- Status: Close to done.\n\n## Beyond Pack\n\nText.\n\n### Registry\n\n- Status: In progress\n"))
	assert.Equal(t, []string{"", ""}, statusValues(p))
}

// TestSession29ReviewB pins what a helper's review of session 29's other
// rules found read wrong, each mended.
func TestSession29ReviewB(t *testing.T) {
	// A bold ✅ lead over criteria, a half-done clause, or open boxes
	// says nothing of the unit.
	p := Parse("p.md", []byte("# Checkout revamp\n\n## Task 1: Cart page\n\n**✅ Definition of Done:**\n\n- [ ] Cart shows line items\n\n## Task 2: Payment page\n\n"+
		"**✅ Backend done, frontend pending.**\n\n## Task 3: Receipts\n\n**✅ Done for iOS — Android still to do.**\n\n## Task 4: Export\n\n**✅ Done 2026-05-02.**\n\n- [ ] CSV\n"))
	assert.Equal(t, []string{"", "", "", ""}, statusValues(p))

	// A progress tracker with a phase not marked done, or a plan to build
	// progress tracking, is read.
	p = Parse("p.md", []byte("# Progress Tracker\n\n## Phase 1: Setup ✅ Done\n\n- Repo created\n\n## Phase 2: Auth ✅ Done\n\n- Login\n\n## Phase 3: Billing ⏳ Pending\n\n- Stripe checkout\n"))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Implementation Plan: Progress Tracking for Courses\n\n## Phase 1: Setup ✅ Complete\n\nx\n\n## Phase 2: Auth ✅ Complete\n\ny\n"))
	assert.Empty(t, msgs(p, Error))

	// A mark over a clause, or over a word that says otherwise, stays the
	// title's.
	p = Parse("p.md", []byte("# 开发计划\n\n## 第一阶段：报表 ✅ 已完成部分，导出进行中\n\n报表。\n\n## 第二阶段：发布 ✅ 待开始\n\n发布。\n\n## 第三阶段：账单 ✅ Next\n\n账单。\n"))
	assert.Equal(t, []string{"", "", ""}, statusValues(p))

	// "Depends on: Phase 1" waits on Phase 1's parts 1.1 and 1.2 where
	// they are not inserted phases.
	p = Parse("p.md", []byte("# Roadmap\n\n## Phase 1: Backend\n\nTwo parts.\n\n## Phase 1.1: API server\n\n- [ ] Endpoints\n\n## Phase 1.2: Database\n\n- [ ] Schema\n\n## Phase 2: Frontend\n\nDepends on: Phase 1\n\n- [ ] Screens\n"))
	var deps []string
	for _, r := range p.Sprints[len(p.Sprints)-1].DependsOn {
		deps = append(deps, r.ID)
	}
	assert.Equal(t, []string{"1.1", "1.2", "1.3"}, deps)

	// Title-case names in braces inside code, or after a backslash, are
	// no slots.
	p = Parse("p.md", []byte("# Mail merge tokens\n\n## Task 1: Support the `{First Name}` token\n\nReplace it.\n\n## Task 2: Support the `{Company Name}` token\n\nReplace it.\n"))
	assert.Empty(t, msgs(p, Error))

	// A title with "Journaling" is no log, and a log with as many open
	// boxes as a sprint's is read.
	p = Parse("p.md", []byte("# Journaling App: Sprint Plan\n\n## 2026-03-02 Sprint 1\n\n- [x] Entry model\n- [x] Editor\n- [x] Storage\n\n## 2026-03-16 Sprint 2\n\n- [x] Sync\n- [x] Search\n- [x] Settings\n\n## 2026-03-30 Sprint 3\n\n- [ ] Tags\n- [ ] Export\n- [ ] Reminders\n"))
	assert.Empty(t, msgs(p, Error))
	p = Parse("p.md", []byte("# Dev Log\n\n## 2026-03-02\n\n- [x] Entry model\n- [x] Editor\n- [x] Storage\n\n## 2026-03-16\n\n- [ ] Tags\n- [ ] Export\n"))
	assert.Empty(t, msgs(p, Error))

	// A quoted header's approval is no word on the work.
	p = Parse("p.md", []byte("# Feature X plan\n\n> **Status**: Approved ✅\n> **Owner**: Alice\n\n## Task 1: Schema\n\nAdd the table.\n\n## Task 2: API\n\nAdd the endpoint.\n"))
	assert.Equal(t, []string{"", ""}, statusValues(p))
	p = Parse("p.md", []byte("# Feature X plan\n\n> **상태**: 승인 완료\n\n## Task 1: Schema\n\nAdd the table.\n\n## Task 2: API\n\nAdd the endpoint.\n"))
	assert.Equal(t, []string{"", ""}, statusValues(p))

	// Korean "상태:" with nothing after it, over a list of states, is no
	// field.
	p = Parse("p.md", []byte("# 주문 시스템 구현 계획\n\n## 작업 1: 주문 상태 모델\n\n상태:\n\n- 완료: 배송이 끝난 주문\n- 대기: 결제 전 주문\n\n## 작업 2: 알림\n\n푸시 알림을 보낸다.\n"))
	assert.Equal(t, []string{"", ""}, statusValues(p))
}

// An unticked box whose nested status field says done ("- [ ] 1.1 建表"
// over "  - 状态：DONE") is done, and that is said; sub-boxes all ticked
// under an open box with plain items beside them still leave it open.
func TestStatusFieldUnderOpenBox(t *testing.T) {
	p := Parse("p.md", []byte("# 任务清单\n\n## 阶段 1：底座\n\n- [ ] 1.1 建后台任务主表\n  - 状态：DONE\n  - 做什么：建表\n- [ ] 1.2 建接口\n  - 状态：TODO\n  - 做什么：写接口\n"))
	assert.Equal(t, []string{"closed", "open"}, statusValues(p))
	assert.Contains(t, msgs(p, Warning), "5:1: task 1 (unit 1.1) is not checked, but its status field says done (line 6): read as done; tick it, or change the field")
	p = Parse("p.md", []byte("# Tasks\n\n## Phase 1: Base\n\n- [ ] 1.1 Tables\n  - [x] users\n  - notes to write\n- [ ] 1.2 API\n"))
	assert.Equal(t, []string{"open", "open"}, statusValues(p))
}

// A status that negates its done word in Russian ("Не завершено", not
// completed) is open, and one that says done in part in Korean ("일부
// 완료", "거의 완료") is under way: a header's status line with either closes
// nothing (both closed every unit before).
func TestNegatedAndPartialStatusWords(t *testing.T) {
	assert.Equal(t, StatusOpen, readStatus("Не завершено").status)
	assert.Equal(t, StatusInProgress, readStatus("일부 완료").status)
	assert.Equal(t, StatusInProgress, readStatus("거의 완료").status)
	assert.Equal(t, StatusClosed, readStatus("Завершено").status)
	p := Parse("p.md", []byte("# План\n\n**Статус:** Не завершено\n\n## Phase 1: Build\n\n### Step 1.1: Parser\n\nWrite it.\n"))
	assert.Equal(t, []string{""}, statusValues(p))
}

// A GSD Depends on line that says "Nothing" names no phase, though its
// note lists the phases it may run beside; nor does a parallel clause
// after a real dependency (a cycle of such notes refused the plan).
func TestGSDDependsOnNothing(t *testing.T) {
	src := "# Roadmap: Tool\n\n## Phases\n\n- [ ] **Phase 1: Core** - the core\n- [ ] **Phase 2: Config** - settings\n- [ ] **Phase 3: CLI** - commands\n\n## Phase Details\n\n" +
		"### Phase 1: Core\n**Goal**: a core\n**Depends on**: Nothing (first phase)\n\n" +
		"### Phase 2: Config\n**Goal**: settings\n**Depends on**: Nothing (independent; may execute in parallel with Phase 3 after Phase 1 is underway)\n\n" +
		"### Phase 3: CLI\n**Goal**: commands\n**Depends on**: Phase 1 (may execute in parallel with Phase 2)\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, [][]string{nil, nil, {"1.1"}}, depIDs(p))
}

// A title that opens "Upgrading" (or "Migrating from") names a user's
// upgrade guide: its upgrade steps are the reader's, refused; a plan
// word in the title keeps it a plan.
func TestUpgradingGuideIsNoPlan(t *testing.T) {
	guide := "# Upgrading Widget\n\n## Upgrading from 1.x to 2.0\n\n### Upgrade Steps\n\n1. **Update the gem**\n2. **Add React**\n3. **Rebuild**\n\n### Need Help?\n\nOpen an issue.\n"
	p := Parse("p.md", []byte(guide))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "Upgrading Widget" says it guides a user's upgrade, and the only work the closest reading finds is the steps under "Upgrade Steps": what each reader does, not work to compile; the closest reading, units are the numbered items under "Upgrade Steps" (3 units, first at line 7), was not taken; if it is a plan, declare that reading in its front matter: units: "{n}. {title} under ### Upgrade Steps"`}, msgs(p, Error))
	p = Parse("p.md", []byte(strings.Replace(guide, "# Upgrading Widget", "# Upgrading Widget: Plan", 1)))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A status table whose first column is headed by the units' word ("|
// Sprint | Status |") and whose cells give the number and a short title
// ("| 0 Foundations | Done |") closes the units it says are done.
func TestStatusTableHeadedByUnitWord(t *testing.T) {
	src := "# Sprint Plan\n\n## Sprints\n\n### Sprint 0 — Skeleton\n\n- [ ] Repo\n\n### Sprint 1 — Controller\n\n- [ ] Fork\n\n### Sprint 2 — Client\n\n- [ ] Adapter\n\n## Implementation status\n\n| Sprint | Status | Notes |\n|---|---|---|\n| 0 Foundations | Done | shell |\n| 1 Controller fork | Done | keys |\n| 2 TS client | Partial | smoke |\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "closed", ""}, statusValues(p))
}

// A title that names a list of what was delivered ("项目交付清单"), every
// box ticked, is a record, refused; one box left open keeps it a plan.
func TestDeliveryListIsNoPlan(t *testing.T) {
	src := "# 截图工具 - 项目交付清单\n\n## 功能完成度\n\n- [x] 区域截图\n- [x] 全屏截图\n- [x] 钉图\n\n## 交付确认\n\n全部交付。\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{`1:1: p.md is not a plan: its title "截图工具 - 项目交付清单" says it lists what was delivered, and every checkbox in it is ticked: a record of work handed over, not work to do; the closest reading, units are the plan's checkbox items (3 units, first at line 5), was not taken; if it is a plan, declare that reading in its front matter: units: "- [ ] {title}"`}, msgs(p, Error))
	p = Parse("p.md", []byte(strings.Replace(src, "- [x] 钉图", "- [ ] 钉图", 1)))
	assert.Empty(t, msgs(p, Error))
}

// A status bullet dated in brackets and set off by a dash ("- **STATUS
// (2026-06-01)** — ✅ **CLOSED at L2.**") is the unit's status.
func TestDatedStatusBullet(t *testing.T) {
	src := "# Seed plan\n\n## LINE R — render learning\n\n- **CHANGE** — wire the guard.\n- **STATUS (2026-06-01)** — ✅ **CLOSED at L2.** Claim confirmed.\n\n## LINE O — observability\n\n- **CHANGE** — add the probe.\n- **STATUS (2026-06-02)** — open, waiting on R.\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "open"}, statusValues(p))
}

// "Unit N" headings are units of work; a course's or
// a trip's ("Unit 1: Cells" under a syllabus, "Day 1: Tokyo" under an
// itinerary), with nothing tracked, are refused.
func TestUnitAndDeliverableWords(t *testing.T) {
	p := Parse("p.md", []byte("# Jira Identity Plan\n\n## Objective\n\nThree features.\n\n## Unit 1: Account identity\n\nAdd whoami.\n\n## Unit 2: Attachments\n\nDownload them.\n\n## Unit 3: Safe delete\n\nBack up first.\n"))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	// "Deliverable" is no unit word (review B): a phase's closing
	// "**Deliverable 1:** Frozen schema" names its outcome.
	p = Parse("p.md", []byte("# Definition\n\n## 6. Deliverables (The Work)\n\n### Deliverable 1: Make it invocable\n\nEdit the skill.\n\n### Deliverable 2: Update the ending\n\nEdit the ending.\n"))
	assert.Empty(t, p.Sprints)
	refusedWith(t, "# Intro to Biology — Course Syllabus\n\n## Unit 1: Cells\n\nReading: chapter 1.\n\n## Unit 2: Genetics\n\nReading: chapter 2.\n",
		`its title "Intro to Biology — Course Syllabus" names a course or an itinerary, and nothing in it tracks work: its headings are lessons or days to go through, not work to compile`)
	refusedWith(t, "# Japan Trip Itinerary\n\n## Day 1: Tokyo\n\nArrive.\n\n## Day 2: Kyoto\n\nTemples.\n", `its title "Japan Trip Itinerary" names a course or an itinerary`)
}

// spec-kit tasks that write their box as a tag after the id ("- **T001
// [Setup] [X]**: Create") are its tasks: "[X]" done, and, in such a file,
// one with no mark open; a file with no such tag reads no bare T-item.
func TestSpecKitTaggedBoxes(t *testing.T) {
	src := "# Task Breakdown: Pulse\n\n## Phase 1: Setup\n\n- **T001 [Setup] [X]**: Create the directory.\n- **T002 [Setup] [X]**: Create the entrypoint.\n\n## Phase 2: Commands\n\n- **T003 [US5] (Test)**: Write tests for install. [P]\n- **T004 [US5] (Implementation)**: Implement install.\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "closed", "", ""}, statusValues(p))
	assert.Equal(t, "Create the directory", p.Sprints[0].Title)
	assert.Equal(t, "Write tests for install", p.Sprints[2].Title)
}

// A checklist whose opening words say it is gone through for every
// change, none of its boxes ticked, is a routine, refused; one box ticked
// records a pass, and it is read.
func TestEveryChangeChecklistIsRoutine(t *testing.T) {
	src := "# Istara Change Checklist\n\nUse this checklist for EVERY change to ensure nothing breaks.\n\n## PRE-CHANGE AUDIT\n\n- [ ] Read the system prompt\n- [ ] Read the change matrix\n\n## AFTER THE CHANGE\n\n- [ ] Run the tests\n- [ ] Update the changelog\n"
	refusedWith(t, src, `its title "Istara Change Checklist" and its line 3 ("Use this checklist for EVERY change to ensure nothing breaks") say it is a routine, gone through again for every change, and no box in it records a pass`)
	p := Parse("p.md", []byte(strings.Replace(src, "- [ ] Run the tests", "- [x] Run the tests", 1)))
	assert.Empty(t, msgs(p, Error))
}

// A decision log ("# Decision log" over "## D1 — Build the loop") is
// refused; "Decision log cleanup" tasks under a plan's title are read.
func TestDecisionLogIsNoPlan(t *testing.T) {
	refusedWith(t, "# Decision log\n\nWhy the code looks like this.\n\n## D1 — Build the loop from primitives\n\n**Rejected:** a framework.\n\n## D2 — SQLite for sessions\n\n**Rejected:** Postgres.\n",
		`its title "Decision log" says it is a decision log: its headings are decisions taken, each with its reasons, not work to compile`)
	p := Parse("p.md", []byte("# Plan: decision log cleanup\n\n## D1 — Merge duplicates\n\nMerge them.\n\n## D2 — Add dates\n\nDate them.\n"))
	assert.Empty(t, msgs(p, Error))
}

// A title that names a list of changes, over items that say in the past
// what was done ("Added …", "Updated …"), is a record, refused; the same
// list in the imperative is a plan.
func TestChangeListIsNoPlan(t *testing.T) {
	src := "# Unhead Migration: Detailed Change List\n\nAll modifications made.\n\n### 1. core\n* **Types:**\n    * Added the schema type.\n    * Updated the callback.\n* **Config:**\n    * Removed the old flag.\n\n### 2. react\n* **Head:**\n    * Refactored the mapper.\n    * Created a hook.\n    * Exported the hook.\n\n### 3. vue\n* **Head:**\n    * Refactored the renderer.\n"
	refusedWith(t, src, `its title "Unhead Migration: Detailed Change List" says it lists changes, and 7 of its 7 list items say what was done ("Added …", "Updated …"): a record of changes made, not work to do`)
	imperative := strings.NewReplacer("Added", "Add", "Updated", "Update", "Removed", "Remove", "Refactored", "Refactor", "Created", "Create", "Exported", "Export").Replace(src)
	p := Parse("p.md", []byte(imperative))
	assert.Empty(t, msgs(p, Error))
}

// A numbered list that one of a section's milestone headings holds ("###
// M4" and its "Cost controls", among M0 to M5) is that milestone's, not
// the section's list of work: the milestones stay the units.
func TestOneMilestonesListIsItsOwn(t *testing.T) {
	src := "# Engine plan\n\n## 2. Milestones\n\n### M0 — Foundation ✅ *complete*\n\nDone.\n\n### M1 — Harness ✅ *complete*\n\nDone.\n\n### M2 — Serving\n\n**Cost controls**\n\n1. Own project\n2. Budget alerts\n3. Teardown\n\n### M3 — Docs\n\nWrite them.\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"closed", "closed", "", ""}, statusValues(p))
}

// A GSD plan box that names another phase ("- [x] 45-01-PLAN.md" left
// under Phase 27) is not that phase's plan: said, and not counted.
func TestGSDStrayPlanBox(t *testing.T) {
	src := "# Roadmap: Mem\n\n## Phases\n\n- [x] **Phase 26: Store** - store\n- [ ] **Phase 27: Fuse** - fuse\n\n## Phase Details\n\n### Phase 26: Store\n**Goal**: a store\n**Depends on**: Nothing\n\nPlans:\n- [x] 26-01-PLAN.md — store\n\n### Phase 27: Fuse\n**Goal**: fused results\n**Depends on**: Phase 26\n\nPlans:\n- [x] 45-01-PLAN.md — cleanup\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "open"}, statusValues(p))
	assert.Contains(t, msgs(p, Warning), `22:1: plan "45-01-PLAN.md — cleanup" is listed under phase 27 but names phase 45: it is not counted for phase 27`)
}

// A backlog table weighed by effort and impact ("| ID | Item | Status |
// Effort | Impact |") lists work; a risk register with an effort column
// and its likelihood and mitigation does not.
func TestEffortImpactTableIsWork(t *testing.T) {
	src := "# Technical Debt Register\n\n## Open debt\n\n| ID | Item | Status | Effort | Impact |\n|---|---|---|---|---|\n| 1 | Upgrade Electron | OPEN | L | HIGH |\n| 2 | Bump the SDK | DONE | S | HIGH |\n| 3 | Split god files | DONE | M | MED |\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"open", "closed", "closed"}, statusValues(p))
	risk := "# Risk register\n\n| ID | Risk | Likelihood | Impact | Mitigation | Status | Effort |\n|---|---|---|---|---|---|---|\n| R1 | Vendor lock-in | Low | High | Abstract the API | Open | M |\n| R2 | Data loss | Med | High | Backups | Open | S |\n"
	p = Parse("p.md", []byte(risk))
	assert.NotEmpty(t, msgs(p, Error))
}

// TestSession30ReviewA pins the first review's cases of the session's new
// refusals: plans that a bare title word, a phrase anywhere in the file,
// a done section or an open phase written without boxes had refused, all
// read now; and decision logs titled by their head noun, refused.
func TestSession30ReviewA(t *testing.T) {
	plans := map[string]string{
		"course1": "# Course Enrollment Service\n\nBuild the enrollment backend for our LMS.\n\n## Sprint 1: Data model\n\nCreate the `enrollments` table and its migration.\n\n## Sprint 2: Enrollment API\n\nAdd `POST /enrollments` and `DELETE /enrollments/:id`.\n\n## Sprint 3: Waitlist\n\nQueue students when a course is full; notify them when a seat frees.\n",
		"course2": "# Lesson Editor Rewrite\n\n## Step 1: Extract the editor state\n\nMove the editor state into a store.\n\n## Step 2: Replace the toolbar\n\nSwap the legacy toolbar for the new component.\n\n## Step 3: Ship behind a flag\n\nGate the new editor behind `lesson_editor_v2`.\n",
		"course3": "# Course Catalog Migration\n\n## Phase 1: Export\n\nDump the old catalog to JSON.\n\n## Phase 2: Import\n\nLoad the JSON into the new service.\n",
		"course4": "# Itinerary Service\n\n## Milestone 1: Trip model\n\nStore trips, legs and bookings.\n\n## Milestone 2: Sharing\n\nShare an itinerary by link.\n\n## Milestone 3: Offline\n\nCache itineraries on the device.\n",
		"course5": "# Course Enrollment Service\n\n| ID | Task | Status |\n|----|------|--------|\n| T1 | Create the enrollments table | done |\n| T2 | Add the enrollment API | todo |\n| T3 | Add the waitlist | todo |\n",
		"up1":     "# Migrating from Webpack to Vite\n\n## Phase 1: Prepare\n\n- [x] Inventory the webpack loaders we use\n- [ ] Replace `require.context` calls\n\n## Phase 2: Switch\n\n- [ ] Add `vite.config.ts`\n- [ ] Move env vars to `import.meta.env`\n- [ ] Delete `webpack.config.js`\n",
		"up2":     "# Upgrading billing-service to Node 20\n\n## Task 1: Bump the runtime\n\nChange `.nvmrc` and the Dockerfile base image.\n\n## Task 2: Fix the crypto deprecations\n\nReplace `createCipher` with `createCipheriv`.\n\n## Task 3: Roll out\n\nDeploy to staging, then production.\n",
		"up3":     "# Upgrading to Rails 7.1\n\n## Sprint 1: Dependencies\n\nBump gems that pin `activesupport < 7.1`.\n\n## Sprint 2: Deprecations\n\nFix the deprecation warnings the test suite prints.\n\n## Sprint 3: Flip the defaults\n\nSet `config.load_defaults 7.1` and fix what breaks.\n",
		"rt1":     "# Auth Rewrite Checklist\n\nWork top to bottom and run `make test` after each task.\n\n## Phase 1: Sessions\n\n- [ ] Move sessions to Redis\n- [ ] Expire idle sessions after 30 minutes\n\n## Phase 2: Tokens\n\n- [ ] Issue refresh tokens\n- [ ] Revoke tokens on password change\n",
		"rt2":     "# CI Hardening Checklist\n\n- [ ] Add a lint job that runs on every PR\n- [ ] Cache the Go module download\n- [ ] Pin the action versions by SHA\n- [ ] Fail the build on a vet warning\n",
		"rt3":     "# CI Hardening Checklist\n\n## Tasks\n\n- [ ] Add a lint job that runs on every PR\n- [ ] Cache the Go module download\n- [ ] Pin the action versions by SHA\n",
		"rt4":     "# EU Rollout Checklist\n\n## Before any traffic moves\n\n- [ ] Provision the eu-west cluster\n- [ ] Replicate the database\n\n## After each region goes live\n\n- [ ] Watch the error budget for 24 hours\n- [ ] Move the DNS weight to 100%\n",
		"cl1":     "# Checkout v2 — Proposed Modifications\n\n## Sprint 1: Cart\n\n- Redesigned cart drawer\n- Saved carts for signed-in users\n- Unified discount field\n\n## Sprint 2: Payment\n\n- Embedded card form (Stripe Elements)\n- Localized currency display\n- Simplified address step\n",
		"cl2":     "# Exchange List Sync\n\n## Task 1: Fetch\n\n- Scheduled fetch of the exchange list every hour\n- Cached responses keyed by ETag\n\n## Task 2: Store\n\n- Need a `exchanges` table\n- Seed it from the CSV\n\n## Task 3: Serve\n\n- Expose `/exchanges`\n",
		"cl3":     "# Orders API Modifications\n\n## Done\n\n- Added the `status` filter\n- Renamed `qty` to `quantity`\n- Removed the XML output\n- Updated the OpenAPI spec\n- Fixed the paging off-by-one\n\n## Remaining\n\n### Task 1: Migrate the mobile client\n\n- Switch the app to `quantity`\n\n### Task 2: Delete the v1 routes\n\n- Remove `/v1/orders` once traffic is zero\n",
		"dec1":    "# Search Revamp — Key Decisions and Milestones\n\nWe chose OpenSearch over Algolia (cost) and will index nightly.\n\n## Milestone 1: Index pipeline\n\nStand up the nightly indexer.\n\n## Milestone 2: Query API\n\nExpose `/search` with facets.\n\n## Milestone 3: Cut over\n\nSwitch the UI to the new API and delete the old code.\n",
		"dec3":    "# Decision Records and Tasks\n\n## Task 1: Write the ADR template\n\nAdd `docs/adr/0000-template.md`.\n\n## Task 2: Backfill ADRs\n\nWrite ADRs for the three decisions already taken.\n\n## Task 3: Add the ADR check to CI\n\nFail a PR that changes `infra/` without an ADR.\n",
		"del2":    "# 支付模块 - 项目交付清单\n\n## 阶段一：核心功能\n\n- [x] 下单接口\n- [x] 退款接口\n\n## 阶段二：对账\n\n- [x] 日对账任务\n\n## 阶段三：待开发\n\n- 月度报表导出（未开始）\n- 多币种支持（未开始）\n",
	}
	for name, src := range plans {
		p := Parse("p.md", []byte(src))
		assert.Empty(t, msgs(p, Error), name)
		assert.NotEmpty(t, p.Sprints, name)
	}
	logs := map[string]string{
		"dec4": "# Architecture Decisions\n\n## D1 — Build the loop from primitives\n\nWe write our own event loop. Rejected: adopting Tokio, too heavy for the embedded target.\n\n## D2 — One binary\n\nShip one static binary. Rejected: a plugin system.\n\n## D3 — SQLite for state\n\nKeep state in SQLite. Rejected: a bespoke log file.\n",
		"dec6": "# Design Decisions\n\n## D1 — Build the loop from primitives\n\nWe write our own event loop. Rejected: adopting Tokio, too heavy for the embedded target.\n\n## D2 — One binary\n\nShip one static binary. Rejected: a plugin system.\n\n## D3 — SQLite for state\n\nKeep state in SQLite. Rejected: a bespoke log file.\n",
	}
	for name, src := range logs {
		p := Parse("p.md", []byte(src))
		require.Len(t, msgs(p, Error), 1, name)
		assert.Contains(t, msgs(p, Error)[0], "says it is a decision log", name)
	}
}

// gsdRoadmap writes a four-phase GSD roadmap whose phases depend as deps
// says.
func gsdRoadmap(deps [4]string) string {
	var b strings.Builder
	b.WriteString("# Roadmap: Tool\n\n## Phases\n\n- [ ] **Phase 1: Core** - the core\n- [ ] **Phase 2: Config** - settings\n- [ ] **Phase 3: CLI** - commands\n- [ ] **Phase 4: Docs** - docs\n\n## Phase Details\n")
	for i, name := range []string{"Core", "Config", "CLI", "Docs"} {
		fmt.Fprintf(&b, "\n### Phase %d: %s\n**Goal**: %s\n**Depends on**: %s\n", i+1, name, strings.ToLower(name), deps[i])
	}
	return b.String()
}

// depIDs lists each unit's dependencies by id.
func depIDs(p *Plan) [][]string {
	var out [][]string
	for _, s := range p.Sprints {
		var d []string
		for _, r := range s.DependsOn {
			d = append(d, r.ID)
		}
		out = append(out, d)
	}
	return out
}

// TestSession30ReviewB pins the second review's cases of the session's new
// readings.
func TestSession30ReviewB(t *testing.T) {
	// Every clause that names phases run beside is left out, whatever its
	// word; a phase said to finish first after "Nothing" is kept.
	p := Parse("p.md", []byte(gsdRoadmap([4]string{"Nothing", "Phase 1", "Phase 1 (parallel with Phase 2), Phase 2 (parallel with Phase 4)", "Phase 1 (parallel with Phase 3)"})))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, [][]string{nil, {"1.1"}, {"1.1", "1.2"}, {"1.1"}}, depIDs(p))
	p = Parse("p.md", []byte(gsdRoadmap([4]string{"Nothing", "Nothing, but Phase 1 must finish first", "Phase 1 (can run alongside Phase 4)", "Phase 1 (can run in parallel with Phase 3 once Phase 2 lands)"})))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, [][]string{nil, {"1.1"}, {"1.1"}, {"1.1", "1.2"}}, depIDs(p))

	// A range of ids said done in order, when a condition holds, or by
	// someone, and ids that restart per phase, close nothing.
	table := "# Build plan\n\n## Tasks\n\n| Task | Description |\n|---|---|\n| T001 | Set up repo |\n| T002 | Add parser |\n| T003 | Add tests |\n| T004 | Release |\n\n## Execution\n\n%s\n"
	for _, sen := range []string{"T001–T004 are done in order, one commit each.", "T001-T004 are implemented by the backend agent."} {
		p = Parse("p.md", []byte(fmt.Sprintf(table, sen)))
		assert.Equal(t, []string{"", "", "", ""}, statusValues(p), sen)
	}
	p = Parse("p.md", []byte("# Plan\n\n## Phase 1\n\n### T1 Repo\n\nx\n\n### T2 Parser\n\ny\n\nT1–T2 are complete.\n\n## Phase 2\n\n### T1 Tests\n\nz\n\n### T2 Release\n\nw\n"))
	assert.NotContains(t, statusValues(p), "closed")

	// spec-kit boxes as tags: bold closed before the tag, and numbered
	// items, read the open tasks beside them; an untagged note is none.
	p = Parse("p.md", []byte("# Tasks: Pulse\n\n## Phase 1: Setup\n\n- **T001 [Setup]** [X] Create the project structure.\n- **T002 [Setup]** [X] Initialize the CLI entrypoint.\n\n## Phase 2: Core\n\n- **T003 [US1]** Write the install command.\n- **T004 [US1]** Write the status command.\n"))
	assert.Equal(t, []string{"closed", "closed", "", ""}, statusValues(p))
	p = Parse("p.md", []byte("# Tasks: Pulse\n\n## Phase 3.1: Setup\n\n- **T001 [Setup] [X]**: Create the project structure.\n- **T002 [Setup] [X]**: Initialize the CLI entrypoint.\n\n## Phase 3.2: Core\n\n- **T003 [US1]**: Write the install command.\n- **T004 [US1]**: Write the status command.\n\n## Dependencies\n\n- T001 blocks T003, T004\n- T003 blocks T004\n"))
	assert.Len(t, p.Sprints, 4)

	// A study guide's units are refused; "Deliverable" labels are no
	// units that take a phase's tasks.
	refusedWith(t, "# AP Biology Study Guide\n\n## Unit 1: Chemistry of Life\n\nWater.\n\n## Unit 2: Cells\n\nOrganelles.\n\n## Unit 3: Energy\n\nATP.\n", "names a course or an itinerary")
	p = Parse("p.md", []byte("# Migration plan\n\n## Phase 1: Prepare\n\n- [ ] Freeze the schema\n- [ ] Snapshot the database\n\n**Deliverable 1:** Frozen schema\n\n## Phase 2: Move\n\n- [ ] Copy the data\n- [ ] Switch the reads\n\n**Deliverable 2:** Live cluster\n"))
	assert.Len(t, p.Sprints, 4)

	// A status table about other sprints, numbered the same, closes
	// nothing.
	p = Parse("p.md", []byte("# Q3 Sprint Plan\n\n### Sprint 1 — Search\n\n- [ ] Index\n\n### Sprint 2 — Billing\n\n- [ ] Invoices\n\n### Sprint 3 — Export\n\n- [ ] CSV\n\n## Q2 recap (last quarter's plan)\n\n| Sprint | Status |\n|---|---|\n| 1 Onboarding | Done |\n| 2 Authentication | Done |\n| 3 Settings | Dropped |\n"))
	assert.NotContains(t, statusValues(p), "closed")
	assert.Empty(t, p.Skipped)

	// Of dated status items, the latest says how the unit stands; a
	// hyphen sets the value off as a dash does.
	p = Parse("p.md", []byte("# Seed plan\n\n## LINE R — render learning\n\n- **CHANGE** — wire the guard.\n- **STATUS (2026-05-01)** — ✅ CLOSED at L2.\n- **STATUS (2026-06-01)** — reopened: the guard regressed, fix pending.\n\n## LINE O — probe\n\n- **CHANGE** — add it.\n- **STATUS (2026-06-01)** - ✅ CLOSED at L2.\n"))
	assert.Equal(t, []string{"open", "closed"}, statusValues(p))

	// A summary heading whose value opens with a done word is no
	// statement that the work is done.
	p = Parse("p.md", []byte("# Auth rewrite\n\n## Summary: Complete rewrite of the session layer\n\n## Phase 1: Store\n\n- [ ] Add the store\n\n## Phase 2: Cleanup\n\n- [ ] Remove cookies\n"))
	assert.NotContains(t, strings.Join(msgs(p, Warning), "\n"), "says the plan's work is done")

	// Two milestones with lists of their own, or a list under a
	// milestone's subheading, leave the milestones the units.
	ms := "# Engine plan\n\n## 2. Milestones\n\n### M0 — Foundation ✅ *complete*\n\nDone.\n\n### M1 — Harness ✅ *complete*\n\nDone.\n\n### M2 — Serving\n\n#### Cost controls\n\n1. Own project\n2. Budget alerts\n3. Teardown\n\n### M3 — Docs\n\n**Pages**\n\n1. Quickstart\n2. Reference\n\n### M4 — Launch\n\nShip.\n"
	p = Parse("p.md", []byte(ms))
	assert.Len(t, p.Sprints, 5)
}

// A group of tasks after the last phase ("## 持續維護任務" over "###
// 文件與合規" and its boxes) is more of the work, read as a phase; a
// section of notes after the phases is not.
func TestTaskGroupAfterPhases(t *testing.T) {
	src := "# 實施任務清單\n\n## 階段 1：基礎\n\n- [x] **TASK-001**：建立專案\n- [x] **TASK-002**：設定資料庫\n\n## 階段 2：功能\n\n- [ ] **TASK-003**：實作 API\n- [ ] **TASK-004**：實作前端\n\n## 持續維護任務\n\n### 文件與合規\n\n- [ ] **TASK-005**：更新 API 文件\n- [ ] **TASK-006**：審查合規\n"
	p := Parse("p.md", []byte(src))
	assert.Len(t, p.Sprints, 6)
	p = Parse("p.md", []byte(strings.Replace(src, "## 持續維護任務", "## 附錄", 1)))
	assert.Len(t, p.Sprints, 4)
}

// A box quoted in code ("- `[X]` で完了マーク", "- `[ ]` open") says how
// the plan marks its work; it is no unit.
func TestQuotedBoxIsNoUnit(t *testing.T) {
	src := "# Tasks: CSV Export\n\n## 規約\n\n- TDD first\n- `[X]` で完了マーク\n\n## Phase 1: Foundation\n\n- [X] **T-001**: 確認\n- [ ] **T-002**: 実装\n\n## Phase 2: Polish\n\n- [ ] **T-003**: 検証\n- [ ] **T-004**: 提出\n"
	p := Parse("p.md", []byte(src))
	assert.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"closed", "open", "open", "open"}, statusValues(p))
}

// A status field that lists a feature's states ("Status: pendente / pago /
// vencido") says nothing of how the work stands: the ticked box decides.
func TestStateListIsNoStatus(t *testing.T) {
	assert.False(t, readStatus("pendente / pago / vencido").known)
	assert.False(t, readStatus("todo | doing | done").known)
	assert.True(t, readStatus("Done / verified").known)
	src := "# Tarefas\n\n## FASE 9 — Inquilino\n\n- [x] **9.1** Login do inquilino\n  - Magic link\n- [x] **9.2** Página de cobrança\n  - Botão do boleto\n  - Status: pendente / pago / vencido\n\n## FASE 10 — Deploy\n\n- [ ] **10.1** White-label\n- [ ] **10.2** Deploy\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "closed", "open", "open"}, statusValues(p))
}

// Headings that carry a checkbox ("### [x] Merge Command") are the plan's
// items of work, ticked or not, over the boxes inside them; the box is the
// unit's mark, not part of its title.
func TestBoxedHeadingsAreUnits(t *testing.T) {
	src := "# Task List\n\n## Core\n\n### [ ] Cross-project references\n\nAllow tasks to reference others.\n\n### [x] JSON IR schema\n\n- [x] Schema file\n- [x] Docs\n\n## CLI\n\n### [x] Init command\n\nScaffold a list.\n\n### [ ] Watch mode\n\n- [ ] Watch files\n- [ ] Rebuild\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"", "closed", "closed", ""}, statusValues(p))
	assert.Equal(t, "JSON IR schema", p.Sprints[1].Title)
	assert.Equal(t, `units: "### [ ] {title}"`, p.Candidates[0].Declare)
	// Two boxed headings among many plain ones are no list of work.
	few := "# Notes\n\n## Setup\n\n### [x] Install\n\n### [ ] Configure\n\n### Usage\n\n### Flags\n\n### Output\n\n### Limits\n"
	for _, c := range Parse("p.md", []byte(few)).Candidates {
		assert.NotEqual(t, `units: "### [ ] {title}"`, c.Declare)
	}
}

// A task table whose headers join the row's noun to the column's
// ("任务编号", "任务名称", "任务状态") is read by the column's word, and a row
// that only names a group ("|-|`Build/`|-|-|") is no unit.
func TestCompoundHeadersAndGroupRows(t *testing.T) {
	src := "# 任务列表\n\n|任务编号|任务名称|任务类型|任务状态|\n|:-|:-|:-|:-|\n|-|`GetStarted/`|-|-|\n|1|What is it?|翻译|已完成|\n|2|Why build?|翻译|已完成|\n|-|`Build/`|-|-|\n|3|Gateway|翻译|招募中|\n|4|Gas Fees|翻译|招募中|\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, "Gateway", p.Sprints[2].Title)
	assert.Equal(t, []string{"closed", "closed", "open", "open"}, statusValues(p))
	assert.Equal(t, "编号", compoundHeader("任务编号"))
	assert.Equal(t, "标题", compoundHeader("任务名称"))
	assert.Equal(t, "status", compoundHeader("status"))
}

// A numbered milestone list whose items each name a run of the plan's
// phases ("1. **基盤の確立**: フェーズ1-4の完了") groups the phases, which stay
// the units; a progress section after the last phase that says a run of
// them is done ("フェーズ1〜3までが完了しています") closes them.
func TestMilestonesOverPhasesAndDoneRun(t *testing.T) {
	src := "# 実装計画\n\n## フェーズ分割\n\n### フェーズ1: スキーマ\n\n作業。\n\n### フェーズ2: モデル\n\n作業。\n\n### フェーズ3: 索引\n\n作業。\n\n### フェーズ4: CLI\n\n作業。\n\n## マイルストーン\n\n1. **基盤の確立**: フェーズ1-2の完了\n2. **機能の実装**: フェーズ3-4の完了\n\n## 実装状況アップデート\n\n### 完了したフェーズ\nフェーズ1〜3までが完了しています。\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"closed", "closed", "closed", ""}, statusValues(p))
	// A next-steps list that names one phase an item is finer work.
	assert.False(t, phaseRunRE.MatchString("**Phase 5**: Add dependency injection"))
	assert.True(t, phaseRunRE.MatchString("Phases 1-4 complete"))
}

// The bullets of a section that says how a backlog is kept ("## Format":
// "- Keep each entry 3–5 lines") are not its items: an empty backlog is no
// plan, and a kept one counts only its entries.
func TestBacklogFormatBulletsAreNoItems(t *testing.T) {
	src := "# Backlog\n\n## Format\n- Insert new entries below the marker.\n- Keep each entry 3–5 lines.\n- When implemented, remove the entry.\n\n## Features and tasks (not scheduled)\n\n<!-- ENTRIES START -->\n"
	p := Parse("p.md", []byte(src))
	assert.NotEmpty(t, msgs(p, Error))
	kept := src + "- Dark mode for the viewer\n- Export to CSV\n- Keyboard shortcuts\n"
	p = Parse("p.md", []byte(kept))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "Dark mode for the viewer", p.Sprints[0].Title)
}

// A Korean backlog table keyed by its order of implementation ("| 구현 순서 |
// 기능 | 의존성 |") lists units; "없음" names no dependency, and "#18 Chest"
// names row 18.
func TestKoreanOrderTable(t *testing.T) {
	src := "# 기능 위시리스트\n\n## 쉬움\n\n| 구현 순서 | 기능 | 의존성 | 비고 |\n|---|---|---|---|\n| 12 | 유리창 (Glass) | 없음 | 투명 |\n| 13 | 백팩 (Backpack) | 없음 | 슬롯 |\n| 14 | 보물 상자 (Chest) | 없음 | 상태 |\n| 15 | 보물 지도 (Map) | #14 Chest | 지도 |\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	for _, w := range msgs(p, Warning) {
		assert.NotContains(t, w, "names no unit")
	}
	require.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{p.Sprints[2].ID}, depIDs(p)[3])
}

// An open box under a section titled done ("## Completed Tasks" over "- [ ]
// Review the backend") is not done: the unit's own box says so.
func TestOpenBoxUnderDoneSection(t *testing.T) {
	src := "# Migration tasks\n\n## Completed Tasks\n\n- ✅ Set up the project\n- ✅ Migrate the login page\n- [x] Fix the select fields\n- [ ] Review the backend\n\n## Next\n\n- [ ] Remove legacy files\n- [ ] Update the docs\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 6)
	assert.Equal(t, []string{"closed", "closed", "closed", "open", "open", "open"}, statusValues(p))
}

// A numbered list under "## Execution order" or "## Reihenfolge" is the
// plan's work; one whose items name other items by a dotted id ("Ship
// M0.1 first") orders the plan's boxes, which stay its units; and one item
// per phase, under phases marked done, tells the phases' order again.
func TestExecutionOrderLists(t *testing.T) {
	src := "# Plan: Offline-Reserve\n\n## Ziel\n\nCharts ohne Netz.\n\n## Reihenfolge\n\n1. React-Query-Persist\n2. Workbox-Caching\n3. Geräte-Test\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	boxes := "# Metal checklist\n\n## Serving\n\n- [x] `M0.1` Local-only serving\n- [ ] `M0.2` Batching\n\n## API\n\n- [ ] `M1.1` Streaming\n- [ ] `M1.2` Docs\n\n## Implementation Order\n\n1. Ship `M0.1` first.\n2. Land `M0.2` before more tuning.\n3. Start `M1.1` after batching.\n"
	p = Parse("p.md", []byte(boxes))
	assert.Len(t, p.Sprints, 4)
	assert.Equal(t, []string{"closed", "open", "open", "open"}, statusValues(p))
	phases := "# Redesign plan\n\n## Phase 1: Capabilities ✅\n\nDone.\n\n## Phase 2: Context ✅\n\nDone.\n\n## Phase 3: Queries\n\nTo do.\n\n## Implementation Order\n\n1. Create capabilities\n2. Create context\n3. Create queries\n"
	p = Parse("p.md", []byte(phases))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, []string{"closed", "closed", ""}, statusValues(p))
}

// TestSession31Review pins the two reviews' cases of the session's rules:
// a dash-id row that is a unit, a feature table, a package table, a file
// column, another tracker's "#4", an open heading box under "Completed";
// run sentences that are conditions, plans, negations or a unit's own
// status; issue numbers and versions in a task list; a backlog's areas
// named Rules or Usage; a phase and its length; a process's execution
// order; next steps under phases mostly done.
func TestSession31Review(t *testing.T) {
	type want struct {
		units   int
		status  []string
		refused bool
	}
	S := "# Migration plan\n\n## Phase 1: Schema\n\nCreate the tables.\n\n## Phase 2: Models\n\nWrite the models.\n\n## Phase 3: API\n\nExpose the endpoints.\n\n## Phase 4: UI\n\nBuild the screens.\n"
	open4 := []string{"", "", "", ""}
	cases := map[string]struct {
		src string
		want
	}{
		"dash-id row is a unit":       {"# Release plan\n\n| ID | Task | Depends on | Status |\n|---|---|---|---|\n| T1 | Set up CI | - | done |\n| - | Write the docs | - | - |\n| T2 | Add login | T1 | open |\n| T3 | Add logout | T2 | open |\n", want{refused: true}},
		"Korean feature table":        {"# MyApp 소개\n\nMyApp은 일정 관리 앱입니다.\n\n## 주요 기능\n\n| 번호 | 기능 | 지원 플랫폼 |\n|---|---|---|\n| 1 | 일정 등록 | iOS, Android |\n| 2 | 알림 | iOS |\n| 3 | 캘린더 동기화 | Android |\n\n## 설치\n\n`npm install myapp`\n", want{refused: true}},
		"package table":               {"# システム構成\n\n各パッケージの役割を説明する。\n\n| 番号 | パッケージ | 依存関係 |\n|---|---|---|\n| 1 | core | なし |\n| 2 | storage | core |\n| 3 | web | core, storage |\n", want{refused: true}},
		"open heading box, Completed": {"# Migration tasks\n\n## Completed\n\n### [x] Set up the project\n\n### [x] Migrate the login page\n\n### [ ] Review the backend\n\n## Next\n\n### [ ] Remove legacy files\n\n### [ ] Update the docs\n", want{5, []string{"closed", "closed", "", "", ""}, false}},
		"a unit's own status":         {S + "\n### Status\n\nBlocked until phases 1-3 are done.\n", want{4, []string{"", "", "", "blocked"}, false}},
		"not yet done (ja)":           {S + "\n## 進捗\n\nフェーズ1〜3は完了していません。\n", want{4, open4, false}},
		"after done (zh)":             {S + "\n## 进度\n\n阶段1-3完成后，开始阶段4。目前阶段1进行中。\n", want{4, open4, false}},
		"degree of done (zh)":         {S + "\n## 进度\n\n阶段1-3完成度：30%。\n", want{4, open4, false}},
		"planned date (ko)":           {S + "\n## 진행 상황\n\n단계 1~3 완료 예정일: 6월 30일.\n", want{4, open4, false}},
		"summary by team":             {S + "\n## Summary\n\nPhases 1-3 are done by the backend team, phase 4 by the frontend team.\n", want{4, open4, false}},
		"a condition":                 {S + "\n## Progress\n\nWhen phases 1-3 are done, the UI work can start.\n", want{4, open4, false}},
		"an exception":                {S + "\n## Progress\n\nPhases 1-3 are complete except for the API's tests, which still fail.\n", want{4, open4, false}},
		"a report":                    {S + "\n## Progress\n\nPhases 1-3 are complete.\n", want{4, []string{"closed", "closed", "closed", ""}, false}},
		"issue numbers":               {"# 2.4 release plan\n\n## Tasks\n\n1. Fix the crash on save (#142)\n2. Make the sidebar resizable (#157)\n3. Port the settings page to the new form kit (#163)\n4. Write the upgrade guide\n\n## Release checklist\n\n- [ ] Changelog written\n- [ ] Version tagged\n", want{4, open4, false}},
		"versions":                    {"# Hardening plan\n\n## Implementation steps\n\n1. Move the load balancer to TLS1.3 only.\n2. Bump the Go toolchain from GO1.21 to GO1.22.\n3. Rotate the signing keys.\n\n## Checklist before release\n\n- [ ] Changelog written\n- [ ] Version tagged\n", want{3, []string{"", "", ""}, false}},
		"areas named Rules, Format":   {"# Backlog\n\n## Rules\n\n- Add a no-shadow rule\n- Port the max-depth rule\n- Autofix for the quotes rule\n\n## Format\n\n- Support YAML front matter\n- Emit SARIF output\n\n## CLI\n\n- Add a --watch flag\n", want{6, []string{"", "", "", "", "", ""}, false}},
		"a phase and its length":      {"# Search rewrite\n\n## Phase 1: Index\n\nBuild the new index.\n\n## Phase 2: Query\n\nRewrite the query path.\n\n## Phase 3: Rollout\n\nShip it.\n\n## Tasks\n\n1. Phase 1 – 2 days: write the index builder\n2. Phase 1 – 1 day: backfill the old documents\n3. Phase 2 – 3 days: port the query parser\n4. Phase 2 – 2 days: add ranking\n5. Phase 3 – 1 day: flip the feature flag\n", want{5, []string{"", "", "", "", ""}, false}},
		"a process's order":           {"# How the pipeline runs\n\nThis page describes the CI pipeline as it exists today.\n\n## Execution order\n\n1. Lint runs on every push.\n2. Unit tests run in parallel shards.\n3. The image is built and pushed.\n4. Deploy to staging runs on main only.\n\n## Troubleshooting\n\nIf a shard hangs, re-run the job.\n", want{refused: true}},
		"next steps":                  {"# Billing revamp\n\n## Phase 1: Invoices ✅\n\nShipped.\n\n## Phase 2: Payments ✅\n\nShipped.\n\n## Phase 3: Refunds\n\nNot started.\n\n## Next steps\n\n1. Add the refunds table\n2. Write the refund endpoint\n3. Email the customer a receipt\n", want{3, []string{"", "", ""}, false}},
	}
	for name, c := range cases {
		p := Parse("p.md", []byte(c.src))
		if c.refused {
			assert.NotEmpty(t, msgs(p, Error), name)
			continue
		}
		assert.Empty(t, msgs(p, Error), name)
		assert.Len(t, p.Sprints, c.units, name)
		assert.Equal(t, c.status, statusValues(p), name)
	}
	// A file column is no title; "#4 upstream Node bump" is another
	// tracker's issue, said, not row 4.
	p := Parse("p.md", []byte("# 重构计划\n\n| 编号 | 文件名 | 任务 | 状态 |\n|---|---|---|---|\n| 1 | parser.go | 拆分解析器 | 已完成 |\n| 2 | cache.go | 增加缓存 | 进行中 |\n| 3 | README.md | 编写文档 | 未开始 |\n"))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "拆分解析器", p.Sprints[0].Title)
	p = Parse("p.md", []byte("# Plan\n\n| ID | Task | Depends on | Status |\n|---|---|---|---|\n| 1 | Set up CI | none | open |\n| 2 | Add login | #4 upstream Node bump | open |\n| 3 | Add logout | 2 | open |\n| 4 | Add audit log | 3 | open |\n"))
	assert.Empty(t, msgs(p, Error))
	assert.Contains(t, msgs(p, Warning), `6:18: "#4 upstream Node bump" in the dependency column names no unit of the plan; it is left out`)
}

// A heading's open box over tasks all ticked ("### [ ] Watch mode" over
// "- [x] Watch files") reads done, as a list item's does, and says so.
func TestOpenHeadingBoxOverTickedTasks(t *testing.T) {
	src := "# Task List\n\n### [x] JSON schema\n\nWrite the schema.\n\n### [ ] Watch mode\n\n- [x] Watch files\n- [x] Rebuild\n\n### [ ] Init command\n\nScaffold a list.\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "closed", ""}, statusValues(p))
	assert.Contains(t, msgs(p, Warning), "7:1: unit 1.2's heading box is not ticked, but every task under it is (from line 9): read as done; tick it, or untick a task")
}

// Boxes whose ids the reading cannot read ("4a-i. Audit all copies"
// beside "1a. Define"), in lists of their own, are left out and said in
// one warning, never in silence.
func TestUnreadIDsSaid(t *testing.T) {
	src := "# Punch list\n\n## 1. Panel\n\n- [x] **1a. Define the context**\n- [x] **1b. Extract handlers**\n\n## 2. App\n\n- [x] **2a. Create the hook**\n- [ ] **2b. Wire it**\n\n## 4. Dedupe\n\n### 4A. Time\n\n- [x] **4a-i. Audit all copies**\n- [x] **4a-ii. Create one helper**\n"
	p := Parse("p.md", []byte(src))
	assert.Len(t, p.Sprints, 4)
	assert.Contains(t, msgs(p, Warning), `17:1: 2 checkbox items open with ids this reading cannot read, so they are not compiled ("4a-i. Audit all copies", and lines 18): write each a whole or dotted id, or declare a reading that takes every box (units: "- [ ] {title}")`)
	assert.True(t, labelID("4a-i."))
	assert.False(t, labelID("800+"))
	assert.False(t, labelID("3x"))
}

// TestPhasesList reads "## Phases" over a numbered list, in a document
// titled as a plan with no other reading, as the plan's phases; a
// roadmap whose phase headings follow keeps its headings, and a design
// page's phases are no plan.
func TestPhasesList(t *testing.T) {
	src := "# Crucible — Build Plan\n\n## Concept\n\nA review tool.\n\n## Phases\n\n1. **Foundation** (15 commits) — repo, tooling, CI\n2. **Core types** (15 commits) — domain model\n3. **CLI** (20 commits) — commands, flags\n\n## Out of scope\n\n- A web UI\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, "Foundation (15 commits) — repo, tooling, CI", p.Sprints[0].Title)
	roadmap := "# Roadmap\n\n## Phases\n\n1. Setup\n2. Core\n\n## Phase 1: Setup\n\n- [x] Init the repo\n\n## Phase 2: Core\n\n- [ ] Write the core\n"
	p = Parse("p.md", []byte(roadmap))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
	design := "# How the compiler works\n\n## Phases\n\n1. Parse the file\n2. Check the types\n3. Emit the code\n"
	p = Parse("p.md", []byte(design))
	assert.NotEmpty(t, msgs(p, Error))
}

// TestChecklistUnderWay reads a document titled as a checklist whose
// boxes are partly ticked as work being done, whatever heading holds the
// boxes (heldout184 4436, "## Quality Gates") and whatever its title
// says the boxes check (heldout166 3996, "Pre-Launch Checklist"); with
// every box open it is still a checklist to copy, and refused.
func TestChecklistUnderWay(t *testing.T) {
	gates := "# Betrieb Hardening Checklist\n\n## Quality Gates\n\n### 1) Core\n\n- [x] Tasks load\n- [ ] Protocols save\n\n### 2) Resilience\n\n- [x] Retries\n- [ ] Offline banner\n"
	p := Parse("p.md", []byte(gates))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"closed", "open", "closed", "open"}, statusValues(p))
	p = Parse("p.md", []byte(strings.ReplaceAll(gates, "[x]", "[ ]")))
	assert.NotEmpty(t, msgs(p, Error))
	launch := "# Clyde — Pre-Launch Checklist\n\n## Legal\n\n- [x] Terms of service\n- [ ] Privacy policy\n\n## Infra\n\n- [x] Backups\n- [ ] Alerts\n"
	p = Parse("p.md", []byte(launch))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	p = Parse("p.md", []byte(strings.ReplaceAll(launch, "[x]", "[ ]")))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `says it is a checklist of checks`)
}

// TestKeyedBulletsOverCriteria reads the bullets of a work section, each
// opening with a task's key, as the units when the plan's only boxes are
// acceptance criteria (heldout184 4431, a GSD plan); bullets with no key
// are not taken for them.
func TestKeyedBulletsOverCriteria(t *testing.T) {
	src := "# Plan 02-03: Persist the backend\n\n## Implementation Tasks\n\n- T-02-03-01: Read submit.py in full\n- T-02-03-02: Add the backend field\n  - default to local\n- T-02-03-03: Verify no regressions\n\n## Acceptance Criteria\n\n- [ ] submit.py writes the field\n- [ ] The tests pass\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 3)
	assert.Equal(t, `items | units: "- {title} under ## Implementation Tasks"`, chosen(p))
	plain := strings.NewReplacer("T-02-03-01: ", "", "T-02-03-02: ", "", "T-02-03-03: ", "").Replace(src)
	p = Parse("p.md", []byte(plain))
	assert.NotContains(t, chosen(p), "under ## Implementation Tasks")
}

// TestChecklistWithPlaceholders refuses a checklist, titled so in any of
// the languages plans are written in, whose open boxes leave "{NAME}" to
// fill in at each use (heldout184 4441); a ticked box records a pass, a
// box in a fenced sample is no item, and a release checklist's
// "<VERSION>" is the plan of one release.
func TestChecklistWithPlaceholders(t *testing.T) {
	src := "# 📋 신규 Cron 도입 체크리스트\n\n## 1️⃣ 작성 시 의무\n\n- [ ] ledger 작성 (`runtime/state/{NAME}-ledger.jsonl`)\n- [ ] log 작성 (`runtime/logs/{NAME}.log`)\n\n## 2️⃣ 검증 의무\n\n- [ ] DRYRUN 확인\n- [ ] plist `Label = ai.jarvis.{NAME}`\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its boxes, the first at line 5, leave \"{NAME}\" to fill in")
	p = Parse("p.md", []byte(strings.Replace(src, "- [ ] DRYRUN", "- [x] DRYRUN", 1)))
	assert.Empty(t, msgs(p, Error))
	fenced := "# Service setup checklist\n\nNew services copy this block:\n\n```markdown\n- [ ] ledger `runtime/state/{NAME}.jsonl`\n- [ ] log `runtime/logs/{NAME}.log`\n```\n\n- [ ] Move the billing cron\n- [ ] Move the report cron\n"
	p = Parse("p.md", []byte(fenced))
	assert.Empty(t, msgs(p, Error), "boxes in a fenced sample are no items")
	assert.Len(t, p.Sprints, 2)
	release := "# Release Checklist\n\n## Before\n\n- [ ] Tag `<VERSION>`\n- [ ] Push the tag to `<REMOTE>`\n- [ ] Announce on Discord\n"
	p = Parse("p.md", []byte(release))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// TestReportTestSuggestions refuses a completion report whose only open
// boxes are the tests it suggests (heldout185 4471, "## 🐛 测试建议");
// a report with a box outside them still reads its boxes.
func TestReportTestSuggestions(t *testing.T) {
	src := "# 服务器配置功能完成报告\n\n## ✅ 已完成工作\n\n- ✅ 组件开发\n- ✅ 设置页面\n\n## 🐛 测试建议\n\n### 基础功能测试\n\n- [ ] 添加第一个服务器\n- [ ] 测试连接功能\n\n### 多服务器测试\n\n- [ ] 切换激活服务器\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], "its checkboxes all stand under its sections on what may come later, on testing or under criteria")
	p = Parse("p.md", []byte(src+"\n## 下一步\n\n- [ ] 支持多账号\n- [ ] 同步设置\n"))
	assert.Empty(t, msgs(p, Error))
}

// TestFewerItemsThanPhases keeps the phases when a work section's
// numbered list has fewer items than there are phases (heldout185 4453:
// four principles under "## Implementation Strategy", nine phases); a
// list with more items than phases is still the finer reading.
func TestFewerItemsThanPhases(t *testing.T) {
	phases := "\n## Phase-by-Phase Plan\n\n### Phase 0: Prep ✅\n\nBranch.\n\n### Phase 1: Deps\n\nInstall.\n\n### Phase 2: Wallet\n\nConnect.\n\n### Phase 3: Sync\n\nFetch.\n"
	src := "# PayVVM - Implementation Plan\n\n## Implementation Strategy\n\n1. Keep the mocks behind a flag\n2. Ship one integration at a time\n" + phases
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"closed", "", "", ""}, statusValues(p))
	more := "# PayVVM - Implementation Plan\n\n## Implementation Strategy\n\n1. Add the flag\n2. Wire the wallet\n3. Wire the sync\n4. Wire the payments\n5. Polish\n" + phases
	p = Parse("p.md", []byte(more))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 5)
}

// TestAngleSlotTitle refuses a template whose title is a name to fill in,
// written in angle brackets in a script other than Latin
// ("# <执行计划标题>", heldout187 4520).
func TestAngleSlotTitle(t *testing.T) {
	src := "# <执行计划标题>\n\n## 目标\n\n用一段话说明最终想达到的状态。\n\n## 里程碑\n\n1. 调研与方案收敛。\n2. 分阶段实现。\n3. 验证、交付与收尾。\n\n## 决策记录\n\n- YYYY-MM-DD：做了什么决定。\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "<执行计划标题>" is a name to fill in, and its text leaves 1 more ("YYYY-MM-DD")`)
	p = Parse("p.md", []byte(strings.Replace(src, "<执行计划标题>", "支付网关执行计划", 1)))
	assert.Empty(t, msgs(p, Error))
}

// TestChecklistWhenAddingNew refuses a checklist whose opening line says
// it is gone through whenever a new thing is added ("Use this checklist
// when adding a new service", heldout187 4516); one ticked box records a
// pass, and the checklist reads as work.
func TestChecklistWhenAddingNew(t *testing.T) {
	src := "# Quick Service Addition Checklist\n\nUse this checklist when adding a new service to ensure nothing is missed.\n\n## Essential Steps\n\n### 1. Create Service Page\n\n- [ ] Create `app/services/[service-slug]/page.tsx`\n\n### 2. Update Navigation\n\n- [ ] Add the service to the menu\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its line 3 ("Use this checklist when adding a new service to ensure nothing is missed")`)
	p = Parse("p.md", []byte(strings.Replace(src, "- [ ] Add the", "- [x] Add the", 1)))
	assert.Empty(t, msgs(p, Error))
}

// TestStepGuideSections refuses a document whose "### Step N" headings
// stand beside three sections of a guide to using a tool (heldout186
// 4491: Prerequisites, Troubleshooting, Quick Reference); with two such
// sections, or under a title that says it is a plan, its steps are work.
func TestStepGuideSections(t *testing.T) {
	steps := "## Workflow Steps\n\n### Step 1: Start a New Project\n\n```bash\nmkdir app\n```\n\n### Step 2: Create the PRD\n\n- Write the stories\n\n### Step 3: Run the loop\n\n```bash\n./loop.sh\n```\n"
	guide := "# Claude Code Build Workflow\n\n## Prerequisites\n\n- git\n\n" + steps + "\n## Troubleshooting\n\nRe-run it.\n\n## Quick Reference\n\n| Command | What |\n|---|---|\n| loop | runs |\n"
	p := Parse("p.md", []byte(guide))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its sections "prerequisites" (line 3), "troubleshooting" (line 25), "quick reference" (line 29) say it is a guide to using something`)
	p = Parse("p.md", []byte(strings.Replace(guide, "# Claude Code Build Workflow", "# Build Workflow Plan", 1)))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// TestPriorityThemeTable reads a status table keyed by priority and theme
// ("| 优先级 | 主题 | 状态 |", heldout186 4484) as rows of work: declared,
// its rows are the units with their marks.
func TestPriorityThemeTable(t *testing.T) {
	src := "# v0.23 阶段路线图\n\n## 0. 执行状态总览\n\n| 优先级 | 主题 | 状态 | 完成边界 |\n|---|---|---|---|\n| P0 | 文档事实源切换 | ✅ 已完成 | 归档 |\n| P0 | 上线观察 | 🟡 进行中 | 无回归 |\n| P1 | Executor 端口 | ⬜ 待开始 | 接口落地 |\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Contains(t, declares(p), "units: table rows")
	p = Parse("p.md", []byte("---\nunits: table rows\n---\n"+src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"closed", "in_progress", "open"}, statusValues(p))
}

// TestBoxesTrackOverBroadSteps reads the plan's checkboxes, three times as
// many as a work section's numbered items and some ticked, as the work
// (heldout187 4519: "## 里程碑" over three broad steps, "## 进度记录" over
// eighteen boxes); numbered items under phase headings keep the list.
func TestBoxesTrackOverBroadSteps(t *testing.T) {
	src := "# Windows Runtime\n\n## 里程碑\n\n1. 调研。\n2. 实现。\n\n## 进度记录\n\n- [x] 新增 CLI\n- [x] 嵌入 bridge\n- [x] 构建脚本\n- [ ] 真实 UI smoke\n- [ ] fixture\n- [ ] signing\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"closed", "closed", "closed", "open", "open", "open"}, statusValues(p))
	phased := "# Task: n8n system\n\n## Status\n\n- [x] Init\n- [x] Plan\n- [x] Design\n- [ ] Build\n- [ ] Test\n- [ ] Docs\n\n## Implementation Plan\n\n### Phase 1: Foundation\n\n1. **Knowledge base**\n\n### Phase 2: Engine\n\n2. **Decision engine**\n"
	p = Parse("p.md", []byte(phased))
	assert.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
}

// TestLandedMarker reads "— LANDED" after a heading's title as done, as
// SHIPPED and MERGED are (heldout189 4569).
func TestLandedMarker(t *testing.T) {
	src := "# Phase 13 — Mobile companion\n\n### 13.0 — Bridge crate — LANDED\n\nDone.\n\n### 13.1 — Relay — LANDED\n\nDone.\n\n### 13.2 — Pairing\n\nNext.\n"
	p := Parse("p.md", []byte(src))
	assert.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"closed", "closed", ""}, statusValues(p))
}

// TestSession32ReviewA pins review A's cases of the session's refusals:
// a plan with Step headings beside Requirements, FAQ and See also; a
// Korean title mark "<모아>"; shell variables in boxes; a plan's own
// upkeep note; a report's tests to fix; a sample tick in a fence; a
// capitalised "Prüfliste".
func TestSession32ReviewA(t *testing.T) {
	cases := map[string]struct {
		src     string
		units   int
		refused bool
	}{
		"steps beside plan sections": {"# Dark mode\n\n## Requirements\n\n- Follows the OS setting\n\n### Step 1: Theme tokens\n\n- [ ] Add color tokens\n\n### Step 2: Components\n\n- [ ] Convert buttons\n\n### Step 3: Toggle\n\n- [ ] Add a toggle\n\n## FAQ\n\nCharts need the tokens.\n\n## See also\n\n- Design doc\n", 3, false},
		"guide with boxes":           {"# Billing on Stripe\n\n## Prerequisites\n\n- keys\n\n### Step 1: Keys\n\n- [x] Create keys\n\n### Step 2: Webhooks\n\n- [ ] Add webhooks\n\n## Troubleshooting\n\nRetry.\n\n## Quick Reference\n\nSee docs.\n", 2, false},
		"Korean title mark":          {"# 모아 앱 개발 계획\n\n## 1단계: <모아> 로그인\n\n- [ ] 카카오 로그인\n\n## 2단계: <모아> 모임\n\n- [ ] 모임 생성\n", 2, false},
		"title mark, one slot":       {"# <모아> 서비스 개발 계획\n\n<모아>는 동네 모임 앱이다.\n\n## Tasks\n\n- [ ] 로그인\n- [ ] 모임 생성\n", 2, false},
		"shell variables":            {"# Staging environment checklist\n\n- [ ] Create the Postgres instance and export `${DATABASE_URL}`\n- [ ] Store `${STRIPE_SECRET_KEY}` in the vault\n- [ ] Point the domain at the balancer\n- [ ] Run the seed script\n", 4, false},
		"path parameters":            {"# API rollout checklist\n\n- [ ] Add `GET /orgs/{ORG_ID}`\n- [ ] Add `GET /orgs/{ORG_ID}/users/{USER_ID}`\n- [ ] Document both\n", 3, false},
		"upkeep note":                {"# Search v2 launch checklist\n\nTick items in this checklist as they land, and update it when adding new tasks.\n\n- [ ] Build the new index\n- [ ] Backfill documents\n- [ ] Switch the read path\n- [ ] Remove the old index\n", 4, false},
		"use it for new tasks":       {"# Release checklist\n\nUse this checklist when adding new tasks to the release.\n\n- [ ] Tag\n- [ ] Publish\n", 2, false},
		"report's tests to fix":      {"# Payments outage report\n\n## What happened\n\nThe retry job double-charged 40 customers.\n\n## Flaky tests to fix\n\n- [ ] Make `test_retry_backoff` deterministic\n- [ ] Stop `test_refund_webhook` depending on the clock\n- [ ] Add the idempotency test\n", 3, false},
		"sample tick in a fence":     {"# PR Review Checklist\n\nPaste this into every pull request description:\n\n```markdown\n- [x] Example: a ticked item\n```\n\n- [ ] Tests pass locally\n- [ ] No new lint warnings\n- [ ] Docs updated\n", 0, true},
		"capitalised Prüfliste":      {"# Prüfliste für neue Dienste\n\n- [ ] Log-Verzeichnis `runtime/logs/{NAME}` anlegen\n- [ ] Ledger `runtime/state/{NAME}-ledger.jsonl` anlegen\n- [ ] Dienst `{NAME}` im Monitoring eintragen\n", 0, true},
	}
	for name, c := range cases {
		p := Parse("p.md", []byte(c.src))
		if c.refused {
			assert.NotEmpty(t, msgs(p, Error), name)
			continue
		}
		assert.Empty(t, msgs(p, Error), name)
		assert.Len(t, p.Sprints, c.units, name)
	}
}

// TestSession32ReviewB pins review B's cases of the session's choices:
// "## Phases" beside boxes or a task list, in either order, or in a page
// about query plans; boxes of a setup list or a log of done work over a
// plan's steps; a legend's tick, or a numbered checklist, in a checklist
// under way.
func TestSession32ReviewB(t *testing.T) {
	type want struct {
		status  []string
		refused bool
	}
	phasesTasks := "## Phases\n\n1. Foundation\n2. Core\n\n"
	tasks := "## Tasks\n\n1. Create the repo\n2. Add CI\n3. Write the model\n4. Write the store\n\n"
	open4 := []string{"", "", "", ""}
	cases := map[string]struct {
		src string
		want
	}{
		"phases beside boxes":   {"# Refactor Plan\n\n## Phases\n\n1. Extract the parser\n2. Extract the printer\n3. Delete the old module\n\n- [x] Extract the parser\n- [ ] Extract the printer\n- [ ] Delete the old module\n", want{status: []string{"closed", "open", "open"}}},
		"phases, then tasks":    {"# Build Plan\n\n" + phasesTasks + tasks, want{status: open4}},
		"tasks, then phases":    {"# Build Plan\n\n" + tasks + phasesTasks, want{status: open4}},
		"a query plan's phases": {"# How a Query Plan Is Built\n\nThe planner turns SQL into a tree.\n\n## Phases\n\n1. Parse the SQL\n2. Bind names\n3. Rewrite the tree\n4. Emit operators\n", want{refused: true}},
		"setup boxes":           {"# Search Plan\n\n## Implementation Steps\n\n1. Add the index\n2. Add the query API\n\n## Environment setup\n\n- [x] Install Go\n- [x] Install Docker\n- [x] Clone the repo\n- [x] Run make bootstrap\n- [x] Get a token\n- [ ] Join the channel\n", want{status: []string{"", ""}}},
		"a log of done boxes":   {"# Search Plan\n\n## Implementation Steps\n\n1. Add the index\n2. Add the query API\n\n## Completed\n\n- [x] Spike\n- [x] Design\n- [x] Review\n- [x] Budget\n- [x] Staffing\n- [x] Kickoff\n", want{status: []string{"", ""}}},
		"a legend's tick":       {"# Deployment Readiness Checklist\n\nLegend:\n- [ ] not checked yet\n- [x] checked\n\n## Quality Gates\n\n- [ ] Load test passes\n- [ ] Error budget healthy\n- [ ] Rollback rehearsed\n", want{refused: true}},
		"numbered boxes":        {"# Pre-Launch Checklist\n\n## Legal\n\n1. [x] Terms of service\n2. [ ] Privacy policy\n\n## Infra\n\n1. [x] Backups\n2. [ ] Alerts\n", want{status: []string{"closed", "open", "closed", "open"}}},
	}
	for name, c := range cases {
		p := Parse("p.md", []byte(c.src))
		if c.refused {
			assert.NotEmpty(t, msgs(p, Error), name)
			continue
		}
		assert.Empty(t, msgs(p, Error), name)
		assert.Equal(t, c.status, statusValues(p), name)
	}
}

// TestGuideNamedInHeading refuses Step headings in a document whose
// section calls it a guide ("## When to Use This Guide", heldout188
// 4541); with boxes to tick, the steps are work.
func TestGuideNamedInHeading(t *testing.T) {
	src := "# Managing a Scrum Sprint\n\n## When to Use This Guide\n\nWhen a team starts a sprint.\n\n## Setting Up\n\n### Step 1: Activate the Team\n\nRun the command.\n\n### Step 2: Choose Slots\n\nPick two.\n\n### Step 3: Define the Backlog\n\nWrite it.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its section "When to Use This Guide" (line 3) calls it a guide`)
	p = Parse("p.md", []byte(strings.Replace(src, "Run the command.", "- [ ] Run the command.", 1)))
	assert.Empty(t, msgs(p, Error))
}

// TestReportFormBoxes refuses a report whose ten or more checkboxes are
// all open (heldout189 4555, "# Project Report" and its rubric); one
// ticked box makes it a report that tracks work.
func TestReportFormBoxes(t *testing.T) {
	var rubric strings.Builder
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&rubric, "- [ ] Criterion %d met\n", i)
	}
	src := "# Project Report\n\n## Module #1: Container Manager\n\n" + rubric.String()
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.Contains(t, msgs(p, Error)[0], `its title "Project Report" says it is a report, and none of its 10 checkboxes is ticked`)
	p = Parse("p.md", []byte(strings.Replace(src, "- [ ] Criterion 1 met", "- [x] Criterion 1 met", 1)))
	assert.Empty(t, msgs(p, Error))
}

// Steps lettered in parentheses ("### (a) Title", "### (b) Title") under
// a section named for the work's sequence are its units, their letters
// kept in their titles; a step marked "[**REJECTED**]" is skipped. A
// "## Build sequence" names the work as "## Sequence" does.
func TestLetteredSequence(t *testing.T) {
	src := "# Close plan\n\n## §1. Why\n\nText.\n\n## §6. Work sequence\n\n### (a) Cleanup — A1\n- x\n\n### (b) Taxonomy — A2\n- y\n\n### (c) Exit ADR [**REJECTED 2026-05-21**]\n- z\n\n## §7. References\n\n- a\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "### {title} under ## §6. Work sequence"`, chosen(p))
	assert.Equal(t, []string{"1.1 (a) Cleanup — A1 open", "1.2 (b) Taxonomy — A2 open", "1.3 (c) Exit ADR [REJECTED 2026-05-21] skipped"}, units(p))

	src = "# PLAN — controls\n\n## Context\n\nText.\n\n## Build sequence (PR-sized)\n\n1. **Backend loop control**: wire it.\n2. **Cost estimate**: a table.\n3. **Preset chip**: the UI.\n\n## Verification\n\n1. Run the tests.\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Backend loop control: wire it open", "1.2 Cost estimate: a table open", "1.3 Preset chip: the UI open"}, units(p))
}

// Batches are units in Chinese and Japanese ("## 批次 C-1：Docstring"), and a
// series letter before the number ("C-1", "C-2") is read in its place
// with no word, as track letters are.
func TestBatchSeries(t *testing.T) {
	src := "# Phase 5 收尾执行计划\n\n## 批次 C-1：Docstring 统一补齐\n\n- a\n\n## 批次 C-2：子项目测试\n\n- b\n\n## 补充批次（新发现缺口）\n\n说明。\n\n## 批次 C-3：CI 部署\n\n- c\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `headings | units: "## 批次 {n}: {title}"`, chosen(p))
	assert.Equal(t, []string{"1.1 Docstring 统一补齐 open", "1.2 子项目测试 open", "1.3 CI 部署 open"}, units(p))
	for _, m := range msgs(p, Warning) {
		assert.NotContains(t, m, "is not a unit number")
	}
}

// A fence that closes nothing opens a code block that runs to the end of
// the document: its headings and boxes are not read, and a warning at
// the fence says so (here the "```markdown" example's inner "```bash"
// paired the fences off by one).
func TestUnclosedFenceSaid(t *testing.T) {
	src := "# Spec\n\n## Skill\n\n```markdown\n# Skill\n### View\n```bash\nasc list\n```\n\n### Update\n```bash\nasc update\n```\n```\n\n## Phases\n\n### Phase 1: Core\n- [ ] versions create\n- [ ] versions delete\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{`16:1: the code block that opens here is never closed, so it runs on to line 22, the end of the document, and the headings and items in it (the first at line 18) are not read: an earlier fence may have been taken for this one's`}, msgs(p, Warning))
}

// A status line that says the work sits in a draft PR leaves it open,
// and says so.
func TestDraftPRStatus(t *testing.T) {
	src := "# File input\n\nStatus: implemented in draft PR\n\n## 1. Summary\n\nText.\n\n## 2. Goals\n\n- Paste\n- Upload\n\n## 14. Rollout plan\n\n1. Land storage and API.\n2. Add the terminal paste.\n3. Design remote transport.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, `items | units: "{n}. {title} under ## 14. Rollout plan"`, chosen(p))
	assert.Equal(t, []string{"1.1 Land storage and API open", "1.2 Add the terminal paste open", "1.3 Design remote transport open"}, units(p))
	assert.Contains(t, msgs(p, Warning), "3:1: this line says the plan's work is done (\"Status: implemented in draft PR\"), but 3 of its 3 units are not marked done, and they are read open; if the line is right, `done: all` reads them done")
}

// A document whose first paragraph speaks to an agent ("You are helping a
// human create ...") over "## Phase 0" ... is a prompt, refused with that
// line; a plan titled so is not.
func TestAgentPromptIntro(t *testing.T) {
	src := "# Author Your Own Sound Pack\n\nYou are helping a human create their own sound pack.\n\n## Phase 0: Install the tool\n\nRun it.\n\n## Phase 1: Plan the pack\n\nAsk.\n\n## Phase 2: Publish\n\nPush.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, strings.HasPrefix(msgs(p, Error)[0], `1:1: p.md is not a plan: its first paragraph speaks to an agent ("You are helping a human create their own sound pack."), and nothing in it speaks of work to do: its headings are what the agent does each time it is asked, not work to compile; the closest reading`), msgs(p, Error)[0])
	p = Parse("p.md", []byte(strings.Replace(src, "# Author Your Own Sound Pack", "# Sound Pack Plan", 1)))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
}

// A completion report ("# … - 完成报告") whose only numbered items are its
// closing "## 📈 后续改进计划" (follow-up improvements), under subsections
// by horizon, is refused as a report's follow-ups.
func TestReportFollowUpImprovements(t *testing.T) {
	src := "# 端口检测功能 - 完成报告\n\n## ✅ 已完成的功能\n\n### 1. 检测模块\n\n代码。\n\n### 2. 启动脚本\n\n代码。\n\n## 📈 后续改进计划\n\n### 短期改进（1-2 周）\n\n1. **并发检测**: 提高速度\n2. **日志增强**: 更详细\n\n### 长期改进（3-6 月）\n\n1. **服务发现集成**: Consul\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, strings.HasPrefix(msgs(p, Error)[0], `1:1: p.md is not a plan: its title "端口检测功能 - 完成报告" says it is a report, and the only work the closest reading finds is its closing next steps`), msgs(p, Error)[0])
}

// In a document titled as a checklist, a table whose first column is
// headed "item" beside a status column lists its units, numbered by
// their place; the same table in a report is not.
func TestChecklistItemTable(t *testing.T) {
	src := "# Assurance Uplift Checklist\n\n| item | status | evidence |\n| --- | --- | --- |\n| move cargo-vet to deeper lanes | done | ci.yml |\n| add a fuzz lane | partial | fuzz.yml |\n| keep release evidence | done | release.yml |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 move cargo-vet to deeper lanes closed", "1.2 add a fuzz lane in_progress", "1.3 keep release evidence closed"}, units(p))
	p = Parse("p.md", []byte(strings.Replace(src, "# Assurance Uplift Checklist", "# Implementation Report", 1)))
	assert.Len(t, msgs(p, Error), 1)
}

// A solution write-up ("## Problem", "### Symptoms", "## Root Cause",
// "## Solution" over "### Step N", "## Prevention") tells a fix made:
// refused, naming its sections.
func TestSolutionWriteUp(t *testing.T) {
	src := "# Bearer Token Auth\n\n## Problem\n\nText.\n\n### Symptoms\n\n- 401s\n\n## Root Cause\n\nText.\n\n## Solution\n\n### Step 1: Migration\n\n- Add the column\n- Backfill\n\n### Step 2: Token generation\n\n- Hash it\n- Store it\n\n## Prevention\n\n- Scope every query\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, strings.HasPrefix(msgs(p, Error)[0], `1:1: p.md is not a plan: it reads as the write-up of a problem and its fix ("Symptoms" (line 7), "Root Cause" (line 11), "Prevention" (line 27)): what went wrong and how it was fixed, not work to compile`), msgs(p, Error)[0])
}

// "## 全体計画" (the overall plan) and "## 開発計画" name a work section in
// Japanese: their numbered lists are the plan's units.
func TestJapaneseOverallPlan(t *testing.T) {
	src := "# 進捗\n## 全体計画（設計書.md準拠）\n1. WPFプロジェクト作成\n2. スキャン\n3. ログ保存\n\n## メモ / 課題\n- なし\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 WPFプロジェクト作成 open", "1.2 スキャン open", "1.3 ログ保存 open"}, units(p))
}

// A line column that names the document a task comes from does not count
// against work: "| # | Task | Epic line(s) |" lists tasks; "| # | File |
// Line(s) | Description |" is the places a review found.
func TestLineColumnBesideTasks(t *testing.T) {
	src := "# Snakie — First Build Plan\n\n## First-build scope\n\n| # | Task | Epic line(s) |\n|---|---|---|\n| 1 | Project scaffold | 2,3 |\n| 2 | App shell layout | 11 |\n| 3 | Monaco editor | 5 |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Project scaffold open", "1.2 App shell layout open", "1.3 Monaco editor open"}, units(p))
	p = Parse("p.md", []byte("# Review\n\n| # | File | Line(s) | Description |\n|---|---|---|---|\n| 1 | a.go | 12 | nil check |\n| 2 | b.go | 40 | leak |\n"))
	assert.Len(t, msgs(p, Error), 1)
}

// Review A of session 33: a status that ships an "admin review queue" is
// done; one whose PR is open awaiting approval is not.
func TestAwaitsLandingWords(t *testing.T) {
	src := "# Admin Console Plan\n\n**Status:** ✅ Complete — admin review queue and login review flow shipped in v2.3\n\n## Phase 1: Queue\n- Build the admin review queue\n\n## Phase 2: Login\n- Build the login review flow\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Queue closed", "2.1 Login closed"}, units(p))
	assert.True(t, awaitsLanding("Complete - implemented, PR open awaiting approval"))
	assert.False(t, awaitsLanding("Complete — admin review queue shipped"))
}

func TestAwaitsLandingPROpen(t *testing.T) {
	src := "# Admin Console Plan\n\n**Status:** Complete - implemented, PR open awaiting approval\n\n## Phase 1: Queue\n- Build the queue\n\n## Phase 2: Login\n- Build the login\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Queue open", "2.1 Login open"}, units(p))
}

// Review A of session 33: a plan handed to the agent that does it ("You
// are helping me add dark mode") compiles; a fix plan whose boxes are
// open is no write-up of a fix made, whatever its Prevention section.
func TestSession33ReviewAPrompts(t *testing.T) {
	src := "# Add dark mode to the settings page\n\nYou are helping me add dark mode. Follow these steps in order and commit after each.\n\n## Step 1: Add theme tokens\n\nCreate `theme.ts`.\n\n## Step 2: Wire the toggle\n\nAdd a toggle.\n\n## Step 3: Persist the choice\n\nSave it.\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 3)
	src = "# Sprint tasks\n\nYou are a frontend engineer on this team.\n\n- [ ] Add the tokens\n- [ ] Wire the toggle\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 2)
	src = "# Duplicate webhook deliveries\n\n## Root cause\n\nRetries are not idempotent.\n\n## Fix\n\n### Step 1: Add idempotency keys\n- [ ] Add the column\n- [ ] Check the key on receipt\n\n### Step 2: Backfill\n- [ ] Backfill keys\n\n## Prevention\n\n- [ ] Add an alert on duplicates\n"
	p = Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.NotEmpty(t, p.Sprints)
}

// Review A of session 33: "Rejected" as a title word names a state the
// work builds; only REJECTED in capitals marks a unit skipped.
func TestRejectedInCapitalsOnly(t *testing.T) {
	src := "# Review Queue Plan\n\n### Task 1: Add the Pending tab\n### Task 2: Add the Rejected tab\n### Task 3: Add the (Rejected) badge to cards\n### Task 4: Rejected → Pending re-submission (REST)\n### Task 5: Exit ADR [**REJECTED 2026-05-21**]\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1.1 Add the Pending tab open", "1.2 Add the Rejected tab open", "1.3 Add the (Rejected) badge to cards open", "1.4 Rejected → Pending re-submission (REST) open", "1.5 Exit ADR [REJECTED 2026-05-21] skipped"}, units(p))
	for _, m := range msgs(p, Warning) {
		assert.NotContains(t, m, "Rejected")
	}
}

// Review A of session 33: lettered headings in two sections are not read
// from the first alone, leaving the others out in silence.
func TestLetteredElsewhereToo(t *testing.T) {
	src := "# Cache Plan\n\n## Implementation\n\n### a. Schema\nAdd the table.\n\n### b. API\nAdd the endpoint.\n\n## Rollout\n\n### A) Canary\n5%.\n\n### B) GA\nEveryone.\n"
	p := Parse("p.md", []byte(src))
	assert.NotEqual(t, []string{"1.1 a. Schema open", "1.2 b. API open"}, units(p))
	for _, c := range p.Candidates {
		assert.NotContains(t, c.Description, "lettered headings")
	}
}

// Review A of session 33: a checklist's item table with a mark the reader
// does not know ("⚠️") is read, that row open and said, not dropped while
// its sibling tables are read.
func TestChecklistItemTableUnknownMark(t *testing.T) {
	src := "# Release Checklist\n\n## Build\n\n| Item | Status |\n|------|--------|\n| CI passes | ✅ |\n| Publish a snapshot | ❌ |\n\n## Integration\n\n| Item | Status |\n|------|--------|\n| Dependabot covers Maven | ✅ |\n| CODEOWNERS lists java/ | ⚠️ |\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Len(t, p.Sprints, 4)
	assert.Contains(t, msgs(p, Warning), `15:28: Status "⚠️" of unit 1.4 is not a status the compiler knows; read as open (known: done, in progress, blocked, open, skipped, and their usual words and emoji)`)
}

// Review A of session 33: a script's closed-by-nothing block with an info
// string ("```bash" at the end, its "# comment") is no slip; a bare fence
// that swallows a short last phase is said.
func TestUnclosedFenceInfo(t *testing.T) {
	p := Parse("p.md", []byte("# Ship Plan\n\n## Phase 1: Build\n\n- [ ] Compile\n- [ ] Test\n\n## Appendix\n\n```bash\n#!/bin/sh\n# Install the dependencies\napt-get install -y make\n"))
	for _, m := range msgs(p, Warning) {
		assert.NotContains(t, m, "never closed")
	}
	p = Parse("p.md", []byte("# Ship Plan\n\n## Phase 1: Build\n\n- [ ] Compile\n\n```\n## Phase 2: Ship\n- [ ] Tag the release\n"))
	assert.Contains(t, msgs(p, Warning), "7:1: the code block that opens here is never closed, so it runs on to line 9, the end of the document, and the headings and items in it (the first at line 8) are not read: an earlier fence may have been taken for this one's")
}

// A document titled as an example walkthrough ("# Example Walkthrough:
// …") over "## Cycle N" headings shows a session's stages: refused; the
// same headings in an example project's plan with boxes compile.
func TestExampleWalkthroughStages(t *testing.T) {
	src := "# Example Walkthrough: Literature Question\n\nThis annotated example shows a session.\n\n## Cycle 1: First Search\n\n### OBSERVE\n\nText.\n\n## Cycle 2: Expand Search\n\n### OBSERVE\n\nText.\n"
	p := Parse("p.md", []byte(src))
	require.Len(t, msgs(p, Error), 1)
	assert.True(t, strings.HasPrefix(msgs(p, Error)[0], `1:1: p.md is not a plan: its title "Example Walkthrough: Literature Question" says it is a tutorial or example, and nothing in it speaks of work to do: its headings are the stages of the example it walks through`), msgs(p, Error)[0])
	p = Parse("p.md", []byte(strings.ReplaceAll(src, "Text.", "- [ ] Do it")))
	require.Empty(t, msgs(p, Error))
}

// Review B of session 33: each case was read wrong by the session's code
// before its mends.
func TestSession33ReviewB(t *testing.T) {
	compiles := func(src string, n int) {
		t.Helper()
		p := Parse("p.md", []byte(src))
		require.Empty(t, msgs(p, Error), src)
		assert.Len(t, p.Sprints, n, src)
	}
	refused := func(src string) {
		t.Helper()
		p := Parse("p.md", []byte(src))
		assert.Len(t, msgs(p, Error), 1, src)
	}
	// 1. A walkthrough the work builds, and an example it adds, are plans.
	compiles("# Onboarding Walkthrough\n\nNew users get a guided tour.\n\n## Task 1: Build the tooltip\n\nA tooltip.\n\n## Task 2: Store tour progress\n\nA column.\n\n## Task 3: Wire the tour\n\nOn first login.\n", 3)
	compiles("# Add an example for the streaming API\n\n## Task 1: Write it\n\nCode.\n\n## Task 2: Test it\n\nCode.\n\n## Task 3: Link it\n\nDocs.\n", 3)
	// 2. A review's file and line table is its findings, whatever the
	// file column is called.
	refused("# Code review: payments\n\n| # | File(s) | Line(s) | Description |\n|---|---|---|---|\n| 1 | charge.go | 42-58 | Retries without a key |\n| 2 | refund.go | 101 | Swallows the error |\n| 3 | webhook.go | 210 | No signature check |\n")
	refused("# Security Review\n\n| # | Component | Line | Description |\n|---|---|---|---|\n| 1 | auth | 42 | Weak hash |\n| 2 | api | 101 | No rate limit |\n")
	// 3. An appendix's lettered headings leave the work's own alone.
	compiles("# Search Service Plan\n\n## Implementation\n\n### A. Index schema\nDefine it.\n\n### B. Ingest worker\nConsume.\n\n### C. Query API\nAdd it.\n\n## Appendix\n\n### A. Glossary\nTerms.\n\n### B. References\nLinks.\n", 3)
	// 5. Advice boxes under Prevention do not make a fix made a plan.
	refused("# Duplicate webhook deliveries\n\n## Symptoms\n\nCharged twice.\n\n## Root Cause\n\nNot idempotent.\n\n## Solution\n\n### Step 1: Add a key column\n- Added `idempotency_key`\n\n### Step 2: Check the key\n- The handler returns 200\n\n### Step 3: Backfill\n- Backfilled 30 days\n\n## Prevention\n\n- [ ] Does your handler dedupe on a key?\n- [ ] Is the key column unique?\n")
	// 6. REJECTED as a state the work names is no skip.
	p := Parse("p.md", []byte("# Orders Plan\n\n### Task 1: Add the state machine\n\nStates.\n\n### Task 2: Add the (REJECTED) badge\n\nRed.\n\n### Task 3: Retry REJECTED\n\nResubmit.\n\n### Task 4: Email the customer\n\nSend.\n"))
	assert.Len(t, p.Sprints, 4)
	assert.Empty(t, p.Skipped)
	// 7. Merged and unmerged cells are a feature, not a review.
	p = Parse("p.md", []byte("# XLSX Export Plan\n\n**Status:** ✅ Complete — export handles merged and unmerged cells\n\n## Phase 1: Cells\n- Write merged cells\n\n## Phase 2: Styles\n- Copy fonts\n"))
	assert.Equal(t, []string{"1.1 Cells closed", "2.1 Styles closed"}, units(p))
}
