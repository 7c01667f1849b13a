package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/review"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusExpect is one plan's entry in a shared corpus's expected.json: what a
// careful reader expects of it.
type corpusExpect struct {
	Units    int      `json:"units"`
	UnitsOK  []int    `json:"units_ok"`
	Done     int      `json:"done"`
	Skipped  int      `json:"skipped"`
	First    string   `json:"first"`
	FirstOK  []string `json:"first_ok"`
	Last     string   `json:"last"`
	Parallel bool     `json:"parallel"`
}

// corpusPlans lists the shared corpora of public plans this test reads, and
// the plans of each it does not read as expected yet (with why).
var corpusPlans = map[string]map[string]string{
	"realworld": {},
	"beads-users": {
		"24-eventmachine-parallel-dispatch-bd-import.md": "bd's Markdown bulk-create format: read by the bdfile reader (issue 22)",
		"30-atelier-harness-registry-plan.md":            "P1 phases with **T1:** bold-paragraph units and dependency arrows (issue 22)",
		"33-pureclaw-mvp-epics-active-plan.md":           "a stated execution order 1 → 2 → 4 → 3 and parallel epics in words (issue 22)",
	},
}

// TestCorpusShapes compiles every plan of the shared corpora of public plans
// (../shared/corpus/realworld and beads-users) and checks what their
// expected.json says: the number of units, how many are done and skipped,
// the first and last unit, and whether any run side by side. Its goldens
// (testdata/golden/corpus) are compared only when the corpus is there, so a
// fresh clone needs nothing beside it.
func TestCorpusShapes(t *testing.T) {
	for _, corpus := range []string{"realworld", "beads-users"} {
		dir := plangen.SharedCorpus(t, corpus)
		data, err := os.ReadFile(filepath.Join(dir, "expected.json"))
		require.NoError(t, err)
		var expected map[string]corpusExpect
		require.NoError(t, json.Unmarshal(data, &expected))
		names := slices.Sorted(func(yield func(string) bool) {
			for k := range expected {
				if !yield(k) {
					return
				}
			}
		})
		for _, name := range names {
			want := expected[name]
			t.Run(corpus+"/"+strings.TrimSuffix(name, ".md"), func(t *testing.T) {
				if why, ok := corpusPlans[corpus][name]; ok {
					t.Skip("not read as expected yet: " + why)
				}
				src, err := os.ReadFile(filepath.Join(dir, "plans", name))
				require.NoError(t, err)
				plan, base := inRepo(t, name, src)
				c, err := compilePlan(plan, planFlags{repo: filepath.Join(base, "demo")}, nil, noEnv)
				require.NoError(t, err)
				anon := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(base), []byte("/ROOT")) }
				stem := filepath.Join("..", "..", "testdata", "golden", "corpus", corpus, strings.TrimSuffix(name, ".md"))

				var diags bytes.Buffer
				report(&diags, c.diags)
				golden(t, stem+".diags", anon(diags.Bytes()))
				require.False(t, c.failed(), "the plan compiles:\n%s", diags.String())

				units := len(c.graph.Nodes)
				if units != want.Units {
					assert.Contains(t, want.UnitsOK, units, "units")
				}
				done := 0
				for _, n := range c.graph.Nodes {
					if n.Sprint.Status.Value == "closed" {
						done++
					}
				}
				assert.Equal(t, want.Done, done, "done")
				assert.Equal(t, want.Skipped, len(c.plan.Skipped), "skipped")
				first, last := c.graph.Nodes[0].Sprint.Title, c.graph.Nodes[units-1].Sprint.Title
				if units == want.Units {
					assert.Contains(t, append([]string{want.First}, want.FirstOK...), first, "first unit")
					assert.Equal(t, want.Last, last, "last unit")
				}
				parallel := false
				for _, w := range c.graph.Waves {
					parallel = parallel || len(w) > 1
				}
				assert.Equal(t, want.Parallel, parallel, "parallel")

				beads, err := emit.JSON(c.beads)
				require.NoError(t, err)
				golden(t, stem+".beads.json", anon(beads))
				preview, err := review.PreviewJSON(review.NewPreview(c.graph, c.beads, c.diags.Warnings()))
				require.NoError(t, err)
				golden(t, stem+".dryrun.json", anon(preview))
			})
		}
	}
}
