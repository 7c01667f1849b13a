package emit

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJSONIsTheArrayEncoding: writing bead by bead gives the bytes an
// encoder gives for the whole array, for no beads, one, and several.
func TestJSONIsTheArrayEncoding(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X <b>&</b>\n- a\n### Sprint 1.2a: Y\n- b\n### Sprint 1.2b: Z\n- c\n### Sprint 1.3: W\n- d\n")
	for _, bs := range [][]Bead{nil, beads[:1], beads} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if bs == nil {
			require.NoError(t, enc.Encode([]Bead{}))
		} else {
			require.NoError(t, enc.Encode(bs))
		}
		got, err := JSON(bs)
		require.NoError(t, err)
		require.Equal(t, want.String(), string(got))
	}
}
