package emit

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestInlineKeepsVerdicts: the shipped bead schema with its references
// written out gives the same violations as the schema as written, on valid
// beads and on beads broken in every field the schema constrains.
func TestInlineKeepsVerdicts(t *testing.T) {
	asWritten, err := CompileSchema("bead.schema.json", SchemaJSON)
	require.NoError(t, err)
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2a: Y\n- b\n### Sprint 1.2b: Z\n- c\n### Sprint 1.3: W\n**Status**: done\n- d\n")
	breaks := map[string]func(m map[string]any){
		"id":        func(m map[string]any) { m["id"] = "bad id" },
		"priority":  func(m map[string]any) { m["priority"] = 9 },
		"closed_at": func(m map[string]any) { m["closed_at"] = "yesterday" },
		"branch":    func(m map[string]any) { meta(m)["branch"] = "a b" },
		"qa_agents": func(m map[string]any) { meta(m)["qa_agents"] = []any{} },
		"qa model":  func(m map[string]any) { meta(m)["qa_agents"].([]any)[0].(map[string]any)["model"] = "gpt" },
		"agent": func(m map[string]any) {
			meta(m)["dev_agents"].([]any)[0].(map[string]any)["agent"] = ".claude/agents/x"
		},
		"scrum":        func(m map[string]any) { meta(m)["scrum_master_agent"] = map[string]any{} },
		"merge":        func(m map[string]any) { meta(m)["branches_to_merge"] = []any{"a//b"} },
		"scope":        func(m map[string]any) { meta(m)["scope"].(map[string]any)["files"] = []any{"../x"} },
		"worktree":     func(m map[string]any) { meta(m)["worktree_path"] = "rel/path" },
		"issue_type":   func(m map[string]any) { m["issue_type"] = "beads-ralph-task" },
		"dependencies": func(m map[string]any) { m["dependencies"] = []any{"x y"} },
	}
	checked := 0
	for i, b := range beads {
		for name, brk := range map[string]func(map[string]any){"valid": func(map[string]any) {}} {
			breaks[name] = brk
		}
		for name, brk := range breaks {
			data, err := json.Marshal(b)
			require.NoError(t, err)
			var m map[string]any
			require.NoError(t, json.Unmarshal(data, &m))
			brk(m)
			data, err = json.Marshal(m)
			require.NoError(t, err)
			v, err := DecodeJSON(data)
			require.NoError(t, err)
			want, got := asWritten.Check(v), beadSchema().Check(v)
			require.Equal(t, fields(want), fields(got), "bead %d, %s", i, name)
			require.Equal(t, name == "valid", len(got) == 0, "bead %d, %s: %v", i, name, got)
			checked++
		}
	}
	t.Logf("%d beads checked against both", checked)
}

func meta(m map[string]any) map[string]any { return m["metadata"].(map[string]any) }

// fields are the JSON pointers of violations, with their count.
func fields(vs []Violation) string {
	seen := map[string]int{}
	for _, v := range vs {
		seen[v.Field]++
	}
	return fmt.Sprint(len(vs) > 0, seen)
}
