package bdsync

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadRefsAgreesWithRead: on every bead file the tests hold, ReadRefs
// gives the issues Read gives, with the same ids, plan files, sprints and
// positions.
func TestReadRefsAgreesWithRead(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.json*")
	require.NoError(t, err)
	more, err := filepath.Glob("../../testdata/golden/*.beads.json")
	require.NoError(t, err)
	files = append(files, more...)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		full, errFull := Read(data)
		refs, errRefs := ReadRefs(data)
		if errFull != nil {
			require.EqualError(t, errRefs, errFull.Error(), f)
			continue
		}
		require.NoError(t, errRefs, f)
		require.Len(t, refs, len(full), f)
		for i := range full {
			require.Equal(t, full[i].ID, refs[i].ID, f)
			require.Equal(t, full[i].PlanFile(), refs[i].PlanFile(), f)
			require.Equal(t, full[i].Sprint(), refs[i].Sprint(), f)
			require.Equal(t, full[i].Pos, refs[i].Pos, f)
		}
	}
}
