package review

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/emittest"
)

var record = flag.Bool("record", false, "rerun the bd sessions behind testdata/live/*.jsonl with the real bd and record their exports")

// TestRecordLiveExports makes the bd exports the live goldens read. It runs
// only with -record, and needs bd v1.3.0 on PATH:
//
//	go test ./emit/review -run TestRecordLiveExports -record
//
// flight.jsonl: the beads of testdata/live/flight.md imported into a fresh
// database, then worked as agents would: 1.1 and 1.2a closed, 1.2b started
// by dev-7, 3b.1 set blocked by hand, and 2.1 made to wait on a bead that is
// not the plan's. flight.ready: the ids bd ready then lists, one a line.
func TestRecordLiveExports(t *testing.T) {
	if !*record {
		t.Skip("records only with -record")
	}
	bd, err := exec.LookPath("bd")
	if err != nil {
		t.Fatal("-record needs bd on PATH")
	}
	c := emittest.CompileFile(t, "testdata/live/flight.md")
	id := map[string]string{}
	for _, b := range c.Beads {
		id[b.Metadata.Sprint] = b.ID
	}
	jsonl, err := emit.JSONL(c.Beads)
	if err != nil {
		t.Fatal(err)
	}

	root := t.TempDir()
	dir := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(root, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("BD_NON_INTERACTIVE", "1")
	t.Setenv("BD_DISABLE_METRICS", "1")
	t.Setenv("BEADS_DIR", "")
	run := func(stdin []byte, name string, argv ...string) string {
		t.Helper()
		cmd := exec.Command(name, argv...)
		cmd.Dir = dir
		cmd.Stdin = bytes.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(argv, " "), err, errb.String())
		}
		return out.String()
	}
	run(nil, "git", "init", "-q", "-b", "main")
	run(nil, "git", "config", "user.email", "dev@example.com")
	run(nil, "git", "config", "user.name", "dev")
	run(nil, bd, "init", "--prefix", "fl", "--skip-agents", "--skip-hooks", "--non-interactive")
	run(nil, bd, "config", "set", "types.custom", emit.TypeWork+","+emit.TypeMerge)
	run(jsonl, bd, "import", "-")
	run(nil, bd, "create", "External security review", "--id", "fl-ext001", "-p", "1")
	run(nil, bd, "dep", "add", id["2.1"], "fl-ext001")
	run(nil, bd, "close", id["1.1"], id["1.2a"], "--force", "--reason", "merged")
	run(nil, bd, "update", id["1.2b"], "--status", "in_progress", "--assignee", "dev-7")
	run(nil, bd, "update", id["3b.1"], "--status", "blocked")
	if err := os.WriteFile("testdata/live/flight.jsonl", []byte(run(nil, bd, "export")), 0o644); err != nil {
		t.Fatal(err)
	}
	// What bd ready lists, to hold the live view's ready set to.
	var ready []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(run(nil, bd, "ready", "--json", "--limit", "0")), &ready); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range ready {
		lines = append(lines, r.ID+"\n")
	}
	sort.Strings(lines)
	if err := os.WriteFile("testdata/live/flight.ready", []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}
