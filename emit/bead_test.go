package emit

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
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

// TestJSONMatchesSliceEncoding: JSON encodes bead by bead, and must give the
// same bytes as encoding the whole slice.
func TestJSONMatchesSliceEncoding(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X <&>\n- a\n### Sprint 1.2a: Y\n- b\n### Sprint 1.2b: Z\n- c\n### Sprint 1.3: W\n- d\n")
	for _, n := range []int{0, 1, len(beads)} {
		got, err := JSON(beads[:n])
		require.NoError(t, err)
		want, err := marshalIndent(append([]Bead{}, beads[:n]...))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%d beads", n)
	}
}

// TestBeadsDiagnosticsInNodeOrder breaks sprints across many chunks of
// the parallel emitter and checks the diagnostics come out as one loop
// over the nodes gives them, whatever GOMAXPROCS is.
func TestBeadsDiagnosticsInNodeOrder(t *testing.T) {
	p := parser.Parse("plan.md", plangen.Plan(3000))
	g := planner.Build(p)
	require.False(t, g.Diags.HasErrors())
	bad := []int{5, 600, 1100, 2999}
	for i, k := range bad {
		s := g.Nodes[k].Sprint
		if i%2 == 0 {
			s.Branch = parser.Field{Value: "bad..branch", Pos: parser.Pos{Line: k + 1, Col: 1}}
		} else {
			s.Worktree = parser.Field{Value: "../../escape", Pos: parser.Pos{Line: k + 1, Col: 1}}
		}
	}
	o := Options{
		Settings: Builtin().Merge(p.Defaults).Merge(parser.Defaults{SourceBranch: "main"}),
		RepoRoot: "/src/repo", RepoName: "repo", PlanFile: "plans/plan.md",
	}
	var runs []parser.Diagnostics
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		beads, diags := Beads(g, o)
		runtime.GOMAXPROCS(old)
		require.Nil(t, beads)
		runs = append(runs, diags)
	}
	require.Equal(t, runs[0], runs[1])
	var got []string
	for _, d := range runs[0] {
		got = append(got, fmt.Sprintf("%d: %s", d.Pos.Line, d.Msg))
	}
	require.Equal(t, []string{
		`6: branch "bad..branch" contains ".."`,
		`1101: branch "bad..branch" contains ".."`,
		`601: worktree "../../escape" is outside the worktrees directory /src/repo-worktrees: agents would write there`,
		`3000: worktree "../../escape" is outside the worktrees directory /src/repo-worktrees: agents would write there`,
	}, got)
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
