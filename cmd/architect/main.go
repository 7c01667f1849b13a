// Command architect compiles a Markdown plan of phases and sprints into
// beads: issues with dependencies and the metadata beads-ralph's agents run
// on.
package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

func main() {
	delayGC(os.Getenv)
	stop := profile(os.Getenv("ARCHITECT_CPUPROFILE"))
	code := Main(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv)
	stop()
	os.Exit(code)
}

// firstGC is how much the heap may grow before the first garbage
// collection: more than a compile of a plan people write allocates in all
// (200 sprints: about 5 MB), so such a run collects nothing.
const firstGC = 64 << 20

// delayGC puts the first garbage collection off until the heap holds
// firstGC bytes, then hands the collector back to Go's default, as the Go
// compiler does for its own start (cmd/compile's AdjustStartingHeap). A run
// is short and keeps most of what it allocates; each early collection
// scanned the program's globals and found little to free. Go's first heap
// goal is 4 MiB times GOGC/100, so GOGC is raised until then. A GOGC or
// GOMEMLIMIT in the environment is left to rule.
func delayGC(getenv func(string) string) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(100 * firstGC / (4 << 20))
	// The first collection finds the sentinel unreachable; its cleanup
	// sets GOGC back to the default.
	sentinel := new([4]uint64)
	runtime.AddCleanup(sentinel, func(struct{}) { debug.SetGCPercent(100) }, struct{}{})
}
