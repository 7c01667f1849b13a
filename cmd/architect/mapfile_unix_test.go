//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A --from file truncated while it is mapped and read faults past its new
// end; readRefsMapped makes that an error, not a crash, and reads a whole
// file as bdsync.ReadRefs does.
func TestMappedFromTruncated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "beads.json")
	data := "[" + strings.Repeat(`{"id":"a-1","metadata":{"plan_file":"p.md","sprint":"1.1"}},`, 4000) + `{"id":"a-2"}]`
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	fi, err := f.Stat()
	require.NoError(t, err)

	whole, ok := mapFile(f, fi.Size())
	require.True(t, ok)
	issues, err := readRefsMapped(whole)
	require.NoError(t, err)
	require.Len(t, issues, 4001)

	cut, ok := mapFile(f, fi.Size())
	require.True(t, ok)
	require.NoError(t, os.Truncate(path, int64(os.Getpagesize())))
	_, err = readRefsMapped(cut)
	require.ErrorIs(t, err, errTruncated)
}
