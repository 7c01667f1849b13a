package parser

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// wordBullets proposes, where nothing stronger than a document's sections
// reads it, the plain bullets of lists right under a heading that each open
// with one unit word and a number ("## Phase Status" over "- Phase 0:
// completed - chose the proxy shape"), three or more, one at least saying
// how it stands: a plan that keeps its phases as a status list. A list of
// run-time phases says no status, and stays text.
func (b *builder) wordBullets(doc ast.Node, add func(*Candidate), best int) {
	if best > scoreSections {
		return // proposed only over a checklist's sections (330), then scored as one section's items (460)
	}
	word, written := "", ""
	n, stated, first := 0, 0, 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		l, ok := c.(*ast.List)
		if !ok || l.IsOrdered() {
			continue
		}
		if _, ok := b.blockBefore(l).(*ast.Heading); !ok {
			continue
		}
		items, st, w0, wr := 0, 0, word, written
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.box {
				items = -1
				break
			}
			w, rest, ok := matchWord(t.text, phaseWords)
			if !ok {
				w, rest, ok = matchWord(t.text, unitWords)
			}
			if !ok || w0 != "" && strings.ToLower(w) != w0 {
				items = -1
				break
			}
			_, title, ok := itemPattern{}.match(itemText{text: strings.TrimLeft(rest, " ")})
			if !ok {
				items = -1
				break
			}
			if w0 == "" {
				w0, wr = strings.ToLower(w), w
			}
			if skip, done, progress, _ := headingMarkers(title); skip != "" || done != "" || progress != "" {
				st++
			}
			items++
		}
		if items <= 0 {
			continue
		}
		if n == 0 {
			first = b.p.Position(b.blockStart(l)).Line
		}
		word, written = w0, wr
		n += items
		stated += st
	}
	if n < 3 || stated == 0 {
		return
	}
	d, err := readDeclaration(Declared{Line: fmt.Sprintf("units: %q", "- "+written+" {n}: {title}")})
	if err != nil {
		return
	}
	c := b.declaredCandidate(&d, nil)
	c.Units, c.First, c.Score = n, []int{first}, scoreSection
	c.Why = fmt.Sprintf("%d plain bullets under a heading that each open with %q and a number, %d of them saying how they stand: the plan's units as a status list", n, written, stated)
	add(c)
}
