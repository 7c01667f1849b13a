package main

// apply beside agents that never stop (issue 27), against the real bd:
// embedded (ARCHITECT_REQUIRE_BD=1), and on a Dolt server from another
// clone (ARCHITECT_REQUIRE_DOLT=1).

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// busyAgents is what agents did through bd while apply ran: they comment
// on their beads and close them, one bd command after another, without
// pause, then keep commenting on another bead until told to stop.
type busyAgents struct {
	mu       sync.Mutex
	closed   map[string]string   // id -> close reason
	comments map[string][]string // id -> comment texts
	cmds     int                 // bd commands that succeeded
	failed   []string            // bd commands that failed, with their output
	stop     chan struct{}
	done     sync.WaitGroup
}

// startAgents starts k agents that run bd in dir: agent j comments on and
// closes every kth bead of targets from the jth, then comments on idle
// until stop.
func startAgents(dir string, k int, targets []string, idle string) *busyAgents {
	a := &busyAgents{closed: map[string]string{}, comments: map[string][]string{}, stop: make(chan struct{})}
	run := func(argv ...string) bool {
		cmd := exec.Command("bd", argv...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		a.mu.Lock()
		defer a.mu.Unlock()
		if err != nil {
			a.failed = append(a.failed, fmt.Sprintf("bd %s: %v: %s", strings.Join(argv, " "), err, out))
			return false
		}
		a.cmds++
		return true
	}
	comment := func(id, text string) {
		if run("comments", "add", id, text) {
			a.mu.Lock()
			a.comments[id] = append(a.comments[id], text)
			a.mu.Unlock()
		}
	}
	for j := range k {
		a.done.Add(1)
		go func() {
			defer a.done.Done()
			for i := j; i < len(targets); i += k {
				id := targets[i]
				comment(id, fmt.Sprintf("agent %d on it", j))
				reason := fmt.Sprintf("done by agent %d", j)
				if run("close", id, "--force", "--reason", reason) {
					a.mu.Lock()
					a.closed[id] = reason
					a.mu.Unlock()
				}
			}
			for n := 0; ; n++ {
				select {
				case <-a.stop:
					return
				default:
				}
				comment(idle, fmt.Sprintf("agent %d still here %d", j, n))
			}
		}()
	}
	return a
}

// wait stops the agents and waits for them.
func (a *busyAgents) wait() {
	close(a.stop)
	a.done.Wait()
}

// applyBesideAgents applies a 45-sprint chain from the clone a, edits
// every sprint (title, description, so branch and worktree too), and
// applies the edit while two agents in the clone b (a itself for the
// embedded database) comment on and close 20 of its beads, one bd
// command after another, from before apply starts until after it ends.
// apply must exit 0 in one run; the database must hold every plan edit
// and every agent's close, reason and comment, each once; and a second
// apply must find nothing to do.
func applyBesideAgents(t *testing.T, a, b *bdRepo) {
	const n = 45
	plan := a.write("plan.md", chainPlan(n))
	_, stderr, code := a.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	v1 := a.compiled(plan)
	edited := strings.NewReplacer("Step ", "Stage ", "Do step", "Do stage").Replace(chainPlan(n))
	a.write("plan.md", edited)
	v2 := a.compiled(plan)

	var busy []string
	for k := range 20 {
		busy = append(busy, v1.beads[2*k+2].ID)
	}
	idle := v1.beads[0].ID
	agents := startAgents(b.dir, 2, busy, idle)
	// The agents are at work before apply reads the database.
	time.Sleep(time.Second)
	start := time.Now()
	out, stderr, code := a.architect("apply", "--no-annotate", "-v", plan)
	took := time.Since(start)
	agents.mu.Lock()
	during := agents.cmds
	agents.mu.Unlock()
	time.Sleep(time.Second)
	agents.wait()
	t.Logf("apply beside the agents: %.1fs, exit %d, %d agent commands done by its end\n%s", took.Seconds(), code, during, out)
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", out, stderr)
	require.Empty(t, agents.failed, "every agent command succeeds")
	assert.Len(t, agents.closed, len(busy))
	assert.Contains(t, out, fmt.Sprintf("Plan: 0 to create, %d to update, 0 unchanged.\n", n))
	assert.Contains(t, out, fmt.Sprintf("Applied: 0 created, %d updated, 0 closed.\n", n))

	db := b.export()
	require.Len(t, db, n, "nothing doubled")
	for _, want := range v2.beads {
		is, ok := db[want.ID]
		require.True(t, ok, "bead %s lost", want.ID)
		assert.JSONEq(t, fmt.Sprintf("%q", want.Title), string(is.Fields["title"]), "%s: the plan's title", want.ID)
		assert.JSONEq(t, fmt.Sprintf("%q", want.Description), string(is.Fields["description"]), "%s: the plan's description", want.ID)
		assert.ElementsMatch(t, want.Dependencies, targets(is), "%s: the plan's dependencies", want.ID)
		if reason, ok := agents.closed[want.ID]; ok {
			assert.Equal(t, "closed", is.Status, "%s: closed by an agent", want.ID)
			assert.Equal(t, reason, closeReason(is), "%s: the agent's reason", want.ID)
		} else {
			assert.Equal(t, "open", is.Status, want.ID)
			assert.JSONEq(t, fmt.Sprintf("%q", want.Metadata.Branch), string(is.Metadata["branch"]), "%s: the plan's branch", want.ID)
		}
		assert.Equal(t, sortedCopy(agents.comments[want.ID]), commentTexts(t, is), "%s: each comment once", want.ID)
	}

	// Nothing stale: the same plan again has nothing to write.
	out, stderr, code = a.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasSuffix(out, fmt.Sprintf("No changes: %d beads match plan.md.\n", n)), out)
}

// TestApplyBesideAgents: the embedded database, agents in the same clone.
func TestApplyBesideAgents(t *testing.T) {
	r := newBDRepo(t, "ag")
	applyBesideAgents(t, r, r)
}

// TestTeamApplyBesideAgents: a Dolt server, agents in the other clone.
func TestTeamApplyBesideAgents(t *testing.T) {
	dolt := needDolt(t)
	port := doltServer(t, dolt, t.TempDir())
	a, b := serverClones(t, port, "tm")
	applyBesideAgents(t, a, b)
}
