package parser_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// FuzzHeadingsAccounted: in a plan the compiler accepts (no error from the
// parser or the planner), no phase or sprint vanishes silently. Every
// heading, at any depth of the document (inside list items and block quotes
// too), whose plain text, after leading emoji, punctuation and spaces,
// starts with "Sprint <digit>" or "Phase <digit>" (ASCII case-insensitive)
// is a compiled phase or sprint, a skipped one, or named by a diagnostic of
// any severity (info included) on one of its lines.
//
// The headings are found with goldmark alone, not through the parser, so
// the property does not share the parser's reading of what a heading is.
//
//	go test ./parser -run '^$' -fuzz '^FuzzHeadingsAccounted$' -fuzztime 3m
func FuzzHeadingsAccounted(f *testing.F) {
	files, err := filepath.Glob("../testdata/plans/*.md")
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"## Phase 1: A\n### Sprint 1.1: B\n- x\n## Sprint 1.2: C\n- y\n### Sprint 1.3: D\n- z\n",
		"## Phase 1: A\n### Sprint 1.1: B\n- x\n\nSprint 1.2: C\n---\n- y\n",
		"# Plan\n## Overview\n### Phase 3 Scope Change\n#### Sprint 3.9: Dropped\n## Phase 1: A\n### Sprint 1.1: B\n- x\n",
		"## Phase 1: A\n### Sprint 1.1: B\n- x\n## Completion Log\n### Phase 1: A ✅\n#### Sprint 1.1: B ✅\n",
		"## 🚀 Phase 1: A\n### ✅ Sprint 1.1: B\n- x\n### Sprint 1.2. C\n- y\n",
		"## Phase 1: A\n> ### Sprint 1.1: B\n### Sprint 1.2: C\n- y\n",
		"## Phase 1: A\n- ### Sprint 1.1: B\n### Sprint 1.2: C\n- y\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p := parser.Parse("p.md", src)
		if p.Diags.HasErrors() {
			return
		}
		g := planner.Build(p)
		if g.Diags.HasErrors() {
			return
		}
		diagLines := map[int]bool{}
		for _, ds := range []parser.Diagnostics{p.Diags, g.Diags} {
			for _, d := range ds {
				diagLines[d.Pos.Line] = true
			}
		}
		read := map[int]bool{} // first lines of the headings read as a phase or sprint
		for _, ph := range p.Phases {
			read[ph.Heading.Pos.Line] = true
		}
		for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
			for _, s := range list {
				read[s.Heading.Pos.Line] = true
			}
		}
		for _, h := range keywordHeadings(src) {
			if read[h.first] {
				continue
			}
			named := false
			for l := h.first; l <= h.last; l++ {
				named = named || diagLines[l]
			}
			if !named {
				t.Fatalf("heading %q (line %d) is neither a phase or sprint, compiled or skipped, nor named by a diagnostic; diagnostics:\n%v\n%v",
					h.text, h.first, p.Diags, g.Diags)
			}
		}
	})
}

// keywordRE is what a phase- or sprint-looking heading's plain text starts
// with, once leading decoration is dropped.
var keywordRE = regexp.MustCompile(`^(?:[Ss][Pp][Rr][Ii][Nn][Tt]|[Pp][Hh][Aa][Ss][Ee])\s+[0-9]`)

// keywordHead is a heading whose text starts with "Sprint <digit>" or
// "Phase <digit>", with the lines it spans.
type keywordHead struct {
	text        string
	first, last int
}

// keywordHeadings returns every phase- or sprint-looking heading of src,
// found with goldmark alone, at any depth. YAML front matter is blanked
// out first, as the parser does, so its closing --- is no setext underline.
func keywordHeadings(src []byte) []keywordHead {
	body := src
	if bytes.HasPrefix(body, []byte("\xef\xbb\xbf")) {
		body = append([]byte("   "), body[3:]...)
	}
	body = blankFrontMatter(body)
	doc := parser.NewMarkdown().Parse(text.NewReader(body))
	lineOf := func(off int) int { return 1 + bytes.Count(src[:min(off, len(src))], []byte("\n")) }
	var out []keywordHead
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		var b strings.Builder
		_ = ast.Walk(h, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(body))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.AutoLink:
				b.Write(c.Label(body))
			case *east.Strikethrough, *ast.Emphasis, *ast.CodeSpan, *ast.Link:
			}
			return ast.WalkContinue, nil
		})
		plain := strings.TrimLeftFunc(b.String(), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if !keywordRE.MatchString(plain) || h.Lines().Len() == 0 {
			return ast.WalkContinue, nil
		}
		start := h.Lines().At(0).Start
		first := lineOf(start)
		last := lineOf(h.Lines().At(h.Lines().Len() - 1).Start)
		lineStart := bytes.LastIndexByte(body[:start], '\n') + 1
		if !bytes.ContainsRune(body[lineStart:start], '#') {
			last++ // a setext heading: its underline is one of its lines
		}
		out = append(out, keywordHead{text: b.String(), first: first, last: last})
		return ast.WalkSkipChildren, nil
	})
	return out
}

// blankFrontMatter replaces YAML front matter (a first line "---" up to a
// closing "---" or "..." line) with spaces, keeping line endings.
func blankFrontMatter(src []byte) []byte {
	start := 0
	for start < len(src) && src[start] == ' ' {
		start++ // a blanked byte order mark
	}
	lines := bytes.SplitAfter(src[start:], []byte("\n"))
	if len(lines) == 0 || strings.TrimRight(string(lines[0]), "\r\n") != "---" {
		return src
	}
	end := -1
	off := start + len(lines[0])
	for _, l := range lines[1:] {
		off += len(l)
		if t := strings.TrimRight(string(l), " \t\r\n"); t == "---" || t == "..." {
			end = off
			break
		}
	}
	if end < 0 {
		return src
	}
	out := bytes.Clone(src)
	for i := start; i < end; i++ {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	return out
}
