package parser

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file names a Gemini Conductor track plan (conductor/tracks/ID/plan.md):
// "## Phase N: Title [checkpoint: sha]" headings over "- [ ] Task: Title"
// items, each phase closed by a "Task: Conductor - User Manual Verification"
// item. Its units are the phases, as the project's hand readers count them
// (docs/formats.md): a phase is a reviewed, committed step, and its tasks are
// the agent's steps inside it. Any heading between a phase and its tasks
// ("### 2.1 Player Vitals") groups tasks; it is the phase's text.

const conductorDescription = "a Conductor track plan: each \"## Phase N: Title\" over \"- [ ] Task: ...\" items is one unit, its tasks the unit's tasks"

// conductorCandidate is the reading of a Conductor track plan, nil when the
// document has no phase heading over two or more "Task:" checkbox items.
func (b *builder) conductorCandidate(doc ast.Node, sc *shapeScan) *Candidate {
	if !bytes.Contains(b.src, []byte("Task:")) || sc.phaseLevel == 0 {
		return nil
	}
	tasks, inPhase := 0, false
	var lines []int
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if h.Level <= sc.phaseLevel {
				r := sc.byNode[h]
				inPhase = r != nil && r.phase
				if inPhase {
					lines = append(lines, b.p.Position(b.blockStart(h)).Line)
				}
			}
			continue
		}
		l, ok := n.(*ast.List)
		if !ok || !inPhase {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if t, ok := b.readItemText(it); ok && t.box && conductorTask(t.text) {
				tasks++
			}
		}
	}
	if tasks < 2 || len(lines) == 0 {
		return nil
	}
	level := sc.phaseLevel
	return &Candidate{Name: "conductor", Description: conductorDescription, Declare: "format: conductor", Score: scoreFormat,
		Units: len(lines), First: firstOf(lines), level: level,
		Why: "phase headings over \"- [ ] Task: ...\" items: a Conductor track plan",
		read: func(b *builder, doc ast.Node) bool {
			// Conductor's agent ticks a task with its commit and leaves
			// the task's steps as they were written.
			b.tickedVouches = true
			return b.runShapesWith(doc, shapeConfig{phaseLevel: level, units: noUnits, mode: modePhaseOnly, modeSet: true, name: conductorDescription})
		}}
}

// conductorTask reports a Conductor task item: "Task: Title", or the
// phase's closing check written with a tag before it ("[Manual] Task:
// Conductor - User Manual Verification 'Phase 1'").
func conductorTask(text string) bool {
	return strings.HasPrefix(text, "Task:") || strings.Contains(text, "Task: Conductor - ")
}
