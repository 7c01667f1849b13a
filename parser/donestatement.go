package parser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads what a plan says in prose about all of its work: "All
// implementation tasks below are complete", "**Part 5 COMPLETE.**",
// "Status: Implemented on April 27, 2026", "PR1-PR9 全部完成". Where the
// units carry no mark that agrees, the prose and the marks disagree, and
// which one the author kept up is not for the parser to guess: it reads
// the marks, says so at the statement's line, and offers `done: all`,
// the one line that reads the prose instead. A plan that declares `done:
// all` (front matter, .architect.yaml, --reading) has every unit it does
// not skip read done.

// DoneAll is the declaration that reads every unit done.
const DoneAll = "done: all"

// doneDeclared reads a `done:` line: d's when it is one, else the front
// matter's. It reports where it was declared; a value other than "all" is
// an error at its line.
func (b *builder) doneDeclared(yml []byte, base Pos, d *Declared) (*Declared, bool) {
	fm := d == nil
	if fm {
		for n, l := range strings.Split(string(yml), "\n") {
			k, v, ok := strings.Cut(strings.TrimRight(l, "\r"), ":")
			if ok && k != "" && k[0] != ' ' && k[0] != '\t' && strings.EqualFold(unquoteValue(strings.TrimSpace(k)), "done") {
				// "done: all  # shipped in v2": YAML's comment is no part of
				// the value.
				if c := strings.Index(v, " #"); c >= 0 {
					v = v[:c]
				}
				d = &Declared{Line: "done: " + unquoteValue(strings.TrimSpace(v)), File: b.p.File, Pos: Pos{Line: base.Line + n, Col: 1}, From: "the front matter"}
				break
			}
		}
		if d == nil {
			return nil, false
		}
	}
	_, v, _ := strings.Cut(d.Line, ":")
	if strings.ToLower(unquoteValue(strings.TrimSpace(v))) != "all" {
		pos := d.Pos
		if !pos.IsValid() {
			pos = Pos{Line: 1, Col: 1}
		}
		if fm {
			// "done: false" in a front matter shared with other tools:
			// another tool's key, ignored as an unknown setting is.
			b.p.warnf(pos, "%s: %q is not `%s`, the one value the key takes (every unit not skipped is done); ignored", d.where(), d.Line, DoneAll)
			return nil, false
		}
		b.p.errorf(pos, "%s: want `%s` (every unit not skipped is done), not %q", d.where(), DoneAll, d.Line)
		return nil, false
	}
	return d, true
}

// DoneLine reports whether a declaration line is a `done:` line, which
// says what is done rather than what the units are.
func DoneLine(line string) bool {
	k, _, ok := strings.Cut(line, ":")
	return ok && strings.EqualFold(strings.TrimSpace(k), "done")
}

// readAllDone closes every unit the plan does not skip, as a declared
// `done: all` says, and notes it; or, with no declaration, finds a
// statement that the whole work is done where some units are not, warns
// of the disagreement and offers the line that reads the statement.
func (b *builder) readAllDone(doc ast.Node, done *Declared) {
	var open []*Sprint
	for _, s := range b.p.Sprints {
		if s.Status.Value != StatusClosed {
			open = append(open, s)
		}
	}
	if done != nil {
		at := done.Pos
		if !at.IsValid() {
			at = Pos{Line: 1, Col: 1}
		}
		ids := make([]string, 0, len(open))
		for _, s := range open {
			s.Status = Field{Value: StatusClosed, Pos: at}
			ids = append(ids, s.ID)
		}
		text := fmt.Sprintf("%s (%s): every unit not skipped is read done", DoneAll, done.where())
		if len(ids) > 0 {
			text += ", with no mark of done before: " + idList(ids)
		}
		b.p.Readings = append(b.p.Readings, Reading{Pos: at, Text: text})
		return
	}
	if len(open) == 0 || len(b.p.Candidates) == 0 {
		return
	}
	if st, ok := b.rangeDone(doc); ok && !slices.ContainsFunc(open, func(s *Sprint) bool { return s.Status.Pos.IsValid() }) {
		// "T001–T088 are complete." under "## Completion status", over
		// units with no mark of their own: a record of done that names
		// them, first to last.
		ids := make([]string, 0, len(open))
		for _, s := range open {
			s.Status = Field{Value: StatusClosed, Pos: st.pos}
			ids = append(ids, s.ID)
		}
		b.p.Readings = append(b.p.Readings, Reading{Pos: st.pos, Text: fmt.Sprintf("%q names the units first to last as done, and none carries a mark of its own: read done: %s", st.text, idList(ids))})
		return
	}
	st, ok := b.doneStatement(doc)
	if !ok {
		return
	}
	chosen := -1
	for i, c := range b.p.Candidates {
		if c.Chosen {
			chosen = i
			break
		}
	}
	if chosen < 0 || b.p.Candidates[chosen].Name == "none" {
		return
	}
	units := len(b.p.Sprints) + len(b.p.Skipped)
	quote := st.text
	if r := []rune(quote); len(r) > 80 {
		quote = string(r[:79]) + "…"
	}
	b.p.warnf(st.pos, "this line says the plan's work is done (%q), but %d of its %d units are not marked done, and they are read open; if the line is right, `%s` reads them done", quote, len(open), units, DoneAll)
	c := b.p.Candidates[chosen]
	offer := Candidate{
		Name:        "done",
		Description: fmt.Sprintf("the same units, every one done, as line %d says", st.pos.Line),
		Units:       c.Units,
		First:       c.First,
		Declare:     DoneAll,
		Score:       c.Score,
		Why:         fmt.Sprintf("line %d says the work is done, but %d units are not marked done", st.pos.Line, len(open)),
	}
	b.p.Candidates = append(b.p.Candidates[:chosen+1], append([]Candidate{offer}, b.p.Candidates[chosen+1:]...)...)
}

// rangeDoneRE is a sentence that says a range of ids is done: "T001–T088
// are complete", "TASK-1 to TASK-12 were done".
var rangeDoneRE = lazyMustCompile(`(?i)^(?:all\s+(?:of\s+)?)?([\pL]+[-_]?\d+)\s*(?:–|—|-|\.\.|to|through)\s*([\pL]+[-_]?\d+)\s+(?:are|were|have\s+been)\s+(?:all\s+)?(?:complete|completed|done|implemented|finished|shipped)\b`)

// leadIDRE is an id a unit's line opens with: "T001", "TASK-12".
var leadIDRE = lazyMustCompile(`^([\pL]+[-_]?)(\d+)\b`)

// idOf splits an id into its word and its number: "T001" is "t", 1.
func idOf(s string) (string, int, bool) {
	m := leadIDRE.FindStringSubmatch(s)
	if m == nil {
		return "", 0, false
	}
	n, err := strconv.Atoi(m[2])
	return strings.ToLower(m[1]), n, err == nil
}

// rangeDoneTail is what, after "T001–T004 are done", says how, when or by
// whom they are done, not that they are: "in order", "when CI is green",
// "by the backend agent".
var rangeDoneTail = lazyMustCompile(`(?i)^\s*,?\s*(?:in\s+order|in\s+sequence|sequentially|one\s+(?:at\s+a\s+time|by\s+one|commit|after)|when|once|if|before|after|by|only|as|using|with|via|through|per|each)\b`)

// rangeDone finds a paragraph's sentence that names the plan's units,
// from its lowest id to its highest ("T001–T088 are complete." over
// rows T001 to T088), as done; tables, code and lists are passed over.
func (b *builder) rangeDone(doc ast.Node) (statement, bool) {
	if len(b.p.Sprints) < 2 {
		return statement{}, false
	}
	word, lo, hi := "", 0, 0
	var seen map[int]bool
	first := len(b.src) // the first unit's start
	for i, s := range b.p.Sprints {
		w, n, ok := idOf(strings.TrimLeft(s.Heading.Text, "|#-*[]xX \t"))
		if !ok || i > 0 && w != word || seen[n] {
			return statement{}, false // no ids, ids of two kinds, or ids that restart
		}
		if i == 0 {
			word, lo, hi = w, n, n
			seen = make(map[int]bool, len(b.p.Sprints))
		}
		seen[n] = true
		lo, hi = min(lo, n), max(hi, n)
		first = min(first, s.Heading.Start)
	}
	report := false // the open section reports on the work
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			report = reportSection(b.trimmedText(h))
			continue
		}
		par, ok := n.(*ast.Paragraph)
		if !ok || !report && b.blockStart(par) > first {
			continue // a record of done opens the plan or reports on it
		}
		for _, sen := range sentences(plainText(par, b.src)) {
			m := rangeDoneRE.FindStringSubmatch(unmarked(sen))
			if m == nil || negated(strings.ToLower(sen)) || rangeDoneTail.MatchString(sen[len(m[0]):]) {
				continue
			}
			w1, a, ok1 := idOf(m[1])
			w2, z, ok2 := idOf(m[2])
			if ok1 && ok2 && w1 == word && w2 == word && a <= lo && z >= hi {
				return statement{b.p.Position(par.Lines().At(0).Start), strings.TrimSpace(sen)}, true
			}
		}
	}
	return statement{}, false
}

// statement is a line of prose that says the whole work is done.
type statement struct {
	pos  Pos
	text string
}

// doneStatement finds the first statement that the plan's whole work is
// done: before its first unit (a banner, a header's status field, a
// "## Progress" note), or in a section after the units that reports on
// them ("## Outcome", "## Execution Status").
func (b *builder) doneStatement(doc ast.Node) (statement, bool) {
	// Offsets, not positions, until a statement is found: the walk passes
	// over every unit of a 10,000-sprint plan.
	first := -1                               // the start of the first unit's line, or of its phase's
	units := make([]int, 0, len(b.p.Sprints)) // the starts of the units' lines, in order
	level := 0                                // the units' heading level: a report's heading is no deeper
	for _, s := range b.p.Sprints {
		at := s.Heading.Start
		if s.Phase != nil && s.Phase.Heading.Level > 0 {
			at = min(at, s.Phase.Heading.Start)
		}
		if first < 0 || at < first {
			first = at
		}
		units = append(units, s.Heading.Start)
		if l := s.Heading.Level; l > 0 && (level == 0 || l < level) {
			level = l
		}
	}
	if first < 0 {
		return statement{}, false
	}
	slices.Sort(units)
	report := false    // the open section reports on the work
	sectioned := false // a section has opened: a status field in it is its own
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		start := lineStart(b.src, max(b.blockStart(n), 0))
		if h, ok := n.(*ast.Heading); ok {
			if _, unit := slices.BinarySearch(units, start); unit {
				report = false
				continue
			}
			// The heading's line, read without a copy: most are passed
			// over.
			text := strings.TrimSpace(strings.TrimLeft(b.source()[start:lineEnd(b.src, start)], "#"))
			if (start < first || report || reportSection(text) && (level == 0 || h.Level <= level)) && (b.statusDone(text) || b.saysAllDone(text, false) || b.reportHeadDone(text)) {
				return statement{b.p.Position(start), text}, true
			}
			// "#### Status" inside a unit is the unit's: a report's
			// heading stands no deeper than the units' own.
			report = reportSection(text) && (level == 0 || h.Level <= level)
			sectioned = sectioned || h.Level > 1
			continue
		}
		fields := !sectioned || report
		if start >= first && !report {
			continue
		}
		var found statement
		ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch c.(type) {
			case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *east.Table:
				return ast.WalkSkipChildren, nil
			case *ast.Paragraph, *ast.TextBlock:
			default:
				return ast.WalkContinue, nil
			}
			lines := c.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				if line := string(seg.Value(b.src)); fields && b.statusDone(line) {
					found = statement{b.p.Position(seg.Start), strings.TrimSpace(line)}
					return ast.WalkStop, nil
				}
			}
			if lines.Len() == 0 {
				return ast.WalkSkipChildren, nil
			}
			// A list item's text names a part of the work, and so does
			// its mark in capitals ("1. Fix X ✅ COMPLETED").
			prose := c.Parent() == nil || c.Parent().Kind() != ast.KindListItem
			for i, s := range sentences(plainText(c, b.src)) {
				if b.saysAllDone(s, prose) || i == 0 && prose && report && pastDone(s) && !b.namesPart(s) {
					found = statement{b.p.Position(lines.At(0).Start), strings.TrimSpace(s)}
					return ast.WalkStop, nil
				}
			}
			return ast.WalkSkipChildren, nil
		})
		if found.text != "" {
			return found, true
		}
	}
	return statement{}, false
}

// reportSection reports a section heading that reports on the work rather
// than planning it: "## Outcome", "## Execution Status", "## Status".
func reportSection(text string) bool {
	t := strings.Trim(text, " #*")
	if k := strings.IndexAny(t, ":(（"); k > 0 {
		t = strings.TrimSpace(t[:k])
	}
	t = strings.TrimLeftFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	for _, w := range reportNames {
		if strings.EqualFold(t, w) {
			return true
		}
	}
	return false
}

// reportNames are the titles of sections that report on the work.
var reportNames = []string{"outcome", "outcomes", "status", "completion status", "execution status", "implementation status", "project status", "current status", "overall status",
	"result", "results", "completion", "completion notes", "summary", "execution record", "执行结果", "完成情况", "状态", "状態", "상태", "結果"}

// statusDone reports a status field whose value says in words that the
// work is done, naming no unit or phase of the plan: "Status: Implemented
// on April 27, 2026", "## Status: IMPLEMENTED".
func (b *builder) statusDone(line string) bool {
	v, ok := cutStatusLabel(unmarked(line))
	if !ok {
		return false
	}
	head := v
	for _, sep := range []string{"(", " — ", " – ", " - ", ";", ". ", ",", " on ", " in ", " at ", " since "} {
		head, _, _ = strings.Cut(head, sep)
	}
	head = strings.TrimRight(strings.TrimSpace(head), ".!")
	if strings.ContainsAny(head, "%/") || strings.ContainsFunc(head, unicode.IsDigit) {
		return false // "80% Complete", "1/2 Done": how far, not done
	}
	head = strings.TrimLeftFunc(head, func(r rune) bool { return !unicode.IsLetter(r) })
	// The value opens with its word of status ("Implemented", "✅ Complete",
	// "Fully implemented"), not a part's name ("MVP Complete").
	first, _, _ := strings.Cut(head, " ")
	if f := strings.ToLower(first); f != "fully" && f != "all" && f != "completely" && !readStatus(first).known {
		return false
	}
	r := readStatus(head)
	return r.known && r.status == StatusClosed && !negated(strings.ToLower(v)) && !b.namesPart(v)
}

// reportHeadDone reports a report section's heading whose value says the
// work is done: "PROJECT STATUS: ✅ COMPLETED", "Outcome: Done".
func (b *builder) reportHeadDone(text string) bool {
	label, v, ok := strings.Cut(unmarked(text), ":")
	if !ok || !reportSection(label) {
		return false
	}
	// The value is a status and nothing more ("✅ COMPLETED", "All
	// done"), not a summary that opens with a done word ("Complete
	// rewrite of the session layer", "Done when every session moved").
	if words := strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }); len(words) == 0 || len(words) > 3 {
		return false
	}
	return b.statusDone("Status:" + v)
}

// unmarked is a line without emphasis, code and quote marks, and without
// a list item's marker: "- **Status**: done" is "Status: done", as the
// status label readers take it.
func unmarked(line string) string {
	line = strings.TrimSpace(strings.Map(func(r rune) rune {
		switch r {
		case '*', '_', '`', '>':
			return -1
		}
		return r
	}, line))
	return strings.TrimLeft(line, "-+ ")
}

// saysAllDone reports a sentence that says the whole work is done, naming
// no unit or phase of the plan: one that puts all the work in the past
// ("All implementation tasks below are complete", "This plan has been
// fully implemented", "PR1-PR9 全部完成"), or a short one in capitals
// ("**Part 5 COMPLETE.**") where caps is set: in a paragraph of prose, not a
// heading or a list item, whose words name a part.
func (b *builder) saysAllDone(s string, caps bool) bool {
	s = unmarked(s)
	if s == "" || !(caps && capsDone(s)) && !allDoneSentence(s) {
		return false
	}
	return !b.namesPart(s)
}

// pastDone reports a report's first sentence that opens with a done word
// in the past: "Executed 2026-08-11 on feat/mainnet-network".
func pastDone(s string) bool {
	words := strings.Fields(unmarked(s))
	if len(words) < 2 || strings.HasSuffix(words[0], ":") {
		return false
	}
	if !isoDateLeadRE.MatchString(words[1]) && !(words[1] == "on" && len(words) > 2 && (isoDateLeadRE.MatchString(words[2]) || monthWord(words[2]))) {
		return false // "Executed 2026-08-11", "Completed on 3 May", not "Completed 3 of 7 tasks"
	}
	switch strings.ToLower(strings.Trim(words[0], ",;")) {
	case "executed", "implemented", "completed", "shipped", "merged", "delivered", "done", "finished", "landed":
		return !negated(strings.ToLower(s))
	}
	return false
}

// namesPart reports text that names one of the plan's units or phases
// ("Phase 1 complete"): it says how a part stands, not the whole.
func (b *builder) namesPart(text string) bool {
	for _, m := range partRE.FindAllStringSubmatch(text, -1) {
		for _, s := range b.defs {
			if namesUnit(s.Heading.Text, m[1], m[2]) || s.Phase != nil && s.Phase.Heading.Level > 0 && namesUnit(s.Phase.Heading.Text, m[1], m[2]) {
				return true
			}
		}
	}
	return false
}

// partRE finds a word and a number after it: "Step 1.1", "Phase 1", at
// the end of a text or in brackets as well as before a word.
var partRE = lazyMustCompile(`(\pL+)\s+([0-9]+(?:\.[0-9]+)?)`)

// capsDone reports a short sentence, three words at most, that ends in a
// done word in capitals: "Part 5 COMPLETE.", "🎉 ALL DONE".
func capsDone(line string) bool {
	words := strings.FieldsFunc(line, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	last := words[len(words)-1]
	if last != strings.ToUpper(last) || utf8.RuneCountInString(last) < 4 || strings.ContainsAny(line, "%/") {
		return false
	}
	for _, w := range words[:len(words)-1] {
		switch strings.ToUpper(w) {
		case "NEARLY", "ALMOST", "MOSTLY", "PARTIALLY", "PARTLY", "DEFINITION", "WHEN", "OF", "NOT", "NEVER":
			return false // "NEARLY COMPLETE", "Definition of DONE"
		}
	}
	switch last {
	case "COMPLETE", "COMPLETED", "DONE", "IMPLEMENTED", "EXECUTED", "SHIPPED", "FINISHED":
		return len(words) == 1 || !negated(strings.ToLower(line))
	}
	return false
}

// monthWord reports a word that opens a date: a month's name, or a day's
// number ("3 May").
func monthWord(w string) bool {
	if r, _ := utf8.DecodeRuneInString(w); unicode.IsDigit(r) {
		return true
	}
	w = strings.ToLower(strings.Trim(w, ".,"))
	for _, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(w, m) {
			return true
		}
	}
	return false
}

// sentences splits text at its sentence ends: a full stop, question or
// exclamation mark before a space or the end (not the dot of "4.1" or
// "plugins.ts"), and the full-width marks.
func sentences(text string) []string {
	var out []string
	from := 0
	for i, r := range text {
		end := false
		switch r {
		case '。', '！', '？', ';', '；':
			end = true
		case '.', '!', '?':
			end = i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n'
		}
		if end {
			if s := strings.TrimSpace(text[from:i]); s != "" {
				out = append(out, s)
			}
			from = i + utf8.RuneLen(r)
		}
	}
	if s := strings.TrimSpace(text[from:]); s != "" {
		out = append(out, s)
	}
	return out
}

// allDoneSentence reports a sentence that says every part of the work is
// done: "all/every" and a word for the work before "is/are/was/were/has
// been/have been" and a done word; "the/this plan|work|migration ... has
// been implemented"; or the words for "all done" in Chinese, Japanese or
// Korean. A sentence with a condition or a negation says no such thing.
func allDoneSentence(s string) bool {
	for _, w := range []string{"全部完成", "全部实现", "全部實現", "已全部完成", "모두 완료", "전부 완료", "すべて完了", "全て完了"} {
		if i := strings.Index(s, w); i >= 0 {
			// "Step 13-15 + 五轮审查全部完成": named steps, not the whole.
			before := s[:i]
			if j := strings.LastIndexAny(before, "，；：,;:"); j >= 0 {
				before = before[j:]
			}
			// "Step 13-15 + 五轮审查全部完成", "P0 与 P1 全部完成": named
			// parts; "PR1-PR9 全部完成", a range, may be the whole.
			named := strings.ContainsFunc(before, unicode.IsDigit) && !rangeRE.MatchString(strings.TrimLeft(before, "，；：,;: ")) ||
				// "第一阶段全部完成": a part named by a Chinese numeral.
				strings.Contains(before, "第")
			// A negation, a condition, a plan or a goal, or work under way
			// in the same sentence: "并非全部完成", "全部完成后", "计划下周全部
			// 完成", "모두 완료되지 않았습니다", "第二阶段进行中".
			return !named && !containsAny(s, []string{"未", "没", "沒", "不", "非", "아직", "않", "안 ", "못", "ない", "ません", "后", "後", "前", "时", "時", "计划", "計劃", "預定", "予定", "需要", "应", "應", "将", "將", "目标", "目標", "进行中", "進行中", "진행", "下周", "本周", "来週", "다음"})
		}
	}
	if label, _, ok := strings.Cut(s, ": "); ok && utf8.RuneCountInString(label) <= 30 {
		return false // "Done when: …", a criterion, not a report
	}
	t := " " + strings.ToLower(strings.TrimLeftFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })) + " "
	for _, w := range []string{" when ", " once ", " after ", " if ", " until ", " before ", " unless ", " should ", " must ", " will ", " can "} {
		if strings.Contains(t, w) {
			return false
		}
	}
	for _, w := range []string{" make sure ", " ensure ", " verify ", " check ", " please "} {
		if strings.HasPrefix(t, w) {
			return false // an instruction, not a report
		}
	}
	if negated(t) {
		return false
	}
	words := strings.Fields(t)
	verb, perfect := -1, false
	for i, w := range words {
		if slices.Contains([]string{"is", "are", "was", "were", "been"}, w) && i+1 < len(words) {
			next := words[i+1:]
			for len(next) > 0 && slices.Contains([]string{"now", "fully", "all", "successfully", "been"}, next[0]) {
				next = next[1:]
			}
			// "run" is done only in the past: "Every step below was run",
			// not "every agent runtime is run as non-root".
			if len(next) > 0 && doneWord(next[0]) && (strings.Trim(next[0], ",;:") != "run" || w != "is" && w != "are") {
				if (w == "is" || w == "are") && !clauseEnds(next[1:]) {
					// "All work is done on the feature branch", "Each PR
					// is landed behind a flag": how the work is done, in
					// the present, not that it is.
					continue
				}
				verb, perfect = i, w == "been" || w == "was"
				break
			}
		}
	}
	if verb < 0 {
		// "✅ ALL TASKS COMPLETED", "All steps done": a headline with no
		// verb, all and the work and a done word, nothing else.
		if n := len(words); n >= 3 && words[0] == "all" && workNoun(words[n-2]) && doneWord(strings.Trim(words[n-1], ".!")) {
			return true
		}
		return false
	}
	subject := words[:verb]
	for i, w := range subject {
		if w == "all" || w == "every" || w == "each" {
			// "All implementation tasks below", "All of the tasks": the
			// words between name the whole, not a part ("All backend
			// tasks", "All Phase One tasks").
			rest := subject[i+1:]
			head := -1 // the last word of the work ("tasks" of "implementation tasks")
			for j, x := range rest {
				if workNoun(x) {
					head = j
				}
			}
			if head < 0 {
				return false
			}
			for j, x := range rest {
				w := strings.Trim(x, ",;:")
				switch {
				case j < head && (workNoun(x) || slices.Contains(allQualifiers, w)):
				case j == head:
				case j > head && slices.Contains([]string{"below", "above", "here", "in", "this", "the", "plan", "document", "listed"}, w):
				default:
					// "All backend tasks", "All Phase One tasks": a part.
					return false
				}
			}
			return true
		}
	}
	if !perfect || idRE.MatchString(s) {
		return false
	}
	// "This plan has been fully implemented", "The backend migration
	// described here … has been implemented" (not "The database migration
	// has been completed, so this plan starts …").
	whole := strings.Contains(t, " described here") || strings.Contains(t, " in this plan") || strings.Contains(t, " in this document") || strings.Contains(t, " above ") || strings.Contains(t, " below ")
	for i, w := range subject {
		if (w == "this" || w == "the" && whole) && i+1 < len(subject) {
			for _, x := range subject[i+1 : min(len(subject), i+4)] {
				switch strings.Trim(x, ",;:") {
				case "plan", "work", "migration", "refactor", "refactoring", "implementation", "project", "roadmap":
					return true
				}
			}
		}
	}
	return false
}

// rangeRE is a range of ids and nothing else: "PR1-PR9", "T1~T12".
var rangeRE = lazyMustCompile(`^[A-Za-z]*[0-9]+\s*[-–~]\s*[A-Za-z]*[0-9]+\s*$`)

// idRE finds an id glued to its letters ("W0.1", "M1", "PR12"): a
// sentence that names parts speaks of them, not of the whole.
var idRE = lazyMustCompile(`\b[A-Za-z]{1,3}-?[0-9]+(\.[0-9]+)?\b`)

// allQualifiers may stand between "all" and the work's noun and keep the
// whole: "All of the tasks", "All planned refactoring tasks".
var allQualifiers = []string{"the", "of", "these", "this", "plan's", "planned", "listed", "its", "our", "my",
	"implementation", "refactoring", "migration", "development", "cleanup", "remediation"}

// negated reports a sentence with a word of negation or of work not yet
// done.
func negated(t string) bool {
	// Words, not their spaces: "done (except the printer)", "(partially)".
	words := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for i, w := range words {
		switch w {
		case "not", "no", "never", "yet", "none", "partially", "partly", "mostly", "except", "but", "remaining", "remain", "remains",
			"left", "pending", "outstanding", "continues", "continue", "ongoing", "underway", "next":
			return true
		case "ready":
			if i+1 < len(words) && words[i+1] == "for" {
				return true
			}
		case "under", "in":
			if i+1 < len(words) && (words[i+1] == "way" || words[i+1] == "progress") {
				return true
			}
		}
		if strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

// clauseEnds reports the words after a done word that end its clause: none,
// or a date ("on 2026-05-01", "as of May"), or another done word ("done
// and tested").
func clauseEnds(rest []string) bool {
	if len(rest) == 0 {
		return true
	}
	switch strings.Trim(rest[0], ",;:.") {
	case "and", "&":
		return len(rest) > 1 && doneWord(rest[1])
	case "on", "in", "as":
		return len(rest) > 1 && (monthWord(rest[len(rest)-1]) || isoDateLeadRE.MatchString(rest[1]))
	}
	return strings.Trim(rest[0], ".,;:!") == ""
}

func doneWord(w string) bool {
	switch strings.Trim(w, ",;:") {
	case "complete", "completed", "done", "implemented", "shipped", "finished", "executed", "delivered", "landed", "merged", "run":
		return true
	}
	return false
}

func workNoun(w string) bool {
	w = strings.Trim(w, ",;:()")
	switch w {
	case "work", "implementation":
		return true
	}
	switch singular(w) {
	case "task", "step", "phase", "stage", "item", "pr", "change", "milestone", "sprint", "part", "slice", "unit", "section", "commit", "todo", "deliverable":
		return true
	}
	return false
}
