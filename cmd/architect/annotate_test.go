package main

import (
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
				require.Equal(t, string(want), string(annotationDiff("a", "b", a, b)))
			})
		}
	}
	require.Nil(t, annotationDiff("a", "b", []byte("x\n"), []byte("x\n")))
}
