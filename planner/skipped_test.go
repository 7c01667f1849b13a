package planner

import (
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergeNamesSkipped: a merged id may name a skipped member (struck
// through, or Status skipped). It depends on the named members that are
// live, or on the group's entry set when all are skipped; a letter that
// names nothing at all is still an error. Skipped members fill letter
// gaps and keep a lettered sibling company.
func TestMergeNamesSkipped(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string
		deps  map[string]string
		diags []string
	}{
		{
			name: "struck-through letter",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### ~~Sprint 1.2b: B~~\n- x\n" +
				"### Sprint 1.2c: C\n- x\n### Sprint 1.2bc: BC\n- x\n### Sprint 1.3: E\n- x\n",
			deps: map[string]string{"1.1": "", "1.2a": "1.1", "1.2c": "1.1", "1.2bc": "1.2c", "1.3": "1.2a 1.2bc"},
		},
		{
			name: "letter with Status skipped",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### Sprint 1.2b: B\n**Status**: skipped\n- x\n" +
				"### Sprint 1.2ab: AB\n- x\n### Sprint 1.3: E\n- x\n",
			deps: map[string]string{"1.1": "", "1.2a": "1.1", "1.2ab": "1.2a", "1.3": "1.2ab"},
		},
		{
			name: "every named letter skipped: the merge takes the entry set and stands for them",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### ~~Sprint 1.2a: A~~\n### ~~Sprint 1.2b: B~~\n" +
				"### Sprint 1.2c: C\n- x\n### Sprint 1.2ab: AB\n- x\n### Sprint 1.3: E\n- x\n",
			deps: map[string]string{"1.1": "", "1.2c": "1.1", "1.2ab": "1.1", "1.3": "1.2c 1.2ab"},
		},
		{
			name: "a later merge takes the skipped letters from the merge that stands for them",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### ~~Sprint 1.2a: A~~\n### ~~Sprint 1.2b: B~~\n" +
				"### Sprint 1.2c: C\n- x\n### Sprint 1.2ab: AB\n- x\n### Sprint 1.2abc: ABC\n- x\n### Sprint 1.3: E\n- x\n",
			deps: map[string]string{"1.1": "", "1.2c": "1.1", "1.2ab": "1.1", "1.2abc": "1.2c 1.2ab", "1.3": "1.2abc"},
		},
		{
			name: "a letter that names no sprint is still an error",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### ~~Sprint 1.2b: B~~\n" +
				"### Sprint 1.2abd: ABD\n- x\n",
			diags: []string{"7:1: error: merged sprint 1.2abd names 1.2d, which does not exist"},
		},
		{
			name: "struck-through track of a merged phase",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n## Phase 2a: L\n### Sprint 2a.1: L\n- x\n" +
				"## ~~Phase 2b: R~~\n### Sprint 2b.1: R\n- x\n## Phase 2ab: M\n### Sprint 2ab.1: M\n- x\n" +
				"## Phase 3: E\n### Sprint 3.1: E\n- x\n",
			deps: map[string]string{"1.1": "", "2a.1": "1.1", "2ab.1": "2a.1", "3.1": "2ab.1"},
		},
		{
			name: "a skipped sibling is no gap and keeps a lettered sprint company",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### ~~Sprint 1.2b: B~~\n" +
				"### Sprint 1.3a: A\n- x\n### Sprint 1.3b: B\n**Status**: skipped\n- x\n### Sprint 1.3c: C\n- x\n",
			deps: map[string]string{"1.1": "", "1.2a": "1.1", "1.3a": "1.2a", "1.3c": "1.2a"},
		},
		{
			name:  "a skipped sprint under a repeated phase heading fills a number gap",
			src:   "## Phase 1: A\n### Sprint 1.1: S\n- x\n## Phase 1: A again\n### ~~Sprint 1.2: T~~\n### Sprint 1.3: U\n- x\n",
			deps:  map[string]string{"1.1": "", "1.3": "1.1"},
			diags: []string{"4:1: warning: phase 1 is continued here; its first heading is at line 1"},
		},
		{
			name: "a skipped letter past a gap is still a gap",
			src: "## Phase 1: A\n### Sprint 1.1: S\n- x\n### Sprint 1.2a: A\n- x\n### ~~Sprint 1.2c: C~~\n" +
				"### Sprint 1.2ac: AC\n- x\n",
			deps:  map[string]string{"1.1": "", "1.2a": "1.1", "1.2ac": "1.2a"},
			diags: []string{"6:1: warning: numbering gap: sprint 1.2c has no 1.2b before it"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parser.Parse("p.md", []byte(tc.src))
			require.Empty(t, p.Diags)
			g := Build(p)
			assert.Equal(t, tc.diags, diags(g.Diags))
			if tc.deps != nil {
				assert.Equal(t, tc.deps, deps(g))
			}
		})
	}
}
