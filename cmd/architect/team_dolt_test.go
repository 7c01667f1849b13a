package main

// Team mode against the real parts: a `dolt sql-server` on a loopback port,
// bd v1.3.0 in server mode in two clones of one repository, apply from one
// clone while agents close, comment on and annotate beads through bd in the
// other. It runs under ARCHITECT_REQUIRE_DOLT=1 (as .ci/run sets it), with
// bd and dolt on PATH; otherwise it skips.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/review"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needDolt returns the dolt on PATH, under ARCHITECT_REQUIRE_DOLT=1; without
// it the test skips. It needs bd too.
func needDolt(t *testing.T) string {
	t.Helper()
	if os.Getenv("ARCHITECT_REQUIRE_DOLT") != "1" {
		t.Skip("the team-mode tests run with ARCHITECT_REQUIRE_DOLT=1 (and dolt and bd on PATH; .ci/run builds both)")
	}
	path, err := exec.LookPath("dolt")
	require.NoError(t, err, "ARCHITECT_REQUIRE_DOLT=1: dolt must be on PATH; .ci/run builds it into $(go env GOPATH)/bin")
	t.Setenv("ARCHITECT_REQUIRE_BD", "1")
	needBD(t)
	return path
}

// TestDoltAvailable fails under ARCHITECT_REQUIRE_DOLT=1 when dolt or bd is
// missing.
func TestDoltAvailable(t *testing.T) { needDolt(t) }

// doltServer starts `dolt sql-server` on a free loopback port with its data
// in a temporary folder, waits (at most 60 s) until it takes connections,
// and stops it when the test ends. It returns the port.
func doltServer(t *testing.T, dolt, home string) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())

	data := filepath.Join(t.TempDir(), "dolt-data")
	require.NoError(t, os.MkdirAll(data, 0o755))
	env := append(os.Environ(), "HOME="+home, "DOLT_DISABLE_EVENT_FLUSH=1")
	for _, kv := range [][2]string{{"user.name", "dev"}, {"user.email", "dev@example.com"}} {
		cmd := exec.Command(dolt, "config", "--global", "--add", kv[0], kv[1])
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "dolt config: %s", out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, dolt, "sql-server", "--host", "127.0.0.1", "--port", fmt.Sprint(port), "--data-dir", data)
	cmd.Dir = data
	cmd.Env = env
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	require.NoError(t, cmd.Start())
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("dolt sql-server did not stop")
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
		if err == nil {
			c.Close()
			return port
		}
		select {
		case <-done:
			t.Fatalf("dolt sql-server stopped: %s", log.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("dolt sql-server did not listen on 127.0.0.1:%d in 60s: %s", port, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// serverClones makes a repository whose beads database lives on the Dolt
// server at port, and a git clone of it: two clones, one database.
func serverClones(t *testing.T, port int, prefix string) (*bdRepo, *bdRepo) {
	t.Helper()
	a := newBDRepo(t, "")
	a.prefix = prefix
	a.bd("init", "--prefix", prefix, "--server", "--external", "--server-host", "127.0.0.1", "--server-port", fmt.Sprint(port),
		"--skip-agents", "--skip-hooks", "--non-interactive")
	a.git("add", "-A")
	a.git("commit", "-q", "--allow-empty", "-m", "beads on the team server")
	dir := filepath.Join(filepath.Dir(a.dir), "clone")
	out, err := exec.Command("git", "clone", "-q", a.dir, dir).CombinedOutput()
	require.NoError(t, err, "git clone: %s", out)
	b := &bdRepo{t: t, dir: dir, prefix: prefix}
	return a, b
}

// agent is what one agent did to the beads through bd in the other clone.
type agent struct {
	closed   map[string]bool
	comments map[string][]string
	notes    map[string]string
}

// TestTeamApplyWhileAgentsWork: apply from one clone while agents in the
// other close, comment on and annotate beads. Nothing is lost, nothing is
// doubled, and the database ends as the plan plus the agents' changes.
func TestTeamApplyWhileAgentsWork(t *testing.T) {
	dolt := needDolt(t)
	home := t.TempDir()
	port := doltServer(t, dolt, home)
	a, b := serverClones(t, port, "tm")

	// The clone finds the same database through the committed config.
	assert.Equal(t, "tm", strings.TrimSpace(b.bd("config", "get", "issue_prefix")))

	const n = 40
	plan := a.write("plan.md", chainPlan(n))
	out, stderr, code := a.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, fmt.Sprintf("Applied: %d created, 0 updated, 0 closed.\n", n))
	v1 := a.compiled(plan)
	a.holds(v1.beads)
	require.Len(t, b.export(), n, "the other clone sees the beads")

	// Plan v2 renames every sprint: apply writes every bead, while three
	// agents work on beads in the other clone. The agents move only once
	// apply has read the database, so that their changes land between
	// apply's read and its first write: apply's field writes keep them,
	// and the writes that would move the branch of a bead an agent took
	// or closed are refused (guarded by the status apply read) and made
	// again from a new read.
	r := strings.NewReplacer("Step ", "Stage ", "Do step", "Do stage")
	a.write("plan.md", r.Replace(chainPlan(n)))
	v2 := a.compiled(plan)
	ids := make([]string, n)
	for i, bd := range v1.beads {
		ids[i] = bd.ID
	}
	read := make(chan struct{})
	agentsDone := make(chan struct{})
	var once sync.Once
	closeRead := sync.OnceFunc(func() { close(read) })
	rec := &hookRunner{before: func(argv []string) {
		if argv[0] == "update" {
			once.Do(func() { closeRead(); <-agentsDone })
		}
	}}
	agents := make([]agent, 3)
	var wg sync.WaitGroup
	for k := range agents {
		agents[k] = agent{closed: map[string]bool{}, comments: map[string][]string{}, notes: map[string]string{}}
		wg.Add(1)
		go func(k int, ag *agent) {
			defer wg.Done()
			<-read
			for i := k; i < n; i += 3 * 4 {
				id := ids[i]
				text := fmt.Sprintf("agent %d was here", k)
				b.bdNoFail(t, &ag.comments, id, text, "comments", "add", id, text)
				switch i % 3 {
				case 0:
					b.bdNoFail(t, nil, "", "", "close", id, "--force", "--reason", fmt.Sprintf("done by agent %d", k))
					ag.closed[id] = true
				case 1:
					note := fmt.Sprintf("notes of agent %d", k)
					b.bdNoFail(t, nil, "", "", "update", id, "--notes", note)
					ag.notes[id] = note
				case 2:
					b.bdNoFail(t, nil, "", "", "update", id, "--status", "in_progress", "--assignee", fmt.Sprintf("agent-%d", k))
					ag.notes[id] = ""
				}
			}
		}(k, &agents[k])
	}
	go func() { wg.Wait(); close(agentsDone) }()
	// A fourth agent comments while apply writes, until apply is done (at
	// most 10 comments).
	late := agent{comments: map[string][]string{}}
	stop := make(chan struct{})
	lateDone := make(chan struct{})
	go func() {
		defer close(lateDone)
		<-agentsDone
		for i := 0; i < 10; i++ {
			select {
			case <-stop:
				return
			default:
			}
			id := ids[(7*i+1)%n]
			text := fmt.Sprintf("late comment %d", i)
			b.bdNoFail(t, &late.comments, id, text, "comments", "add", id, text)
		}
	}()

	ae := defaultApplyEnv()
	ae.bd = func(path, dir string) bdsync.Runner {
		rec.r = bdsync.Exec{Path: path, Dir: dir}
		return rec
	}
	var stdout, errb bytes.Buffer
	err := runApply(&applyOptions{plan: plan, noAnnotate: true, verbose: true}, streams{out: &stdout, err: &errb}, os.Getenv, ae)
	closeRead() // an apply that failed before writing must not leave the agents waiting
	wg.Wait()
	close(stop)
	<-lateDone
	require.NoError(t, err, "stdout: %s\nstderr: %s", stdout.String(), errb.String())
	t.Logf("apply during the agents' work:\n%s%s", stdout.String(), errb.String())
	assert.Contains(t, stdout.String(), fmt.Sprintf("Plan: 0 to create, %d to update, 0 unchanged.\n", n))
	assert.Contains(t, stdout.String(), "Retried ", "the agents took and closed beads between apply's read and its write")

	// The database is the plan with the agents' changes, seen from both
	// clones alike.
	db := b.export()
	require.Len(t, db, n, "nothing doubled")
	assert.Equal(t, a.bd("export"), b.bd("export"))
	closed, comments, notes, claimed := map[string]bool{}, map[string][]string{}, map[string]string{}, map[string]string{}
	for id, cs := range late.comments {
		comments[id] = append(comments[id], cs...)
	}
	t.Logf("%d late comments", len(late.comments))
	for k, ag := range agents {
		for id := range ag.closed {
			closed[id] = true
		}
		for id, cs := range ag.comments {
			comments[id] = append(comments[id], cs...)
		}
		for id, note := range ag.notes {
			if note == "" {
				claimed[id] = fmt.Sprintf("agent-%d", k)
			} else {
				notes[id] = note
			}
		}
	}
	for _, want := range v2.beads {
		is, ok := db[want.ID]
		require.True(t, ok, "bead %s lost", want.ID)
		assert.JSONEq(t, fmt.Sprintf("%q", want.Title), string(is.Fields["title"]), "%s: the plan's title", want.ID)
		assert.JSONEq(t, fmt.Sprintf("%q", want.Description), string(is.Fields["description"]), "%s: the plan's description", want.ID)
		assert.ElementsMatch(t, want.Dependencies, targets(is), "%s: the plan's dependencies", want.ID)
		switch {
		case closed[want.ID]:
			assert.Equal(t, "closed", is.Status, "%s: closed by an agent", want.ID)
		case claimed[want.ID] != "":
			assert.Equal(t, "in_progress", is.Status, "%s: claimed by an agent", want.ID)
			assert.JSONEq(t, fmt.Sprintf("%q", claimed[want.ID]), string(is.Fields["assignee"]), "%s: its claim", want.ID)
		default:
			assert.Equal(t, "open", is.Status, want.ID)
		}
		if note := notes[want.ID]; note != "" {
			assert.JSONEq(t, fmt.Sprintf("%q", note), string(is.Fields["notes"]), "%s: the agent's notes", want.ID)
		}
		assert.Equal(t, sortedCopy(comments[want.ID]), commentTexts(t, is), "%s: each comment once", want.ID)
	}

	// The same plan applied from the other clone: its directory differs,
	// so the fields the plan derives from where the clone is (metadata.rig,
	// the repository's name, and metadata.worktree_path, absolute) are the
	// only change; the agents' work stays. status there counts it.
	bplan := filepath.Join(b.dir, "plan.md")
	require.NoError(t, os.WriteFile(bplan, []byte(r.Replace(chainPlan(n))), 0o644))
	bout, berr, code := b.architect("apply", "--no-annotate", bplan)
	require.Equal(t, 0, code, berr)
	assert.Contains(t, bout, fmt.Sprintf("Plan: 0 to create, %d to update, 0 unchanged.\n", n))
	for _, line := range strings.Split(bout, "\n") {
		if strings.HasPrefix(line, "      ") {
			assert.Regexp(t, `^      metadata\.(rig: "repo" -> "clone"|worktree_path)$`, line)
		}
	}
	after := b.export()
	require.Len(t, after, n)
	for id, is := range db {
		assert.Equal(t, is.Status, after[id].Status, id)
		assert.Equal(t, commentTexts(t, is), commentTexts(t, after[id]), id)
		assert.Equal(t, string(is.Fields["notes"]), string(after[id].Fields["notes"]), id)
	}
	bout, berr, code = b.architect("status", "--json", bplan)
	require.Equal(t, 0, code, berr)
	var st struct {
		Counts review.LiveCounts `json:"counts"`
	}
	require.NoError(t, json.Unmarshal([]byte(bout), &st), bout)
	assert.Equal(t, len(closed), st.Counts.Closed)
	assert.Equal(t, len(claimed), st.Counts.InProgress)

	// annotate takes the server's export as it takes the embedded one's.
	export := b.write("export.jsonl", b.bd("export"))
	_, berr, code = b.architect("annotate", bplan, "--from", export)
	require.Equal(t, 0, code, berr)
	src, err := os.ReadFile(bplan)
	require.NoError(t, err)
	for _, bead := range v2.beads {
		assert.Contains(t, string(src), "### Sprint "+bead.Metadata.Sprint+": "+bead.Title+"\n<!-- beads-ralph: "+bead.ID+" -->\n")
	}
}

// hookRunner runs before before each bd command.
type hookRunner struct {
	r      bdsync.Runner
	before func(argv []string)
}

func (h *hookRunner) Run(stdin []byte, argv ...string) ([]byte, error) {
	h.before(argv)
	return h.r.Run(stdin, argv...)
}

// bdNoFail runs bd from a goroutine (no require: it may not stop the test
// from there), and records the comment it added when comments is set.
func (r *bdRepo) bdNoFail(t *testing.T, comments *map[string][]string, id, text string, argv ...string) {
	cmd := exec.Command("bd", argv...)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("bd %v: %v: %s", argv, err, out)
		return
	}
	if comments != nil {
		(*comments)[id] = append((*comments)[id], text)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string{}, s...)
	sort.Strings(out)
	if len(out) == 0 {
		return nil
	}
	return out
}

// commentTexts returns the texts of an issue's comments, sorted.
func commentTexts(t *testing.T, is bdsync.Issue) []string {
	t.Helper()
	raw := is.Fields["comments"]
	if len(raw) == 0 {
		return nil
	}
	var cs []struct {
		Text string `json:"text"`
	}
	require.NoError(t, json.Unmarshal(raw, &cs))
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	sort.Strings(out)
	return out
}

// killRunner runs bd, and kills the process of the nth bd import part
// way through, as a laptop that sleeps or a server that drops the
// connection would end it. The moment is not a fixed delay, which a fast
// machine outruns: it is half the time the earlier imports took per
// record, times this import's records.
type killRunner struct {
	path, dir string
	nth       int
	imports   int
	records   int           // records the earlier imports carried
	took      time.Duration // and the time they took
	killed    atomic.Bool
}

func (k *killRunner) Run(stdin []byte, argv ...string) ([]byte, error) {
	if argv[0] != "import" {
		return bdsync.Exec{Path: k.path, Dir: k.dir}.Run(stdin, argv...)
	}
	n := bytes.Count(stdin, []byte("\n"))
	if k.imports++; k.imports != k.nth {
		start := time.Now()
		out, err := bdsync.Exec{Path: k.path, Dir: k.dir}.Run(stdin, argv...)
		if n >= 10 { // a few records take bd's start-up time, not theirs
			k.records += n
			k.took += time.Since(start)
		}
		return out, err
	}
	after := time.Duration(0)
	if k.records > 0 {
		after = k.took * time.Duration(n) / time.Duration(2*k.records)
	}
	cmd := exec.Command(k.path, argv...)
	cmd.Dir = k.dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	timer := time.AfterFunc(after, func() { k.killed.Store(cmd.Process.Kill() == nil) })
	err := cmd.Wait()
	timer.Stop()
	if err == nil {
		return out.Bytes(), nil
	}
	return out.Bytes(), &bdsync.Error{Args: argv, Stderr: errb.String(), Err: err}
}

// resumeAfterKill applies a chain that takes several imports, killing bd
// part way through the nth, then applies again: the database holds the
// plan exactly, each bead once, each with its dependencies. After the kill
// the database holds whole beads only: each bead there has all its
// blockers.
func resumeAfterKill(t *testing.T, r *bdRepo, nth int) {
	const n = 2*bdsync.ImportSize + 50
	plan := r.write("plan.md", chainPlan(n))
	bdPath, err := exec.LookPath("bd")
	require.NoError(t, err)
	k := &killRunner{path: bdPath, nth: nth}
	ae := defaultApplyEnv()
	ae.bd = func(path, dir string) bdsync.Runner { k.dir = dir; return k }
	var out, errb bytes.Buffer
	err = runApply(&applyOptions{plan: plan, noAnnotate: true}, streams{out: &out, err: &errb}, os.Getenv, ae)
	c := r.compiled(plan)
	db := r.export()
	t.Logf("import %d killed: %v; %d of %d beads in; apply said: %v", nth, k.killed.Load(), len(db), n, err)
	if k.killed.Load() {
		require.Error(t, err)
		assert.Contains(t, err.Error(), "apply again to import the rest")
	}
	whole := 0
	var ahead []string
	for _, b := range c.beads {
		is, ok := db[b.ID]
		switch {
		case !ok:
		case is.Pending():
			ahead = append(ahead, b.ID)
			assert.Equal(t, "deferred", is.Status, "%s is written ahead", b.Metadata.Sprint)
			assert.Empty(t, is.Deps, "%s is written ahead", b.Metadata.Sprint)
		default:
			whole++
			assert.ElementsMatch(t, b.Dependencies, targets(is), "%s is in without its blockers", b.Metadata.Sprint)
		}
	}
	// The chain's first sprint is imported last: until then bd ready
	// offers nothing, as every other bead waits on one that is in.
	if ready := r.ready(); whole < n {
		assert.Empty(t, ready, "bd ready part way through")
	} else {
		assert.Equal(t, []string{c.beads[0].ID}, ready)
	}

	start := time.Now()
	stdout, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	t.Logf("second apply: %.1fs", time.Since(start).Seconds())
	if whole == n { // bd finished before the kill landed
		assert.Contains(t, stdout, fmt.Sprintf("No changes: %d beads match plan.md.\n", n))
	} else {
		assert.Contains(t, stdout, fmt.Sprintf("Plan: %d to create, 0 to update, %d unchanged.\n", n-whole, whole))
	}
	r.holds(c.beads, ahead...)
}

// TestApplyResumesAfterKill: embedded bd, killed during the third of its
// four imports (the two beads written ahead, then runs of 250, 250 and 50
// from the end).
func TestApplyResumesAfterKill(t *testing.T) {
	r := newBDRepo(t, "rk")
	resumeAfterKill(t, r, 3)
}

// TestTeamApplyResumesAfterKill: the same against the Dolt server, whose
// imports ramp up (25, 50, 100, 125, ...) after the beads written ahead:
// killed during the fourth import, the run of 100.
func TestTeamApplyResumesAfterKill(t *testing.T) {
	dolt := needDolt(t)
	port := doltServer(t, dolt, t.TempDir())
	a, _ := serverClones(t, port, "rs")
	resumeAfterKill(t, a, 4)
}

// TestTeamScale measures first applies and no-op re-applies against a Dolt
// server and against embedded bd, for chains of 20, 200 and 1,000 sprints
// and plangen's 1,000-sprint plan, and checks each database holds exactly
// the plan. It runs with ARCHITECT_BD_SCALE=1 (and ARCHITECT_REQUIRE_DOLT=1);
// the times are logged (-v), never asserted.
func TestTeamScale(t *testing.T) {
	dolt := needDolt(t)
	if os.Getenv("ARCHITECT_BD_SCALE") != "1" {
		t.Skip("measures minutes of bd work: run with ARCHITECT_BD_SCALE=1")
	}
	plans := []struct {
		name string
		src  string
	}{
		{"chain-20", chainPlan(20)},
		{"chain-200", chainPlan(200)},
		{"chain-1000", chainPlan(1000)},
		{"plangen-1000", string(plangen.Plan(1000))},
	}
	for _, mode := range []string{"server", "embedded"} {
		for _, p := range plans {
			t.Run(mode+"/"+p.name, func(t *testing.T) {
				var r *bdRepo
				if mode == "server" {
					port := doltServer(t, dolt, t.TempDir())
					r, _ = serverClones(t, port, "sc")
				} else {
					r = newBDRepo(t, "sc")
				}
				plan := r.write("plan.md", p.src)
				start := time.Now()
				_, stderr, code := r.architect("apply", "--no-annotate", plan)
				first := time.Since(start)
				require.Equal(t, 0, code, stderr)
				start = time.Now()
				out, stderr, code := r.architect("apply", "--no-annotate", plan)
				again := time.Since(start)
				require.Equal(t, 0, code, stderr)
				c := r.compiled(plan)
				assert.True(t, strings.HasSuffix(out, fmt.Sprintf("No changes: %d beads match plan.md.\n", len(c.beads))), out)
				r.holds(c.beads)
				t.Logf("%s %s: first apply %.1fs, no-op re-apply %.1fs", mode, p.name, first.Seconds(), again.Seconds())
				edit, calls := applyEdit(t, r, plan, p.src)
				t.Logf("%s %s: every sprint renamed, apply %.1fs (%d bd calls)", mode, p.name, edit.Seconds(), calls)
			})
		}
	}
}
