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
		t.Run(f, func(t *testing.T) {
			t.Parallel() // each plan stands alone; the corpus is large
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			full := parser.Parse(f, src)
			units := parser.ParseWith(f, src, parser.Options{Units: true})
			if got, want := fmt.Sprint(Blocking(units)), fmt.Sprint(Blocking(full)); got != want {
				t.Fatalf("blocking errors differ:\nunits: %s\nfull:  %s", got, want)
			}
			if !bytes.Equal(Strip(units), Strip(full)) {
				t.Errorf("Strip differs")
			}
			if len(Blocking(full)) > 0 {
				return
			}
			ids := bindIDs(full)
			outF, resF, errF := Apply(full, ids, Options{Force: true})
			outU, resU, errU := Apply(units, ids, Options{Force: true})
			if !bytes.Equal(outU, outF) || summary(resU) != summary(resF) || fmt.Sprint(errU) != fmt.Sprint(errF) {
				t.Errorf("Apply differs (errors %v and %v)", errU, errF)
			}
		})
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
