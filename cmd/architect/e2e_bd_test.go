package main

// The end-to-end test: plans applied into a real bd database in a real git
// repository, then worked to the end by a scripted scrum master that does
// exactly what each bead's metadata says. It runs under
// ARCHITECT_REQUIRE_BD=1, as the other real-bd tests do.

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser/plangen"
)

// convergePlan reuses the sprint ids of example.md (1.1, 2.1, 3a.1, 3a.2,
// 3b.1, 4.1) in the same database; it calls 1.1 done and 2.1 in progress.
const convergePlan = `# Phase split and converge

## Phase 1: Base
### Sprint 1.1: Base
**Status**: done
- Base work

## Phase 2: Core
### Sprint 2.1: Core
**Status**: in progress
- Core work

## Phase 3a: Track A
### Sprint 3a.1: A one
- A one
### Sprint 3a.2: A two
- A two

## Phase 3b: Track B
### Sprint 3b.1: B one
- B one

## Phase 4: Converge
### Sprint 4.1: Converge
- Bring A and B together
`

// readyBead is what the scrum master reads of a bead in bd ready --json.
type readyBead struct {
	ID        string `json:"id"`
	IssueType string `json:"issue_type"`
	Metadata  struct {
		Branch          string   `json:"branch"`
		SourceBranch    string   `json:"source_branch"`
		WorktreePath    string   `json:"worktree_path"`
		BranchesToMerge []string `json:"branches_to_merge"`
		PlanFile        string   `json:"plan_file"`
		Sprint          string   `json:"sprint"`
	} `json:"metadata"`
}

// scrumMaster works a bd database the way beads-ralph's loop does, with a
// script for the agents: it records what it ran.
type scrumMaster struct {
	t    *testing.T
	r    *bdRepo
	log  []string // the git and bd commands, as run
	ran  []string // bead ids, in the order they ran
	took time.Duration
}

// git runs git in dir and fails the test on any git failure.
func (sm *scrumMaster) git(dir string, argv ...string) string {
	sm.t.Helper()
	sm.log = append(sm.log, "git "+strings.Join(argv, " "))
	cmd := exec.Command("git", append([]string{"-C", dir}, argv...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(sm.t, cmd.Run(), "git %v in %s: %s", argv, dir, errb.String())
	return out.String()
}

// bd runs bd in the repository and logs it.
func (sm *scrumMaster) bd(argv ...string) string {
	sm.t.Helper()
	sm.log = append(sm.log, "bd "+strings.Join(argv, " "))
	return sm.r.bd(argv...)
}

// sprintFile is the one file a sprint's agents write: named for the plan
// and the sprint.
func sprintFile(planFile, sprint string) string {
	return "sprints/" + emit.PlanSlug(planFile) + "-" + strings.ReplaceAll(sprint, ".", "-") + ".txt"
}

// run loops over bd ready until nothing is ready. For each bead: claim
// it, git worktree add -b BRANCH WORKTREE SOURCE, merge each of
// branches_to_merge, write and commit the sprint's file, merge the branch
// into its source branch, remove the worktree, close the bead. closed
// says which beads are done already (the plan called them done); deps
// gives each bead's dependencies, to check the order.
func (sm *scrumMaster) run(closed map[string]bool, deps map[string][]string) {
	t := sm.t
	start := time.Now()
	done := map[string]bool{}
	for id := range closed {
		done[id] = true
	}
	for round := 0; ; round++ {
		require.Less(t, round, 100, "bd ready never ran dry")
		var ready []readyBead
		require.NoError(t, json.Unmarshal([]byte(sm.bd("ready", "--json", "--limit", "0")), &ready))
		if len(ready) == 0 {
			break
		}
		for _, b := range ready {
			require.Contains(t, []string{emit.TypeWork, emit.TypeMerge}, b.IssueType, b.ID)
			require.False(t, done[b.ID], "bead %s (%s %s) offered twice", b.ID, b.Metadata.PlanFile, b.Metadata.Sprint)
			for _, d := range deps[b.ID] {
				require.True(t, done[d], "bead %s (%s %s) ready before its dependency %s", b.ID, b.Metadata.PlanFile, b.Metadata.Sprint, d)
			}
			sm.work(b)
			done[b.ID] = true
			sm.ran = append(sm.ran, b.ID)
		}
	}
	sm.took = time.Since(start)
}

// work does one bead's git work, between its claim and its close.
func (sm *scrumMaster) work(b readyBead) {
	t, repo, m := sm.t, sm.r.dir, b.Metadata
	sm.bd("update", b.ID, "--claim", "--actor", emit.ScrumMaster)
	sm.git(repo, "worktree", "add", "-b", m.Branch, m.WorktreePath, m.SourceBranch)
	// The worktree is where the bead said, and git knows it there.
	st, err := os.Stat(m.WorktreePath)
	require.NoError(t, err)
	require.True(t, st.IsDir())
	require.Contains(t, sm.git(repo, "worktree", "list", "--porcelain"), "worktree "+m.WorktreePath+"\n")
	for _, other := range m.BranchesToMerge {
		sm.git(m.WorktreePath, "merge", "--no-edit", other)
	}
	name := sprintFile(m.PlanFile, m.Sprint)
	path := filepath.Join(m.WorktreePath, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(b.ID+"\n"), 0o644))
	sm.git(m.WorktreePath, "add", name)
	sm.git(m.WorktreePath, "commit", "-q", "-m", "sprint "+m.Sprint+" of "+m.PlanFile)
	sm.git(repo, "checkout", "-q", m.SourceBranch)
	sm.git(repo, "merge", "-q", "--no-ff", "--no-edit", m.Branch)
	sm.git(repo, "worktree", "remove", m.WorktreePath)
	sm.bd("close", b.ID, "--actor", emit.ScrumMaster, "--reason", "done")
}

// history makes the work of the sprints a plan calls done, as it happened
// before the plan was applied: each on its branch, merged into its source
// branch, the branch deleted.
func (sm *scrumMaster) history(c *compiled) {
	repo := sm.r.dir
	for _, b := range c.beads {
		if b.Status != "closed" {
			continue
		}
		m := b.Metadata
		sm.git(repo, "checkout", "-q", "-b", m.Branch, m.SourceBranch)
		name := sprintFile(m.PlanFile, m.Sprint)
		writeTestFile(sm.t, filepath.Join(repo, filepath.FromSlash(name)), "before the plan was applied\n")
		sm.git(repo, "add", name)
		sm.git(repo, "commit", "-q", "-m", "sprint "+m.Sprint+", done by hand")
		sm.git(repo, "checkout", "-q", m.SourceBranch)
		sm.git(repo, "merge", "-q", "--no-ff", "--no-edit", m.Branch)
		sm.git(repo, "branch", "-D", m.Branch)
	}
}

// e2eRepo is a repository with main and develop, and a beads database.
func e2eRepo(t *testing.T, prefix string) (*bdRepo, *scrumMaster) {
	r := newBDRepo(t, prefix)
	sm := &scrumMaster{t: t, r: r}
	writeTestFile(t, filepath.Join(r.dir, "README.md"), "# shop\n")
	sm.git(r.dir, "add", "-A")
	sm.git(r.dir, "commit", "-q", "-m", "start")
	sm.git(r.dir, "branch", "develop")
	return r, sm
}

// addPlan copies a plan into the repository's plans folder, and makes the
// history of its done sprints.
func addPlan(t *testing.T, r *bdRepo, sm *scrumMaster, name string, src []byte) string {
	path := filepath.Join(r.dir, "plans", name)
	writeTestFile(t, path, string(src))
	sm.history(r.compiled(path))
	sm.git(r.dir, "checkout", "-q", "main")
	sm.git(r.dir, "add", "plans")
	sm.git(r.dir, "commit", "-q", "-m", "plan "+name)
	return path
}

// applyPlan runs architect apply and commits the annotated plan.
func applyPlan(t *testing.T, r *bdRepo, sm *scrumMaster, path string) (string, string) {
	start := time.Now()
	out, stderr, code := r.architect("apply", path)
	require.Equal(t, 0, code, "apply %s: %s", path, stderr)
	t.Logf("apply %s: %.1fs", filepath.Base(path), time.Since(start).Seconds())
	sm.git(r.dir, "commit", "-q", "-am", "beads of "+filepath.Base(path))
	return out, stderr
}

// finish checks the end state: every open bead ran once, every sprint's
// file is on its source branch, bd has every bead closed.
func finish(t *testing.T, r *bdRepo, sm *scrumMaster, plans []string, closed map[string]bool) {
	sm.git(r.dir, "checkout", "-q", "main") // where the plans are
	var want []string
	for _, p := range plans {
		c := r.compiled(p)
		for _, b := range c.beads {
			m := b.Metadata
			sm.git(r.dir, "cat-file", "-e", m.SourceBranch+":"+sprintFile(m.PlanFile, m.Sprint))
			if !closed[b.ID] {
				want = append(want, b.ID)
			}
		}
	}
	got := slices.Clone(sm.ran)
	slices.Sort(got)
	slices.Sort(want)
	require.Equal(t, want, got, "every bead ran exactly once")
	for id, is := range r.export() {
		assert.Equal(t, "closed", is.Status, id)
	}
	assert.Equal(t, 1, strings.Count(sm.git(r.dir, "worktree", "list", "--porcelain"), "worktree "), "every worktree removed")
}

// plansState gathers, over plans, the beads already closed and each
// bead's dependencies.
func plansState(r *bdRepo, plans []string) (closed map[string]bool, deps map[string][]string) {
	closed, deps = map[string]bool{}, map[string][]string{}
	db := r.export()
	for _, p := range plans {
		for _, b := range r.compiled(p).beads {
			deps[b.ID] = b.Dependencies
			if db[b.ID].Status == "closed" {
				closed[b.ID] = true
			}
		}
	}
	return closed, deps
}

var releaseCmd = regexp.MustCompile(`bd update (\S+) --status open`)

func TestEndToEndAgentsRun(t *testing.T) {
	needBD(t)
	corpus := plangen.CorpusFiles(t, "*-plan.md")
	started := time.Now()

	// One repository, one database: the minimal-style example.md, a second
	// plan reusing its sprint ids, beads-ralph-style plans that write their
	// own feature/... branches.
	r, sm := e2eRepo(t, "sh")
	example, err := os.ReadFile("../../testdata/plans/example.md")
	require.NoError(t, err)
	ralph, err := os.ReadFile("../../testdata/plans/beads-ralph-style.md")
	require.NoError(t, err)
	plans := []string{
		addPlan(t, r, sm, "example.md", example),
		addPlan(t, r, sm, "converge.md", []byte(convergePlan)),
		addPlan(t, r, sm, "beads-ralph-style.md", ralph),
	}
	var parallel string
	for _, f := range corpus {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		if filepath.Base(f) == "parallel-plan.md" {
			parallel = string(src)
			continue
		}
		plans = append(plans, addPlan(t, r, sm, filepath.Base(f), src))
	}

	// compile in the repository finds no branch clash: the done sprints'
	// branches are gone.
	for _, p := range plans {
		_, stderr, code := r.architect("compile", "-o", filepath.Join(t.TempDir(), "b.json"), p)
		require.Equal(t, 0, code, stderr)
	}

	var stalled string
	for _, p := range plans {
		_, stderr := applyPlan(t, r, sm, p)
		if filepath.Base(p) == "converge.md" {
			stalled = stderr
		}
	}
	// The in-progress sprint: apply said who waits on it and how to
	// release it; status says so again, until it is released.
	c := r.compiled(plans[1])
	core := c.ids()["2.1"]
	wantStall := plans[1] + ":9:1: warning: sprint 2.1 is in progress: its bead " + core + " is created in_progress, which bd ready never releases, so, unless someone holds it in bd, 4 sprints wait on it (3a.1, 3a.2, 3b.1, 4.1); release it: bd close " + core + " when its work is done, or bd update " + core + " --status open to hand it to the agents\n"
	require.Contains(t, stalled, wantStall)
	_, stderr, code := r.architect("status", plans[1])
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "sprint 2.1 is in_progress in bd and nobody holds its bead "+core)

	// beads-ralph's parallel plan names feature/1-3-integration, which the
	// simple plan's bead holds in this database: apply refuses.
	if parallel != "" {
		p := filepath.Join(r.dir, "plans", "parallel-plan.md")
		writeTestFile(t, p, parallel)
		_, stderr, code := r.architect("apply", p)
		require.NotEqual(t, 0, code)
		assert.Contains(t, stderr, p+":84:1: error: branch feature/1-3-integration of sprint 1.3 is the same branch as branch feature/1-3-integration of sprint 1.3 of plans/simple-plan.md (bead ")
		require.NoError(t, os.Remove(p))
	}

	// The release command the warning prints.
	m := releaseCmd.FindStringSubmatch(stalled)
	require.NotNil(t, m)
	sm.bd(strings.Fields(m[0])[1:]...)
	_, stderr, code = r.architect("status", plans[1])
	require.Equal(t, 0, code, stderr)
	require.NotContains(t, stderr, "nobody holds")

	closed, deps := plansState(r, plans)
	sm.run(closed, deps)
	finish(t, r, sm, plans, closed)
	// With every sprint branch in the repository now, the plan still
	// compiles and applies cleanly: a branch that exists is its sprint's.
	out, stderr, code := r.architect("apply", plans[0])
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 9 beads match plans/example.md.")
	t.Logf("repository 1: %d plans, %d beads ran in %.1fs (%d bd and git commands)", len(plans), len(sm.ran), sm.took.Seconds(), len(sm.log))
	if dir := os.Getenv("ARCHITECT_E2E_LOG"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "e2e-commands.txt"), []byte(strings.Join(sm.log, "\n")+"\n"), 0o644))
	}

	// beads-ralph's parallel plan in a repository of its own.
	if parallel != "" {
		r2, sm2 := e2eRepo(t, "pp")
		p := addPlan(t, r2, sm2, "parallel-plan.md", []byte(parallel))
		applyPlan(t, r2, sm2, p)
		closed, deps := plansState(r2, []string{p})
		sm2.run(closed, deps)
		finish(t, r2, sm2, []string{p}, closed)
		t.Logf("repository 2: %d beads ran in %.1fs", len(sm2.ran), sm2.took.Seconds())
	}
	t.Logf("whole test: %.1fs", time.Since(started).Seconds())
}
