package annotate

import (
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableRowsNotAnnotated: a unit that is a row of a table gets no
// annotation line (one after the row would break the table); Apply lists
// it in Rows and leaves the file as it is, and annotates the heading units
// beside it as usual.
func TestTableRowsNotAnnotated(t *testing.T) {
	src := "# P\n\n## Phase 1: A\n\n### Step 1.1: Heading unit\n\n## Phase 2: B\n\n" +
		"| ID | Title | Status |\n|---|---|---|\n| S1 | One | |\n| S2 | Two | |\n"
	p := parser.Parse("p.md", []byte(src))
	require.Len(t, p.Sprints, 3)
	out, res, err := Apply(p, map[string]string{"1.1": "bd-a1", "2.1": "bd-b1", "2.2": "bd-b2"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "# P\n\n## Phase 1: A\n\n### Step 1.1: Heading unit\n<!-- beads-ralph: bd-a1 -->\n\n## Phase 2: B\n\n"+
		"| ID | Title | Status |\n|---|---|---|\n| S1 | One | |\n| S2 | Two | |\n", string(out))
	require.Len(t, res.Rows, 2)
	assert.Equal(t, "2.1", res.Rows[0].Sprint.ID)
	assert.Equal(t, "bd-b1", res.Rows[0].New)
	assert.Equal(t, "2.2", res.Rows[1].Sprint.ID)
	assert.Len(t, res.Inserted, 1)
	assert.Empty(t, res.Missing)
	// The file still reads the same.
	q := parser.Parse("p.md", out)
	require.Len(t, q.Sprints, 3)
	assert.True(t, q.Sprints[2].Row)
}
