package parser

import (
	"github.com/yuin/goldmark/ast"
)

// markedDescription names the format: marked-items reading.
const markedDescription = "units are the numbered items that say how they stand"

// markedLists finds the numbered lists of doc whose items say how each
// stands ("3. **B1: build_run_sim_id_proj.ts** ✅ COMPLETED", "4. **D6:
// list_sims.ts** ❌ PENDING"): two of a list's items in three or more
// carry a status. It returns them, how many items they hold, and the
// line of the first.
func (b *builder) markedLists(doc ast.Node) (lists map[ast.Node]bool, n, first int) {
	lists = map[ast.Node]bool{}
	// A run of numbered lists with only HTML blocks between them is one
	// list: an annotation written after an item ends goldmark's list, and
	// the reading must not change once the plan is annotated.
	var run []*ast.List
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
				if t.done || t.box || readStatus(t.text).known {
					marked++
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
		if l, ok := c.(*ast.List); ok && l.IsOrdered() {
			run = append(run, l)
			continue
		}
		if c.Kind() != ast.KindHTMLBlock {
			flush()
		}
	}
	flush()
	return lists, n, first
}

// markedNumbered proposes, in a document titled as a plan ("# Test
// Coverage Improvement Tasks") that nothing but its sections reads (best
// is the best other score), the items of its numbered lists
// that say how each stands as its units, three or more in all; the
// numbered lists that carry no status (a validation routine's steps) are
// text.
func (b *builder) markedNumbered(doc ast.Node, sc *shapeScan, add func(*Candidate), best int) {
	if best > scoreSections || sc == nil || !planTitle(sc.titleOrName()) {
		return // a report's "✅ タスク1 ..." list records work, and plans none
	}
	lists, n, first := b.markedLists(doc)
	if n < 3 {
		return
	}
	add(&Candidate{Name: "items", Description: markedDescription, Units: n, First: []int{first}, Declare: "format: marked-items", Score: scoreSection,
		Why:  "numbered items, each with its status (\"✅ COMPLETED\", \"❌ PENDING\"), in lists of their own",
		read: func(b *builder, doc ast.Node) bool { return b.readMarked(doc, lists) }})
}

// markedReader is the declared format: marked-items.
func markedReader(b *builder, doc ast.Node) bool {
	lists, n, _ := b.markedLists(doc)
	return n > 0 && b.readMarked(doc, lists)
}

func (b *builder) readMarked(doc ast.Node, lists map[ast.Node]bool) bool {
	num := itemPattern{ordered: true}
	return b.runShapesWith(doc, shapeConfig{items: &num, lists: lists, name: markedDescription})
}
