package parser

import (
	"slices"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Labels that say how the work listed under them stands: "Implemented in
// this repository:", "Partially implemented:", "Next:".
var (
	doneListWords    = map[string]bool{"implemented": true, "completed": true, "done": true, "finished": true, "shipped": true, "delivered": true, "landed": true}
	partialListWords = map[string]bool{"partially": true, "partly": true, "partial": true}
	openListWords    = map[string]bool{"next": true, "remaining": true, "todo": true, "outstanding": true, "pending": true, "open": true}
)

// bodyStatus reads how a unit stands from its section when it has no Status
// field and its heading says nothing: a plain "Status: complete" line, labels
// over lists of done and open work, and its checkboxes (every one checked is
// done).
func (b *builder) bodyStatus(blocks []ast.Node) (status string, pos Pos, ok bool) {
	var done, partial, open bool
	var donePos, partialPos, openPos Pos
	checked, unchecked := 0, 0
	var firstBox Pos
	labelled := false    // the block before is a label ("Benefits:") that names no status
	statusLabel := false // the block before is "Status:" with nothing after it
	headed := false      // a heading inside the unit has opened a part of it
	for i, n := range blocks {
		wasLabelled, wasStatus := labelled, statusLabel
		labelled, statusLabel = false, false
		if l, isList := n.(*ast.List); isList && wasStatus {
			// "Status:" over "- Done in `3333de2`.": the list's first
			// item says how the unit stands.
			if t, ok := b.readItemText(l.FirstChild()); ok {
				if r := readStatus(t.text); r.known && r.status != statusSkipped {
					return r.status, b.p.Position(b.blockStart(l)), true
				}
			}
		}
		if h, isHead := n.(*ast.Heading); isHead {
			if at, ok := b.completionSummary(h); ok {
				if box := b.openBox(blocks); box.IsValid() {
					b.p.warnf(at, "%q says its unit is complete, though the box at line %d is still open: read as done", b.trimmedText(h), box.Line)
				}
				return StatusClosed, at, true
			}
		}
		if par, isPar := n.(*ast.Paragraph); isPar {
			if i == 0 {
				if st, ok := b.boldLead(par); ok && !b.openBox(blocks).IsValid() {
					return st, b.p.Position(b.blockStart(par)), true
				}
			}
			text := strings.TrimSpace(plainText(par, b.src))
			at := b.p.Position(b.blockStart(par))
			if v, found := cutStatusLabel(text); found {
				if firstVersion(v) {
					// "状态：首版已实现": a first version is in, the
					// rest of the work is not.
					return StatusInProgress, at, true
				}
				if r := readStatus(v); r.known && r.status != statusSkipped {
					return r.status, at, true
				}
				statusLabel = v == ""
			}
			if strings.HasSuffix(text, "?") && len(text) < 80 && !strings.Contains(text, "\n") {
				// "**Neden Önemli?**" (why it matters) over "- ✅
				// Scalability": a question the list answers, its ticks
				// the answer's, not the work's.
				labelled = true
			}
			if strings.HasSuffix(text, ":") && len(text) < 80 && !strings.Contains(text, "\n") {
				words := statusTokens(text)
				labelled = true
				if sprintLabels[normalHeading(text)] == "acceptance criteria" {
					// "Done When:", "Definition of done:": what done will
					// mean, not that it is.
					words = nil
				}
				if len(words) > 0 {
					switch first := words[0].text; {
					case partialListWords[first]:
						partial, partialPos, labelled = true, at, false
					case doneListWords[first]:
						done, donePos, labelled = true, at, false
					case openListWords[first]:
						open, openPos, labelled = true, at, false
					}
				}
			}
		}
		if _, isHead := n.(*ast.Heading); isHead {
			headed = true
		}
		if l, isList := n.(*ast.List); isList && !headed {
			// Not under a heading of the unit's own ("### Buildpackages"
			// over "- Status: Close to done."): that part's status.
			if st, at, ok := b.statusItem(l); ok {
				return st, at, true
			}
		}
		if l, isList := n.(*ast.List); isList && !wasLabelled {
			// "- ✅ Parser": a list of marks counts as checkboxes do;
			// its unmarked items are not done. Under a label that names
			// no status ("Opportunities:", "Deliverables:") the marks
			// are the label's: ticks of a list of good things.
			marked, plain := 0, 0
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if _, box := itemChecked(it); box {
					marked = -1
					break
				}
				t := ""
				if it.FirstChild() != nil {
					t = strings.TrimSpace(plainText(it.FirstChild(), b.src))
				}
				switch {
				case strings.HasPrefix(t, "✅") || strings.HasPrefix(t, "✔") || strings.HasPrefix(t, "☑") || doneLead(t):
					marked++
					checked++
				case strings.HasPrefix(t, "⬜") || strings.HasPrefix(t, "☐") || strings.HasPrefix(t, "❌"):
					marked++
					unchecked++
				default:
					plain++
				}
			}
			if marked > 0 {
				unchecked += plain
				if !firstBox.IsValid() {
					firstBox = b.p.Position(max(b.blockStart(l), 0))
				}
			}
		}
		b.countBoxes(n, &checked, &unchecked, &firstBox)
	}
	if at, ok := b.shippedAs(blocks); ok && !partial && !open && unchecked == 0 {
		return StatusClosed, at, true
	}
	switch {
	case partial:
		return StatusInProgress, partialPos, true
	case done && open:
		return StatusInProgress, openPos, true
	case done:
		return StatusClosed, donePos, true
	case checked > 0 && unchecked == 0:
		return StatusClosed, firstBox, true
	case b.tickedSteps && checked > 0:
		// A superpowers plan's steps are ticked by its one executor as
		// it works: some ticked is a task under way.
		return StatusInProgress, firstBox, true
	}
	// Some boxes checked is not read as in progress: bd ready never
	// releases an in-progress bead, and a ticked box is no statement that
	// someone is on it. The unit stays open.
	return "", Pos{}, false
}

// boldLead reads the bold run that opens a unit's first paragraph when it
// says how the unit stands with a mark and a done word, a date after it
// or not: "**✅ Concluída 10/08/2026.** 2 bugs reais achados…", "**✅ Done
// 2026-05-02 — the last phase.**".
func (b *builder) boldLead(par *ast.Paragraph) (string, bool) {
	em, ok := par.FirstChild().(*ast.Emphasis)
	if !ok || em.Level != 2 {
		return "", false
	}
	if lead, ok := em.FirstChild().(*ast.Text); !ok || !strings.ContainsAny(b.source()[lead.Segment.Start:min(lead.Segment.Start+8, len(b.src))], "✅✔☑") {
		return "", false // most bold leads: "**Goal**:"
	}
	t := strings.TrimSpace(plainText(em, b.src))
	rest, marked := "", false
	for _, m := range []string{"✅", "✔️", "✔", "☑️", "☑"} {
		if r, ok := strings.CutPrefix(t, m); ok {
			rest, marked = strings.TrimSpace(r), true
			break
		}
	}
	if !marked {
		return "", false
	}
	// The run opens with one done word and a date at most, before its
	// first separator ("Concluída 10/08/2026 — última fase do plano"),
	// not "Done for iOS — Android still to do", "Backend done, frontend
	// pending", "Definition of Done:", and nothing after it takes it back.
	head, tail := rest, ""
	for _, sep := range []string{" — ", " – ", " - ", "(", ";", ". ", ",", ":"} {
		if h, t, ok := strings.Cut(head, sep); ok {
			head, tail = h, t+" "+tail
		}
	}
	head = strings.TrimRight(strings.TrimRightFunc(strings.TrimRight(head, ". "), func(r rune) bool {
		return unicode.IsDigit(r) || strings.ContainsRune("/-.", r)
	}), " ")
	if head == "" || strings.ContainsFunc(head, unicode.IsDigit) || strings.ContainsAny(head, " \t") || negated(strings.ToLower(tail)) {
		return "", false
	}
	if r := readStatus(head); r.known && r.status == StatusClosed {
		return StatusClosed, true
	}
	return "", false
}

// statusItem reads a list item that is a status field among a unit's
// bullet fields ("- Status: done" beside "- Problem: …"): the unit's
// status, as a line of its own would say it.
func (b *builder) statusItem(l *ast.List) (string, Pos, bool) {
	// Dated items ("STATUS (2026-06-01) — …") say how the unit stood
	// on their day: the latest says how it stands.
	var dated struct {
		day, status string
		at          Pos
	}
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if _, box := itemChecked(it); box || it.FirstChild() == nil {
			continue
		}
		lines := it.FirstChild().Lines()
		if lines.Len() == 0 {
			continue
		}
		seg := lines.At(0)
		line := b.source()[seg.Start:seg.Stop]
		if !strings.ContainsAny(line, ":：—–") && !strings.Contains(line, ") -") && !strings.Contains(line, ")** -") {
			continue // most items: no field
		}
		if day, v, ok := datedStatus(unmarked(line)); ok {
			if r := readStatus(v); r.known && r.status != statusSkipped && !firstVersion(v) && day >= dated.day {
				dated.day, dated.status, dated.at = day, r.status, b.p.Position(b.blockStart(it))
			}
			continue
		}
		if v, found := cutStatusLabel(unmarked(line)); found {
			if r := readStatus(v); r.known && r.status != statusSkipped && !firstVersion(v) {
				return r.status, b.p.Position(b.blockStart(it)), true
			}
		}
	}
	if dated.status != "" {
		return dated.status, dated.at, true
	}
	return "", Pos{}, false
}

// shippedAs reports a unit whose last block is a list ending in an item
// that says where its work landed: "- *Shipped as #1030.*", "- Merged in
// #88 (v0.7.1)": a done word, "as" or "in", and a pull request, an issue,
// a commit or a version.
func (b *builder) shippedAs(blocks []ast.Node) (Pos, bool) {
	if len(blocks) == 0 {
		return Pos{}, false
	}
	l, ok := blocks[len(blocks)-1].(*ast.List)
	if !ok || l.LastChild() == nil || l.LastChild().FirstChild() == nil {
		return Pos{}, false
	}
	it := l.LastChild()
	if !b.doneWordFirst(it.FirstChild()) {
		return Pos{}, false // most units: no text read
	}
	t := strings.TrimLeft(strings.TrimSpace(plainText(it.FirstChild(), b.src)), "*_ ")
	f := strings.Fields(t)
	if len(f) < 3 || !doneStatusWords[strings.ToLower(f[0])] || f[1] != "as" && f[1] != "in" {
		return Pos{}, false
	}
	if ref := f[2]; !strings.HasPrefix(ref, "#") && !strings.HasPrefix(ref, "`") && !(len(ref) > 1 && ref[0] == 'v' && ref[1] >= '0' && ref[1] <= '9') {
		return Pos{}, false
	}
	return b.p.Position(b.blockStart(it)), true
}

// doneWordFirst reports whether block n's source opens with a done word
// ("*Shipped as #1030.*"; a list marker before it is passed over), read
// from its bytes with no allocation.
func (b *builder) doneWordFirst(n ast.Node) bool {
	i := b.blockStart(n)
	if i < 0 {
		return false
	}
	for i < len(b.src) && strings.IndexByte("-+*_ ", b.src[i]) >= 0 {
		i++
	}
	var buf [16]byte
	k := 0
	for ; i < len(b.src) && k < len(buf); i++ {
		c := b.src[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c < 'a' || c > 'z' {
			break
		}
		buf[k] = c
		k++
	}
	return k > 0 && doneStatusWords[string(buf[:k])]
}

// doneLeadsCJK are the done labels an item opens with in Chinese,
// Japanese and Korean ("- 已完成：引入 BPFIX-E000"), beside the English ones
// of doneListWords ("- Done: moved the parser").
var doneLeadsCJK = map[string]bool{"已完成": true, "已实现": true, "完成": true, "已完成的": true, "完了": true, "実装済み": true, "완료": true}

// doneLead reports an item's text that opens with a done label and a
// colon: "已完成：…", "Done: …".
func doneLead(t string) bool {
	k := strings.IndexAny(t, ":：")
	if k <= 0 || k > 20 {
		return false
	}
	w := strings.ToLower(strings.Trim(t[:k], "*_ "))
	return doneListWords[w] || doneLeadsCJK[w]
}

// completionSummary reports a heading inside a unit that titles the
// summary of its completion ("### Phase 1 Completion Summary") over a
// first sentence that says it is complete ("Phase 1 has been successfully
// completed."): an agent's record, written when the unit was done, which
// an open criteria box below it does not undo.
func (b *builder) completionSummary(h *ast.Heading) (Pos, bool) {
	t := normalHeading(b.trimmedText(h))
	if !strings.HasSuffix(t, "completion summary") && !strings.HasSuffix(t, "completion report") {
		return Pos{}, false
	}
	par, ok := h.NextSibling().(*ast.Paragraph)
	if !ok {
		return Pos{}, false
	}
	first, _, _ := strings.Cut(plainText(par, b.src), ". ")
	if r := readStatus(first); r.status != StatusClosed || !r.known {
		return Pos{}, false
	}
	return b.p.Position(b.blockStart(par)), true
}

// superpowersPlan reports a plan written by superpowers' writing-plans
// skill: its header block quote names a superpowers skill to execute it
// ("REQUIRED SUB-SKILL: Use superpowers:executing-plans").
func (b *builder) superpowersPlan(doc ast.Node) bool {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if q, ok := n.(*ast.Blockquote); ok && strings.Contains(strings.ToLower(plainText(q, b.src)), "superpowers:") {
			return true
		}
	}
	return false
}

// cutLabel returns the value of a plain "Label: value" line.
func cutLabel(text, label string) (string, bool) {
	if len(text) <= len(label) || !strings.EqualFold(text[:len(label)], label) {
		return "", false
	}
	rest := strings.TrimLeft(text[len(label):], " ")
	if !strings.HasPrefix(rest, ":") {
		return "", false
	}
	line, _, _ := strings.Cut(rest[1:], "\n")
	return strings.TrimSpace(line), true
}

// datedStatus reads a status item dated in brackets and set off by a
// dash: "STATUS (2026-06-01) — ✅ CLOSED at L2." is dated "2026-06-01",
// "✅ CLOSED at L2.".
func datedStatus(text string) (day, value string, ok bool) {
	if len(text) < 7 || !strings.EqualFold(text[:6], "status") {
		return "", "", false
	}
	rest := strings.TrimLeft(text[6:], " ")
	if !strings.HasPrefix(rest, "(") {
		return "", "", false
	}
	k := strings.IndexByte(rest, ')')
	if k < 0 || !strings.ContainsFunc(rest[:k], unicode.IsDigit) {
		return "", "", false
	}
	day = strings.TrimSpace(rest[1:k])
	rest = strings.TrimLeft(rest[k+1:], " ")
	for _, dash := range []string{"—", "–", "-", ":"} {
		if v, ok := strings.CutPrefix(rest, dash); ok {
			line, _, _ := strings.Cut(v, "\n")
			return day, strings.TrimSpace(line), true
		}
	}
	return "", "", false
}

// cjkStatusLabels name a unit's status in Chinese, Japanese and Korean,
// written with a full-width colon: "状态：已实现。".
var cjkStatusLabels = []string{"状态", "狀態", "状態", "ステータス", "상태"}

// firstVersion reports a status that says only a first version is done
// ("首版已实现", "初版完成", "first version shipped").
func firstVersion(v string) bool {
	return containsAny(v, []string{"首版", "初版", "第一版", "初期版"}) || strings.HasPrefix(strings.ToLower(v), "first version")
}

// statusLabels name a status in the languages plans are written in:
// "Status:", "Estado:", "Статус:".
var statusLabels = []string{"status", "estado", "situação", "statut", "état", "stato", "статус", "состояние"}

// cutStatusLabel returns the value of a "Status: value" line, in English
// or another language ("Статус: реализовано", "**状态：已实现。**").
func cutStatusLabel(text string) (string, bool) {
	for _, l := range statusLabels {
		if v, ok := cutLabel(text, l); ok {
			return v, true
		}
	}
	for _, l := range cjkStatusLabels {
		if rest, ok := strings.CutPrefix(text, l); ok {
			rest = strings.TrimLeft(rest, " ")
			// "状态：已实现", and in Korean, written with the colon of
			// ASCII, "상태: 구현 완료" ("状態:" over a paragraph on what is
			// in place is no field).
			v, ok := strings.CutPrefix(rest, "：")
			if !ok && l == "상태" {
				// With the ASCII colon only a value on its line: "상태:"
				// over a list of states (완료: …, 대기: …) is no field.
				if v, ok = strings.CutPrefix(rest, ":"); ok {
					if line, _, _ := strings.Cut(v, "\n"); strings.TrimSpace(line) == "" {
						ok = false
					}
				}
			}
			if ok {
				line, _, _ := strings.Cut(v, "\n")
				return strings.TrimSpace(line), true
			}
		}
	}
	return "", false
}

// checkboxStatus reads how a sprint stands from its task checkboxes alone:
// every one checked is done.
func (b *builder) checkboxStatus(blocks []ast.Node) (string, Pos, bool) {
	checked, unchecked := 0, 0
	var first Pos
	for _, n := range blocks {
		if _, ok := n.(*ast.List); !ok {
			continue
		}
		b.countBoxes(n, &checked, &unchecked, &first)
	}
	if checked > 0 && unchecked == 0 {
		return StatusClosed, first, true
	}
	return "", Pos{}, false
}

// openBox returns the position of the first unchecked checkbox in blocks,
// or an invalid Pos when there is none; a box whose work was set aside
// (setAside) is not open.
func (b *builder) openBox(blocks []ast.Node) Pos { return b.uncheckedBox(blocks, true) }

// uncheckedBox is openBox; aside says whether boxes set aside are passed
// over.
func (b *builder) uncheckedBox(blocks []ast.Node, aside bool) Pos {
	var at Pos
	for _, n := range blocks {
		if b.notWork[n] {
			continue
		}
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if cb, ok := c.(*east.TaskCheckBox); ok && entering && !cb.IsChecked && !at.IsValid() && !(aside && (b.setAside(c) || b.criteriaBox(c))) {
				at = b.p.Position(max(b.blockStart(c.Parent()), 0))
			}
			if it, ok := c.(*ast.ListItem); ok && entering && !at.IsValid() && textBox(it) {
				// "- [~] ...": a mark goldmark leaves as text, not ticked,
				// as countBoxes counts it.
				if t, ok := b.readItemText(it); ok && t.box && !t.done {
					at = b.p.Position(max(b.blockStart(c), 0))
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return at
}

// criteriaBox reports a checkbox in a list that a criteria label
// introduces ("**Acceptance Criteria** (agent-executable only):" over
// "- [ ] the script exists"): a check of the work above it, which a
// ticked task vouches for, not more work.
func (b *builder) criteriaBox(box ast.Node) bool {
	blk := box.Parent()
	if blk == nil || blk.Parent() == nil || blk.Parent().Parent() == nil {
		return false
	}
	par, ok := blk.Parent().Parent().PreviousSibling().(*ast.Paragraph)
	if !ok {
		return false
	}
	label := strings.TrimSpace(plainText(par, b.src))
	if !strings.HasSuffix(label, ":") {
		return false
	}
	if i := strings.IndexAny(label, "(:"); i > 0 {
		label = label[:i]
	}
	return criteriaHeading(label)
}

// setAside reports a checkbox whose item says its work was set aside, not
// left open: "- [ ] Deferred: wire the target frame", "- [ ] Later: ...",
// or struck through. Such a box leaves the work above it done.
func (b *builder) setAside(box ast.Node) bool {
	blk := box.Parent()
	if blk == nil || blk.Parent() == nil {
		return false
	}
	it := blk.Parent()
	if _, ok := it.(*ast.ListItem); !ok {
		return false
	}
	return b.itemSetAside(it)
}

// itemSetAside reports whether list item it, or an item it is nested in,
// says its work was set aside: struck through, or marked deferred,
// skipped or dropped (the steps of a deferred task are deferred too).
func (b *builder) itemSetAside(it ast.Node) bool {
	for up := it.Parent(); up != nil; up = up.Parent() {
		if parent, ok := up.(*ast.ListItem); ok {
			if b.itemSetAside(parent) {
				return true
			}
			break
		}
	}
	t, ok := b.readItemText(it)
	if !ok {
		return false
	}
	if b.itemStruck(it) {
		return true
	}
	if skip, _, _, _ := headingMarkers(t.text); skip != "" {
		// "Task 2: Deep search *(deferred — async deep search)*".
		return true
	}
	lead, _, found := strings.Cut(t.text, ":")
	if !found || len(lead) > 14 {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(lead)) {
	case "deferred", "defer", "later", "skipped", "skip", "cancelled", "canceled", "dropped", "descoped", "out of scope", "won't do", "wontfix", "n/a":
		return true
	}
	return false
}

// countBoxes adds the task checkboxes under n to checked and unchecked,
// and sets first to the first one's position if it is not set yet.
func (b *builder) countBoxes(n ast.Node, checked, unchecked *int, first *Pos) {
	if b.notWork[n] {
		return
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, item := c.(*ast.ListItem); item && entering && b.tickedVouches {
			if ticked, has := itemChecked(c); has && ticked {
				// A ticked task: its steps are its own business.
				if !first.IsValid() {
					*first = b.p.Position(max(b.blockStart(c), 0))
				}
				*checked++
				return ast.WalkSkipChildren, nil
			}
		}
		if it, item := c.(*ast.ListItem); item && entering && textBox(it) {
			// "- [~] `a2a_protocol.rs` (typed, I/O pending)": a mark
			// goldmark leaves as text, still open.
			if t, ok := b.readItemText(it); ok && t.box && !t.done {
				if !first.IsValid() {
					*first = b.p.Position(max(b.blockStart(c), 0))
				}
				*unchecked++
			}
		}
		if cb, ok := c.(*east.TaskCheckBox); ok && entering && !(!cb.IsChecked && b.setAside(c)) {
			if !first.IsValid() {
				*first = b.p.Position(max(b.blockStart(c.Parent()), 0))
			}
			if cb.IsChecked {
				*checked++
			} else {
				*unchecked++
			}
		}
		return ast.WalkContinue, nil
	})
}

// textBox reports whether list item it opens with no checkbox node, so
// that a box mark goldmark leaves as text ("[~]", "[-]", "[/]") may stand
// in its place.
func textBox(it *ast.ListItem) bool {
	blk := it.FirstChild()
	if blk == nil || blk.FirstChild() == nil {
		return false
	}
	_, box := blk.FirstChild().(*east.TaskCheckBox)
	return !box
}

// kanbanWords are the whole texts of headings that are a board's columns:
// "## Done", "### In progress", "### To do".
var kanbanWords = map[string]string{
	"done": StatusClosed, "completed": StatusClosed, "complete": StatusClosed, "finished": StatusClosed,
	"shipped": StatusClosed, "closed": StatusClosed, "hecho": StatusClosed, "erledigt": StatusClosed, "terminé": StatusClosed,
	"in progress": StatusInProgress, "doing": StatusInProgress, "wip": StatusInProgress, "ongoing": StatusInProgress,
	"in review": StatusInProgress, "en progreso": StatusInProgress, "en cours": StatusInProgress,
	"blocked": StatusBlocked, "on hold": StatusBlocked, "bloqueado": StatusBlocked,
	"to do": StatusOpen, "todo": StatusOpen, "backlog": StatusOpen, "open": StatusOpen, "not started": StatusOpen,
	"next": StatusOpen, "up next": StatusOpen, "planned": StatusOpen, "pendiente": StatusOpen,
	"past": StatusClosed, "previous": StatusClosed, "future": StatusOpen, "upcoming": StatusOpen,
}

// kanbanHeading reads a heading that is a column of a board: its whole
// text, emoji and punctuation aside, is a status.
func kanbanHeading(text string) (string, bool) {
	var words []string
	for _, t := range statusTokens(text) {
		if !t.emoji && t.text != "?" {
			words = append(words, t.text)
		}
	}
	if n := len(words); n >= 2 && slices.Contains(unitWords, singular(words[n-1])) {
		// "Past Sprints", "Next Sprint", "Completed Tasks": a column of
		// units, named with their word.
		words = words[:n-1]
	}
	st, ok := kanbanWords[strings.Join(words, " ")]
	return st, ok
}

// kanbanStatus gives each unit that says nothing of how it stands the
// status of the board column it stands under: a heading between its phase
// (or the top of the plan) and its own heading whose whole text is a
// status ("### Done", "### In progress"). The state is said in a warning
// at the column's heading, with the units it took.
func (b *builder) kanbanStatus(doc ast.Node) {
	if len(b.p.Sprints) == 0 {
		return
	}
	byStart := map[int]*Sprint{}
	for _, s := range b.p.Sprints {
		if !s.Row {
			byStart[s.Heading.Start] = s
		}
	}
	type column struct {
		level  int
		status string
		text   string
		pos    Pos
		took   []string
	}
	var open []*column // the columns the walk is under, outermost first
	var all []*column
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		for len(open) > 0 && open[len(open)-1].level >= h.Level {
			open = open[:len(open)-1]
		}
		start := lineStart(b.src, max(b.blockStart(h), 0))
		if s := byStart[start]; s != nil {
			if mark, _, boxed := headingBox(s.Heading.Text); boxed && mark == "" {
				// "### [ ] Review the backend" under "## Completed": the
				// unit's own box says it is open.
				continue
			}
			if len(open) > 0 && !s.Status.Set() {
				c := open[len(open)-1]
				s.Status = Field{Value: c.status, Pos: c.pos}
				c.took = append(c.took, s.ID)
			}
			continue
		}
		if line := b.src[start:lineEnd(b.src, start)]; len(line) <= 48 {
			// A column's heading is a few words; longer ones are passed
			// over without building their text.
			text := strings.TrimSpace(plainText(h, b.src))
			if st, ok := kanbanHeading(text); ok {
				c := &column{level: h.Level, status: st, text: text, pos: b.p.Position(start)}
				open = append(open, c)
				all = append(all, c)
				continue
			}
		}
		if len(open) > 0 && b.headingKind(h) == headPhase {
			open = open[:0]
		}
	}
	for _, c := range all {
		if len(c.took) > 0 && c.status != StatusOpen {
			b.p.warnf(c.pos, "the units under %q are read as %s, as the heading says: %s", c.text, strings.ReplaceAll(c.status, "_", " "), strings.Join(c.took, ", "))
		}
	}
}

// sectionStatuses settles what a unit's place in the document says of how
// it stands: the board column it stands under, and a heading marked done
// over boxes not ticked.
func (b *builder) sectionStatuses(doc ast.Node) {
	b.kanbanStatus(doc)
	b.doneOverOpenBoxes(doc)
}

// doneOverOpenBoxes reads a unit closed by its heading's done marker
// ("### Step 1.1: Delivery (COMPLETE)") as open when boxes of its section
// are not ticked, with a warning: when in doubt, the work is not done.
// The plan reader does the same as it reads a sprint (closeSprint); this
// covers every reader.
func (b *builder) doneOverOpenBoxes(doc ast.Node) {
	byStart := map[int]*Sprint{}
	for _, s := range b.p.Sprints {
		if !s.Row && s.Status.Value == StatusClosed && s.Status.Pos == s.Heading.Pos {
			byStart[s.Heading.Start] = s
		}
	}
	if len(byStart) == 0 {
		return
	}
	planDone, planAt := b.planSaysDone(doc, byStart)
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		s := byStart[lineStart(b.src, max(b.blockStart(h), 0))]
		if s == nil {
			continue
		}
		checked, unchecked := 0, 0
		var first Pos
		var blocks []ast.Node
		for c := n.NextSibling(); c != nil; c = c.NextSibling() {
			if ch, ok := c.(*ast.Heading); ok && ch.Level <= h.Level {
				break
			}
			if _, ok := c.(*ast.List); ok {
				b.countBoxes(c, &checked, &unchecked, &first)
				blocks = append(blocks, c)
			}
		}
		if unchecked > 0 && checked == 0 {
			text := strings.TrimSpace(plainText(h, b.src))
			if mark, _, ok := headingBox(text); ok && mark == "✅ " {
				// "### [x] Step 1: Probes": a tool that ticks the step in
				// its heading (Zenflow) leaves the step's own boxes as
				// the plan wrote them.
				b.p.warnf(s.Heading.Pos, "sprint %s's heading box is ticked, though none of its %d tasks is (the first at line %d); read as closed (write **Status**: Open if it is not done)",
					s.ID, unchecked, b.openBox(blocks).Line)
				continue
			}
			if planDone != "" {
				// "## Status: ✅ COMPLETED (2026-05-24)" above "## Task 1:
				// Rendering ✅" and its unticked steps: the plan and the
				// unit both say done; the steps were never ticked.
				b.p.warnf(s.Heading.Pos, "sprint %s's heading says done and the plan says %q (line %d), though none of its %d tasks is ticked (the first at line %d); read as closed (write **Status**: Open if it is not done)",
					s.ID, planDone, planAt.Line, unchecked, b.openBox(blocks).Line)
				continue
			}
			if said := qualifiedDone(text); said != "" {
				// "(completed in v3.0.0)" says when, which a box left
				// as written does not: the steps were done elsewhere.
				b.p.warnf(s.Heading.Pos, "sprint %s's heading says %q, though none of its %d tasks is ticked (the first at line %d); read as closed (write **Status**: Open if it is not done)",
					s.ID, said, unchecked, b.openBox(blocks).Line)
				continue
			}
		}
		if unchecked > 0 {
			text := strings.TrimSpace(plainText(h, b.src))
			_, mark, _, _ := headingMarkers(text)
			if box, _, ok := headingBox(text); ok && box != "" {
				mark = text[:3]
			}
			if mark == "" {
				mark = "done"
			}
			b.p.warnf(s.Heading.Pos, "sprint %s's heading says %q, but %d of its %d tasks are not ticked (the first at line %d); read as open: tick them, or write **Status**: Done",
				s.ID, mark, unchecked, checked+unchecked, b.openBox(blocks).Line)
			s.Status = Field{Value: StatusOpen, Pos: s.Heading.Pos}
		}
	}
}

// planSaysDone finds, before the first unit, a status that says the whole
// plan is done in words: a status heading ("## Status: ✅ COMPLETED
// (2026-05-24)") or a status line ("**Status:** Complete"); it returns
// what it says and where, "" when there is none.
func (b *builder) planSaysDone(doc ast.Node, units map[int]*Sprint) (string, Pos) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		var text string
		switch n := n.(type) {
		case *ast.Heading:
			if units[lineStart(b.src, max(b.blockStart(n), 0))] != nil {
				return "", Pos{}
			}
			text = b.trimmedText(n)
		case *ast.Paragraph:
			text, _, _ = strings.Cut(strings.TrimSpace(plainText(n, b.src)), "\n")
		default:
			continue
		}
		if v, ok := cutStatusLabel(text); ok && wordsDone(v) {
			return strings.TrimSpace(text), b.p.Position(b.blockStart(n))
		}
	}
	return "", Pos{}
}

// qualifiedDone returns a heading's done marker that goes on to say when
// or where the work was done, "(completed in v3.0.0)", as written inside
// its brackets; "" when the heading has none.
func qualifiedDone(text string) string {
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		return ""
	}
	for _, w := range doneWords {
		if k := indexWord(lower, strings.ToLower(w)); k >= 0 && leadsBracket(text, k, len(w)) {
			end := strings.IndexByte(text[k:], ')')
			return text[k : k+end]
		}
	}
	return ""
}

// headingKind is what a heading's words make it, read once where the plan
// reader read it already.
func (b *builder) headingKind(h *ast.Heading) headKind {
	if rec := b.heads[h]; rec != nil {
		return rec.info.kind
	}
	_, info := readHeading(h, b.src)
	return info.kind
}
