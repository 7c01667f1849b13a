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

const gsdDescription = "a GSD phase plan: the <task> elements of its <tasks> block are the units, in order"

// gsdTask is one <task> element: the lines it spans and what it says.
type gsdTask struct {
	start, end int // offsets of its first line and past its last
	name, typ  string
	body       string
}

// gsdTasks reads the <task> elements of src, nil when it has no <tasks>
// block holding one.
func gsdTasks(src []byte) []gsdTask {
	var out []gsdTask
	in := false
	var cur *gsdTask
	for off := 0; off < len(src); {
		end := lineEnd(src, off)
		line := strings.TrimSpace(string(src[off:end]))
		switch {
		case line == "<tasks>":
			in = true
		case line == "</tasks>":
			in = false
		case in && strings.HasPrefix(line, "<task") && (len(line) == 5 || line[5] == ' ' || line[5] == '>'):
			out = append(out, gsdTask{start: off, typ: xmlAttr(line, "type")})
			cur = &out[len(out)-1]
		case cur != nil && line == "</task>":
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
	if !bytes.Contains(b.src, []byte("<tasks>")) {
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
		Units: len(tasks), First: firstOf(lines), Why: "a <tasks> block of <task> elements: a GSD phase plan",
		read: func(b *builder, doc ast.Node) bool { return b.readGSD(doc) }}
}

// readGSD reads the <task> elements of a GSD phase plan as its units.
func (b *builder) readGSD(doc ast.Node) bool {
	tasks := gsdTasks(b.src)
	if len(tasks) == 0 {
		return false
	}
	for n := doc.FirstChild(); n != nil && b.p.Title == ""; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			b.p.Title = b.trimmedText(h)
		}
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
		b.defs = append(b.defs, s)
		b.byID[s.ID] = append(b.byID[s.ID], s)
	}
	b.p.Order = OrderDocument
	b.p.Shape = gsdDescription
	b.resolve()
	b.checkPins()
	return true
}
