package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile input: each case gives a clean, positioned error. Time is
// measured by BenchmarkHostile, never asserted here.

const sprintHead = "## Phase 1: A\n### Sprint 1.1: B\n"

func TestHostileMillionCharHeading(t *testing.T) {
	for _, title := range []string{strings.Repeat("a", 1_000_000), strings.Repeat("[a](", 250_000)} {
		src := "## Phase 1: A\n### Sprint 1.1: " + title + "\n- c\n"
		p := Parse("p.md", []byte(src))
		assert.Equal(t, fmt.Sprintf("p.md:2:1: error: line is %d bytes long; plan lines are limited to 16 KiB", len(title)+16), p.Diags.Error())
		assert.Empty(t, p.Sprints)
	}
	// A line of exactly MaxLineLen bytes is fine.
	title := strings.Repeat("a", MaxLineLen-16)
	p := Parse("p.md", []byte("## Phase 1: A\n### Sprint 1.1: "+title+"\r\n- c\n"))
	require.Empty(t, p.Diags)
	assert.Equal(t, title, p.Sprints[0].Title)
}

func TestHostileDeepNesting(t *testing.T) {
	for name, tc := range map[string]struct{ body, want string }{
		"block quotes": {strings.Repeat(">", 5000) + " x\n",
			"p.md:3:1: error: lists and block quotes nested 5000 deep; plans are limited to 64 levels"},
		"spaced block quotes": {strings.Repeat("> ", 5000) + "x\n",
			"p.md:3:1: error: lists and block quotes nested 5000 deep; plans are limited to 64 levels"},
		"lists on one line": {strings.Repeat("- ", 5000) + "x\n",
			"p.md:3:1: error: lists and block quotes nested 5000 deep; plans are limited to 64 levels"},
		"ordered lists": {strings.Repeat("1. ", 3000) + "x\n",
			"p.md:3:1: error: lists and block quotes nested 3000 deep; plans are limited to 64 levels"},
		"quotes and lists": {strings.Repeat("> - ", 2000) + "x\n",
			"p.md:3:1: error: lists and block quotes nested 4000 deep; plans are limited to 64 levels"},
	} {
		p := Parse("p.md", []byte(sprintHead+tc.body))
		assert.Equal(t, tc.want, p.Diags.Error(), name)
		assert.Empty(t, p.Sprints, name)
	}

	// Lists nested by indentation, one level a line: the first line past
	// the limit is reported, and four more after it.
	var b strings.Builder
	b.WriteString(sprintHead)
	for i := 0; i < 2000; i++ {
		b.WriteString(strings.Repeat("  ", i) + "- x\n")
	}
	p := Parse("p.md", []byte(b.String()))
	var want []string
	for line := 67; line < 72; line++ { // line 3+i: 2i blanks, a marker and a blank: 1+i levels
		want = append(want, fmt.Sprintf("p.md:%d:1: error: lists and block quotes nested %d deep; plans are limited to 64 levels", line, line-2))
	}
	assert.Equal(t, strings.Join(want, "\n"), p.Diags.Error())

	// Nesting a person writes is fine, and so is an item indented far
	// under a list (a real Cursor plan's "1." after 320 blanks): blanks
	// open no container, only markers do.
	p = Parse("p.md", []byte(sprintHead+"- a\n  - b\n    - c\n      - d\n> - e\n> > f\n"))
	assert.Empty(t, p.Diags)
	p = Parse("p.md", []byte(sprintHead+"- should:\n\n"+strings.Repeat(" ", 320)+"1. Update the table\n"))
	assert.Empty(t, p.Diags)
}

func TestNestingEstimate(t *testing.T) {
	for line, want := range map[string]int{
		"x": 0, "- x": 1, "> x": 1, "> > x": 3, "- - - x": 4, "  - x": 2, "\t- x": 3, "1. x": 1, "1) x": 1,
		"12345678901. x": 0, "-x": 0, "*emph*": 0, "---": 0, "- ": 1, "-": 1, ">": 1, ">>>x": 3, "1.": 1,
		"    code": 0, "** bold": 0, "+ x\r\n": 1,
	} {
		_, depth := nesting([]byte(line))
		assert.Equal(t, want, depth, "%q", line)
	}
}

func TestHostileBinary(t *testing.T) {
	for name, tc := range map[string]struct{ src, want string }{
		"NUL in a heading": {"## Phase 1: A\x00\n### Sprint 1.1: B\n- c\n",
			"p.md:1:14: error: NUL byte: this is a binary file, not a Markdown plan"},
		"NUL in front matter": {"---\nprefix: a\x00b\n---\n" + sprintHead + "- c\n",
			"p.md:2:10: error: NUL byte: this is a binary file, not a Markdown plan"},
		"invalid UTF-8 in a title": {"## Phase 1: A\n### Sprint 1.1: Caf\xe9\n- c\n",
			"p.md:2:20: error: invalid UTF-8 (byte 0xe9): plans must be UTF-8 text"},
		"a truncated sequence at the end": {sprintHead + "- c \xe2\x82",
			"p.md:3:5: error: invalid UTF-8 (byte 0xe2): plans must be UTF-8 text"},
		"UTF-16": {"\xff\xfe#\x00#\x00\n\x00",
			"p.md:1:1: error: invalid UTF-8 (byte 0xff): plans must be UTF-8 text\np.md:2:1: error: NUL byte: this is a binary file, not a Markdown plan"},
	} {
		p := Parse("p.md", []byte(tc.src))
		assert.Equal(t, tc.want, p.Diags.Error(), name)
		assert.Empty(t, p.Sprints, name)
	}

	// A file of nothing but NUL bytes: five errors, not millions.
	p := Parse("p.md", make([]byte, 1<<20))
	assert.Equal(t, strings.TrimSuffix(strings.Repeat("p.md:1:1: error: NUL byte: this is a binary file, not a Markdown plan\n", 1), "\n")+
		"\np.md:1:2: error: NUL byte: this is a binary file, not a Markdown plan"+
		"\np.md:1:3: error: NUL byte: this is a binary file, not a Markdown plan"+
		"\np.md:1:4: error: NUL byte: this is a binary file, not a Markdown plan"+
		"\np.md:1:5: error: NUL byte: this is a binary file, not a Markdown plan", p.Diags.Error())
}

// TestHostileAliasBomb: YAML front matter with a "billion laughs" alias
// bomb is refused by type, without expanding it.
func TestHostileAliasBomb(t *testing.T) {
	for _, key := range []string{"labels", "qa_agents", "prefix"} {
		var b strings.Builder
		b.WriteString("---\nx0: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
		prev := "a"
		for i := 1; i <= 9; i++ {
			name := fmt.Sprintf("b%d", i)
			fmt.Fprintf(&b, "x%d: &%s [%s*%s]\n", i, name, strings.Repeat("*"+prev+",", 8), prev)
			prev = name
		}
		b.WriteString(key + ": *" + prev + "\n---\n" + sprintHead + "- c\n")
		p := Parse("p.md", []byte(b.String()))
		// The anchors' keys are unknown settings (warnings); the key under
		// test meets a list where it wants a single value or an item, and
		// as the anchors' keys outnumber the settings, the front matter is
		// another tool's too: the value is a warning, and ignored.
		want := map[string]string{
			"prefix":    "p.md:11:5: warning: settings: prefix: want a single value, not a list",
			"labels":    "p.md:10:5: warning: settings: labels: want a single value, not a list",
			"qa_agents": "p.md:11:10: warning: settings: qa_agents entry 1: want `name` (model) - prompt, or name/model/prompt keys",
		}[key]
		assert.Empty(t, p.Diags.Errors(), key)
		assert.Len(t, p.Diags.Warnings(), 11, key)
		assert.Contains(t, strings.Split(p.Diags.String(), "\n"), want+"; ignored: the front matter is shared with other tools (x0, x1, x2 and 7 more)", key)
	}
}

// TestHostileEmptyTitle is the first crasher FuzzCompile found: a sprint
// heading with nothing after the colon used to compile to a bead with an
// empty title, which the schema refuses. The heading, its marks aside,
// is the title now, with a warning at its line (heldout128 3091: "###
// Sprint 2.1 (Week 1-2) ✅ COMPLETE" stopped the whole plan).
func TestHostileEmptyTitle(t *testing.T) {
	for _, src := range []string{"## Phase 1: A\n### Sprint 1.1:\n- c\n", "## Phase 1: A\n### Sprint 1.1: (Parallel)\n- c\n", "## Phase 1: A\n### Sprint 1.1 (Week 1-2) ✅ COMPLETE\n- c\n"} {
		p := Parse("p.md", []byte(src))
		assert.Empty(t, p.Diags.Errors(), src)
		require.Len(t, p.Sprints, 1, src)
		assert.Equal(t, "Sprint 1.1", p.Sprints[0].Title, src)
		assert.Contains(t, strings.Split(p.Diags.String(), "\n"), `p.md:2:1: warning: sprint 1.1 has no title after its id: its heading "Sprint 1.1" is its title; write one after a colon, like "Sprint 1.1: Setup"`, src)
	}
	// The fuzzer's own input (emit/testdata/fuzz/FuzzCompile): "PhAse 1
	// 0000" runs on into prose, so it is no phase heading.
	p := Parse("p.md", []byte(" # PhAse 1 0000\n ## Sprint 1.0"))
	assert.Equal(t, `p.md:1:1: error: p.md is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like "## Phase 1: Title" and "### Sprint 1.1: Title", or another shape of docs/plan-shapes.md); the lines that look like units, and what each needs: line 1 "PhAse 1 0000" (a colon after the id and a title); line 2 "Sprint 1.0" (it is outside any phase section: put it under a "## Phase N: Title" heading)`, p.Diags.Error())
	p = Parse("p.md", []byte(" # PhAse 1\n ## Sprint 1.0"))
	assert.Empty(t, p.Diags.Errors())
	require.Len(t, p.Sprints, 1)
	assert.Equal(t, "Sprint 1.0", p.Sprints[0].Title)
}

// TestHostileSettingsAgents is FuzzCompile's second crasher: a default QA
// agent without a name (here an anchor on an empty entry) gave the agent
// path ".claude/agents/", which the schema refuses. Agent names and labels
// in the settings are checked as the plan's own are.
func TestHostileSettingsAgents(t *testing.T) {
	p := Parse("p.md", []byte("---\n#000000000\nqa_agents:\n  - &00000:\n---\n # PhAse 3b\n ## Sprint 3b.0 0"))
	assert.Equal(t, `p.md:4:5: error: settings: qa_agents entry 1: unknown key "" (want name, model, prompt)`, p.Diags.Error())

	p = Parse("p.md", []byte("---\ndev_agent: ../../bin/sh\nmerge_agent: a/b\nscrum_master: ok-name\nqa_agents:\n  - name: x..y\nlabels: [a, \"\"]\n---\n"+sprintHead+"- c\n"))
	assert.Equal(t, `p.md:2:1: error: settings: dev_agent "../../bin/sh": want a file name like python-backend-dev`+"\n"+
		`p.md:3:1: error: settings: merge_agent "a/b": want a file name like python-backend-dev`+"\n"+
		`p.md:6:5: error: settings: qa_agents name "x..y": want a file name like python-backend-dev`+"\n"+
		`p.md:7:13: error: settings: labels holds an empty item`, p.Diags.Error())
}
