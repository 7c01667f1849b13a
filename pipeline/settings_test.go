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
	s, diags := resolve(config, ralph, plan.Defaults, Flags{Prefix: "cli"}, "")
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

	s, _ = resolve(config, ralph, plan.Defaults, Flags{SourceBranch: "hotfix", BranchTemplate: "x/{id}"}, "")
	require.Equal(t, "--source-branch", s.Merged.At["source branch"].String())
	require.Equal(t, "--branch-template", s.Merged.At["branch template"].String())
	require.Equal(t, "--source-branch", s.SourceBranchFrom)
}
