package parser

import (
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// markedDescription names the format: marked-items reading.
const markedDescription = "units are the list items that say how they stand"

// markedLists finds the lists of doc whose items say how each stands, two
// of a list's items in three or more: numbered items with a status
// anywhere ("3. **B1: build_run_sim_id_proj.ts** ✅ COMPLETED", "4. **D6:
// list_sims.ts** ❌ PENDING"); else, where no numbered list does, bullets
// with a status mark first ("- ✅ Collector", "- 🔜 Discord intake"),
// one of them at least not done (a list of ✅ alone records work). It
// returns them, how many items they hold, and the line of the first.
func (b *builder) markedLists(doc ast.Node) (lists map[ast.Node]bool, n, first int) {
	lists, n, first = b.markedRuns(doc, true)
	if n == 0 {
		lists, n, first = b.markedRuns(doc, false)
	}
	return lists, n, first
}

// markedRuns is markedLists for the numbered lists (ordered) or the bullet
// lists. A run of lists with only HTML blocks between them is one list: an
// annotation written after an item ends goldmark's list, and the reading
// must not change once the plan is annotated.
func (b *builder) markedRuns(doc ast.Node, ordered bool) (lists map[ast.Node]bool, n, first int) {
	lists = map[ast.Node]bool{}
	var run []*ast.List
	open := false // a bullet not done
	flush := func() {
		items, marked, at := 0, 0, 0
		for _, l := range run {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				t, ok := b.readItemText(it)
				if !ok {
					continue
				}
				if items == 0 {
					at = b.p.Position(b.blockStart(it)).Line
				}
				items++
				switch {
				case ordered && (t.done || t.box || saysStatus(t.text)):
					marked++
				case !ordered && leadStatus(t.text):
					marked++
					lead, _, _ := strings.Cut(t.text, " ")
					open = open || readStatus(lead).status != StatusClosed
				}
			}
		}
		if items > 0 && 3*marked >= 2*items {
			for _, l := range run {
				lists[l] = true
			}
			if n == 0 {
				first = at
			}
			n += items
		}
		run = run[:0]
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok && l.IsOrdered() == ordered {
			run = append(run, l)
			continue
		}
		if c.Kind() != ast.KindHTMLBlock {
			flush()
		}
	}
	flush()
	if !ordered && !open {
		return map[ast.Node]bool{}, 0, 0
	}
	return lists, n, first
}

// saysStatus reports whether a numbered item's text says how it stands:
// a status anywhere ("**B1: tap.ts** ✅ COMPLETED"), but for a word that
// opens it as its verb ("Open a discussion", "Review the issues").
func saysStatus(text string) bool {
	lead, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if rest != "" && !statusEmoji(lead) && !hasCJK(lead) && strings.IndexFunc(lead, unicode.IsLetter) == 0 && !strings.ContainsAny(lead, ":：*") && readStatus(lead).known {
		return readStatus(rest).known
	}
	return readStatus(text).known
}

// leadStatus reports whether a bullet's text opens with a status mark
// ("✅ Collector", "🔜 Discord intake"): a plain bullet says how it stands
// only there, not by a word somewhere in its prose.
func leadStatus(text string) bool {
	lead, _, _ := strings.Cut(text, " ")
	return statusEmoji(lead) && readStatus(lead).known
}

// markedItems proposes, in a document titled as a plan ("# Test
// Coverage Improvement Tasks") that nothing but its sections reads (best
// is the best other score), the items of its numbered lists
// that say how each stands as its units, three or more in all; the
// numbered lists that carry no status (a validation routine's steps) are
// text.
func (b *builder) markedItems(doc ast.Node, sc *shapeScan, add func(*Candidate), best int) {
	if best > scoreSections || sc == nil || !planTitle(sc.titleOrName()) {
		return // a report's "✅ タスク1 ..." list records work, and plans none
	}
	lists, n, first := b.markedLists(doc)
	if n < 3 {
		return
	}
	add(&Candidate{Name: "items", Description: markedDescription, Units: n, First: []int{first}, Declare: "format: marked-items", Score: scoreSection,
		Why:  "list items, each with its status (\"3. ... ✅ COMPLETED\", \"- 🔜 ...\"), in lists of their own",
		read: func(b *builder, doc ast.Node) bool { return b.readMarked(doc, lists) }})
}

// markedReader is the declared format: marked-items.
func markedReader(b *builder, doc ast.Node) bool {
	lists, n, _ := b.markedLists(doc)
	return n > 0 && b.readMarked(doc, lists)
}

func (b *builder) readMarked(doc ast.Node, lists map[ast.Node]bool) bool {
	any := itemPattern{noID: true}
	return b.runShapesWith(doc, shapeConfig{items: &any, lists: lists, name: markedDescription, unit: dashMarkStatus})
}

// dashMarkStatus reads, in a list whose items each say how they stand, a
// status mark right after the title's dash ("22. **ado-runbook** — ✅
// written", "23. **ado-apply** — ⏳ requires access"): there it is the
// item's status, whatever words follow it.
func dashMarkStatus(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
	if s.Status.Set() || s.Skipped {
		return
	}
	_, after, ok := strings.Cut(r.head.Text, " — ")
	if !ok {
		return
	}
	if mark, _, _ := strings.Cut(after, " "); statusEmoji(mark) {
		if st := readStatus(mark); st.known && st.status != statusSkipped {
			s.Status = Field{Value: st.status, Pos: s.Heading.Pos}
		}
	}
}
