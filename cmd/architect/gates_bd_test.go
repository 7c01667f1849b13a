package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readyInOrder lists the ids bd ready offers, in bd's order.
func (r *bdRepo) readyInOrder() []string {
	r.t.Helper()
	var issues []struct {
		ID string `json:"id"`
	}
	require.NoError(r.t, json.Unmarshal([]byte(r.bd("ready", "--json", "--limit", "0")), &issues))
	ids := make([]string, len(issues))
	for i, is := range issues {
		ids[i] = is.ID
	}
	return ids
}

// sprintIDs maps the plan's sprint ids to bead ids, and back, as the
// database holds them.
func (r *bdRepo) sprintIDs() (bead map[string]string, sprint map[string]string) {
	bead, sprint = map[string]string{}, map[string]string{}
	for id, is := range r.export() {
		if s := is.Sprint(); s != "" {
			bead[s], sprint[id] = id, s
		}
	}
	return bead, sprint
}

// TestApplyGates applies testdata/plans/gates.md (a human gate on 1.2, a
// pull request gate on 2.1, a timer gate on phase 2) to a real bd: each
// gate is a bd gate with its reason, await id and timeout, and holds its
// sprint out of bd ready until it is resolved; a re-apply creates nothing,
// and keeps a resolved gate resolved; a gate taken out of the plan is
// closed, not deleted.
func TestApplyGates(t *testing.T) {
	r := newBDRepo(t, "gt")
	src, err := os.ReadFile(filepath.Join(plansDir, "gates.md"))
	require.NoError(t, err)
	plan := r.write("gates.md", string(src))
	out, stderr, code := r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Applied: 9 created, 0 updated, 0 closed.")

	type gate struct {
		ID          string `json:"id"`
		Title       string `json:"title"`
		Description string `json:"description"`
		AwaitType   string `json:"await_type"`
		AwaitID     string `json:"await_id"`
		Timeout     int64  `json:"timeout"`
	}
	var gates []gate
	require.NoError(t, json.Unmarshal([]byte(r.bd("gate", "list", "--json")), &gates))
	sort.Slice(gates, func(i, j int) bool { return gates[i].Title < gates[j].Title })
	var got []string
	for _, g := range gates {
		got = append(got, fmt.Sprintf("%s|%s|%s|%d", g.Title, g.AwaitType, g.AwaitID, g.Timeout))
	}
	assert.Equal(t, []string{
		"Gate: Design review of the schema|human||0",
		"Gate: let the canary run|timer||7200000000000",
		"Gate: the payments fix must be in|gh:pr|42|0",
	}, got)
	human := gates[0].ID
	assert.Contains(t, gates[0].Description, "Reason: Design review of the schema")
	assert.Contains(t, gates[0].Description, "bd gate resolve "+human)

	bead, _ := r.sprintIDs()
	assert.Equal(t, []string{bead["1.1"]}, r.readyInOrder())
	r.bd("close", bead["1.1"], "--force", "--reason", "done")
	assert.Empty(t, r.readyInOrder(), "1.2 waits on its gate once 1.1 is closed")
	r.bd("gate", "resolve", human, "--reason", "schema reviewed")
	assert.Equal(t, []string{bead["1.2"]}, r.readyInOrder())

	// Applied again: nothing new, the resolved gate stays resolved.
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 9 beads match gates.md.")
	db := r.export()
	assert.Len(t, db, 9)
	assert.Equal(t, "closed", db[human].Status)

	// The pull request gate leaves the plan: apply closes it, with a
	// reason, and 2.1 no longer depends on it.
	pr := gates[2].ID
	cur, err := os.ReadFile(plan)
	require.NoError(t, err)
	without := strings.Replace(string(cur), "**Gate**: pr #42 — the payments fix must be in\n", "", 1)
	require.NotEqual(t, string(cur), without)
	require.NoError(t, os.WriteFile(plan, []byte(without), 0o644))
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "  - "+pr+"  gate  Gate: the payments fix must be in  its gate is gone from the plan; closing it\n")
	db = r.export()
	assert.Len(t, db, 9, "nothing is deleted")
	assert.Equal(t, "closed", db[pr].Status)
	var reason string
	require.NoError(t, json.Unmarshal(db[pr].Fields["close_reason"], &reason))
	assert.Equal(t, `gate "Gate: the payments fix must be in" is no longer in gates.md`, reason)
	for _, d := range db[bead["2.1"]].Deps {
		assert.NotEqual(t, pr, d.DependsOnID)
	}
	out, stderr, code = r.architect("apply", plan)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "No changes: 8 beads match gates.md.")
}

// TestApplyEpicsSwarm applies the bundled example and a split/converge
// plan with --epics: bd swarm validate passes on every phase epic, and
// the waves it reports are the preview's waves of that phase's sprints.
func TestApplyEpicsSwarm(t *testing.T) {
	for _, name := range []string{"example.md", "phase-split-converge.md"} {
		t.Run(name, func(t *testing.T) {
			r := newBDRepo(t, "sw")
			src, err := os.ReadFile(filepath.Join(plansDir, name))
			require.NoError(t, err)
			plan := r.write(name, string(src))
			_, stderr, code := r.architect("apply", "--epics", "--no-annotate", plan)
			require.Equal(t, 0, code, stderr)
			out, stderr, code := r.architect("compile", "--dry-run", "--json", "--epics", plan)
			require.Equal(t, 0, code, stderr)
			var preview struct {
				Waves [][]string `json:"waves"`
				Epics []struct {
					Phase string     `json:"phase"`
					Waves [][]string `json:"waves"`
				} `json:"epics"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &preview))
			require.NotEmpty(t, preview.Epics)

			bead, sprint := r.sprintIDs()
			db := r.export()
			epics := map[string]string{} // phase -> epic bead id
			for id, is := range db {
				var typ string
				require.NoError(t, json.Unmarshal(is.Fields["issue_type"], &typ))
				if typ == "epic" {
					var phase string
					require.NoError(t, json.Unmarshal(is.Metadata["phase"], &phase))
					epics[phase] = id
				}
			}
			require.Len(t, epics, len(preview.Epics))
			for _, ep := range preview.Epics {
				cmd := exec.Command("bd", "swarm", "validate", epics[ep.Phase], "--json")
				cmd.Dir = r.dir
				data, err := cmd.Output()
				require.NoError(t, err, "bd swarm validate of phase %s", ep.Phase)
				var v struct {
					Swarmable   bool `json:"swarmable"`
					ReadyFronts []struct {
						Issues []string `json:"issues"`
					} `json:"ready_fronts"`
				}
				require.NoError(t, json.Unmarshal(data, &v))
				assert.True(t, v.Swarmable, "phase %s", ep.Phase)
				var fronts [][]string
				for _, f := range v.ReadyFronts {
					var ids []string
					for _, id := range f.Issues {
						ids = append(ids, sprint[id])
					}
					sort.Strings(ids)
					fronts = append(fronts, ids)
				}
				assert.Equal(t, ep.Waves, fronts, "phase %s", ep.Phase)
				// The preview's waves of the phase's open sprints, as they
				// sit in the plan's waves (bd leaves closed ones out).
				var plan [][]string
				for _, w := range preview.Waves {
					var ids []string
					for _, id := range w {
						if strings.HasPrefix(id, ep.Phase+".") && db[bead[id]].Status != "closed" {
							ids = append(ids, id)
						}
					}
					if len(ids) > 0 {
						sort.Strings(ids)
						plan = append(plan, ids)
					}
				}
				assert.Equal(t, plan, fronts, "phase %s", ep.Phase)
			}
		})
	}
}

// TestReadyPlanOrder: twenty units of one priority, nineteen parallel
// tracks and the sprint that merges them, come out of bd ready in the
// plan's order, not in the order of their hashed ids; a track added
// later is listed in its place too.
func TestReadyPlanOrder(t *testing.T) {
	r := newBDRepo(t, "ro")
	letters := "abcdefghijklmnopqrs"
	write := func(letters string) string {
		var b strings.Builder
		b.WriteString("# Twenty units\n\n## Phase 1: Pages\n")
		for _, c := range letters {
			fmt.Fprintf(&b, "\n### Sprint 1.1%c: Page %c\n- Build page %c\n", c, c, c)
		}
		b.WriteString("\n### Sprint 1.2: Site map\n- Link every page\n")
		return r.write("pages.md", b.String())
	}
	plan := write(letters)
	_, stderr, code := r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	order := func() []string {
		_, sprint := r.sprintIDs()
		var out []string
		for _, id := range r.readyInOrder() {
			out = append(out, sprint[id])
		}
		return out
	}
	want := func(letters string) []string {
		var out []string
		for _, c := range letters {
			out = append(out, "1.1"+string(c))
		}
		return out
	}
	assert.Equal(t, want(letters), order())

	// A track added between the others and 1.2 is stamped between them.
	plan = write(letters + "t")
	_, stderr, code = r.architect("apply", "--no-annotate", plan)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want(letters+"t"), order())
}
