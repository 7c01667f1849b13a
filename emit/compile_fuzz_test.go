package emit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/runner"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
)

// addPlanSeeds seeds a fuzz target with every test plan in the repository,
// the beads-ralph corpus in ../shared beside the checkout (read where it
// is, never copied; plangen.CorpusFiles says when it is missing), and
// small generated plans.
func addPlanSeeds(f *testing.F) {
	f.Helper()
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
	for _, size := range []int{1, 2, 3, 5, 8, 13, 30} {
		f.Add(plangen.Plan(size))
	}
}

// FuzzCompile runs the whole pipeline (parse, plan, emit) on any input: it
// must never panic, a panic recovered by the parser counts as a failure,
// and every plan it accepts must give beads that pass the bead JSON Schema
// and encode.
//
//	go test ./emit -run '^$' -fuzz '^FuzzCompile$' -fuzztime 1m
func FuzzCompile(f *testing.F) {
	addPlanSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p := parser.Parse("plans/fuzz.md", src)
		for _, d := range p.Diags {
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("the parser panicked: %v", d)
			}
		}
		if len(p.Sprints) == 0 {
			return
		}
		g := planner.Build(p)
		if g.HasCycle() {
			if !g.Diags.HasErrors() {
				t.Fatal("a cycle without an error")
			}
			return
		}
		set := emit.Builtin().Merge(p.Defaults)
		if set.SourceBranch == "" {
			set.SourceBranch = "main"
		}
		beads, diags := emit.Beads(g, emit.Options{
			Settings: set,
			RepoRoot: "/src/shop",
			RepoName: "shop",
			PlanFile: "plans/fuzz.md",
			Now:      time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		})
		if p.Diags.HasErrors() || g.Diags.HasErrors() || diags.HasErrors() {
			return
		}
		epics := 0
		for _, ph := range p.Phases {
			if ph.Epic != nil && !ph.Skipped {
				epics++
			}
		}
		work, epicBeads := 0, 0
		for i := range beads {
			switch {
			case beads[i].IsWork():
				work++
			case beads[i].IsEpic():
				epicBeads++
			}
		}
		if work != len(p.Sprints) || epicBeads != epics {
			t.Fatalf("%d beads of work for %d sprints, %d epic beads for %d epics", work, len(p.Sprints), epicBeads, epics)
		}
		if err := emit.Validate(beads); err != nil {
			t.Fatalf("an accepted plan gave beads that break the schema:\n%v", err)
		}
		// The same plan for other runners: every record is schema-valid.
		ro := runner.Options{Settings: set, PlanFile: "plans/fuzz.md"}
		if err := runner.CheckTodos(runner.Todos(g, beads, ro)); err != nil {
			t.Fatalf("an accepted plan gave todos that break the todo schema:\n%v", err)
		}
		tasks, _ := runner.TaskInputs(g, beads, ro)
		if err := runner.CheckTaskInputs(tasks); err != nil {
			t.Fatalf("an accepted plan gave task inputs that break the schema:\n%v", err)
		}
		if _, err := emit.JSON(beads); err != nil {
			t.Fatalf("encoding: %v", err)
		}
		if _, err := emit.JSONL(beads); err != nil {
			t.Fatalf("encoding JSONL: %v", err)
		}
	})
}
