package parser_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
)

// TestContendersReadTheSame: a parse that works out only the readings
// that can win (Options.Contenders, as compile and annotate parse) reads
// every plan the project has exactly as the full parse does: the same
// units, phases, diagnostics and reading notes, and the same chosen
// reading. Only the list of readings is shorter, and only for a plan in
// the beads-ralph dialect with no checkbox.
func TestContendersReadTheSame(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../testdata/plans/*.md", "../testdata/corpus/*/plans/*.md", "../testdata/corpus/*/*.md"} {
		got, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, got...)
	}
	files = append(files, plangen.CorpusFiles(t, "*.md")...)
	type plan struct {
		name string
		src  []byte
	}
	var plans []plan
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		plans = append(plans, plan{f, src})
	}
	for _, n := range []int{1, 5, 30} {
		plans = append(plans, plan{"plangen", plangen.Plan(n)})
	}
	plans = append(plans,
		plan{"dialect with a box", []byte("## Phase 1: A\n\n### Sprint 1.1: B\n\n- [ ] T001 do\n- [x] T002 did\n\n### Sprint 1.2: C\n")},
		plan{"dialect as an ExecPlan", []byte("# P\n\n## Purpose / Big Picture\n\nx\n\n## Progress\n\n- [x] one\n- [ ] two\n\n## Decision Log\n\n- d\n\n## Phase 1: A\n\n### Sprint 1.1: B\n")},
		plan{"dialect as a Conductor track", []byte("## Phase 1: A\n\n- [ ] Task: one\n- [ ] Task: two\n\n### Sprint 1.1: B\n\n## Phase 2: C\n\n- [x] Task: three\n")},
		plan{"declared", []byte("---\nunits: phases\n---\n## Phase 1: A\n\n### Sprint 1.1: B\n\n### Sprint 1.2: C\n")},
	)
	short := 0
	for _, p := range plans {
		full := parser.ParseWith(p.name, p.src, parser.Options{})
		quick := parser.ParseWith(p.name, p.src, parser.Options{Contenders: true})
		if len(quick.Candidates) < len(full.Candidates) {
			short++
		}
		assert.Equal(t, chosen(full), chosen(quick), "%s: the chosen reading", p.name)
		full.Candidates, quick.Candidates = nil, nil
		assert.Equal(t, full, quick, "%s: the plan read", p.name)
	}
	// The dialect plans without a box: plangen's three, and those of
	// testdata/plans and the corpora.
	assert.Greater(t, short, 3, "plans whose weaker readings were skipped")
}

func chosen(p *parser.Plan) string {
	for _, c := range p.Candidates {
		if c.Chosen {
			return c.Name + " | " + c.Declare
		}
	}
	return ""
}
