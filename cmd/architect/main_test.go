package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the script tests run architect in-process: a script's
// `exec architect ...` calls Main. It also keeps git, as the tests and
// architect in them run it, inside the temporary directory (see gitCeiling).
func TestMain(m *testing.M) {
	gitCeiling(os.TempDir())
	testscript.Main(m, map[string]func(){
		"architect": func() {
			os.Exit(Main(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv))
		},
	})
}

// gitCeiling adds dir to GIT_CEILING_DIRECTORIES and drops the variables
// that point git at a given repository (as a git hook running the tests
// would set them). The tests put their plans, and the repositories some of
// them make with git init, in temporary directories; git looking for the
// repository of one must never climb out of dir into a repository that
// happens to hold the temporary directory (architect would take that
// repository's root and branch), nor be sent to another.
func gitCeiling(dir string) {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if old := os.Getenv("GIT_CEILING_DIRECTORIES"); old != "" {
		dir = old + string(filepath.ListSeparator) + dir
	}
	os.Setenv("GIT_CEILING_DIRECTORIES", dir)
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"} {
		os.Unsetenv(v)
	}
}

// TestScripts runs the CLI scripts in testdata/script. Each runs in its
// own $WORK, which git never climbs out of.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(e *testscript.Env) error {
			e.Setenv("NO_COLOR", "1")
			e.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(e.WorkDir))
			return nil
		},
	})
}
