// Command architect compiles a Markdown plan of phases and sprints into
// beads: issues with dependencies and the metadata beads-ralph's agents run
// on.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

func main() {
	stop := profile(os.Getenv("ARCHITECT_CPUPROFILE"))
	code := Main(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv)
	stop()
	os.Exit(code)
}

// profile writes a CPU profile of the whole run to file, for `go tool
// pprof` (docs/performance.md); "" profiles nothing.
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
