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

// TestReadBeadsMetadataShapes: metadata as an object, as a string holding
// one, empty, null or absent.
func TestReadBeadsMetadataShapes(t *testing.T) {
	data := []byte(`[
 {"id":"bd-1","metadata":{"plan_file":"p.md","plan_sprint_id":"1.1"}},
 {"id":"bd-2","metadata":"{\"plan_file\":\"p.md\",\"plan_sprint_id\":\"1.2\"}"},
 {"id":"bd-3","metadata":""},
 {"id":"bd-4","metadata":null},
 {"id":"bd-5"}
]`)
	got, err := readBeads("b.json", data)
	require.NoError(t, err)
	require.Equal(t, []beadRef{
		{ID: "bd-1", PlanFile: "p.md", SprintID: "1.1", Source: "b.json: bead 1"},
		{ID: "bd-2", PlanFile: "p.md", SprintID: "1.2", Source: "b.json: bead 2"},
		{ID: "bd-3", Source: "b.json: bead 3"},
		{ID: "bd-4", Source: "b.json: bead 4"},
		{ID: "bd-5", Source: "b.json: bead 5"},
	}, got)

	jsonl := []byte("\xef\xbb\xbf{\"id\":\"bd-1\",\"metadata\":{\"plan_file\":\"p.md\",\"plan_sprint_id\":\"1.1\"}}\r\n\r\n{\"_type\":\"memory\"}\r\n")
	got, err = readBeads("b.jsonl", jsonl)
	require.NoError(t, err)
	require.Equal(t, []beadRef{{ID: "bd-1", PlanFile: "p.md", SprintID: "1.1", Source: "b.jsonl:1"}}, got)
}
