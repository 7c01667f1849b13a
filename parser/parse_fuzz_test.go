package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
)

// FuzzParse: the parser never panics (a recovered panic is a failure), and
// every offset it records lies inside the file, in order, with positions
// that agree with the offsets; annotate edits through them.
//
//	go test ./parser -run '^$' -fuzz '^FuzzParse$' -fuzztime 1m
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob("../testdata/plans/*.md")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed plans in ../testdata/plans (%v)", err)
	}
	for _, file := range append(files, plangen.CorpusFiles(f, "*.md")...) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	// Fences, comments, quotes and link references around headings.
	for _, s := range []string{
		"## Phase 1: A\n```\n### Sprint 1.1: B\n```\n### Sprint 1.2: C\n",
		"## Phase 1: A\n<!--\n### Sprint 1.1: B\n-->\n### Sprint 1.2: C\n",
		"## Phase 1: A\n- x\n  ```\n### Sprint 1.1: B\n  ```\n### Sprint 1.2: C\n",
		"## Phase 1: A\n> q\n### Sprint 1.1: B\n~~~~\n## Phase 2: D\n~~~\n### Sprint 2.1: E\n",
		"## Phase 1: A\n### Sprint 1.1: [B][r]\n## Phase 2: C\n[r]: /u\n### Sprint 2.1: D\n",
	} {
		f.Add([]byte(s))
	}
	for _, n := range []int{1, 2, 3, 5, 8, 13, 30} {
		f.Add(plangen.Plan(n))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p := parser.Parse("p.md", src)
		for _, d := range p.Diags {
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("the parser panicked: %v", d)
			}
		}
		check := func(what string, h parser.Heading) {
			if h.Start < 0 || h.Start > h.Pos.Offset || h.Pos.Offset >= h.End || h.End > len(src) {
				t.Fatalf("%s %q: start %d, pos %d, end %d in %d bytes", what, h.Text, h.Start, h.Pos.Offset, h.End, len(src))
			}
			if got := p.Position(h.Pos.Offset); got != h.Pos {
				t.Fatalf("%s %q: position %v, but offset %d is at %v", what, h.Text, h.Pos, h.Pos.Offset, got)
			}
		}
		for _, ph := range p.Phases {
			check("phase", ph.Heading)
		}
		for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
			for _, s := range list {
				check("sprint", s.Heading)
				if a := s.Annotation; a != nil && (a.Start < s.Heading.End || a.End > s.End || a.End <= a.Start || a.End > len(src)) {
					t.Fatalf("sprint %s: annotation at [%d,%d), heading ends at %d", s.ID, a.Start, a.End, s.Heading.End)
				}
			}
		}
	})
}
