package parser

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads units written as list items that open with an id, the
// shape of the task files planning tools write: spec-kit's
// "- [ ] T012 [P] [US1] Title", Kiro's "- [x] 1. Title" (with "  - [ ] 1.1"
// sub-tasks under it), OpenSpec's "- [ ] 1.1 Title" under "## 1. Group",
// and plain numbered work lists under a work section. The shapes walker
// reads them as it reads list units with a bold label (listUnits); an
// itemPattern says which items are units.

// itemPattern says which list items are units.
type itemPattern struct {
	// checkbox: only items with a task checkbox ("- [ ]", "- [x]", or
	// Kiro's in-progress "- [-]").
	checkbox bool
	// prefix is the letters before the number ("T" in "T012"); "" for a
	// bare number.
	prefix string
	// parts is how many dot-separated numbers the id has: 1 ("3" or
	// "3."), 2 ("1.2"); 0 takes any.
	parts int
	// leaf: an item whose sub-items are units is a group, not a unit.
	leaf bool
	// noID: the items carry no id; each is numbered by its place.
	noID bool
	// ordered: only items of numbered lists ("1. Title"), the number
	// being the list's; implies noID.
	ordered bool
	// bullet: only items of bulleted lists with no checkbox ("- Title");
	// implies noID.
	bullet bool
	// top: a checkbox item that only titles the boxes nested under it is
	// the unit, they its steps (`units: "- [ ] {title} at top level"`);
	// else they are the units.
	top bool
}

// itemText is what a list item's first line says, markers read.
type itemText struct {
	text     string // the first line, checkbox and progress marker dropped
	box      bool   // a task checkbox (or a progress marker in its place)
	progress bool   // "[-]" or "[/]": in progress
	done     bool   // "[v]", "[✓]": ticked, in a mark goldmark leaves as text
}

// readItemText reads the first line of list item it.
func (b *builder) readItemText(it ast.Node) (itemText, bool) {
	blk := it.FirstChild()
	if blk == nil || b.legend != nil && b.legend.items[it] {
		return itemText{}, false
	}
	var t itemText
	first := blk.FirstChild()
	if _, ok := first.(*east.TaskCheckBox); ok {
		t.box, first = true, first.NextSibling()
	}
	if b.imageOnly(first) {
		// "- [x] ![Development Status](…/status-beta-brightgreen.svg)":
		// a badge ticked to show how the project stands, not work.
		return itemText{}, false
	}
	if cs, code := first.(*ast.CodeSpan); code && !t.box {
		if m := strings.TrimSpace(plainText(cs, b.src)); len(m) == 3 && m[0] == '[' && m[2] == ']' {
			// "- `[X]` で完了マーク": a box quoted in code, a legend's
			// word on how the plan marks done, not a box.
			t.text = strings.TrimSpace(plainText(blk, b.src))
			return t, true
		}
	}
	if text, ok := b.lineText(first); ok {
		t.text = strings.TrimSpace(text) // most items: one run of text
		t = t.read()
		b.untagged(&t)
		b.legend.read(&t)
		return t, true
	}
	buf := b.scratch[:0]
	for c := blk.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*east.TaskCheckBox); ok {
			t.box = true
			continue
		}
		buf = appendNode(buf, c, b.src)
		if tx, ok := c.(*ast.Text); ok && (tx.SoftLineBreak() || tx.HardLineBreak()) {
			break
		}
	}
	b.scratch = buf
	t.text = string(bytes.TrimSpace(buf))
	t = t.read()
	b.untagged(&t)
	b.legend.read(&t)
	return t, true
}

// untagged reads a spec-kit task with no box, in a file whose tasks write
// their box as a tag ("**T016 [US5] (Test)**: Write tests" beside "**T001
// [Setup] [X]**: Create"), as an open one.
func (b *builder) untagged(t *itemText) {
	if t.box || len(t.text) < 5 || t.text[0] != 'T' || t.text[1] < '0' || t.text[1] > '9' {
		return
	}
	if b.tagMarks == 0 {
		b.tagMarks = 2
		if taggedLineRE.Match(b.src) {
			b.tagMarks = 1
		}
	}
	if b.tagMarks == 1 && taggedIDRE.MatchString(t.text) {
		t.box = true
	}
}

// taggedIDRE is a spec-kit task id with a tag after it, the form of a task
// in its list: "T016 [US5] (Test): Write", not "T001 blocks T003" in a
// note.
var taggedIDRE = lazyMustCompile(`^T\d{2,4}[a-z]?\s*(?:\[[^\]\[]{1,20}\]|\([^()]{1,20}\))`)

// taggedLineRE finds a list item whose spec-kit task writes its box as a
// tag: "- **T001 [Setup] [X]**:".
var taggedLineRE = lazyMustCompile(`(?m)^\s*(?:[-*+]|\d{1,3}[.)])\s+[*_]*T\d{2,4}[a-z]?(?:[*_]*\s*[*_]*(?:\[[^\]\[\n]{2,20}\]|\([^()\n]{1,20}\)))*[*_]*\s*[*_]*\[[xX ]\]`)

// imageOnly reports an item's line that holds images, or linked images,
// and nothing else but blanks.
func (b *builder) imageOnly(first ast.Node) bool {
	images := 0
	for n := first; n != nil; n = n.NextSibling() {
		if l, ok := n.(*ast.Link); ok && l.ChildCount() == 1 {
			n = l.FirstChild()
		}
		switch t := n.(type) {
		case *ast.Image:
			images++
		case *ast.Text:
			if len(bytes.TrimSpace(t.Segment.Value(b.src))) > 0 {
				return false
			}
		default:
			return false
		}
		if n.Parent() != first.Parent() {
			n = n.Parent() // back to the link, to go on past it
		}
	}
	return images > 0
}

// read reads the markers goldmark leaves in an item's text.
func (t itemText) read() itemText {
	// "[x]" reaches here only where goldmark left it as text: inside bold
	// ("- **[x] Title**: ..."), as "[ ]" does below.
	for _, mark := range []string{"[v] ", "[V] ", "[✓] ", "[✔] ", "[x] ", "[X] ", "[x ] ", "[ x] ", "[X ] ", "[ X] "} { // a mark, a space
		if !t.box && strings.HasPrefix(t.text, mark) {
			t.box, t.done = true, true
			t.text = strings.TrimSpace(t.text[len(mark)-1:])
		}
	}
	if !t.box && len(t.text) >= 3 && t.text[0] == '[' && t.text[2] == ']' && strings.IndexByte("-~/ ", t.text[1]) >= 0 {
		// Kiro's "[-]" (in progress), "[~]" (queued: still open), and
		// "[ ]*" (an optional task), which goldmark leaves as text.
		t.box, t.progress = true, t.text[1] == '-' || t.text[1] == '/'
		t.text = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t.text[3:], `\*`), "*"))
	}
	if !t.box && len(t.text) > 5 && t.text[0] == 'T' && t.text[1] >= '0' && t.text[1] <= '9' {
		if m := taggedMarkRE.FindStringSubmatchIndex(t.text); m != nil {
			// "**T001 [Setup] [X]**: Create the directory": spec-kit's
			// task with its box written as a tag after the id.
			t.box, t.done = true, t.text[m[2]] != ' '
			t.text = t.text[:m[2]-1] + strings.TrimLeft(t.text[m[3]+1:], " ")
		}
	}
	if t.box && strings.HasPrefix(t.text, "*") {
		t.text = strings.TrimSpace(t.text[1:]) // "- [ ]* 2.3": optional
	} else if t.box && strings.HasPrefix(t.text, `\*`) {
		t.text = strings.TrimSpace(t.text[2:]) // "- [ ]\* 1.3": optional, the mark escaped
	}
	return t
}

// taggedMarkRE finds a task box written as one of the bracketed tags
// after a spec-kit task id: the "[X]" of "T008 [US1] (Test) [X]: Write".
var taggedMarkRE = lazyMustCompile(`^T\d{2,4}[a-z]?(?:\s*(?:\[[^\]\[]{2,20}\]|\([^()]{1,20}\)))*\s*\[([ xX])\]`)

// match reads an item's text as a unit: its id and its title.
func (p itemPattern) match(t itemText) (id, rest string, ok bool) {
	if p.checkbox && !t.box {
		return "", "", false
	}
	s := t.text
	if p.bullet && t.box {
		return "", "", false
	}
	if p.noID || p.ordered || p.bullet {
		if s == "" {
			return "", "", false
		}
		return "", s, true
	}
	if p.prefix != "" {
		if len(s) <= len(p.prefix) || !strings.EqualFold(s[:len(p.prefix)], p.prefix) {
			return "", "", false
		}
		s = s[len(p.prefix):]
		if p.prefix[len(p.prefix)-1] >= 0x80 || len(p.prefix) > 1 {
			// "任务 1.1：", "Task 2.3:": a unit word, then the id.
			s = strings.TrimLeft(s, " ")
		}
		if key, rest, ok := taskKey(s); ok {
			return key, rest, true // "T-HF01": a task key of a series
		}
	}
	i, parts := 0, 0
	for {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 6 {
			return "", "", false
		}
		parts++
		i = j
		if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
			i++
			continue
		}
		break
	}
	if p.parts != 0 && parts != p.parts {
		return "", "", false
	}
	upper := false
	if (p.prefix != "" || parts >= 2) && i+1 < len(s) && (s[i] >= 'a' && s[i] <= 'z' || p.prefix != "" && s[i] >= 'A' && s[i] <= 'Z') && (s[i+1] == ' ' || s[i+1] == '\t') ||
		parts == 1 && i+2 < len(s) && s[i] >= 'a' && s[i] <= 'z' && s[i+1] == '.' && s[i+2] == ' ' {
		// "T012a", "2.1b", "T068A", "3b. Title": a task inserted after
		// another, its id and a letter (a bare "3x faster" is no id).
		upper = s[i] <= 'Z'
		i++
	}
	id = s[:i]
	if upper {
		id = s[:i-1] + string(s[i-1]+'a'-'A')
	}
	rest = s[i:]
	if p.prefix != "" {
		// "T027-T029 - Create the store": one item for a range of task
		// ids, read as the first.
		rest = cutIDRange(rest, p.prefix)
	}
	// "3." / "3:" / "3 -": a separator, then the title.
	rest = strings.TrimPrefix(rest, ".")
	rest = strings.TrimPrefix(rest, ":")
	if r, ok := strings.CutPrefix(rest, "："); ok {
		rest = " " + r // "任务 1.1：冻结边界": a full-width colon
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", "", false // "3x", "12%": not an id
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimLeft(rest, "-–—"))
	if rest == "" {
		return "", "", false
	}
	return id, rest, true
}

// cutIDRange cuts the end of a range or list of ids from the start of rest
// ("-T029", "–029", "..T029", ", T003", "/T005" after the first id),
// leaving what follows it.
func cutIDRange(rest, prefix string) string {
	for _, sep := range []string{"-", "–", "..", ", ", ",", "/", " & ", "~", "～"} {
		r, ok := strings.CutPrefix(rest, sep)
		if !ok {
			continue
		}
		if len(r) > len(prefix) && strings.EqualFold(r[:len(prefix)], prefix) {
			r = r[len(prefix):]
		}
		j := 0
		for j < len(r) && (r[j] >= '0' && r[j] <= '9' || j > 0 && r[j] == '.' && j+1 < len(r) && r[j+1] >= '0' && r[j+1] <= '9') {
			j++
		}
		if j > 0 && (j == len(r) || r[j] == ' ' || r[j] == '\t' || r[j] == ':') {
			return r[j:]
		}
	}
	return rest
}

// taskKey reads the rest of a prefixed task id written as a series key,
// "-HF01 Title" of "T-HF01 Title": the key ("-HF01") and the title.
func taskKey(s string) (key, rest string, ok bool) {
	if len(s) < 3 || s[0] != '-' {
		return "", "", false
	}
	i := 1
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if i == 1 || j == i || j-i > 4 || j < len(s) && s[j] != ' ' {
		return "", "", false
	}
	rest = strings.TrimSpace(s[j:])
	if rest == "" {
		return "", "", false
	}
	return s[:j], rest, true
}

// itemTags cuts the bracketed tags spec-kit writes after a task's id
// ("[P]", "[US1]", "[Story 2]") from the front of rest; parallel is set
// when one is [P].
func itemTags(rest string) (title string, parallel bool) {
	tagged := false
	for {
		if strings.HasPrefix(rest, "(") && tagged {
			// "[US1] (Test): Write tests": a kind in brackets among the
			// tags, where a colon or another tag follows it.
			e := strings.IndexByte(rest, ')')
			if e < 0 || e > 24 {
				break
			}
			if after := strings.TrimSpace(rest[e+1:]); !strings.HasPrefix(after, ":") && !strings.HasPrefix(after, "[") {
				break
			}
			rest = strings.TrimSpace(rest[e+1:])
			continue
		}
		if !strings.HasPrefix(rest, "[") {
			break
		}
		e := strings.IndexByte(rest, ']')
		if e < 0 || e > 24 {
			break
		}
		tag := strings.TrimSpace(rest[1:e])
		if strings.EqualFold(tag, "P") {
			parallel = true
		}
		rest, tagged = strings.TrimSpace(rest[e+1:]), true
	}
	if tagged {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, ":")) // "[Setup]: Create the directory"
		if r, ok := strings.CutSuffix(rest, " [P]"); ok {
			rest, parallel = r, true // "Implement install. [P]"
		}
	}
	return rest, parallel
}

// readItemUnit reads list item it as a unit under pattern p: a shape that
// names it (word "task", its id, its title).
func (b *builder) readItemUnit(it ast.Node, p itemPattern) (shape, itemText, bool) {
	t, ok := b.readItemText(it)
	if !ok {
		return shape{}, t, false
	}
	id, rest, ok := p.match(t)
	if !ok {
		return shape{}, t, false
	}
	title, _ := itemTags(rest)
	lead := ""
	if head, ok := doneSentence(title); ok {
		title, lead = head, "✅" // "Add license. Done.": done, as a tick says
	}
	sh := shape{kind: shapeUnit, word: "task", id: id, sep: true, rest: title, title: cleanTitle(title), lead: lead}
	if p.prefix != "" {
		sh.word = p.prefix
	}
	return sh, t, true
}

// doneSentence reports whether an item's text ends in a sentence that is
// one done word ("Add license. Done.", "Port the CLI. Shipped."), and
// returns the text before it.
func doneSentence(text string) (string, bool) {
	t := strings.TrimRight(text, " .!")
	k := strings.LastIndex(t, ". ")
	if k < 0 {
		return text, false
	}
	if w := strings.ToLower(strings.TrimSpace(t[k+2:])); doneStatusWords[w] {
		return t[:k+1], true
	}
	return text, false
}

// itemOutline counts the list items that open with an id, by the pattern
// that reads them: items of top-level lists only (depth 0) or of any list
// (depth > 0, the sub-items of Kiro's tasks).
type itemCount struct {
	pattern itemPattern
	n       int
	first   []int // lines of the first few
	nested  int   // how many are sub-items of another item
	// heads are the ids' whole numbers before a dot ("3" of "3." and of
	// "3.2"), of the items of top-level lists.
	heads map[string]bool
	// ids are the top-level items' ids, and bare counts those written
	// with no mark after them ("95 BATS tests", not "1. Setup").
	ids  []string
	bare int
}

// counts reports items whose numbers, written with no mark after them
// and in no sequence ("- [x] 95 BATS tests", "- [x] 5 package managers"),
// are counts in their titles, not ids.
func (c itemCount) counts() bool {
	if c.bare < len(c.ids) || len(c.ids) == 0 {
		return false
	}
	prev := 0
	for _, id := range c.ids {
		n, err := strconv.Atoi(id)
		if err != nil || n != prev+1 && n != 1 {
			return true
		}
		prev = n
	}
	return false
}

// countItems counts, for each of the given patterns, the list items it
// reads as units in the document: those of top-level lists (depth 0)
// and those nested one list deep.
func (b *builder) countItems(doc ast.Node, pats []itemPattern) []itemCount {
	out := make([]itemCount, len(pats))
	for i, p := range pats {
		out[i].pattern = p
	}
	var visit func(l *ast.List, depth int)
	visit = func(l *ast.List, depth int) {
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if ok {
				for i := range out {
					if id, _, ok := out[i].pattern.match(t); ok {
						if depth == 0 {
							out[i].n++
							if out[i].heads == nil {
								out[i].heads = map[string]bool{}
							}
							head, _, _ := strings.Cut(id, ".")
							out[i].heads[head] = true
							if p := out[i].pattern; p.parts == 1 && p.prefix == "" {
								// Kiro's "- [ ] 1. Title", or a count:
								// counts() tells them apart.
								out[i].ids = append(out[i].ids, id)
								if k := strings.Index(t.text, id); k >= 0 && strings.HasPrefix(t.text[k+len(id):], " ") {
									out[i].bare++
								}
							}
							if len(out[i].first) < 3 {
								out[i].first = append(out[i].first, b.p.Position(b.blockStart(it)).Line)
							}
						} else {
							out[i].nested++
						}
					}
				}
			}
			if depth == 0 {
				for c := it.FirstChild(); c != nil; c = c.NextSibling() {
					if sub, ok := c.(*ast.List); ok {
						visit(sub, depth+1)
					}
				}
			}
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if l, ok := n.(*ast.List); ok {
			visit(l, 0)
		}
	}
	return out
}

// listItem reads list item it as a unit of the walk: an item with a bold
// label, or, when the reading says so, an item of its item pattern.
// progress is set for Kiro's "[-]" box; parallel for spec-kit's [P].
func (w *shapeWalk) listItem(it ast.Node, ph *Phase) (sh shape, progress, parallel bool, ok bool) {
	if w.items == nil {
		sh, ok = w.b.listUnitOf(it, w.mode == modeTopList)
		return sh, false, false, ok
	}
	if l, isList := it.Parent().(*ast.List); w.items.ordered && (!isList || !l.IsOrdered()) || w.items.bullet && (!isList || l.IsOrdered()) {
		return shape{}, false, false, false
	}
	if w.lists != nil && !w.lists[it.Parent()] || w.skipLists[it.Parent()] {
		return shape{}, false, false, false // a list the reading leaves out
	}
	p := *w.items
	if p.leaf {
		p.parts = 0 // "1." and the flush-left "2.1" alike
	}
	sh, t, ok := w.b.readItemUnit(it, p)
	if !ok {
		return shape{}, false, false, false
	}
	if t.done {
		sh.lead = "✅" // "[v] Title": done, as a done mark says
	}
	if sh.id == "" || w.items.leaf {
		// An item with no id is numbered by its place in the phase; so
		// are leaves, whose written ids ("2.1") name their group.
		sh.id = strconv.Itoa(w.count[ph] + 1)
	}
	_, rest, _ := p.match(t)
	_, parallel = itemTags(rest)
	return sh, t.progress, parallel, true
}

// leafList returns the list under item it whose items are units of the
// walk's leaf pattern, nil when it has none.
func (w *shapeWalk) leafList(it ast.Node) *ast.List {
	sub := *w.items
	sub.parts = 2
	for c := it.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok {
			for x := l.FirstChild(); x != nil; x = x.NextSibling() {
				if t, ok := w.b.readItemText(x); ok {
					if _, _, ok := sub.match(t); ok {
						return l
					}
				}
			}
		}
	}
	return nil
}

// markParallel records unit s in the open run of [P] units, or ends the
// run when s is not marked.
func (w *shapeWalk) markParallel(s *Sprint, parallel bool) {
	switch {
	case !parallel:
		w.lastP = nil
	case w.lastP != nil && w.lastP.Phase == s.Phase && len(w.parallel) > 0:
		run := &w.parallel[len(w.parallel)-1]
		*run = append(*run, s)
		w.lastP = s
	default:
		w.parallel = append(w.parallel, []*Sprint{s})
		w.lastP = s
	}
}

// parallelItems says the runs of [P] units run in parallel, as a sentence
// of the plan would (Plan.Parallel): each run of two or more.
func (w *shapeWalk) parallelItems() {
	for _, run := range w.parallel {
		if len(run) < 2 {
			continue
		}
		par := Parallel{Text: "[P]", Pos: run[0].Heading.Pos}
		for _, s := range run {
			par.Units = append(par.Units, s.ID)
		}
		w.b.p.Parallel = append(w.b.p.Parallel, par)
	}
}

// sectionBlocks are the top-level blocks, headings aside, in the sections
// whose heading text is section (their subsections included): every such
// section, as a phase plan repeats "### Tasks" under each phase.
func sectionBlocks(doc ast.Node, src []byte, section string) map[ast.Node]bool {
	in := map[ast.Node]bool{}
	level := 0 // the open section's level, 0 for none
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if level > 0 && h.Level <= level {
				level = 0
			}
			if level == 0 && strings.EqualFold(strings.TrimSpace(plainText(h, src)), section) {
				level = h.Level
			}
			continue
		}
		if level > 0 {
			in[n] = true
		}
	}
	return in
}

// exceptBlocks are the top-level blocks, headings aside, in the sections
// whose heading except reports (their subsections included).
func exceptBlocks(doc ast.Node, src []byte, except func(string) bool) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	level := 0 // the open section's level, 0 for none
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if level > 0 && h.Level <= level {
				level = 0
			}
			if level == 0 && except(plainText(h, src)) {
				level = h.Level
			}
			continue
		}
		if level > 0 {
			out[n] = true
		}
	}
	return out
}

// sectionItems counts, for each heading, the checkbox items and the items
// of numbered lists at the top of the lists in its section (subsections
// included), with the line of the first.
type sectionItems struct {
	head           *ast.Heading
	text           string
	boxes, ordered int
	firstBox       int
	firstOrdered   int
	// bullets counts the plain bullets (no box, no number) of the
	// section's own lists, its subsections left out.
	bullets, firstBullet int
	// ownBoxes counts the boxes written in the section itself, not in a
	// subsection, that do not point at another file ("- [x]
	// 01-02-PLAN.md"): the work a phase heading holds directly.
	ownBoxes int
	// idBoxes counts the boxes, subsections included, that open with a
	// dotted id ("- [x] 0.1.1: Initialize Git Repository").
	idBoxes int
	// shapedOrdered counts the numbered items of ordered, written in a
	// subsection whose heading names a phase or a unit ("### M4 —
	// Serving" over its "Cost controls" list): that unit's, not the
	// section's.
	shapedOrdered int
	// shapedSubs counts the subsections that give shapedOrdered its
	// items; lastShaped is the last one's index.
	shapedSubs, lastShaped int
}

// dottedBoxRE is a dotted id opening a checkbox item's text: "0.1.1:",
// "2.3 ".
var dottedBoxRE = lazyMustCompile(`^[0-9]{1,4}(?:\.[0-9]{1,4})+[a-z]?[:.)]?\s`)

func (b *builder) sectionItems(doc ast.Node) []sectionItems {
	// The readings ask for them several times a parse, of the same
	// document: they are worked out once.
	if b.secDoc == doc {
		return b.secs
	}
	b.secs, b.secDoc = b.sectionItemsOf(doc), doc
	return b.secs
}

func (b *builder) sectionItemsOf(doc ast.Node) []sectionItems {
	var out []sectionItems
	var open []int // indexes into out of the sections open, outermost first
	var shapes map[int]bool
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			for len(open) > 0 && out[open[len(open)-1]].head.Level >= h.Level {
				open = open[:len(open)-1]
			}
			out = append(out, sectionItems{head: h, text: b.trimmedText(h)})
			open = append(open, len(out)-1)
			continue
		}
		l, ok := n.(*ast.List)
		if !ok || len(open) == 0 {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.text == "" {
				continue
			}
			if boxes := b.themeBoxes(it, t); boxes != nil {
				own := &out[open[len(open)-1]]
				for _, x := range boxes {
					line := b.p.Position(b.blockStart(x)).Line
					own.ownBoxes++
					for _, i := range open {
						if out[i].boxes == 0 {
							out[i].firstBox = line
						}
						out[i].boxes++
					}
				}
				continue
			}
			line := b.p.Position(b.blockStart(it)).Line
			if t.box && !filePointer(t.text) {
				out[open[len(open)-1]].ownBoxes++
			}
			if own := &out[open[len(open)-1]]; !t.box && !l.IsOrdered() {
				if own.bullets == 0 {
					own.firstBullet = line
				}
				own.bullets++
			}
			dotted := t.box && dottedBoxRE.MatchString(t.text)
			for _, i := range open {
				if t.box {
					if out[i].boxes == 0 {
						out[i].firstBox = line
					}
					out[i].boxes++
					if dotted {
						out[i].idBoxes++
					}
				} else if l.IsOrdered() {
					if out[i].ordered == 0 {
						out[i].firstOrdered = line
					}
					out[i].ordered++
					if sub := shapedUnder(out, open, i, &shapes); sub >= 0 {
						// The list stands in a phase or unit heading
						// under the section, however deep.
						out[i].shapedOrdered++
						if out[i].shapedSubs == 0 || out[i].lastShaped != sub {
							out[i].shapedSubs++
							out[i].lastShaped = sub
						}
					}
				}
			}
		}
	}
	return out
}

// shapedUnder returns the index of the first heading open below section i
// that names a phase or a unit, -1 for none.
// shapes caches, by section index, whether the heading names a phase or
// a unit: only the headings over numbered items are read.
func shapedUnder(out []sectionItems, open []int, i int, shapes *map[int]bool) int {
	below := false
	for _, k := range open {
		if below {
			if *shapes == nil {
				*shapes = map[int]bool{}
			}
			shaped, ok := (*shapes)[k]
			if !ok {
				shaped = readShape(out[k].text).kind != shapeOther
				(*shapes)[k] = shaped
			}
			if shaped {
				return k
			}
		}
		below = below || k == i
	}
	return -1
}

// themeBoxes returns the checkbox items under list item it (its text t)
// when it is a theme that only titles them: a plain bullet ("* 📃 Hybrid
// Search" over "  * [x] Sparse vectors"), whose boxes count as the
// plan's. nil when it is not one.
func (b *builder) themeBoxes(it ast.Node, t itemText) []ast.Node {
	if l, ok := it.Parent().(*ast.List); t.box || !ok || l.IsOrdered() {
		return nil
	}
	sub, _ := b.boxGroupList(it)
	if sub == nil {
		return nil
	}
	var out []ast.Node
	for x := sub.FirstChild(); x != nil; x = x.NextSibling() {
		if st, ok := b.readItemText(x); ok && st.box && st.text != "" {
			out = append(out, x)
		}
	}
	return out
}

// filePointer reports whether an item's text opens with the name of a
// Markdown file: a pointer to a plan written elsewhere, not work.
func filePointer(text string) bool {
	f, _, _ := strings.Cut(strings.Trim(text, "`*[ "), " ")
	f = strings.TrimRight(f, "`*]),:")
	return len(f) > 3 && strings.EqualFold(f[len(f)-3:], ".md")
}

// leafGroup reports whether item it ("- [ ] 2. Group") is followed by its
// sub-tasks written beside it, flush left ("- [ ] 2.1 Task"): then it is a
// group, and they are the units. Such sub-tasks are read with any number
// of parts.
func (w *shapeWalk) leafGroup(it ast.Node) bool {
	t, ok := w.b.readItemText(it)
	if !ok {
		return false
	}
	id, _, ok := itemPattern{parts: 1}.match(t)
	next := nextItem(it)
	if !ok || next == nil {
		return false
	}
	nt, ok := w.b.readItemText(next)
	if !ok {
		return false
	}
	sub, _, ok := itemPattern{parts: 2}.match(nt)
	return ok && strings.HasPrefix(sub, id+".")
}

// partlyDone reports an item's note of what of it is done and what remains:
// "(completed: argument parsing; remaining: duplicate detection)", the
// ExecPlan's way to record a task stopped half way.
func partlyDone(text string) bool {
	t := strings.ToLower(text)
	i := max(strings.Index(t, "completed:"), strings.Index(t, "done:"))
	j := max(strings.Index(t, "remaining:"), strings.Index(t, "left:"), strings.Index(t, "todo:"))
	return i >= 0 && j > i
}

// ownWork reports whether list item it (a Kiro task whose sub-tasks
// follow it flush left) has instructions of its own: a bullet under it
// that is not a traceability line ("_Requirements: 1.1_", "**Validates:
// ...**", "**Property 3: ...**"). Such a task is work itself, not only
// the group of its sub-tasks.
func (b *builder) ownWork(it ast.Node) bool {
	for c := it.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok {
			if at, _ := b.ownBullet(l); at.IsValid() {
				return true
			}
		}
	}
	return false
}

// ownBullet is the position and text of the first item of list l that is
// neither a numbered sub-task ("- [ ] 2.1 Title") nor a traceability line;
// an invalid Pos when there is none.
func (b *builder) ownBullet(l *ast.List) (Pos, string) {
	for x := l.FirstChild(); x != nil; x = x.NextSibling() {
		t, ok := b.readItemText(x)
		if !ok || t.text == "" {
			continue
		}
		if _, _, sub := (itemPattern{checkbox: true, parts: 2}).match(t); sub || traceLine(x, t.text) {
			continue
		}
		return b.p.Position(b.blockStart(x)), t.text
	}
	return Pos{}, ""
}

// traceLine reports a Kiro traceability bullet: one that opens with
// emphasis naming requirements, a property or what it validates.
func traceLine(it ast.Node, text string) bool {
	blk := it.FirstChild()
	if blk == nil {
		return false
	}
	if _, ok := blk.FirstChild().(*ast.Emphasis); !ok {
		return false
	}
	t := strings.ToLower(text)
	for _, w := range []string{"requirements", "requirement", "validates", "property", "depends", "boundary"} {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}

// itemStruck reports whether the first line of list item it is struck
// through, past its id ("- [X] T009 ~~Export types~~ (skipped)"): at least
// half of its text, or its id ("- [x] ~~T051~~ ~~Register tool~~ —
// removed (YAGNI)").
func (b *builder) itemStruck(it ast.Node) bool {
	blk := it.FirstChild()
	if blk == nil {
		return false
	}
	first := blk.FirstChild()
	if _, box := first.(*east.TaskCheckBox); box {
		first = first.NextSibling()
	}
	if st, ok := first.(*east.Strikethrough); ok {
		if t := strings.TrimSpace(inlineText(st, b.src)); t != "" && !strings.Contains(t, " ") && strings.ContainsAny(t, "0123456789") {
			return true // the task's id, struck out
		}
	}
	if b.struckTitle(first) {
		return true
	}
	struck, all := 0, 0
	for c := blk.FirstChild(); c != nil; c = c.NextSibling() {
		n := len(strings.TrimSpace(inlineText(c, b.src)))
		all += n
		if _, ok := c.(*east.Strikethrough); ok {
			struck += n
		}
		if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			break
		}
	}
	return struck > 0 && struck*2 >= all-8 // the id and a checkbox's width aside
}

// struckTitle reports an item whose title, after its id, is struck
// through whole and followed by a note set off by a colon or an arrow:
// "- [x] 5.2 ~~Add a visitor helper~~ → **不採用**: the allowlist covers
// it", "- [x] ~~**MCP Bridge**~~：removed in v0.3.0". The note says why
// the work went; the strike says it went, unless the note says it was
// done another way ("— landed as a patch").
func (b *builder) struckTitle(first ast.Node) bool {
	if t, ok := first.(*ast.Text); ok {
		if id := strings.TrimSpace(string(t.Segment.Value(b.src))); id != "" && !strings.Contains(id, " ") && strings.ContainsAny(id, "0123456789") && !t.SoftLineBreak() {
			first = first.NextSibling() // the item's id: "5.2 "
		}
	}
	st, ok := first.(*east.Strikethrough)
	if !ok || strings.TrimSpace(inlineText(st, b.src)) == "" {
		return false
	}
	next, ok := st.NextSibling().(*ast.Text)
	if !ok {
		return false
	}
	note := strings.TrimSpace(string(next.Segment.Value(b.src)))
	for _, sep := range []string{":", "：", "→", "->", "—", "–"} {
		if rest, ok := strings.CutPrefix(note, sep); ok {
			// "~~DeepSpeed PR~~ — landed as a monkey-patch": done
			// another way, not dropped.
			return readStatus(strings.TrimSpace(rest)).status != StatusClosed
		}
	}
	return false
}

// checkpoint reports a task title that names a checkpoint ("Checkpoint -
// Verify the build", "Final checkpoint - Ensure all tests pass").
func checkpoint(title string) bool {
	t := strings.ToLower(title)
	return strings.HasPrefix(t, "checkpoint") || strings.HasPrefix(t, "final checkpoint")
}

// boxGroup returns the nested list of checkbox item it when the item is
// only their title (boxGroupList); a note among the boxes is warned of.
func (w *shapeWalk) boxGroup(it ast.Node) *ast.List {
	sub, note := w.b.boxGroupList(it)
	if note != nil {
		// "- Verify: ..." among the boxes: the group's note, which no
		// unit holds; said, not dropped in silence.
		t, _ := w.b.readItemText(note)
		w.b.p.warnf(w.b.p.Position(w.b.blockStart(note)), "%q stands among the boxes of an item that only groups them, so it is read in no unit: make it a box, or put it under one", short(t.text))
	}
	return sub
}

// boxGroupList returns the nested list of checkbox item it when the item
// is only their title: a one-line item whose one other block is a list of
// two or more checkbox items (a note among them, "- Verify: ...", at most
// one item in three; the first such note is returned too).
func (b *builder) boxGroupList(it ast.Node) (sub *ast.List, note ast.Node) {
	first := it.FirstChild()
	if first == nil || first.NextSibling() == nil || first.NextSibling().NextSibling() != nil {
		return nil, nil
	}
	sub, ok := first.NextSibling().(*ast.List)
	if !ok || sub.ChildCount() < 2 {
		return nil, nil
	}
	boxes, other := 0, 0
	for x := sub.FirstChild(); x != nil; x = x.NextSibling() {
		t, ok := b.readItemText(x)
		switch {
		case ok && t.box:
			boxes++
		case ok && note == nil:
			other++
			note = x
		default:
			other++
		}
	}
	if boxes < 2 || other*3 > boxes+other {
		return nil, nil
	}
	return sub, note
}
