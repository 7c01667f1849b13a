package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplyImportsInRuns: a plan of more than ImportSize records is
// imported in runs counted from the end, the last run first, with a
// report before each run and after the last; then the field writes, the
// dependency edits in one batch (removals first, additions last first),
// and the closes, each reported.
func TestApplyImportsInRuns(t *testing.T) {
	p := &SyncPlan{
		Writes:     []FieldWrite{{ID: "x-3", RemoveLabels: []string{"merge"}}},
		RemoveDeps: []emit.Dep{{IssueID: "x-2", DependsOnID: "x-1", Type: "blocks"}},
		AddDeps:    []emit.Dep{{IssueID: "x-5", DependsOnID: "x-4", Type: "blocks"}, {IssueID: "x-6", DependsOnID: "x-0", Type: emit.DepParentChild}},
		Close:      []Closing{{ID: "x-4", Reason: "done"}},
	}
	for i := range ImportSize + 1 {
		p.addRecord(fmt.Sprintf("x-%d", i), json.RawMessage(fmt.Sprintf(`{"id":"x-%d"}`, i)), nil, "")
	}
	f := &bdtest.Fake{Replies: map[string]string{"import --json -": `{}`, "context --json": `{"dolt_mode":"embedded"}`}}
	var got []Progress
	require.NoError(t, NewClient(f).Apply(p, func(pr Progress) { got = append(got, pr) }))
	assert.Equal(t, []string{"context --json", "import --json -", "import --json -", "update x-3 --remove-label=merge", "batch", "close x-4 --force --reason done"}, f.Calls)
	assert.Equal(t, []Progress{
		{"importing beads", 0, ImportSize + 1},
		{"importing beads", ImportSize, ImportSize + 1},
		{"importing beads", ImportSize + 1, ImportSize + 1},
		{"updating beads", 0, 1},
		{"updating beads", 1, 1},
		{"writing dependencies", 0, 3},
		{"closing beads", 0, 1},
	}, got)
	assert.Equal(t, `{"id":"x-0"}`+"\n", string(f.Stdin["import --json -"]), "the first run alone, imported last")
	assert.Equal(t, "dep remove x-2 x-1\ndep add x-6 x-0 parent-child\ndep add x-5 x-4\n", string(f.Stdin["batch"]))

	// Without a callback, nothing is reported.
	require.NoError(t, NewClient(&bdtest.Fake{Replies: f.Replies}).Apply(p, nil))
}

// TestApplyStopsAfterARun: when a later run fails, the error says how many
// beads are in already.
func TestApplyStopsAfterARun(t *testing.T) {
	p := &SyncPlan{}
	for i := range ImportSize + 3 {
		p.addRecord(fmt.Sprintf("x-%d", i), json.RawMessage(fmt.Sprintf(`{"id":"x-%d"}`, i)), nil, "")
	}
	f := &bdtest.Fake{Replies: map[string]string{"import --json -": `{}`, "context --json": `{"dolt_mode":"embedded"}`}}
	calls := 0
	f.OnCall = func(key string) {
		if key != "import --json -" {
			return
		}
		if calls++; calls == 2 {
			f.Fail = map[string]error{"import --json -": &Error{Args: []string{"import", "--json", "-"}, Stderr: "Error: disk full\n", Err: errors.New("exit status 1")}}
		}
	}
	err := NewClient(f).Apply(p, nil)
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("bd import --json -: Error: disk full\n%d of %d beads were imported, each with its dependencies; apply again to import the rest", ImportSize, ImportSize+3), err.Error())
	assert.Equal(t, 2, strings.Count(strings.Join(f.Calls, "\n"), "import"))
}

// TestApplyServerRuns: against a Dolt server, imports start small and
// grow to runs of ServerImportSize; bd context decides, and a bd that
// cannot tell gets the server's runs too.
func TestApplyServerRuns(t *testing.T) {
	p := &SyncPlan{}
	const n = 25 + 50 + 100 + 2*ServerImportSize + 1
	for i := range n {
		p.addRecord(fmt.Sprintf("x-%d", i), json.RawMessage(fmt.Sprintf(`{"id":"x-%d"}`, i)), nil, "")
	}
	for _, context := range []string{`{"dolt_mode":"server"}`, `not json`} {
		f := &bdtest.Fake{Replies: map[string]string{"import --json -": `{}`, "context --json": context}}
		var sizes []int
		r := runnerFunc(func(stdin []byte, argv ...string) ([]byte, error) {
			if argv[0] == "import" {
				sizes = append(sizes, bytes.Count(stdin, []byte("\n")))
			}
			return f.Run(stdin, argv...)
		})
		require.NoError(t, NewClient(r).Apply(p, nil))
		assert.Equal(t, []int{25, 50, 100, ServerImportSize, ServerImportSize, 1}, sizes, context)
		assert.Equal(t, "context --json", f.Calls[0], context)
		assert.Len(t, f.Calls, 7, context)
	}
	// Few records: no question asked.
	f := &bdtest.Fake{Replies: map[string]string{"import --json -": `{}`}}
	few := &SyncPlan{}
	for i := range 25 {
		few.addRecord(p.ids[i], p.Records[i], nil, "")
	}
	require.NoError(t, NewClient(f).Apply(few, nil))
	assert.Equal(t, []string{"import --json -"}, f.Calls)
}

// runnerFunc is a Runner made of a function.
type runnerFunc func(stdin []byte, argv ...string) ([]byte, error)

func (f runnerFunc) Run(stdin []byte, argv ...string) ([]byte, error) { return f(stdin, argv...) }
