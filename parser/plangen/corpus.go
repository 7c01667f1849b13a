package plangen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// CorpusEnv names the variable that makes a missing corpus a test failure
// instead of a skip (or, for seeds, a log line). .ci/run sets it to 1.
const CorpusEnv = "ARCHITECT_REQUIRE_CORPUS"

// SharedEnv names the variable that says where the shared directory is
// (the one holding corpus/), when it is not ../shared beside the checkout.
const SharedEnv = "ARCHITECT_SHARED"

// corpusDir returns where beads-ralph's corpus belongs, shared/corpus/
// beads-ralph in the directory that holds the checkout (../shared beside
// the module root: the nearest directory above the working directory, a
// package's own during go test, with a go.mod), relative to the working
// directory and absolute; and whether it is there.
func corpusDir() (rel, abs string, ok bool) { return sharedDir("beads-ralph") }

// sharedDir is corpusDir for any corpus under ../shared/corpus.
func sharedDir(name string) (rel, abs string, ok bool) {
	rel = "../shared/corpus/" + name
	if shared := os.Getenv(SharedEnv); shared != "" {
		abs = filepath.Join(shared, "corpus", name)
		st, err := os.Stat(abs)
		return abs, abs, err == nil && st.IsDir()
	}
	wd, err := os.Getwd()
	if err != nil {
		return rel, rel, false
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return rel, rel, false
		}
		root = parent
	}
	abs = filepath.Join(filepath.Dir(root), "shared", "corpus", name)
	st, err := os.Stat(abs)
	ok = err == nil && st.IsDir()
	if rel, err = filepath.Rel(wd, abs); err != nil {
		rel = abs
	}
	return rel, abs, ok
}

// absent reports the missing corpus and what that costs: a failure under
// ARCHITECT_REQUIRE_CORPUS=1, else report.
func absent(tb testing.TB, abs, cost string, report func(...any)) {
	absentCorpus(tb, "beads-ralph", abs, cost, report)
}

func absentCorpus(tb testing.TB, name, abs, cost string, report func(...any)) {
	tb.Helper()
	msg := fmt.Sprintf("the %s corpus is not at %s (../shared/corpus/%s beside the checkout)", name, abs, name)
	if os.Getenv(CorpusEnv) == "1" {
		tb.Fatal(msg + ", and " + CorpusEnv + "=1 requires it")
	} else {
		report(msg + ": " + cost + " (" + CorpusEnv + "=1 makes this a failure)")
	}
}

// Corpus returns the directory of beads-ralph's own plans and example
// beads, for a test that cannot run without them. When it is missing, the
// test is skipped with a message naming the path, or fails under
// ARCHITECT_REQUIRE_CORPUS=1.
func Corpus(tb testing.TB) string {
	tb.Helper()
	dir, abs, ok := corpusDir()
	if !ok {
		absent(tb, abs, "skipped", tb.Skip)
	}
	return dir
}

// CorpusFiles returns the corpus files whose names match pattern (as in
// filepath.Match), for a test that also runs on them, such as a fuzz
// target's seeds. When the corpus is missing, it says so with tb.Log and
// returns none, or fails under ARCHITECT_REQUIRE_CORPUS=1. A pattern that
// matches nothing in the corpus fails: seeds are never lost in silence.
func CorpusFiles(tb testing.TB, pattern string) []string {
	tb.Helper()
	dir, abs, ok := corpusDir()
	if !ok {
		absent(tb, abs, "running without its files "+pattern, tb.Log)
		return nil
	}
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatalf("no file in the corpus at %s matches %s", dir, pattern)
	}
	return files
}

// SharedCorpus returns the directory of the corpus ../shared/corpus/NAME
// (realworld, beads-users, ...), for a test that cannot run without it.
// When it is missing, the test is skipped with a message naming the path,
// or fails under ARCHITECT_REQUIRE_CORPUS=1.
func SharedCorpus(tb testing.TB, name string) string {
	tb.Helper()
	dir, abs, ok := sharedDir(name)
	if !ok {
		absentCorpus(tb, name, abs, "skipped", tb.Skip)
	}
	return dir
}
