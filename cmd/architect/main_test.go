package main

import (
	"flag"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the cmp files in testdata/script with the current output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"architect": func() {
			os.Exit(Main(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv))
		},
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
	})
}
