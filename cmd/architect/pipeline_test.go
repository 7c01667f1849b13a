package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/pipeline"
	"github.com/stretchr/testify/require"
)

// builtinAgents are the agents the built-in settings name.
var builtinAgents = []string{"beads-ralph-scrum-master", "general-purpose-dev", "merge-specialist", "qa-reviewer"}

// readyRepo makes dir a repository beads-ralph can run a plain plan in:
// the built-in agents' files, and qa_agents in .architect.yaml, so that
// compiling a plan with no agents of its own warns about nothing.
func readyRepo(t *testing.T, dir string) {
	t.Helper()
	addAgents(t, dir, builtinAgents...)
	writeTestFile(t, filepath.Join(dir, configFile), "qa_agents:\n  - name: qa-reviewer\n    model: haiku\n")
}

// addAgents writes an agent file for each name under dir/.claude/agents.
func addAgents(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		writeTestFile(t, filepath.Join(dir, ".claude", "agents", name+".md"), "# "+name+"\n")
	}
}

func writeTestFile(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

// compileIn compiles the plan at path with the given flags and returns the
// compile and its diagnostics as printed, with base written as /BASE.
func compileIn(t *testing.T, base, path string, f planFlags) (*compiled, []string) {
	t.Helper()
	c, err := compilePlan(path, f, nil, noEnv)
	require.NoError(t, err)
	var out bytes.Buffer
	report(&out, c.diags)
	text := strings.ReplaceAll(out.String(), base, "/BASE")
	lines := []string{}
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return c, lines
}

// tempBase is a temporary directory with symlinks resolved, as findRepo
// resolves the repository root.
func tempBase(t *testing.T) string {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	return base
}

const onePlan = "## Phase 1: Start\n### Sprint 1.1: Setup\n- Scaffold\n"

// TestRalphConfig: beads-ralph.yaml's repo_name and source_branch are
// defaults below .architect.yaml, the plan and the flags.
func TestRalphConfig(t *testing.T) {
	base := tempBase(t)
	root := filepath.Join(base, "checkout")
	readyRepo(t, root)
	writeTestFile(t, filepath.Join(root, ralphConfigFile), "# beads-ralph\nmax_parallel_sessions: 4\nrepo_name: shop\nsource_branch: develop\nagent_defaults:\n  default_model: sonnet\n")
	plan := filepath.Join(root, "plan.md")
	writeTestFile(t, plan, onePlan)

	c, diags := compileIn(t, base, plan, planFlags{})
	require.Empty(t, diags)
	m := c.beads[0].Metadata
	require.Equal(t, []string{"shop", "develop", "beads/plan/1-1-setup", filepath.Join(base, "shop-worktrees", "beads", "plan", "1-1-setup")},
		[]string{m.Rig, m.SourceBranch, m.Branch, m.WorktreePath})

	// .architect.yaml, the plan and the flags each win over it.
	writeTestFile(t, filepath.Join(root, configFile), "repo: store\nqa_agents:\n  - name: qa-reviewer\n")
	c, _ = compileIn(t, base, plan, planFlags{})
	require.Equal(t, "store", c.beads[0].Metadata.Rig)
	require.Equal(t, "develop", c.beads[0].Metadata.SourceBranch)
	writeTestFile(t, plan, "**Integration Branch**: `trunk`\n\n"+onePlan)
	c, _ = compileIn(t, base, plan, planFlags{})
	require.Equal(t, "trunk", c.beads[0].Metadata.SourceBranch)
	c, _ = compileIn(t, base, plan, planFlags{sourceBranch: "next"})
	require.Equal(t, "next", c.beads[0].Metadata.SourceBranch)
}

// TestRalphConfigErrors: a beads-ralph.yaml that is not YAML is an error
// at its line; its other keys and their types are beads-ralph's business.
func TestRalphConfigErrors(t *testing.T) {
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	writeTestFile(t, filepath.Join(root, ralphConfigFile), "max_parallel_sessions: many\nrepo_name: shop\nsource_branch:\n  - develop\n")
	plan := filepath.Join(root, "plan.md")
	writeTestFile(t, plan, onePlan)
	c, diags := compileIn(t, base, plan, planFlags{})
	require.True(t, c.failed())
	require.Equal(t, []string{"/BASE/shop/beads-ralph.yaml:4:1: error: beads-ralph settings: cannot unmarshal !!seq into string"}, diags)
}

// gitIn runs git in dir and fails the test on an error.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	require.NoError(t, err, string(out))
}

// TestSourceBranchFromGit: with nothing configuring a source branch, it is
// the one the repository states, never the branch checked out: here a
// fresh repository's init.defaultBranch. It starts the sprint branches in
// its branch-safe form; source_branch keeps the real name, and -v says so
// without blaming a plan line.
func TestSourceBranchFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	gitIn(t, base, "init", "-q", root)
	gitIn(t, root, "config", "init.defaultBranch", "release/2.4.0")
	gitIn(t, root, "symbolic-ref", "HEAD", "refs/heads/feature/x")
	plan := filepath.Join(root, "plan.md")
	writeTestFile(t, plan, onePlan)

	c, diags := compileIn(t, base, plan, planFlags{verbose: true, branchTemplate: "{source}-work/{id}-{slug}"})
	require.Equal(t, []string{"/BASE/shop/plan.md: info: {source} in sprint branches is release/2-4-0, the branch-safe form of the source branch release/2.4.0 (from init.defaultBranch)"}, diags)
	m := c.beads[0].Metadata
	require.Equal(t, []string{"release/2.4.0", "release/2-4-0-work/1-1-setup", filepath.Join(base, "shop-worktrees", "release", "2-4-0-work", "1-1-setup")},
		[]string{m.SourceBranch, m.Branch, m.WorktreePath})

	// --source-branch sets it instead.
	c, diags = compileIn(t, base, plan, planFlags{sourceBranch: "main", verbose: true, branchTemplate: "{source}-work/{id}-{slug}"})
	require.Empty(t, diags)
	require.Equal(t, "main-work/1-1-setup", c.beads[0].Metadata.Branch)

	// Once the repository has branches, init.defaultBranch counts only
	// when it is one of them; then main, master, or main built in.
	gitIn(t, root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-q", "--allow-empty", "-m", "first")
	for _, c := range []struct{ branch, want, from string }{
		{"", "main", "the built-in default"}, // only feature/x
		{"master", "master", "the repository's master branch"},
		{"main", "main", "the repository's main branch"},
		{"release/2.4.0", "release/2.4.0", "init.defaultBranch"},
	} {
		if c.branch != "" {
			gitIn(t, root, "branch", c.branch)
		}
		got, _ := compileIn(t, base, plan, planFlags{})
		require.Equal(t, []string{c.want, c.from}, []string{got.settings.SourceBranch, got.sourceFrom})
	}
}

// TestLinkedWorktree: in a linked worktree of the repository, a compile
// finds the main worktree for the beads' worktrees and rig, and reads the
// plan, the settings and the agents where it stands.
func TestLinkedWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	writeTestFile(t, filepath.Join(root, "plans", "p.md"), onePlan)
	gitIn(t, base, "init", "-q", "-b", "main", root)
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-q", "-m", "plan")
	wt := filepath.Join(base, "elsewhere", "wt")
	gitIn(t, root, "worktree", "add", "-q", "-b", "beads/p/1-1-setup", wt)
	// The worktree's own settings are what it reads.
	writeTestFile(t, filepath.Join(wt, configFile), "qa_agents:\n  - name: qa-reviewer\n    model: haiku\nteam: wheels\n")

	c, diags := compileIn(t, base, filepath.Join(wt, "plans", "p.md"), planFlags{})
	require.Empty(t, diags)
	m := c.beads[0].Metadata
	require.Equal(t, []string{wt, root, "shop", "plans/p.md", "main", filepath.Join(base, "shop-worktrees", "beads", "p", "1-1-setup"), "wheels"},
		[]string{c.repo.root, c.repo.home, m.Rig, m.PlanFile, m.SourceBranch, m.WorktreePath, m.TeamName})

	// A bare repository's checkouts are all linked worktrees: the beads'
	// worktrees go beside the bare folder, named without its .git.
	bare := filepath.Join(base, "bare", "store.git")
	gitIn(t, base, "clone", "-q", "--bare", root, bare)
	for _, w := range []string{"main", "second"} {
		gitIn(t, bare, "worktree", "add", "-q", filepath.Join(base, "bare", w), map[string]string{"main": "main", "second": "beads/p/1-1-setup"}[w])
	}
	for _, w := range []string{"main", "second"} {
		dir := filepath.Join(base, "bare", w)
		writeTestFile(t, filepath.Join(dir, configFile), "qa_agents:\n  - name: qa-reviewer\n")
		c, diags = compileIn(t, base, filepath.Join(dir, "plans", "p.md"), planFlags{})
		require.Empty(t, diags)
		require.Equal(t, []string{filepath.Join(base, "bare", "store"), filepath.Join(base, "bare", "store-worktrees", "beads", "p", "1-1-setup")},
			[]string{c.repo.home, c.beads[0].Metadata.WorktreePath}, dir)
	}
}

// TestAgentFiles: an agent whose file is not in the repository's agents
// folder is named in one warning, with the line of its first use.
func TestAgentFiles(t *testing.T) {
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	addAgents(t, root, "go-dev")
	require.NoError(t, os.Mkdir(filepath.Join(root, ".claude", "agents", "qa-docs.md"), 0o755)) // a folder is not an agent
	plan := filepath.Join(root, "plan.md")
	writeTestFile(t, plan, "## Phase 1: Start\n### Sprint 1.1: Setup\n**Dev Agents**:\n- `go-dev` (sonnet)\n\n**QA Agents**:\n- `qa-docs` (haiku) - check the docs\n\n**Tasks**:\n- a\n"+
		"### Sprint 1.2: More\n**QA Agents**:\n- `qa-docs` (haiku) - again\n- `qa-go`\n\n**Tasks**:\n- b\n")
	_, diags := compileIn(t, base, plan, planFlags{})
	require.Equal(t, []string{
		"/BASE/shop/plan.md:7:1: warning: 2 agents are not in the repository, so beads-ralph will not find them unless an earlier sprint creates them: qa-docs (.claude/agents/qa-docs.md, first named for line 7), qa-go (.claude/agents/qa-go.md, first named for line 14)",
	}, diags)
}

// TestWorktreeForAnotherCheckout: a plan written for a checkout named
// billing compiles in a clone named shop, with a warning naming both.
func TestWorktreeForAnotherCheckout(t *testing.T) {
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	plan := filepath.Join(root, "plan.md")
	writeTestFile(t, plan, "## Phase 1: Start\n### Sprint 1.1: Setup\n**Worktree**: `../billing-worktrees/feature/1-1`\n- a\n")
	c, diags := compileIn(t, base, plan, planFlags{})
	require.Equal(t, []string{
		`/BASE/shop/plan.md:3:1: warning: worktree "../billing-worktrees/feature/1-1" is /BASE/billing-worktrees/feature/1-1, used as written, but it is not under /BASE/shop-worktrees, the worktrees folder of repository shop: was the plan written for a checkout named otherwise?`,
	}, diags)
	require.Equal(t, filepath.Join(base, "billing-worktrees", "feature", "1-1"), c.beads[0].Metadata.WorktreePath)
}

// TestRepoFactsAsForEachRef: repoFacts' one rev-parse run gives the top
// level, the common directory, the branches and origin/HEAD's branch that
// rev-parse --show-toplevel --git-common-dir and git for-each-ref give,
// whatever the refs: none yet, nested, named like a tag or like a remote
// ref, symbolic, pointing at no object, packed; origin/HEAD missing,
// symbolic, plain or dangling; and in a linked worktree. Outside a
// repository it finds none.
func TestRepoFactsAsForEachRef(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	sub := filepath.Join(root, "docs", "plans")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	gitIn(t, base, "init", "-q", "-b", "main", root)
	wt := filepath.Join(base, "wt")

	same := func(step string, dirs ...string) {
		t.Helper()
		for _, dir := range dirs {
			out, err := gitOut(dir, factsArgs...)
			require.NoError(t, err, step)
			got, ok := factsFrom(out)
			require.True(t, ok, "%s: %q", step, out)
			out, err = gitOut(dir, "rev-parse", "--show-toplevel", "--git-common-dir")
			require.NoError(t, err, step)
			want := facts{top: firstLine(out), common: lastLine(out)}
			want.branches, want.originHead = repoBranches(dir)
			require.Equal(t, want, got, "%s, in %s", step, dir)
		}
	}
	same("a fresh repository", root, sub)
	gitIn(t, root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-q", "--allow-empty", "-m", "first")
	same("one branch", root, sub)
	for _, b := range []string{"feature/x", "deep/er/still", "refs/remotes/origin/zz", "v1"} {
		gitIn(t, root, "branch", b)
	}
	gitIn(t, root, "tag", "main")
	gitIn(t, root, "tag", "v1")
	same("branches nested, named as tags and as remote refs", root, sub)
	gitIn(t, root, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
	writeTestFile(t, filepath.Join(root, ".git", "refs", "heads", "gone"), "deadbeefdeadbeefdeadbeefdeadbeefdeadbeef\n")
	same("a symbolic branch and one at no object", root, sub)
	gitIn(t, root, "update-ref", "refs/remotes/origin/main", "HEAD")
	gitIn(t, root, "update-ref", "refs/remotes/origin/HEADS", "HEAD")
	same("origin/HEAD missing, a ref named like it there", root)
	gitIn(t, root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	same("origin/HEAD names origin/main", root, sub)
	gitIn(t, root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/heads/v1")
	same("origin/HEAD names a branch", root)
	gitIn(t, root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/nothing")
	same("origin/HEAD dangling", root)
	gitIn(t, root, "update-ref", "--no-deref", "refs/remotes/origin/HEAD", "main")
	same("origin/HEAD not symbolic", root)
	gitIn(t, root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	gitIn(t, root, "pack-refs", "--all")
	same("packed refs", root, sub)
	gitIn(t, root, "worktree", "add", "-q", wt, "feature/x")
	same("a linked worktree", wt, root)

	_, inGit := repoFacts(filepath.Join(root, ".git"))
	require.False(t, inGit, "inside the git folder there is no work tree")
	outside := filepath.Join(base, "outside")
	require.NoError(t, os.MkdirAll(outside, 0o755))
	if _, err := gitOut(outside, "rev-parse", "--show-toplevel"); err == nil {
		t.Skip("the temporary folder is inside a repository")
	}
	_, inGit = repoFacts(outside)
	require.False(t, inGit, "outside a repository")
}

// TestParseWhileGitRuns: a compile parses the plan while git runs, in the
// checkout likelyRoot guesses, and keeps that parse only when git finds
// the same root; the result is the pipeline's own run on the same input.
// Here an empty .git folder (no repository) makes the guess wrong for a
// plan under it: the plan is parsed again in the repository git finds,
// with that repository's settings and plan path.
func TestParseWhileGitRuns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	readyRepo(t, root)
	gitIn(t, base, "init", "-q", "-b", "main", root)
	inner := filepath.Join(root, "inner")
	require.NoError(t, os.MkdirAll(filepath.Join(inner, ".git"), 0o755))
	writeTestFile(t, filepath.Join(inner, configFile), "prefix: wrong\n")
	for _, c := range []struct {
		plan, planFile string
		early          bool
	}{
		{filepath.Join(root, "plans", "p.md"), "plans/p.md", true},
		{filepath.Join(inner, "plans", "p.md"), "inner/plans/p.md", false},
	} {
		writeTestFile(t, c.plan, onePlan)
		got, diags := compileIn(t, base, c.plan, planFlags{})
		require.Empty(t, diags, c.plan)
		require.Equal(t, c.early, got.parsedEarly, c.plan)
		require.Equal(t, []string{root, c.planFile, filepath.Join(root, configFile)},
			[]string{got.repo.root, got.input.PlanFile, got.input.Config.Path}, c.plan)
		want, err := pipeline.Run(got.input)
		require.NoError(t, err)
		require.Equal(t, want.Beads, got.beads, c.plan)
		require.Equal(t, dropInfo(want.Diags), got.diags, c.plan)
	}
}
