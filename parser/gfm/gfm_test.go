package gfm_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser/gfm"
	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// goldmarks is what the copy stands in for: goldmark with its own three
// extensions (test code may link goldmark/extension; the program does not).
var goldmarks = goldmark.New(goldmark.WithExtensions(extension.Strikethrough, extension.TaskList, extension.Table))

// cases are Markdown the three extensions read, and their edges.
var cases = []string{
	"[a]: /url \"t\"\n[b]:\n  /u2\ntext [a] [b] [c]\n\n   [c]: /c\n\nlead [d]\n[d]: /d\n\n\t[e]: /e\n\n- [f]: /f\n\n[g]\n",
	"| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 |\n",
	"a | b\n--|--\nc | d | e\n",
	"| left | right | centre | none |\n|:-----|------:|:------:|------|\n| `a \\| b` | x \\| y | ~~s~~ | [l](u) |\n",
	"para\n| a |\n|---|\n| b |\n\nafter\n",
	"| a |\n| - |\n",
	"    | code | table |\n    |---|---|\n",
	"|a|\n|:-:|-|\n",
	"~~struck~~ and ~single~ and ~~~three~~~ and ~~open\n",
	"**~~bold struck~~** ~~*em*~~\n",
	"- [ ] open\n- [x] done\n- [X] Done\n  - [ ] nested\n- [] not a box\n- text [ ] later\n",
	"1. [x] ordered\n2. [ ]\n",
	"> - [ ] quoted\n>\n> | q | r |\n> |---|---|\n> | 1 | 2 |\n",
	"* [ ] ~~Sprint 1.2: X~~ (SKIPPED)\n",
	"### Sprint 1.1: ~~Old~~ New\n\n| Sprint | Status |\n|---|---|\n| 1.1 | ✅ |\n",
}

func TestSameTreesAsGoldmark(t *testing.T) {
	inputs := map[string][]byte{}
	for i, c := range cases {
		inputs[fmt.Sprintf("case %d", i)] = []byte(c)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "plans", "*.md"))
	if len(files) == 0 {
		t.Fatal("no plans in testdata/plans")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = b
	}
	for name, src := range inputs {
		if want, got := tree(goldmarks.Parser().Parse(text.NewReader(src)), src), tree(gfm.Parser().Parse(text.NewReader(src)), src); got != want {
			t.Errorf("%s: the trees differ\n--- goldmark/extension\n%s\n--- gfm\n%s", name, want, got)
		}
	}
}

func FuzzSameTreesAsGoldmark(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if want, got := tree(goldmarks.Parser().Parse(text.NewReader(src)), src), tree(gfm.Parser().Parse(text.NewReader(src)), src); got != want {
			t.Errorf("the trees differ for %q\n--- goldmark/extension\n%s\n--- gfm\n%s", src, want, got)
		}
	})
}

// tree writes a node tree out with what the plan parser reads of it: kinds,
// positions, lines and text segments, and the extensions' own fields.
func tree(doc gast.Node, src []byte) string {
	var b strings.Builder
	depth := 0
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			depth--
			return gast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "%s%s pos=%d", strings.Repeat("  ", depth), n.Kind(), n.Pos())
		depth++
		if n.Type() == gast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " [%d:%d pad %d]", s.Start, s.Stop, s.Padding)
			}
		}
		switch n := n.(type) {
		case *gast.Text:
			fmt.Fprintf(&b, " %d:%d soft=%v hard=%v raw=%v %q", n.Segment.Start, n.Segment.Stop, n.SoftLineBreak(), n.HardLineBreak(), n.IsRaw(), n.Segment.Value(src))
		case *gast.Heading:
			fmt.Fprintf(&b, " level=%d", n.Level)
		case *gast.List:
			fmt.Fprintf(&b, " marker=%c start=%d tight=%v", n.Marker, n.Start, n.IsTight)
		case *east.Table:
			fmt.Fprintf(&b, " align=%v", n.Alignments)
		case *east.TableCell:
			fmt.Fprintf(&b, " align=%v", n.Alignment)
		case *east.TaskCheckBox:
			fmt.Fprintf(&b, " checked=%v", n.IsChecked)
		}
		b.WriteByte('\n')
		return gast.WalkContinue, nil
	})
	var html bytes.Buffer
	if err := goldmarks.Renderer().Render(&html, src, doc); err != nil {
		fmt.Fprintf(&b, "render: %v\n", err)
	}
	b.WriteString(html.String())
	return b.String()
}
