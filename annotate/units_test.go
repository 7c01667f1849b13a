package annotate

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/beads-architect/architect/parser"
)

// annotate's commands parse with parser.Options{Units: true}, which leaves
// out the dependencies a plan states outside its units' fields. On every
// plan of the repository's testdata and the corpus, that parse must annotate,
// strip and block exactly as the full parse does.
func TestUnitsParseAnnotatesAsTheFullParse(t *testing.T) {
	files := planFiles(t)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full := parser.Parse(f, src)
		units := parser.ParseWith(f, src, parser.Options{Units: true})
		if got, want := fmt.Sprint(Blocking(units)), fmt.Sprint(Blocking(full)); got != want {
			t.Errorf("%s: blocking errors differ:\nunits: %s\nfull:  %s", f, got, want)
			continue
		}
		if !bytes.Equal(Strip(units), Strip(full)) {
			t.Errorf("%s: Strip differs", f)
		}
		if len(Blocking(full)) > 0 {
			continue
		}
		ids := bindIDs(full)
		outF, resF, errF := Apply(full, ids, Options{Force: true})
		outU, resU, errU := Apply(units, ids, Options{Force: true})
		if !bytes.Equal(outU, outF) || summary(resU) != summary(resF) || fmt.Sprint(errU) != fmt.Sprint(errF) {
			t.Errorf("%s: Apply differs (errors %v and %v)", f, errU, errF)
		}
	}
	t.Logf("%d plans", len(files))
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
