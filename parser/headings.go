package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// headKind says what a heading's text names.
type headKind int

const (
	headOther  headKind = iota
	headPhase           // "Phase 3a: Title", "Phase 3a - Title", "Phase 3a"
	headSprint          // "Sprint 3a.2b: Title", "Sprint 1.4. Title"
	// headPhaseProse and headSprintProse look like a phase or sprint (the
	// keyword and a well-formed id) but go on as prose: "Phase 3 Scope
	// Change", "Sprint 2.1 retrospective". They name no section.
	headPhaseProse
	headSprintProse
)

// headInfo is what a heading's text says about the plan.
type headInfo struct {
	kind  headKind
	id    string // as written, a trailing '.' dropped
	valid bool   // id fits the pattern of its kind
	colon bool   // a ':' follows the id
	title string // after the separator: markers, "(Parallel)" and status emoji dropped
	// struck is set when the keyword and id, or the whole title, are struck
	// through (~~ ~~, <s>, <del>).
	struck bool
	// skip, done and progress name a marker the heading carries, as
	// written: "SKIPPED", "❌", "✅", "(WIP)".
	skip, done, progress string
	// blocked names a blocked marker: "⛔", "[BLOCKED]".
	blocked string
	// near is what stood between the keyword and the id of a near-miss
	// heading ("#" in "Sprint #1.3:", ":" in "Sprint: 2.1 CDN").
	near string
	// parallel is set when the title carries a (Parallel) marker.
	parallel bool
	// loose names a skip word written in a title as an ordinary word
	// ("Deferred Features"): not read as a marker, but worth a warning.
	loose string
	// badID is set on a prose kind whose id breaks the pattern ("Sprint
	// 2", "Phase One: Kickoff").
	badID bool
}

// headingTexts returns a heading's plain text, and the same text without
// what is struck through.
func headingTexts(h *ast.Heading, src []byte) (full, live string) {
	var f, l []byte
	depth := 0 // open <s>, <del>, <strike> tags
	var walk func(n ast.Node, struck bool)
	walk = func(n ast.Node, struck bool) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *east.Strikethrough:
				walk(c, true)
				continue
			case *ast.RawHTML:
				depth += strikeTag(c, src)
				if depth < 0 {
					depth = 0
				}
				continue
			}
			start := len(f)
			f = appendNode(f, c, src)
			if !struck && depth == 0 {
				l = append(l, f[start:]...)
			} else {
				l = append(l, ' ')
			}
		}
	}
	walk(h, false)
	return collapse(string(f)), collapse(string(l))
}

// strikeTag returns +1 for an opening <s>, <del> or <strike> tag, -1 for a
// closing one, and 0 for any other raw HTML.
func strikeTag(n *ast.RawHTML, src []byte) int {
	var b strings.Builder
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		b.Write(seg.Value(src))
	}
	tag := strings.ToLower(strings.TrimSpace(b.String()))
	switch tag {
	case "<s>", "<del>", "<strike>":
		return 1
	case "</s>", "</del>", "</strike>":
		return -1
	}
	return 0
}

// collapse trims s and turns each run of white space into one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// decoration reports whether r may stand before "Phase" or "Sprint" as
// decoration: emoji, symbols, punctuation, joiners and variation selectors.
func decoration(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// readHeading reads what a heading says.
func readHeading(h *ast.Heading, src []byte) (full string, info headInfo) {
	full, live := headingTexts(h, src)
	info = splitKeyword(full)
	if info.kind == headOther {
		return full, info
	}
	liveInfo := splitKeyword(live)
	switch {
	case liveInfo.kind == headOther || liveInfo.id != info.id:
		info.struck = true // "~~Sprint 3.1a: X~~ (SKIPPED)"
	case !meaningless(info.title) && meaningless(liveInfo.title):
		info.struck = true // "Phase 3: ~~Planning System~~ ❌ OUT OF SCOPE"
	}
	return full, info
}

// splitKeyword reads "Phase <id> ..." or "Sprint <id> ...", after any
// decoration, case-insensitively.
func splitKeyword(text string) headInfo {
	t := strings.TrimLeftFunc(text, decoration)
	var kind headKind
	switch {
	case hasWordPrefix(t, "phase"):
		kind, t = headPhase, t[len("phase"):]
	case hasWordPrefix(t, "sprint"):
		kind, t = headSprint, t[len("sprint"):]
	default:
		return headInfo{}
	}
	rest := strings.TrimLeftFunc(t, unicode.IsSpace)
	near := ""
	if strings.HasPrefix(t, ":") {
		// "Sprint: 2.1 CDN": the colon before the id.
		if r := strings.TrimLeftFunc(t[1:], unicode.IsSpace); len(r) < len(t)-1 && r != "" && r[0] >= '0' && r[0] <= '9' {
			rest, near = r, ":"
		}
	}
	if len(rest) == len(t) {
		return headInfo{} // "Phases", "Sprinting"
	}
	for _, p := range []string{"#", "No. ", "No.", "no. ", "Nr. ", "Number ", "number "} {
		// "Sprint #1.3:", "Sprint No. 1.5:".
		if r := strings.TrimPrefix(rest, p); len(r) < len(rest) && r != "" && r[0] >= '0' && r[0] <= '9' {
			rest, near = r, strings.TrimSpace(p)
			break
		}
	}
	end := strings.IndexFunc(rest, func(r rune) bool {
		return !(r < unicode.MaxASCII && (r == '.' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)))
	})
	if end < 0 {
		end = len(rest)
	}
	info := headInfo{kind: kind, id: rest[:end], near: near}
	rest = strings.TrimSpace(rest[end:])
	dot := near == ":"
	if trimmed := strings.TrimRight(info.id, "."); trimmed != info.id {
		info.id, dot = trimmed, true
	}
	if kind == headSprint {
		_, _, _, info.valid = splitSprintID(info.id)
	} else {
		_, _, info.valid = splitNum(info.id)
	}
	sep := dot
	for _, s := range []string{":", "-", "–", "—"} {
		if strings.HasPrefix(rest, s) {
			rest = strings.TrimSpace(rest[len(s):])
			sep = true
			info.colon = s == ":"
			break
		}
	}
	if info.id == "" {
		return headInfo{}
	}
	digit := info.id[0] >= '0' && info.id[0] <= '9'
	switch {
	case info.valid:
	case digit && sep:
		// "Sprint 1.2.3: X", "Phase 2.5 - Hotfixes": meant as one, with an
		// id that breaks the pattern (an error where it is opened).
	case digit || info.colon:
		// "Sprint 2", "Phase One: Kickoff": looks like one, but is not.
		info.badID = true
		info.title = cleanTitle(rest)
		if kind == headPhase {
			info.kind = headPhaseProse
		} else {
			info.kind = headSprintProse
		}
		return info
	default:
		return headInfo{} // "Sprint planning", "Phase out the old API"
	}
	// Markers count before the keyword too: "✅ Sprint 4.1: Setup".
	lead := text[:len(text)-len(strings.TrimLeftFunc(text, decoration))]
	info.skip, info.done, info.progress, info.loose = headingMarkers(lead + " " + rest)
	info.blocked = headingBlocked(lead + " " + rest)
	info.parallel = strings.Contains(rest, "(") && strings.Contains(strings.ToLower(rest), "(parallel)")
	title := cleanTitle(rest)
	if !sep && title != "" {
		// "Phase 3 Scope Change": the id runs on into prose.
		if kind == headPhase {
			info.kind = headPhaseProse
		} else {
			info.kind = headSprintProse
		}
	}
	info.title = title
	return info
}

func hasWordPrefix(s, word string) bool {
	return len(s) >= len(word) && strings.EqualFold(s[:len(word)], word)
}

// Emoji that say how a piece of work stands.
const (
	doneEmoji     = "✅✔☑✓"
	progressEmoji = "🔄🚧"
	skipEmoji     = "❌⏭🚫⏸"
	blockedEmoji  = "⛔"
)

// cleanTitle drops the markers a title carries: parenthesised markers
// ("(Parallel)", "(SKIPPED)"), status emoji at either end, and the
// variation selectors that follow them.
func cleanTitle(t string) string {
	for {
		before := t
		t = strings.TrimSpace(t)
		t = strings.TrimFunc(t, func(r rune) bool {
			return strings.ContainsRune(doneEmoji+progressEmoji+skipEmoji+blockedEmoji+"⏳⬜\ufe0f\u200d", r)
		})
		t = strings.TrimSpace(t)
		for _, w := range markerWords {
			if strings.HasSuffix(t, w) && wordEdge(t, len(t)-len(w), len(w)) {
				t = strings.TrimRight(t[:len(t)-len(w)], " -–—:")
			}
		}
		if strings.HasSuffix(t, ")") {
			if k := strings.LastIndex(t, "("); k >= 0 {
				inner := strings.ToLower(strings.TrimSpace(t[k+1 : len(t)-1]))
				if _, ok := titleMarkers[inner]; ok || durationRE.MatchString(inner) {
					t = t[:k]
				}
			}
		}
		if strings.HasSuffix(t, "]") {
			if k := strings.LastIndex(t, "["); k >= 0 {
				inner := strings.ToLower(strings.TrimSpace(t[k+1 : len(t)-1]))
				if _, ok := titleMarkers[inner]; ok || strings.HasPrefix(inner, "checkpoint:") || inner == "x" || inner == "" {
					t = t[:k]
				}
			}
		}
		if strings.HasSuffix(t, "}") {
			if k := strings.LastIndex(t, "{#"); k >= 0 {
				t = t[:k] // a heading anchor: "Setup {#setup}"
			}
		}
		for _, arrow := range []string{"⬅️", "⬅", "←", "👈"} {
			if k := strings.LastIndex(t, arrow); k >= 0 {
				if _, ok := titleMarkers[strings.ToLower(strings.Trim(t[k+len(arrow):], " \ufe0f!:-"))]; ok {
					t = t[:k]
				}
			}
		}
		if strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..") {
			t = t[:len(t)-1]
		}
		if t == before {
			return t
		}
	}
}

// titleMarkers are the words a title may carry in parentheses as a marker,
// with the kind of marker each is.
var titleMarkers = map[string]string{
	"parallel": "", "skipped": "skip", "skip": "skip", "out of scope": "skip", "deferred": "skip",
	"cancelled": "skip", "canceled": "skip", "dropped": "skip", "won't do": "skip", "won’t do": "skip",
	"wont do": "skip", "completed": "done", "complete": "done", "done": "done", "closed": "done",
	"merged": "done", "in progress": "progress", "wip": "progress",
	"blocked": "", "current": "", "we are here": "", "you are here": "", "if needed": "",
	"✅": "done", "done ✅": "done", "superseded": "skip", "retired": "skip",
	"subdivided": "skip", "split": "skip",
}

// durationRE matches a duration or schedule written in parentheses after a
// title: "(2 weeks)", "(Weeks 49-54)", "(3-4 days)", "(Months 1-6)", "(~2h)".
var durationRE = lazyMustCompile(`^(?:~|≈|about |approx\.? )?(?:\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:h|hrs?|hours?|d|days?|w|wks?|weeks?|months?|sprints?|sessions?|pts?|points?|sp)|(?:weeks?|months?|days?|sprints?|days?|q[1-4])\s*\d+(?:\s*[-–]\s*\d+)?)$`)

// skipWords are the words that mark a heading skipped when written as a
// marker: in capitals, or in parentheses or brackets.
var skipWords = []string{"SKIPPED", "OUT OF SCOPE", "DEFERRED", "CANCELLED", "CANCELED", "DROPPED", "WON'T DO", "WON’T DO", "WONT DO", "RETIRED", "SUPERSEDED", "SUBDIVIDED"}
var doneWords = []string{"COMPLETED", "COMPLETE", "DONE", "CLOSED", "MERGED"}
var progressWords = []string{"IN PROGRESS", "WIP"}
var blockedWords = []string{"BLOCKED", "ON HOLD"}

// markerWords are all the marker words, as a title's last words in
// capitals ("Planning System ❌ OUT OF SCOPE").
var markerWords = append(append(append(append([]string{}, skipWords...), doneWords...), progressWords...), blockedWords...)

// headingMarkers finds the markers in a heading's text after its id. A
// marker word counts in capitals ("❌ OUT OF SCOPE") or in parentheses
// ("(deferred)"); the same word written as an ordinary title word
// ("Deferred features") is returned as loose.
func headingMarkers(rest string) (skip, done, progress, loose string) {
	for _, r := range rest {
		switch {
		case skip == "" && strings.ContainsRune(skipEmoji, r):
			skip = string(r)
		case done == "" && strings.ContainsRune(doneEmoji, r):
			done = string(r)
		case progress == "" && strings.ContainsRune(progressEmoji, r):
			progress = string(r)
		}
	}
	// A marker word is in capitals (two capitals in a row at least) or in
	// brackets; most titles have neither, and are passed over at once.
	caps := false
	for i := 1; i < len(rest) && !caps; i++ {
		caps = rest[i-1] >= 'A' && rest[i-1] <= 'Z' && rest[i] >= 'A' && rest[i] <= 'Z'
	}
	lower := ""
	if strings.ContainsAny(rest, "([") {
		// Offsets hold only when lowering kept every byte length.
		if l := strings.ToLower(rest); len(l) == len(rest) {
			lower = l
		}
	}
	find := func(words []string) string {
		if !caps && lower == "" {
			return ""
		}
		for _, w := range words {
			if caps {
				// A marker in capitals stands apart from the title's words:
				// "Exports DROPPED", "✅ COMPLETE - Setup"; not "Handle
				// CANCELLED orders".
				if k := indexWord(rest, w); k >= 0 && apart(rest, k, len(w)) {
					return w
				}
			}
			if lower == "" {
				continue
			}
			if k := indexWord(lower, strings.ToLower(w)); k >= 0 && bracketed(rest, k, len(w)) {
				return rest[k : k+len(w)]
			}
		}
		return ""
	}
	if skip == "" {
		skip = find(skipWords)
	}
	if done == "" {
		done = find(doneWords)
	}
	if progress == "" {
		progress = find(progressWords)
	}
	if skip == "" {
		words := strings.Fields(rest)
		if len(words) > 0 {
			for _, w := range []string{words[0], words[len(words)-1]} {
				w = strings.Trim(w, ".,;:!?\"'`*_")
				for _, m := range skipWords {
					if !strings.Contains(m, " ") && strings.EqualFold(w, m) {
						loose = w
					}
				}
			}
		}
	}
	return skip, done, progress, loose
}

// indexWord finds w in s as a whole word, case-sensitively.
func indexWord(s, w string) int {
	for from := 0; ; {
		k := strings.Index(s[from:], w)
		if k < 0 {
			return -1
		}
		k += from
		if wordEdge(s, k, len(w)) {
			return k
		}
		from = k + 1
	}
}

func wordEdge(s string, k, n int) bool {
	isWord := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	return (k == 0 || !isWord(s[k-1])) && (k+n == len(s) || !isWord(s[k+n]))
}

// bracketed reports whether s[k:k+n] sits directly inside () or [].
func bracketed(s string, k, n int) bool {
	before := strings.TrimRight(s[:k], " ")
	after := strings.TrimLeft(s[k+n:], " ")
	return (strings.HasSuffix(before, "(") && strings.HasPrefix(after, ")")) ||
		(strings.HasSuffix(before, "[") && strings.HasPrefix(after, "]"))
}

// meaningless reports whether a title holds nothing but markers, emoji and
// punctuation.
func meaningless(title string) bool {
	if strings.IndexFunc(title, unicode.IsLower) >= 0 {
		return false // marker words are capitals: a lowercase letter is a word
	}
	t := title
	for _, w := range markerWords {
		t = strings.ReplaceAll(t, w, " ")
	}
	return strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0
}

// canonicalNum drops the leading zeros of a number, keeping one digit:
// "01" and "1" are one phase.
func canonicalNum(num string) string {
	t := strings.TrimLeft(num, "0")
	if t == "" {
		return "0"
	}
	return t
}

// canonicalPhaseID gives a phase id with its number's leading zeros dropped.
func canonicalPhaseID(id string) string {
	num, letters, ok := splitNum(id)
	if !ok {
		return id
	}
	return canonicalNum(num) + letters
}

// canonicalSprintID gives a sprint id with its numbers' leading zeros
// dropped: "01.01b" is "1.1b".
func canonicalSprintID(id string) string {
	phase, num, letters, ok := splitSprintID(id)
	if !ok {
		return id
	}
	return canonicalPhaseID(phase) + "." + canonicalNum(num) + letters
}

// apart reports whether s[k:k+n] stands apart from the words of a title:
// nothing but markers, emoji and punctuation after it, or a separator or
// emoji before it.
func apart(s string, k, n int) bool {
	after := strings.TrimSpace(s[k+n:])
	if after == "" || strings.IndexFunc(after, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return true
	}
	if strings.ContainsAny(after[:1], "([—–-|:,;") || strings.HasPrefix(after, "—") || strings.HasPrefix(after, "–") {
		return true
	}
	if meaningless(after) {
		return true
	}
	before := strings.TrimSpace(s[:k])
	if before == "" {
		return true
	}
	last, _ := utf8.DecodeLastRuneInString(before)
	return !unicode.IsLetter(last) && !unicode.IsDigit(last) && last != ')' && last != '`' && last != '\''
}

// headingBlocked finds a blocked marker in a heading's text after its id:
// ⛔, [BLOCKED], (BLOCKED), or BLOCKED standing apart in capitals.
func headingBlocked(rest string) string {
	if strings.ContainsRune(rest, '⛔') {
		return "⛔"
	}
	if !strings.Contains(rest, "BLOCKED") && !strings.Contains(rest, "ON HOLD") && !strings.ContainsAny(rest, "([") {
		return "" // most headings: no allocation
	}
	for _, w := range blockedWords {
		if k := indexWord(rest, w); k >= 0 && apart(rest, k, len(w)) {
			return w
		}
		if l := strings.ToLower(rest); len(l) == len(rest) {
			if k := indexWord(l, strings.ToLower(w)); k >= 0 && bracketed(rest, k, len(w)) {
				return rest[k : k+len(w)]
			}
		}
	}
	return ""
}
