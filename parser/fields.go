package parser

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// field is one "**Label**: value" line of a paragraph.
type field struct {
	label      string     // lower case, colon dropped
	value      string     // plain text after the colon, trimmed
	code       string     // the first code span in the value, if any
	rest       []ast.Node // the inline nodes after the label
	pos        Pos        // position of the label
	start, end int        // the line's byte range
	valueStart int        // offset of the value's first byte, -1 when unknown
}

// known labels, as written lower case, with the names they are filed under.
var sprintLabels = map[string]string{
	"worktree":            "worktree",
	"branch":              "branch",
	"source branch":       "source branch",
	"dev agents":          "dev agents",
	"dev agent":           "dev agents",
	"qa agents":           "qa agents",
	"qa agent":            "qa agents",
	"tasks":               "tasks",
	"acceptance criteria": "acceptance criteria",
	"status":              "status",
	"priority":            "priority",
	"labels":              "labels",
	"team":                "team",
	"depends on":          "depends on",
	"depends":             "depends on",
	"dependencies":        "depends on",
	"dependency":          "depends on",
	"blocked by":          "depends on",
	"label":               "labels",
	"task":                "tasks",
	"allowed paths":       "allowed paths",
	"allowed path":        "allowed paths",
	"forbidden paths":     "forbidden paths",
	"forbidden path":      "forbidden paths",
	"files":               "files",
	"target files":        "files",
	"file scope":          "files",
	"tests":               "tests",
	"test commands":       "tests",
	"timeout":             "timeout",
	"time budget":         "timeout",
	"role":                "role",
	"gate":                "gate",
	"gates":               "gate",

	// The common names of a unit's work and of its acceptance criteria.
	"steps":                "tasks",
	"key tasks":            "tasks",
	"work items":           "tasks",
	"deliverables":         "tasks",
	"implementation steps": "tasks",
	"todo":                 "tasks",
	"to do":                "tasks",
	"action items":         "tasks",
	"success criteria":     "acceptance criteria",
	"definition of done":   "acceptance criteria",
	"exit criteria":        "acceptance criteria",
	"verification":         "acceptance criteria",
	"done when":            "acceptance criteria",
	"acceptance":           "acceptance criteria",
	"acceptance tests":     "acceptance criteria",
	"checkpoint":           "acceptance criteria",

	// The same labels in Spanish, Portuguese, German and French.
	"estado":                  "status",
	"situação":                "status",
	"statut":                  "status",
	"état":                    "status",
	"tareas":                  "tasks",
	"tarefas":                 "tasks",
	"aufgaben":                "tasks",
	"tâches":                  "tasks",
	"criterios de aceptación": "acceptance criteria",
	"critérios de aceitação":  "acceptance criteria",
	"akzeptanzkriterien":      "acceptance criteria",
	"critères d'acceptation":  "acceptance criteria",
	"critères d’acceptation":  "acceptance criteria",
	"dependencias":            "depends on",
	"depende de":              "depends on",
	"dependências":            "depends on",
	"abhängigkeiten":          "depends on",
	"dépendances":             "depends on",
	"prioridad":               "priority",
	"prioridade":              "priority",
	"priorität":               "priority",
	"priorité":                "priority",

	// Russian, Chinese, Japanese and Korean.
	"статус":      "status",
	"состояние":   "status",
	"状态":          "status",
	"狀態":          "status",
	"ステータス":       "status",
	"状態":          "status",
	"상태":          "status",
	"进度":          "status", // progress: "**进度:** ✅ **已完成**"
	"進度":          "status",
	"進捗":          "status",
	"задачи":      "tasks",
	"任务":          "tasks",
	"任務":          "tasks",
	"タスク":         "tasks",
	"작업":          "tasks",
	"зависимости": "depends on",
	"依赖":          "depends on",
	"依賴":          "depends on",
	"依存":          "depends on",
	"依存関係":        "depends on",
	"의존성":         "depends on",
	"приоритет":   "priority",
	"优先级":         "priority",
	"優先度":         "priority",
	"우선순위":        "priority",
}

// workLabel reports whether a label the reader does not know still names
// work: it ends with a Tasks label ("Completed Tasks", "Remaining steps").
func workLabel(label string) bool {
	words := strings.Fields(label)
	for i := 1; i < len(words); i++ {
		if sprintLabels[strings.Join(words[i:], " ")] == "tasks" {
			return true
		}
	}
	return false
}

// qualifierRE matches a note in parentheses between a bold label and its
// colon: " (all must pass):".
var qualifierRE = lazyMustCompile(`^[ \t]*\([^()\n]*\)[ \t]*:`)

// paragraphLines splits a paragraph's inline nodes at line breaks, and
// at a bar that parts one bold field from the next on one line
// ("**Completed**: March 2025 | **Status**: 100% Complete"). The lines
// share one array, each capped at its end.
func paragraphLines(p ast.Node, src []byte) [][]ast.Node {
	nodes, breaks := 0, 0
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		nodes++
		if lineBreak(c) || fieldBar(c, src) {
			breaks++
		}
	}
	if nodes == 0 {
		return nil
	}
	all := make([]ast.Node, 0, nodes)
	lines := make([][]ast.Node, 0, breaks+1)
	from := 0
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		all = append(all, c)
		if lineBreak(c) || fieldBar(c, src) {
			lines = append(lines, all[from:len(all):len(all)])
			from = len(all)
		}
	}
	if from < len(all) {
		lines = append(lines, all[from:])
	}
	return lines
}

// fieldBar reports whether inline node n is text that ends in a bar,
// with a bold label after it on the same line: "March 2025 | " before
// "**Status**:".
func fieldBar(n ast.Node, src []byte) bool {
	t, ok := n.(*ast.Text)
	if !ok || t.SoftLineBreak() || t.HardLineBreak() {
		return false
	}
	v := bytes.TrimRight(t.Segment.Value(src), " \t")
	if len(v) == 0 || v[len(v)-1] != '|' {
		return false
	}
	em, ok := n.NextSibling().(*ast.Emphasis)
	return ok && em.Level == 2
}

// lineBreak reports whether a line ends after inline node n.
func lineBreak(n ast.Node) bool {
	t, ok := n.(*ast.Text)
	return ok && (t.SoftLineBreak() || t.HardLineBreak())
}

// nodeStart returns the source offset of an inline node, or -1.
func nodeStart(n ast.Node) int {
	if n == nil {
		return -1
	}
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	if p := n.Pos(); p >= 0 {
		return p
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if p := nodeStart(c); p >= 0 {
			return p
		}
	}
	return -1
}

// lineField reads a paragraph line as a field, if it is one.
func (b *builder) lineField(line []ast.Node) (field, bool) {
	f := field{start: -1, valueStart: -1}
	if s := nodeStart(line[0]); s >= 0 {
		f.start = lineStart(b.src, s)
		last := line[len(line)-1]
		if e := nodeStart(last); e >= 0 {
			f.end = lineEnd(b.src, e)
		}
	}
	em, ok := line[0].(*ast.Emphasis)
	if !ok || em.Level != 2 {
		return b.plainField(line, f)
	}
	label := b.trimmedText(em)
	rest := line[1:]
	var value strings.Builder
	switch {
	case strings.HasSuffix(label, ":"):
		label = strings.TrimSpace(strings.TrimSuffix(label, ":"))
	case strings.HasSuffix(label, "："):
		// A full-width colon, as Chinese and Japanese write it.
		label = strings.TrimSpace(strings.TrimSuffix(label, "："))
	case len(rest) > 0:
		t, ok := rest[0].(*ast.Text)
		if !ok {
			return f, false
		}
		raw := t.Segment.Value(b.src)
		skip := 0
		if q := qualifierRE.Find(raw); q != nil && !strings.HasSuffix(label, ")") {
			// "**Acceptance Criteria** (all must pass):"
			skip = len(q) - 1
		}
		colon := len(":")
		if strings.HasPrefix(string(raw[skip:]), "：") {
			colon = len("：")
		} else if !strings.HasPrefix(string(raw[skip:]), ":") {
			return f, false
		}
		v := raw[skip+colon:]
		value.Write(v)
		f.valueStart = t.Segment.Start + skip + colon
		rest = rest[1:]
	default:
		return f, false
	}
	if f.valueStart < 0 && len(rest) > 0 {
		f.valueStart = nodeStart(rest[0])
	}
	for _, n := range rest {
		if f.code == "" {
			if cs, ok := n.(*ast.CodeSpan); ok {
				f.code = inlineText(cs, b.src)
			}
		}
		value.WriteString(inlineText(n, b.src))
	}
	f.label = strings.ToLower(label)
	f.value = strings.TrimSpace(value.String())
	if len(rest) > 0 && fieldBar(rest[len(rest)-1], b.src) {
		f.value = strings.TrimSpace(strings.TrimSuffix(f.value, "|"))
	}
	f.rest = rest
	if s := em.Pos(); s >= 0 {
		f.pos = b.p.Position(s)
	} else if f.start >= 0 {
		f.pos = b.p.Position(f.start)
	}
	return f, true
}

// blockStart returns the offset of the first line of a block.
func (b *builder) blockStart(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return lineStart(b.src, p)
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return lineStart(b.src, n.Lines().At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == ast.TypeBlock {
			if p := b.blockStart(c); p >= 0 {
				return p
			}
		}
	}
	return -1
}

// plainLabels are the labels read without bold ("Status: Done", "Tasks:"),
// by the name they are filed under; each value must read as its field's,
// or the line is text.
var plainLabels = map[string]bool{"status": true, "tasks": true, "acceptance criteria": true, "depends on": true, "source branch": true}

// plainField reads a line that opens with a label in plain text: "Status:
// Done", "Tasks:" (then a list), "Integration Branch: `develop`". Only the
// labels of plainLabels count, and only when the value reads as one: a
// known status, nothing after a list label, an id or none after Depends on,
// a code span or one word for a branch. Anything else is text.
func (b *builder) plainField(line []ast.Node, f field) (field, bool) {
	t, ok := line[0].(*ast.Text)
	if !ok {
		return f, false
	}
	raw := string(t.Segment.Value(b.src))
	c := strings.IndexByte(raw, ':')
	if c <= 0 || c > 40 {
		return f, false
	}
	label := strings.ToLower(strings.TrimSpace(raw[:c]))
	name := sprintLabels[label]
	if label == "integration branch" {
		name = "source branch"
	}
	if !plainLabels[name] || strings.TrimSpace(raw[:c]) != strings.TrimLeft(raw[:c], " ") {
		return f, false
	}
	var value strings.Builder
	value.WriteString(raw[c+1:])
	for _, n := range line[1:] {
		if f.code == "" {
			if cs, ok := n.(*ast.CodeSpan); ok {
				f.code = inlineText(cs, b.src)
			}
		}
		value.WriteString(inlineText(n, b.src))
	}
	v := strings.TrimSpace(value.String())
	switch name {
	case "status":
		if !readStatus(v).known {
			return f, false
		}
	case "tasks", "acceptance criteria":
		if v != "" {
			return f, false
		}
	case "depends on":
		if !strings.ContainsAny(v, "0123456789") && !strings.EqualFold(v, "none") {
			return f, false
		}
	case "source branch":
		if f.code == "" && (v == "" || strings.ContainsAny(v, " \t")) {
			return f, false
		}
	}
	f.label, f.value, f.rest = label, v, line[1:]
	f.valueStart = t.Segment.Start + c + 1
	f.pos = b.p.Position(t.Segment.Start)
	return f, true
}
