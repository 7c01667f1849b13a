package parser

import (
	"strconv"
	"strings"
	"unicode"
)

// Statuses a sprint can have, and the one that leaves it out.
const (
	StatusOpen       = "open"
	StatusInProgress = "in_progress"
	StatusBlocked    = "blocked"
	StatusClosed     = "closed"
	statusSkipped    = "skipped"
)

// statusReading is what a Status value says, with a note when the words
// were not plain.
type statusReading struct {
	status string // one of the Status constants, or statusSkipped
	known  bool   // false: nothing in the words was understood
	note   string // why an unusual reading was chosen, for a warning
	// part is set when a drop word speaks of part of the work ("Done —
	// rates deferred to 2.1"): the unit is not skipped.
	part bool
}

// words a status is read by. Each is matched as a whole word, lower case.
var (
	doneStatusWords = map[string]bool{
		"done": true, "complete": true, "completed": true, "closed": true, "finished": true,
		"merged": true, "shipped": true, "delivered": true, "resolved": true, "landed": true,
	}
	progressStatusWords = map[string]bool{
		"wip": true, "started": true, "ongoing": true, "underway": true, "active": true,
		"working": true, "doing": true, "review": true, "reviewing": true,
	}
	blockedStatusWords = map[string]bool{"blocked": true, "waiting": true, "stalled": true, "hold": true}
	openStatusWords    = map[string]bool{
		"open": true, "todo": true, "pending": true, "planned": true, "ready": true, "new": true,
		"queued": true, "backlog": true, "incomplete": true, "unfinished": true, "undone": true,
		"unstarted": true, "notstarted": true, "upcoming": true, "next": true, "proposed": true,
	}
	skipStatusWords = map[string]bool{
		"skipped": true, "skip": true, "deferred": true, "cancelled": true, "canceled": true,
		"dropped": true, "descoped": true, "abandoned": true, "obsolete": true, "superseded": true,
		"retired": true, "wontfix": true,
	}
	reopenWords   = map[string]bool{"reopened": true, "reopen": true, "regressed": true, "reverted": true}
	negations     = map[string]bool{"not": true, "no": true, "never": true, "isn't": true, "isn’t": true, "hasn't": true, "hasn’t": true}
	partialWords  = map[string]bool{"partial": true, "partially": true, "partly": true, "mostly": true, "almost": true, "nearly": true, "half": true}
	statusFillers = map[string]bool{"the": true, "a": true, "and": true, "but": true, "all": true, "fully": true, "status": true}
)

// token is one word or emoji of a status value.
type token struct {
	text  string // lower case
	emoji bool
}

func statusTokens(v string) []token {
	var out []token
	var word []rune
	flush := func() {
		if len(word) > 0 {
			out = append(out, token{text: strings.ToLower(string(word))})
			word = word[:0]
		}
	}
	for _, r := range v {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '/' || r == '%':
			word = append(word, r)
		case r > unicode.MaxASCII && (unicode.IsSymbol(r) || unicode.Is(unicode.So, r)):
			flush()
			out = append(out, token{text: string(r), emoji: true})
		default:
			flush()
		}
	}
	flush()
	return out
}

// readStatus classifies a Status value by what its words say. A done word
// under a negation ("not completed") or with partial progress ("partially
// complete (2/5)") is not done; ❌ skips only when no words say otherwise.
func readStatus(v string) statusReading {
	toks := tokens(statusTokens(v))
	if len(toks) == 0 {
		return statusReading{status: StatusOpen}
	}
	cross := strings.ContainsRune(v, '❌')
	partial := toks.any(func(t token, _ int) bool { return partialWords[t.text] || unfinishedFraction(t.text) })
	reopened := toks.any(func(t token, _ int) bool { return reopenWords[t.text] })
	first, negated, firstAt := "", false, -1
	for i, t := range toks {
		switch {
		case toks.skipAt(i):
			first = statusSkipped
		case t.text == "✅" || t.text == "✔" || t.text == "☑":
			first = StatusClosed
		case doneStatusWords[t.text]:
			first = StatusClosed
		case t.text == "🔄" || t.text == "🚧" || progressStatusWords[t.text] || toks.phrase(i, "in", "progress") || t.text == "in_progress" || t.text == "in-progress":
			first = StatusInProgress
		case t.text == "⛔" || t.text == "🚫" || blockedStatusWords[t.text]:
			first = StatusBlocked
		case t.text == "⏳" || t.text == "⬜" || t.text == "☐" || openStatusWords[t.text] || toks.phrase(i, "to", "do"):
			first = StatusOpen
		default:
			continue
		}
		firstAt = i
		negated = first != StatusOpen && first != statusSkipped && toks.negatedAt(i)
		break
	}
	switch {
	case negated:
		r := statusReading{status: StatusOpen, known: true}
		if cross {
			r.note = "❌ would skip the sprint, but the words say it is not done"
		}
		return r
	case reopened && (first == StatusClosed || first == ""):
		return statusReading{status: StatusOpen, known: true, note: "it was reopened"}
	case first == statusSkipped:
		return statusReading{status: statusSkipped, known: true}
	case partial && (first == StatusClosed || first == StatusInProgress || first == ""):
		return statusReading{status: StatusInProgress, known: true, note: "partial progress is not done"}
	case first != "":
		r := statusReading{status: first, known: true}
		if cross && first != StatusClosed {
			r.note = "❌ would skip the sprint, but the words say " + strings.ReplaceAll(first, "_", " ")
		}
		if first != statusSkipped && firstAt >= 0 && toks.any(func(_ token, i int) bool { return i > firstAt && toks.skipAt(i) }) {
			r.part = true
		}
		return r
	case cross:
		return statusReading{status: statusSkipped, known: true}
	}
	return statusReading{status: StatusOpen}
}

// tokens are a Status value's words and emoji, in order.
type tokens []token

// any reports whether pred holds for a token.
func (toks tokens) any(pred func(t token, i int) bool) bool {
	for i, t := range toks {
		if pred(t, i) {
			return true
		}
	}
	return false
}

// phrase reports whether words stand from token i on.
func (toks tokens) phrase(i int, words ...string) bool {
	if i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		if toks[i+k].text != w {
			return false
		}
	}
	return true
}

// skipAt reports whether a drop word or phrase starts at token i. It
// decides only where it is the first thing the status says: "Deferred to
// v2" skips; "Done — international rates deferred to 2.1" and "In
// progress (weight is out of scope for now)" speak of part of the work,
// and skip nothing.
func (toks tokens) skipAt(i int) bool {
	t := toks[i]
	return skipStatusWords[t.text] || t.text == "⏭" || t.text == "⏸" || toks.phrase(i, "out", "of", "scope") ||
		toks.phrase(i, "won't", "do") || toks.phrase(i, "won’t", "do") || toks.phrase(i, "wont", "do") || toks.phrase(i, "will", "not", "do")
}

// negatedAt reports whether the word at i is negated: "not completed",
// "not yet started", "Not blocked anymore", "Done? no".
func (toks tokens) negatedAt(i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if negations[toks[k].text] {
			return true
		}
		if !statusFillers[toks[k].text] && toks[k].text != "yet" {
			break
		}
	}
	if i+1 < len(toks) && (toks[i+1].text == "no" || toks[i+1].text == "not" || toks[i+1].text == "nope") {
		return i+2 == len(toks) || toks[i+1].text != "not" // "Done? no"; "done, not merged"
	}
	return false
}

// unfinishedFraction reports whether w is a fraction or percentage short of
// whole: "2/5", "60%".
func unfinishedFraction(w string) bool {
	if num, den, ok := strings.Cut(w, "/"); ok {
		n, err1 := strconv.Atoi(num)
		d, err2 := strconv.Atoi(den)
		return err1 == nil && err2 == nil && d > 0 && n < d
	}
	if p, ok := strings.CutSuffix(w, "%"); ok {
		n, err := strconv.Atoi(p)
		return err == nil && n < 100
	}
	return false
}
