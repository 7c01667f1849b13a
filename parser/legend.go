package parser

import (
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// A legend is a plan's own key to the marks it writes in place of
// checkboxes:
//
//	## Legend
//	- ✅ Implemented
//	- 🔧 In progress
//	- [ ] To do
//
// With one, a list item that opens with a mark the legend defines as done
// or in progress is read as a ticked or started checkbox ("- ✅ **Search**
// — debounce"), as "- [x]" would be. Without one, such marks stay text:
// a status emoji alone does not make a bullet a task.

// legendNames are the headings a legend stands under, normalised.
var legendNames = map[string]bool{
	"legend": true, "légende": true, "legende": true, "leyenda": true, "legenda": true,
	"key": true, "status key": true, "status legend": true, "legend and status": true,
	"图例": true, "凡例": true, "범례": true, "표기": true, "обозначения": true, "условные обозначения": true,
}

// legendMark is what a legend says one mark means.
type legendMark struct {
	mark     string // "✅"
	done     bool
	progress bool
	blocked  bool
}

// legend is what the document's legend defines, with the list items that
// define it: those are the key, not work.
type legend struct {
	marks []legendMark
	items map[ast.Node]bool
	pos   Pos // the legend's heading
	used  int // items read by it since the count was last reset
	rows  int // table rows whose status it read, since the same
}

// findLegend reads the list under the document's legend heading, if it
// has one whose items define at least one mark as done or in progress.
func (b *builder) findLegend(doc ast.Node) *legend {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if p, ok := n.(*ast.Paragraph); ok {
			if lg := b.legendLine(p); lg != nil {
				return lg
			}
			continue
		}
		h, ok := n.(*ast.Heading)
		if !ok || !legendNames[normalHeading(b.trimmedText(h))] {
			continue
		}
		l, ok := h.NextSibling().(*ast.List)
		if !ok {
			return nil
		}
		lg := &legend{items: map[ast.Node]bool{}, pos: b.heading(h).Pos}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			lg.items[it] = true
			t, ok := b.readItemText(it)
			if !ok || t.box {
				continue // "- [ ] To do": a checkbox needs no key
			}
			lg.define(t.text)
		}
		if len(lg.marks) == 0 {
			return nil
		}
		return lg
	}
	return nil
}

// legendLine reads a legend written as one paragraph: "**Legend:** ✅ Done
// · 🔄 In progress · ⬜ Planned", or one entry a line.
func (b *builder) legendLine(p *ast.Paragraph) *legend {
	name, rest, ok := strings.Cut(b.trimmedText(p), ":")
	if !ok || !legendNames[normalHeading(name)] {
		return nil
	}
	lg := &legend{pos: b.p.Position(b.blockStart(p))}
	if lines := p.Lines(); lines.Len() > 1 {
		// "Legend:" over "  ○ Not started", "  ◐ Started": one entry a
		// line, which the paragraph's text runs together.
		var entries []string
		for i := range lines.Len() {
			seg := lines.At(i)
			entries = append(entries, string(seg.Value(b.src)))
		}
		_, rest, _ = strings.Cut(strings.Join(entries, "\x00"), ":")
	}
	rest = strings.NewReplacer("|", "\x00", "·", "\x00", ",", "\x00", ";", "\x00", "•", "\x00").Replace(rest)
	for _, part := range strings.Split(rest, "\x00") {
		lg.define(strings.TrimSpace(part))
	}
	if len(lg.marks) == 0 {
		return nil
	}
	return lg
}

// define reads one entry of a legend, "✅ Implemented" or "🔄 = in
// progress", and keeps its mark when it means done or in progress.
func (lg *legend) define(entry string) {
	mark, meaning := splitMark(entry)
	if mark == "" {
		return
	}
	switch r := readStatus(meaning); {
	case r.status == StatusClosed:
		lg.marks = append(lg.marks, legendMark{mark: mark, done: true})
	case r.status == StatusInProgress:
		lg.marks = append(lg.marks, legendMark{mark: mark, progress: true})
	case r.status == StatusBlocked:
		lg.marks = append(lg.marks, legendMark{mark: mark, blocked: true})
	case r.status == StatusOpen && r.known || hasAnyWord(meaning, plannedWords):
		// "📋 Planned", "🔮 Under consideration": work still to do, an
		// open box.
		lg.marks = append(lg.marks, legendMark{mark: mark})
	}
}

// plannedWords, in a legend's meaning, say a mark is work still to come.
var plannedWords = []string{"planned", "planning", "to do", "todo", "next", "future", "upcoming", "pending", "not started", "backlog",
	"under consideration", "considering", "planejado", "planeado", "planificado", "previsto", "prévu", "prévue", "geplant",
	"pendiente", "pendente", "consideração", "consideración", "en consideración", "à venir"}

// splitMark splits "✅ Implemented" into its mark and its meaning: the
// mark is the run of symbols before the first space, with no letter or
// digit in it, or an emoji's short code (":ship: - Completed").
func splitMark(text string) (mark, meaning string) {
	m, rest, ok := strings.Cut(text, " ")
	if !ok || m == "" || strings.IndexFunc(m, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 && !shortCode(m) {
		return "", ""
	}
	return m, strings.TrimSpace(strings.TrimLeft(rest, "=:-–— "))
}

// shortCode reports an emoji's short code, ":ship:" or ":white_check_mark:".
func shortCode(m string) bool {
	name, ok := strings.CutPrefix(m, ":")
	if name, ok = strings.CutSuffix(name, ":"); !ok || name == "" {
		return false
	}
	return strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '+' || r == '-')
	}) < 0
}

// mark returns what the legend defines text, one mark alone, to mean; nil
// when it defines no such mark (or there is no legend).
func (lg *legend) mark(text string) *legendMark {
	if lg == nil {
		return nil
	}
	for i := range lg.marks {
		if lg.marks[i].mark == text {
			return &lg.marks[i]
		}
	}
	return nil
}

// read reads t by the legend: an item that opens with a defined
// mark is a checkbox, ticked or started as the legend says.
func (lg *legend) read(t *itemText) {
	if lg == nil || t.box {
		return
	}
	for _, m := range lg.marks {
		rest, ok := strings.CutPrefix(t.text, m.mark+" ")
		if !ok {
			continue
		}
		t.box, t.done, t.progress = true, m.done, m.progress
		t.text = strings.TrimSpace(rest)
		lg.used++
		return
	}
}

// says tells the preview how the legend was read, when the chosen reading
// took items by it.
func (lg *legend) says() (Reading, bool) {
	if lg == nil || lg.used == 0 && lg.rows == 0 {
		return Reading{}, false
	}
	var marks []string
	for _, m := range lg.marks {
		state := "done"
		switch {
		case m.progress:
			state = "in progress"
		case m.blocked:
			state = "blocked"
		case !m.done:
			state = "open"
		}
		marks = append(marks, m.mark+" "+state)
	}
	if lg.used == 0 {
		return Reading{Pos: lg.pos, Text: "the marks in a table's unnamed first column are the rows' status, as the legend defines them: " + strings.Join(marks, ", ")}, true
	}
	return Reading{Pos: lg.pos, Text: "list items that open with a mark the legend defines are read as checkboxes: " + strings.Join(marks, ", ")}, true
}
