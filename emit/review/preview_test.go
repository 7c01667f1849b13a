package review

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/emittest"
)

// previewPlans are the graph test plans and the preview's own.
func previewPlans(t *testing.T) []emittest.Plan {
	t.Helper()
	var files []string
	for _, dir := range []string{"testdata/graph", "testdata/preview"} {
		more, err := filepath.Glob(filepath.Join(dir, "*.md"))
		if err != nil || len(more) == 0 {
			t.Fatalf("no test plans in %s: %v", dir, err)
		}
		files = append(files, more...)
	}
	out := make([]emittest.Plan, len(files))
	for i, f := range files {
		out[i] = emittest.CompileFile(t, f)
	}
	return out
}

func renderPreview(t *testing.T, c emittest.Plan, st emit.Style) []byte {
	t.Helper()
	var buf bytes.Buffer
	p := NewPreview(c.Graph, c.Beads, c.Diags.Warnings())
	if err := p.WriteText(&buf, c.Graph, st); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// colored are the plans whose coloured preview is kept as a golden file too.
var colored = map[string]bool{"merged": true, "status": true, "warnings": true}

func TestPreviewGolden(t *testing.T) {
	for _, c := range previewPlans(t) {
		t.Run(c.Name, func(t *testing.T) {
			got := renderPreview(t, c, emit.Style{})
			if bytes.IndexByte(got, 0x1b) >= 0 {
				t.Error("the plain preview has an escape sequence")
			}
			emittest.Golden(t, *update, "testdata/preview/"+c.Name+".txt", got)
			if colored[c.Name] {
				emittest.Golden(t, *update, "testdata/preview/"+c.Name+".color.txt", renderPreview(t, c, emit.Style{Color: true}))
			}
		})
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Colour never moves text: without its escape sequences, the coloured
// preview is the plain one, so columns line up in both.
func TestPreviewColorOnlyAddsEscapes(t *testing.T) {
	for _, c := range previewPlans(t) {
		plain := renderPreview(t, c, emit.Style{})
		color := renderPreview(t, c, emit.Style{Color: true})
		if !bytes.Contains(color, []byte("\x1b[")) {
			t.Errorf("%s: the coloured preview has no colour", c.Name)
		}
		if got := ansi.ReplaceAll(color, nil); !bytes.Equal(got, plain) {
			t.Errorf("%s: the coloured preview differs from the plain one beyond its colours:\n%s\n---\n%s", c.Name, got, plain)
		}
	}
}

func TestPreviewDeterministic(t *testing.T) {
	for _, c := range previewPlans(t) {
		first := renderPreview(t, c, emit.Style{Color: true})
		for i := 0; i < 3; i++ {
			again := emittest.CompileFile(t, c.Path)
			if got := renderPreview(t, again, emit.Style{Color: true}); !bytes.Equal(got, first) {
				t.Fatalf("%s: the preview changed between runs", c.Name)
			}
		}
	}
}

// waveCells is how many sprints the README promises on one line of a wave.
const waveCells = 4

// Long titles are cut to a column, and wide waves wrap, so no wave line
// grows past four cells.
func TestPreviewWideWave(t *testing.T) {
	c := emittest.CompileFile(t, "testdata/preview/wide.md")
	out := string(renderPreview(t, c, emit.Style{}))
	if !strings.Contains(out, "1.2b North America storefront wi…") {
		t.Errorf("the long title is not cut:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Count(line, "│") > waveCells {
			t.Errorf("a wave line holds more than %d sprints: %q", waveCells, line)
		}
	}
}

// TestPreviewSourceBranch: the source branch the caller sets, and where it
// came from, is one line under the counts, in the text and in the JSON.
func TestPreviewSourceBranch(t *testing.T) {
	c := emittest.Compile(t, "plans/p.md", []byte("## Phase 1: A\n### Sprint 1.1: One\n- a\n"))
	p := NewPreview(c.Graph, c.Beads, nil)
	p.SourceBranch, p.SourceBranchFrom = "develop", "origin/HEAD"
	var buf bytes.Buffer
	if err := p.WriteText(&buf, c.Graph, emit.Style{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(buf.String(), "\n", 4)
	if lines[2] != "Source branch: develop (from origin/HEAD)" {
		t.Errorf("line 3 is %q", lines[2])
	}
	data, err := PreviewJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\n  \"source_branch\": \"develop\",\n  \"source_branch_from\": \"origin/HEAD\"\n}") {
		t.Errorf("the JSON lacks the source branch:\n%s", data)
	}
}
