// Package emittest holds the fixtures the tests of emit and the packages
// above it share: a plan compiled as the CLI compiles it, and golden files.
package emittest

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/pipeline"
	"github.com/beads-architect/architect/planner"
)

// Plan is a test plan carried through the pipeline as the CLI carries it.
type Plan struct {
	Name  string // the file name without .md
	Path  string // where it was read, "" when compiled from source
	Graph *planner.Graph
	Beads []emit.Bead
	Diags parser.Diagnostics // sorted, warnings included
	// Settings are the merged settings the beads were built with.
	Settings parser.Defaults
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

// Try compiles src as Compile does, through the CLI's pipeline, and checks
// every bead against the bead schema. When there are errors, it returns
// every diagnostic as the error.
func Try(planFile string, src []byte) (Plan, error) {
	name := path.Base(planFile)
	r, err := pipeline.Run(pipeline.Input{
		File:     name,
		Src:      src,
		PlanFile: planFile,
		Repo:     pipeline.Repo{Root: "/src/shop", Name: "shop"},
		Now:      Now,
	})
	if err != nil {
		return Plan{}, err
	}
	if r.Failed() || r.Beads == nil {
		return Plan{}, r.Diags
	}
	// The run does not check the beads against the bead schema; every
	// test compile does.
	if err := emit.Validate(r.Beads); err != nil {
		return Plan{}, fmt.Errorf("a bead breaks the bead schema:\n%v", err)
	}
	return Plan{Name: strings.TrimSuffix(name, ".md"), Graph: r.Graph, Beads: r.Beads, Diags: r.Diags, Settings: r.Settings.Merged}, nil
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
