package parser

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A plan whose prose says all of its work is done over units with no mark
// of done: the units are read open, the disagreement is said at the
// statement's line, and `done: all` is the reading listed next.
func TestDoneStatementIsSaid(t *testing.T) {
	src := "# Runner Plan\n\n## Execution Status\n\nStatus: Implemented on April 27, 2026.\n\n" +
		"### Task 1: Freeze the API\n\n- [ ] **Step 1:** write the test\n\n### Task 2: Extract the policy\n\n- [ ] **Step 1:** move it\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"", ""}, statusValues(p))
	assert.Contains(t, msgs(p, Warning), `5:1: this line says the plan's work is done ("Status: Implemented on April 27, 2026."), but 2 of its 2 units are not marked done, and they are read open; if the line is right, `+"`done: all`"+` reads them done`)
	require.GreaterOrEqual(t, len(p.Candidates), 2)
	assert.True(t, p.Candidates[0].Chosen)
	assert.Equal(t, Candidate{Name: "done", Description: "the same units, every one done, as line 5 says", Units: 2, First: p.Candidates[0].First,
		Declare: "done: all", Score: p.Candidates[0].Score, Why: "line 5 says the work is done, but 2 units are not marked done"}, p.Candidates[1])

	// Declared, by the flag or in the front matter: every unit is done,
	// and the preview's note says so.
	for _, tc := range []struct {
		src  string
		opts Options
		note string
	}{
		{src, Options{Reading: &Declared{Line: "done: all", From: "--reading"}}, "done: all (--reading): every unit not skipped is read done, with no mark of done before: 1.1, 1.2"},
		{"---\ndone: all\n---\n" + src, Options{}, "done: all (the front matter at p.md:2): every unit not skipped is read done, with no mark of done before: 1.1, 1.2"},
		{src, Options{Done: &Declared{Line: "done: all", File: ".architect.yaml", Pos: Pos{Line: 3, Col: 11}, From: ".architect.yaml"}}, "done: all (.architect.yaml at .architect.yaml:3): every unit not skipped is read done, with no mark of done before: 1.1, 1.2"},
	} {
		p := ParseWith("p.md", []byte(tc.src), tc.opts)
		assert.Empty(t, msgs(p, Error))
		assert.Equal(t, []string{"closed", "closed"}, statusValues(p))
		var notes []string
		for _, r := range p.Readings {
			notes = append(notes, r.Text)
		}
		assert.Contains(t, notes, tc.note)
		for _, w := range msgs(p, Warning) {
			assert.NotContains(t, w, "says the plan's work is done")
		}
	}

	// A `done:` line with another value is an error where it was
	// declared for architect; in front matter, shared with other tools,
	// it is ignored with a warning.
	p = ParseWith("p.md", []byte(src), Options{Reading: &Declared{Line: "done: some", From: "--reading"}})
	assert.Equal(t, []string{"1:1: --reading: want `done: all` (every unit not skipped is done), not \"done: some\""}, msgs(p, Error))
	p = Parse("p.md", []byte("---\ndone: some\n---\n"+src))
	assert.Empty(t, msgs(p, Error))
	assert.Contains(t, msgs(p, Warning), "2:1: the front matter at p.md:2: \"done: some\" is not `done: all`, the one value the key takes (every unit not skipped is done); ignored")
}

// What says the whole work is done, and what does not: a part named, a
// condition, a criterion, a list item's mark, remaining work.
func TestDoneStatements(t *testing.T) {
	plan := func(lines string) string {
		return "# Plan\n\n" + lines + "\n\n## Phase 1: Build\n\n### Step 1.1: Parser\n\nWrite it.\n\n### Step 1.2: Printer\n\nWrite it.\n"
	}
	for lines, want := range map[string]bool{
		"All implementation tasks below are complete.":                                        true,
		"Every step below was run against the live tenancy.":                                  true,
		"> The backend migration described here has been implemented.":                        true,
		"**Part 5 COMPLETE.**":                                                                true,
		"状态（2026-07-03）：PR1-PR9 全部完成。":                                                        true,
		"## Status: IMPLEMENTED":                                                              true,
		"Status: Phase 1 complete":                                                            false,
		"**Status**: ✅ COMPLETE - Ready for Task 6":                                           false,
		"**Status: ✅ MIGRATION COMPLETE** (with remaining cleanup tasks)":                     false,
		"Commit everything once all pending implementation tasks are complete.":               false,
		"- **Done when:** every runtime is run as non-root, and the entry above is executed.": false,
		"1. Fix the token limit ✅ COMPLETED":                                                  false,
		"## Phase 0: Publishing ✅ COMPLETED":                                                  false,
		"当前状态：P0 与 P1 全部完成；Phase 4 剩余项待推进。":                                                   false,
		"All tests are not yet complete.":                                                     false,
		"The RFC work (W0.1, W0.2) has been completed.":                                       false,
	} {
		p := Parse("p.md", []byte(plan(lines)))
		said := slices.ContainsFunc(msgs(p, Warning), func(w string) bool { return strings.Contains(w, "says the plan's work is done") })
		assert.Equal(t, want, said, lines)
	}
	// A report's section after the units: "## Outcome" opening with a
	// done word and a date.
	p := Parse("p.md", []byte(plan("")+"\n## Outcome\n\nExecuted 2026-08-11 on `main`. Eleven commits.\n"))
	assert.Contains(t, msgs(p, Warning), `17:1: this line says the plan's work is done ("Executed 2026-08-11 on main"), but 2 of its 2 units are not marked done, and they are read open; if the line is right, `+"`done: all`"+` reads them done`)
}

// TestSession29ReviewA pins what a helper's review of the statement of
// done and of `done: all` found read wrong, each mended.
func TestSession29ReviewA(t *testing.T) {
	said := func(src string) bool {
		return slices.ContainsFunc(msgs(Parse("p.md", []byte(src)), Warning), func(w string) bool { return strings.Contains(w, "says the plan's work is done") })
	}
	plan := func(line string) string {
		return "# Plan\n\n" + line + "\n\n## Phase 1: Build\n\n### Step 1.1: Parser\n\nWrite it.\n\n### Step 1.2: Printer\n\nWrite it.\n"
	}
	// Front matter: another value of done is another tool's, a warning;
	// a key with spaces or quotes is the key.
	for _, fm := range []string{"done: false", "done: 2026-05-01", "Done: Phase 1 parser"} {
		p := Parse("p.md", []byte("---\ntitle: Parser plan\n"+fm+"\n---\n"+plan("")))
		assert.Empty(t, msgs(p, Error), fm)
	}
	for _, fm := range []string{"done : all", "\"done\": all", "done: all  # shipped in v2"} {
		p := Parse("p.md", []byte("---\n"+fm+"\n---\n"+plan("")))
		assert.Equal(t, []string{"closed", "closed"}, statusValues(p), fm)
	}
	// A setting's key with spaces or quotes keeps broken YAML an error.
	for _, key := range []string{"prefix : web", "\"prefix\": web"} {
		p := Parse("p.md", []byte("---\n"+key+"\nnotes:\n  - `x()` no longer fails\n---\n"+plan("")))
		assert.NotEmpty(t, msgs(p, Error), key)
	}
	// A part named at the end or in brackets; a unit's own status
	// heading; a report's heading that is no report; progress figures;
	// conditions, plans and negations in Chinese, Japanese and Korean;
	// qualifiers naming a part; how the work is done, in the present;
	// negations next to punctuation.
	for _, src := range []string{
		plan("") + "\n## Status\n\nStatus: Done (Step 1.1)\n",
		plan("All tasks are complete for Phase 1."),
		"# Plan\n\nBuild it.\n\n## Phase 1: Build\n\n### Step 1.1: Parser\n\nWrite it.\n\n#### Status\n\nCompleted on 2026-05-01, merged to main.\n\n### Step 1.2: Printer\n\nWrite it.\n",
		plan("") + "\n## Expected Outcome\n\nAll phases are implemented and tested, and the service runs on Kubernetes.\n",
		plan("") + "\n## Test Results\n\nExecuted 2026-05-01 on CI: 3 failures in the printer.\n",
		plan("**Status:** 80% Complete"), plan("**7/9 COMPLETE**"), plan("**NEARLY COMPLETE**"), plan("**Definition of DONE**"),
		plan("") + "\n## Status\n\nCompleted 3 of 7 tasks.\n",
		plan("所有任务全部完成后，再运行集成测试。"), plan("计划下周全部完成。"), plan("目前并非全部完成。"),
		plan("작업이 모두 완료되지 않았습니다."), plan("すべて完了していない。"),
		plan("All backend tasks are complete; the frontend work continues."), plan("All Phase One tasks are complete."),
		plan("The database migration has been completed, so this plan starts from the new schema."),
		plan("**Status**: ✅ MVP Complete"),
		plan("All work is done on the `feature/auth` branch."), plan("Each task is implemented test-first."), plan("Make sure all setup tasks are complete."),
		plan("") + "\n## Status\n\nAll tasks are done (except the printer).\n",
	} {
		assert.False(t, said(src), src)
	}
	// What still says it.
	for _, src := range []string{plan("All implementation tasks below are complete."), plan("## ✅ ALL TASKS COMPLETED"), plan("Every step below was run against the live tenancy; the notes are in X.")} {
		assert.True(t, said(src), src)
	}
}

// A sentence that names the units from the lowest id to the highest as
// done ("T001–T004 are complete.") closes units with no mark of their own,
// and says so; one that names a part, or units that carry marks, do not.
func TestRangeOfIDsDone(t *testing.T) {
	src := "# Tasks: Export\n\n| ID | Task | Deps |\n|---|---|---|\n| T001 | Schema | — |\n| T002 | Writer | T001 |\n| T004 | Docs | T002 |\n| T003 | Tests | T002 |\n\n## Completion status\n\nT001–T004 are complete. Evidence is in `verify.md`.\n"
	p := Parse("p.md", []byte(src))
	assert.Equal(t, []string{"closed", "closed", "closed", "closed"}, statusValues(p))
	require.NotEmpty(t, p.Readings)
	assert.Equal(t, `"T001–T004 are complete" names the units first to last as done, and none carries a mark of its own: read done: 1.1, 1.2, 1.4, 1.3`, p.Readings[len(p.Readings)-1].Text)
	assert.Equal(t, 12, p.Readings[len(p.Readings)-1].Pos.Line)

	p = Parse("p.md", []byte(strings.Replace(src, "T001–T004 are complete", "T001–T002 are complete", 1)))
	assert.Equal(t, []string{"", "", "", ""}, statusValues(p))
	p = Parse("p.md", []byte(strings.Replace(src, "T001–T004 are complete", "T001–T004 are not complete", 1)))
	assert.Equal(t, []string{"", "", "", ""}, statusValues(p))
}

// A report section's heading whose value says done ("## PROJECT STATUS:
// ✅ COMPLETED" after the tasks) is a statement of done: the units stay as
// their marks say, warned, with `done: all` offered.
func TestReportHeadingSaysDone(t *testing.T) {
	src := "# Docs Plan\n\n### Task 1: Config docs\n\n- [ ] Step 1\n\n### Task 2: Session docs\n\n- [ ] Step 1\n\n## PROJECT STATUS: ✅ COMPLETED\n\nAll shipped.\n"
	p := Parse("p.md", []byte(src))
	assert.Contains(t, msgs(p, Warning), `11:1: this line says the plan's work is done ("PROJECT STATUS: ✅ COMPLETED"), but 2 of its 2 units are not marked done, and they are read open; if the line is right, `+"`done: all`"+` reads them done`)
	p = Parse("p.md", []byte(strings.Replace(src, "✅ COMPLETED", "in progress", 1)))
	assert.NotContains(t, strings.Join(msgs(p, Warning), "\n"), "says the plan's work is done")
}
