package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile input through the whole command: each gives a clean error and
// exit 1, or compiles. Time and memory are measured by benchmarks, never
// asserted here.

// runIn runs architect with its streams captured.
func runIn(t *testing.T, stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, streams{in: stdin, out: &out, err: &errb}, noEnv)
	return code, out.String(), errb.String()
}

// fill is an endless reader of one byte.
type fill byte

func (f fill) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

func TestHostileHundredMegabytes(t *testing.T) {
	dir := t.TempDir()
	plan := filepath.Join(dir, "big.md")
	f, err := os.Create(plan)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(100<<20)) // sparse: never read
	require.NoError(t, f.Close())
	code, out, errs := runIn(t, nil, "compile", "--repo", dir, plan)
	assert.Equal(t, exitData, code)
	assert.Equal(t, plan+":1:1: error: file is 100.0 MiB; plans are limited to 32 MiB\n", errs)
	assert.Empty(t, out)

	// On standard input, no more than the limit and one byte is read.
	stdin := io.LimitReader(fill('a'), 100<<20)
	code, out, errs = runIn(t, stdin, "compile", "--repo", dir, "-")
	assert.Equal(t, exitData, code)
	assert.Equal(t, "<stdin>:1:1: error: input is over 32 MiB; plans are limited to 32 MiB\n", errs)
	assert.Empty(t, out)
	rest, err := io.Copy(io.Discard, stdin)
	require.NoError(t, err)
	assert.Equal(t, int64(100<<20-(32<<20+1)), rest)
}

func writePlan(t *testing.T, dir, name, src string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

// tenThousandEdges is a plan of two tracks of 100 sprints, every sprint of
// the second depending on every sprint of the first.
func tenThousandEdges() string {
	var b strings.Builder
	b.WriteString("## Phase 1: Start\n\n### Sprint 1.1: Begin\n- go\n\n## Phase 2a: Left\n\n")
	var all []string
	for k := 1; k <= 100; k++ {
		fmt.Fprintf(&b, "### Sprint 2a.%d: Left %d\n- work\n\n", k, k)
		all = append(all, fmt.Sprintf("2a.%d", k))
	}
	b.WriteString("## Phase 2b: Right\n\n")
	for k := 1; k <= 100; k++ {
		fmt.Fprintf(&b, "### Sprint 2b.%d: Right %d\n**Depends on**: %s\n- work\n\n", k, k, strings.Join(all, ", "))
	}
	return b.String()
}

func TestHostileTenThousandEdges(t *testing.T) {
	b := tenThousandEdges()
	dir := t.TempDir()
	readyRepo(t, dir) // so that the only diagnostics are the ones tested here
	plan := writePlan(t, dir, "edges.md", b)
	code, out, errs := runIn(t, nil, "compile", "--repo", dir, "--format", "jsonl", plan)
	assert.Equal(t, exitOK, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 201)
	// The dependencies are the transitive reduction: 2b.1 waits on 2a.100
	// alone, each later 2b sprint on the one before it alone, and every
	// edge that adds nothing is reported: 99 from 2b.1, 100 from each of
	// the other 99.
	assert.Contains(t, lines[101], `"sprint":"2b.1"`)
	assert.Equal(t, 1, strings.Count(lines[101], `"type":"blocks"`))
	assert.Contains(t, lines[200], `"sprint":"2b.100"`)
	assert.Equal(t, 1, strings.Count(lines[200], `"type":"blocks"`))
	warns := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	require.Len(t, warns, 9999)
	assert.Equal(t, plan+":311:17: warning: sprint 2b.1 already follows 2a.1 through 2a.100; the Depends on edge adds nothing", warns[0])
	assert.Equal(t, plan+":707:701: warning: sprint 2b.100 already follows 2a.100 through 2b.99; the Depends on edge adds nothing", warns[9998])

	// The same edges to sprints that do not exist: every one reported.
	plan = writePlan(t, dir, "unknown.md", strings.NewReplacer("**: 2a.", "**: 9a.", ", 2a.", ", 9a.").Replace(b))
	code, out, errs = runIn(t, nil, "compile", "--repo", dir, plan)
	assert.Equal(t, exitData, code)
	assert.Empty(t, out)
	got := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	require.Len(t, got, 10000)
	assert.Equal(t, plan+":311:17: error: sprint 2b.1 depends on unknown sprint 9a.1", got[0])
	assert.Equal(t, plan+":311:23: error: sprint 2b.1 depends on unknown sprint 9a.2", got[1])
	assert.Equal(t, plan+":707:701: error: sprint 2b.100 depends on unknown sprint 9a.100", got[9999])
}

// longCycle is a plan of n sprints in a row, the first depending on the
// last, and the ids in order.
func longCycle(n int) (string, []string) {
	var b strings.Builder
	fmt.Fprintf(&b, "## Phase 1: Loop\n\n### Sprint 1.1: Step 1\n**Depends on**: 1.%d\n- work\n\n", n)
	ids := []string{"1.1"}
	for k := 2; k <= n; k++ {
		fmt.Fprintf(&b, "### Sprint 1.%d: Step %d\n- work\n\n", k, k)
		ids = append(ids, fmt.Sprintf("1.%d", k))
	}
	return b.String(), ids
}

// TestHostileLongCycle: 10,000 sprints in a row, the first depending on
// the last. The whole cycle is reported once.
func TestHostileLongCycle(t *testing.T) {
	src, ids := longCycle(10000)
	dir := t.TempDir()
	plan := writePlan(t, dir, "loop.md", src)
	code, out, errs := runIn(t, nil, "compile", "--repo", dir, plan)
	assert.Equal(t, exitData, code)
	assert.Empty(t, out)
	cycle := append(ids, "1.1") // from the first sprint round to it again
	want := plan + ":4:17: error: dependency cycle: " + strings.Join(cycle, " → ") + "\n"
	if errs != want { // too long for a diff
		t.Errorf("got %d bytes of errors, want %d:\n got %.300s…\nwant %.300s…", len(errs), len(want), errs, want)
	}
}

func TestHostileBinaryPlan(t *testing.T) {
	dir := t.TempDir()
	plan := writePlan(t, dir, "bin.md", "## Phase 1: A\n### Sprint 1.1: B\x00\n- \xc3\x28\n")
	code, out, errs := runIn(t, nil, "compile", "--repo", dir, plan)
	assert.Equal(t, exitData, code)
	assert.Empty(t, out)
	assert.Equal(t, plan+":2:18: error: NUL byte: this is a binary file, not a Markdown plan\n"+
		plan+":3:3: error: invalid UTF-8 (byte 0xc3): plans must be UTF-8 text\n", errs)
}

func TestHostileSymlinks(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "shop")
	real := writePlan(t, repo, "plans/real.md", "## Phase 1: A\n\n### Sprint 1.1: Setup\n- go\n")

	// A link to a plan compiles as the link's path: the file the user named.
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "docs"), 0o755))
	link := filepath.Join(repo, "docs", "plan.md")
	require.NoError(t, os.Symlink(real, link))
	code, out, errs := runIn(t, nil, "compile", "--repo", repo, "--format", "jsonl", link)
	assert.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, `"plan_file":"docs/plan.md"`)

	// A link to itself, and a link to nothing.
	loop := filepath.Join(repo, "loop.md")
	require.NoError(t, os.Symlink(loop, loop))
	code, out, errs = runIn(t, nil, "compile", "--repo", repo, loop)
	assert.Equal(t, exitData, code)
	assert.Empty(t, out)
	assert.Equal(t, "architect: "+loop+": too many levels of symbolic links\n", errs)

	dangling := filepath.Join(repo, "gone.md")
	require.NoError(t, os.Symlink(filepath.Join(repo, "nowhere.md"), dangling))
	code, _, errs = runIn(t, nil, "compile", "--repo", repo, dangling)
	assert.Equal(t, exitData, code)
	assert.Equal(t, "architect: "+dangling+": no such file or directory\n", errs)

	// A linked directory that leads out of the repository: the plan is
	// outside it, however the path reads.
	outside := writePlan(t, base, "elsewhere/plan.md", "## Phase 1: A\n\n### Sprint 1.1: Setup\n- go\n")
	require.NoError(t, os.Symlink(filepath.Dir(outside), filepath.Join(repo, "elsewhere")))
	via := filepath.Join(repo, "elsewhere", "plan.md")
	code, out, errs = runIn(t, nil, "compile", "--repo", repo, via)
	assert.Equal(t, exitData, code)
	assert.Empty(t, out)
	assert.Equal(t, "architect: "+via+": the plan is outside the repository "+mustEval(t, repo)+
		"; run architect inside the plan's repository or pass --repo\n", errs)
}

func mustEval(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	require.NoError(t, err)
	return r
}

func TestHostilePlanOutsideRepo(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "shop")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	outside := writePlan(t, base, "plan.md", "## Phase 1: A\n\n### Sprint 1.1: Setup\n- go\n")
	for _, path := range []string{outside, filepath.Join(repo, "..", "plan.md")} {
		code, out, errs := runIn(t, nil, "compile", "--repo", repo, path)
		assert.Equal(t, exitData, code, path)
		assert.Empty(t, out, path)
		assert.Equal(t, "architect: "+path+": the plan is outside the repository "+mustEval(t, repo)+
			"; run architect inside the plan's repository or pass --repo\n", errs, path)
	}
}
