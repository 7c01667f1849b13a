package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
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
	// Measured 2026-11-26 on main after issues 28 and 29: parse 25,623
	// (27,075 on the speed2 branch before the readings asked for a plan's
	// sections once, 32,592 at 3d332ab, 17,725 at 96a00fd), plan 1,810,
	// emit 5,976 (5,447 before the ready order stamped each bead's
	// created_at), encode 14, compile 33,435, read refs 3,220, annotate
	// 25,638. Measured again 2026-11-26 on the speed4 branch (headings
	// read once, texts cut from the source, one section reader): parse
	// 15,369, compile 23,182, annotate 15,384; the rest unchanged. Parse
	// has 20% room, compile and annotate the parser's room and 10% of the
	// rest. Session 13: read refs 801, its beads scanned in place
	// (bdsync's refScan) where encoding/json decoded them; parse 14,644,
	// compile 22,457, annotate 14,659 (the link reference guard, and no
	// signals walk for the dialect). Session 14: compile 20,063 and
	// annotate 11,735, parsing for the readings that can win alone
	// (parser.Options.Contenders), as the commands do.
	{"parse", 17600},
	{"plan", 2000},
	{"emit", 6600},
	{"encode", 30},
	{"compile", 23500},
	{"read refs", 880},
	{"annotate", 14000},
}

// perSprintBudgets hold what each further sprint costs: the allocations of
// a plan of twice allocSprints less those of allocSprints, over
// allocSprints. Work done once a run (a table built, a regexp compiled)
// cancels out; work done once a sprint, or once a line, does not.
// Measured 2026-11-26 (speed2): parse 133.5, compile 169.3, annotate 133.5,
// read refs 16.0 a sprint; speed4: parse 75.0, compile 113.4, annotate
// 75.0, read refs 16.0; about 10% room. Session 11's readings (done
// sections, bold labels, legends, phase refs) brought parse and annotate
// to 80.9: their room is 4% now. Session 13: read refs 4.0 (refScan);
// parse and annotate 71.2, compile 109.7. Session 14 (Contenders):
// compile 98.4, annotate 57.3.
var perSprintBudgets = []struct {
	stage  string
	budget float64
}{
	{"parse", 78},
	{"compile", 108},
	{"read refs", 4.4},
	{"annotate", 63},
}

func TestAllocBudgets(t *testing.T) {
	src := plangen.Plan(allocSprints)
	// The compile and the annotate parse as the commands do, for the
	// readings that can win; "parse" is the preview's, which lists them all.
	in := pipeline.Input{File: "plan.md", PlanFile: "plan.md", Src: src, Contenders: true,
		Repo: pipeline.Repo{Root: "/src/shop", Name: "shop"}, Now: time.Unix(0, 0)}
	annotateParse := func(src []byte) *parser.Plan {
		return parser.ParseWith("plan.md", src, parser.Options{Units: true, Contenders: true})
	}
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
			if _, _, err := annotate.Apply(annotateParse(src), ids, annotate.Options{}); err != nil {
				t.Fatal(err)
			}
		},
	}
	counts := map[string]float64{}
	for _, b := range allocBudgets {
		got := testing.AllocsPerRun(10, runs[b.stage])
		counts[b.stage] = got
		t.Logf("%-9s %8.0f allocs (%.1f a sprint); budget %.0f", b.stage, got, got/allocSprints, b.budget)
		if got > b.budget {
			t.Errorf("%s: %.0f allocations for a %d-sprint plan, over its budget of %.0f: does it do more work a sprint than before? (see the comment above TestAllocBudgets)", b.stage, got, allocSprints, b.budget)
		}
	}

	// The same stages on a plan twice the size: what one more sprint costs.
	src2 := plangen.Plan(2 * allocSprints)
	in2 := in
	in2.Src = src2
	r2, err := pipeline.Run(in2)
	if err != nil || r2.Failed() || len(r2.Beads) != 2*allocSprints {
		t.Fatalf("compile of %d sprints: %v %v", 2*allocSprints, err, r2.Diags.Errors())
	}
	out2, err := emit.JSON(r2.Beads)
	if err != nil {
		t.Fatal(err)
	}
	ids2 := map[string]string{}
	for _, b := range r2.Beads {
		ids2[b.Metadata.PlanSprintID] = b.ID
	}
	runs2 := map[string]func(){
		"parse": func() { parser.Parse("plan.md", src2) },
		"compile": func() {
			r, _ := pipeline.Run(in2)
			emit.WriteJSON(io.Discard, r.Beads)
		},
		"read refs": func() {
			if _, err := bdsync.ReadRefs(out2); err != nil {
				t.Fatal(err)
			}
		},
		"annotate": func() {
			if _, _, err := annotate.Apply(annotateParse(src2), ids2, annotate.Options{}); err != nil {
				t.Fatal(err)
			}
		},
	}
	for _, b := range perSprintBudgets {
		per := (testing.AllocsPerRun(5, runs2[b.stage]) - counts[b.stage]) / allocSprints
		t.Logf("%-9s %8.1f allocs a further sprint; budget %.1f", b.stage, per, b.budget)
		if per > b.budget {
			t.Errorf("%s: %.1f allocations a further sprint, over its budget of %.1f: what does each sprint (or line) now cost that it did not? (see the comment above TestAllocBudgets)", b.stage, per, b.budget)
		}
	}
}

// TestReadFromReadsOnce: --from FILE is read into one buffer of the file's
// size. bytes.Buffer.ReadFrom grows a buffer with less than MinRead bytes
// free before its last read, so a buffer sized to the file alone was
// allocated again at twice the size and copied: 3 times the file's bytes,
// where a 10,000-bead compile output is 29 MB.
func TestReadFromReadsOnce(t *testing.T) {
	r, err := pipeline.Run(pipeline.Input{File: "plan.md", PlanFile: "plan.md", Src: plangen.Plan(allocSprints),
		Repo: pipeline.Repo{Root: "/src/shop", Name: "shop"}, Now: time.Unix(0, 0)})
	if err != nil || r.Failed() {
		t.Fatalf("compile: %v %v", err, r.Diags.Errors())
	}
	out, err := emit.JSON(r.Beads)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "beads.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	issues, err := readFrom(path, nil)
	runtime.ReadMemStats(&after)
	if err != nil || len(issues) != allocSprints {
		t.Fatalf("readFrom: %d issues, %v", len(issues), err)
	}
	// The file once, and the refs (about a fifth of it at 200 beads).
	got, budget := after.TotalAlloc-before.TotalAlloc, uint64(len(out))*3/2
	t.Logf("readFrom of a %d-byte file allocated %d bytes; budget %d", len(out), got, budget)
	if got > budget {
		t.Errorf("readFrom of a %d-byte file allocated %d bytes, over %d: is the file read into more than one buffer?", len(out), got, budget)
	}
}
