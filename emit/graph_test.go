package emit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with the current output")

// golden compares got with the file at path, or rewrites the file with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./emit -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run go test ./emit -update to accept it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// compiledPlan is a test plan carried through the pipeline as the CLI does.
type compiledPlan struct {
	name  string // file name without .md
	path  string
	g     *planner.Graph
	beads []Bead
	diags parser.Diagnostics
}

// compileFile compiles one plan, as repository "shop" with the plan at
// plans/NAME.md, and fails the test on any error diagnostic.
func compileFile(t testing.TB, path string) compiledPlan {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := compileSrc(t, filepath.Base(path), src)
	c.path = path
	return c
}

func compileSrc(t testing.TB, file string, src []byte) compiledPlan {
	t.Helper()
	p := parser.Parse(file, src)
	g := planner.Build(p)
	set := Builtin().Merge(p.Defaults)
	if set.SourceBranch == "" {
		set.SourceBranch = "main"
	}
	beads, diags := Beads(g, Options{
		Settings: set,
		RepoRoot: "/src/shop",
		RepoName: "shop",
		PlanFile: "plans/" + file,
		Now:      time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	})
	all := append(append(append(parser.Diagnostics{}, p.Diags...), g.Diags...), diags...)
	all.Sort()
	if all.HasErrors() {
		t.Fatalf("%s does not compile:\n%v", file, all)
	}
	return compiledPlan{name: strings.TrimSuffix(file, ".md"), g: g, beads: beads, diags: all}
}

// graphPlans compiles every plan in testdata/graph.
func graphPlans(t *testing.T) []compiledPlan {
	t.Helper()
	files, err := filepath.Glob("testdata/graph/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test plans in testdata/graph: %v", err)
	}
	out := make([]compiledPlan, len(files))
	for i, f := range files {
		out[i] = compileFile(t, f)
	}
	return out
}

// Each export is checked twice per plan: with the defaults (NAME.dot), and
// with --critical --show-skipped (NAME.full.dot).
var graphVariants = []struct {
	suffix string
	opts   GraphOptions
}{
	{"", GraphOptions{}},
	{".full", GraphOptions{Critical: true, ShowSkipped: true}},
}

func TestDOTGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		for _, v := range graphVariants {
			t.Run(c.name+v.suffix, func(t *testing.T) {
				o := v.opts
				o.Beads = c.beads
				got, err := DOT(c.g, o)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, "testdata/graph/"+c.name+v.suffix+".dot", got)
			})
		}
	}
}

func TestMermaidGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		for _, v := range graphVariants {
			t.Run(c.name+v.suffix, func(t *testing.T) {
				o := v.opts
				o.Beads = c.beads
				golden(t, "testdata/graph/"+c.name+v.suffix+".mmd", Mermaid(c.g, o))
			})
		}
	}
}

func TestGraphJSONGolden(t *testing.T) {
	for _, c := range graphPlans(t) {
		t.Run(c.name, func(t *testing.T) {
			got, err := GraphJSON(c.g, GraphOptions{Beads: c.beads})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "testdata/graph/"+c.name+".json", got)
		})
	}
}

// The exports never depend on map order or on anything but the plan.
func TestGraphExportsDeterministic(t *testing.T) {
	c := compileSrc(t, "gen.md", plangen.Plan(300))
	o := GraphOptions{Beads: c.beads, Critical: true, ShowSkipped: true}
	first, err := DOT(c.g, o)
	if err != nil {
		t.Fatal(err)
	}
	firstM := Mermaid(c.g, o)
	for i := 0; i < 5; i++ {
		again := compileSrc(t, "gen.md", plangen.Plan(300))
		o.Beads = again.beads
		d, err := DOT(again.g, o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d, first) {
			t.Fatal("DOT output changed between runs")
		}
		if !bytes.Equal(Mermaid(again.g, o), firstM) {
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
