package parser

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// warnOrphanBoxes says when the reading taken reads headings as the units
// and checkbox items stand after its first unit but outside every unit's
// section ("## 현재 진행 중" and "## 기능 백로그" after the phases' units):
// work the plan lists that becomes no bead, said at the first of them
// with the line that would read them. Boxes under criteria, testing or
// history sections are checks and records, and pass in silence.
func (b *builder) warnOrphanBoxes(doc ast.Node, c *Candidate) {
	if c.Name != "headings" && c.Name != "phases" || len(b.p.Sprints) == 0 || !hasCheckbox(b.src) {
		return
	}
	type span struct{ start, end int }
	var spans []span
	first := -1
	for _, units := range [][]*Sprint{b.p.Sprints, b.p.Skipped} {
		for _, s := range units {
			spans = append(spans, span{s.Heading.Start, s.End})
			if first < 0 || s.Heading.Start < first {
				first = s.Heading.Start
			}
		}
	}
	// Units do not overlap: the last one to open at or before off holds
	// it, if any does.
	slices.SortFunc(spans, func(x, y span) int { return cmp.Compare(x.start, y.start) })
	inUnit := func(off int) bool {
		i, _ := slices.BinarySearchFunc(spans, off+1, func(sp span, t int) int { return cmp.Compare(sp.start, t) })
		return i > 0 && off < spans[i-1].end
	}
	n := 0
	var pos Pos
	section, at := "", ""
	quiet := false
	for blk := doc.FirstChild(); blk != nil; blk = blk.NextSibling() {
		if h, ok := blk.(*ast.Heading); ok {
			section = b.trimmedText(h)
			quiet = criteriaHeading(section) || testingHeading(section) || historySection(section) || doneWorkSection(section)
			continue
		}
		l, ok := blk.(*ast.List)
		if !ok || quiet {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			off := b.blockStart(it)
			if off < first || inUnit(off) {
				continue
			}
			if t, ok := b.readItemText(it); ok && t.box && t.text != "" {
				if n == 0 {
					pos, at = b.p.Position(off), section
				}
				n++
			}
		}
	}
	if n == 0 {
		return
	}
	what := fmt.Sprintf("%d checkbox items stand", n)
	if n == 1 {
		what = "1 checkbox item stands"
	}
	b.p.warnf(pos, "%s outside every unit the plan is read as (the first under %q); they become no bead (if they are work, declare units: \"- [ ] {title}\" to read the checkbox items as the units)", what, at)
}

// warnWordless says when the reading taken reads headings with a unit word
// and a number ("## Slice 6a — ...") and a heading of the same level opens
// with that word and a label in its number's place, then a title
// ("## Slice layout — Normalize crates"): it is no unit, and its section
// is read as part of the unit above it, or as no unit's. A section about
// the units ("## Task Overview") has no title after a label.
func (b *builder) warnWordless(doc ast.Node, c *Candidate) {
	if c.Name != "headings" || c.level == 0 {
		return
	}
	pat, ok := strings.CutPrefix(c.Declare, `units: "`)
	if !ok {
		return
	}
	word, _, ok := strings.Cut(strings.TrimLeft(pat, "# "), " {n}")
	if !ok || word == "" || strings.ContainsAny(word, "{} ") {
		return
	}
	var units map[int]bool // the units' heading offsets, once a heading needs them
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level != c.level {
			continue
		}
		text := b.trimmedText(h)
		first, rest, _ := strings.Cut(text, " ")
		next, after, _ := strings.Cut(rest, " ")
		if !strings.EqualFold(first, word) || strings.ContainsAny(next, "0123456789") {
			continue // "Session 1.2 — 2026-01-04": numbered, read or said elsewhere
		}
		if after = strings.TrimSpace(after); !strings.HasSuffix(next, ":") && !strings.HasPrefix(after, "—") && !strings.HasPrefix(after, "–") && !strings.HasPrefix(after, "- ") {
			continue // "Task Overview", "Sprint cadence": a section about the units, not one
		}
		at := b.blockStart(h)
		if units == nil {
			units = map[int]bool{}
			for _, list := range [][]*Sprint{b.p.Sprints, b.p.Skipped} {
				for _, s := range list {
					units[s.Heading.Start] = true
				}
			}
		}
		if units[at] {
			continue
		}
		where := "no unit's"
		if u := b.unitAt(at); u != nil {
			where = "part of unit " + u.ID + "'s"
		}
		b.p.warnf(b.p.Position(at), "heading %q opens with the unit word %q but has no number, so it is no unit: its section is read as %s; number it (%q) to make it one", text, word, where, strings.Repeat("#", h.Level)+" "+word+" N: "+strings.TrimLeft(rest, " "))
	}
}
