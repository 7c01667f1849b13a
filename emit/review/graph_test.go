package review

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser/plangen"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with the current output")

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	emittest.Golden(t, *update, path, got)
}

// graphPlans compiles every plan in testdata/graph.
func graphPlans(t *testing.T) []emittest.Plan {
	t.Helper()
	files, err := filepath.Glob("testdata/graph/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test plans in testdata/graph: %v", err)
	}
	out := make([]emittest.Plan, len(files))
	for i, f := range files {
		out[i] = emittest.CompileFile(t, f)
	}
	return out
}

// Each export is checked twice per plan: with the defaults (NAME.dot), and
// with --critical --show-skipped (NAME.full.dot).
var graphVariants = []struct {
	suffix string
	opts   Options
}{
	{"", Options{}},
	{".full", Options{Critical: true, ShowSkipped: true}},
}

func TestDOTGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		for _, v := range graphVariants {
			t.Run(c.Name+v.suffix, func(t *testing.T) {
				o := v.opts
				o.Beads = c.Beads
				got, err := DOT(c.Graph, o)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, "testdata/graph/"+c.Name+v.suffix+".dot", got)
			})
		}
	}
}

func TestMermaidGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		for _, v := range graphVariants {
			t.Run(c.Name+v.suffix, func(t *testing.T) {
				o := v.opts
				o.Beads = c.Beads
				golden(t, "testdata/graph/"+c.Name+v.suffix+".mmd", Mermaid(c.Graph, o))
			})
		}
	}
}

func TestGraphJSONGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		t.Run(c.Name, func(t *testing.T) {
			got, err := GraphJSON(c.Graph, Options{Beads: c.Beads})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "testdata/graph/"+c.Name+".json", got)
		})
	}
}

// The exports never depend on map order or on anything but the plan.
func TestGraphExportsDeterministic(t *testing.T) {
	c := emittest.Compile(t, "plans/gen.md", plangen.Plan(300))
	o := Options{Beads: c.Beads, Critical: true, ShowSkipped: true}
	first, err := DOT(c.Graph, o)
	if err != nil {
		t.Fatal(err)
	}
	firstM := Mermaid(c.Graph, o)
	for i := 0; i < 5; i++ {
		again := emittest.Compile(t, "plans/gen.md", plangen.Plan(300))
		o.Beads = again.Beads
		d, err := DOT(again.Graph, o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d, first) {
			t.Fatal("DOT output changed between runs")
		}
		if !bytes.Equal(Mermaid(again.Graph, o), firstM) {
			t.Fatal("Mermaid output changed between runs")
		}
	}
}

func TestDOTQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain`, `"plain"`},
		{`say "hi"`, `"say \"hi\""`},
		{`C:\temp\new`, `"C:\\temp\\new"`},
		{`ends in \`, `"ends in \\"`},
		{`<none>`, `"<none>"`},
		{`"already quoted"`, `"\"already quoted\""`},
		{"tab\tand\nnewline", `"tab and newline"`},
		{"bad \xff byte", "\"bad \uFFFD byte\""},
		{`日本語 🚀`, `"日本語 🚀"`},
	} {
		if got := dotQuote(tc.in); got != tc.want {
			t.Errorf("dotQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestMermaidText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain [x] {y} (z)`, `plain [x] {y} (z)`},
		{`say "hi"`, `say #quot;hi#quot;`},
		{`#1 & <b>`, `#35;1 #amp; #lt;b#gt;`},
		{"`code`", `#96;code#96;`},
		{`#quot;`, `#35;quot;`},
		{"tab\tx", "tab x"},
		{`日本語 🚀`, `日本語 🚀`},
	} {
		if got := mermaidText(tc.in); got != tc.want {
			t.Errorf("mermaidText(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"1.1", "s1_1"}, {"1.2a", "s1_2a"}, {"3ab.12bc", "s3ab_12bc"},
	} {
		if got := mermaidID(tc.in); got != tc.want {
			t.Errorf("mermaidID(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
