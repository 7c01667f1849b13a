package annotate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/require"
)

// TestDuplicateAnnotation: two sprints annotated with one id is an error
// that points at the second annotation and names the first.
func TestDuplicateAnnotation(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "golden", "duplicate.md"))
	require.NoError(t, err)
	p := parser.Parse("duplicate.md", src)
	require.Equal(t, "duplicate.md:8:1: error: bead id bd-same annotates both sprint 1.1 (line 4) and sprint 1.2", p.Diags.Error())
	// It stops neither annotate nor strip, which repair it.
	require.Empty(t, Blocking(p))
	// Without force the map's other id for 1.2 is a conflict, at the
	// annotation line.
	_, _, err = Apply(p, map[string]string{"1.1": "bd-same", "1.2": "bd-other"}, Options{})
	require.EqualError(t, err, "duplicate.md:8:1: error: sprint 1.2 is annotated with bd-same, but its bead is bd-other; use --force to replace the annotation")
}

// TestBlocking: errors elsewhere in the plan stop annotate and strip.
func TestBlocking(t *testing.T) {
	src := "## Phase 1: P\n\n### Sprint 1.1: A\n<!-- beads-ralph: bd-a -->\n- a\n\n### Sprint 2.1: Wrong phase\n- b\n"
	p := parser.Parse("p.md", []byte(src))
	want := "p.md:7:1: error: sprint 2.1 is under Phase 1 (line 1): its id must start with \"1.\""
	require.Equal(t, want, Blocking(p).Error())
	_, _, err := Apply(p, map[string]string{"1.1": "bd-a"}, Options{})
	require.EqualError(t, err, want)
}

// TestMalformedAnnotation: an annotation whose id is not a bead id is a
// conflict; force replaces it, and strip removes it.
func TestMalformedAnnotation(t *testing.T) {
	src := "## Phase 1: P\n\n### Sprint 1.1: A\n<!-- beads-ralph: bd--x -->\n- a\n"
	p := parser.Parse("p.md", []byte(src))
	require.Empty(t, Blocking(p))
	_, _, err := Apply(p, map[string]string{"1.1": "bd-a"}, Options{})
	require.EqualError(t, err, "p.md:4:1: error: sprint 1.1 is annotated with bd--x (not a bead id), but its bead is bd-a; use --force to replace the annotation")
	out, res, err := Apply(p, map[string]string{"1.1": "bd-a"}, Options{Force: true})
	require.NoError(t, err)
	require.Equal(t, []Change{{Sprint: p.Sprints[0], Old: "bd--x", New: "bd-a"}}, res.Replaced)
	require.Equal(t, "## Phase 1: P\n\n### Sprint 1.1: A\n<!-- beads-ralph: bd-a -->\n- a\n", string(out))
	require.Equal(t, "## Phase 1: P\n\n### Sprint 1.1: A\n- a\n", string(Strip(p)))
}

// TestStripOnlyOwnMarkers: strip removes annotation lines right after
// sprint headings, skipped ones included, and nothing else: not other
// comments, not annotation-like lines elsewhere.
func TestStripOnlyOwnMarkers(t *testing.T) {
	src := "<!-- beads-ralph: bd-top -->\n## Phase 1: P\n<!-- beads-ralph: bd-phase -->\n\n" +
		"### Sprint 1.1: A\n<!-- beads-ralph: bd-a -->\n<!-- keep me -->\n- a\n\n<!-- beads-ralph: bd-later -->\n\n" +
		"### ~~Sprint 1.2: B~~\n<!-- beads-ralph: bd-b -->\n<!--beads-ralph: bd-b2-->\n- b\n\n" +
		"## Notes\n### Sprint 1.1: outside\n<!-- beads-ralph: bd-notes -->\n"
	want := "<!-- beads-ralph: bd-top -->\n## Phase 1: P\n<!-- beads-ralph: bd-phase -->\n\n" +
		"### Sprint 1.1: A\n<!-- keep me -->\n- a\n\n<!-- beads-ralph: bd-later -->\n\n" +
		"### ~~Sprint 1.2: B~~\n- b\n\n" +
		"## Notes\n### Sprint 1.1: outside\n<!-- beads-ralph: bd-notes -->\n"
	require.Equal(t, want, string(Strip(parser.Parse("p.md", []byte(src)))))
}
