package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCorpusBDImportPlan compiles the beads-users plan written for bd's bulk
// create (plan 24) and checks it against expected.json: its units, none
// done or skipped, the units that start and end it, and that nothing
// runs side by side that the file's own deps do not make so.
func TestCorpusBDImportPlan(t *testing.T) {
	corpus := plangen.SharedCorpus(t, "beads-users")
	data, err := os.ReadFile(filepath.Join(corpus, "expected.json"))
	require.NoError(t, err)
	var all map[string]corpusExpect
	require.NoError(t, json.Unmarshal(data, &all))
	for _, name := range []string{"24-eventmachine-parallel-dispatch-bd-import.md"} {
		t.Run(strings.SplitN(name, "-", 2)[0], func(t *testing.T) {
			want, ok := all[name]
			require.True(t, ok, "expected.json has %s", name)
			src, err := os.ReadFile(filepath.Join(corpus, "plans", name))
			require.NoError(t, err)
			plan, base := inRepo(t, name, src)
			c, err := compilePlan(plan, planFlags{repo: filepath.Join(base, "demo")}, nil, noEnv)
			require.NoError(t, err)
			require.False(t, c.failed(), "diagnostics: %v", c.diags)

			units := append([]int{want.Units}, want.UnitsOK...)
			assert.Contains(t, units, len(c.beads), "units")
			done := 0
			for _, b := range c.beads {
				if b.Status == "closed" {
					done++
				}
			}
			assert.Equal(t, want.Done, done, "done")
			assert.Equal(t, want.Skipped, len(c.graph.Plan.Skipped), "skipped")

			g := c.graph
			first := g.Nodes[0].Sprint.Title
			assert.True(t, strings.HasPrefix(first, want.First) || anyPrefix(first, want.FirstOK), "first unit %q, want %q", first, want.First)
			for _, n := range g.Waves[0] {
				assert.True(t, strings.HasPrefix(n.Sprint.Title, want.First) || anyPrefix(n.Sprint.Title, want.FirstOK),
					"unit %q starts the plan; expected.json allows %q and %q", n.Sprint.Title, want.First, want.FirstOK)
			}
			last := g.Nodes[len(g.Nodes)-1]
			assert.True(t, strings.HasPrefix(last.Sprint.Title, want.Last), "last unit %q, want %q", last.Sprint.Title, want.Last)
			assert.Len(t, g.Waves[len(g.Waves)-1], 1, "one unit ends the plan")
			assert.Same(t, last, g.Waves[len(g.Waves)-1][0], "the last unit is the last wave")

			// The plan says nothing runs in parallel: every unit that
			// shares a wave got there through the deps the file states,
			// not through letters or a guess.
			parallel := false
			for _, n := range g.Nodes {
				if n.Sprint.Letters != "" {
					parallel = true
				}
				assert.True(t, n.Sprint.DepsStated, "unit %s %q: its deps are the file's", n.ID(), n.Sprint.Title)
			}
			assert.Equal(t, want.Parallel, parallel, "parallel")
		})
	}
}

func anyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
