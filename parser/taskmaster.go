package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file reads a Taskmaster task file (task-master's tasks/task_NNN.txt
// or .taskmaster/tasks/*.md): one task, "# Task ID: 7", its fields as
// headings ("# Status: pending") or bold labels ("**Status:** pending"),
// and its subtasks, the units: "## 1. Title [done]" with "###
// Dependencies: 7.1" under it, or "### 7.1. Title" with "**Status:**" and
// "**Dependencies:**" lines. The Dependencies fields are the whole graph:
// a subtask with none waits on nothing. A task with no subtasks is its own
// one unit.

const taskmasterDescription = "a Taskmaster task file: its subtasks (\"## 1. Title [status]\" or \"### 7.1. Title\") are the units, their Dependencies fields the graph"

// taskmasterTask reads the task id and title of a Taskmaster task file,
// false when doc is not one: its first heading is "# Task ID: N".
func (b *builder) taskmasterTask(doc ast.Node) (id int, title string, ok bool) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, isHead := n.(*ast.Heading)
		if !isHead {
			continue
		}
		text := b.trimmedText(h)
		if !ok {
			v, found := strings.CutPrefix(text, "Task ID:")
			if !found || h.Level != 1 {
				return 0, "", false
			}
			num, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return 0, "", false
			}
			id, ok = num, true
			continue
		}
		if v, found := strings.CutPrefix(text, "Title:"); found {
			return id, strings.TrimSpace(v), true
		}
	}
	return id, "", ok
}

// taskmasterSubtask reads a subtask heading of task: "1. Title [done]"
// (level 2) or "7.1. Title" (level 3): its number, title and status word.
func taskmasterSubtask(r *shapeHead, task int) (num, title, status string, ok bool) {
	text := strings.TrimSpace(r.head.Text)
	id, rest, ok := itemPattern{}.match(itemText{text: text})
	if !ok {
		return "", "", "", false
	}
	switch {
	case r.node.Level == 2 && !strings.Contains(id, "."):
	case r.node.Level >= 2 && strings.HasPrefix(id, strconv.Itoa(task)+".") && strings.Count(id, ".") == 1:
		id = id[strings.IndexByte(id, '.')+1:]
	default:
		return "", "", "", false
	}
	if k := strings.LastIndexByte(rest, '['); k > 0 && strings.HasSuffix(rest, "]") {
		status = strings.ToLower(strings.TrimSpace(rest[k+1 : len(rest)-1]))
		rest = strings.TrimSpace(rest[:k])
	}
	return id, rest, status, true
}

// taskmasterStatus maps Taskmaster's status words.
var taskmasterStatus = map[string]string{
	"pending": StatusOpen, "in-progress": StatusInProgress, "review": StatusInProgress,
	"done": StatusClosed, "completed": StatusClosed, "blocked": StatusBlocked,
}

// taskmasterCandidate is the reading of a Taskmaster task file.
func (b *builder) taskmasterCandidate(doc ast.Node) *Candidate {
	task, title, ok := b.taskmasterTask(doc)
	if !ok {
		return nil
	}
	return &Candidate{Name: "taskmaster", Description: taskmasterDescription, Declare: "format: taskmaster", Score: scoreFormat,
		Units: -1, Why: fmt.Sprintf("the file opens with \"# Task ID: %d\": a Taskmaster task file", task),
		read: func(b *builder, doc ast.Node) bool { return b.readTaskmaster(doc, task, title) }}
}

// readTaskmaster reads task file doc of task number task.
func (b *builder) readTaskmaster(doc ast.Node, task int, title string) bool {
	subtasks := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if _, _, _, ok := taskmasterSubtask(&shapeHead{node: h, head: b.heading(h)}, task); ok {
				subtasks++
			}
		}
	}
	b.taskmasterTaskDeps(doc, task)
	cfg := shapeConfig{phaseLevel: -1, implicit: task, name: taskmasterDescription}
	if subtasks == 0 {
		// The task is its own one unit.
		cfg.implicit = 1
		cfg.units = func(sc *shapeScan, r *shapeHead) bool { return r == sc.heads[0] }
		cfg.retag = func(r *shapeHead) {
			if r.node.Level == 1 && strings.HasPrefix(r.head.Text, "Task ID:") {
				r.sh = shape{kind: shapeUnit, word: "Task", id: strconv.Itoa(task), sep: true, title: title, rest: title}
			}
		}
	} else {
		cfg.units = func(sc *shapeScan, r *shapeHead) bool { return r.sh.kind == shapeBare && r.sh.word == "subtask" }
		cfg.retag = func(r *shapeHead) {
			if num, t, _, ok := taskmasterSubtask(r, task); ok {
				r.sh = shape{kind: shapeBare, word: "subtask", id: num, sep: true, title: cleanTitle(t), rest: t}
			}
		}
		cfg.unit = func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node) { b.taskmasterUnit(s, r, blocks, task) }
		cfg.all = taskmasterOrder
	}
	return b.runShapesWith(doc, cfg)
}

// taskmasterUnit reads a subtask's status from its heading's "[done]" and
// its dependencies from a "### Dependencies: 7.1, 7.2" heading: the plan's
// Dependencies fields are the whole graph.
func (b *builder) taskmasterUnit(s *Sprint, r *shapeHead, blocks []ast.Node, task int) {
	if _, _, word, _ := taskmasterSubtask(r, task); word != "" && !s.Status.Set() {
		switch st, ok := taskmasterStatus[word]; {
		case ok:
			s.Status = Field{Value: st, Pos: r.head.Pos}
		case word == "deferred" || word == "cancelled":
			s.Skipped, s.SkipReason = true, "marked "+word
		default:
			b.p.warnf(r.head.Pos, "status %q of subtask %s is not one Taskmaster writes: read as open", word, s.ID)
		}
	}
	for _, n := range blocks {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		v, found := strings.CutPrefix(b.trimmedText(h), "Dependencies:")
		if !found {
			continue
		}
		pos := b.heading(h).Pos
		for _, ref := range splitList(v) {
			ref = strings.TrimSpace(strings.TrimRight(ref, " ✓⧖⏱"))
			if ref == "" || strings.EqualFold(ref, "none") {
				continue
			}
			if !strings.Contains(ref, ".") {
				ref = strconv.Itoa(task) + "." + ref
			}
			s.DependsOn = append(s.DependsOn, Ref{ID: ref, Pos: pos})
		}
	}
	s.DepsStated = true
}

// taskmasterOrder keeps the file's order when no subtask names a
// dependency: "Dependencies: None" on every one says nothing of their
// order, and when in doubt, units run in sequence.
func taskmasterOrder(b *builder) {
	orderUnlessStated(b, "no subtask names a dependency (each says None): they run one after another in the order of the file")
}

// orderUnlessStated keeps the units' dependency fields as the whole graph
// once any unit names a dependency; when none does, the units run in the
// order listed, and the preview says so in said.
func orderUnlessStated(b *builder, said string) {
	for _, s := range b.defs {
		if len(s.DependsOn) > 0 {
			return
		}
	}
	for _, s := range b.defs {
		s.DepsStated = false
	}
	if len(b.defs) > 1 {
		b.p.Readings = append(b.p.Readings, Reading{Pos: b.defs[0].Heading.Pos, Text: said})
	}
}

// taskmasterTaskDeps says that the task's own dependencies ("# Dependencies:
// 13" or "**Dependencies:** 2 ✓, 3") name other tasks, kept in other files:
// this plan's units do not wait on them.
func (b *builder) taskmasterTaskDeps(doc ast.Node, task int) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		var text string
		switch n := n.(type) {
		case *ast.Heading:
			text = b.trimmedText(n)
			if strings.HasPrefix(text, "Subtasks") {
				return // the subtasks' own dependencies follow
			}
			if n.Level != 1 {
				continue
			}
		case *ast.Paragraph:
			text = b.trimmedText(n)
		default:
			continue
		}
		v, ok := strings.CutPrefix(text, "Dependencies:")
		if !ok {
			continue
		}
		if v = strings.TrimSpace(v); v == "" || strings.EqualFold(v, "none") {
			return
		}
		b.p.warnf(b.p.Position(b.blockStart(n)), "task %d depends on %s, tasks that other task files hold: this plan's units do not wait on them", task, v)
		return
	}
}
