// Command architect compiles a Markdown plan of phases and sprints into
// beads: issues with dependencies and the metadata beads-ralph's agents run
// on.
package main

import (
	"os"
)

func main() {
	os.Exit(Main(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv))
}
