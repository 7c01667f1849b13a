package parser

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"go.yaml.in/yaml/v3"
)

// This file reads a Cursor plan (.cursor/plans/NAME.plan.md): its units
// are the todos of its front matter, each with an id, its content (the
// title), a status (pending, in_progress, completed, cancelled) and the ids
// it depends on. When any todo names dependencies they are the whole graph;
// else the todos run in the order listed. The Markdown body is the plan's
// text, not units. A todo has no heading to annotate, so it never is.

const cursorDescription = "a Cursor plan: the todos of its front matter are the units, their dependencies the graph"

// cursorTodo is one todo of a Cursor plan's front matter.
type cursorTodo struct {
	id, content, status string
	deps                []*yaml.Node
	node                *yaml.Node
}

// cursorTodos reads the todos of front matter yml, nil when it is not a
// Cursor plan's (a todos list of maps with content, beside name or
// overview).
func cursorTodos(yml []byte) []cursorTodo {
	var doc yaml.Node
	if len(yml) == 0 {
		return nil
	}
	if yaml.Unmarshal(yml, &doc) != nil {
		// A todo's content with ": " in it, unquoted: parseConfig says
		// so; the todos are read as it reads them.
		fixed, _ := quoteColonValues(yml)
		if yaml.Unmarshal(fixed, &doc) != nil {
			return nil
		}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode || mapValueNode(root, "name") == nil && mapValueNode(root, "overview") == nil {
		return nil
	}
	list := mapValueNode(root, "todos")
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil
	}
	var out []cursorTodo
	for _, it := range list.Content {
		if it.Kind != yaml.MappingNode {
			return nil
		}
		t := cursorTodo{node: it}
		if v := mapValueNode(it, "content"); v != nil {
			t.content = strings.TrimSpace(v.Value)
		}
		if v := mapValueNode(it, "id"); v != nil {
			t.id = v.Value
		}
		if v := mapValueNode(it, "status"); v != nil {
			t.status = strings.ToLower(strings.TrimSpace(v.Value))
		}
		if v := mapValueNode(it, "dependencies"); v != nil && v.Kind == yaml.SequenceNode {
			t.deps = v.Content
		}
		if t.content == "" {
			return nil
		}
		out = append(out, t)
	}
	return out
}

func mapValueNode(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// cursorCandidate is the reading of a Cursor plan, nil when yml is not one.
func (b *builder) cursorCandidate(yml []byte) *Candidate {
	todos := cursorTodos(yml)
	if len(todos) == 0 {
		return nil
	}
	var lines []int
	for _, t := range todos {
		lines = append(lines, b.fmBase.Line+t.node.Line-1)
	}
	return &Candidate{Name: "cursor", Description: cursorDescription, Declare: "format: cursor", Score: scoreFormat,
		Units: len(todos), First: firstOf(lines), Why: "front matter with name or overview and a todos list: a Cursor plan",
		read: func(b *builder, doc ast.Node) bool { return b.readCursor(doc, yml) }}
}

// cursorStatus maps a Cursor todo's status.
var cursorStatus = map[string]string{"pending": StatusOpen, "in_progress": StatusInProgress, "completed": StatusClosed}

// readCursor reads the todos of front matter yml as the plan's units.
func (b *builder) readCursor(doc ast.Node, yml []byte) bool {
	todos := cursorTodos(yml)
	if len(todos) == 0 {
		return false
	}
	if b.p.Title == "" {
		b.p.Title = b.cursorTitle(doc, yml)
	}
	ph := &Phase{ID: "1", Num: 1, Title: b.p.Title, Valid: true}
	byID := map[string]*Sprint{}
	stated := false
	var units []*Sprint
	for i, t := range todos {
		start := b.lineOffset(b.fmBase.Line + t.node.Line - 1)
		at := b.p.Position(min(start+t.node.Column-1, len(b.src)))
		s := &Sprint{ID: "1." + strconv.Itoa(i+1), Num: i + 1, Title: cleanTitle(t.content), Phase: ph, Row: true,
			Heading: Heading{Text: t.content, Pos: at, Start: start, End: lineEnd(b.src, start)}}
		s.WrittenID = s.ID
		s.End = s.Heading.End // the todo's first line: its section
		switch st, ok := cursorStatus[t.status]; {
		case ok:
			s.Status = Field{Value: st, Pos: at}
		case t.status == "cancelled":
			s.Skipped, s.SkipReason = true, "marked cancelled"
		case t.status != "":
			b.p.warnf(at, "status %q of todo %q is not one Cursor writes: read as open", t.status, t.id)
		}
		if !s.Skipped {
			s.Tasks, s.TasksFromTitle = []string{s.Title}, true
			b.noTasks = append(b.noTasks, s)
		}
		if t.id != "" {
			byID[t.id] = s
		}
		stated = stated || len(t.deps) > 0
		units = append(units, s)
	}
	for i, t := range todos {
		s := units[i]
		s.DepsStated = stated
		for _, d := range t.deps {
			at := b.p.Position(min(b.lineOffset(b.fmBase.Line+d.Line-1)+d.Column-1, len(b.src)))
			if dep := byID[d.Value]; dep != nil {
				s.DependsOn = append(s.DependsOn, Ref{ID: dep.ID, Pos: at})
				continue
			}
			b.p.warnf(at, "todo %q depends on %q, which is no todo of this plan: the dependency is left out", t.id, d.Value)
		}
		b.define(s)
	}
	if !stated {
		b.p.Readings = append(b.p.Readings, Reading{Pos: units[0].Heading.Pos, Text: "no todo names dependencies: they run one after another in the order listed"})
	}
	b.finishFormat(cursorDescription)
	b.reportNoTasks()
	return true
}

// cursorTitle is the plan's name from its front matter, else its first
// heading.
func (b *builder) cursorTitle(doc ast.Node, yml []byte) string {
	var m struct {
		Name string `yaml:"name"`
	}
	if yaml.Unmarshal(yml, &m) == nil && m.Name != "" {
		return m.Name
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			return b.trimmedText(h)
		}
	}
	return ""
}

// lineOffset is the offset of the first byte of 1-based line.
func (b *builder) lineOffset(line int) int {
	off := 0
	for l := 1; l < line && off < len(b.src); l++ {
		off = lineEnd(b.src, off)
	}
	return off
}
