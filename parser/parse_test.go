package parser

import (
	"regexp"
	"testing"

	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHeadingOffsets(t *testing.T) {
	src := "# T\r\n\r\n## Phase 1: A\r\n\r\n### Sprint 1.1: First  \r\n<!-- beads-ralph: bd-abc123 -->\r\n- a\r\n\r\nSprint 1.2: Setext\r\n---\r\n- b"
	p := Parse("p.md", []byte(src))
	require.Empty(t, p.Diags.Errors())
	// A setext sprint heading is level 2, the phase level: it is read as a
	// sprint of the phase, with a warning.
	assert.Equal(t, `p.md:9:1: warning: "Sprint 1.2: Setext" is a level 2 heading, the level of phase headings; read as a sprint of Phase 1 (line 3). Write it one level deeper than the phase`, p.Diags.Warnings().String())
	require.Len(t, p.Sprints, 2)
	s := p.Sprints[0]
	assert.Equal(t, "First", s.Title)
	assert.Equal(t, Pos{Line: 5, Col: 1, Offset: 24}, s.Heading.Pos)
	assert.Equal(t, "### Sprint 1.1: First  \r\n", src[s.Heading.Start:s.Heading.End])
	require.NotNil(t, s.Annotation)
	assert.Equal(t, "bd-abc123", s.Annotation.ID)
	assert.Equal(t, "<!-- beads-ralph: bd-abc123 -->\r\n", src[s.Annotation.Start:s.Annotation.End])
	assert.Equal(t, "Sprint 1.2: Setext\r\n---\r\n", src[p.Sprints[1].Heading.Start:p.Sprints[1].Heading.End])
}

func TestLastLineHeading(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: Last"
	p := Parse("p.md", []byte(src))
	require.Len(t, p.Sprints, 1)
	assert.Equal(t, len(src), p.Sprints[0].Heading.End)
	assert.Equal(t, []string{"Last"}, p.Sprints[0].Tasks)
	assert.True(t, p.Sprints[0].TasksFromTitle)
}

func TestSkipped(t *testing.T) {
	src := "## Phase 1: A\n### ~~Sprint 1.1: Gone~~ (SKIPPED)\n### Sprint 1.2: Kept ~~old~~ name\n- a\n## ~~Phase 2: Old~~\n### Sprint 2.1: X\n- b\n"
	p := Parse("p.md", []byte(src))
	require.Empty(t, p.Diags)
	require.Len(t, p.Sprints, 1)
	assert.Equal(t, "Kept old name", p.Sprints[0].Title)
	require.Len(t, p.Skipped, 2)
	assert.Equal(t, "1.1", p.Skipped[0].ID)
	assert.Equal(t, "Gone", p.Skipped[0].Title)
	assert.Equal(t, "2.1", p.Skipped[1].ID)
}

func TestFrontMatterErrors(t *testing.T) {
	p := Parse("p.md", []byte("---\nprefix: x\nbogus: 1\n---\n## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	assert.Equal(t, "p.md:3:1: warning: settings: unknown setting \"bogus\" is ignored (settings: "+settingKeys+")", p.Diags.String())

	p = Parse("p.md", []byte("---\npriority: [1]\ncreated: someday\ndev_model: gpt-4\nqa_agents: x\n---\n## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	assert.Equal(t, "p.md:2:11: error: settings: priority: want a single value, not a list\n"+
		"p.md:3:1: error: settings: created \"someday\": want a date like 2026-03-03 or March 3, 2026\n"+
		"p.md:4:1: error: settings: dev_model \"gpt-4\": beads-ralph runs sonnet, opus or haiku\n"+
		"p.md:5:12: error: settings: qa_agents: want a list of agents, not a single value", p.Diags.String())

	p = Parse("p.md", []byte("---\nprefix: x\n## Phase 1: A\n"))
	assert.Equal(t, "p.md:1:1: error: front matter starts with --- but has no closing --- line", p.Diags.Error())
}

func TestBinaryInput(t *testing.T) {
	p := Parse("p.md", []byte("## Phase 1\x00\n\xff\xfe\n"))
	assert.Equal(t, "p.md:1:11: error: NUL byte: this is a binary file, not a Markdown plan\n"+
		"p.md:2:1: error: invalid UTF-8 (byte 0xff): plans must be UTF-8 text", p.Diags.Error())
	assert.Empty(t, p.Sprints)
}

func TestValidBeadID(t *testing.T) {
	for id, ok := range map[string]bool{
		"bd-a3f8": true, "proj-x9k2q1": true, "my_proj-abc": true, "bd-a3f8.1": true, "a-b-c": true,
		"bd": false, "bd-": false, "-bd": false, "bd--x": false, "bd-x -->": false, "bd-x>": false,
		"bd-1.2.x": false, "": false, "bd x": false,
	} {
		assert.Equal(t, ok, ValidBeadID(id), id)
	}
}

// TestSplitIDs holds splitSprintID and splitNum to the regular expressions
// that define sprint and phase ids, on every string of up to six
// characters from an alphabet that touches each part of them.
func TestSplitIDs(t *testing.T) {
	sprintRE := regexp.MustCompile(`^([0-9]+[a-z]*)\.([0-9]+)([a-z]*)$`)
	numRE := regexp.MustCompile(`^([0-9]+)([a-z]*)$`)
	const alphabet = "09az.A-"
	ids := append([]string{"", "12a.34bc", "3a.2b", "1.1", "１.1", "1.1é", "3a", "3é"}, plangen.Strings(alphabet, 6)...)
	sprints, nums := 0, 0
	for _, id := range ids {
		phase, num, letters, ok := splitSprintID(id)
		m := sprintRE.FindStringSubmatch(id)
		require.Equal(t, m != nil, ok, "sprint id %q", id)
		if ok {
			sprints++
			require.Equal(t, m[1:], []string{phase, num, letters}, "%q", id)
		}
		num, letters, ok = splitNum(id)
		m = numRE.FindStringSubmatch(id)
		require.Equal(t, m != nil, ok, "phase id %q", id)
		if ok {
			nums++
			require.Equal(t, m[1:], []string{num, letters}, "%q", id)
		}
	}
	t.Logf("%d strings: %d sprint ids, %d phase ids", len(ids), sprints, nums)
	require.Equal(t, 839, sprints, "sprint ids")
	require.Equal(t, 643, nums, "phase ids")
}

// TestFrontMatterForms: front matter takes the values the plan's own fields
// take, and passes over keys that describe the document.
func TestFrontMatterForms(t *testing.T) {
	p := Parse("p.md", []byte("---\ntitle: Billing\nauthor: Jane\npriority: P0\nlabels: a, b\ncreated: March 3rd, 2025\n"+
		"dev_model: Claude Opus 4\nqa_agents:\n  - \"`qa-api` (haiku) - check the API\"\n  - name: qa-ui.md\n---\n"+
		"## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	require.Empty(t, p.Diags.String())
	d := p.Defaults
	require.NotNil(t, d.Priority)
	assert.Equal(t, 0, *d.Priority)
	assert.Equal(t, []string{"a", "b"}, d.Labels)
	assert.Equal(t, "2025-03-03", d.Created)
	assert.Equal(t, "opus", d.DevModel)
	assert.Equal(t, []QAAgent{{Name: "qa-api", Model: "haiku", Prompt: "check the API"}, {Name: "qa-ui"}}, d.QAAgents)

	p = Parse("p.md", []byte("**Created**: March 3, 2025\n\n## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	assert.Equal(t, "2025-03-03", p.Defaults.Created)
	p = Parse("p.md", []byte("**Created**: the third of March\n\n## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	// One value that does not read is a warning at its line, not the refusal
	// of the plan: the plan keeps no created date.
	assert.Equal(t, `p.md:1:1: warning: "**Created**: the third of March" is read as prose, not as the plan's created (a date like 2026-03-03 or March 3, 2026)`, p.Diags.String())
}
