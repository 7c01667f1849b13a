package annotate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/require"
)

func readStatuses(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		k, v, ok := strings.Cut(line, "=")
		require.True(t, ok, line)
		out[k] = v
	}
	return out
}

func describeStatus(res StatusResult) string {
	var b strings.Builder
	for _, c := range res.Changed {
		how := "replaced"
		if c.Inserted {
			how = "inserted"
		}
		fmt.Fprintf(&b, "%s %s %s -> %s\n", how, c.Sprint.ID, c.Old, c.New)
	}
	for _, s := range res.Unchanged {
		fmt.Fprintf(&b, "unchanged %s\n", s.ID)
	}
	for _, c := range res.Held {
		fmt.Fprintf(&b, "held %s %s (completion log line %d) -> %s\n", c.Sprint.ID, c.Old, c.Sprint.ClosedBy.Heading.Pos.Line, c.New)
	}
	for _, id := range res.Unknown {
		fmt.Fprintf(&b, "unknown %s\n", id)
	}
	return b.String()
}

// TestWriteStatus: statuses are written byte-exactly (CRLF, no final
// newline, setext headings, with and without a Status line), skipped
// sprints are never touched, a second run changes nothing, and a compile
// of the result reads the statuses written.
func TestWriteStatus(t *testing.T) {
	files, err := filepath.Glob("testdata/status/*.md")
	require.NoError(t, err)
	for _, file := range files {
		if strings.HasSuffix(file, ".out.md") {
			continue
		}
		name := strings.TrimSuffix(file, ".md")
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			statuses := readStatuses(t, name+".statuses")
			p := parser.Parse(file, src)
			out, res, err := WriteStatus(p, statuses)
			require.NoError(t, err)
			golden(t, name+".out.md", out)
			golden(t, name+".status-result", []byte(describeStatus(res)))

			again, res2, err := WriteStatus(parser.Parse(file, out), statuses)
			require.NoError(t, err)
			require.Equal(t, string(out), string(again), "a second run changes nothing")
			require.Empty(t, res2.Changed)
			for _, s := range parser.Parse(file, out).Sprints {
				if want, ok := statuses[s.ID]; ok && s.ClosedBy == nil {
					got := parser.StatusOpen
					if s.Status.Set() {
						got = s.Status.Value
					}
					require.Equal(t, want, got, "sprint %s reads back", s.ID)
				}
			}
		})
	}
}
