package parser

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The one word table of the plan shapes read beside the beads-ralph dialect
// (docs/plan-shapes.md). A phase word names a group of units; a unit word
// names one unit of work, which becomes one bead.
var (
	phaseWords = []string{"phase", "fase", "phasen", "stage", "etapa", "faza", "etap", "阶段", "階段", "フェーズ", "단계", "фаза", "этап", "ระยะที่", "giai đoạn", "faz", "aşama"}
	unitWords  = []string{
		"sprint", "session", "step", "week", "cycle", "task", "milestone", "epic", "unit",
		"iteration", "work unit", "workunit", "work package", "story", "increment",
		"chunk", "wave", "subphase", "sub-phase", "paso", "schritt",
		"track", "workstream", "slice", "tarefa", "passo", "étape", "tâche", "aufgabe", "arbeitspaket",
		"experiment", "spike", "experimento", "expérience", "day", "día", "jour", "день", "semana",
		"任务", "任務", "步骤", "步驟", "修复", "修復", "里程碑", "冲刺", "タスク", "ステップ", "スプリント", "스프린트", "마일스톤",
		"실험", "작업", "과제", "태스크", "스텝",
		"iter", "итерация", "спринт", "задача", "шаг", "стадия",
		"pr", "pull request", "merge request", "批次", "バッチ", "이슈", "meilenstein", "hito", "jalon", "quest", "krok", "zadanie", "todo", "ขั้นตอนที่", "bước", "adım", "görev",
	}
)

// shapeKind says what a heading or label names in the shapes reader.
type shapeKind int

const (
	shapeOther shapeKind = iota
	shapePhase           // "Phase 3: X", "Fase 2 - X", "Phase 3A: X"
	shapeUnit            // "Sprint 17-18: X", "Session 1.1: X", "Week 3"
	shapeBare            // "7.1 - X", "1.1 Create branch"
)

// shape is what a heading's (or bold label's) text says in the shapes
// reader.
type shape struct {
	kind  shapeKind
	word  string // the phase or unit word as written ("Session")
	id    string // as written, a trailing '.' dropped: "17-18", "3A", "5.X"
	sep   bool   // a ':', dash or '.' follows the id
	title string // the cleaned title
	rest  string // the text after the id and separator, uncleaned
	lead  string // decoration before the word
	// short is set for the letter forms "P1:" and "T4:".
	short bool
	// prefix is set when the word was found glued to a few stray letters
	// ("xStep 2.3"); it holds them.
	prefix string
}

// matchWord reports whether t starts with one of words as a whole word,
// case-insensitively, and returns the word as written and the rest.
func matchWord(t string, words []string) (string, string, bool) {
	for _, w := range words {
		if len(t) >= len(w) && strings.EqualFold(t[:len(w)], w) {
			rest := t[len(w):]
			if len(rest) > 1 && (rest[0] == 's' || rest[0] == 'S') && (rest[1] == ' ' || rest[1] == '\t') && !strings.HasSuffix(w, "s") {
				// "Weeks 1-2", "Sprints 3-4": a plural names one unit of a
				// range.
				return t[:len(w)+1], rest[1:], true
			}
			if rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '#' {
				return t[:len(w)], rest, true
			}
			if w[0] >= 0x80 && (rest[0] >= '0' && rest[0] <= '9' || hanNumber(rest) != "") && w[0] != 0xc3 {
				// "任务1：初始化", "阶段一：测试": Chinese, Japanese and
				// Korean write the number right after the word, in
				// digits or in Chinese numerals.
				return t[:len(w)], rest, true
			}
		}
	}
	return "", t, false
}

// hanNumber is the number written in Chinese numerals at the start of s
// ("一", "十二", "二十"), in digits, "" when s starts with none; 1 to 99.
func hanNumber(s string) string {
	const digits = "〇一二三四五六七八九"
	n, tens, seen := 0, 0, 0
	for _, r := range s {
		switch {
		case r == '十':
			if tens > 0 {
				return ""
			}
			tens = max(n, 1)
			n = 0
		case strings.ContainsRune(digits, r) && r != '〇':
			if n > 0 {
				return ""
			}
			n = strings.IndexRune(digits, r) / len("一")
		default:
			if seen == 0 {
				return ""
			}
			return strconv.Itoa(tens*10 + n)
		}
		seen++
	}
	if seen == 0 {
		return ""
	}
	return strconv.Itoa(tens*10 + n)
}

// hanDigits writes the Chinese numerals at the start of s in digits:
// "一：测试" is "1：测试".
func hanDigits(s string) string {
	num := hanNumber(s)
	if num == "" {
		return s
	}
	k := 0
	for _, r := range s {
		if r != '十' && !strings.ContainsRune("一二三四五六七八九", r) {
			break
		}
		k += utf8.RuneLen(r)
	}
	return num + s[k:]
}

// ordinalFirst writes a Chinese or Japanese ordinal that comes before its
// unit word ("第一阶段：抽离 Base", "第2阶段") in the order readShape reads,
// the word first ("阶段1：抽离 Base"); other text is returned as it is.
func ordinalFirst(t string) string {
	rest, ok := strings.CutPrefix(t, "第")
	if !ok {
		return t
	}
	num, k := "", 0
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	if k > 0 {
		num, rest = rest[:k], rest[k:]
	} else if num = hanNumber(rest); num != "" {
		rest = strings.TrimPrefix(hanDigits(rest), num)
	} else {
		return t
	}
	for _, words := range [][]string{phaseWords, unitWords} {
		for _, w := range words {
			if w[0] >= 0x80 && strings.HasPrefix(rest, w) {
				return w + num + rest[len(w):]
			}
		}
	}
	return t
}

// readShape reads "Word <id>[sep] title" or "<id> [sep] title".
func readShape(text string) shape { return readShapeGlue(text, false) }

// readLabelShape is readShape for a bold label, where a typo glued to the
// word ("**xStep 2.3:**") is read too.
func readLabelShape(text string) shape { return readShapeGlue(text, true) }

func readShapeGlue(text string, glue bool) shape {
	box := ""
	if mark, rest, ok := headingBox(text); ok {
		// "### [x] Step 1: Probes" (Zenflow's plans): a checkbox written
		// into the heading says how the unit stands, as a mark does.
		box, text = mark, rest
	}
	t := strings.TrimLeftFunc(text, decoration)
	lead := text[:len(text)-len(t)]
	sh := shape{lead: box + lead}
	t = ordinalFirst(t)
	if w, rest, ok := matchWord(t, phaseWords); ok {
		sh.kind, sh.word, t = shapePhase, w, hanDigits(rest)
	} else if w, rest, ok := matchWord(t, unitWords); ok {
		sh.kind, sh.word, t = shapeUnit, w, hanDigits(rest)
	} else if pre, w, rest, ok := gluedWord(t); ok && glue {
		sh.kind, sh.word, sh.prefix, t = shapeUnit, w, pre, rest
	} else if len(t) > 1 && (t[0] == 'P' || t[0] == 'T' || t[0] == 'M') && t[1] >= '0' && t[1] <= '9' {
		// "P1: Foundation" (a phase), "M0 — Baseline" (a milestone, read
		// as a phase), "T4: Adapter for X" (a task).
		sh.kind, sh.word, sh.short, t = shapeUnit, t[:1], true, t[1:]
		if sh.word == "P" || sh.word == "M" {
			sh.kind = shapePhase
		}
	} else if len(t) > 2 && t[:2] == "WP" && t[2] >= '0' && t[2] <= '9' {
		// "WP01 — Preflight": a work package, written short.
		sh.kind, sh.word, sh.short, t = shapeUnit, t[:2], true, t[2:]
	} else if t != "" && t[0] >= '0' && t[0] <= '9' {
		sh.kind = shapeBare
	} else {
		return shape{}
	}
	if sh.kind != shapeBare && !sh.short {
		rest := strings.TrimLeft(t, " \t")
		if len(rest) == len(t) && !(sh.word != "" && sh.word[0] >= 0x80 && t != "" && t[0] >= '0' && t[0] <= '9') {
			return shape{}
		}
		t = strings.TrimPrefix(rest, "#")
	}
	id, rest := splitShapeID(t)
	if id == "" {
		return shape{}
	}
	sh.id = id
	if w := strings.ToLower(sh.word); strings.HasSuffix(w, "s") && !slices.Contains(unitWords, w) && !strings.Contains(id, "-") {
		return shape{} // "Sessions 1.1 and 1.2": prose about units, not one
	}
	rest = strings.TrimSpace(rest)
	if len(rest) > 6 && strings.EqualFold(rest[:5], "part ") && rest[5] >= '0' && rest[5] <= '9' {
		// "Sprint 6.5 Part 2: Sharding": the part is in the id.
		pid, after := splitShapeID(rest[5:])
		sh.id, rest = id+" Part "+pid, strings.TrimSpace(after)
	}
	mark := ""
	if after := strings.TrimLeftFunc(rest, isMarkRune); after != rest && (sh.kind == shapeUnit || sh.kind == shapePhase) {
		m := rest[:len(rest)-len(after)]
		after = strings.TrimLeft(after, " ")
		// "PR 4a ✅: Opt-in staging": a mark between the id and its
		// separator says how the unit stands; it goes after the title.
		for _, s := range []string{":", "：", "—", "–"} {
			if strings.HasPrefix(after, s) {
				mark, rest = strings.TrimSpace(m), after
				break
			}
		}
	}
	for _, s := range []string{":", "：", "-", "–", "—", ".", "·"} {
		if strings.HasPrefix(rest, s) {
			rest = strings.TrimSpace(rest[len(s):])
			sh.sep = true
			break
		}
	}
	if mark != "" {
		rest += " " + mark
	}
	if !sh.sep && strings.HasPrefix(rest, "(") && (sh.kind == shapeUnit || sh.kind == shapePhase) {
		// "DAY 2 (March 6 - Thu) - Receipt Types", "Phase 1 (shipped) —
		// groundwork": a date, span or status between the id and its
		// title, which goes after the title. A phase with a span there
		// ("Phase 1 (Days 1-7): Foundation") stays no phase heading: a
		// schedule's summary, as under a plan's success metrics.
		if k := strings.IndexByte(rest, ')'); k > 0 && !(sh.kind == shapePhase && durationRE.MatchString(strings.ToLower(strings.TrimSpace(rest[1:k])))) {
			after := strings.TrimSpace(rest[k+1:])
			for _, s := range []string{":", "：", "-", "–", "—"} {
				if t, ok := strings.CutPrefix(after, s); ok && strings.TrimSpace(t) != "" {
					rest, sh.sep = strings.TrimSpace(t)+" "+rest[:k+1], true
					break
				}
			}
			if !sh.sep && after != "" && cleanTitle(after) == "" {
				// "DAY 1 (March 5 - Wed) ✅ COMPLETED": the span is all
				// the title there is, and a mark says how it stands
				// ("Phase 2 (2025年)" alone is no unit).
				sh.sep = true
			}
		}
	}
	sh.rest = rest
	sh.title = cleanTitle(rest)
	if sh.short && sh.word == "M" && strings.Count(id, ".") == 1 && !strings.Contains(id, "-") && sh.title != "" {
		// "M1.1 Replace fail-open storage": a part of the milestone "M1
		// — Trust Foundation", a unit; its dotted id is separator enough.
		sh.kind, sh.sep = shapeUnit, true
	} else if sh.short && (!sh.sep || strings.ContainsAny(id, ".-")) {
		return shape{} // "P1 priority bugs", "T1.2": not this form
	}
	if sh.kind == shapeBare && !strings.Contains(id, ".") {
		return shape{} // "1. Overview", "2024 plans": a numbered section, not a unit
	}
	return sh
}

// lowerWords splits s into its words in lower case: its runs of letters
// and digits ("Fix flicker, v2!" gives fix, flicker, v2).
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// isMarkRune reports a rune of a status mark: "✅", "🔄", "⏸", and the
// joiners emoji are written with.
func isMarkRune(r rune) bool {
	return strings.ContainsRune(doneEmoji+progressEmoji+skipEmoji+blockedEmoji+"\ufe0f\u200d", r)
}

// headingBox reads a checkbox at the start of a heading's text ("[x] ",
// "[ ] ", "[-] "): the mark it stands for ("✅" for a ticked box, "🔄" for
// one in progress, "" for an open one) and the text after it.
func headingBox(text string) (mark, rest string, ok bool) {
	if len(text) < 4 || text[0] != '[' || text[2] != ']' || text[3] != ' ' {
		return "", text, false
	}
	switch text[1] {
	case 'x', 'X':
		mark = "✅ "
	case '-', '~':
		mark = "🔄 "
	case ' ':
	default:
		return "", text, false
	}
	return mark, strings.TrimLeft(text[4:], " "), true
}

// gluedWord finds a unit word glued to one or two stray letters at the start
// of t ("xStep 2.3"): a typo that still names the unit.
func gluedWord(t string) (prefix, word, rest string, ok bool) {
	for n := 1; n <= 2 && n < len(t); n++ {
		if !unicode.IsLetter(rune(t[n-1])) {
			return "", "", t, false
		}
		if w, r, ok := matchWord(t[n:], unitWords); ok && r != "" {
			return t[:n], w, r, true
		}
	}
	return "", "", t, false
}

// splitShapeID cuts an id from the start of t: digits, then letters, digits,
// dots, a '+', or a dash followed by a digit ("17-18"). A trailing '.' is
// not part of it.
func splitShapeID(t string) (id, rest string) {
	if len(t) >= 1 && t[0] >= 'A' && t[0] <= 'Z' && (len(t) == 1 || strings.ContainsRune(" :.", rune(t[1])) || strings.HasPrefix(t[1:], "：")) {
		// "Phase A：Baseline": a full-width colon after the letter, as
		// Chinese writes it.
		// "Track A — Critical bugs", "Epic B:": a capital letter for
		// an id, numbered by its place.
		if len(t) == 1 || t[1] != ' ' || letterIDRest(t[2:]) {
			return t[:1], t[1:]
		}
	}
	i := 0
	if len(t) > 2 && t[0] >= 'A' && t[0] <= 'Z' && t[1] == '-' && t[2] >= '1' && t[2] <= '9' {
		// "批次 C-3：Flutter 测试补齐": a series letter and the number
		// in it.
		i = 2
	} else if t == "" || t[0] < '0' || t[0] > '9' {
		return "", t
	}
	for i < len(t) {
		c := t[i]
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '.', c == '+':
			i++
			continue
		case (c == '-' || c == '_') && i+1 < len(t) && t[i+1] >= '0' && t[i+1] <= '9':
			i++
			continue
		}
		break
	}
	id = strings.TrimRight(t[:i], ".")
	return id, t[len(id):]
}

// letterIDRest reports whether the text after "Track A " goes on as a
// title after a separator ("— Critical bugs", "- Docs", "(first)"), not
// as a sentence ("Track A is late").
func letterIDRest(t string) bool {
	for _, sep := range []string{"—", "–", "-", ":", "|", "("} {
		if strings.HasPrefix(t, sep) {
			return true
		}
	}
	return false
}

// upperLetters reports whether a phase id's letters are capitals ("3A").
func upperLetters(id string) bool {
	for i := 0; i < len(id); i++ {
		if id[i] >= 'A' && id[i] <= 'Z' {
			return true
		}
	}
	return false
}

// deliverableWords name a sub-heading of a unit that is one piece of its
// work: "#### Deliverable A: File-based Config System".
var deliverableWords = []string{"deliverable", "work item", "workstream"}

// deliverableHeading reports whether a unit's sub-heading text names one
// piece of its work: a deliverable word, an id (a letter or a number) and a
// title after ':', '-' or '.'.
func deliverableHeading(text string) bool {
	_, rest, ok := matchWord(strings.TrimLeftFunc(text, decoration), deliverableWords)
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	i := 0
	for i < len(rest) && i < 3 && (unicode.IsLetter(rune(rest[i])) || unicode.IsDigit(rune(rest[i]))) {
		i++
	}
	if i == 0 || i == len(rest) {
		return false
	}
	if i > 1 && !unicode.IsDigit(rune(rest[0])) {
		return false // "Deliverables overview": a word, not an id
	}
	after := strings.TrimLeft(rest[i:], " \t")
	for _, sep := range []string{":", "-", "–", "—", "."} {
		if strings.HasPrefix(after, sep) && strings.TrimSpace(after[len(sep):]) != "" {
			return true
		}
	}
	return false
}

// headingMarkdown returns an ATX heading line's text as written: the
// opening and closing '#' runs dropped.
func headingMarkdown(line []byte) string {
	t := strings.TrimSpace(string(line))
	t = strings.TrimLeft(t, "#")
	t = strings.TrimSpace(t)
	if k := strings.TrimRight(t, "#"); len(k) < len(t) && (k == "" || k[len(k)-1] == ' ' || k[len(k)-1] == '\t') {
		t = strings.TrimSpace(k)
	}
	return t
}
