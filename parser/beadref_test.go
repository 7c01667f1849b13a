package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBeadRefs(t *testing.T) {
	src := "## Phase 1: A\n" +
		"### Sprint 1.1: bd-4uv.3 - Transport\n- a\n" +
		"### Sprint 1.2: Retry\n**Issue**: bd-si19\n- b\n" +
		"### Sprint 1.3: read-only - Mode\n- c\n" +
		"### Sprint 1.4: bd-abc: Cache\n- d\n" +
		"### Sprint 1.5: x-abc - Not ours\n**Bead**: `bd-si19`\n- e\n" +
		"\n```\nbd-4uv.3 -> 1.3\n```\n"
	p := Parse("p.md", []byte(src))
	got := map[string]string{}
	titles := map[string]string{}
	for _, s := range p.Sprints {
		got[s.ID] = s.BeadID.Value
		titles[s.ID] = s.Title
	}
	assert.Equal(t, map[string]string{"1.1": "bd-4uv.3", "1.2": "bd-si19", "1.3": "", "1.4": "bd-abc", "1.5": "bd-si19"}, got)
	assert.Equal(t, "Transport", titles["1.1"])
	assert.Equal(t, "Cache", titles["1.4"])
	assert.Equal(t, "read-only - Mode", titles["1.3"])
	assert.Equal(t, []string{"12:1: bead bd-si19 is named by sprint 1.2 (line 5) and sprint 1.5"}, msgs(p, Error))
	require.Len(t, p.Sprints[2].DependsOn, 1, "a dependency may name a bead id")
	assert.Equal(t, "1.1", p.Sprints[2].DependsOn[0].ID)
}

func TestBeadRefAnnotationWins(t *testing.T) {
	p := Parse("p.md", []byte("## Phase 1: A\n### Sprint 1.1: Retry\n<!-- beads-ralph: bd-zz9 -->\n**Issue**: bd-si19\n- b\n"))
	require.Len(t, p.Sprints, 1)
	assert.Equal(t, "bd-si19", p.Sprints[0].BeadID.Value)
	assert.Equal(t, []string{"3:1: sprint 1.1 is annotated with bd-zz9, but names bead bd-si19 (line 4); the annotation is used"}, msgs(p, Warning))
}
