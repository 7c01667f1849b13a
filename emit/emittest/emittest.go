// Package emittest holds the fixtures the tests of emit and the packages
// above it share: a plan compiled as the CLI compiles it, and golden files.
package emittest

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Plan is a test plan carried through the pipeline as the CLI carries it.
type Plan struct {
	Name  string // the file name without .md
	Path  string // where it was read, "" when compiled from source
	Graph *planner.Graph
	Beads []emit.Bead
	Diags parser.Diagnostics // sorted, warnings included
}

// Now is the time compiled test beads are stamped with.
var Now = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// CompileFile compiles the plan at path as plans/NAME.md; see Compile.
func CompileFile(t testing.TB, file string) Plan {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := Compile(t, "plans/"+filepath.Base(file), src)
	p.Path = file
	return p
}

// Compile compiles src as the plan at planFile (relative to the root of a
// repository "shop" at /src/shop, source branch main unless the plan sets
// one), and fails the test on any error diagnostic.
func Compile(t testing.TB, planFile string, src []byte) Plan {
	t.Helper()
	p, err := Try(planFile, src)
	if err != nil {
		t.Fatalf("%s does not compile:\n%v", path.Base(planFile), err)
	}
	return p
}

// Try compiles src as Compile does. When there are errors, it returns every
// diagnostic as the error.
func Try(planFile string, src []byte) (Plan, error) {
	name := path.Base(planFile)
	p := parser.Parse(name, src)
	g := planner.Build(p)
	set := emit.Builtin().Merge(p.Defaults)
	if set.SourceBranch == "" {
		set.SourceBranch = "main"
	}
	var beads []emit.Bead
	var diags parser.Diagnostics
	if !g.HasCycle() {
		beads, diags = emit.Beads(g, emit.Options{
			Settings: set,
			RepoRoot: "/src/shop",
			RepoName: "shop",
			PlanFile: planFile,
			Now:      Now,
		})
	}
	all := append(append(append(parser.Diagnostics{}, p.Diags...), g.Diags...), diags...)
	all.Sort()
	if all.HasErrors() || beads == nil {
		return Plan{}, all
	}
	return Plan{Name: strings.TrimSuffix(name, ".md"), Graph: g, Beads: beads, Diags: all}, nil
}

// Golden compares got with the file at path or, when update is set (a
// test's -update flag), rewrites the file with got.
func Golden(t testing.TB, update bool, path string, got []byte) {
	t.Helper()
	if update {
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
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run go test with -update to accept it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
