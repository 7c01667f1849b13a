package emit

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const epicSrc = "# Epic: Storage\ntype: epic\npriority: 0\nlabels: db\n---\n\nWhere things live.\n\n" +
	"## Lock\ntype: task\n---\n\n## Table\ntype: task\ndeps: Lock\n---\n\n" +
	"# Epic: Pay\n<!-- beads-ralph: bd-pay1 -->\n\n## Gateway\ntype: task\ndeps: Lock\n---\n"

// An epic of a bd file is one bead of type epic after the sprints' beads,
// with short metadata; its issues' beads name it as their parent.
func TestEpicBeads(t *testing.T) {
	beads, diags := compileForTest(t, epicSrc)
	require.Empty(t, diags.Errors())
	require.Len(t, beads, 5)
	e1, e2 := beads[3], beads[4]
	assert.Equal(t, DeriveID("bd", "p.md", "epic-1", idLen), e1.ID)
	assert.Equal(t, "bd-pay1", e2.ID, "an epic's annotation names its bead")
	assert.Equal(t, TypeEpic, e1.IssueType)
	assert.True(t, e1.IsEpic())
	assert.False(t, beads[0].IsEpic())
	assert.Equal(t, "Where things live.", e1.Description)
	assert.Equal(t, "Epic: Pay", e2.Description, "an epic with no text of its own is described by its title")
	assert.Equal(t, 0, e1.Priority)
	assert.Equal(t, []string{"phase-01", "db"}, e1.Labels)
	assert.Equal(t, "", e1.Assignee)
	assert.Equal(t, []string{e1.ID, e1.ID, e2.ID}, []string{beads[0].Parent, beads[1].Parent, beads[2].Parent})
	assert.Empty(t, e1.Parent)

	data, err := json.Marshal(e1)
	require.NoError(t, err)
	var got map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &got))
	assert.JSONEq(t, `{"rig":"demo","phase":"1","plan_file":"p.md","plan_section":"# Epic: Storage"}`, string(got["metadata"]))
	require.NoError(t, Validate(beads))

	rec := ToRecord(beads[1])
	assert.Equal(t, []Dep{{IssueID: beads[1].ID, DependsOnID: beads[0].ID, Type: "blocks"}, {IssueID: beads[1].ID, DependsOnID: e1.ID, Type: "parent-child"}}, rec.Dependencies)
	assert.Empty(t, ToRecord(e1).Dependencies)
}

// The schema holds an epic to its shape: no parent, no dependencies, short
// metadata; a work bead still needs its assignee and full metadata.
func TestSchemaEpicRules(t *testing.T) {
	beads, _ := compileForTest(t, epicSrc)
	check := func(b Bead) []string {
		data, err := json.Marshal(b)
		require.NoError(t, err)
		vs, err := ValidateJSON(data)
		require.NoError(t, err)
		var out []string
		for _, v := range vs {
			out = append(out, v.Field)
		}
		return out
	}
	e := beads[3]
	assert.Empty(t, check(e))
	withParent := e
	withParent.Parent = "bd-abc1"
	assert.NotEmpty(t, check(withParent))
	withDeps := e
	withDeps.Dependencies = []string{"bd-abc1"}
	assert.Contains(t, check(withDeps), "/dependencies")
	work := beads[0]
	work.Assignee = ""
	assert.Contains(t, check(work), "/assignee")
	short := beads[0]
	short.Metadata.Epic = true
	assert.NotEmpty(t, check(short), "a task with an epic's metadata")
}

// Every way of encoding an epic writes its short metadata, and a bead that
// is no epic encodes the same through MarshalJSON as without it.
func TestEpicEncodings(t *testing.T) {
	beads, _ := compileForTest(t, epicSrc)
	e := beads[3]
	meta := func(data []byte) string {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(data, &m))
		return string(m["metadata"])
	}
	short := `{"rig":"demo","phase":"1","plan_file":"p.md","plan_section":"# Epic: Storage"}`
	v, err := json.Marshal(e)
	require.NoError(t, err)
	p, err := json.Marshal(&e)
	require.NoError(t, err)
	r, err := json.Marshal(ToRecord(e))
	require.NoError(t, err)
	for _, data := range [][]byte{v, p, r} {
		assert.JSONEq(t, short, meta(data))
	}
	lines, err := JSONL(beads)
	require.NoError(t, err)
	line := strings.Split(string(lines), "\n")[3] // the first epic's
	assert.JSONEq(t, short, meta([]byte(line)))
	assert.Equal(t, string(r), line)
	arr, err := JSON(beads)
	require.NoError(t, err)
	var all []map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(arr, &all))
	assert.JSONEq(t, short, string(all[3]["metadata"]))

	w := beads[0]
	viaMethod, err := w.MarshalJSON()
	require.NoError(t, err)
	plain, err := marshalNoEscape((*plainBead)(&w))
	require.NoError(t, err)
	assert.Equal(t, string(plain), string(viaMethod))
	assert.Contains(t, meta(viaMethod), `"branch"`)
}
