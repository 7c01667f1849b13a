package bdsync

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadRealBDExport reads what bd v1.3.0's export wrote: a header line,
// two issues with comments and dependencies, and a memory.
func TestReadRealBDExport(t *testing.T) {
	data, err := os.ReadFile("testdata/sync/bd-export.jsonl")
	require.NoError(t, err)
	issues, err := Read(data)
	require.NoError(t, err)
	require.Len(t, issues, 2, "the header and the memory are not issues")

	closed, merge := issues[0], issues[1]
	assert.Equal(t, "np-3tsisb", closed.ID)
	assert.Equal(t, "closed", closed.Status)
	assert.Equal(t, "plan.md", closed.PlanFile())
	assert.Equal(t, "1.1", closed.Sprint())
	assert.Equal(t, Pos{Index: -1, Line: 2}, closed.Pos)
	assert.Equal(t, time.Date(2026, 11, 21, 18, 53, 15, 0, time.UTC), closed.UpdatedAt)
	assert.Contains(t, string(closed.Fields["comments"]), "merged in PR 7")

	assert.Equal(t, "1.2ab", merge.Sprint())
	assert.Equal(t, []emit.Dep{
		{IssueID: "np-fmlqjp", DependsOnID: "np-38jlem", Type: "blocks"},
		{IssueID: "np-fmlqjp", DependsOnID: "np-5wgnfn", Type: "blocks"},
	}, merge.Deps)
	assert.ElementsMatch(t, []string{"merge", "phase-01", "sprint-1-2ab"}, merge.Labels)
}

// TestReadShapes: the dependencies of architect's JSON (ids), of bd's
// (edges) and of bd show (whole issues) read as the same edges; a lone
// object is read as the whole file.
func TestReadShapes(t *testing.T) {
	compiled := `[{"id":"bd-2","metadata":{"plan_file":"p.md","plan_sprint_id":"1.2"},"dependencies":["bd-1"]}]`
	export := `{"id":"bd-2","dependencies":[{"issue_id":"bd-2","depends_on_id":"bd-1","type":"blocks"}]}` + "\n"
	show := "[{\"id\":\"bd-2\",\"dependencies\":[{\"id\":\"bd-1\",\"title\":\"One\",\"dependency_type\":\"blocks\"}]}]"
	want := []emit.Dep{{IssueID: "bd-2", DependsOnID: "bd-1", Type: "blocks"}}
	for _, data := range []string{compiled, export, show, "  {\n \"id\": \"bd-2\",\n \"dependencies\": [\"bd-1\"]\n}\n"} {
		issues, err := Read([]byte(data))
		require.NoError(t, err, data)
		require.Len(t, issues, 1, data)
		assert.Equal(t, want, issues[0].Deps, data)
	}

	shape, rows, err := Split([]byte("\n  {\"id\": \"x\"}\n"))
	require.NoError(t, err)
	assert.Equal(t, Object, shape)
	assert.Equal(t, "one.json", rows[0].In("one.json"))
	shape, rows, err = Split([]byte("[{}, {}]"))
	require.NoError(t, err)
	assert.Equal(t, Array, shape)
	assert.Equal(t, "a.json: bead 2", rows[1].In("a.json"))
	shape, rows, err = Split([]byte("{}\n\n{}\n"))
	require.NoError(t, err)
	assert.Equal(t, Lines, shape)
	assert.Equal(t, "b.jsonl:3", rows[1].In("b.jsonl"))
}

// TestReadMetadataShapes: metadata as an object, as a string holding one,
// empty, null or absent.
func TestReadMetadataShapes(t *testing.T) {
	data := []byte(`[
 {"id":"bd-1","metadata":{"plan_file":"p.md","plan_sprint_id":"1.1"}},
 {"id":"bd-2","metadata":"{\"plan_file\":\"p.md\",\"plan_sprint_id\":\"1.2\"}"},
 {"id":"bd-3","metadata":""},
 {"id":"bd-4","metadata":null},
 {"id":"bd-5"}
]`)
	issues, err := Read(data)
	require.NoError(t, err)
	type ref struct{ id, plan, sprint string }
	var got []ref
	for _, is := range issues {
		got = append(got, ref{is.ID, is.PlanFile(), is.Sprint()})
	}
	assert.Equal(t, []ref{{"bd-1", "p.md", "1.1"}, {"bd-2", "p.md", "1.2"}, {"bd-3", "", ""}, {"bd-4", "", ""}, {"bd-5", "", ""}}, got)

	jsonl := []byte("\xef\xbb\xbf{\"id\":\"bd-1\",\"metadata\":{\"plan_file\":\"p.md\",\"plan_sprint_id\":\"1.1\"}}\r\n\r\n{\"_type\":\"memory\"}\r\n")
	issues, err = Read(jsonl)
	require.NoError(t, err)
	require.Len(t, issues, 1)
	assert.Equal(t, "bd-1", issues[0].ID)
	assert.Equal(t, Pos{Index: -1, Line: 1}, issues[0].Pos)
}

// TestReadErrors: every error names where it is.
func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ data, err string }{
		{"{\"id\":\"x-1\",\"metadata\":\"oops\"}\n{}\n", "line 1: metadata of bead x-1: not a JSON object"},
		{`{"id":"x-1","metadata":[1]}`, "metadata of bead x-1: not a JSON object"},
		{`[{"id":"x-1","metadata":{"plan_sprint_id":1}}]`, "bead 1: metadata of bead x-1: plan_sprint_id is a JSON number, want a string"},
		{"{\"id\":\"a\"}\n{\"title\":\"no id\"}\n", "line 2: the bead has no id"},
		{"{\"id\":\"a\"}\n{\"id\":\n", "line 2: not a bead: unexpected end of JSON input"},
		{"{\"id\":\"a\"}\n[1]\n", "line 2: want one JSON object a line (bd export)"},
		{"[\n{\"id\":\"a\",\n}]", "line 3: not a JSON array of beads: invalid character '}' looking for beginning of object key string"},
		{"[1]", "bead 1: not a bead: want a JSON object"},
		{`{"id":"a","updated_at":"yesterday"}`, `bead a: updated_at "yesterday" is not an RFC 3339 time`},
		{"\n\nhello", "line 3: not a JSON array, a JSON object or JSON lines"},
	} {
		_, err := Read([]byte(c.data))
		require.EqualError(t, err, c.err, c.data)
	}
	_, err := Read([]byte("\xef\xbb\xbf \r\n"))
	assert.True(t, errors.Is(err, ErrEmpty), "%v", err)
}

// TestBeadJSON: rows bd wrote read as beads (bd's omissions filled, edges,
// no counts); bd's other rows are skipped; architect's rows are as written.
func TestBeadJSON(t *testing.T) {
	data, err := os.ReadFile("testdata/sync/bd-export.jsonl")
	require.NoError(t, err)
	_, rows, err := Split(data)
	require.NoError(t, err)
	require.Len(t, rows, 4)
	var beads []map[string]any
	for _, r := range rows {
		data, ok := r.BeadJSON()
		if !ok {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		beads = append(beads, m)
	}
	require.Len(t, beads, 2, "the header and the memory are no beads")
	for _, m := range beads {
		for _, k := range bdComputed {
			assert.NotContains(t, m, k)
		}
		assert.IsType(t, map[string]any{}, m["metadata"])
	}
	assert.Equal(t, []any{}, beads[0]["dependencies"], "bd leaves an empty list out")
	assert.Equal(t, []any{
		map[string]any{"issue_id": "np-fmlqjp", "depends_on_id": "np-38jlem", "type": "blocks"},
		map[string]any{"issue_id": "np-fmlqjp", "depends_on_id": "np-5wgnfn", "type": "blocks"},
	}, beads[1]["dependencies"])

	// bd show: dependencies are whole issues; bd list: metadata a string
	// in some versions, and no description when it is empty.
	show := Row{Pos: Pos{Index: 0}, Data: json.RawMessage(`{"id":"bd-2","metadata":"{\"sprint\":\"1.2\"}","dependency_count":1,"dependencies":[{"id":"bd-1","title":"One","dependency_type":"blocks"}]}`)}
	got, ok := show.BeadJSON()
	require.True(t, ok)
	assert.JSONEq(t, `{"id":"bd-2","description":"","labels":[],"metadata":{"sprint":"1.2"},"dependencies":[{"issue_id":"bd-2","depends_on_id":"bd-1","type":"blocks"}]}`, string(got))

	// Rows bd did not write, or that are no issue bd could write, are left
	// for the schema.
	for _, raw := range []string{`{"id":"bd-abc","title":"ok"}`, `{"title":"no id","dependency_count":0}`, `{"id":"x","labels":5,"_type":"issue"}`} {
		got, ok := Row{Data: json.RawMessage(raw)}.BeadJSON()
		assert.True(t, ok)
		assert.Equal(t, raw, string(got))
	}
}
