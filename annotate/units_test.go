package annotate

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/beads-architect/architect/parser"
)

// checkUnitsParse checks that the parse annotate's commands use,
// parser.Options{Units: true}, which leaves out the dependencies a plan
// states outside its units' fields, annotates, strips and blocks exactly as
// the full parse full of src does. TestRoundTrip runs it on every plan of
// the repository's testdata and the corpus.
func checkUnitsParse(t *testing.T, name string, src []byte, full *parser.Plan) {
	t.Helper()
	units := parser.ParseWith(name, src, parser.Options{Units: true})
	if got, want := fmt.Sprint(Blocking(units)), fmt.Sprint(Blocking(full)); got != want {
		t.Fatalf("units parse: blocking errors differ:\nunits: %s\nfull:  %s", got, want)
	}
	if !bytes.Equal(Strip(units), Strip(full)) {
		t.Errorf("units parse: Strip differs")
	}
	if len(Blocking(full)) > 0 {
		return
	}
	ids := bindIDs(full)
	outF, resF, errF := Apply(full, ids, Options{Force: true})
	outU, resU, errU := Apply(units, ids, Options{Force: true})
	if !bytes.Equal(outU, outF) || summary(resU) != summary(resF) || fmt.Sprint(errU) != fmt.Sprint(errF) {
		t.Errorf("units parse: Apply differs (errors %v and %v)", errU, errF)
	}
}

// summary writes a Result out by sprint ids and positions.
func summary(r Result) string {
	var b bytes.Buffer
	changes := func(name string, cs []Change) {
		for _, c := range cs {
			fmt.Fprintf(&b, "%s %s %v %s>%s\n", name, c.Sprint.ID, c.Sprint.Heading.Pos, c.Old, c.New)
		}
	}
	sprints := func(name string, ss []*parser.Sprint) {
		for _, s := range ss {
			fmt.Fprintf(&b, "%s %s %v\n", name, s.ID, s.Heading.Pos)
		}
	}
	changes("inserted", r.Inserted)
	changes("replaced", r.Replaced)
	sprints("unchanged", r.Unchanged)
	sprints("kept", r.Kept)
	sprints("missing", r.Missing)
	changes("skipped", r.Skipped)
	changes("rows", r.Rows)
	fmt.Fprintf(&b, "unknown %v\n", r.Unknown)
	return b.String()
}
