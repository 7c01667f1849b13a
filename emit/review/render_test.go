package review

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// need runs the test only when the environment variable require is 1 (as
// .ci/run sets it), and then fails when the tool is missing. A plain
// go test ./... skips it, as it skips the other tests of real tools: the
// renderers take seconds, and the README promises a quick run with nothing
// installed.
func need(t *testing.T, tool, require string) string {
	t.Helper()
	if os.Getenv(require) != "1" {
		t.Skipf("runs with %s=1 (and %s installed), as .ci/run sets it", require, tool)
	}
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s is not installed, and %s=1 requires it", tool, require)
	}
	return path
}

// TestDOTRendersWithGraphviz runs the real `dot -Tsvg` on every golden DOT
// file, the live ones too: graphviz must accept each, with nothing on stderr, and draw an SVG.
func TestDOTRendersWithGraphviz(t *testing.T) {
	dot := need(t, "dot", "ARCHITECT_REQUIRE_DOT")
	files, err := filepath.Glob("testdata/graph/*.dot")
	live, err2 := filepath.Glob("testdata/live/*.dot")
	files = append(files, live...)
	if err != nil || err2 != nil || len(files) == 0 || len(live) == 0 {
		t.Fatalf("no golden DOT files: %v %v", err, err2)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(dot, "-Tsvg", f)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("dot -Tsvg %s: %v\n%s", f, err, stderr.String())
			}
			if stderr.Len() > 0 {
				t.Errorf("dot -Tsvg %s warned:\n%s", f, stderr.String())
			}
			if !bytes.Contains(stdout.Bytes(), []byte("<svg")) {
				t.Errorf("dot -Tsvg %s drew no SVG", f)
			}
		})
	}
}

// A broken file must fail: the graphviz check is not a no-op.
func TestGraphvizRejectsBadDOT(t *testing.T) {
	dot := need(t, "dot", "ARCHITECT_REQUIRE_DOT")
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = strings.NewReader("digraph { \"a\" -> ; }\n")
	if err := cmd.Run(); err == nil {
		t.Fatal("dot accepted a broken graph")
	}
}

// mermaidChecker installs the npm packages of testdata/mermaid (mermaid and
// jsdom, pinned by its package-lock.json) into a cache directory keyed by
// the lockfile, once, and returns the directory holding check.mjs. It
// runs only with ARCHITECT_REQUIRE_MERMAID=1 (see need).
func mermaidChecker(t *testing.T) (node, dir string) {
	t.Helper()
	node = need(t, "node", "ARCHITECT_REQUIRE_MERMAID")
	npm := need(t, "npm", "ARCHITECT_REQUIRE_MERMAID")
	var files = map[string][]byte{}
	sum := sha256.New()
	for _, name := range []string{"package.json", "package-lock.json", "check.mjs"} {
		data, err := os.ReadFile(filepath.Join("testdata", "mermaid", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
		sum.Write(data)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir = filepath.Join(cache, "architect", "mermaid-"+hex.EncodeToString(sum.Sum(nil))[:16])
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "mermaid", "package.json")); err == nil {
		return node, dir
	}
	// Install into a fresh directory, then rename it into place, so that
	// an interrupted install is never mistaken for a finished one.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".mermaid-install-*")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = tmp
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("npm ci in a copy of testdata/mermaid failed: %v\n%s", err, out.String())
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "mermaid", "package.json")); statErr != nil {
			t.Fatal(err) // not a concurrent install that won the race
		}
	}
	return node, dir
}

// checkMermaid runs mermaid's parser on files and returns its report.
func checkMermaid(t *testing.T, node, dir string, files ...string) (string, error) {
	t.Helper()
	args := []string{filepath.Join(dir, "check.mjs")}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, abs)
	}
	cmd := exec.Command(node, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestMermaidParses runs mermaid's own parser (the one GitHub renders
// with) on every golden Mermaid file, the live ones too, and checks that a broken file fails.
func TestMermaidParses(t *testing.T) {
	files, err := filepath.Glob("testdata/graph/*.mmd")
	live, err2 := filepath.Glob("testdata/live/*.mmd")
	files = append(files, live...)
	if err != nil || err2 != nil || len(files) == 0 || len(live) == 0 {
		t.Fatalf("no golden Mermaid files: %v %v", err, err2)
	}
	node, dir := mermaidChecker(t)
	out, err := checkMermaid(t, node, dir, files...)
	if err != nil {
		t.Fatalf("mermaid rejected a golden file: %v\n%s", err, out)
	}
	if got := strings.Count("\n"+out, "\nok "); got != len(files) {
		t.Errorf("mermaid checked %d of %d files:\n%s", got, len(files), out)
	}

	// The escaping matters: the titles plan with its quotes left raw, as
	// an unescaped export would write them, does not parse.
	good, err := os.ReadFile("testdata/graph/titles.mmd")
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "raw-quotes.mmd")
	if err := os.WriteFile(bad, bytes.ReplaceAll(good, []byte("#quot;"), []byte(`"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = checkMermaid(t, node, dir, bad)
	if err == nil || !strings.HasPrefix(out, "FAIL "+bad+": Parse error") {
		t.Fatalf("mermaid accepted raw quotes in a label: %v\n%s", err, out)
	}
}
