package parser

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file reads a GSD phase plan (.planning/phases/NN-name/NN-MM-PLAN.md):
// its units are the <task> elements of its <tasks> block, in order, each
// titled by its <name>; a checkpoint task (type="checkpoint:...") has no
// name and is titled by what it asks a person to check. The elements are
// HTML to Markdown, so they are read from the lines of the file, not from
// goldmark's blocks; nothing in a plan file says a task is done.

const gsdDescription = "a GSD phase plan: the <task> elements of its <tasks> block (a TDD plan's <feature> elements) are the units, in order"

// gsdTask is one <task> element: the lines it spans and what it says.
type gsdTask struct {
	start, end int // offsets of its first line and past its last
	name, typ  string
	body       string
}

// gsdTasks reads the <task> elements of src, nil when it has no <tasks>
// block holding one.
func gsdTasks(src []byte) []gsdTask {
	if !bytes.Contains(src, []byte("<tasks>")) {
		return gsdElements(src, "feature")
	}
	return gsdElements(src, "task")
}

// gsdElements reads the <task> elements of a <tasks> block, or a TDD plan's
// top-level <feature> elements (its template has one feature and no tasks
// block), with what each says.
func gsdElements(src []byte, tag string) []gsdTask {
	var out []gsdTask
	in := tag == "feature" // features stand at the top level
	var cur *gsdTask
	for off := 0; off < len(src); {
		end := lineEnd(src, off)
		line := strings.TrimSpace(string(src[off:end]))
		n := len(tag) + 1
		switch {
		case line == "<tasks>":
			in = true
		case line == "</tasks>":
			in = false
		case in && cur == nil && strings.HasPrefix(line, "<"+tag) && (len(line) == n || line[n] == ' ' || line[n] == '>'):
			out = append(out, gsdTask{start: off, typ: xmlAttr(line, "type")})
			cur = &out[len(out)-1]
		case cur != nil && line == "</"+tag+">":
			cur.end = end
			cur = nil
		case cur != nil:
			if v, ok := xmlElement(line, "name"); ok {
				cur.name = v
			} else if v, ok := xmlElement(line, "what-built"); ok && cur.name == "" {
				cur.name = "Verify: " + v
			}
			cur.body += line + "\n"
		}
		off = end
	}
	if cur != nil {
		cur.end = len(src)
	}
	return out
}

// xmlElement reads "<name>Text</name>" as Text.
func xmlElement(line, tag string) (string, bool) {
	open, close := "<"+tag+">", "</"+tag+">"
	if !strings.HasPrefix(line, open) {
		return "", false
	}
	v, _, _ := strings.Cut(line[len(open):], close)
	return strings.TrimSpace(v), true
}

// xmlAttr reads attribute name of an opening tag's line.
func xmlAttr(line, name string) string {
	_, v, ok := strings.Cut(line, name+`="`)
	if !ok {
		return ""
	}
	v, _, _ = strings.Cut(v, `"`)
	return v
}

// gsdCandidate is the reading of a GSD phase plan, nil when src has no
// <tasks> block of <task> elements.
func (b *builder) gsdCandidate() *Candidate {
	if !bytes.Contains(b.src, []byte("<tasks>")) && !bytes.Contains(b.src, []byte("<feature>")) {
		return nil
	}
	tasks := gsdTasks(b.src)
	if len(tasks) == 0 {
		return nil
	}
	var lines []int
	for _, t := range tasks {
		lines = append(lines, b.p.Position(t.start).Line)
	}
	return &Candidate{Name: "gsd-plan", Description: gsdDescription, Declare: "format: gsd-plan", Score: scoreFormat,
		Units: len(tasks), First: firstOf(lines), Why: "a <tasks> block of <task> elements (or a TDD plan's <feature>): a GSD phase plan",
		read: func(b *builder, doc ast.Node) bool { return b.readGSD(doc) }}
}

// readGSD reads the <task> elements of a GSD phase plan as its units.
func (b *builder) readGSD(doc ast.Node) bool {
	tasks := gsdTasks(b.src)
	if len(tasks) == 0 {
		return false
	}
	if b.p.Title == "" {
		b.p.Title = b.gsdTitle(doc, tasks[0].start)
	}
	ph := &Phase{ID: "1", Num: 1, Title: b.p.Title, Valid: true}
	for i, t := range tasks {
		title := t.name
		if k := strings.Index(title, ": "); k > 0 && strings.HasPrefix(strings.ToLower(title), "task ") {
			title = title[k+2:] // "Task 1: Fetch readings" is task 1, "Fetch readings"
		}
		if title == "" {
			title = "Task " + strconv.Itoa(i+1)
		}
		pos := b.p.Position(t.start)
		s := &Sprint{ID: "1." + strconv.Itoa(i+1), Num: i + 1, Title: cleanTitle(title), Phase: ph, Row: true, End: t.end,
			Heading: Heading{Text: strings.TrimSpace(string(b.src[t.start:lineEnd(b.src, t.start)])), Pos: pos, Start: t.start, End: lineEnd(b.src, t.start)}}
		s.WrittenID = s.ID
		s.Tasks = []string{strings.TrimSpace(t.body)}
		if strings.HasPrefix(t.typ, "checkpoint") {
			b.p.warnf(pos, "task %d is a checkpoint (%s) for a person, not code: it is kept as a unit of its own, which the units after it wait on", i+1, t.typ)
		}
		b.define(s)
	}
	b.finishFormat(gsdDescription)
	return true
}

// gsdTitle is a GSD plan's title: a heading above its first element
// (a heading further down is a fenced comment that an XML element opened
// before its fence could close: "# Run all tests"), else its front matter's
// phase and plan ("03-flag-type-generation, plan 01").
func (b *builder) gsdTitle(doc ast.Node, first int) string {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && b.blockStart(h) < first {
			return b.trimmedText(h)
		}
	}
	var phase, plan string
	if bytes.HasPrefix(b.src, []byte("---")) {
		for off := lineEnd(b.src, 0); off < len(b.src); off = lineEnd(b.src, off) {
			line := strings.TrimSpace(string(b.src[off:lineEnd(b.src, off)]))
			if line == "---" {
				break
			}
			if v, ok := strings.CutPrefix(line, "phase:"); ok {
				phase = strings.Trim(strings.TrimSpace(v), `"'`)
			} else if v, ok := strings.CutPrefix(line, "plan:"); ok {
				plan = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		}
	}
	switch {
	case phase != "" && plan != "":
		return "Phase " + phase + ", plan " + plan
	case phase != "":
		return "Phase " + phase
	}
	return ""
}
