package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// errChanged is returned by writeFile when the file on disk is no longer
// the one that was read.
var errChanged = errors.New("the file changed since it was read; nothing was written")

// rename is os.Rename; tests replace it to interrupt a write.
var rename = os.Rename

// writeFile is the program's one way of writing a file: atomically, so the
// file at path is never left half-written. write produces the content into
// a temporary file in the same directory, which gets the mode of the file
// it replaces (0644 for a new one) and is flushed before it is renamed over
// path. With original set, path must exist and still hold original (else
// errChanged): an edit of a file never overwrites what someone saved in
// between. A symbolic link at path is followed: its target is replaced and
// the link stays. On any failure, path is as it was and the temporary file
// is gone.
func writeFile(path string, original []byte, write func(io.Writer) error) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := os.FileMode(0o644)
	switch st, err := os.Stat(path); {
	case err == nil && !st.Mode().IsRegular():
		return fmt.Errorf("%s: not a regular file", path)
	case err == nil:
		mode = st.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)
	case original != nil || !errors.Is(err, os.ErrNotExist):
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer func() {
		if err != nil {
			os.Remove(name)
		}
	}()
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
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
	if original != nil {
		now, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Equal(now, original) {
			return fmt.Errorf("%s: %w", path, errChanged)
		}
	}
	return rename(name, path)
}

// writeAtomic writes data to path with writeFile, whatever is there now.
func writeAtomic(path string, data []byte) error { return writeFile(path, nil, bytesOf(data)) }

// replaceFile replaces a file that was read as original with out.
func replaceFile(path string, original, out []byte) error {
	return writeFile(path, original, bytesOf(out))
}

func bytesOf(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}
