package parser

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads a plan written by the compound-engineering plugin's
// ce-plan skill (EveryInc/compound-engineering-plugin): its units are the
// implementation units of its "## Implementation Units" section, each
// with a stable id, "U1." to "UN.", written as a heading ("### U1. Title")
// or as a bullet ("- U1. **Title**", with or without a checkbox) whose
// fields follow flush left. Each unit's "**Dependencies:** U1, U2" (or
// "None") is the whole of its dependencies once any unit names one; else
// the units run in the order listed. A ticked box, or the front matter's
// "status: completed" (ce-work's flip when the work ships, read for every
// plan by frontMatterDone), says done.

const compoundDescription = "a compound-engineering plan (ce-plan): the \"U1.\" implementation units are the units, their Dependencies fields the graph"

// compoundUnitRE is a unit's id and title: "U3. Route custom object create".
var compoundUnitRE = lazyMustCompile(`^U([0-9]{1,4})\.\s+(\S.*)$`)

// compoundUnits finds the heading of the section "Implementation Units"
// and how many units stand under it, as headings and as bullets.
func (b *builder) compoundUnits(doc ast.Node) (sec *ast.Heading, heads, items int) {
	if !bytes.Contains(b.src, []byte("Implementation Units")) && !bytes.Contains(b.src, []byte("Implementation units")) {
		return nil, 0, 0 // before a walk that reads every heading's text
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			if sec != nil {
				if l, ok := n.(*ast.List); ok {
					for it := l.FirstChild(); it != nil; it = it.NextSibling() {
						if _, ok := b.compoundItem(it); ok {
							items++
						}
					}
				}
			}
			continue
		}
		switch {
		case sec != nil && h.Level <= sec.Level:
			return sec, heads, items
		case sec != nil && h.Level == sec.Level+1 && compoundUnitRE.MatchString(b.trimmedText(h)):
			heads++
		case sec == nil && normalHeading(b.trimmedText(h)) == "implementation units":
			sec = h
		}
	}
	return sec, heads, items
}

// compoundItem reads a bullet that names a unit: "U1. **Title**", after a
// checkbox or none.
func (b *builder) compoundItem(it ast.Node) (shape, bool) {
	t, ok := b.readItemText(it)
	if !ok {
		return shape{}, false
	}
	m := compoundUnitRE.FindStringSubmatch(t.text)
	if m == nil {
		return shape{}, false
	}
	title := strings.TrimSpace(strings.Trim(m[2], "*_ "))
	return shape{kind: shapeUnit, word: "unit", id: m[1], sep: true, title: cleanTitle(title), rest: title}, true
}

// compoundCandidate proposes the ce-plan reading when the document has an
// "Implementation Units" section with two units or more in it.
func (b *builder) compoundCandidate(doc ast.Node) *Candidate {
	sec, heads, items := b.compoundUnits(doc)
	if sec == nil || heads+items < 2 {
		return nil
	}
	return &Candidate{Name: "compound", Description: compoundDescription, Declare: "format: compound", Score: scoreFormat,
		Units: heads + items, First: []int{b.heading(sec).Pos.Line},
		Why:  fmt.Sprintf("%d \"U1.\" units under \"Implementation Units\" (line %d): a compound-engineering plan", heads+items, b.heading(sec).Pos.Line),
		read: func(b *builder, doc ast.Node) bool { return b.readCompound(doc) }}
}

// readCompound reads the plan by its implementation units.
func (b *builder) readCompound(doc ast.Node) bool {
	sec, heads, items := b.compoundUnits(doc)
	if sec == nil || heads+items == 0 {
		return false
	}
	in := map[ast.Node]bool{}
	for n := sec.NextSibling(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level <= sec.Level {
			break
		}
		in[n] = true
	}
	cfg := shapeConfig{phaseLevel: -1, name: compoundDescription, all: compoundOrder,
		unit: func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node) { b.compoundUnit(s, r, blocks) }}
	if heads > 0 {
		cfg.units = func(sc *shapeScan, r *shapeHead) bool {
			return r.sh.word == "unit" && r.sh.kind == shapeUnit && in[r.node]
		}
		cfg.retag = func(r *shapeHead) {
			if !in[r.node] || r.node.Level != sec.Level+1 {
				return
			}
			if m := compoundUnitRE.FindStringSubmatch(r.head.Text); m != nil {
				r.sh = shape{kind: shapeUnit, word: "unit", id: m[1], sep: true, title: cleanTitle(m[2]), rest: m[2]}
			}
		}
	} else {
		cfg.units, cfg.labels = noUnits, modeBold
		b.compoundLists = map[ast.Node]bool{}
		for n := range in {
			if l, ok := n.(*ast.List); ok {
				for _, one := range b.isolateUnitItems(l) {
					b.compoundLists[one] = true
				}
			}
		}
	}
	ok := b.runShapesWith(doc, cfg)
	b.compoundLists = nil
	return ok
}

// isolateUnitItems splits list l so that each item naming a unit stands
// in a list of its own, and returns those lists. A unit's last field is
// often a list ("**Verification:**" over "- tests prove it") that the
// next unit's bullet, after a blank line, continues in Markdown: the
// split gives each unit its own start, and the items before it to the
// unit before. Only the list boundaries change; every node keeps its
// place in the source.
func (b *builder) isolateUnitItems(l *ast.List) []*ast.List {
	var out []*ast.List
	cur := l
	for it := l.FirstChild(); it != nil; {
		next := it.NextSibling()
		if _, ok := b.compoundItem(it); ok {
			if it != cur.FirstChild() {
				cur = splitListAt(cur, it)
			}
			out = append(out, cur)
			if next != nil {
				cur = splitListAt(cur, next)
			}
		}
		it = next
	}
	return out
}

// splitListAt moves item and the items after it out of list l into a new
// list placed right after l, and returns the new list.
func splitListAt(l *ast.List, item ast.Node) *ast.List {
	nl := ast.NewList(l.Marker)
	nl.IsTight, nl.Start = l.IsTight, l.Start
	l.Parent().InsertAfter(l.Parent(), l, nl)
	for it := item; it != nil; {
		next := it.NextSibling()
		l.RemoveChild(l, it)
		nl.AppendChild(nl, it)
		it = next
	}
	return nl
}

// compoundUnit reads what ce-plan says of one unit: a ticked box, and its
// Goal and Dependencies fields. The front matter's "status: completed"
// (ce-work's flip when the work ships) closes the units after the
// reading, as any plan's does (frontMatterDone), with a warning.
func (b *builder) compoundUnit(s *Sprint, r *shapeHead, blocks []ast.Node) {
	if r.list != nil && !s.Status.Set() {
		if cb, ok := r.list.FirstChild().FirstChild().FirstChild().(*east.TaskCheckBox); ok && cb.IsChecked {
			s.Status = Field{Value: StatusClosed, Pos: r.head.Pos}
		}
	}
	deps := false
	for _, n := range blocks {
		for _, line := range b.blockFieldLines(n) {
			f, ok := b.lineField(line)
			if ok && f.label == "goal" && f.value != "" && s.TasksFromTitle {
				// "**Goal:** Turn invoice rows into CSV lines": what
				// the unit is to do, its one prompt.
				s.Tasks, s.TasksFromTitle = []string{f.value}, false
				b.noTasks = slices.DeleteFunc(b.noTasks, func(x *Sprint) bool { return x == s })
			}
			if !ok || f.label != "dependencies" || deps {
				continue
			}
			deps = true
			// The field is the unit's whole say: its "U1" refs are
			// read here, not as another reading's unit names.
			s.DependsOn = nil
			b.unitRefs = slices.DeleteFunc(b.unitRefs, func(r unitRef) bool { return r.s == s })
			for _, ref := range splitList(strings.TrimSuffix(f.value, ".")) {
				ref = strings.TrimSpace(ref)
				if id, _, _ := strings.Cut(ref, " "); compoundRefRE.MatchString(id) {
					s.DependsOn = append(s.DependsOn, Ref{ID: "1." + strings.TrimPrefix(id, "U"), Pos: f.pos})
				}
			}
			s.DepsStated = true
		}
	}
}

// compoundRefRE is a unit's id where a field names it: "U2".
var compoundRefRE = lazyMustCompile(`^U[0-9]{1,4}$`)

// blockFieldLines returns the lines of a paragraph, or of each item of a
// list ("- **Dependencies:** U1"), that may hold a field.
func (b *builder) blockFieldLines(n ast.Node) [][]ast.Node {
	switch n := n.(type) {
	case *ast.Paragraph:
		return paragraphLines(n, b.src)
	case *ast.List:
		var out [][]ast.Node
		for it := n.FirstChild(); it != nil; it = it.NextSibling() {
			if blk := it.FirstChild(); blk != nil {
				if lines := paragraphLines(blk, b.src); len(lines) > 0 {
					out = append(out, lines[0])
				}
			}
		}
		return out
	}
	return nil
}

// compoundOrder makes the Dependencies fields the whole graph once a unit
// names one; when none does, the units run in the order listed.
func compoundOrder(b *builder) {
	orderUnlessStated(b, "no unit names a dependency (each says None, or has no Dependencies field): they run one after another in the order listed")
}
