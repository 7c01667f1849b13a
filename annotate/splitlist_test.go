package annotate

import (
	"os"
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSplitListRefused: a comment under a list item ends its list. When
// that changes how the plan reads (a plain bullet over ticked sub-items
// is a unit beside boxes, not alone), Apply writes nothing and says which
// sprint would be lost, at its line (heldout84 2041).
func TestSplitListRefused(t *testing.T) {
	// A plan of the project's own corpus, where this was found.
	src, readErr := os.ReadFile("../testdata/corpus/heldout84/plans/2041-alpha-omega-analyzer-requirements.md")
	require.NoError(t, readErr)
	p := parser.Parse("p.md", []byte(src))
	require.Empty(t, Blocking(p))
	ids := map[string]string{}
	for i, s := range p.Sprints {
		ids[s.ID] = "bd-a" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	out, _, err := Apply(p, ids, Options{})
	assert.Nil(t, out)
	require.Error(t, err)
	assert.Equal(t, `p.md:49:1: error: annotating would change which sprints the plan has; nothing was written: the comments under its list items would split their lists, and the plan would read otherwise (sprint 1.4 "Exception Handling on the following:" would be lost or moved)`, err.Error())
}
