//go:build unix

package main

import (
	"os"
	"syscall"
)

// mapFile maps a regular file of size bytes read-only into memory, for
// annotate --from: its bytes are then the page cache's, read in place, not
// a copy in the heap. A 29 MB compile output read into the heap raised the
// collector's goals and peak beside the plan's parse (docs/performance.md).
// The mapping is never unmapped: it lives as long as the process, so no
// value read from it can outlive it; reading it faults pages in from the
// page cache, and a file truncated under the mapping faults the process
// (SIGBUS), as reading a file being rewritten is undefined anyway. ok is
// false when the file cannot be mapped; it is then read.
func mapFile(f *os.File, size int64) (data []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}
