// Package plangen supplies the plans tests run on: synthetic plans of any
// size, for benchmarks, fuzz seeds and scale tests, and beads-ralph's own
// plans from the corpus beside the checkout (Corpus, CorpusFiles). The
// synthetic plans mix sequential sprints, parallel groups with merges,
// phase splits into tracks, converging phases, and explicit Depends on
// edges between tracks.
package plangen

import (
	"bytes"
	"fmt"
)

// Plan returns a plan of exactly n sprints. The same n gives the same bytes.
func Plan(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 140)
	b.WriteString("---\nprefix: gen\n---\n# Generated plan\n\n**Integration Branch**: `develop`\n\n")
	left := n
	sprint := func(id, title string, deps string) {
		fmt.Fprintf(&b, "### Sprint %s: %s\n\n", id, title)
		if deps != "" {
			fmt.Fprintf(&b, "**Depends on**: %s\n\n", deps)
		}
		fmt.Fprintf(&b, "- Build the %s part\n- Test it\n\n**Acceptance Criteria**:\n- %s works\n\n", title, title)
		left--
	}
	for p := 1; left > 0; p++ {
		switch p % 3 {
		case 0: // a split into two tracks, with an edge between them
			for _, track := range []string{"a", "b"} {
				fmt.Fprintf(&b, "## Phase %d%s: Track %s\n\n", p, track, track)
				for k := 1; k <= 4 && left > 0; k++ {
					deps := ""
					if track == "b" && k > 1 {
						deps = fmt.Sprintf("%da.%d", p, k-1)
					}
					sprint(fmt.Sprintf("%d%s.%d", p, track, k), fmt.Sprintf("Track %s step %d", track, k), deps)
				}
			}
		default: // sequential sprints, then a parallel group and its merge
			fmt.Fprintf(&b, "## Phase %d: Stage %d\n\n", p, p)
			k := 1
			for ; k <= 2 && left > 0; k++ {
				sprint(fmt.Sprintf("%d.%d", p, k), fmt.Sprintf("Step %d of stage %d", k, p), "")
			}
			for _, l := range []string{"a", "b", "c"} {
				if left == 0 {
					break
				}
				sprint(fmt.Sprintf("%d.%d%s", p, k, l), fmt.Sprintf("Parallel %s of stage %d", l, p), "")
			}
			k++
			if left > 0 {
				sprint(fmt.Sprintf("%d.%d", p, k), fmt.Sprintf("Merge of stage %d", p), "")
			}
		}
	}
	return b.Bytes()
}
