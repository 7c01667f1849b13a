package parser

import (
	"slices"
	"strconv"
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
	// ("Deferred Features"), or as a marker about part of the work
	// ("Invoices — dunning DEFERRED"): not read as a marker, but worth a
	// warning. looseDone is the same for a done word ("Rename DONE to
	// CLOSED").
	loose, looseDone string
	// badID is set on a prose kind whose id breaks the pattern ("Sprint
	// 2", "Phase One: Kickoff").
	badID bool
}

// headingTexts returns a heading's plain text, and the same text without
// what is struck through: the very same string when nothing is.
func headingTexts(h *ast.Heading, src []byte) (full, live string) {
	var f, l []byte
	depth := 0      // open <s>, <del>, <strike> tags
	struck := false // some text was left out of l, which is f until then
	var walk func(n ast.Node, inStrike bool)
	walk = func(n ast.Node, inStrike bool) {
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
			switch {
			case !inStrike && depth == 0:
				if struck {
					l = append(l, f[start:]...)
				}
			case !struck:
				// Until now l was f: it is built from here on.
				l = append(l, f[:start]...)
				struck = true
				fallthrough
			default:
				l = append(l, ' ')
			}
		}
	}
	walk(h, false)
	full = collapse(string(f))
	if !struck {
		return full, full
	}
	return full, collapse(string(l))
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

// collapse trims s and turns each run of white space into one space. Most
// texts are that already, and come back as they are, without a copy.
func collapse(s string) string {
	after := true // after a space, or at the start
	for _, r := range s {
		switch {
		case r == ' ' && !after:
			after = true
			continue
		case r == ' ', r < utf8.RuneSelf && asciiSpace(byte(r)), r >= utf8.RuneSelf && unicode.IsSpace(r):
			return strings.Join(strings.Fields(s), " ")
		}
		after = false
	}
	if after && s != "" {
		return strings.Join(strings.Fields(s), " ") // a space at the end
	}
	return s
}

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiSpace reports whether c is white space other than ' ', as
// strings.Fields reads it.
func asciiSpace(c byte) bool { return c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' }

// decoration reports whether r may stand before "Phase" or "Sprint" as
// decoration: emoji, symbols, punctuation, joiners and variation selectors.
func decoration(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// readHeading reads what a heading says.
func readHeading(h *ast.Heading, src []byte) (full string, info headInfo) {
	full, live := headingTexts(h, src)
	info = splitKeyword(full)
	if info.kind == headOther || live == full {
		return full, info // nothing struck through reads as the whole
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

// oddSeparator reads a separator after an id that is almost one of ':' and
// the dashes: another dash or minus sign ("―", "−", "‒"), a fullwidth colon,
// "|", "·", "•", "→". It returns the separator and the text after it.
func oddSeparator(rest string) (sep, after string, ok bool) {
	r, n := utf8.DecodeRuneInString(rest)
	if n == 0 {
		return "", rest, false
	}
	switch {
	case unicode.Is(unicode.Pd, r) && r != '-' && r != '–' && r != '—', r == '−', r == '：', r == '|', r == '·', r == '•', r == '→':
	default:
		return "", rest, false
	}
	after = strings.TrimSpace(rest[n:])
	if after == "" {
		return "", rest, false
	}
	return string(r), after, true
}

// outlineNumber cuts the number an editor's auto-numbering puts before a
// heading's text ("1. Phase 1: Core", "1.4 Sprint 1.4: Preview") when a
// phase or sprint keyword follows it.
func outlineNumber(t string) string {
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	if i == 0 || i == len(t) || t[i] != ' ' {
		return t
	}
	rest := strings.TrimLeft(t[i:], " ")
	if hasWordPrefix(rest, "phase ") || hasWordPrefix(rest, "sprint ") {
		return rest
	}
	return t
}

// splitKeyword reads "Phase <id> ..." or "Sprint <id> ...", after any
// decoration and an editor's outline number, case-insensitively.
func splitKeyword(text string) headInfo {
	t := outlineNumber(strings.TrimLeftFunc(text, decoration))
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
			rest = strings.TrimSpace(strings.TrimLeft(rest[len(s):], "-–—"))
			sep = true
			info.colon = s == ":"
			break
		}
	}
	if odd, after, ok := oddSeparator(rest); ok && !sep {
		// "Sprint 1.4 ― Preview", "Sprint 1.4 ： Preview": a separator
		// almost right; read, with a warning that shows the form.
		rest, sep, info.near = after, true, odd
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
	marked := lead + " " + rest
	info.skip, info.done, info.progress, info.loose = headingMarkers(marked)
	info.looseDone = looseDone(rest, info.done)
	info.blocked = headingBlocked(marked)
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
	skipEmoji     = "❌⏭🚫"
	blockedEmoji  = "⛔⏸"
)

// cleanTitle drops the markers a title carries: parenthesised markers
// ("(Parallel)", "(SKIPPED)"), status emoji at either end, and the
// variation selectors that follow them.
func cleanTitle(t string) string {
	for {
		before := t
		t = strings.TrimSpace(t)
		t = strings.TrimFunc(t, func(r rune) bool {
			return strings.ContainsRune(doneEmoji+progressEmoji+skipEmoji+blockedEmoji+"⏳⬜🔜\ufe0f\u200d", r)
		})
		t = strings.TrimSpace(t)
		for _, w := range markerWords {
			if strings.HasSuffix(t, w) && wordEdge(t, len(t)-len(w), len(w)) && markerPlace(t, len(t)-len(w), len(w), slices.Contains(skipWords, w)) == placeWhole {
				t = strings.TrimRight(t[:len(t)-len(w)], " ")
				if f := strings.Fields(t); len(f) > 1 && partialWords[strings.ToLower(f[len(f)-1])] {
					t = strings.TrimSpace(t[:len(t)-len(f[len(f)-1])]) // "— PARTIALLY SHIPPED"
				}
				t = strings.TrimRight(t, " -–—:")
			}
		}
		if k, _, ok := percentTail(t); ok {
			t = t[:k] // "GPX loading **[40%]**"
		}
		if strings.HasSuffix(t, ")") {
			if k := strings.LastIndex(t, "("); k >= 0 {
				inner := strings.ToLower(strings.TrimSpace(t[k+1 : len(t)-1]))
				// "(COMPLETE ✅)", "(✅ Done)": the word, its emoji aside.
				bare := strings.TrimSpace(strings.TrimFunc(inner, func(r rune) bool {
					return r == ' ' || strings.ContainsRune(doneEmoji+progressEmoji+skipEmoji+blockedEmoji+"⏳⬜🔜\ufe0f\u200d", r)
				}))
				_, okBare := titleMarkers[bare]
				lead := false // "(completed in v3.0.0)": a marker, then when or why
				if f := strings.Fields(inner); len(f) > 1 {
					_, lead = titleMarkers[f[0]]
					lead = lead && f[0] != "parallel" && reasonWord(strings.Join(f[1:], " "))
				}
				if _, ok := titleMarkers[inner]; ok || okBare && bare != "" || lead || durationRE.MatchString(inner) {
					t = t[:k]
				}
			}
		}
		if k := emojiStatusTail(t); k > 0 {
			t = t[:k] // "Спайк. ✅ ПРОЙДЕНО (2026-06-28)", "Демон ⚠ ЧАСТИЧНО"
		}
		if tail, st := dashStatus(t); st != "" {
			t = strings.TrimRight(strings.TrimSuffix(t, tail), " -–—") // "Rebrand — `complete`"
		}
		if lead, st := leadDashStatus(t); st != "" {
			t = strings.TrimLeft(strings.TrimPrefix(t, lead), " -–—") // "completed - Windows enforcement"
		}
		if tail, st := commaStatus(t); st != "" {
			t = strings.TrimSuffix(t, tail) // "Route aggregation slice, completed in `b1272ae`"
		}
		if (strings.HasSuffix(t, "）") || strings.HasSuffix(t, ")")) && bracketDone(t) != "" {
			t = t[:max(strings.LastIndex(t, "（"), strings.LastIndex(t, "("))] // "（リリース済）", "(完了/最適化中)"
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
		if !ascii(t) { // every arrow is outside ASCII: most titles have none
			for _, arrow := range []string{"⬅️", "⬅", "←", "👈"} {
				if k := strings.LastIndex(t, arrow); k >= 0 {
					if _, ok := titleMarkers[strings.ToLower(strings.Trim(t[k+len(arrow):], " \ufe0f!:-"))]; ok {
						t = t[:k]
					}
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

// emojiStatusTail returns where a status written after the title starts:
// a status emoji, one to three status words and, at the end, what is in
// parentheses (a date, a version), "✅ ПРОЙДЕНО (2026-06-28)"; 0 when t
// ends in no such status.
func emojiStatusTail(t string) int {
	k := strings.LastIndexFunc(t, func(r rune) bool {
		return strings.ContainsRune(doneEmoji+progressEmoji+skipEmoji+blockedEmoji+"⚠⏳", r)
	})
	if k <= 0 {
		return 0
	}
	_, size := utf8.DecodeRuneInString(t[k:])
	tail := strings.TrimLeft(t[k+size:], "\ufe0f ")
	if strings.HasSuffix(tail, ")") {
		if open := strings.LastIndex(tail, "("); open >= 0 {
			tail = tail[:open]
		}
	}
	words := strings.Fields(strings.ToLower(tail))
	if len(words) == 0 || len(words) > 3 {
		return 0
	}
	for _, w := range words {
		w = strings.Trim(w, ".,:;!")
		if !doneStatusWords[w] && !progressStatusWords[w] && !openStatusWords[w] && !skipStatusWords[w] && !blockedStatusWords[w] && !partialWords[w] {
			return 0
		}
	}
	return k
}

// percentTail finds a percentage in brackets that ends t ("**[40%]**",
// "[80% - uncommitted]"): where the bracket (and its emphasis) starts, and
// the number; ok is false when t ends otherwise.
func percentTail(t string) (start, pct int, ok bool) {
	body := strings.TrimRight(t, "* ")
	if !strings.HasSuffix(body, "]") {
		return 0, 0, false
	}
	k := strings.LastIndex(body, "[")
	if k < 0 {
		return 0, 0, false
	}
	num, rest, found := strings.Cut(body[k+1:len(body)-1], "%")
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if !found || err != nil || n < 0 || n > 100 {
		return 0, 0, false
	}
	if rest = strings.TrimSpace(rest); rest != "" && !strings.HasPrefix(rest, "-") && !strings.HasPrefix(rest, "–") && !strings.HasPrefix(rest, "—") && !strings.HasPrefix(rest, ",") {
		return 0, 0, false // "[5% of traffic]": a share, not progress
	}
	return len(strings.TrimRight(body[:k], "* ")), n, true
}

// titleMarkers are the words a title may carry in parentheses as a marker,
// with the kind of marker each is.
var titleMarkers = map[string]string{
	"parallel": "", "skipped": "skip", "skip": "skip", "out of scope": "skip", "deferred": "skip",
	"cancelled": "skip", "canceled": "skip", "dropped": "skip", "descoped": "skip", "won't do": "skip", "won’t do": "skip",
	"wont do": "skip", "completed": "done", "complete": "done", "done": "done", "closed": "done",
	"merged": "done", "shipped": "done", "released": "done", "landed": "done", "in progress": "progress", "wip": "progress",
	"blocked": "", "current": "", "we are here": "", "you are here": "", "if needed": "",
	"✅": "done", "done ✅": "done", "superseded": "skip", "retired": "skip",
	"subdivided": "skip", "split": "skip",
}

// durationRE matches a duration or schedule written in parentheses after a
// title: "(2 weeks)", "(Weeks 49-54)", "(3-4 days)", "(Months 1-6)", "(~2h)".
var durationRE = lazyMustCompile(`^(?:~|≈|about |approx\.? )?(?:\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:h|hrs?|hours?|horas?|stunden|d|days?|dias?|días?|jours?|tage?|giorni|w|wks?|weeks?|semanas?|semaines?|wochen?|settimane|months?|meses|mois|monate?|sprints?|sessions?|pts?|points?|sp)|(?:weeks?|months?|days?|sprints?|days?|q[1-4])\s*\d+(?:\s*[-–]\s*\d+)?)$`)

// rejectedRE matches REJECTED as a marker closing a title: in brackets
// at its end ("[**REJECTED 2026-05-21**]") or after a dash ("— REJECTED"),
// not a state the work names ("Retry REJECTED", "(REJECTED) badge").
var rejectedRE = lazyMustCompile(`(?:\[\**\s*REJECTED\b[^\]]*\]|[—–-]\s*\**REJECTED\**(?:\s+\d{4}-\d{2}-\d{2})?)\s*$`)

// skipWords are the words that mark a heading skipped when written as a
// marker: in capitals, or in parentheses or brackets.
var skipWords = []string{"SKIPPED", "OUT OF SCOPE", "DEFERRED", "DESCOPED", "CANCELLED", "CANCELED", "DROPPED", "WON'T DO", "WON’T DO", "WONT DO", "RETIRED", "SUPERSEDED", "SUBDIVIDED", "N/A"}
var doneWords = []string{"COMPLETED", "COMPLETE", "DONE", "CLOSED", "MERGED", "SHIPPED", "RELEASED", "LANDED",
	"FEITO", "FEITA", "CONCLUÍDO", "CONCLUÍDA", "HECHO", "TERMINADO", "COMPLETADO", "ERLEDIGT", "FERTIG", "TERMINÉ", "FAIT"}
var progressWords = []string{"IN PROGRESS", "WIP", "PARTIAL"}
var blockedWords = []string{"BLOCKED", "ON HOLD"}

// markerWords are all the marker words, as a title's last words in
// capitals ("Planning System ❌ OUT OF SCOPE").
var markerWords = append(append(append(append([]string{}, skipWords...), doneWords...), progressWords...), blockedWords...)

// headingMarkers finds the markers in a heading's text after its id. A
// marker counts only where it speaks of the whole unit (see markerPlace):
// in capitals set apart from the title's words ("❌ OUT OF SCOPE",
// "Exports DROPPED") or in brackets ("(deferred)"), and an emoji at either
// end of the title. The same skip word written as an ordinary title word
// ("Deferred features", "DEFERRED payment support"), or as a marker about
// part of the work ("Invoices — dunning DEFERRED"), is returned as loose.
func headingMarkers(rest string) (skip, done, progress, loose string) {
	for k, r := range rest {
		if r < utf8.RuneSelf {
			continue // every marker emoji is outside ASCII
		}
		n := utf8.RuneLen(r)
		switch {
		case skip == "" && strings.ContainsRune(skipEmoji, r):
			switch markerPlace(rest, k, n, true) {
			case placeWhole:
				skip = string(r)
			case placePart:
				loose = string(r)
			}
		case done == "" && strings.ContainsRune(doneEmoji, r):
			if markerPlace(rest, k, n, false) == placeWhole {
				done = string(r)
			}
		case progress == "" && strings.ContainsRune(progressEmoji, r):
			if markerPlace(rest, k, n, false) == placeWhole {
				progress = string(r)
			}
		}
	}
	if done != "" {
		// "Step 3: Update the root ✅ (Partially - test only)": the
		// bracket after the mark takes part of it back.
		if k := strings.LastIndex(rest, done); k >= 0 {
			after := strings.ToLower(strings.TrimSpace(rest[k+len(done):]))
			if strings.HasPrefix(after, "(partial") || strings.HasPrefix(after, "（部分") {
				done, progress = "", "PARTIALLY "+done
			}
		}
	}
	// A marker word is in capitals (two capitals in a row at least) or in
	// brackets; most titles have neither, and are passed over at once.
	caps := strings.Contains(rest, "N/A")
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
	find := func(words []string, skipping bool) string {
		if !caps && lower == "" {
			return ""
		}
		for _, w := range words {
			if caps {
				if k := indexWord(rest, w); k >= 0 {
					switch markerPlace(rest, k, len(w), skipping) {
					case placeWhole:
						return w
					case placePart:
						if skipping && loose == "" {
							loose = w
						}
					}
				}
			}
			if lower == "" {
				continue
			}
			if k := indexWord(lower, strings.ToLower(w)); k >= 0 && (bracketed(rest, k, len(w)) || leadsBracket(rest, k, len(w)) && (skipping || !partFor(lower[k+len(w):]))) {
				return rest[k : k+len(w)]
			}
		}
		return ""
	}
	if skip == "" {
		skip = find(skipWords, true)
	}
	if skip == "" && caps {
		// "[**REJECTED 2026-05-21**]": rejected, in capitals only; "the
		// Rejected tab" and "(Rejected) badge" name a state the work
		// builds.
		if strings.Contains(rest, "REJECTED") && rejectedRE.MatchString(rest) {
			skip = "REJECTED"
		}
	}
	if done == "" {
		done = find(doneWords, false)
		if done != "" && partlyBefore(rest, done) {
			// "— PARTIALLY SHIPPED": part of the work, under way.
			progress, done = "PARTIALLY "+done, ""
		}
	}
	if t := strings.TrimRight(rest, ". "); done == "" && (strings.HasSuffix(t, "）") || strings.HasSuffix(t, ")")) {
		// "displays correctly (fixed).": the sentence's stop after it.
		done = bracketDone(t)
	}
	if done == "" && progress == "" && strings.HasSuffix(strings.TrimRight(rest, "* "), "]") {
		// "GPX loading **[40%]**", "https support **[100%]**": how far
		// along, in brackets at the end.
		if _, pct, ok := percentTail(rest); ok && pct >= 100 {
			done = strconv.Itoa(pct) + "%"
		} else if ok && pct > 0 {
			progress = strconv.Itoa(pct) + "%"
		}
	}
	if done == "" && progress == "" && skip == "" {
		if v := statusInTitle(rest); v != "" {
			// "Phase 1 — Spec completeness · **Status: ✅ effectively
			// complete (…)**": the field written in the title says how
			// the unit stands.
			r := readStatus(v)
			if lead, _, _ := strings.Cut(v, " "); statusEmoji(lead) {
				r = readStatus(lead) // "🟡 nearly complete": the mark says it
			}
			switch r.status {
			case StatusClosed:
				done = v
			case StatusInProgress:
				progress = v
			}
		}
	}
	if done == "" && progress == "" && skip == "" {
		tail, st := dashStatus(rest)
		if st == "" {
			tail, st = leadDashStatus(rest)
		}
		if st == "" {
			tail, st = commaStatus(rest)
		}
		if st != "" {
			switch st {
			case StatusClosed:
				done = tail
			case StatusInProgress:
				progress = tail
			case statusSkipped:
				skip = tail
			}
		}
	}
	if progress == "" {
		progress = find(progressWords, false)
	}
	if skip == "" && loose == "" {
		if first, last, ok := edgeFields(rest); ok {
			for _, w := range []string{first, last} {
				w = strings.Trim(w, ".,;:!?\"'`*_")
				for _, m := range skipWords {
					if !strings.Contains(m, " ") && strings.EqualFold(w, m) {
						loose = w
					}
				}
			}
		}
	}
	if skip != "" {
		loose = ""
	}
	return skip, done, progress, loose
}

// partlyBefore reports a done marker word w in rest right after a word that
// says only part of the work ("PARTIALLY SHIPPED", "mostly done").
func partlyBefore(rest, w string) bool {
	k := strings.LastIndex(rest, w)
	if k <= 0 {
		return false
	}
	f := strings.Fields(rest[:k])
	return len(f) > 0 && partialWords[strings.ToLower(strings.Trim(f[len(f)-1], "(["))]
}

// dashStatus reads a status set after a dash at the end of a title
// ("Rebrand — `complete`", "Auth - in progress"): the words after the
// dash and the status they say, "" when they are no status alone.
func dashStatus(t string) (tail, status string) {
	k := max(strings.LastIndex(t, " — "), strings.LastIndex(t, " – "), strings.LastIndex(t, " - "))
	if k < 0 {
		return "", ""
	}
	_, after, _ := strings.Cut(t[k+1:], " ")
	tail = strings.TrimSpace(after)
	// "Foundation (The Spine) - [x] Complete": a box after the dash says
	// how the unit stands, whatever words follow it.
	switch {
	case strings.HasPrefix(tail, "[x]") || strings.HasPrefix(tail, "[X]"):
		return tail, StatusClosed
	case strings.HasPrefix(tail, "[ ]"):
		return tail, StatusOpen
	}
	w := strings.Trim(tail, "`*_ .")
	// A status token as a tool writes it: lower case, one word or two
	// ("complete", "in-progress", "not started"), nothing else.
	if w == "" || strings.Count(w, " ") > 1 || strings.ContainsFunc(w, func(r rune) bool { return !('a' <= r && r <= 'z' || r == '-' || r == ' ') }) {
		return "", ""
	}
	switch w {
	case "pending", "planned", "todo", "to do", "not started", "open":
		return tail, StatusOpen
	}
	r := readStatus(w)
	if !r.known || r.status == StatusOpen {
		return "", ""
	}
	return tail, r.status
}

// leadDashStatus reads a status set before a dash at the start of a
// title ("completed - Windows enforcement", "Done — Wire it"), as a status
// list writes it after a unit's id: the words before the dash and the
// status they say, "" when they are no status alone.
func leadDashStatus(t string) (lead, status string) {
	k := -1
	for _, d := range []string{" — ", " – ", " - "} {
		if i := strings.Index(t, d); i > 0 && (k < 0 || i < k) {
			k = i
		}
	}
	if k < 0 || k > 20 {
		return "", ""
	}
	lead = t[:k]
	w := strings.Trim(lead, "*_ ") // a name in backticks is no status: "`skip-build-output` — mark ..."
	if strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != ' ' }) {
		return "", ""
	}
	l := strings.ToLower(w)
	if w != strings.ToUpper(w) {
		// "Done", "In Progress", "Готово" or "DONE" as a status is
		// written, not "DoNe": past each word's first letter, lower case.
		for _, f := range strings.Fields(w) {
			_, n := utf8.DecodeRuneInString(f)
			if f[n:] != strings.ToLower(f[n:]) {
				return "", ""
			}
		}
	}
	switch {
	case doneStatusWords[l]:
		return lead, StatusClosed
	case l == "in progress" || l == "in-progress" || l == "wip" || l == "ongoing":
		return lead, StatusInProgress
	case l == "skipped" || l == "deferred" || l == "cancelled" || l == "canceled" || l == "dropped" || l == "postponed":
		return lead, statusSkipped
	case l == "pending" || l == "planned" || l == "todo" || l == "to do" || l == "not started":
		return lead, StatusOpen
	}
	return "", ""
}

// commaStatus reads a status set after a comma at the end of a title,
// alone or with the commit or date it came in ("Parser, done", "Route
// aggregation slice, completed in `b1272ae`"): the comma and what follows
// it, and the status, "" when they say none.
func commaStatus(t string) (tail, status string) {
	k := strings.LastIndex(t, ", ")
	if k < 0 {
		return "", ""
	}
	w, rest, _ := strings.Cut(strings.TrimSpace(t[k+2:]), " ")
	// "Parser, done"; with words after it, only when they name a commit
	// or a date ("completed in `b1272ae`", "done 2024-05"): "Auth
	// service, deployed to Kubernetes" is the title.
	if !doneStatusWords[strings.ToLower(strings.Trim(w, "*_`."))] || rest != "" && !(reasonWord(rest) && strings.ContainsAny(rest, "`0123456789")) {
		return "", ""
	}
	return t[k:], StatusClosed
}

// statusInTitle returns the value of a Status field written in a title
// after a separator ("Repo reset · **Status: ✅ complete (2026-06-07)**"
// gives "✅ complete (2026-06-07)"), "" when it has none.
func statusInTitle(rest string) string {
	k := strings.Index(rest, "tatus:") - 1
	if k <= 0 || rest[k] != 'S' && rest[k] != 's' {
		return ""
	}
	before := strings.TrimRight(rest[:k], "* ")
	if !strings.HasSuffix(before, "·") && !strings.HasSuffix(before, "|") && !strings.HasSuffix(before, "—") && !strings.HasSuffix(before, "-") && !strings.HasSuffix(before, "(") {
		return ""
	}
	v := rest[k+len("Status:"):]
	if i := strings.Index(v, "**"); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), ")"))
}

// bracketDone reads a status in the brackets that end a title: "（完了）",
// "(完了/最適化中)", "(Done / polishing)": the bracket's word, or the
// first of the words it joins with a slash, when it says done. It
// returns that word, "" when the bracket says nothing of the kind.
func bracketDone(rest string) string {
	k := max(strings.LastIndex(rest, "（"), strings.LastIndex(rest, "("))
	if k < 0 {
		return ""
	}
	inner := strings.TrimRight(rest[k:], ")）")
	inner = strings.TrimLeft(strings.TrimPrefix(inner, "（"), "(")
	if i := strings.IndexAny(inner, "/／"); i >= 0 {
		inner = inner[:i]
	}
	inner = strings.TrimSpace(inner)
	if doneStatusWords[strings.ToLower(inner)] {
		return inner
	}
	// "(concluído nesta entrega)", "(done in #214)": a done word, then
	// where or when the work landed.
	if word, after, ok := strings.Cut(inner, " "); ok && doneStatusWords[strings.ToLower(word)] && landedWhere(after) {
		return word
	}
	return ""
}

// landedWhere reports the words after a done word that say where the work
// landed: "nesta entrega" (in this delivery), "im Release 2", "in #214",
// "in `b1272ae`", "in v0.8" (not "no later than", "on staging first").
func landedWhere(after string) bool {
	f := strings.Fields(after)
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[0]) {
	case "nesta", "neste", "nessa", "nesse", "na", "em", "en", "dans", "im":
		return true
	case "in", "via":
		if len(f) < 2 {
			return false
		}
		next := strings.ToLower(f[1])
		r, _ := utf8.DecodeRuneInString(next)
		return r == '#' || r == '`' || unicode.IsDigit(r) || len(next) > 1 && next[0] == 'v' && next[1] >= '0' && next[1] <= '9' ||
			next == "pr" || next == "this" || next == "commit"
	}
	return false
}

// edgeFields returns the first and the last of strings.Fields(s), without
// splitting all of s; ok is false when s has no field.
func edgeFields(s string) (first, last string, ok bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	if s == "" {
		return "", "", false
	}
	first, last = s, s
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		first = s[:i]
	}
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i >= 0 {
		_, n := utf8.DecodeRuneInString(s[i:])
		last = s[i+n:]
	}
	return first, last, true
}

// looseDone returns a done word in capitals at either end of a title that
// is not read as a marker ("Rename DONE to CLOSED"), for a warning.
func looseDone(rest string, done string) string {
	if done != "" || !strings.ContainsAny(rest, "DCM") {
		return "" // most titles: no capital that opens a done word
	}
	first, last, ok := edgeFields(rest)
	if !ok {
		return ""
	}
	for _, w := range []string{last, first} {
		w = strings.Trim(w, ".,;:!?\"'`*_")
		for _, m := range doneWords {
			if w == m {
				return w
			}
		}
	}
	return ""
}

// Where a marker stands in a title.
const (
	placeNone  = iota // a word of the title: "Handle CANCELLED orders"
	placeWhole        // about the whole unit: "Exports DROPPED", "(DEFERRED)", "— DONE"
	placePart         // about part of the work: "Invoices — dunning DEFERRED"
)

// functionWords, before a capitalised word, make it part of the title's
// sentence: "Rename DONE to CLOSED", "Mark items as DROPPED".
var functionWords = map[string]bool{
	"to": true, "as": true, "from": true, "into": true, "the": true, "a": true, "an": true, "of": true,
	"for": true, "and": true, "or": true, "with": true, "is": true, "are": true, "be": true, "when": true,
	"mark": true, "set": true, "show": true, "handle": true, "on": true, "in": true, "by": true,
}

// markerPlace says whether the marker at s[k:k+n] speaks of the whole unit,
// of part of it, or is a word of the title. A marker in brackets, or set
// apart at either end of the title, speaks of the whole unit, unless, for
// skip markers (part is set), it directly follows a word of a title that
// is split into parts by a dash, comma or semicolon before it: "Invoices —
// dunning DEFERRED", "upgrades; downgrades ❌ out of scope".
func markerPlace(s string, k, n int, part bool) int {
	if bracketed(s, k, n) {
		return placeWhole
	}
	before := strings.TrimSpace(s[:k])
	after := strings.TrimSpace(s[k+n:])
	last, _ := utf8.DecodeLastRuneInString(before)
	wordBefore := before != "" && (unicode.IsLetter(last) || unicode.IsDigit(last) || last == ')' || last == '`' || last == '\'')
	if wordBefore {
		f := strings.Fields(before)
		if functionWords[strings.ToLower(strings.Trim(f[len(f)-1], "`'"))] {
			return placeNone
		}
	}
	end := after == "" || strings.IndexFunc(after, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 ||
		meaningless(after) || meaningless(strings.ToUpper(after)) || strings.HasPrefix(after, "(") ||
		// "InkMon 创建工作流 ✅ 已完成", "发布 🔄 进行中": the mark and one
		// word of status that agrees with it, of any language, ending the
		// title (not "✅ Next", "✅ 待开始", "✅ 已完成部分，导出进行中").
		!part && markWord(s[k:k+n], after)
	switch {
	case end && !wordBefore:
		return placeWhole // "— DEFERRED", "✅", "Setup — ✅ (PR #4)"
	case end:
		if part && strings.ContainsAny(before, ",;—–") || part && strings.Contains(before, " - ") {
			return placePart
		}
		return placeWhole // "Exports DROPPED", "Map sync ✔️"
	case before == "" && (!unicode.IsLetter([]rune(s[k:])[0]) || strings.ContainsAny(after[:1], "—–-|:")):
		return placeWhole // "✅ Setup", "COMPLETE - Setup"
	case !wordBefore && before != "" && strings.ContainsAny(after[:1], "([—–-|:,;"):
		return placeWhole // "✅ COMPLETE - Setup"
	case !wordBefore && before != "" && reasonWord(after):
		return placeWhole // "(DEFERRED to v2)", "— DEFERRED until Q3"
	case !part && !wordBefore && doneWordFirst(after):
		return placeWhole // "— ✅ Implemented (abc123)", "— ✅ 已实现（`5fb7a37`）"
	}
	return placeNone
}

// markWord reports a word after a mark that says what the mark says: one
// run of letters, no space or punctuation in it, whose status is the
// mark's (done after ✅, under way after 🔄).
func markWord(mark, word string) bool {
	if word == "" || strings.IndexFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return false
	}
	r := readStatus(word)
	if !r.known {
		return false
	}
	switch {
	case strings.ContainsAny(mark, doneEmoji):
		return r.status == StatusClosed
	case strings.ContainsAny(mark, progressEmoji):
		return r.status == StatusInProgress
	}
	return false
}

// doneWordFirst reports whether text opens with a word that says done, in
// any language the status reader knows, up to a bracket: what a done
// mark's own words say after it.
func doneWordFirst(text string) bool {
	w, _, _ := strings.Cut(text, " ")
	if k := strings.IndexAny(w, "(（[【"); k >= 0 {
		w = w[:k]
	}
	w = strings.ToLower(strings.Trim(w, ".,;:!*_`"))
	return w != "" && doneStatusWords[w]
}

// reasonWord reports whether text opens with a word that says why or until
// when, after a marker ("DEFERRED to v2", "BLOCKED by legal"), rather than
// a word of the title ("CANCELLED state handling").
func reasonWord(text string) bool {
	f := strings.Fields(text)
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(strings.Trim(f[0], ".,;:()[]"))
	switch w {
	case "to", "until", "till", "in", "for", "by", "because", "due", "pending", "per", "after", "since", "on", "as", "—", "-":
		return true
	}
	if len(w) == 2 && (w[0] == 'q' || w[0] == 'h') && w[1] >= '1' && w[1] <= '4' {
		return true // "(completed Q3 2021)": a quarter or half of a year
	}
	if len(w) >= 3 && slices.ContainsFunc(monthNames, func(m string) bool { return strings.HasPrefix(m, w) }) {
		return true // "(shipped March 2024)", "(done Jan 2025)"
	}
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsDigit(r)
}

var monthNames = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}

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

// leadsBracket reports whether the marker at s[k:k+n] opens a parenthesised
// group that goes on to say when or why and closes the title: "(completed
// in v3.0.0)", "(deferred to v2)", "(done 2025-01-04)", "(Deferred: the
// layout handles it)".
func leadsBracket(s string, k, n int) bool {
	before := strings.TrimRight(s[:k], " ")
	after := strings.TrimLeft(s[k+n:], " ")
	end := strings.IndexByte(after, ')')
	return strings.HasSuffix(before, "(") && end > 0 && strings.Trim(after[end+1:], " *_") == "" && (reasonWord(after[:end]) || strings.HasPrefix(after, ":"))
}

// partFor reports the words after a done marker that say which part of
// the work it is done for ("(done for favorites)": the rest is not).
func partFor(after string) bool {
	return strings.HasPrefix(strings.TrimLeft(after, " "), "for ")
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

// headingBlocked finds a blocked marker in a heading's text after its id:
// ⛔, [BLOCKED], (BLOCKED), or BLOCKED standing apart in capitals.
func headingBlocked(rest string) string {
	for _, r := range rest {
		if strings.ContainsRune(blockedEmoji, r) {
			return string(r)
		}
	}
	if !strings.Contains(rest, "BLOCKED") && !strings.Contains(rest, "ON HOLD") && !strings.ContainsAny(rest, "([") {
		return "" // most headings: no allocation
	}
	for _, w := range blockedWords {
		if k := indexWord(rest, w); k >= 0 && markerPlace(rest, k, len(w), false) == placeWhole {
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
