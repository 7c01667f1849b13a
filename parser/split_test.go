package parser_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/require"
)

// samePlan fails t unless parsing src in pieces of every given size gives
// the plan a whole parse gives: same phases, sprints, fields, positions
// and diagnostics.
func samePlan(t testing.TB, name string, src []byte, sizes ...int) {
	t.Helper()
	whole := parser.ParseWhole(name, src)
	for _, size := range sizes {
		cut := parser.ParseInPieces(name, src, size)
		if !reflect.DeepEqual(whole, cut) {
			t.Fatalf("%s in pieces of %d bytes (cuts %v) parses differently:\nwhole: %s\n  cut: %s",
				name, size, parser.CutPoints(src, size), summary(whole), summary(cut))
		}
	}
}

// summary prints what a failure needs to be read.
func summary(p *parser.Plan) string {
	var b strings.Builder
	for _, s := range p.Sprints {
		fmt.Fprintf(&b, "\n  sprint %s %q @%v tasks %q deps %v", s.ID, s.Title, s.Heading.Pos, s.Tasks, s.DependsOn)
	}
	for _, d := range p.Diags {
		fmt.Fprintf(&b, "\n  %v", d)
	}
	return b.String()
}

func planFiles(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{"../testdata/plans/*.md", "../../shared/corpus/beads-ralph/*.md", "../annotate/testdata/golden/*"} {
		more, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, more...)
	}
	require.NotEmpty(t, files)
	return files
}

// TestPiecesParseAsWhole cuts every test plan, and generated plans, as
// finely as they may be cut, on several goroutines.
func TestPiecesParseAsWhole(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	cutSome := 0
	for _, f := range planFiles(t) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		if len(parser.CutPoints(src, 1)) > 0 {
			cutSome++
		}
		samePlan(t, f, src, 1, 200, 2000)
	}
	require.Greater(t, cutSome, 10, "most test plans should be cut")
	for _, n := range []int{1, 10, 300} {
		src := plangen.Plan(n)
		require.NotEmpty(t, parser.CutPoints(src, 1))
		samePlan(t, fmt.Sprintf("plangen %d", n), src, 1, 500, 4096)
	}
}

// TestCutPoints pins where a source may be cut, and where it may not.
func TestCutPoints(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want []int // nil: the source is parsed whole
	}{
		{"headings", "# T\n## A\ntext\n### B\n", []int{4, 14}},
		{"only column 0", "# T\n ## A\n#x\n####### no\n#\n", []int{24}},
		{"crlf and tab", "# T\r\n##\tA\r\n", []int{5}},
		{"in a fence", "# T\n```go\n## not\n```\n## A\n", []int{21}},
		{"longer fence closes", "~~~~\n## no\n~~~\n## no\n~~~~~ \n## A\n", []int{28}},
		{"fence of the other kind", "```\n~~~\n## no\n```\n## A\n", []int{18}},
		{"backtick in info", "```a`b\n## A\n", []int{7}},
		{"tilde info may hold backticks", "~~~a`b\n## no\n", nil},
		{"unclosed fence", "```\n## no\n## no\n", nil},
		{"html comment", "<!--\n## no\n-->\n## A\n", []int{15}},
		{"one-line comment", "<!-- beads-ralph: bd-1 -->\n## A\n", []int{27}},
		{"indented code", "    ```\n## A\n", []int{8}},
		{"block quote fence", "> ```\n## A\n", []int{6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parser.CutPoints([]byte(tc.src), 1)
			if tc.want == nil {
				require.Empty(t, got)
			} else {
				require.Equal(t, tc.want, got)
			}
			samePlan(t, tc.name, []byte(tc.src), 1)
		})
	}
	for _, src := range []string{
		"[a]: /x\n## A\n",           // a link reference definition
		"<div>\n## A\n",             // an HTML block
		"- a\n  ```\n## A\n  ```\n", // an indented fence
		"- a\n  <!--\n## A\n",       // an indented comment
		"<!-->\n## A\n",             // an ambiguous comment
		"```\n  ```\n## A\n",        // an indented closing fence
	} {
		require.Empty(t, parser.CutPoints([]byte(src), 1), "%q", src)
		samePlan(t, src, []byte(src), 1)
	}
}
