package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	before = "## Phase 1: P\r\n\r\n### Sprint 1.1: S\r\n- x"
	after  = "## Phase 1: P\r\n\r\n### Sprint 1.1: S\r\n<!-- beads-ralph: bd-1 -->\r\n- x"
)

// plan writes a plan file with the given mode in a new directory.
func planFile(t *testing.T, mode os.FileMode) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "plan.md")
	require.NoError(t, os.WriteFile(path, []byte(before), 0o600))
	require.NoError(t, os.Chmod(path, mode))
	return dir, path
}

// requireOnly checks that dir holds only plan.md (no temporary file is
// left behind) and that plan.md holds want.
func requireOnly(t *testing.T, dir, want string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Equal(t, []string{"plan.md"}, names)
	got, err := os.ReadFile(filepath.Join(dir, "plan.md"))
	require.NoError(t, err)
	require.Equal(t, want, string(got))
}

func TestWriteFileKeepsMode(t *testing.T) {
	dir, path := planFile(t, 0o640)
	require.NoError(t, replaceFile(path, []byte(before), []byte(after)))
	requireOnly(t, dir, after)
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm())
}

func TestWriteFileFollowsSymlink(t *testing.T) {
	dir, path := planFile(t, 0o644)
	link := filepath.Join(t.TempDir(), "link.md")
	require.NoError(t, os.Symlink(path, link))
	require.NoError(t, replaceFile(link, []byte(before), []byte(after)))
	requireOnly(t, dir, after)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.Equal(t, os.ModeSymlink, fi.Mode()&os.ModeSymlink, "the link was replaced by a file")
}

func TestWriteFileRefusesAChangedFile(t *testing.T) {
	dir, path := planFile(t, 0o644)
	// What annotate read is not what is on disk any more: someone saved
	// the file in between.
	read := []byte(before + "\r\n- y")
	err := replaceFile(path, read, []byte(after))
	require.ErrorIs(t, err, errChanged)
	require.EqualError(t, err, path+": the file changed since it was read; nothing was written")
	requireOnly(t, dir, before)
}

func TestWriteFileInterruptedRename(t *testing.T) {
	dir, path := planFile(t, 0o644)
	rename = func(string, string) error { return errors.New("injected rename failure") }
	t.Cleanup(func() { rename = os.Rename })
	err := replaceFile(path, []byte(before), []byte(after))
	require.EqualError(t, err, "injected rename failure")
	requireOnly(t, dir, before)
}

func TestWriteFileReadOnlyDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories; TestWriteFileInterruptedRename covers the failure")
	}
	dir, path := planFile(t, 0o644)
	require.NoError(t, os.Chmod(dir, 0o555))
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	err := replaceFile(path, []byte(before), []byte(after))
	require.ErrorIs(t, err, os.ErrPermission)
	requireOnly(t, dir, before)
}

func TestWriteFileMissing(t *testing.T) {
	err := replaceFile(filepath.Join(t.TempDir(), "gone.md"), []byte(before), []byte(after))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestWriteAtomicNewFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plan.md")
	require.NoError(t, writeAtomic(path, []byte(after)))
	requireOnly(t, dir, after)
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}
