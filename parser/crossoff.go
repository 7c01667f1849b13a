package parser

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// crossedOff reports whether the plan that holds list item it crosses
// off its finished work: a document with no task checkbox whose lists
// that hold struck items are at least half struck, three items or more
// ("- ~~crash on navigating after opening the settings page~~" in a TODO
// of bullets); one whose ticked items are struck too, most of them and
// three or more; or one whose notes after strikes say done. There a
// strike means done, not dropped; a note after the strike may still say
// the work was dropped (struckNoteDrops). Read once per document.
func (b *builder) crossedOff(it ast.Node) bool {
	if b.crossOff != 0 {
		return b.crossOff > 0
	}
	b.crossOff = -1
	doc := it
	for doc.Parent() != nil {
		doc = doc.Parent()
	}
	struck, items, boxes, doneNotes, dropNotes := 0, 0, 0, 0, 0
	ticked, tickedStruck := 0, 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *east.TaskCheckBox:
			boxes++
		case *ast.List:
			s, all := 0, 0
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				all++
				checked, _ := itemChecked(c)
				if checked {
					ticked++
				}
				if b.itemStruck(c) {
					s++
					if checked {
						tickedStruck++
					}
					switch note := b.struckNote(c); {
					case noteDrops(note):
						dropNotes++
					case noteDone(note):
						doneNotes++
					}
				}
			}
			if s > 0 {
				struck, items = struck+s, items+all
			}
		}
		return ast.WalkContinue, nil
	})
	switch {
	case boxes == 0 && struck >= 3 && struck*2 >= items:
		b.crossOff, b.crossWhy = 1, "strikes through most items of its lists and has no checkboxes"
	case tickedStruck >= 3 && 2*tickedStruck >= ticked && dropNotes == 0:
		// "- [x] ~~Spring Boot 整合 Redis~~" for most ticked items: the
		// author strikes what is ticked, finished twice over.
		b.crossOff, b.crossWhy = 1, "strikes through most of its ticked items"
	case doneNotes > 0 && dropNotes == 0:
		// "- [x] ~~Fix test_cli.py~~ - **All tests now passing**": the
		// author strikes what is finished, and says so.
		b.crossOff, b.crossWhy = 1, "says done in the notes after its strikes"
	}
	return b.crossOff > 0
}

// droppedNoteWords are the words of a note after a strike that say the
// work was dropped, not done: "~~add a LEGO game~~ (removed - didn't
// work)".
var droppedNoteWords = []string{"removed", "dropped", "didn't work", "did not work", "abandon", "cancel", "won't", "wont do", "not needed", "no longer", "n/a", "skip", "defer", "obsolete", "supersede", "replaced"}

// struckNoteDrops reports whether the text after the last strike of list
// item it's first line says its work was dropped.
func (b *builder) struckNoteDrops(it ast.Node) bool {
	return noteDrops(b.struckNote(it))
}

// struckNote returns the text after the last strike of list item it's
// first line, lower case.
func (b *builder) struckNote(it ast.Node) string {
	blk := it.FirstChild()
	if blk == nil {
		return ""
	}
	var note strings.Builder
	for c := blk.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*east.Strikethrough); ok {
			note.Reset()
			continue
		}
		note.WriteString(inlineText(c, b.src))
		if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			break
		}
	}
	return strings.ToLower(note.String())
}

// noteDrops reports a note after a strike that says the work was dropped.
func noteDrops(note string) bool {
	for _, w := range droppedNoteWords {
		if strings.Contains(note, w) {
			return true
		}
	}
	return false
}

// doneNoteWords are the words of a note after a strike that say the work
// was done: "~~Pipeline execution~~ **DONE in Phase 8!**".
var doneNoteWords = []string{"done", "passing", "fixed", "complete", "implemented", "resolved", "landed", "merged", "shipped", "✅"}

// noteDone reports a note after a strike that says the work was done.
func noteDone(note string) bool {
	for _, w := range doneNoteWords {
		if strings.Contains(note, w) {
			return true
		}
	}
	return false
}
