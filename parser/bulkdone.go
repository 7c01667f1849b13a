package parser

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// A plan's status section may say in one sentence how far the work has
// come: "Completed through Phase 12", "Completado hasta la Phase 12",
// "Phases 1-3 are complete". Before the first unit, such a sentence marks
// the units of those phases done, unless a unit's own status says
// otherwise, which a warning names.

// doneThroughRE matches "completed through Phase N" and its translations.
var doneThroughRE = lazyMustCompile(`(?i)\b(?:completed?|done|finished|completad[oa]|conclu[íi]d[oa]|terminad[oa]|abgeschlossen|erledigt|termin[ée]e?)\s+` +
	`(?:through|thru|up to|until|hasta(?: la| el)?|at[ée](?: a| o)?|bis(?: zur| zum)?|jusqu['’]à(?: la| le)?)\s+` +
	`(?:phase|fase|sprint|stage|etapa|step)\s+(\d+)\b`)

// doneRangeRE matches "Phases 1-3 are complete" and its translations.
var doneRangeRE = lazyMustCompile(`(?i)\b(?:phases|fases|sprints|stages|etapas|phasen)\s+(\d+)\s*(?:-|–|—|to|through|a|bis)\s*(\d+)\s+` +
	`(?:(?:are|were|sind|están|estão|sont)\s+)?(?:all\s+)?(?:complete|completed|done|finished|completad[oa]s|conclu[íi]d[oa]s|abgeschlossen|erledigt|termin[ée]es)\b`)

// doneRangeCJKRE matches "フェーズ1〜8までが完了", "阶段1-3已完成", "단계 1~3 완료":
// Chinese, Japanese and Korean forms: the phase word, the first number and
// the last, and a done word.
var doneRangeCJKRE = lazyMustCompile(`(?:フェーズ|阶段|階段|단계|Phase)\s?(\d+)\s*(?:〜|～|~|-|–|至|到)\s*(?:フェーズ|阶段|階段|단계|Phase)?\s?(\d+)\s*(?:まで)?\s*(?:が|は|均|都|까지|가|는)?\s*(?:すべて|全て|全部|모두)?\s*(?:完了|已完成|已全部完成|完成|완료)`)

// progressHeading reports a section heading that reports how far the work
// has come: "## 実装状況アップデート", "### 完了したフェーズ", "## Status update".
func progressHeading(text string) bool {
	t := strings.ToLower(text)
	if strings.Contains(t, "summary") || strings.Contains(t, "tracking") {
		// "## Summary" restates the plan; "## Progress tracking" says how
		// to keep it.
		return false
	}
	return reportSection(text) || containsAny(t, []string{"status update", "progress", "実装状況", "進捗", "状況", "完了した", "进度", "进展", "已完成", "現況", "현황", "진행 상황"})
}

// firstUnitStart is the offset of the first unit's heading; false when
// the plan has no unit.
func (b *builder) firstUnitStart() (int, bool) {
	if len(b.p.Sprints) == 0 {
		return 0, false
	}
	first := b.p.Sprints[0].Heading.Start
	for _, s := range b.p.Sprints {
		first = min(first, s.Heading.Start)
	}
	return first, true
}

// doneThrough reads the first such sentence before the plan's first unit,
// or in a section after its last unit that reports its progress ("###
// 完了したフェーズ" over "フェーズ1〜8までが完了しています"), and marks the units it
// names.
func (b *builder) doneThrough(doc ast.Node) {
	first, ok := b.firstUnitStart()
	if !ok {
		return
	}
	// After the last unit's section ends, a section that reports the
	// work's progress may say the same; the latest such sentence wins.
	last, level := 0, 6
	for _, s := range b.p.Sprints {
		last = max(last, s.Heading.Start, s.End)
		if s.Heading.Level > 0 {
			level = min(level, s.Heading.Level)
		}
	}
	report := false
	found := false
	var lo, hi int
	var said string
	var at Pos
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		start := b.blockStart(n)
		after := start >= last
		if h, ok := n.(*ast.Heading); ok && after {
			if h.Level <= level || !report {
				full, _ := readHeading(h, b.src)
				report = progressHeading(full)
			}
		}
		if start >= first && !(after && report) {
			continue
		}
		par, ok := n.(*ast.Paragraph)
		if q, isQuote := n.(*ast.Blockquote); isQuote {
			par, ok = q.FirstChild().(*ast.Paragraph)
		}
		if !ok {
			continue
		}
		text := b.trimmedText(par)
		l, h, m := doneRun(text)
		if h < l || h == 0 || after && hedgedRun(text) {
			// "When phases 1-3 are done, ...", "阶段1-3完成后": a
			// condition or a plan, not a report.
			continue
		}
		lo, hi, said, at, found = l, h, m, b.p.Position(b.blockStart(par)), true
		if !after {
			break // before the first unit, the first sentence says it
		}
	}
	if found {
		b.markDoneThrough(lo, hi, said, at)
	}
}

// doneRun reads a sentence that says a run of phases is done: the first
// and last phase and the words that say it.
func doneRun(text string) (lo, hi int, said string) {
	if m := doneThroughRE.FindStringSubmatch(text); m != nil {
		return 1, leadingNum(m[1]), m[0]
	}
	if m := doneRangeRE.FindStringSubmatch(text); m != nil {
		return leadingNum(m[1]), leadingNum(m[2]), m[0]
	}
	if loc := doneRangeCJKRE.FindStringSubmatchIndex(text); loc != nil {
		rest := strings.TrimLeft(text[loc[1]:], " ")
		for _, w := range cjkNotDone {
			if strings.HasPrefix(rest, w) {
				// "阶段1-3完成后", "フェーズ1〜3は完了していません", "완료 예정일":
				// after, not yet, planned.
				return 0, 0, ""
			}
		}
		return leadingNum(text[loc[2]:loc[3]]), leadingNum(text[loc[4]:loc[5]]), text[loc[0]:loc[1]]
	}
	return 0, 0, ""
}

// cjkNotDone, right after a done word, make it no report: after, before,
// the degree of, planned, not yet.
var cjkNotDone = []string{"后", "後", "之后", "以后", "前", "度", "率", "予定", "예정", "したら", "していな", "していません", "しておらず", "せず", "되면", "하면", "후", "時", "时", "的时候", "情况"}

// hedgedRun reports an English sentence that names a run of phases done
// only as a condition, a target, an instruction or with an exception
// ("When phases 1-3 are done", "Target: phases 1-2 complete by March",
// "Mark phases 1-3 done", "complete except for the tests").
func hedgedRun(text string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "when", "once", "if", "until", "unless", "target", "targets", "mark", "except", "but", "before", "by", "will", "should", "planned", "expected", "after":
			return true
		}
	}
	return false
}

// markDoneThrough closes the units of phases lo to hi whose own section
// says nothing of their status.
func (b *builder) markDoneThrough(lo, hi int, said string, at Pos) {
	marked := 0
	for _, s := range b.p.Sprints {
		if s.Phase == nil || s.Phase.Num < lo || s.Phase.Num > hi || s.Skipped {
			continue
		}
		open := b.openBoxLine(s)
		switch {
		case !s.Status.Set() && open > 0:
			b.p.warnf(s.Heading.Pos, "line %d says %q, but unit %s has a task not ticked (line %d): read as open", at.Line, said, s.ID, open)
		case !s.Status.Set():
			s.Status = Field{Value: StatusClosed, Pos: at}
			marked++
		case s.Status.Value != StatusClosed:
			b.p.warnf(s.Heading.Pos, "line %d says %q, but unit %s says it is %s (line %d): read as it says", at.Line, said, s.ID,
				strings.ReplaceAll(s.Status.Value, "_", " "), s.Status.Pos.Line)
		}
	}
	if marked > 0 {
		b.p.Readings = append(b.p.Readings, Reading{Pos: at, Text: fmt.Sprintf("%q: the units of phases %d to %d that say nothing of their own status are read as done (%d)", said, lo, hi, marked)})
	}
}

// openBoxRE matches a line that is an unticked checkbox item.
var openBoxRE = lazyMustCompile(`(?m)^[ \t]*[-*+] \[ \]`)

// openBoxLine is the line of the first unticked checkbox in unit s's
// section, 0 when there is none.
func (b *builder) openBoxLine(s *Sprint) int {
	end := s.End
	if end <= s.Heading.Start || end > len(b.src) {
		end = len(b.src)
	}
	loc := openBoxRE.FindSubmatchIndex(b.src[s.Heading.Start:end])
	if loc == nil {
		return 0
	}
	return b.p.Position(s.Heading.Start + loc[0]).Line
}

// A closing section may list what is done, one line a phase or version:
//
//	## Completed versions
//	✅ **v0.2** — Core (all tasks done)
//
// Each line with a done mark that names a phase, version or unit of the
// plan marks its units done, when their own sections say nothing.

// doneLineRE takes the id a done line names: "**v0.2**", "Phase 3",
// "Sprint 1.2".
var doneLineRE = lazyMustCompile(`(?i)^(?:✅|✔️?|☑️?|\[x\])\s*(?:\*\*|__)?\s*(?:(?:phase|fase|sprint|stage|etapa|version|versión|versão|версия|step)\s+)?v?(\d+(?:\.\d+)*[a-z]?)\b`)

// doneTitleRE takes the phase or unit a done section's title names in
// brackets: "Completed (Phase 1)", "Done (Sprint 2.1)". A log's heading
// ("✅ Sprint 1.3: Refunds") is an entry, read as one.
var doneTitleRE = lazyMustCompile(`(?i)\((?:phase|fase|sprint|stage|etapa|step)\s+(\d+(?:\.\d+)*[a-z]?)\)`)

// doneSections reads the sections after the first unit whose titles say
// done, and marks the units their done lines name.
func (b *builder) doneSections(doc ast.Node) {
	first, ok := b.firstUnitStart()
	if !ok {
		return
	}
	if !bytes.Contains(b.src, []byte("✅")) && !bytes.Contains(b.src, []byte("✔")) && !bytes.Contains(b.src, []byte("☑")) &&
		!bytes.Contains(b.src, []byte("[x]")) && !bytes.Contains(b.src, []byte("[X]")) {
		return // no done line to read
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level < 2 || b.blockStart(h) < first || b.unitHeadingAt(b.blockStart(h)) || sectionState(b.trimmedText(h)) != StatusClosed {
			continue
		}
		end := len(b.src)
		for m := h.NextSibling(); m != nil; m = m.NextSibling() {
			if mh, ok := m.(*ast.Heading); ok && mh.Level <= h.Level {
				end = b.blockStart(mh)
				break
			}
		}
		if m := doneTitleRE.FindStringSubmatch(b.trimmedText(h)); m != nil {
			// "### Completed (Phase 2.1)": the title names what is done.
			b.markDoneLine(m[1], b.trimmedText(h), b.heading(h).Pos)
		}
		start := lineEnd(b.src, b.blockStart(h))
		for _, line := range strings.Split(string(b.src[start:end]), "\n") {
			t := strings.TrimLeft(strings.TrimSpace(line), "-*+ ")
			m := doneLineRE.FindStringSubmatch(t)
			if m != nil {
				b.markDoneLine(m[1], strings.TrimSpace(line), b.p.Position(start))
			}
			start += len(line) + 1
		}
	}
}

// markDoneLine closes the units that id names: a unit by its id as written,
// or every unit of a phase or version ("0.2" for "0.2.1" and "0.2.3").
func (b *builder) markDoneLine(id, line string, at Pos) {
	marked := 0
	for _, s := range b.p.Sprints {
		phase := s.Phase != nil && s.Phase.Heading.Text != "" && strings.EqualFold(s.Phase.ID, id)
		named := phase
		for _, w := range []string{s.WrittenID, headingID(s.Heading.Text)} {
			w = strings.ToLower(strings.TrimPrefix(w, "v"))
			named = named || w != "" && (w == id || strings.HasPrefix(w, id+"."))
		}
		if s.Skipped || !named {
			continue
		}
		if open := b.openBoxLine(s); !s.Status.Set() && open > 0 {
			b.p.warnf(s.Heading.Pos, "line %d says %q, but unit %s has a task not ticked (line %d): read as open", at.Line, line, s.ID, open)
			continue
		}
		if !s.Status.Set() {
			s.Status = Field{Value: StatusClosed, Pos: at}
			marked++
		}
	}
	if marked > 0 {
		b.p.Readings = append(b.p.Readings, Reading{Pos: at, Text: fmt.Sprintf("%q: its units are read as done (%d)", line, marked)})
	}
}

// unitHeadingAt reports whether a unit's heading starts at offset at.
func (b *builder) unitHeadingAt(at int) bool {
	u := b.unitAt(at)
	return u != nil && u.Heading.Start == at
}

// headingID is the id a unit's heading is written with ("0.2.1" of "0.2.1
// Pluggable styles", "3" of "Step 3: Wire it"), "" when it has none.
func headingID(text string) string {
	if sh := readShape(text); sh.kind != shapeOther {
		return sh.id
	}
	id, _ := splitShapeID(strings.TrimLeftFunc(text, decoration))
	return id
}

// frontMatterDone closes the units of a plan whose front matter says the
// whole plan is done ("status: complete", as GSD writes in a finished
// phase plan whose tasks carry no mark): those with no status of their
// own, with a warning.
func (b *builder) frontMatterDone(yml []byte) {
	for line := range strings.Lines(string(yml)) {
		v, found := strings.CutPrefix(line, "status:")
		if !found {
			continue
		}
		v = strings.TrimSpace(unquoteValue(strings.TrimSpace(v)))
		if r := readStatus(v); !r.known || r.status != StatusClosed {
			return
		}
		var closed []string
		for _, s := range b.defs {
			if !s.Status.Set() && !s.Skipped {
				s.Status = Field{Value: StatusClosed, Pos: Pos{Line: 1, Col: 1}}
				closed = append(closed, s.ID)
			}
		}
		if len(closed) > 0 {
			b.p.warnf(Pos{Line: 1, Col: 1}, "the front matter says status: %s, so the units with no status of their own are closed: %s", v, idList(closed))
		}
		return
	}
}
