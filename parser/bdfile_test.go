package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deps returns each sprint's DependsOn ids, by sprint id.
func deps(p *Plan) map[string][]string {
	out := map[string][]string{}
	for _, s := range p.Sprints {
		var ids []string
		for _, r := range s.DependsOn {
			ids = append(ids, r.ID)
		}
		out[s.ID] = ids
	}
	return out
}

// msgs returns the diagnostics of severity sev as "LINE:COL: MSG".
func msgs(p *Plan, sev Severity) []string {
	var out []string
	for _, d := range p.Diags {
		if d.Severity == sev {
			out = append(out, d.Pos.String()+": "+d.Msg)
		}
	}
	return out
}

func TestBDMarkdownFields(t *testing.T) {
	src := "# Checkout\n\n## Add cart\nKeeps items.\n\nPer session.\n\n### Priority\nP1\n\n### Type\nenhancement\n\n" +
		"### Labels\ncart, backend api\n\n### Acceptance Criteria\n- [ ] Items survive\n- Totals\n\n" +
		"## Adapter\n\n### Description\nWrap it.\n\n### Design\nOne per provider.\n\n#### Detail\nstill design\n\n### Assignee\nbob\n\n### Dependencies\nAdd cart\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 2)
	a, b := p.Sprints[0], p.Sprints[1]
	assert.Equal(t, "Checkout", p.Title)
	assert.Equal(t, "Add cart", a.Title)
	assert.Equal(t, "Keeps items.\n\nPer session.", a.Description)
	assert.Equal(t, "1", a.Priority.Value)
	assert.Equal(t, "feature", a.Issue.Type.Value)
	assert.Equal(t, []string{"cart", "backend", "api"}, a.Labels)
	assert.Equal(t, "- [ ] Items survive\n- Totals", a.Issue.Acceptance)
	assert.Equal(t, []string{"Items survive", "Totals"}, a.Acceptance)
	assert.Equal(t, FormatBD, a.Issue.Format)
	assert.False(t, a.Priority.Set() && b.Priority.Set(), "the adapter states no priority")
	assert.Equal(t, "Wrap it.", b.Description)
	assert.Equal(t, "One per provider.\n\n#### Detail\nstill design", b.Issue.Design)
	assert.Equal(t, "bob", b.Issue.Assignee.Value)
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}}, deps(p))
	assert.True(t, a.DepsStated && b.DepsStated)
}

func TestBDKeyValue(t *testing.T) {
	src := "---\ntype: chore\nassignee: carol\nestimate: 30\npriority: 3\nlabels: [team-x]\n---\n" +
		"# Epic: Storage\n\n## Lock infrastructure\ntype: task\npriority: 1\nlabels: infra, db\nid: LOCK\n---\n\nBody text.\n\n" +
		"### Acceptance Criteria\n- [ ] locks\n\n---\n\n" +
		"## Send lock migration\ndeps: proj-LOCK, proj-NOPE\nstatus: done\n---\n\nMove send.\n\n" +
		"# Epic: Docs\n\n## Write docs\ndeps: Send lock migration\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Phases, 2)
	assert.Equal(t, "Epic: Storage", p.Phases[0].Title)
	require.Len(t, p.Sprints, 3)
	a, b, c := p.Sprints[0], p.Sprints[1], p.Sprints[2]
	assert.Equal(t, []string{"1.1", "1.2", "2.1"}, []string{a.ID, b.ID, c.ID})
	assert.Equal(t, "task", a.Issue.Type.Value)
	assert.Equal(t, "chore", b.Issue.Type.Value, "the front matter's type")
	assert.Equal(t, "carol", b.Issue.Assignee.Value)
	assert.Equal(t, 30, b.Issue.Estimate)
	assert.Equal(t, "1", a.Priority.Value)
	assert.False(t, b.Priority.Set(), "the front matter's priority is a setting")
	assert.Equal(t, 3, *p.Defaults.Priority)
	assert.Equal(t, []string{"team-x"}, p.Defaults.Labels)
	assert.Equal(t, "Body text.", a.Description)
	assert.Equal(t, "- [ ] locks", a.Issue.Acceptance)
	assert.Equal(t, "Move send.", b.Description)
	assert.Equal(t, StatusClosed, b.Status.Value)
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}, "2.1": {"1.2"}}, deps(p))
	assert.Equal(t, []string{`25:18: dependency "proj-NOPE" of "Send lock migration" names no issue of this file (by key, title or title words); it is left out`}, msgs(p, Warning))
}

// TestBDSymbolicKeys: symbolic keys find their issues by title words; an
// issue another key alone matches is left to it; a tie waits on all and
// says so; a partial match is a warning.
func TestBDSymbolicKeys(t *testing.T) {
	src := "# Region job: handle()\ntype: task\n---\n" +
		"# Region job: failed() handler\ntype: task\ndeps: p-REGION_JOB\n---\n" +
		"# Validation: onFail key\ntype: task\n---\n" +
		"# Add processParallelOnFail()\ntype: task\n---\n" +
		"# Tests\ntype: task\ndeps: p-REGION_JOB, p-JOB_FAILED, p-ONFAIL\n---\n" +
		"# Documentation: main page\ntype: task\n---\n" +
		"# Documentation: sidebar\ntype: task\ndeps: p-DOC_INDEX\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, map[string][]string{
		"1.1": nil, "1.2": {"1.1"}, "1.3": nil, "1.4": nil,
		"1.5": {"1.1", "1.2", "1.3", "1.4"}, "1.6": nil, "1.7": {"1.6"},
	}, deps(p))
	w := strings.Join(msgs(p, Warning), "\n")
	assert.Contains(t, w, `dependency "p-ONFAIL" of "Tests" matches 2 issues: 1.3 "Validation: onFail key" (line 8), 1.4 "Add processParallelOnFail()" (line 11); it waits on all of them`)
	assert.Contains(t, w, `dependency "p-DOC_INDEX" of "Documentation: sidebar" is read as 1.6 "Documentation: main page" (line 18), matching only some of its words`)
}

func TestBDShapeChoice(t *testing.T) {
	kv := "# A\ntype: task\n---\n# B\ntype: task\n---\n"
	t.Run("automatic", func(t *testing.T) {
		p := Parse("x.md", []byte(kv))
		require.Len(t, p.Sprints, 2)
		assert.Equal(t, []string{`1:1: no issue states its dependencies (deps: or ### Dependencies): the 2 issues are read in file order, one after another`}, msgs(p, Warning))
	})
	t.Run("format plan", func(t *testing.T) {
		p := Parse("x.md", []byte("---\nformat: plan\n---\n"+kv))
		assert.Empty(t, p.Sprints)
		assert.Empty(t, msgs(p, Warning), "format is read, not an unknown setting")
		assert.Contains(t, strings.Join(msgs(p, Error), "\n"), "x.md is not a plan")
	})
	t.Run("format bd without issues", func(t *testing.T) {
		p := Parse("x.md", []byte("---\nformat: bd\n---\n# Notes\ntext\n"))
		assert.Empty(t, p.Sprints)
		assert.Equal(t, []string{`1:1: format: bd, but the file has no issues in bd's shape: want "## Title" headings with "### Priority", "### Type", … sections, or headings followed by "type: task" / "priority: 1" lines`}, msgs(p, Error))
	})
	t.Run("a plan with sprints stays a plan", func(t *testing.T) {
		p := Parse("x.md", []byte("## Phase 1: A\n### Sprint 1.1: X\n- a\n\n## Notes\n\n### Type\nfeature\n"))
		require.Len(t, p.Sprints, 1)
		assert.Nil(t, p.Sprints[0].Issue)
	})
	t.Run("a design document is not bd's Markdown", func(t *testing.T) {
		// The shapes reader takes its Epic units; none is read as a bd issue.
		p := Parse("x.md", []byte("## Epic 1: Shell\n### Current State\nx\n### Design\ny\n### Config\nz\n## Epic 2: Chat\n### Design\nw\n"))
		require.Len(t, p.Sprints, 2)
		for _, s := range p.Sprints {
			assert.Nil(t, s.Issue, s.Title)
		}
	})
	t.Run("priority lines are not the key-value shape", func(t *testing.T) {
		// The shapes reader takes its Step units; none is read as a bd issue.
		p := Parse("x.md", []byte("## Step 1: A\nPriority: high\nStatus: done\n\n## Step 2: B\nPriority: low\n"))
		require.Len(t, p.Sprints, 2)
		for _, s := range p.Sprints {
			assert.Nil(t, s.Issue, s.Title)
		}
	})
	t.Run("one key-value heading among others", func(t *testing.T) {
		p := Parse("x.md", []byte("# A\ntype: task\n---\n# Notes\ntext\n"))
		assert.Empty(t, p.Sprints)
	})
	t.Run("format bd over a plan", func(t *testing.T) {
		p := Parse("x.md", []byte("---\nformat: bd\n---\n## Phase 1: A\n### Type\nfeature\n"))
		require.Len(t, p.Sprints, 1)
		assert.Equal(t, "Phase 1: A", p.Sprints[0].Title)
		assert.Empty(t, msgs(p, Warning))
	})
}

func TestBDBadValues(t *testing.T) {
	src := "# A\ntype: widget\npriority: high\nestimate: soon\ncolour: red\n---\n# B\ntype: task\ndeps: A, blocks:A, related:A\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{
		`2:1: issue type "widget" is not one of bd's (bug, feature, task, epic, chore, decision, spike, story, milestone): the bead gets architect's own type (bd would make it a task)`,
		`3:1: priority "high" of "A": want 0-4 or P0-P4; the default is used`,
		`4:1: estimate "soon" of "A": want a number of minutes`,
		`5:1: key "colour" of issue "A" is not one architect reads (type, priority, labels, estimate, deps, assignee, id, status); it is ignored`,
		`9:20: dependency "related:A" of "B" is a related link: architect writes only blocks dependencies, so it is left out`,
	}, msgs(p, Warning))
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1", "1.1"}}, deps(p))
}

func TestBDKeyHelpers(t *testing.T) {
	assert.Equal(t, [][]string{{"process", "parallel", "on", "done"}, {"from"}, {"http", "server", "2"}}, titleTokens("processParallelOnDone() from HTTPServer2"))
	assert.Equal(t, []string{"lock", "infra"}, keyWords("LOCK_INFRA"))
	assert.Equal(t, "event-machine-", commonDashPrefix([]string{"event-machine-A_B", "event-machine-C"}))
	assert.Equal(t, "x-", commonDashPrefix([]string{"x-LOCK_INFRA"}))
	assert.Equal(t, "", commonDashPrefix([]string{"LOCK"}))
	assert.Equal(t, 2, matchTitleWord(titleTokens("processParallelOnDone"), "ondone"))
	assert.Equal(t, 1, matchTitleWord(titleTokens("Infrastructure"), "infra"))
	assert.Equal(t, 0, matchTitleWord(titleTokens("finally block"), "lock"))
	assert.Equal(t, []int{1, 0, 4, -1, -1}, []int{bdPriority("P1"), bdPriority("0"), bdPriority("4 (low)"), bdPriority("5"), bdPriority("high")})
	assert.Equal(t, "a\n\nb", trimRules("---\n\na\n\nb\n\n---\n"))
}

// TestBDWordIndex: the resolver's word index scores every title word as
// matchTitleWord, the plain definition, does.
func TestBDWordIndex(t *testing.T) {
	titles := []string{"processParallelOnDone() from HTTPServer2", "Lock Infrastructure", "finally block", "@fail event tests", "Edge case: job failure"}
	var units []*bdUnit
	for i, title := range titles {
		units = append(units, &bdUnit{s: &Sprint{ID: fmt.Sprint(i), Title: title}})
	}
	r := newKeyResolver(units)
	for i, title := range titles {
		for _, w := range []string{"process", "ondone", "parallelon", "http", "server2", "server", "2", "lock", "infra", "infrastructure", "fail", "failure", "fai", "block", "tests", "test", "job", "edge", "xyz"} {
			want := matchTitleWord(titleTokens(title), w)
			got := 0
			if hasSorted(r.whole[w], i) {
				got = 2
			} else if hasSorted(r.starts[w], i) {
				got = 1
			}
			assert.Equal(t, want, got, "%q in %q", w, title)
		}
	}
}

// TestBDExternalDeps: a dependency that names no issue of the file but a
// bead ("bd-a3f8e9", a child "x-abc.2") waits on that bead, as bd's own
// files do; a name that is no bead id is a warning.
func TestBDExternalDeps(t *testing.T) {
	p := Parse("x.md", []byte("## A\n### Type\ntask\n### Dependencies\nbd-a3f8e9, proj-abc.2, add-cart-service\n"))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 1)
	var ext []string
	for _, f := range p.Sprints[0].Issue.External {
		ext = append(ext, f.Value)
	}
	assert.Equal(t, []string{"bd-a3f8e9", "proj-abc.2"}, ext)
	assert.Equal(t, []string{`5:24: dependency "add-cart-service" of "A" names no issue of this file (by key, title or title words); it is left out`}, msgs(p, Warning))
}

// matchTitleWord is the plain definition the resolver's word index must agree
// with (TestBDWordIndex).
// It scores word w against a title's tokens: 2 when a token, or a
// run of a token's parts, is w; 1 when one starts with w; 0 otherwise.
func matchTitleWord(tokens [][]string, w string) int {
	best := 0
	for _, parts := range tokens {
		for i := range parts {
			run := ""
			for j := i; j < len(parts); j++ {
				run += parts[j]
				if run == w {
					return 2
				}
			}
			if len(w) >= 3 && strings.HasPrefix(run, w) {
				best = 1
			}
		}
	}
	return best
}
