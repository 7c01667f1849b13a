package main

import (
	"io"
	"testing"
	"time"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/pipeline"
	"github.com/beads-architect/architect/planner"
)

// Allocation budgets: the allocations of a compile and of an annotate of
// one fixed plan (plangen.Plan(200)), stage by stage. A change that adds
// work per sprint (a regexp compiled per call, a string built per bead
// that is the same for every bead, a second pass over the text) shows up
// here as a failure, where a timing would be lost in a shared machine's
// noise. testing.AllocsPerRun is deterministic; each budget is what the
// stage allocated when it was set, plus about 10%, so the budgets fail on
// added work, not on noise.
//
// When a change means to allocate more (a new field read for every
// sprint), re-measure with
//
//	go test ./cmd/architect -run TestAllocBudgets -v
//
// which logs each stage's count, and set its budget about 10% above it in
// the same commit, saying why. The parser's budget has more room than the
// others: the parser changes most often.

// allocSprints is the fixed plan's size.
const allocSprints = 200

var allocBudgets = []struct {
	stage  string
	budget float64 // allocations per run of the stage, whole plan
}{
	// Measured 2026-11-26 with main at 2d1c59d merged: parse 29,540
	// (26,401 at 5911000, 17,725 at 96a00fd), plan 1,810, emit 5,447,
	// encode 14, compile 36,824, read refs 3,220, annotate 29,555. Parse
	// has 20% room, compile and annotate the parser's room and 10% of the rest.
	{"parse", 35450},
	{"plan", 2000},
	{"emit", 6000},
	{"encode", 30},
	{"compile", 43500},
	{"read refs", 3550},
	{"annotate", 35500},
}

func TestAllocBudgets(t *testing.T) {
	src := plangen.Plan(allocSprints)
	in := pipeline.Input{File: "plan.md", PlanFile: "plan.md", Src: src,
		Repo: pipeline.Repo{Root: "/src/shop", Name: "shop"}, Now: time.Unix(0, 0)}
	r, err := pipeline.Run(in)
	if err != nil || r.Failed() || len(r.Beads) != allocSprints {
		t.Fatalf("compile: %v %v", err, r.Diags.Errors())
	}
	opts := emit.Options{Settings: r.Settings.Merged, SourceBranchFrom: r.Settings.SourceBranchFrom,
		RepoRoot: "/src/shop", RepoName: "shop", PlanFile: "plan.md", Now: time.Unix(0, 0)}
	out, err := emit.JSON(r.Beads)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, b := range r.Beads {
		ids[b.Metadata.PlanSprintID] = b.ID
	}
	runs := map[string]func(){
		"parse":  func() { parser.Parse("plan.md", src) },
		"plan":   func() { planner.Build(r.Plan) },
		"emit":   func() { emit.Beads(r.Graph, opts) },
		"encode": func() { emit.WriteJSON(io.Discard, r.Beads) },
		"compile": func() {
			r, _ := pipeline.Run(in)
			emit.WriteJSON(io.Discard, r.Beads)
		},
		"read refs": func() {
			if _, err := bdsync.ReadRefs(out); err != nil {
				t.Fatal(err)
			}
		},
		"annotate": func() {
			if _, _, err := annotate.Apply(parser.Parse("plan.md", src), ids, annotate.Options{}); err != nil {
				t.Fatal(err)
			}
		},
	}
	for _, b := range allocBudgets {
		got := testing.AllocsPerRun(10, runs[b.stage])
		t.Logf("%-9s %8.0f allocs (%.1f a sprint); budget %.0f", b.stage, got, got/allocSprints, b.budget)
		if got > b.budget {
			t.Errorf("%s: %.0f allocations for a %d-sprint plan, over its budget of %.0f: does it do more work a sprint than before? (see the comment above TestAllocBudgets)", b.stage, got, allocSprints, b.budget)
		}
	}
}
