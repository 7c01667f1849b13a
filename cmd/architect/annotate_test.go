package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAnnotationDiffMatchesDiffU compares annotate's diff with diff -u on
// every golden before/after pair of package annotate, both ways (annotate
// and strip): CRLF, no final newline, a heading on the last line, stale
// annotations.
func TestAnnotationDiffMatchesDiffU(t *testing.T) {
	diffU, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("no diff program")
	}
	outs, err := filepath.Glob(filepath.Join("..", "..", "annotate", "testdata", "golden", "*.out.md"))
	require.NoError(t, err)
	require.NotEmpty(t, outs)
	for _, out := range outs {
		in := strings.TrimSuffix(out, ".out.md") + ".md"
		for _, pair := range [][2]string{{in, out}, {out, in}} {
			t.Run(filepath.Base(pair[0])+"->"+filepath.Base(pair[1]), func(t *testing.T) {
				a, err := os.ReadFile(pair[0])
				require.NoError(t, err)
				b, err := os.ReadFile(pair[1])
				require.NoError(t, err)
				want, _ := exec.Command(diffU, "-u", "--label", "a", "--label", "b", pair[0], pair[1]).Output()
				require.Equal(t, string(want), string(unifiedDiff("a", "b", a, b)))
			})
		}
	}
	require.Nil(t, unifiedDiff("a", "b", []byte("x\n"), []byte("x\n")))
}

// TestUnifiedDiffRandomEdits compares with diff -u on random plans edited
// as annotate edits them: an annotation inserted, replaced or removed
// after a sprint heading, among repeated lines, near each other and at the
// ends of the file.
func TestUnifiedDiffRandomEdits(t *testing.T) {
	diffU, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("no diff program")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	body := []string{"", "- a", "x", "<!-- beads-ralph: bd-1 -->", "## Phase 1: P"}
	for k := 0; k < 300; k++ {
		var a, b strings.Builder
		for i := range rng.IntN(12) {
			fmt.Fprintf(&a, "### Sprint 1.%d: S\n", i)
			fmt.Fprintf(&b, "### Sprint 1.%d: S\n", i)
			old := rng.IntN(2) == 0
			if old {
				a.WriteString("<!-- beads-ralph: bd-old -->\n")
			}
			switch rng.IntN(4) {
			case 0: // removed or left out
			case 1:
				fmt.Fprintf(&b, "<!-- beads-ralph: bd-%d -->\n", i)
			default:
				if old {
					b.WriteString("<!-- beads-ralph: bd-old -->\n")
				}
			}
			for range rng.IntN(5) {
				line := body[rng.IntN(len(body))] + "\n"
				a.WriteString(line)
				b.WriteString(line)
			}
		}
		if rng.IntN(4) == 0 {
			a.WriteString("no final newline")
			b.WriteString("no final newline")
		}
		require.NoError(t, os.WriteFile(pa, []byte(a.String()), 0o644))
		require.NoError(t, os.WriteFile(pb, []byte(b.String()), 0o644))
		want, _ := exec.Command(diffU, "-u", "--label", "a", "--label", "b", pa, pb).Output()
		require.Equal(t, string(want), string(unifiedDiff("a", "b", []byte(a.String()), []byte(b.String()))), "case %d:\n%s\n---\n%s", k, a.String(), b.String())
	}
}
