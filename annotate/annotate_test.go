package annotate

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// readIDs reads a NAME.ids file: SPRINT=ID lines, and "--force".
func readIDs(t *testing.T, path string) (map[string]string, Options) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	ids := map[string]string{}
	var opts Options
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line == "--force" {
			opts.Force = true
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		require.True(t, ok, "bad line %q in %s", line, path)
		ids[k] = v
	}
	return ids, opts
}

// describe renders what Apply reported, one line per sprint.
func describe(res Result, err error) string {
	var b strings.Builder
	if err != nil {
		for _, d := range err.(parser.Diagnostics) {
			fmt.Fprintln(&b, d.Error())
		}
		return b.String()
	}
	for _, c := range res.Inserted {
		fmt.Fprintf(&b, "inserted %s %s (line %d)\n", c.Sprint.ID, c.New, c.Sprint.Heading.Pos.Line)
	}
	for _, c := range res.Replaced {
		fmt.Fprintf(&b, "replaced %s %s -> %s (line %d)\n", c.Sprint.ID, c.Old, c.New, c.Sprint.Heading.Pos.Line)
	}
	for _, s := range res.Unchanged {
		fmt.Fprintf(&b, "unchanged %s %s\n", s.ID, s.Annotation.ID)
	}
	for _, s := range res.Kept {
		fmt.Fprintf(&b, "kept %s %s\n", s.ID, s.Annotation.ID)
	}
	for _, s := range res.Missing {
		fmt.Fprintf(&b, "missing %s (line %d)\n", s.ID, s.Heading.Pos.Line)
	}
	for _, c := range res.Skipped {
		fmt.Fprintf(&b, "skipped %s %s\n", c.Sprint.ID, c.New)
	}
	for _, id := range res.Unknown {
		fmt.Fprintf(&b, "unknown %s\n", id)
	}
	return b.String()
}

// golden compares got with the file at path, or rewrites it with -update.
// A missing golden file is an error, except with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./annotate -update to create it")
	require.Equal(t, string(want), string(got), "%s differs; run go test ./annotate -update and review the diff", path)
}

// TestGolden annotates every testdata/golden/NAME.md with NAME.ids, and
// compares the file (NAME.out.md), its stripped form (NAME.strip.md) and
// the report (NAME.result) with the golden files.
func TestGolden(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("testdata", "golden", "*.ids"))
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, idsFile := range cases {
		base := strings.TrimSuffix(idsFile, ".ids")
		t.Run(filepath.Base(base), func(t *testing.T) {
			src, err := os.ReadFile(base + ".md")
			require.NoError(t, err)
			ids, opts := readIDs(t, idsFile)
			p := parser.Parse(filepath.Base(base)+".md", src)
			out, res, err := Apply(p, ids, opts)
			golden(t, base+".result", []byte(describe(res, err)))
			if err != nil {
				require.Nil(t, out)
				if *update {
					os.Remove(base + ".out.md")
					os.Remove(base + ".strip.md")
				}
				_, statErr := os.Stat(base + ".out.md")
				require.True(t, os.IsNotExist(statErr), "%s.out.md exists for a case that fails", base)
				return
			}
			golden(t, base+".out.md", out)
			stripped := Strip(parser.Parse("out.md", out))
			golden(t, base+".strip.md", stripped)

			// Every changed byte is in an annotation line: the diff of
			// input and output has only annotation lines in it.
			require.Equal(t, string(Strip(p)), string(stripped))
			if !bytes.Contains(src, []byte("beads-ralph:")) {
				require.Equal(t, string(src), string(stripped), "strip(annotate(x)) != x")
			}
			again, res2, err := Apply(parser.Parse("out.md", out), ids, opts)
			require.NoError(t, err)
			require.Equal(t, string(out), string(again), "annotate is not idempotent")
			require.False(t, res2.Changed())
		})
	}
}
