package emit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/parser"
)

const threeSprints = "## Phase 1: A\n### Sprint 1.1: One\n- a\n### Sprint 1.2: Two\n- b\n### Sprint 1.3: Three\n- c\n"

// TestExistingBranchClash: a repository branch "beads" makes every
// default branch impossible; that is one error at the first sprint, naming
// the branch, the others and the fix.
func TestExistingBranchClash(t *testing.T) {
	beads, diags := compileWith(t, threeSprints, func(o *Options) {
		o.ExistingBranches = []string{"main", "beads"}
	})
	require.Nil(t, beads)
	require.Equal(t, []string{
		"p.md:2:1: error: branch beads/p/1-1-one of sprint 1.1 (and the branches of 2 more sprints: 1.2, 1.3) cannot be created: the repository has a branch beads, and git keeps branches as files under refs/heads/, so beads cannot also be a folder; rename or delete the branch beads (git branch -m beads NEW-NAME), or set a branch_template outside it (now the default branch_template beads/{plan}/{id}-{slug})",
	}, messages(diags.Errors()))

	// A repository branch under a sprint's branch; one equal to it is the
	// sprint's own from an earlier run, noted only.
	_, diags = compileWith(t, threeSprints, func(o *Options) {
		o.ExistingBranches = []string{"main", "beads/p/1-2-two/wip", "beads/p/1-3-three"}
	})
	require.Equal(t, []string{
		"p.md:4:1: error: branch beads/p/1-2-two of sprint 1.2 cannot be created: the repository has a branch beads/p/1-2-two/wip under it, and git keeps branches as files under refs/heads/, so beads/p/1-2-two cannot be both a branch and a folder; rename or delete the branch beads/p/1-2-two/wip (git branch -m beads/p/1-2-two/wip NEW-NAME), or set a branch_template outside it (now the default branch_template beads/{plan}/{id}-{slug})",
	}, messages(diags.Errors()))
	require.Equal(t, []string{
		"p.md:6:1: info: branch beads/p/1-3-three of sprint 1.3 exists in the repository already: taken to be the sprint's own, from an earlier run",
	}, messages(diags.Only(parser.Info)))
}

// TestDoneSprintClashIsAWarning: no agent creates the branch of a sprint
// the plan calls done, so its clashes are warnings.
func TestDoneSprintClashIsAWarning(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n**Status**: done\n- a\n### Sprint 1.2: Two\n- b\n"
	beads, diags := compileWith(t, src, func(o *Options) {
		o.ExistingBranches = []string{"main", "beads/p/1-1-one/old"}
	})
	require.Len(t, beads, 2)
	require.Empty(t, diags.Errors())
	assert.Contains(t, messages(diags.Warnings()),
		"p.md:2:1: warning: branch beads/p/1-1-one of sprint 1.1 cannot be created: the repository has a branch beads/p/1-1-one/old under it, and git keeps branches as files under refs/heads/, so beads/p/1-1-one cannot be both a branch and a folder; rename or delete the branch beads/p/1-1-one/old (git branch -m beads/p/1-1-one/old NEW-NAME), or set a branch_template outside it (now the default branch_template beads/{plan}/{id}-{slug}); the plan calls the sprint done, so no agent will create its branch")

	src = "## Phase 1: A\n### Sprint 1.1: One\n**Status**: done\n**Branch**: `feature/x`\n- a\n### Sprint 1.2: Two\n**Branch**: `feature/x`\n- b\n"
	beads, diags = compileWith(t, src, nil)
	require.Len(t, beads, 2)
	assert.Contains(t, messages(diags.Warnings()),
		"p.md:7:1: warning: sprint 1.2 has the branch feature/x of sprint 1.1 (line 2): git holds one branch of a name, so one of them could not start; give one of them a **Branch**: of its own; sprint 1.1 is done, so no agent will create its branch")
}

// TestSourceBranchClash: a branch equal to or under its source branch.
func TestSourceBranchClash(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n**Branch**: `main/one`\n- a\n### Sprint 1.2: Two\n**Source Branch**: `develop`\n**Branch**: `develop`\n- b\n"
	_, diags := compileWith(t, src, nil)
	require.Equal(t, []string{
		"p.md:3:1: error: branch main/one of sprint 1.1 is under the sprint's source branch main: git keeps branches as files under refs/heads/, so the two cannot both exist; write another **Branch**:",
		"p.md:7:1: error: branch develop of sprint 1.2 is equal to the sprint's source branch develop: git keeps branches as files under refs/heads/, so the two cannot both exist; write another **Branch**:",
	}, messages(diags.Errors()))

	// A source branch that is a folder of the generated branches.
	_, diags = compileWith(t, threeSprints, func(o *Options) { o.Settings.SourceBranch = "beads/p" })
	require.Equal(t, []string{
		"p.md:2:1: error: branch beads/p/1-1-one of sprint 1.1 (and the branches of 2 more sprints: 1.2, 1.3) is under the sprint's source branch beads/p: git keeps branches as files under refs/heads/, so the two cannot both exist; set another source branch, or a branch_template outside it (now the default branch_template beads/{plan}/{id}-{slug})",
	}, messages(diags.Errors()))
}

// TestBranchTemplateSetting: a template from the settings names the
// branches; a bad one is one error at the setting's position.
func TestBranchTemplateSetting(t *testing.T) {
	beads, diags := compileWith(t, threeSprints, func(o *Options) { o.Settings.BranchTemplate = "feature/{id}-{slug}" })
	require.Empty(t, diags.Errors())
	assert.Equal(t, "feature/1-2-two", beads[1].Metadata.Branch)
	assert.Equal(t, "/src/demo-worktrees/feature/1-2-two", beads[1].Metadata.WorktreePath)

	beads, diags = compileWith(t, threeSprints, func(o *Options) {
		o.Settings.BranchTemplate = "{source}/{id}-{slug}"
		o.Settings.BranchTemplateAt = parser.Origin{File: ".architect.yaml", Pos: parser.Pos{Line: 3, Col: 18}}
	})
	require.Nil(t, beads)
	require.Equal(t, []string{
		".architect.yaml:3:18: error: branch_template \"{source}/{id}-{slug}\" gives main/1-2a-backend for sprint 1.2a from main, under its source branch; git keeps branches as files under refs/heads/, so the two cannot both exist: start the template with a folder of its own, as in beads/{plan}/{id}-{slug}",
	}, messages(diags.Errors()))

	// From the plan's front matter.
	src := "---\nbranch_template: work/{slug}\n---\n" + threeSprints
	p := parser.Parse("p.md", []byte(src))
	require.Equal(t, "work/{slug}", p.Defaults.BranchTemplate)
	require.Equal(t, parser.Origin{File: "p.md", Pos: parser.Pos{Line: 2, Col: 18}}, p.Defaults.BranchTemplateAt)
	_, diags = compileWith(t, src, nil)
	require.Equal(t, []string{
		"p.md:2:18: error: branch_template \"work/{slug}\" has no {id}, so sprints would share branches; put {id} in it, as in beads/{plan}/{id}-{slug}",
	}, messages(diags.Errors()))
}

// TestMergeLivePredecessors: a merge bead lists the branches of the
// predecessors the plan does not call done; with fewer than two of them
// the sprint starts from its source branch alone, as a work bead.
func TestMergeLivePredecessors(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n- a\n" +
		"### Sprint 1.2a: Left\n**Status**: done\n- b\n### Sprint 1.2b: Mid\n- c\n### Sprint 1.2c: Right\n- d\n" +
		"### Sprint 1.3: Join\n- e\n" +
		"## Phase 2: B\n### Sprint 2.1a: X\n**Status**: done\n- f\n### Sprint 2.1b: Y\n- g\n### Sprint 2.2: Join2\n- h\n"
	beads, diags := compileWith(t, src, nil)
	require.Empty(t, diags.Errors())
	byID := map[string]Bead{}
	for _, b := range beads {
		byID[b.Metadata.Sprint] = b
	}
	j := byID["1.3"]
	assert.Equal(t, TypeMerge, j.IssueType)
	assert.Equal(t, []string{"beads/p/1-2b-mid", "beads/p/1-2c-right"}, j.Metadata.BranchesToMerge)
	assert.Len(t, j.Dependencies, 3)
	assert.Contains(t, j.Labels, "merge")

	j2 := byID["2.2"]
	assert.Equal(t, TypeWork, j2.IssueType)
	assert.Nil(t, j2.Metadata.BranchesToMerge)
	assert.Len(t, j2.Dependencies, 2)
	assert.NotContains(t, j2.Labels, "merge")
	assert.Equal(t, ".claude/agents/general-purpose-dev", j2.Metadata.DevAgentPath)
	require.NoError(t, Validate(beads))
}
