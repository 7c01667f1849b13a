package annotate

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrChanged is returned by WriteFile when the file on disk is no longer
// the one that was read.
var ErrChanged = errors.New("the file changed since it was read; nothing was written")

// rename is os.Rename; tests replace it to interrupt a write.
var rename = os.Rename

// WriteFile replaces the file at path with out, atomically: it writes a
// temporary file in the same directory, gives it the file's mode, flushes
// it, reads the file at path again and refuses with ErrChanged unless it
// still holds original, and only then renames the temporary file over it.
// On any failure the file at path is left as it was and the temporary file
// is removed. A symbolic link at path is followed: its target is replaced
// and the link stays.
func WriteFile(path string, original, out []byte) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".annotate-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer func() {
		if err != nil {
			os.Remove(name)
		}
	}()
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(st.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	now, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, original) {
		return fmt.Errorf("%s: %w", path, ErrChanged)
	}
	return rename(name, path)
}
