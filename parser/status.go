package parser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
	// part is the drop word that speaks of part of the work ("deferred" in
	// "Done — rates deferred to 2.1"): the unit is not skipped.
	part string
}

// words a status is read by. Each is matched as a whole word, lower case,
// in English, Spanish, Portuguese, German and French.
var (
	doneStatusWords = map[string]bool{
		"done": true, "complete": true, "completed": true, "closed": true, "finished": true,
		"merged": true, "shipped": true, "delivered": true, "resolved": true, "landed": true,
		"deployed": true, "released": true, "implemented": true, "fixed": true, "proven": true,
		// es, pt
		"hecho": true, "hecha": true, "terminado": true, "terminada": true, "completado": true,
		"completada": true, "finalizado": true, "finalizada": true, "listo": true, "lista": true,
		"cerrado": true, "cerrada": true, "feito": true, "feita": true, "concluído": true,
		"concluido": true, "concluída": true, "concluida": true, "completo": true, "completa": true,
		"fechado": true, "entregue": true,
		// de
		"erledigt": true, "fertig": true, "abgeschlossen": true, "geschlossen": true, "erreicht": true,
		// fr
		"terminé": true, "terminée": true, "fait": true, "faite": true, "fini": true, "finie": true,
		"achevé": true, "achevée": true, "complété": true, "complétée": true, "clos": true,
		"livré": true, "livrée": true, "implémenté": true, "implémentée": true,
		"implementado": true, "implementada": true, "implementiert": true, "umgesetzt": true,
		// it
		"fatto": true, "fatta": true, "completato": true, "completata": true, "risolto": true, "risolta": true,
		"chiuso": true, "chiusa": true, "implementato": true, "implementata": true, "rilasciato": true, "concluso": true, "conclusa": true,
		// ru, zh, ja, ko
		"выполнено": true, "выполненные": true, "выполнены": true, "готово": true, "завершено": true, "сделано": true, "закрыто": true,
		"выполнен": true, "выполнена": true, "завершен": true, "завершён": true, "завершена": true, "сделан": true, "сделана": true,
		"пройдено": true, "реализовано": true, "реализован": true, "реализована": true, "внедрено": true,
		"完成": true, "已完成": true, "完了": true, "完了済み": true, "済み": true, "完成済み": true,
		"已实现": true, "已實現": true, "已交付": true, "已上线": true, "已合并": true, "実装済み": true, "実装済": true, "対応済み": true, "対応済": true, "実装完了": true, "リリース済": true, "リリース済み": true, "公開済み": true, "已发布": true, "已發布": true,
		"완료": true, "완료됨": true, "구현됨": true, "출시": true, "출시됨": true, "배포됨": true,
	}
	progressStatusWords = map[string]bool{
		"wip": true, "started": true, "ongoing": true, "underway": true, "active": true,
		"working": true, "doing": true, "review": true, "reviewing": true,
		"empezado": true, "iniciado": true, "iniciada": true, "comenzado": true, "começado": true,
		"begonnen": true, "angefangen": true, "commencé": true, "commencée": true,
		"выполняется": true, "avviato": true, "進行中": true, "进行中": true, "作業中": true, "实施中": true, "진행중": true,
	}
	// progressPhrases are two words that say the work is under way.
	progressPhrases = [][2]string{
		{"in", "progress"}, {"en", "progreso"}, {"en", "curso"}, {"en", "proceso"},
		{"em", "andamento"}, {"em", "progresso"}, {"em", "curso"}, {"in", "arbeit"},
		{"in", "bearbeitung"}, {"en", "cours"}, {"в", "работе"}, {"в", "процессе"}, {"진행", "중"}, {"in", "corso"}, {"in", "lavorazione"},
	}
	blockedStatusWords = map[string]bool{
		"blocked": true, "waiting": true, "stalled": true, "hold": true, "paused": true,
		"bloqueado": true, "bloqueada": true, "bloccato": true, "bloccata": true, "blockiert": true, "bloqué": true, "bloquée": true,
		"заблокировано": true, "阻塞": true, "受阻": true, "ブロック中": true, "차단됨": true, "보류": true,
	}
	openStatusWords = map[string]bool{
		"open": true, "todo": true, "pending": true, "planned": true, "ready": true, "new": true,
		"queued": true, "backlog": true, "incomplete": true, "unfinished": true, "undone": true,
		"unstarted": true, "notstarted": true, "upcoming": true, "next": true, "proposed": true,
		"pendiente": true, "pendente": true, "abierto": true, "aberto": true, "planificado": true,
		"offen": true, "geplant": true, "ausstehend": true, "prévu": true, "planifié": true,
		"ouvert": true, "aperto": true, "pianificato": true, "previsto": true,
		"запланировано": true, "планируется": true, "計画中": true, "计划中": true, "未着手": true,
		"待开始": true, "待開始": true, "未开始": true, "未開始": true, "未完成": true, "未完了": true, "未実装": true, "未实现": true, "미완료": true, "予定": true, "계획": true, "계획됨": true, "예정": true,
	}
	skipStatusWords = map[string]bool{
		"skipped": true, "skip": true, "deferred": true, "cancelled": true, "canceled": true,
		"dropped": true, "descoped": true, "abandoned": true, "obsolete": true, "superseded": true,
		"retired": true, "wontfix": true,
		"cancelado": true, "cancelada": true, "descartado": true, "descartada": true,
		"aplazado": true, "aplazada": true, "pospuesto": true, "adiado": true, "adiada": true,
		"abgebrochen": true, "verschoben": true, "gestrichen": true, "storniert": true,
		"annulé": true, "annulée": true, "abandonné": true, "abandonnée": true, "reporté": true,
		"reportée": true, "annullato": true, "rinviato": true, "scartato": true,
		"отменено": true, "отложено": true, "中止": true, "見送り": true, "保留": true, "取消": true, "已取消": true, "취소": true, "철회": true, "취소됨": true, "延期": true, "暂缓": true, "搁置": true,
	}
	reopenWords = map[string]bool{"reopened": true, "reopen": true, "regressed": true, "reverted": true}
	negations   = map[string]bool{"not": true, "no": true, "never": true, "isn't": true, "isn’t": true, "hasn't": true, "hasn’t": true, "não": true, "nao": true, "nicht": true, "pas": true, "sin": true, "non": true,
		"未": true, "尚未": true, "没": true, "没有": true, "沒": true, "沒有": true, "不": true, "无": true, "無": true, "미": true,
		// "Не завершено" (not completed).
		"не": true, "ни": true}
	partialWords = map[string]bool{"partial": true, "partially": true, "partly": true, "mostly": true, "almost": true, "nearly": true, "half": true, "parcial": true, "parcialmente": true, "teilweise": true, "partiellement": true, "частично": true,
		// "일부 완료" (partly complete), "거의 완료" (almost complete).
		"일부": true, "거의": true, "부분": true}
	// statusFillers may stand between a negation and the word it negates:
	// "not yet done", "no longer blocked", "noch nicht begonnen".
	statusFillers = map[string]bool{"the": true, "a": true, "and": true, "but": true, "all": true, "fully": true, "status": true,
		"yet": true, "longer": true, "todavía": true, "aún": true, "ainda": true, "encore": true, "noch": true}
	// historyWords start what a status says now, after what it was: "Was
	// blocked, now done".
	historyWords = map[string]bool{"now": true, "ahora": true, "agora": true, "jetzt": true, "maintenant": true, "currently": true}
	// unfinishedWords, after a done word, say that part of the work is not
	// done: "Complete except for JPY rounding", "Done, tests still failing".
	unfinishedWords = map[string]bool{"except": true, "still": true, "remaining": true, "outstanding": true,
		"excepto": true, "salvo": true, "exceto": true, "außer": true, "sauf": true, "其余": true, "剩余": true, "其他": true, "残り": true, "나머지": true}
	// weakOpenWords are open words that, after a done word, say nothing
	// against it: "Done, next: 1.3", "Done; ready for 2.1".
	weakOpenWords = map[string]bool{"next": true, "ready": true, "new": true, "proposed": true, "upcoming": true, "open": true, "ouvert": true, "abierto": true, "aberto": true, "offen": true}
)

// token is one word or emoji of a status value, or a question mark.
type token struct {
	text  string // lower case
	raw   string // as written
	emoji bool
}

func statusTokens(v string) []token {
	var out []token
	var word []rune
	flush := func() {
		if len(word) > 0 {
			w := string(word)
			if head, tail := cutStatusSuffix(w); head != "" {
				// "其余任务进行中" (the other tasks in progress): a run of
				// CJK writes its status word with no space before it,
				// and its negation too ("还没完成", not done yet).
				for _, neg := range []string{"没有", "沒有", "尚未", "未", "没", "沒", "不", "无", "無"} {
					if before, ok := strings.CutSuffix(head, neg); ok {
						if before != "" {
							out = append(out, token{text: before, raw: before})
						}
						head = neg
						break
					}
				}
				out = append(out, token{text: head, raw: head}, token{text: tail, raw: tail})
			} else if done, rest := cutDonePrefix(w); done != "" {
				out = append(out, token{text: done, raw: done}, token{text: rest, raw: rest})
			} else {
				out = append(out, token{text: strings.ToLower(w), raw: w})
			}
			word = word[:0]
		}
	}
	for _, r := range v {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '/' || r == '%':
			word = append(word, r)
		case r > unicode.MaxASCII && (unicode.IsSymbol(r) || unicode.Is(unicode.So, r)):
			flush()
			out = append(out, token{text: string(r), raw: string(r), emoji: true})
		case r == '?':
			flush()
			out = append(out, token{text: "?", raw: "?"})
		default:
			flush()
		}
	}
	flush()
	return out
}

// cutStatusSuffix splits a word written in Chinese, Japanese or Korean
// that ends in a status word of its own script ("其余任务进行中") into the
// words before and that status word; "" when it does not.
func cutStatusSuffix(w string) (head, tail string) {
	tables := []map[string]bool{doneStatusWords, progressStatusWords, blockedStatusWords, openStatusWords, skipStatusWords}
	if !hasCJK(w) || slices.ContainsFunc(tables, func(m map[string]bool) bool { return m[w] }) {
		return "", "" // "已完成" is a status word whole
	}
	for _, m := range tables {
		for sw := range m {
			if len(sw) > len(tail) && len(sw) < len(w) && strings.HasSuffix(w, sw) && hasCJK(sw) && (!doneStatusWords[sw] || saysDoneAlready(sw)) {
				tail = sw
			}
		}
	}
	if tail == "" {
		return "", ""
	}
	return strings.TrimSuffix(w, tail), tail
}

// cutDonePrefix splits a run of Chinese that opens with a word saying the
// work is done already and goes on with "and" ("已完成并批量收口", done and
// closed out in the batch) into that word and the rest; "" when it does
// not.
func cutDonePrefix(w string) (done, rest string) {
	if !hasCJK(w) {
		return "", ""
	}
	for sw := range doneStatusWords {
		if len(sw) > len(done) && saysDoneAlready(sw) && strings.HasPrefix(w, sw) {
			if r, _ := utf8.DecodeRuneInString(w[len(sw):]); strings.ContainsRune("并並且及", r) {
				done = sw
			}
		}
	}
	if done == "" {
		return "", ""
	}
	return done, w[len(done):]
}

// saysDoneAlready reports whether a done word of Chinese or Japanese says
// the work is done already ("已完成", "実装済み"): only those are cut from
// the words before them. A bare "完成" at the end of a run may be what is
// still to do ("需先完成", must first be completed).
func saysDoneAlready(w string) bool {
	return strings.HasPrefix(w, "已") || strings.HasSuffix(w, "済み") || strings.HasSuffix(w, "済")
}

// hasCJK reports whether s holds a letter of Chinese, Japanese or Korean.
func hasCJK(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	}) >= 0
}

// classAt returns what the status word or phrase at token i says, and how
// many tokens it takes; "" when it is no status word.
func (toks tokens) classAt(i int) (string, int) {
	t := toks[i]
	switch {
	case toks.skipAt(i):
		if toks.phrase(i, "out", "of", "scope") {
			return statusSkipped, 3
		}
		return statusSkipped, 1
	case t.text == "✅" || t.text == "✔" || t.text == "☑" || doneStatusWords[t.text]:
		return StatusClosed, 1
	case t.text == "🔄" || t.text == "🚧" || progressStatusWords[t.text] || t.text == "in_progress" || t.text == "in-progress":
		return StatusInProgress, 1
	case t.text == "⛔" || t.text == "🚫" || t.text == "⏸" || t.text == "💤" || blockedStatusWords[t.text]:
		return StatusBlocked, 1
	case t.text == "⏳" || t.text == "⬜" || t.text == "☐" || t.text == "🔜" || openStatusWords[t.text]:
		return StatusOpen, 1
	case toks.phrase(i, "to", "do") || toks.phrase(i, "por", "hacer") || toks.phrase(i, "a", "fazer") || toks.phrase(i, "à", "faire"):
		return StatusOpen, 2
	case toks.phrase(i, "on", "hold") || toks.phrase(i, "en", "espera") || toks.phrase(i, "en", "attente"):
		return StatusBlocked, 2
	}
	for _, ph := range progressPhrases {
		if toks.phrase(i, ph[0], ph[1]) {
			return StatusInProgress, 2
		}
	}
	return "", 0
}

// quote gives tokens i to j as written, joined by spaces.
func (toks tokens) quote(i, j int) string {
	var parts []string
	for k := i; k < j && k < len(toks); k++ {
		parts = append(parts, toks[k].raw)
	}
	return strings.Join(parts, " ")
}

// readStatus classifies a Status value by what its words say, as a careful
// person reads it: the first word that says how the work stands decides,
// and the unit is closed only when nothing else in the statement says part
// of the work is not done ("Done for iOS, Android still in progress" is in
// progress). A done word negated or asked ("not completed", "Finished? Not
// yet") is not done; ❌ skips only when no words say otherwise; a drop word
// about part of the work skips nothing.
// progressFraction reads a status written as how far along the work is,
// a number from 0 to 1 in brackets ("[0.5]", "`[1.0]`"); ok is false for
// anything else.
func progressFraction(v string) (float64, bool) {
	t := strings.Trim(strings.TrimSpace(v), "`")
	if len(t) < 3 || t[0] != '[' || t[len(t)-1] != ']' {
		return 0, false
	}
	f, err := strconv.ParseFloat(t[1:len(t)-1], 64)
	if err != nil || f < 0 || f > 1 || !strings.Contains(t, ".") {
		return 0, false
	}
	return f, true
}

// stateList reports a value that lists three or more short states, split
// by spaced slashes or bars, one of them at least a status: "pendente /
// pago / vencido", "todo | doing | done".
func stateList(v string) bool {
	if !strings.Contains(v, " / ") && !strings.Contains(v, " | ") {
		return false
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '|' })
	if len(parts) < 3 {
		return false
	}
	seen := map[string]bool{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if len(strings.Fields(p)) > 2 {
			return false
		}
		if r := readStatus(p); r.known {
			seen[r.status] = true
		}
	}
	return len(seen) >= 1
}

func readStatus(v string) statusReading {
	switch strings.TrimSpace(v) {
	case "[x]", "[X]", "[✓]", "[✔]":
		// A checkbox written as the status ("| T1.1 | 2 | [x] |"): as
		// ticked as a list item's.
		return statusReading{status: StatusClosed, known: true}
	case "[ ]", "[]":
		return statusReading{status: StatusOpen, known: true}
	}
	if f, ok := progressFraction(v); ok {
		// "`[0.5]`", "[1.0]": how far along, from 0 to 1.
		switch {
		case f >= 1:
			return statusReading{status: StatusClosed, known: true}
		case f > 0:
			return statusReading{status: StatusInProgress, known: true}
		}
		return statusReading{status: StatusOpen, known: true}
	}
	if stateList(v) {
		// "pendente / pago / vencido": the states a feature shows, not
		// how its work stands.
		return statusReading{}
	}
	if waitsOn(v) {
		// "작업 #2 완료 후" (after task #2 is done), "Once 1.2 is done":
		// the work waits on another's, it is not done itself.
		return statusReading{status: StatusOpen, known: true, note: "it says what the work waits on, not that it is done"}
	}
	if negatedCompound.MatchString(v) {
		// "not production-complete": the negation is the compound's,
		// whose last word alone the tokens would read as done.
		return statusReading{status: StatusOpen, known: true}
	}
	toks := tokens(statusTokens(v))
	if len(toks) == 0 {
		return statusReading{status: StatusOpen}
	}
	// "Was blocked, now done": what it says now counts.
	for i := len(toks) - 2; i > 0; i-- {
		if historyWords[toks[i].text] {
			if r := readStatus(toks.quote(i+1, len(toks))); r.known {
				return r
			}
			break
		}
	}
	cross := strings.ContainsRune(v, '❌')
	partial := toks.any(func(t token, _ int) bool { return partialWords[t.text] || unfinishedFraction(t.text) })
	reopened := toks.any(func(t token, _ int) bool { return reopenWords[t.text] })
	first, firstAt, firstLen, negatedFirst := "", -1, 0, false
	for i := 0; i < len(toks); i++ {
		class, n := toks.classAt(i)
		if class == "" {
			continue
		}
		if class != StatusOpen && toks.negatedAt(i) {
			// "Not deferred any more — in progress", "No longer blocked,
			// ready to pick up": a later word may say how it stands.
			negatedFirst = true
			i += n - 1
			continue
		}
		first, firstAt, firstLen = class, i, n
		break
	}
	if first == "" && negatedFirst {
		r := statusReading{status: StatusOpen, known: true}
		if cross {
			r.note = "❌ would skip the sprint, but the words say it is not done"
		}
		return r
	}
	if first == StatusClosed {
		if q := toks.asked(firstAt); q != "" {
			return statusReading{status: StatusOpen, known: true, note: q}
		}
		if k := toks.deniedAfter(firstAt); k > 0 {
			return statusReading{status: StatusOpen, known: true,
				note: fmt.Sprintf("%q is followed by %q", toks[firstAt].raw, toks.quote(firstAt+1, k+1))}
		}
	}
	switch {
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
		if first == StatusClosed {
			if from, to := toks.unfinished(firstAt + firstLen); to > 0 {
				r.status = StatusInProgress
				r.note = fmt.Sprintf("it says %q, but also %q: part of the work is not done", toks[firstAt].raw, toks.quote(from, to))
				return r
			}
		}
		for i := firstAt + 1; i < len(toks); i++ {
			if class, n := toks.classAt(i); class == statusSkipped && !toks.negatedAt(i) {
				r.part = toks.quote(i, i+n)
				break
			}
		}
		return r
	case cross:
		return statusReading{status: statusSkipped, known: true}
	}
	return statusReading{status: StatusOpen}
}

// waitsOnRE is a status that names the work this one waits on: "작업 #2
// 완료 후" (after task #2 is done), "完成后", "完了後", "After #2 is done",
// "Once Phase 1 is complete".
var waitsOnRE = lazyMustCompile(`(?i)(?:완료\s*후|완료\s*이후|完成后|完成之后|完成以后|完成後|完了後|完了した後|^\W*(?:after|once)\s+(?:[^,;:!?.]|\.\S|,\s*[#0-9])+?\b(?:is|are)\s+(?:done|complete|completed|finished|merged)\b)`)

// waitsOn reports a status that names the work this one waits on
// (waitsOnRE), the regular expression tried only where one of its words
// is written. A 후/后/後 that opens a longer word ("완료 후속", follow-up;
// "完成后端", the backend done) waits on nothing, nor does a waiting
// phrase in a bracket after the status ("✅ 완료 (리뷰 완료 후 머지됨)",
// merged after the review).
func waitsOn(v string) bool {
	if !strings.ContainsAny(v, "후后後") {
		first := ""
		if f := strings.Fields(strings.TrimLeftFunc(v, func(r rune) bool { return !unicode.IsLetter(r) })); len(f) > 0 {
			first = f[0]
		}
		if !strings.EqualFold(first, "after") && !strings.EqualFold(first, "once") {
			return false
		}
	}
	for _, m := range waitsOnRE.FindAllStringIndex(v, -1) {
		next, _ := utf8.DecodeRuneInString(v[m[1]:])
		if strings.ContainsRune("端台续續期面方来來果속기반보원회배손", next) {
			continue // "完成后端", "완료 후속": another word
		}
		pre := v[:m[0]]
		if k := strings.IndexAny(pre, "(（"); k >= 0 && readStatus(pre[:k]).status == StatusClosed &&
			strings.Count(pre, "(")+strings.Count(pre, "（") > strings.Count(pre, ")")+strings.Count(pre, "）") {
			continue // "✅ 완료 (리뷰 완료 후 머지됨)": in a bracket after the status
		}
		if strings.ContainsAny(pre, "✅✔☑") {
			continue // "✅ 완료 이후 변경 없음": done, and nothing changed since
		}
		return true
	}
	return false
}

// negatedCompound is a negation right before a hyphenated compound that
// ends in a done word: "not production-complete", "not yet feature-complete".
var negatedCompound = lazyMustCompile(`(?i)\b(?:not|never|no longer)\s+(?:yet\s+)?\w+-(?:complete|completed|done|finished)\b`)

// asked reports whether the done word at i is asked rather than said
// ("Finished? Not yet", "Done?"), and says how, for a warning; "" when it
// is said, or asked and answered yes.
func (toks tokens) asked(i int) string {
	if i+1 >= len(toks) || toks[i+1].text != "?" {
		return ""
	}
	if i+2 < len(toks) {
		switch toks[i+2].text {
		case "yes", "sí", "si", "sim", "ja", "oui", "✅":
			return ""
		}
		return fmt.Sprintf("%q is a question, answered %q", toks[i].raw+"?", toks.quote(i+2, min(i+4, len(toks))))
	}
	return fmt.Sprintf("%q is a question, not a statement that it is done", toks[i].raw+"?")
}

// deniedAfter returns the index of the last token of a negation right
// after the done word at i ("Done, not merged", "done — no"), or 0.
func (toks tokens) deniedAfter(i int) int {
	if i+1 >= len(toks) || !negations[toks[i+1].text] {
		return 0
	}
	if i+2 == len(toks) {
		return i + 1 // "Done? no", "done — no"
	}
	if toks[i+2].text == "yet" && i+3 == len(toks) {
		return i + 2 // "done, not yet"
	}
	return 0
}

// keyword reports token i written in capitals among words that are not
// ("complete for UNION ALL, INTERSECT, and EXCEPT"): a name, not a word of
// the sentence.
func (toks tokens) keyword(i int) bool {
	raw := toks[i].raw
	if len(raw) < 2 || raw != strings.ToUpper(raw) {
		return false
	}
	return slices.ContainsFunc(toks, func(t token) bool { return !t.emoji && t.raw != strings.ToUpper(t.raw) })
}

// unfinished finds, from token i on, words that say part of the work is not
// done: a status word other than done or drop ("in progress", "⏳",
// "blocked", "pending"), a negated done or progress word ("not started",
// "not merged"), or "except", "still", "remaining". It returns the words'
// token range, or 0, 0.
func (toks tokens) unfinished(i int) (int, int) {
	for ; i < len(toks); i++ {
		t := toks[i]
		if unfinishedWords[t.text] && i+1 < len(toks) && !toks.keyword(i) {
			// "except for JPY rounding", not a list's last item written
			// as a keyword ("UNION, INTERSECT, and EXCEPT").
			return i, i + 1
		}
		if awaiting(t.text) {
			// "已实现，待真实环境验收" (implemented, awaiting acceptance in
			// a real environment), "実装済み、レビュー待ち": not done yet.
			return i, i + 1
		}
		class, n := toks.classAt(i)
		switch {
		case class == "" || class == statusSkipped:
			continue
		case toks.negatedAt(i) && class != StatusClosed && class != StatusInProgress:
			// "not blocked", "no open issues": nothing left undone.
		case toks.negatedAt(i):
			from := i - 1
			for from > 0 && !negations[toks[from].text] {
				from--
			}
			return from, i + n
		case class == StatusClosed:
		case class == StatusOpen && weakOpenWords[t.text]:
		case class == StatusInProgress && !toks.strongProgress(i):
		default:
			return i, i + n
		}
		i += n - 1
	}
	return 0, 0
}

// awaiting reports a Chinese or Japanese word that says what the work
// still waits for: "待验收" (to be accepted), "待确认", "レビュー待ち".
func awaiting(w string) bool {
	rest, ok := strings.CutPrefix(w, "待")
	if ok && rest != "" && !strings.HasPrefix(rest, "遇") && hasCJK(rest) {
		return true
	}
	return strings.HasSuffix(w, "待ち") && w != "待ち"
}

// strongProgress reports whether the progress word at i says work is under
// way even after a done word: "in progress", "WIP", 🔄; not "started" or
// "active" ("Done, flag active").
func (toks tokens) strongProgress(i int) bool {
	switch toks[i].text {
	case "started", "active", "working", "doing", "review", "reviewing", "empezado", "iniciado", "iniciada", "comenzado", "começado", "begonnen", "angefangen", "commencé", "commencée":
		return false
	}
	return true
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
	return skipStatusWords[t.text] || t.text == "⏭" || toks.phrase(i, "out", "of", "scope") ||
		toks.phrase(i, "won't", "do") || toks.phrase(i, "won’t", "do") || toks.phrase(i, "wont", "do") || toks.phrase(i, "will", "not", "do")
}

// negatedAt reports whether the word at i is negated by a word before it:
// "not completed", "not yet started", "no longer blocked".
func (toks tokens) negatedAt(i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if negations[toks[k].text] {
			return true
		}
		if !statusFillers[toks[k].text] && toks[k].text != "yet" {
			break
		}
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
