package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// epicsOf returns each phase as "ID title: sprint ids", an epic's title
// marked with "epic ".
func epicsOf(p *Plan) []string {
	var out []string
	for _, ph := range p.Phases {
		s := ph.ID + " "
		if ph.Epic != nil {
			s += "epic " + ph.Epic.Title
		} else {
			s += ph.Title
		}
		s += ":"
		for _, sp := range ph.Sprints {
			s += " " + sp.ID + " " + sp.Title + ";"
		}
		out = append(out, s)
	}
	return out
}

func TestBDKeyValueEpics(t *testing.T) {
	src := "---\ntype: task\n---\n# Shop\n\n" +
		"# Epic: Storage\ntype: epic\npriority: 0\nlabels: storage, db\nid: STORE\nassignee: ann\n---\n\nWhere things live.\n\n" +
		"## Lock\npriority: 1\nlabels: lock\n---\n\nThe lock.\n\n" +
		"## Table\ndeps: Lock\n---\n\n" +
		"# Epic: Pay\nlabels: pay\ndeps: STORE\n---\n\n" +
		"## Gateway\ntype: feature\n---\n\n" +
		"## Receipts\ndeps: Gateway, parent-child:Epic: Pay\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "Shop", p.Title)
	assert.Equal(t, []string{"1 epic Epic: Storage: 1.1 Lock; 1.2 Table;", "2 epic Epic: Pay: 2.1 Gateway; 2.2 Receipts;"}, epicsOf(p))
	ep := p.Phases[0].Epic
	assert.Equal(t, "Where things live.", ep.Description)
	assert.Equal(t, "0", ep.Priority.Value)
	assert.Equal(t, []string{"storage", "db"}, ep.Labels)
	assert.Equal(t, "STORE", ep.Key)
	assert.Equal(t, "ann", ep.Assignee.Value)
	assert.True(t, ep.Stated)
	assert.Equal(t, 6, ep.Heading.Pos.Line)
	// The epic's deps are its children's: each waits on the epic it names,
	// which is its issues.
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}, "2.1": {"1.1", "1.2"}, "2.2": {"2.1", "1.1", "1.2"}}, deps(p))
	// The children keep the front matter's type; the epics take none of it.
	assert.Equal(t, "task", p.Sprints[0].Issue.Type.Value)
	assert.Equal(t, "feature", p.Sprints[2].Issue.Type.Value)
	assert.Contains(t, msgs(p, Info), "29:7: epic \"Epic: Pay\" states dependencies: each of its 2 issues waits on them (bd holds an epic's children while the epic is blocked)")
	assert.Contains(t, msgs(p, Info), "37:16: dependency \"parent-child:Epic: Pay\" of \"Receipts\" names its own epic, which is its parent already")
	assert.Empty(t, msgs(p, Warning))
}

// Two level-1 headings with issues under them are both epics, the first
// too: neither names the file.
func TestBDKeyValueTwoGroupsAreEpics(t *testing.T) {
	src := "# Storage\n\n## Lock\ntype: task\n---\n\n# Payments\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "", p.Title)
	assert.Equal(t, []string{"1 epic Storage: 1.1 Lock;", "2 epic Payments: 2.1 Gateway;"}, epicsOf(p))
	assert.False(t, p.Phases[0].Epic.Stated, "a heading that states nothing is an epic by its children")
}

// A file whose only group heading is its title has no epic, as before.
func TestBDKeyValueTitleIsNoEpic(t *testing.T) {
	src := "# Shop\n\n## Lock\ntype: task\n---\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "Shop", p.Title)
	assert.Equal(t, []string{"1 Shop: 1.1 Lock; 1.2 Gateway;"}, epicsOf(p))
}

// An issue whose own type is epic is an epic: the issues after it are its
// children, up to the next epic. The file's phase it leaves empty goes.
func TestBDKeyValueEpicTypedIssue(t *testing.T) {
	src := "# Shop\n\n## Storage\ntype: epic\npriority: 2\n---\n\nAll storage.\n\n## Lock\ntype: task\n---\n\n" +
		"## Payments\ntype: epic\n---\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1 epic Storage: 1.1 Lock;", "2 epic Payments: 2.1 Gateway;"}, epicsOf(p))
	assert.Equal(t, "All storage.", p.Phases[0].Epic.Description)
	assert.Equal(t, "2", p.Phases[0].Epic.Priority.Value)
	assert.Len(t, p.Sprints, 2)
}

// A type other than epic on a heading above the issues is left out, with a
// warning; front matter's type: epic is refused.
func TestBDKeyValueEpicTypeWarnings(t *testing.T) {
	src := "---\ntype: epic\n---\n# A\ntype: task\n---\n\n## One\ntype: task\n---\n\n# B\n\n## Two\ntype: task\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1 epic A: 1.1 One;", "2 epic B: 2.1 Two;"}, epicsOf(p))
	assert.Equal(t, []string{
		"2:7: type epic as every issue's default would make each issue an epic of its own; it is left out (write type: epic under an epic's heading)",
		"5:1: \"A\" is a heading above the issues, so it is an epic; its type \"task\" is left out",
	}, msgs(p, Warning)[:2])
}

// bd's Markdown: level-1 headings over "##" issues are epics when two or
// more have issues, or when one starts with "Epic"; "###" sections under an
// epic heading are its fields.
func TestBDMarkdownEpics(t *testing.T) {
	src := "# Checkout\n\n# Epic: Cart\nThe cart.\n\n### Priority\n0\n\n### Labels\ncart\n\n" +
		"## Add cart\n\n### Type\nfeature\n\n## Cart totals\n\n### Dependencies\nAdd cart\n\n" +
		"# Epic: Pay\n\n## Adapter\n\n### Type\ntask\n\n### Dependencies\nEpic: Cart\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "Checkout", p.Title)
	assert.Equal(t, []string{"1 epic Epic: Cart: 1.1 Add cart; 1.2 Cart totals;", "2 epic Epic: Pay: 2.1 Adapter;"}, epicsOf(p))
	ep := p.Phases[0].Epic
	assert.Equal(t, "The cart.", ep.Description)
	assert.Equal(t, "0", ep.Priority.Value)
	assert.Equal(t, []string{"cart"}, ep.Labels)
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}, "2.1": {"1.1", "1.2"}}, deps(p))
	assert.Empty(t, msgs(p, Warning))
}

// A bd Markdown file with one title heading reads as before: no epic.
func TestBDMarkdownNoEpic(t *testing.T) {
	src := "# Checkout\n\n## Add cart\n\n### Type\nfeature\n\n## Adapter\n\n### Type\ntask\n\n### Dependencies\nAdd cart\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1 Checkout: 1.1 Add cart; 1.2 Adapter;"}, epicsOf(p))
}

// Plans in the beads-ralph grammar never have epics.
func TestPlanPhasesAreNoEpics(t *testing.T) {
	src := "# Plan\n\n## Phase 1: Epic things\n\n### Sprint 1.1: A\n\n**Tasks**:\n- do a\n\n### Sprint 1.2: B\n\n**Tasks**:\n- do b\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Phases, 1)
	assert.Nil(t, p.Phases[0].Epic)
}

// A dep that names an epic with no issues is left out, with a warning; a
// heading with neither issues nor fields is no epic, so naming it is
// naming nothing.
func TestBDEpicWithoutIssues(t *testing.T) {
	src := "# Epic: Later\ntype: epic\n---\n\n# Epic: Now\n\n## Lock\ntype: task\ndeps: Epic: Later\n---\n\n## Table\ntype: task\ndeps: Lock\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1 epic Epic: Later:", "2 epic Epic: Now: 2.1 Lock; 2.2 Table;"}, epicsOf(p))
	assert.Equal(t, []string{"9:7: dependency \"Epic: Later\" of \"Lock\" names epic \"Epic: Later\" (line 1), which has no issues; it is left out"}, msgs(p, Warning))
}

// In bd's Markdown an issue of "### Type" epic is an epic too, its
// sections its fields, the issues after it its children.
func TestBDMarkdownEpicTypedIssue(t *testing.T) {
	src := "# Checkout\n\n## Cart\nAll of the cart.\n\n### Type\nepic\n\n### Priority\nP1\n\n" +
		"## Add cart\n\n### Type\nfeature\n\n## Totals\n\n### Type\ntask\n\n### Dependencies\nadd-cart\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, "Checkout", p.Title)
	assert.Equal(t, []string{"1 epic Cart: 1.1 Add cart; 1.2 Totals;"}, epicsOf(p))
	ep := p.Phases[0].Epic
	assert.Equal(t, "All of the cart.", ep.Description)
	assert.Equal(t, "1", ep.Priority.Value)
	assert.True(t, ep.Stated)
	assert.Equal(t, map[string][]string{"1.1": nil, "1.2": {"1.1"}}, deps(p))
	assert.Empty(t, msgs(p, Warning))
}

// An epic heading with no title groups its issues but makes no epic.
func TestBDEpicWithoutTitle(t *testing.T) {
	p := Parse("x.md", []byte("# Shop\n#\n## Lock\n### Type\ntask\n"))
	require.Empty(t, msgs(p, Error))
	require.Len(t, p.Sprints, 1)
	assert.Nil(t, p.Sprints[0].Phase.Epic)
	assert.Contains(t, msgs(p, Warning), "2:1: epic heading has no title: it groups the issues under it, but no epic bead is made for it")
}

// Headings that say "type: epic" do not count for the issues' level: two
// epics over one issue each are read as epics, not as two issues whose
// bodies hold the others.
func TestBDKeyValueEpicsDoNotSetTheLevel(t *testing.T) {
	src := "# Storage\ntype: epic\n---\n\n## Lock\ntype: task\n---\n\n# Payments\ntype: epic\n---\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"
	p := Parse("x.md", []byte(src))
	require.Empty(t, msgs(p, Error))
	assert.Equal(t, []string{"1 epic Storage: 1.1 Lock;", "2 epic Payments: 2.1 Gateway;"}, epicsOf(p))
	assert.Equal(t, map[string][]string{"1.1": nil, "2.1": {"1.1"}}, deps(p))
}
