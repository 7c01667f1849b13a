package parser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// A short roadmap may keep its status in its section titles alone, over
// plain bullets:
//
//	## Current state (reached)
//	- Tray app
//	## Next steps
//	- Terminal paste fallback
//	## Not in focus
//	- Accounts and sync
//
// Its units are the bullets of the sections that say how the work stands,
// done or in progress or still to do as the section says; a section of
// non-goals holds none.

// asideSections name sections of things the plan will not do.
var asideSections = []string{"not in focus", "nicht im fokus", "out of scope", "non-goals", "non goals", "not planned",
	"won't do", "wont do", "won't have", "won’t have", "wont have", "not part of the roadmap", "unlikely to enter the roadmap", "fuera de alcance", "hors périmètre", "hors du périmètre", "fora do escopo", "nicht geplant"}

// asideTitles are whole section titles that set their work aside ("#
// Non-TODOs"): as words inside a title they say other things ("Teach the
// bot not to double-post").
var asideTitles = []string{"non-todos", "non todos", "not todo", "not to do", "not todos"}

// sectionState says what a section's title says of the work under it:
// one of the Status constants, statusSkipped, or "" for nothing.
func sectionState(title string) string {
	// "TODO.md format", "Failure handling and DONE.md": a file's name
	// says nothing of how the section's work stands.
	if dotLetter(title) {
		title = strings.TrimSpace(fileNameRE.ReplaceAllString(title, ""))
	}
	t := strings.ToLower(title)
	switch normalHeading(title) {
	case "plan", "plans", "to plan":
		// "## Done", "## Improving", "## Plan": the work planned.
		return StatusOpen
	case "improving", "in development", "under development":
		return StatusInProgress
	}
	for _, w := range asideSections {
		if strings.Contains(t, w) {
			return statusSkipped
		}
	}
	if slices.Contains(asideTitles, normalHeading(title)) {
		return statusSkipped
	}
	for _, w := range nextSections {
		if strings.HasPrefix(t, w) {
			return StatusOpen
		}
	}
	for _, w := range pastSections {
		if strings.HasPrefix(t, w) {
			return StatusClosed // "Past priorities": what was delivered
		}
	}
	if r := readStatus(title); r.known {
		return r.status
	}
	return cjkState(title)
}

// dotLetter reports a dot followed by a letter in s, as a file's extension
// has it ("DONE.md"); an id's dot ("3.2") has a digit after it.
func dotLetter(s string) bool {
	for i := strings.IndexByte(s, '.'); i >= 0 && i+1 < len(s); {
		if c := s[i+1] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
		k := strings.IndexByte(s[i+1:], '.')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// fileNameRE is a file's name in a title: "DONE.md", "TODO.txt".
var fileNameRE = lazyMustCompile(`\b[\w-]+\.(?:md|txt|json|ya?ml|toml)\b`)

// cjkState reads a section title written without spaces, as Chinese and
// Japanese are ("最近已完成", "进行中：v1.2.x", "延期：PyPI"): the status of
// the longest status word in it, "" when it holds none.
func cjkState(title string) string {
	if ascii(title) {
		return ""
	}
	best, state := 0, ""
	for _, m := range []struct {
		words  map[string]bool
		status string
	}{{doneStatusWords, StatusClosed}, {progressStatusWords, StatusInProgress}, {openStatusWords, StatusOpen}, {skipStatusWords, statusSkipped}, {blockedStatusWords, StatusBlocked}} {
		for w := range m.words {
			if len(w) > best && !ascii(w) && !cyrillicOrLatin(w) && strings.Contains(title, w) {
				best, state = len(w), m.status
			}
		}
	}
	return state
}

// cyrillicOrLatin reports a word of letters that words are spaced in.
func cyrillicOrLatin(w string) bool {
	for _, r := range w {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) {
			return false
		}
	}
	return true
}

// progressSection reports a section titled for the progress of the work
// ("## 進捗状況", "## Progress", "## Status"), which may give that
// progress in sections of its own.
func progressSection(title string) bool {
	t := normalHeading(title)
	return t == "progress" || t == "status" || t == "current status" || t == "progress status" ||
		containsAny(title, []string{"進捗", "进度", "進度", "进展", "進展", "현황", "진행 상황"})
}

// nextSections open titles of sections of the work still to come.
var nextSections = []string{"next", "up next", "nächste", "próximos", "próximas", "prochaines", "siguientes", "coming", "planned", "todo", "to do",
	"ideas", "backlog", "wishlist", "icebox", "candidates", "could have", "should have", "must have",
	"future", "remaining", "follow-up", "follow-ups", "followups", "follow up", "on the way"}

// pastSections open the titles of sections of work already delivered.
var pastSections = []string{"past ", "previous ", "previously ", "earlier "}

// themedSection reports a section of a roadmap or TODO that groups its
// work by theme and says nothing of how it stands ("Core Features",
// "Developer Experience", "Technical Debt"): in a document titled as a
// plan, beside sections that do say (Completed, Future Ideas), its items
// are work still to do. A section that explains rather than lists work
// (an overview, notes, a design, criteria, a log, a README's usage) is not
// one.
func themedSection(title string) bool {
	h := normalHeading(title)
	f := strings.Fields(h)
	if len(f) == 0 || len(f) > 5 || designSection(title) || criteriaHeading(title) || testingHeading(title) || logHeading(title) ||
		slices.Contains(remarkWords, f[len(f)-1]) || slices.Contains(checkedWords, f[len(f)-1]) || hasAnyWord(h, explainWords) ||
		containsAny(h, []string{"状态", "状態", "文档", "文書", "概述", "概要", "背景", "目标", "目標", "说明", "説明", "参考", "链接", "リンク", "现状", "現状"}) {
		return false
	}
	for _, k := range docKinds {
		if slices.Contains(k.heads, h) {
			return false
		}
	}
	return true
}

// explainWords, in a section's title, say it explains the plan rather than
// holding its work.
var explainWords = []string{"summary", "goal", "goals", "vision", "mission", "principles", "legend", "status", "links", "resources",
	"glossary", "risks", "dependencies", "timeline", "schedule", "about", "introduction", "intro", "scope", "assumptions", "purpose",
	"how", "why", "what", "philosophy", "priorities", "priority", "key", "table of contents", "contents", "toc", "team", "contact",
	"success", "kpis", "metrics", "strategy", "versioning", "release process", "process", "feedback", "stats", "statistics", "current"}

// statusSectionsCandidate proposes the plain bullets of sections whose
// titles give their status, when at least one says done and one says
// the work is still to do or under way.
func (b *builder) statusSectionsCandidate(doc ast.Node, add func(*Candidate)) {
	only := map[ast.Node]bool{}
	type span struct {
		start, end int
		state      string
	}
	var spans []span // the kept lists, with their sections' states
	level, st, secText := 0, "", ""
	var done, open bool
	var lines []int
	n, openBoxes, allBoxes, doneBullets, itemHeads := 0, 0, 0, 0, 0
	var loose []ast.Node // lists of boxes under sections that give no status
	looseBoxes := 0
	planned := false // the document's title says it is a plan
	inItem := false  // under an item heading of the section
	type numbered struct {
		list  ast.Node
		state string
	}
	var ordered []numbered // numbered lists under the status sections
	// keep takes list c, under a section of state st, into the reading.
	keep := func(c ast.Node, st string) {
		only[c] = true
		end := len(b.src)
		if next := c.NextSibling(); next != nil {
			end = b.blockStart(next)
		}
		spans = append(spans, span{b.blockStart(c), end, st})
		done = done || st == StatusClosed
		open = open || st == StatusOpen || st == StatusInProgress
	}
	// A document of level-1 sections and no deeper ones ("v0.2 planned"
	// and "v0.1 released", underlined with "====="): they are its
	// sections, not titles.
	h1, deeper := 0, 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 {
			h1++
		} else if ok {
			deeper++
		}
	}
	h1Sections := h1 >= 2 && deeper == 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			if h.Level == 1 && !h1Sections {
				level, st = 0, ""
				planned = planned || planTitle(b.trimmedText(h))
				continue
			}
			if text := b.trimmedText(h); level == 0 || h.Level <= level || st == "" && progressSection(secText) && sectionState(text) != "" {
				// "### 完了済み" under "## 進捗状況": a section on the
				// work's progress holds the sections that give it.
				secText = text
				level, st = h.Level, sectionState(text)
				if st == "" && planned && themedSection(text) {
					st = statusThemed
				}
				if st == statusSkipped && asideSection(text) {
					st = statusAside // non-goals hold no unit
				}
				inItem = false
			} else {
				// "### 7. Complete the theme" under "## 🔄 REMAINING
				// WORK": a numbered item of the section, whose bullets
				// are its text (the headings are the units).
				t := strings.TrimLeftFunc(b.trimmedText(h), decoration)
				inItem = bareNumbered(t) || readShape(t).kind == shapeUnit
				if inItem && st != "" {
					itemHeads++
				}
			}
			continue
		}
		l, ok := c.(*ast.List)
		if ok && !l.IsOrdered() && st == "" && level > 0 && !inItem {
			// "## High Priority" over "- [ ] **Model switching**": work
			// to do in a section that gives no status, kept for the
			// reading of done bullets beside boxes.
			if k := b.boxCount(l); k > 0 {
				loose = append(loose, c)
				looseBoxes += k
			}
			continue
		}
		if ok && l.IsOrdered() && st != "" && st != statusAside && !inItem {
			// "# ON THE WAY" over "1. Cookie pooling": numbered lists
			// under the status sections, read when no bullets are.
			ordered = append(ordered, numbered{c, st})
			continue
		}
		if !ok || l.IsOrdered() || st == "" || st == statusAside || inItem {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			switch {
			case !ok || t.text == "":
			case t.box:
				allBoxes++
				if st == StatusOpen || st == StatusInProgress {
					openBoxes++ // the work still to do, as boxes
				}
			default:
				if len(lines) < 3 {
					lines = append(lines, b.p.Position(b.blockStart(it)).Line)
				}
				n++
				if st == StatusClosed {
					doneBullets++
				}
			}
		}
		keep(c, st)
	}

	items, score, name := itemPattern{bullet: true}, scoreStatusSections, statusListsDescription
	if len(spans) == 0 && len(ordered) > 0 {
		// The sections number their work and bullet none of it: the
		// numbered items are the units.
		items, name = itemPattern{ordered: true}, numberedStatusListsDescription
		for _, o := range ordered {
			c, st := o.list, o.state
			for it := c.FirstChild(); it != nil; it = it.NextSibling() {
				if t, ok := b.readItemText(it); ok && t.text != "" {
					if len(lines) < 3 {
						lines = append(lines, b.p.Position(b.blockStart(it)).Line)
					}
					n++
				}
			}
			keep(c, st)
		}
	}
	if !done || !open || n < 2 {
		return
	}
	why := fmt.Sprintf("%d plain bullets under section titles that say done and still to do", n)
	if items.ordered {
		why = fmt.Sprintf("%d numbered items under section titles that say done and still to do", n)
	}
	if doneBullets >= 2 && openBoxes+looseBoxes >= 2 && itemHeads == 0 {
		// "## ✅ Completed" over "- ✅ Version updated", then "## 🔄 Next
		// Steps" over "- [ ] Fix the types": the done work written as
		// bullets, the work to do as boxes; both are the plan's units.
		// Under numbered or unit headings ("### Milestone 3") bullets
		// are those units' text, and this reading is not offered.
		items, score, name = itemPattern{noID: true}, scoreMixedStatusLists, mixedStatusListsDescription
		why = fmt.Sprintf("%d bullets under section titles that say done, beside %d checkboxes: the work done and the work to do", doneBullets, openBoxes+looseBoxes)
		n += allBoxes + looseBoxes
		for _, l := range loose {
			only[l] = true
		}
	}
	cfg := shapeConfig{items: &items, only: only, phaseLevel: -1,
		name: name,
		unit: func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node) {
			if s.Status.Set() || s.Skipped {
				return
			}
			for _, sp := range spans {
				if sp.start > s.Heading.Start || s.Heading.Start >= sp.end {
					continue
				}
				switch {
				case sp.state == statusSkipped:
					// "## 延期：PyPI", "## Deferred": work set aside.
					s.Skipped, s.SkipReason = true, "under a section that sets it aside"
				case sp.state == StatusClosed && b.openBoxAt(s.Heading.Start):
					// "## Completed Tasks" over "- [ ] Review the
					// backend": the unit's own box says it is not done.
				case settledState(sp.state):
					s.Status = Field{Value: sp.state, Pos: b.p.Position(sp.start)}
				}
			}
		}}
	add(&Candidate{Name: "items", Description: cfg.name, Units: n, First: lines, Declare: "format: status-lists",
		Score: score, Why: why,
		read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }})
}

// openBoxAt reports whether the line at offset at is an unticked checkbox
// item ("- [ ] Review the backend").
func (b *builder) openBoxAt(at int) bool {
	if at < 0 || at >= len(b.src) {
		return false
	}
	start := lineStart(b.src, at)
	return openBoxRE.Match(b.src[start:lineEnd(b.src, start)])
}

// boxCount counts the checkbox items of list l, its sub-items left out.
func (b *builder) boxCount(l *ast.List) int {
	n := 0
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if t, ok := b.readItemText(it); ok && t.box && t.text != "" {
			n++
		}
	}
	return n
}

const (
	statusListsDescription         = "units are the plain bullets of sections whose titles say how their work stands"
	numberedStatusListsDescription = "units are the numbered items of sections whose titles say how their work stands"
	mixedStatusListsDescription    = "units are the bullets and checkboxes of sections whose titles say how their work stands"
)

// scoreStatusSections is over a checklist's sections and a backlog's
// bullets; scoreMixedStatusLists, done bullets beside boxes to do, is over
// the boxes of a work section alone (scoreWorkList).
const (
	scoreStatusSections   = 345
	scoreMixedStatusLists = 490
)

// statusHeadingsCandidate proposes, in a document titled as a plan or a
// roadmap, the headings one level under sections whose titles give their
// status ("## 🚧 Planned" over "### Connection blocking"): each is a unit,
// as its section says. It is taken only when no other reading finds work.
func (b *builder) statusHeadingsCandidate(doc ast.Node, sc *shapeScan, add func(*Candidate)) {
	// "# 進行中" (under way) and "# 計画中" (planned) under a front
	// matter's "title: ロードマップ": the level-1 headings, two at least,
	// are the status sections, and the front matter titles the roadmap.
	topStated := planTitle(b.fmTitle) && b.statedTops(doc) >= 2
	if !planTitle(sc.title()) && !topStated {
		return
	}
	units := map[ast.Node]string{} // each unit heading, with its section's state
	var lines []int
	stated := false
	level, st := 0, ""
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok {
			continue
		}
		switch {
		case h.Level == 1 && topStated:
			level, st = 1, sectionState(b.trimmedText(h))
		case h.Level == 1:
			level, st = 0, ""
		case level == 0 || h.Level <= level:
			text := b.trimmedText(h)
			level, st = h.Level, sectionState(text)
			if st == "" && themedSection(text) {
				st = statusThemed
			}
		case h.Level == level+1 && st != "" && st != statusSkipped:
			units[h] = st
			lines = append(lines, b.p.Position(b.blockStart(h)).Line)
			stated = stated || st != statusThemed
		}
	}
	if len(units) < 2 || !stated {
		// Themed sections count only beside one that says how its
		// work stands.
		return
	}
	place := 0
	cfg := shapeConfig{phaseLevel: -1, name: statusHeadingsDescription,
		units: func(_ *shapeScan, r *shapeHead) bool { _, ok := units[r.node]; return ok },
		retag: func(r *shapeHead) {
			if _, ok := units[r.node]; ok {
				place++
				t := strings.TrimLeftFunc(r.head.Text, decoration)
				r.sh = shape{kind: shapeUnit, word: "item", id: strconv.Itoa(place), sep: true, rest: t, title: cleanTitle(t), lead: leadOf(r.head.Text)}
			}
		},
		unit: func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node) {
			if st := units[r.node]; !s.Status.Set() && settledState(st) {
				s.Status = Field{Value: st, Pos: s.Heading.Pos}
			}
		}}
	add(&Candidate{Name: "headings", Description: statusHeadingsDescription, Units: len(units), First: firstOf(lines),
		Declare: "format: status-lists", Score: scoreStatusHeadings,
		Why:  fmt.Sprintf("%d headings under section titles that say how their work stands, in a plan or roadmap", len(units)),
		read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }})
}

// statedTops counts the level-1 headings of doc that say how their work
// stands ("# 進行中", "# 計画中").
func (b *builder) statedTops(doc ast.Node) int {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 && sectionState(b.trimmedText(h)) != "" {
			n++
		}
	}
	return n
}

// statusAside is the state of a section of non-goals ("## Out of scope"),
// whose items are no units at all.
const statusAside = "aside"

// asideSection reports a section title of things the plan will not do.
func asideSection(title string) bool {
	t := strings.ToLower(title)
	return slices.ContainsFunc(asideSections, func(w string) bool { return strings.Contains(t, w) })
}

// statusThemed is the state of a themed section (themedSection): work
// still to do, which no title said.
const statusThemed = "themed"

// settledState reports a section's state that a unit under it takes:
// done or skipped. A section "In progress" (or "🚧 Planned") leaves its
// units open: bd ready never releases a bead created in progress, and a
// section title is no statement that someone holds the work.
func settledState(st string) bool { return st == StatusClosed || st == statusSkipped }

const statusHeadingsDescription = "units are the headings under sections whose titles say how their work stands"

// scoreStatusHeadings is over not a plan: taken only when nothing else is.
const scoreStatusHeadings = 150
