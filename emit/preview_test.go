package emit

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// previewPlans are the graph test plans and the preview's own.
func previewPlans(t *testing.T) []compiledPlan {
	t.Helper()
	files, err := filepath.Glob("testdata/preview/*.md")
	if err != nil {
		t.Fatal(err)
	}
	out := graphPlans(t)
	for _, f := range files {
		out = append(out, compileFile(t, f))
	}
	return out
}

func renderPreview(t *testing.T, c compiledPlan, st Style) []byte {
	t.Helper()
	var buf bytes.Buffer
	p := NewPreview(c.g, c.beads, c.diags.Warnings())
	if err := p.WriteText(&buf, c.g, st); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// colored are the plans whose coloured preview is kept as a golden file too.
var colored = map[string]bool{"merged": true, "status": true, "warnings": true}

func TestPreviewGolden(t *testing.T) {
	for _, c := range previewPlans(t) {
		t.Run(c.name, func(t *testing.T) {
			got := renderPreview(t, c, Style{})
			if bytes.IndexByte(got, 0x1b) >= 0 {
				t.Error("the plain preview has an escape sequence")
			}
			golden(t, "testdata/preview/"+c.name+".txt", got)
			if colored[c.name] {
				golden(t, "testdata/preview/"+c.name+".color.txt", renderPreview(t, c, Style{Color: true}))
			}
		})
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Colour never moves text: without its escape sequences, the coloured
// preview is the plain one, so columns line up in both.
func TestPreviewColorOnlyAddsEscapes(t *testing.T) {
	for _, c := range previewPlans(t) {
		plain := renderPreview(t, c, Style{})
		color := renderPreview(t, c, Style{Color: true})
		if !bytes.Contains(color, []byte("\x1b[")) {
			t.Errorf("%s: the coloured preview has no colour", c.name)
		}
		if got := ansi.ReplaceAll(color, nil); !bytes.Equal(got, plain) {
			t.Errorf("%s: the coloured preview differs from the plain one beyond its colours:\n%s\n---\n%s", c.name, got, plain)
		}
	}
}

func TestPreviewDeterministic(t *testing.T) {
	for _, c := range previewPlans(t) {
		first := renderPreview(t, c, Style{Color: true})
		for i := 0; i < 3; i++ {
			again := compileFile(t, c.path)
			if got := renderPreview(t, again, Style{Color: true}); !bytes.Equal(got, first) {
				t.Fatalf("%s: the preview changed between runs", c.name)
			}
		}
	}
}

// Long titles are cut to a column, and wide waves wrap, so no wave line
// grows past four cells.
func TestPreviewWideWave(t *testing.T) {
	c := compileFile(t, "testdata/preview/wide.md")
	out := string(renderPreview(t, c, Style{}))
	if !strings.Contains(out, "1.2b North America storefront wi…") {
		t.Errorf("the long title is not cut:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Count(line, "│") > previewWaveCells {
			t.Errorf("a wave line holds more than %d sprints: %q", previewWaveCells, line)
		}
	}
}
