package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
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
		// [bd]: the scripts run the real bd only when asked to
		// (ARCHITECT_REQUIRE_BD=1, as .ci/run sets it), so a plain
		// go test ./... stays fast and never needs bd.
		Condition: func(cond string) (bool, error) {
			if cond != "bd" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := exec.LookPath("bd")
			return err == nil && os.Getenv("ARCHITECT_REQUIRE_BD") == "1", nil
		},
	})
}

// TestExitCodes: each kind of error a command returns has its exit code and
// its way of being printed.
func TestExitCodes(t *testing.T) {
	diags := parser.Diagnostics{{File: "p.md", Pos: parser.Pos{Line: 2, Col: 1}, Severity: parser.Error, Msg: "bad"}}
	for _, c := range []struct {
		err    error
		code   int
		stderr string
	}{
		{nil, 0, ""},
		{usagef("--x %q: bad", "y"), 2, "architect: --x \"y\": bad\n"},
		{fmt.Errorf("wrapped: %w", usagef("bad flag")), 2, "architect: wrapped: bad flag\n"},
		{diags, 1, "p.md:2:1: error: bad\n"},
		{&checkError{[]string{"a.json: error: x", "b.json: error: y"}}, 1, "a.json: error: x\nb.json: error: y\n"},
		{&silentError{code: 1}, 1, ""},
		{errors.New("disk full"), 1, "architect: disk full\n"},
	} {
		var stderr bytes.Buffer
		assert.Equal(t, c.code, exitCode(&stderr, c.err), "%v", c.err)
		assert.Equal(t, c.stderr, stderr.String(), "%v", c.err)
	}

	// An unknown command is a usage error, found by cobra before any
	// command runs.
	var out, stderr bytes.Buffer
	assert.Equal(t, 2, Main([]string{"compil", "x"}, streams{out: &out, err: &stderr}, noEnv))
	assert.Equal(t, "architect: unknown command \"compil\" for \"architect\"\n\nDid you mean this?\n\tcompile\n\n", stderr.String())
}
