package parser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// This file reads a roadmap by horizons: sections named for when their
// work comes ("## Now", "## Next", "## Later"; "# Próximamente", "#
// Mediano Plazo", "# Largo Plazo"; "## 近い将来") over the themes of that
// time ("## Esteganografía de Audio", "### Release Hardening"). Its units
// are the themes, one after another in the order the roadmap lists them
// (the horizons are that order); a horizon with no theme under it is one
// unit itself. Nothing in a horizon's name says a unit is done.

const horizonsDescription = "units are the themes under a roadmap's horizons (Now, Next, Later; short, mid and long term), one after another; a horizon with no theme is one unit, or, where no horizon has one, their plain bullets are"

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
	if sc == nil {
		return nil
	}
	// In a document titled as a roadmap every horizon counts; in another
	// ("# Objective of this Document"), those under a section that is
	// its roadmap ("# Roadmap" over "## Rekor" over "### Short Term").
	// A document with no title of its own is titled by its front matter
	// or its file's name ("roadmap-2021.md").
	titled := planTitle(sc.titleOrName())
	inRoadmap := func(i int) bool {
		if titled {
			return true
		}
		level := sc.heads[i].node.Level
		for j := i - 1; j >= 0 && level > 1; j-- {
			if l := sc.heads[j].node.Level; l < level {
				if planTitle(sc.heads[j].head.Text) {
					return true
				}
				level = l
			}
		}
		return false
	}
	horizonAt := func(i int) bool {
		r := sc.heads[i]
		return r.sh.kind == shapeOther && (horizonHeading(r.head.Text) || whenHeading(r.head.Text)) && inRoadmap(i)
	}
	byLevel := map[int]int{}
	for i, r := range sc.heads {
		if horizonAt(i) {
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
	anyTheme := false
	lists := map[ast.Node]bool{} // the bullet lists right under horizons with no theme
	bullets, first, listed := 0, 0, 0
	// doneSpans are the sections among the horizons that hold work done
	// ("### Completed in 2024" beside "### Short Term"): their units are
	// done.
	type span struct{ start, end int }
	var doneSpans []span
	doneIn := func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node) {
		for _, sp := range doneSpans {
			if !s.Status.Set() && !s.Skipped && sp.start <= s.Heading.Start && s.Heading.Start < sp.end {
				s.Status = Field{Value: StatusClosed, Pos: b.p.Position(sp.start)}
			}
		}
	}
	for i, r := range sc.heads {
		if r.node.Level != level {
			continue
		}
		if !horizonAt(i) {
			if !b.doneHorizon(sc, i, horizonAt) {
				continue
			}
			end := len(b.src)
			for _, t := range sc.heads[i+1:] {
				if t.node.Level <= level {
					end = t.head.Start
					break
				}
			}
			doneSpans = append(doneSpans, span{r.head.Start, end})
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
		// "## Next: connect agents to real project workflows" names its
		// theme itself: its bullets are that theme's details.
		anyTheme = anyTheme || themes > 0 || namesTheme(r.head.Text)
		if themes == 0 && b.sectionHasWork(r.node) {
			units[r.node] = true
			lines = append(lines, r.head.Pos.Line)
			had := bullets
			for n := r.node.NextSibling(); n != nil; n = n.NextSibling() {
				if _, ok := n.(*ast.Heading); ok {
					break
				}
				if l, ok := n.(*ast.List); ok && !l.IsOrdered() {
					lists[l] = true
					b.countBullets(l, &bullets, &first)
				}
			}
			if bullets > had {
				listed++
			}
		}
	}
	if len(units) < 2 || !anyTheme && listed == 0 {
		// "### Next Release" and "### Future Releases" in prose alone,
		// each pointing to where its work is tracked: no work of its own.
		return nil
	}
	if !anyTheme && listed == len(units) && bullets >= 2*len(units) {
		// "## Near-Term Improvements" and "## Later Ideas", each a list
		// of plain bullets and no theme: the bullets are the items.
		cfg := shapeConfig{items: &itemPattern{bullet: true}, only: lists, phaseLevel: -1, name: horizonsDescription, unit: doneIn}
		return &Candidate{Name: "items", Description: horizonsDescription, Units: bullets, First: []int{first},
			Declare: "format: horizons", Score: scoreHeadings, level: level + 1,
			Why:  fmt.Sprintf("%d plain bullets under %d horizon sections of a roadmap, none with a theme of its own", bullets, len(units)),
			read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }}
	}
	cfg := headingsByPlace(units, horizonsDescription, false)
	cfg.unit = doneIn
	return &Candidate{Name: "headings", Description: horizonsDescription, Units: len(units), First: firstOf(lines),
		Declare: "format: horizons", Score: scoreHeadings, level: level + 1,
		Why:  fmt.Sprintf("%d themes under %d horizon sections of a roadmap", len(units), byLevel[level]),
		read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }}
}

// doneHorizon reports whether heading i, at the horizons' level, holds
// work done beside them: its title says done ("Completed in 2024",
// "Shipped") and a horizon heading shares its parent section.
func (b *builder) doneHorizon(sc *shapeScan, i int, horizonAt func(int) bool) bool {
	r := sc.heads[i]
	if st := readStatus(r.head.Text); !st.known || st.status != StatusClosed {
		return false
	}
	for _, dir := range []int{-1, 1} {
		for j := i + dir; j >= 0 && j < len(sc.heads); j += dir {
			t := sc.heads[j]
			if t.node.Level < r.node.Level {
				break
			}
			if t.node.Level == r.node.Level && horizonAt(j) {
				return true
			}
		}
	}
	return false
}

// headingsByPlace reads exactly the headings of units as the units, one
// after another, numbered by their place; with dropNumber, a number
// before a heading's title ("2. B10 – Secure APIs", a document's section
// number) leaves the title.
func headingsByPlace(units map[ast.Node]bool, name string, dropNumber bool) shapeConfig {
	place := 0
	return shapeConfig{phaseLevel: -1, name: name,
		units: func(_ *shapeScan, r *shapeHead) bool { return units[r.node] },
		retag: func(r *shapeHead) {
			if !units[r.node] {
				return
			}
			place++
			t := strings.TrimLeftFunc(r.head.Text, decoration)
			if id, rest, ok := (itemPattern{parts: 1}).match(itemText{text: t}); dropNumber && ok && id != "" {
				t = rest
			} else if i := strings.Index(r.head.Text, "("); i >= 0 && i < len(r.head.Text)-len(t) {
				// "(c) Title": its letter kept whole, as "C. Title" keeps
				// its own.
				t = r.head.Text[i:]
			}
			r.sh = shape{kind: shapeUnit, word: "item", id: strconv.Itoa(place), sep: true, rest: t, title: cleanTitle(t), lead: leadOf(r.head.Text)}
		}}
}

// namesTheme reports a horizon heading that names its theme after the
// horizon: "Near term: make Maestro easier to try", "Later — Plugins".
func namesTheme(text string) bool {
	for _, sep := range []string{":", "：", " — ", " – ", " - "} {
		if _, after, ok := strings.Cut(text, sep); ok && len(strings.Fields(after)) >= 2 && !onlyWhen(after) {
			return true
		}
	}
	return false
}

// whenHeading reports a heading that opens by saying when, and only when,
// before its separator: "Early July 2024: release 0.17", "Q3 2025 — ...".
func whenHeading(text string) bool {
	for _, sep := range []string{":", "：", " — ", " – "} {
		if before, _, ok := strings.Cut(text, sep); ok {
			return onlyWhen(before) && strings.IndexFunc(before, unicode.IsDigit) >= 0
		}
	}
	return false
}

// onlyWhen reports a text that only says when: "summer 2024", "early Q3
// 2025", "July–August 2024".
func onlyWhen(text string) bool {
	f := lowerWords(text)
	for _, w := range f {
		switch {
		case slices.Contains(seasonWords, w):
		case strings.TrimLeft(w, "0123456789") == "": // a year, a day
		case len(w) == 2 && (w[0] == 'q' || w[0] == 'h') && w[1] >= '1' && w[1] <= '4': // a quarter, a half
		case len(w) >= 3 && slices.ContainsFunc(monthNames, func(m string) bool { return strings.HasPrefix(m, w) }):
		default:
			return false
		}
	}
	return len(f) > 0
}

// seasonWords say when within a year, beside its months and quarters.
var seasonWords = []string{"spring", "summer", "autumn", "fall", "winter", "early", "mid", "late", "end", "of"}

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
