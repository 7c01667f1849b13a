package annotate

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/require"
)

// planFiles returns every Markdown file under a testdata directory of the
// repository, and the corpus plans (plangen.CorpusFiles says when they are
// missing).
func planFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") && strings.Contains(filepath.ToSlash(path), "/testdata/") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	return append(files, plangen.CorpusFiles(t, "*-plan.md")...)
}

// bindIDs gives each sprint of p a bead id: the one its annotation names,
// else one made up from its place. The ids compile would give are
// cmd/architect's to test (TestCompileAnnotateKeepsIDs); here any distinct
// valid ids do.
func bindIDs(p *parser.Plan) map[string]string {
	ids := map[string]string{}
	for i, s := range p.Sprints {
		if s.Annotation != nil && s.Annotation.ID != "" {
			ids[s.ID] = s.Annotation.ID
		} else if s.BeadID.Set() { // a unit that names its bead keeps it, as in emit
			ids[s.ID] = s.BeadID.Value
		} else {
			ids[s.ID] = fmt.Sprintf("rt-%d", i)
		}
	}
	return ids
}

func sprintIDs(list []*parser.Sprint) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.ID
	}
	return out
}

// checkRoundTrip checks the annotate properties on one file. x is the file
// without annotations (Strip of the file as given):
//
//	strip(annotate(x)) == x
//	annotate(annotate(x)) == annotate(x)
//	parse(annotate(x)) names the ids annotate wrote
//
// p is src parsed. It reports false when the plan has errors that stop
// annotate.
func checkRoundTrip(t testing.TB, name string, src []byte, p *parser.Plan) bool {
	if len(Blocking(p)) > 0 {
		return false
	}
	x := Strip(p)
	px := p // a plan with no annotation strips to itself, and reads the same
	if !bytes.Equal(x, src) {
		px = parser.Parse(name, x)
	}
	require.Empty(t, Blocking(px), "stripping made the plan invalid")
	require.Equal(t, sprintIDs(p.Sprints), sprintIDs(px.Sprints), "stripping changed the sprints")
	require.Equal(t, sprintIDs(p.Skipped), sprintIDs(px.Skipped), "stripping changed the skipped sprints")
	for _, s := range append(px.Sprints, px.Skipped...) {
		require.Nil(t, s.Annotation, "sprint %s still annotated after strip", s.ID)
	}

	ids := bindIDs(px)
	out, res, err := Apply(px, ids, Options{})
	if ds, ok := err.(parser.Diagnostics); ok && len(ds) == 1 && strings.HasPrefix(ds[0].Msg, "annotating would change which sprints") {
		return false // refused, and nothing written: the plan cannot be annotated safely
	}
	require.NoError(t, err)
	rows := 0 // units that are rows of a table are never annotated
	for _, s := range px.Sprints {
		if s.Row || s.Nested {
			rows++
		}
	}
	require.Len(t, res.Inserted, len(px.Sprints)-rows)
	require.Len(t, res.Rows, rows)

	pa := parser.Parse(name, out)
	require.Empty(t, Blocking(pa))
	require.Equal(t, sprintIDs(px.Sprints), sprintIDs(pa.Sprints), "annotating changed the sprints")
	require.Equal(t, sprintIDs(px.Skipped), sprintIDs(pa.Skipped), "annotating changed the skipped sprints")
	require.Equal(t, len(px.Diags), len(pa.Diags), "annotating changed the diagnostics")
	for _, s := range pa.Sprints {
		if s.Row || s.Nested {
			require.Nil(t, s.Annotation, "table row or sub-item %s is annotated", s.ID)
			continue
		}
		require.NotNil(t, s.Annotation, "sprint %s has no annotation after annotate", s.ID)
		require.Equal(t, ids[s.ID], s.Annotation.ID)
	}

	require.Equal(t, string(x), string(Strip(pa)), "strip(annotate(x)) != x")
	again, res2, err := Apply(pa, ids, Options{})
	require.NoError(t, err)
	require.False(t, res2.Changed())
	require.Equal(t, string(out), string(again), "annotate(annotate(x)) != annotate(x)")
	require.Equal(t, ids, bindIDs(pa), "parse(annotate(x)) names other ids")
	// Each annotation adds one line: one newline, after it, or before it
	// at the end of a file without a final newline.
	require.Equal(t, bytes.Count(x, []byte("\n"))+len(pa.Sprints)-rows, bytes.Count(out, []byte("\n")))
	return true
}

func TestRoundTrip(t *testing.T) {
	var checked atomic.Int64
	// The plans run in parallel inside one group, which returns once all
	// of them have: the corpus is large, and each plan stands alone.
	t.Run("plans", func(t *testing.T) {
		for _, file := range planFiles(t) {
			t.Run(strings.TrimPrefix(filepath.ToSlash(file), "../"), func(t *testing.T) {
				t.Parallel()
				src, err := os.ReadFile(file)
				require.NoError(t, err)
				name := filepath.Base(file)
				p := parser.Parse(name, src) // shared by both checks: the corpus is large
				checkUnitsParse(t, name, src, p)
				if checkRoundTrip(t, name, src, p) {
					checked.Add(1)
				} else {
					t.Logf("not annotatable: %v", Blocking(p))
				}
			})
		}
	})
	require.GreaterOrEqual(t, checked.Load(), int64(15), "too few plans were annotatable")
}

func FuzzRoundTrip(f *testing.F) {
	// The project's plans are TestRoundTrip's cases already: as seeds they
	// are read only when fuzzing, where mutations start from them, so that
	// a plain go test checks each once.
	f.Add(plangen.Plan(3))
	if fuzzing() {
		for _, file := range planFiles(f) {
			src, err := os.ReadFile(file)
			require.NoError(f, err)
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkRoundTrip(t, "fuzz.md", src, parser.Parse("fuzz.md", src))
	})
}

// fuzzing reports whether the test binary runs with -fuzz (a fuzz target
// being fuzzed, not only its seeds replayed).
func fuzzing() bool {
	fl := flag.Lookup("test.fuzz")
	return fl != nil && fl.Value.String() != ""
}
