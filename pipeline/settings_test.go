package pipeline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/parser"
)

// TestResolveOrigins: the merged settings keep where each value came from,
// layer by layer: beads-ralph.yaml, .architect.yaml, the plan, the flags.
func TestResolveOrigins(t *testing.T) {
	ralph := &File{Path: "/r/beads-ralph.yaml", Data: []byte("max_parallel_sessions: 4\nrepo_name: shop\nsource_branch: main\n")}
	config := &File{Path: "/r/.architect.yaml", Data: []byte("team: Ops\nsource_branch: release\n")}
	plan := parser.Parse("/r/plan.md", []byte("**Team**: Core platform\n\n## Phase 1: A\n### Sprint 1.1: B\n- c\n"))
	s, diags := resolve(config, ralph, plan.Defaults, Flags{Prefix: "cli"}, Repo{}, nil, "/r/plan.md")
	require.Empty(t, diags)
	at := map[string]string{}
	for name, o := range s.Merged.At {
		at[name] = o.String()
	}
	require.Equal(t, map[string]string{
		"repo":          "/r/beads-ralph.yaml:2:1",
		"source branch": "/r/.architect.yaml:2:1",
		"team":          "/r/plan.md:1:1",
		"prefix":        "--prefix",
	}, at)
	require.Equal(t, "Core platform", s.Merged.Team)
	require.Equal(t, "release", s.Merged.SourceBranch)
	require.Equal(t, ".architect.yaml", s.SourceBranchFrom)

	s, _ = resolve(config, ralph, plan.Defaults, Flags{SourceBranch: "hotfix", BranchTemplate: "x/{id}"}, Repo{}, nil, "/r/plan.md")
	require.Equal(t, "--source-branch", s.Merged.At["source branch"].String())
	require.Equal(t, "--branch-template", s.Merged.At["branch template"].String())
	require.Equal(t, "--source-branch", s.SourceBranchFrom)
}

// TestSourceBranchDefault: with no setting naming a source branch, it is
// what the repository states, never the branch checked out: the branch the
// applied beads record, origin/HEAD, init.defaultBranch (when the
// repository has it, or no branch yet), main, master, then main built in.
// Each case names the layer, as the preview does.
func TestSourceBranchDefault(t *testing.T) {
	plan := parser.Parse("/r/plan.md", []byte(onePlan)).Defaults
	all := Repo{OriginHead: "develop", InitDefault: initDefault("trunk"), Branches: []string{"feature", "main", "master", "trunk"}}
	for _, c := range []struct {
		name     string
		repo     Repo
		applied  []string
		branch   string
		from     string
		warnings []string
	}{
		{"applied beads", all, []string{"release", "release"}, "release", "the beads applied from this plan", nil},
		{"origin/HEAD", all, nil, "develop", "origin/HEAD", nil},
		{"init.defaultBranch", Repo{InitDefault: initDefault("trunk"), Branches: []string{"main", "trunk"}}, nil, "trunk", "init.defaultBranch", nil},
		{"init.defaultBranch, no branch yet", Repo{InitDefault: initDefault("trunk"), Branches: []string{}}, nil, "trunk", "init.defaultBranch", nil},
		{"init.defaultBranch the repository lacks", Repo{InitDefault: initDefault("trunk"), Branches: []string{"feature", "master", "main"}}, nil, "main", "the repository's main branch", nil},
		{"master", Repo{Branches: []string{"feature", "master"}}, nil, "master", "the repository's master branch", nil},
		{"no branch to go by", Repo{Branches: []string{"feature"}}, nil, "main", "the built-in default", nil},
		{"outside git", Repo{}, nil, "main", "the built-in default", nil},
		{"applied beads that disagree", all, []string{"feature/x", "main", "main"}, "develop", "origin/HEAD", []string{
			"/r/plan.md: warning: the beads applied from this plan record 2 source branches (feature/x: 1, main: 2); using develop from origin/HEAD: set source_branch in the plan to keep another",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, diags := resolve(nil, nil, plan, Flags{}, c.repo, c.applied, "/r/plan.md")
			var got []string
			for _, d := range diags {
				got = append(got, d.Error())
			}
			require.Equal(t, c.warnings, got)
			require.Equal(t, []string{c.branch, c.from}, []string{s.Merged.SourceBranch, s.SourceBranchFrom})
		})
	}
	// A setting wins over every one of them.
	s, _ := resolve(nil, nil, plan, Flags{SourceBranch: "hotfix"}, all, []string{"release"}, "/r/plan.md")
	require.Equal(t, []string{"hotfix", "--source-branch"}, []string{s.Merged.SourceBranch, s.SourceBranchFrom})
}

// initDefault is a repository's init.defaultBranch, b.
func initDefault(b string) func() string { return func() string { return b } }
