package main

// status and graph --live against the real bd (v1.3.0), gated as the apply
// tests are (needBD).

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const statusPlan = `# Status walk

## Phase 1: Build
### Sprint 1.1: Start
- Start
### Sprint 1.2a: Left
- Left
### Sprint 1.2b: Right
- Right
### Sprint 1.3: Join
- Join

## Phase 2: Ship
### Sprint 2.1: Ship
- Ship
### Sprint 2.2: Announce
- Announce
`

// statusJSON is what the tests read of status --json.
type statusJSON struct {
	Counts                review.LiveCounts    `json:"counts"`
	Ready                 []string             `json:"ready"`
	InProgress            []string             `json:"in_progress"`
	Blocked               []review.LiveBlocked `json:"blocked"`
	RemainingCriticalPath []string             `json:"remaining_critical_path"`
	Merges                []review.LiveMerge   `json:"merges"`
	Sprints               []review.LiveSprint  `json:"sprints"`
	Drift                 []review.Drift       `json:"drift"`
}

func (r *bdRepo) status(plan string) statusJSON {
	r.t.Helper()
	out, stderr, code := r.architect("status", "--json", plan)
	require.Equal(r.t, 0, code, stderr)
	var s statusJSON
	require.NoError(r.t, json.Unmarshal([]byte(out), &s))
	return s
}

func driftOf(s statusJSON) []string {
	var out []string
	for _, d := range s.Drift {
		out = append(out, d.Kind+" "+d.Sprint)
	}
	return out
}

// TestStatusWalk: apply, close a wave with bd and start a bead; status
// gives the counts, bd ready's set, the remaining critical path and the
// drift; status --write then apply is a no-op; --check fails on drift and
// passes after apply.
func TestStatusWalk(t *testing.T) {
	r := newBDRepo(t, "sw")
	plan := r.write("plan.md", statusPlan)
	_, stderr, code := r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(plan).ids()

	// Before any work: everything open, the first wave ready, no drift.
	s := r.status(plan)
	assert.Equal(t, review.LiveCounts{Sprints: 6, Ready: 1, Blocked: 5}, s.Counts)
	assert.Equal(t, []string{"1.1"}, s.Ready)
	assert.Empty(t, s.Drift)
	_, _, code = r.architect("status", "--check", plan)
	assert.Equal(t, 0, code)

	// Wave 1 closed with bd, and one bead of wave 2 started.
	r.bd("close", id["1.1"], "--actor", "beads-ralph-scrum-master", "--reason", "done")
	r.bd("update", id["1.2a"], "--status", "in_progress", "--assignee", "dev-7")
	s = r.status(plan)
	assert.Equal(t, review.LiveCounts{Sprints: 6, Closed: 1, InProgress: 1, Ready: 1, Blocked: 3, DonePercent: 16}, s.Counts)
	assert.Equal(t, []string{"1.2b"}, s.Ready)
	assert.Equal(t, []string{id["1.2b"]}, r.ready(), "what bd ready releases")
	assert.Equal(t, []string{"1.2a"}, s.InProgress)
	assert.Equal(t, []string{"1.2a", "1.3", "2.1", "2.2"}, s.RemainingCriticalPath)
	require.Len(t, s.Blocked, 3)
	assert.Equal(t, "1.3", s.Blocked[0].Sprint)
	assert.Equal(t, []review.LiveBlocker{{Sprint: "1.2a", Bead: id["1.2a"], State: "in_progress"}, {Sprint: "1.2b", Bead: id["1.2b"], State: "ready"}}, s.Blocked[0].By)
	require.Len(t, s.Merges, 1)
	assert.Equal(t, "1.3", s.Merges[0].Sprint)
	assert.Len(t, s.Merges[0].WaitingFor, 2)
	assert.Equal(t, "dev-7", s.Sprints[1].Assignee)
	assert.Equal(t, []string{"closed_in_database 1.1"}, driftOf(s))

	out, stderr, code := r.architect("status", "--check", plan)
	assert.Equal(t, 1, code)
	assert.Equal(t, plan+": drift: 1 difference between the plan and the beads database\n", stderr)
	assert.Contains(t, out, "    1.1  "+id["1.1"]+"; the plan says open\n")

	// status --write records the database's statuses in the plan; then
	// the plan compiles to the database's statuses and apply has nothing
	// to do.
	before, err := os.ReadFile(plan)
	require.NoError(t, err)
	out, stderr, code = r.architect("status", "--write", "--dry-run", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "+**Status**: ✅ Done\n")
	assert.Contains(t, out, "+**Status**: 🔄 In progress\n")
	_, stderr, code = r.architect("status", "--write", plan)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, plan+": 2 statuses written (2 inserted, 0 replaced), 4 unchanged\n", stderr)
	after, err := os.ReadFile(plan)
	require.NoError(t, err)
	assert.Equal(t, strings.NewReplacer(
		"### Sprint 1.1: Start\n<!-- beads-ralph: "+id["1.1"]+" -->\n", "### Sprint 1.1: Start\n<!-- beads-ralph: "+id["1.1"]+" -->\n**Status**: ✅ Done\n",
		"### Sprint 1.2a: Left\n<!-- beads-ralph: "+id["1.2a"]+" -->\n", "### Sprint 1.2a: Left\n<!-- beads-ralph: "+id["1.2a"]+" -->\n**Status**: 🔄 In progress\n",
	).Replace(string(before)), string(after), "byte-exact elsewhere")
	_, stderr, code = r.architect("status", "--write", plan)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, plan+": statuses up to date\n", stderr)

	exported := r.bd("export")
	out, calls := r.applyRecorded(applyOptions{plan: plan})
	assert.True(t, strings.HasSuffix(out, "\nNo changes: 6 beads match plan.md.\n"), out)
	assert.Equal(t, [][]string{{"version", "--json"}, {"where", "--json"}, {"config", "get", "types.custom", "--json"}, {"export"}}, calls)
	assert.Equal(t, exported, r.bd("export"))
	_, stderr, code = r.architect("status", "--check", plan)
	assert.Equal(t, 0, code, stderr)

	// An edit of the plan is drift until apply.
	edited := strings.NewReplacer("Sprint 2.2: Announce", "Sprint 2.2: Announce it",
		"- Announce\n", "- Announce\n### Sprint 2.3: Celebrate\n- Celebrate\n").Replace(string(after))
	r.write("plan.md", edited)
	s = r.status(plan)
	assert.Equal(t, []string{"create 2.3", "update 2.2"}, driftOf(s))
	assert.Equal(t, []string{"title", "description", "metadata.branch", "metadata.plan_section", "metadata.qa_agents", "metadata.worktree_path"},
		fieldNames(s.Drift[1]), "an untried bead's branch follows its title")
	assert.Equal(t, 1, s.Counts.Missing)
	_, _, code = r.architect("status", "--check", plan)
	assert.Equal(t, 1, code)
	_, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	_, stderr, code = r.architect("status", "--check", plan)
	assert.Equal(t, 0, code, stderr)

	// graph --live colours the same states.
	out, stderr, code = r.architect("graph", "--live", "--format", "json", plan)
	require.Equal(t, 0, code, stderr)
	var doc review.GraphDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	states := map[string]string{}
	for _, n := range doc.Nodes {
		states[n.ID] = n.Live
	}
	assert.Equal(t, map[string]string{"1.1": "closed", "1.2a": "in_progress", "1.2b": "ready", "1.3": "blocked",
		"2.1": "blocked", "2.2": "blocked", "2.3": "blocked"}, states)
}

func fieldNames(d review.Drift) []string {
	var out []string
	for _, f := range d.Fields {
		out = append(out, f.Field)
	}
	return out
}

// TestStatusReadyIsBDReady walks a plan wave by wave with bd: at every
// step, status's ready set is what bd ready lists.
func TestStatusReadyIsBDReady(t *testing.T) {
	r := newBDRepo(t, "rr")
	plan := r.write("plan.md", statusPlan)
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	id := r.compiled(plan).ids()
	for {
		s := r.status(plan)
		ready := []string{}
		for _, sp := range s.Ready {
			ready = append(ready, id[sp])
		}
		sort.Strings(ready)
		require.Equal(t, r.ready(), ready)
		if len(ready) == 0 {
			assert.Equal(t, 100, s.Counts.DonePercent)
			assert.Empty(t, s.RemainingCriticalPath)
			return
		}
		r.bd(append([]string{"close", "--actor", "beads-ralph-scrum-master", "--reason", "done"}, ready[0])...)
	}
}

// TestStatusDatabaseErrors: a database that is missing, of another plan's
// prefix, or unreadable is a clear error and exit 1.
func TestStatusDatabaseErrors(t *testing.T) {
	// Missing: no bd init.
	r := newBDRepo(t, "")
	plan := r.write("plan.md", statusPlan)
	out, stderr, code := r.architect("status", plan)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "architect: no beads database in "+r.dir+": run \"bd init\" there, then architect apply "+plan+"\n", stderr)

	// Another prefix: the plan applied to one database, read beside
	// another.
	a := newBDRepo(t, "aa")
	planA := a.write("plan.md", statusPlan)
	_, stderr, code = a.architect("apply", planA)
	require.Equal(t, 0, code, stderr)
	b := newBDRepo(t, "bb")
	annotated, err := os.ReadFile(planA)
	require.NoError(t, err)
	planB := b.write("plan.md", string(annotated))
	out, stderr, code = b.architect("status", planB)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Regexp(t, `^architect: the beads database .*/\.beads \(prefix bb\) holds no bead of plan\.md, whose annotations name beads such as aa-[0-9a-z]+: it is another plan's database; run architect in the plan's repository, or pass --repo\n$`, stderr)

	// Unreadable: the database's storage is corrupt.
	manifests, err := filepath.Glob(filepath.Join(a.dir, ".beads", "embeddeddolt", "*", ".dolt", "noms", "manifest"))
	require.NoError(t, err)
	require.NotEmpty(t, manifests, "bd v1.3.0 keeps its embedded Dolt database under .beads/embeddeddolt")
	for _, m := range manifests {
		require.NoError(t, os.WriteFile(m, []byte("garbage\n"), 0o600))
	}
	out, stderr, code = a.architect("status", planA)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Regexp(t, `^architect: cannot (open|read) the beads database .*corrupt manifest`, stderr)

	// graph --live reports the same errors.
	_, stderr, code = r.architect("graph", "--live", plan)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no beads database in ")
}

// The status text on a terminal-less run has no colour, and says where
// the database is.
func TestStatusTextRealBD(t *testing.T) {
	r := newBDRepo(t, "tx")
	plan := r.write("plan.md", statusPlan)
	out, stderr, code := r.architect("status", plan)
	require.Equal(t, 0, code, stderr)
	version := strings.TrimPrefix(strings.Fields(r.bd("version"))[2], "v")
	assert.True(t, strings.HasPrefix(out, "Status walk  (plan.md)\nbd "+version+", database "+r.dir+"/.beads, prefix tx\n"+
		"6 sprints: 0 closed, 0 in progress, 0 ready, 0 blocked, 6 not in the database; 0% done\n"), out)
	assert.NotContains(t, out, "\x1b[")
}
