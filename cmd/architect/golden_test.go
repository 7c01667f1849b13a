package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/review"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// plansDir holds the plans every golden test compiles.
var plansDir = filepath.Join("..", "..", "testdata", "plans")

// inRepo copies a plan into a fresh repository directory named demo and
// returns the plan's path there and the directory holding the repository.
func inRepo(t *testing.T, name string, src []byte) (plan, base string) {
	t.Helper()
	base = newRepo(t)
	return putPlan(t, base, name, src), base
}

// newRepo makes the demo repository inRepo puts plans in, and returns the
// folder that holds it.
func newRepo(t *testing.T) (base string) {
	t.Helper()
	base = t.TempDir()
	if real, err := filepath.EvalSymlinks(base); err == nil {
		base = real
	}
	require.NoError(t, os.MkdirAll(filepath.Join(base, "demo", "plans"), 0o755))
	// The built-in agents are in the repository, as a beads-ralph
	// project has them; agents a plan names are not, and are warned about.
	agents := filepath.Join(base, "demo", ".claude", "agents")
	require.NoError(t, os.MkdirAll(agents, 0o755))
	for _, a := range []string{"beads-ralph-scrum-master", "general-purpose-dev", "merge-specialist", "qa-reviewer"} {
		require.NoError(t, os.WriteFile(filepath.Join(agents, a+".md"), []byte("# "+a+"\n"), 0o644))
	}
	return base
}

// putPlan writes a plan into the plans folder of newRepo's repository.
func putPlan(t *testing.T, base, name string, src []byte) (plan string) {
	t.Helper()
	plan = filepath.Join(base, "demo", "plans", name)
	require.NoError(t, os.WriteFile(plan, src, 0o644))
	return plan
}

// golden compares got with the golden file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./cmd/architect -run %s -update", t.Name())
	assert.Equal(t, string(want), string(got), "golden %s differs; if the change is intended, rerun with -update", path)
}

func noEnv(string) string { return "" }

// TestGolden compiles every plan under testdata/plans and compares the beads,
// the dry-run preview and the diagnostics with testdata/golden. Paths under
// the temporary repository are written as /ROOT.
func TestGolden(t *testing.T) {
	plans, err := filepath.Glob(filepath.Join(plansDir, "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, plans)
	for _, p := range plans {
		name := strings.TrimSuffix(filepath.Base(p), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(p)
			require.NoError(t, err)
			plan, base := inRepo(t, name+".md", src)
			c, err := compilePlan(plan, planFlags{repo: filepath.Join(base, "demo")}, nil, noEnv)
			require.NoError(t, err)
			anon := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(base), []byte("/ROOT")) }

			var diags bytes.Buffer
			report(&diags, c.diags)
			golden(t, filepath.Join("..", "..", "testdata", "golden", name+".diags"), anon(diags.Bytes()))

			if c.failed() {
				assert.Nil(t, c.beads, "a failed compile yields no beads")
				return
			}
			beads, err := emit.JSON(c.beads)
			require.NoError(t, err)
			golden(t, filepath.Join("..", "..", "testdata", "golden", name+".beads.json"), anon(beads))

			preview, err := review.PreviewJSON(newPreview(c))
			require.NoError(t, err)
			golden(t, filepath.Join("..", "..", "testdata", "golden", name+".dryrun.json"), anon(preview))

			// The same plan for other agent runners.
			for _, format := range []string{formatTodo, formatTaskInput} {
				var out, errs bytes.Buffer
				require.NoError(t, writeRunnerFormat(&compileOptions{format: format}, c, streams{out: &out, err: &errs}))
				golden(t, filepath.Join("..", "..", "testdata", "golden", name+"."+format+".json"), anon(out.Bytes()))
			}
		})
	}
}

// TestCorpusDependencies compiles beads-ralph's own plans and checks each
// sprint's dependencies against the ones that project expects.
func TestCorpusDependencies(t *testing.T) {
	corpus := plangen.Corpus(t)
	for _, name := range []string{"simple", "parallel", "complex"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(corpus, name+"-plan.md"))
			require.NoError(t, err)
			expData, err := os.ReadFile(filepath.Join(corpus, "expected-"+name+"-dependencies.json"))
			require.NoError(t, err)
			var expected map[string]struct {
				Sprint       string   `json:"sprint"`
				Dependencies []string `json:"dependencies"`
			}
			require.NoError(t, json.Unmarshal(expData, &expected))
			want := map[string][]string{}
			for _, e := range expected {
				var deps []string
				for _, d := range e.Dependencies {
					deps = append(deps, expected[d].Sprint)
				}
				sort.Strings(deps)
				want[e.Sprint] = deps
			}

			// The corpus plans put worktrees under ../test-worktrees, so the
			// repository is named test.
			base := t.TempDir()
			dir := filepath.Join(base, "test")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			plan := filepath.Join(dir, name+"-plan.md")
			require.NoError(t, os.WriteFile(plan, src, 0o644))
			c, err := compilePlan(plan, planFlags{}, nil, noEnv)
			require.NoError(t, err)
			require.False(t, c.failed(), "diagnostics: %v", c.diags)

			sprintOf := map[string]string{}
			for _, b := range c.beads {
				sprintOf[b.ID] = b.Metadata.Sprint
			}
			got := map[string][]string{}
			for _, b := range c.beads {
				var deps []string
				for _, d := range b.Dependencies {
					deps = append(deps, sprintOf[d])
				}
				sort.Strings(deps)
				got[b.Metadata.Sprint] = deps
			}
			assert.Equal(t, want, got)
		})
	}
}

// TestCorpusBeadShape checks that our beads carry every field of
// beads-ralph's own example beads, and that those examples pass our schema.
func TestCorpusBeadShape(t *testing.T) {
	corpus := plangen.Corpus(t)
	src, err := os.ReadFile(filepath.Join(corpus, "parallel-plan.md"))
	require.NoError(t, err)
	base := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(base, "test"), 0o755))
	plan := filepath.Join(base, "test", "plan.md")
	require.NoError(t, os.WriteFile(plan, src, 0o644))
	c, err := compilePlan(plan, planFlags{}, nil, noEnv)
	require.NoError(t, err)
	require.False(t, c.failed(), "diagnostics: %v", c.diags)
	ours, err := json.Marshal(c.beads[3]) // 1.3, a merge bead
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(ours, &got))

	for _, ex := range []string{"example-work-bead.json", "example-merge-bead.json"} {
		data, err := os.ReadFile(filepath.Join(corpus, ex))
		require.NoError(t, err)
		vs, err := emit.ValidateJSON(data)
		require.NoError(t, err)
		assert.Empty(t, vs, "%s passes the bead schema", ex)

		var want map[string]any
		require.NoError(t, json.Unmarshal(data, &want))
		for k := range want {
			assert.Contains(t, got, k, "top-level field of %s", ex)
		}
		gotMeta := got["metadata"].(map[string]any)
		for k := range want["metadata"].(map[string]any) {
			assert.Contains(t, gotMeta, k, "metadata field of %s", ex)
		}
	}
	assert.Equal(t, "beads-ralph-merge", got["issue_type"])
	assert.Equal(t, "test", got["metadata"].(map[string]any)["rig"])
}
