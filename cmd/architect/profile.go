//go:build profile

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// profile writes a CPU profile of the whole run to file, for `go tool
// pprof` (docs/development.md); "" profiles nothing. Only a build with
// -tags profile has it: runtime/pprof brings compress/flate, hash/crc32
// and their package initialisation into every command's start
// (58 of `architect version`'s 612 page faults).
func profile(file string) (stop func()) {
	if file == "" {
		return func() {}
	}
	f, err := os.Create(file)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "architect: ARCHITECT_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
