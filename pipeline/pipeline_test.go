package pipeline

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/parser"
)

const onePlan = "## Phase 1: Start\n### Sprint 1.1: Setup\n- Scaffold\n"

// layered is a plan whose front matter and preamble set settings that
// every other layer sets too.
const layered = "---\nprefix: pl\nrepo: plan-repo\nallowed_paths: [plan/]\n---\n**Integration Branch**: `trunk`\n\n" + onePlan

func ralphFile() *File {
	return &File{Path: "/src/shop/beads-ralph.yaml", Data: []byte("repo_name: ralph-repo\nsource_branch: develop\n")}
}

func configFile() *File {
	return &File{Path: "/src/shop/.architect.yaml", Data: []byte("prefix: cfg\nrepo: cfg-repo\nsource_branch: release\ndev_model: opus\nallowed_paths: [cfg/]\n")}
}

// run compiles src in the repository /src/shop and fails on an error.
func run(t *testing.T, in Input) *Result {
	t.Helper()
	if in.File == "" {
		in.File, in.PlanFile = "/src/shop/plan.md", "plan.md"
	}
	in.Repo.Root, in.Repo.Name = "/src/shop", "shop"
	r, err := Run(in)
	require.NoError(t, err)
	return r
}

// TestLayers: each layer wins over the ones below it, the pins add up, and
// the source branch names the layer it came from; peeling the layers off
// from the top shows each one's values.
func TestLayers(t *testing.T) {
	type want struct {
		prefix, repo, branch, from, devModel, template string
		allowed                                        []string
	}
	flags := Flags{Prefix: "fl", SourceBranch: "next", BranchTemplate: "work/{id}"}
	// A repository that states a default branch, which every layer above
	// the repository's own wins over.
	repo := Repo{OriginHead: "trunk", Branches: []string{"main", "feature"}}
	cases := []struct {
		name          string
		config, ralph *File
		plan          string
		flags         Flags
		repo          Repo
		want          want
	}{
		{"every layer", configFile(), ralphFile(), layered, flags, repo,
			want{"fl", "plan-repo", "next", "--source-branch", "opus", "work/{id}", []string{"cfg/", "plan/"}}},
		{"no flags", configFile(), ralphFile(), layered, Flags{}, repo,
			want{"pl", "plan-repo", "trunk", "the plan", "opus", "", []string{"cfg/", "plan/"}}},
		{"no plan settings", configFile(), ralphFile(), onePlan, Flags{}, repo,
			want{"cfg", "cfg-repo", "release", ".architect.yaml", "opus", "", []string{"cfg/"}}},
		{"beads-ralph.yaml only", nil, ralphFile(), onePlan, Flags{}, repo,
			want{"bd", "ralph-repo", "develop", "beads-ralph.yaml", "sonnet", "", nil}},
		{"the repository's default branch", nil, nil, onePlan, Flags{}, repo,
			want{"bd", "", "trunk", "origin/HEAD", "sonnet", "", nil}},
		{"built-ins", nil, nil, onePlan, Flags{}, Repo{},
			want{"bd", "", "main", "the built-in default", "sonnet", "", nil}},
		// A flag alone wins over the config files, and the plan's branch over
		// beads-ralph.yaml's, with the other settings left to the layers below.
		{"only --source-branch", configFile(), ralphFile(), layered, Flags{SourceBranch: "next"}, Repo{},
			want{"pl", "plan-repo", "next", "--source-branch", "opus", "", []string{"cfg/", "plan/"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, Input{Src: []byte(c.plan), Config: c.config, RalphConfig: c.ralph, Flags: c.flags, Repo: c.repo})
			require.False(t, r.Diags.HasErrors(), "%v", r.Diags)
			s := r.Settings.Merged
			require.Equal(t, c.want, want{s.Prefix, s.Repo, s.SourceBranch, r.Settings.SourceBranchFrom, s.DevModel, s.BranchTemplate, s.AllowedPaths})
			if c.flags.BranchTemplate != "" {
				require.Equal(t, parser.Origin{File: "--branch-template"}, s.BranchTemplateAt)
			}
			// The beads are built with the merged settings.
			m := r.Beads[0].Metadata
			rig := c.want.repo
			if rig == "" {
				rig = "shop"
			}
			require.Equal(t, []string{c.want.prefix + "-", rig, c.want.branch, c.want.devModel},
				[]string{r.Beads[0].ID[:len(c.want.prefix)+1], m.Rig, m.SourceBranch, m.DevModel})
		})
	}
}

// TestConfigDiagnostics: the config files' problems come with the plan's,
// at their lines and sorted; a file that does not parse adds no settings.
func TestConfigDiagnostics(t *testing.T) {
	r := run(t, Input{
		Src:         []byte("**Integration Branch**: `a..b`\n\n" + onePlan),
		Config:      &File{Path: "/src/shop/.architect.yaml", Data: []byte("prefix: cfg\ncolour: blue\n")},
		RalphConfig: &File{Path: "/src/shop/beads-ralph.yaml", Data: []byte("repo_name: shop\nsource_branch:\n  - develop\n")},
	})
	// The parser's and emit's own wording is theirs; what this package
	// decides is which diagnostics are there, in what order, and the
	// origins it names.
	type at struct {
		file     string
		line     int
		severity parser.Severity
	}
	var got []at
	for _, d := range r.Diags {
		got = append(got, at{d.File, d.Pos.Line, d.Severity})
	}
	require.Equal(t, []at{
		{"/src/shop/.architect.yaml", 2, parser.Warning}, // colour: blue
		{"/src/shop/beads-ralph.yaml", 3, parser.Error},
		{"/src/shop/plan.md", 1, parser.Error},   // the source branch, at its Integration Branch line
		{"/src/shop/plan.md", 4, parser.Warning}, // no QA agent
	}, got)
	require.Equal(t, "/src/shop/beads-ralph.yaml:3:1: error: beads-ralph settings: cannot unmarshal !!seq into string", r.Diags[1].Error())
	require.True(t, strings.HasPrefix(r.Diags[2].Msg, "source branch from the plan: "), r.Diags[2].Msg)
	require.True(t, r.Failed())
	require.Nil(t, r.Beads)
	require.Equal(t, "cfg", r.Settings.Merged.Prefix)
	require.Equal(t, "", r.Settings.Merged.Repo)
}

// TestStamp: the given time stamps the beads (updated_at; created_at
// counts back from it in ready order); without one the plan's
// created date does, else the Unix epoch.
func TestStamp(t *testing.T) {
	dated := "---\ncreated: 2025-03-04\n---\n" + onePlan
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 3600))
	for _, c := range []struct {
		src  string
		now  time.Time
		want string
	}{
		{dated, at, "2026-01-02T02:04:05Z"},
		{dated, time.Time{}, "2025-03-04T00:00:00Z"},
		{onePlan, time.Time{}, "1970-01-01T00:00:00Z"},
	} {
		r := run(t, Input{Src: []byte(c.src), Now: c.now})
		require.Equal(t, c.want, r.Beads[0].UpdatedAt, c.src)
	}
}

// TestNoSprints: a plan without sprints has no graph and fails, with the
// parser's error.
func TestNoSprints(t *testing.T) {
	r := run(t, Input{Src: []byte("# Notes\n")})
	require.True(t, r.Failed())
	require.Nil(t, r.Graph)
	require.Len(t, r.Diags, 1)
	require.True(t, strings.HasPrefix(r.Diags[0].Error(), "/src/shop/plan.md:1:1: error: /src/shop/plan.md is not a plan"), r.Diags[0].Error())
}

// TestLettersFromConfig: the letters setting of a config file reaches the
// planner, and the plan's own setting wins over it.
func TestLettersFromConfig(t *testing.T) {
	const plan = "## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2a: Y\n- b\n### Sprint 1.2b: Z\n- c\n"
	deps := func(r *Result) map[string][]string {
		out := map[string][]string{}
		for _, n := range r.Graph.Nodes {
			for _, d := range n.Deps {
				out[n.ID()] = append(out[n.ID()], d.ID())
			}
		}
		return out
	}
	config := &File{Path: "/src/shop/.architect.yaml", Data: []byte("letters: sequence\n")}
	require.Equal(t, map[string][]string{"1.2a": {"1.1"}, "1.2b": {"1.1"}}, deps(run(t, Input{Src: []byte(plan)})))
	require.Equal(t, map[string][]string{"1.2a": {"1.1"}, "1.2b": {"1.2a"}}, deps(run(t, Input{Src: []byte(plan), Config: config})))
	require.Equal(t, map[string][]string{"1.2a": {"1.1"}, "1.2b": {"1.1"}},
		deps(run(t, Input{Src: []byte("---\nletters: parallel\n---\n" + plan), Config: config})))
}

// TestAppliedSourceBranch: the beads applied from the plan keep their
// source branch when no setting names one; a bead whose sprint sets its own
// **Source Branch**: says nothing about the plan's.
func TestAppliedSourceBranch(t *testing.T) {
	src := onePlan + "### Sprint 1.2: Hotfix\n**Source Branch**: `hotfix`\n- Patch\n"
	repo := Repo{OriginHead: "main", Branches: []string{"main", "release", "hotfix"}}
	r := run(t, Input{Src: []byte(src), Repo: repo, Applied: []AppliedBead{{"1.1", "release"}, {"1.2", "hotfix"}}})
	require.False(t, r.Failed(), "%v", r.Diags)
	require.Equal(t, "the beads applied from this plan", r.Settings.SourceBranchFrom)
	require.Equal(t, []string{"release", "hotfix"}, []string{r.Beads[0].Metadata.SourceBranch, r.Beads[1].Metadata.SourceBranch})

	// Without a database read, the repository's default branch.
	r = run(t, Input{Src: []byte(src), Repo: repo})
	require.Equal(t, "origin/HEAD", r.Settings.SourceBranchFrom)
	require.Equal(t, []string{"main", "hotfix"}, []string{r.Beads[0].Metadata.SourceBranch, r.Beads[1].Metadata.SourceBranch})
}
