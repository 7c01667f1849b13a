package emit

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/beads-architect/architect/planner"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// slowValue is what Validate used to check: the bead encoded, then decoded
// by the schema library.
func slowValue(t *testing.T, b *Bead) any {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func plangenBeads(t *testing.T, n int) []Bead {
	t.Helper()
	p := parser.Parse("plan.md", plangen.Plan(n))
	g := planner.Build(p)
	beads, diags := Beads(g, Options{
		Settings: Builtin().Merge(p.Defaults).Merge(parser.Defaults{SourceBranch: "main"}),
		RepoRoot: "/src/repo", RepoName: "repo", PlanFile: "plan.md",
		Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	})
	if diags.HasErrors() {
		t.Fatalf("plangen.Plan(%d): %v", n, diags)
	}
	return beads
}

// TestBeadValueMatchesJSON checks that the value Validate builds straight
// from a bead is the one the JSON round trip gives, for every field shape a
// bead has: nil and empty slices, nil and set pointers, raw JSON, numbers,
// and strings that JSON escapes or repairs.
func TestBeadValueMatchesJSON(t *testing.T) {
	beads := plangenBeads(t, 60)
	closed := "2026-01-02T03:04:05Z"
	pr := 12
	odd := beads[len(beads)-1]
	odd.Title = "a <b> & \"c\"\u2028 \xff\xfe tail \xe2\x82"
	odd.ClosedAt = &closed
	odd.Owner = &odd.Title
	odd.Comments = []any{map[string]any{"x": 1.5}, nil, "s"}
	odd.Metadata.PRNumber = &pr
	odd.Metadata.DevAgentExecutions = []json.RawMessage{json.RawMessage(`{"a": [1, 2.50, true]}`)}
	odd.Metadata.ScrumResult = nil
	odd.Metadata.QAAgents = nil
	odd.Labels = []string{}
	beads = append(beads, odd)
	cache := rawCache{}
	for i := range beads {
		got, err := beadValue(&beads[i], cache)
		if err != nil {
			t.Fatalf("bead %d: %v", i, err)
		}
		if want := slowValue(t, &beads[i]); !reflect.DeepEqual(got, want) {
			t.Fatalf("bead %d (%s): direct value differs from the JSON round trip\n got: %#v\nwant: %#v", i, beads[i].ID, got, want)
		}
	}
}

// TestValidateReportsInOrder checks that the worker pool keeps bead order
// in its report.
func TestValidateReportsInOrder(t *testing.T) {
	beads := plangenBeads(t, 1000)
	for _, i := range []int{3, 500, 998} {
		beads[i].Metadata.Branch = "bad//branch"
	}
	err := Validate(beads)
	se, ok := err.(*SchemaError)
	if !ok {
		t.Fatalf("Validate: got %v, want a *SchemaError", err)
	}
	var want []string
	for _, i := range []int{3, 500, 998} {
		want = append(want, "bead "+beads[i].ID+" (sprint "+beads[i].Metadata.Sprint+`): /metadata/branch: 'not' failed`)
	}
	if !reflect.DeepEqual(se.Problems, want) {
		t.Fatalf("problems:\n got %q\nwant %q", se.Problems, want)
	}
}
