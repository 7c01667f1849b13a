package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file reads a roadmap by horizons: sections named for when their
// work comes ("## Now", "## Next", "## Later"; "# Próximamente", "#
// Mediano Plazo", "# Largo Plazo"; "## 近い将来") over the themes of that
// time ("## Esteganografía de Audio", "### Release Hardening"). Its units
// are the themes, one after another in the order the roadmap lists them
// (the horizons are that order); a horizon with no theme under it is one
// unit itself. Nothing in a horizon's name says a unit is done.

const horizonsDescription = "units are the themes under a roadmap's horizons (Now, Next, Later; short, mid and long term), one after another; a horizon with no theme is one unit"

// horizonHeading reports a section title that names a horizon: "Later",
// "Next (Q3)", "Mediano Plazo", "近い将来"; never "Next steps", which holds
// a plan's work or a document's follow-ups.
func horizonHeading(text string) bool {
	h := normalHeading(text)
	if nextStepsHeading(text) {
		return false
	}
	for _, w := range horizonWords {
		if strings.HasPrefix(h, w) && wordEdge(h, 0, len(w)) {
			return true
		}
	}
	return false
}

// horizons is the horizons reading of a document titled as a roadmap or
// plan with two or more horizon sections at one level, nil when it has
// none.
func (b *builder) horizons(doc ast.Node, sc *shapeScan) *Candidate {
	if sc == nil || !planTitle(sc.title()) {
		return nil
	}
	byLevel := map[int]int{}
	for _, r := range sc.heads {
		if r.sh.kind == shapeOther && horizonHeading(r.head.Text) {
			byLevel[r.node.Level]++
		}
	}
	level := 0
	for l := 1; l <= 5; l++ {
		if byLevel[l] >= 2 {
			level = l
			break
		}
	}
	if level == 0 {
		return nil
	}
	units := map[ast.Node]bool{}
	var lines []int
	for i, r := range sc.heads {
		if r.node.Level != level || !horizonHeading(r.head.Text) {
			continue
		}
		themes := 0
		for _, t := range sc.heads[i+1:] {
			if t.node.Level <= level {
				break
			}
			if t.node.Level == level+1 {
				units[t.node] = true
				lines = append(lines, t.head.Pos.Line)
				themes++
			}
		}
		if themes == 0 && b.sectionHasWork(r.node) {
			units[r.node] = true
			lines = append(lines, r.head.Pos.Line)
		}
	}
	if len(units) < 2 {
		return nil
	}
	place := 0
	cfg := shapeConfig{phaseLevel: -1, name: horizonsDescription,
		units: func(_ *shapeScan, r *shapeHead) bool { return units[r.node] },
		retag: func(r *shapeHead) {
			if units[r.node] {
				place++
				t := strings.TrimLeftFunc(r.head.Text, decoration)
				r.sh = shape{kind: shapeUnit, word: "item", id: strconv.Itoa(place), sep: true, rest: t, title: cleanTitle(t), lead: leadOf(r.head.Text)}
			}
		}}
	return &Candidate{Name: "headings", Description: horizonsDescription, Units: len(units), First: firstOf(lines),
		Declare: "format: horizons", Score: scoreHeadings, level: level + 1,
		Why:  fmt.Sprintf("%d themes under %d horizon sections of a roadmap", len(units), byLevel[level]),
		read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }}
}

// sectionHasWork reports whether the section of heading h holds a list or
// a paragraph before the next heading.
func (b *builder) sectionHasWork(h ast.Node) bool {
	for n := h.NextSibling(); n != nil; n = n.NextSibling() {
		switch n.(type) {
		case *ast.Heading:
			return false
		case *ast.List, *ast.Paragraph:
			return true
		}
	}
	return false
}
