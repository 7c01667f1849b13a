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
	}
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
	toks := statusTokens(v)
	if len(toks) == 0 {
		return statusReading{status: StatusOpen}
	}
	has := func(pred func(t token, i int) bool) bool {
		for i, t := range toks {
			if pred(t, i) {
				return true
			}
		}
		return false
	}
	phrase := func(i int, words ...string) bool {
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
	cross := strings.ContainsRune(v, '❌')
	// Skip words, and phrases that say the same.
	skip := has(func(t token, i int) bool {
		return skipStatusWords[t.text] || t.text == "⏭" || phrase(i, "out", "of", "scope") ||
			phrase(i, "won't", "do") || phrase(i, "won’t", "do") || phrase(i, "wont", "do") || phrase(i, "will", "not", "do")
	})
	if skip {
		return statusReading{status: statusSkipped, known: true}
	}
	// A negated done or progress word: "not completed", "not yet started".
	negated := has(func(t token, i int) bool {
		if !doneStatusWords[t.text] && !progressStatusWords[t.text] {
			return false
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if negations[toks[k].text] {
				return true
			}
			if !statusFillers[toks[k].text] && toks[k].text != "yet" {
				break
			}
		}
		return false
	})
	partial := has(func(t token, _ int) bool { return partialWords[t.text] || unfinishedFraction(t.text) })
	first := ""
	for i, t := range toks {
		switch {
		case t.text == "✅" || t.text == "✔" || t.text == "☑":
			first = StatusClosed
		case doneStatusWords[t.text]:
			first = StatusClosed
		case t.text == "🔄" || t.text == "🚧" || progressStatusWords[t.text] || phrase(i, "in", "progress") || t.text == "in_progress" || t.text == "in-progress":
			first = StatusInProgress
		case t.text == "⛔" || t.text == "🚫" || blockedStatusWords[t.text]:
			first = StatusBlocked
		case t.text == "⏳" || t.text == "⬜" || t.text == "☐" || openStatusWords[t.text] || phrase(i, "to", "do"):
			first = StatusOpen
		default:
			continue
		}
		break
	}
	switch {
	case negated:
		r := statusReading{status: StatusOpen, known: true}
		if cross {
			r.note = "❌ would skip the sprint, but the words say it is not done"
		}
		return r
	case partial && (first == StatusClosed || first == StatusInProgress || first == ""):
		return statusReading{status: StatusInProgress, known: true, note: "partial progress is not done"}
	case first != "":
		r := statusReading{status: first, known: true}
		if cross && first != StatusClosed {
			r.note = "❌ would skip the sprint, but the words say " + strings.ReplaceAll(first, "_", " ")
		}
		return r
	case cross:
		return statusReading{status: statusSkipped, known: true}
	}
	return statusReading{status: StatusOpen}
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
