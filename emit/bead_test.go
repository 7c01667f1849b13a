package emit

import (
	"fmt"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compileForTest(t *testing.T, src string) ([]Bead, parser.Diagnostics) {
	t.Helper()
	p := parser.Parse("p.md", []byte(src))
	require.Empty(t, p.Diags.Errors())
	g := planner.Build(p)
	require.Empty(t, g.Diags.Errors())
	set := Builtin().Merge(p.Defaults)
	set.SourceBranch = "main"
	return Beads(g, Options{Settings: set, RepoRoot: "/src/demo", RepoName: "demo", PlanFile: "p.md", Now: time.Unix(0, 0)})
}

// TestIDCollision: a derived id that another sprint's annotation already
// holds is lengthened, with a warning, never shared.
func TestIDCollision(t *testing.T) {
	taken := DeriveID("bd", "p.md", "1.1", 6)
	src := fmt.Sprintf("## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2: Y\n<!-- beads-ralph: %s -->\n- b\n", taken)
	beads, diags := compileForTest(t, src)
	require.Len(t, beads, 2)
	assert.Equal(t, DeriveID("bd", "p.md", "1.1", 7), beads[0].ID)
	assert.Equal(t, taken, beads[1].ID)
	assert.Equal(t, []string{beads[0].ID}, beads[1].Dependencies)
	require.Len(t, diags, 1)
	assert.Equal(t, fmt.Sprintf("p.md:2:1: warning: id %s of sprint 1.1 collides with sprint 1.2; using a longer one", taken), diags[0].Error())
}

// TestAnnotatedIDSurvivesEdits: an annotated sprint keeps its id when its
// title and number change.
func TestAnnotatedIDSurvivesEdits(t *testing.T) {
	before, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: Old title\n<!-- beads-ralph: bd-keep42 -->\n- a\n")
	after, _ := compileForTest(t, "## Phase 2: B\n### Sprint 2.3: New title\n<!-- beads-ralph: bd-keep42 -->\n- a\n")
	assert.Equal(t, "bd-keep42", before[0].ID)
	assert.Equal(t, "bd-keep42", after[0].ID)
}

func TestTeamNames(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2b: Y\n- b\n### Sprint 1.2a: Z\n**Team**: web\n- c\n"+
		"## Phase 3a: T\n### Sprint 3a.2b: W\n- d\n")
	got := map[string]string{}
	for _, b := range beads {
		got[b.Metadata.Sprint] = b.Metadata.TeamName
	}
	assert.Equal(t, map[string]string{"1.1": "phase-1", "1.2a": "web", "1.2b": "phase-1-b", "3a.2b": "phase-3a-b"}, got)
}

// TestClosedAtNotShared: closed beads carry the same time, each in its own
// string, so a caller changing one bead's closed_at leaves the others.
func TestClosedAtNotShared(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n**Status**: ✅ Done\n- a\n### Sprint 1.2: Y\n**Status**: ✅ Done\n- b\n")
	require.Len(t, beads, 2)
	require.NotNil(t, beads[0].ClosedAt)
	require.NotNil(t, beads[1].ClosedAt)
	assert.Equal(t, "1970-01-01T00:00:00Z", *beads[1].ClosedAt)
	*beads[0].ClosedAt = "2026-01-01T00:00:00Z"
	assert.Equal(t, "1970-01-01T00:00:00Z", *beads[1].ClosedAt)
}
