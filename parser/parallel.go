package parser

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file reads the sentences that say units run in parallel: plans
// written for beads say so in words ("Epics 1 and 2 can be parallelized"),
// never with letters. A sentence that names two or more units of the plan
// becomes a Parallel statement, which the planner applies (it drops the
// edges the numbering or a stated order put between them). One that names
// fewer is a warning, and changes nothing: when in doubt, sequence.
//
// Only prose is read: paragraphs and list items, not code blocks (their
// diagrams), tables, headings, or the items that are a unit's tasks (work
// to do, not the plan's shape).

// parallelWords are the phrases that say work runs in parallel: the one
// vocabulary (docs/plan-shapes.md lists it). "in parallel" counts only at
// the end of a clause or before "with", so "the machine stays in parallel
// state" is not one.
var parallelWords = lazyMustCompile(`(?i)\bparallel(?:ized|ised|izable|isable)\b|\bin\s+parallel(?:\s*(?:[.,;:!?)]|$)|\s+with\b)|\bconcurrently\b|\bindependent(?:ly)?\s+of\s+(?:each\s+other|one\s+another)\b|\bside\s+by\s+side\b`)

// parallelWith matches the phrases that name the unit the sentence stands
// in as one side: "Sprint 2.1 ... can run in parallel with Sprint 2.2".
var parallelWith = lazyMustCompile(`(?i)(?:\bparallel|\bconcurrently|\bside\s+by\s+side)\s+with\b|\balongside\b`)

// parallelCheap lists lower-case fragments one of which every phrase of
// parallelWords holds: the test that spares most paragraphs the regexp.
var parallelCheap = []string{"parallel", "concurrently", "side by side", "independent"}

// orderWords in the label of an arrow list make it an execution order
// ("Recommended execution order: 1 → 2 → 4 → 3").
var orderWords = []string{"order", "sequence", "recommended"}

// orderLine reports whether an arrow list states an execution order, which
// a statement that units run in parallel overrides, rather than needs
// ("T1 → T2, T3"): its label says order, or it chains three or more single
// units.
func orderLine(label string, groups [][]*Sprint) bool {
	label = strings.ToLower(label)
	for _, w := range orderWords {
		if strings.Contains(label, w) {
			return true
		}
	}
	if len(groups) < 3 {
		return false
	}
	for _, g := range groups {
		if len(g) != 1 {
			return false
		}
	}
	return true
}

// mayParallel reports, from a block's source lines alone, whether it may
// hold a sentence that says units run in parallel.
func mayParallel(n ast.Node, src []byte) bool {
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := src[seg.Start:seg.Stop]
		for _, w := range parallelCheap {
			if containsFold(line, w) {
				return true
			}
		}
	}
	return false
}

// mayParallelText reports whether text may match parallelWords: it holds
// the words each phrase starts with, in order with blanks between where a
// phrase has two (TestPhraseFilters). Cheaper than the regexp, and it
// passes over a title like "Parallel a of stage 1".
func mayParallelText(text []byte) bool {
	return phraseIn(text, "paralleli", false) || phraseIn(text, "in", false, "parallel") ||
		phraseIn(text, "concurrently", false) || phraseIn(text, "independent", false) ||
		phraseIn(text, "side", false, "by")
}

// nameRE finds unit names in a sentence: a unit word and an id ("Epic 2",
// "Sprints 2.1"), or an id alone ("2", "T3", "2.1"); sepRE is what may
// stand between two names of one list (", ", " and ").
var (
	nameRE = lazyMustCompile(`(?i)\b(?:(` + strings.Join(append(append([]string{}, unitWords...), phaseWords...), "|") + `)s?\s+)?([A-Za-z]{0,4}-?[0-9]+(?:\.[0-9]+)*[a-z]?)\b`)
	sepRE  = lazyMustCompile(`(?i)^\s*(?:,|&|\+|\band\b|,\s*and\b)?\s*$`)
)

// parallelSentences reads the sentences of a paragraph or list item that
// say units run in parallel.
func (b *builder) parallelSentences(idx func() unitIndex, n ast.Node) {
	// The block's raw text, and the source offset of each of its bytes'
	// lines.
	var text []byte
	var starts, offs []int
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		if i > 0 {
			text = append(text, ' ')
		}
		starts = append(starts, len(text))
		offs = append(offs, seg.Start)
		text = append(text, bytes.TrimRight(seg.Value(b.src), "\r\n")...)
	}
	if !mayParallelText(text) || !parallelWords.Match(text) {
		return
	}
	at := func(k int) int { // the source offset of text[k]
		j := sort.Search(len(starts), func(i int) bool { return starts[i] > k }) - 1
		return offs[j] + k - starts[j]
	}
	spans := splitSentences(text)
	for k, sn := range spans {
		sentence := strings.TrimSpace(string(text[sn[0]:sn[1]]))
		if !parallelWords.MatchString(sentence) {
			continue
		}
		next := ""
		if k+1 < len(spans) {
			next = strings.TrimSpace(string(text[spans[k+1][0]:spans[k+1][1]]))
		}
		lead := sn[0] + len(text[sn[0]:sn[1]]) - len(bytes.TrimLeft(text[sn[0]:sn[1]], " \t"))
		off := at(lead)
		owner := b.unitAt(off)
		if owner != nil && isTask(owner, sentence) {
			continue // a task's own words: work to do, not the plan's shape
		}
		b.parallelSentence(idx, sentence, next, b.p.Position(off), owner)
	}
}

// isTask reports whether a sentence is part of one of the unit's tasks.
func isTask(s *Sprint, sentence string) bool {
	if s.TasksFromTitle {
		return false
	}
	sentence = strings.Join(strings.Fields(sentence), " ")
	for _, t := range s.Tasks {
		if strings.Contains(strings.Join(strings.Fields(t), " "), sentence) {
			return true
		}
	}
	return false
}

// splitSentences cuts text at '.', '!' or '?' followed by a blank or the
// end: the spans of its sentences.
func splitSentences(text []byte) [][2]int {
	var out [][2]int
	from := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '.', '!', '?':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' {
				out = append(out, [2]int{from, i + 1})
				from = i + 1
			}
		}
	}
	if from < len(text) {
		out = append(out, [2]int{from, len(text)})
	}
	return out
}

// parallelSentence resolves the units a sentence names and records it as a
// Parallel statement, or warns that it names fewer than two.
func (b *builder) parallelSentence(idx func() unitIndex, sentence, next string, pos Pos, owner *Sprint) {
	clean := strings.NewReplacer("**", "", "__", "", "`", "", "*", "").Replace(sentence)
	var units []*Sprint
	var at []int // where in clean each unit is named
	var unknown, apart []string
	apartWord := ""
	add := func(u *Sprint, k int) {
		for _, x := range units {
			if x == u {
				return
			}
		}
		units = append(units, u)
		at = append(at, k)
	}
	word, prevEnd := "", -1
	for _, m := range nameRE.FindAllStringSubmatchIndex(clean, -1) {
		id := clean[m[4]:m[5]]
		if w := contrastBefore(clean[:m[0]]); w != "" {
			// "Unlike 2.2 and 2.3, 2.4 and 2.5 can run in parallel": the
			// units set apart are not among those that run in parallel.
			if u := idx().unit(id); u != nil {
				apart, apartWord = append(apart, u.ID), w
			}
			word, prevEnd = "", m[1]
			continue
		}
		w := ""
		if m[2] >= 0 {
			w = clean[m[2]:m[3]]
		} else if prevEnd >= 0 && word != "" && sepRE.MatchString(clean[prevEnd:m[0]]) {
			w = word // "Epics 1 and 2": the word goes on along the list
		}
		word, prevEnd = w, m[1]
		if w != "" {
			if u := idx().unit(w + " " + id); u != nil {
				add(u, m[0])
				continue
			}
		}
		if u := idx().unit(id); u != nil && (w != "" || strings.ContainsAny(id, ".-") || !allDigits(id)) {
			add(u, m[0])
			continue
		}
		if w != "" {
			unknown = append(unknown, w+" "+id)
		}
	}
	lower := strings.ToLower(clean)
	for i, t := range b.unitTitles() {
		for _, t := range t {
			if k := strings.Index(lower, t); len(t) >= 6 && k >= 0 && !slices.Contains(apart, b.p.Sprints[i].ID) {
				add(b.p.Sprints[i], k)
				break
			}
		}
	}
	if owner != nil && len(units) == 1 && units[0] != owner && parallelWith.MatchString(clean) {
		units = append([]*Sprint{owner}, units...)
		at = append([]int{-1}, at...)
	}
	if len(units) >= 2 {
		ids := make([]string, len(units))
		for i, u := range units {
			ids[i] = u.ID
		}
		if why := notParallel(clean); why != "" {
			b.p.warnf(pos, "%q names %s, but %s; it is not applied, the units stay in sequence", short(sentence), strings.Join(ids, ", "), why)
			return
		}
		if why := retracted(next); why != "" {
			b.p.warnf(pos, "%q names %s, but the next sentence, %q, %s; it is not applied, the units stay in sequence", short(sentence), strings.Join(ids, ", "), short(next), why)
			return
		}
		if len(apart) > 0 {
			b.p.warnf(pos, "%q sets %s apart (%q): only %s are read as running in parallel", short(sentence), strings.Join(apart, ", "), apartWord, strings.Join(ids, ", "))
		}
		if loc := parallelWith.FindStringIndex(clean); loc != nil {
			// "Phase 4 can run in parallel with Phases 2 and 3": 4 runs
			// beside each of 2 and 3, which keep their own order.
			var left, right []string
			for i, k := range at {
				if k < loc[0] {
					left = append(left, ids[i])
				} else {
					right = append(right, ids[i])
				}
			}
			if len(left) >= 1 && len(right) >= 2 {
				// One statement for each, the last named first: each is
				// applied beside what the ones before it left.
				for i := len(right) - 1; i >= 0; i-- {
					b.p.Parallel = append(b.p.Parallel, Parallel{Units: append(slices.Clone(left), right[i]), Text: sentence, Pos: pos})
				}
				return
			}
		}
		b.p.Parallel = append(b.p.Parallel, Parallel{Units: ids, Text: sentence, Pos: pos})
		return
	}
	var named string
	switch {
	case len(units) == 1:
		named = "only unit " + units[0].ID
	default:
		named = "no unit of the plan"
	}
	if len(unknown) > 0 {
		named += fmt.Sprintf(" (%s is not one)", strings.Join(unknown, ", "))
	}
	sev := Warning
	if len(units) == 0 && len(unknown) == 0 && owner == nil {
		// General prose outside the units ("letters for work that can
		// run side by side"): a note under -v.
		sev = Info
	}
	b.p.diag(sev, pos, "%q says work runs in parallel but names %s; it is not applied, the units stay in sequence (name two or more units: \"Epics 1 and 2 can run in parallel\")", short(sentence), named)
}

// Words that keep a sentence from saying units run in parallel: a negation
// just before the phrase ("cannot run in parallel", "are not independent
// of each other", "rather than in parallel"), a condition or a doubt
// anywhere ("only if the schema is frozen", "might"), or a sequence word
// anywhere ("sequentially", "one after another"). When in doubt, sequence.
var (
	negationWords = map[string]bool{"not": true, "no": true, "never": true, "cannot": true, "can't": true, "cant": true,
		"won't": true, "don't": true, "doesn't": true, "shouldn't": true, "mustn't": true, "isn't": true, "aren't": true,
		"wasn't": true, "weren't": true, "couldn't": true, "wouldn't": true, "nor": true, "neither": true, "rather": true,
		"instead": true, "avoid": true, "unlike": true}
	doubtWords = map[string]bool{"if": true, "unless": true, "whether": true, "maybe": true, "might": true, "perhaps": true,
		"possibly": true, "potentially": true, "unclear": true, "tbd": true, "sequential": true, "sequentially": true,
		"serially": true}
	sequencePhrases = []string{"in sequence", "one after another", "one after the other", "one at a time"}
)

// contrastWords open a clause that sets units apart from the ones a
// sentence says run in parallel: "Unlike 2.2 and 2.3, 2.4 and 2.5 can run
// in parallel".
var contrastWords = []string{"unlike", "except", "excluding", "other than", "apart from", "but not", "not"}

// contrastBefore returns the contrast word that opens the clause text ends
// in, or "".
func contrastBefore(text string) string {
	clause := strings.ToLower(text)
	if k := strings.LastIndexAny(clause, ",;:—–("); k >= 0 {
		clause = clause[k+1:]
	}
	words := strings.Fields(clause)
	for _, c := range contrastWords {
		cw := strings.Fields(c)
		for i := 0; i+len(cw) <= len(words); i++ {
			if strings.Join(words[i:i+len(cw)], " ") == c {
				return c
			}
		}
	}
	return ""
}

// retractionWords say an idea was given up: in the sentence that says
// units run in parallel ("We looked at running 1.2 and 1.3 in parallel,
// but the idea was dropped") or in the one after it.
var retractionWords = []string{"dropped", "rejected", "abandoned", "decided against", "scrapped", "ruled out", "not pursued", "gave up", "given up", "no longer", "looked at"}

// retracted says how a sentence gives up the idea before it; "" when it
// does not.
func retracted(sentence string) string {
	lower := strings.ToLower(sentence)
	for _, w := range retractionWords {
		if k := strings.Index(lower, w); k >= 0 && wordEdge(lower, k, len(w)) {
			return fmt.Sprintf("%q gives the idea up", w)
		}
	}
	return ""
}

// negationWindow is how many words before the parallel phrase a negation
// reaches.
const negationWindow = 5

// notParallel says why a sentence that uses a parallel phrase does not say
// that units run in parallel; "" when it does.
func notParallel(sentence string) string {
	lower := strings.ToLower(strings.ReplaceAll(sentence, "’", "'"))
	loc := parallelWords.FindStringIndex(lower)
	if loc == nil {
		return ""
	}
	word := func(w string) string { return strings.Trim(w, ".,;:!?()[]\"'") }
	head := lower[:loc[0]]
	if k := strings.LastIndexAny(head, ",;—–"); k >= 0 {
		head = head[k+1:] // a negation in an earlier clause does not count
	}
	before := strings.Fields(head)
	for _, w := range before[max(0, len(before)-negationWindow):] {
		if negationWords[word(w)] {
			return fmt.Sprintf("%q before %q denies it", word(w), strings.TrimRight(lower[loc[0]:loc[1]], ".,;:!?) "))
		}
	}
	for _, w := range strings.Fields(lower) {
		if doubtWords[word(w)] {
			return fmt.Sprintf("%q makes it a doubt or a condition", word(w))
		}
	}
	for _, p := range sequencePhrases {
		if strings.Contains(lower, p) {
			return fmt.Sprintf("%q says they run in sequence", p)
		}
	}
	if why := retracted(lower); why != "" {
		return why
	}
	return ""
}

// unitTitles returns each unit's title and title stem, lower case, in the
// order of Plan.Sprints.
func (b *builder) unitTitles() [][2]string {
	if b.titles == nil {
		b.titles = make([][2]string, len(b.p.Sprints))
		for i, s := range b.p.Sprints {
			b.titles[i] = [2]string{strings.ToLower(s.Title), strings.ToLower(titleStem(s.Title))}
		}
	}
	return b.titles
}

// titleStem is a title without a closing note in parentheses: "Signal
// Channel" of "Signal Channel (Full Integration)".
func titleStem(t string) string {
	if k := strings.LastIndex(t, " ("); k > 0 && strings.HasSuffix(t, ")") {
		return strings.TrimSpace(t[:k])
	}
	return t
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// short cuts a long sentence for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}
