package plangen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a testing.TB that records what it is told instead of
// stopping the test.
type recorder struct {
	testing.TB
	skips, fatals, logs []string
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skips = append(r.skips, fmt.Sprint(args...)) }
func (r *recorder) Fatal(args ...any) { r.fatals = append(r.fatals, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}
func (r *recorder) Log(args ...any) { r.logs = append(r.logs, fmt.Sprint(args...)) }

// TestCorpusRule: a missing corpus skips a test that needs it and is
// logged by a seed loader, naming the path, and fails both under
// ARCHITECT_REQUIRE_CORPUS=1; a present one is found from any package
// directory of the module, and a pattern that matches nothing fails.
func TestCorpusRule(t *testing.T) {
	base := t.TempDir()
	pkg := filepath.Join(base, "checkout", "emit", "review")
	require.NoError(t, os.MkdirAll(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(base, "checkout", "go.mod"), []byte("module x\n"), 0o644))
	t.Chdir(pkg)
	t.Setenv(SharedEnv, "")
	want := filepath.Join(base, "shared", "corpus", "beads-ralph")

	for _, env := range []string{"", "1"} {
		t.Setenv(CorpusEnv, env)
		r := &recorder{TB: t}
		Corpus(r)
		assert.Nil(t, CorpusFiles(r, "*.md"))
		if env == "1" {
			assert.Empty(t, r.skips)
			assert.Empty(t, r.logs)
			require.Len(t, r.fatals, 2)
		} else {
			assert.Empty(t, r.fatals)
			require.Len(t, r.skips, 1)
			require.Len(t, r.logs, 1)
		}
		for _, m := range append(append(append([]string(nil), r.skips...), r.logs...), r.fatals...) {
			assert.Contains(t, m, "the beads-ralph corpus is not at "+want+" ")
		}
	}

	require.NoError(t, os.MkdirAll(want, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(want, "simple-plan.md"), nil, 0o644))
	t.Setenv(CorpusEnv, "1")
	r := &recorder{TB: t}
	rel := filepath.Join("..", "..", "..", "shared", "corpus", "beads-ralph")
	assert.Equal(t, rel, Corpus(r))
	assert.Equal(t, []string{filepath.Join(rel, "simple-plan.md")}, CorpusFiles(r, "*-plan.md"))
	assert.Empty(t, r.fatals)
	assert.Nil(t, CorpusFiles(r, "*.json"))
	assert.Equal(t, []string{"no file in the corpus at " + rel + " matches *.json"}, r.fatals)
}
