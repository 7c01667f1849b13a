package runner

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./emit/runner -update")
	assert.Equal(t, string(want), string(got), "golden %s differs; rerun with -update if intended", path)
}

var settings parser.Defaults

// compile compiles testdata/FILE as the CLI does (emittest: the repository
// /src/shop, the plan at plans/FILE) and keeps its settings in settings.
func compile(t *testing.T, file string) (*planner.Graph, []emit.Bead) {
	t.Helper()
	p := emittest.CompileFile(t, filepath.Join("testdata", file))
	settings = p.Settings
	return p.Graph, p.Beads
}

// repoFiles reads files of a pretend repository.
func repoFiles(files map[string]string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
}

func TestTodos(t *testing.T) {
	g, beads := compile(t, "pinned.md")
	todos := Todos(g, beads, Options{Settings: settings, PlanFile: "plans/pinned.md"})
	require.NoError(t, CheckTodos(todos))
	out, err := json.MarshalIndent(todos, "", "  ")
	require.NoError(t, err)
	golden(t, "pinned.todo.json", append(out, '\n'))
}

func TestTaskInputs(t *testing.T) {
	g, beads := compile(t, "pinned.md")
	files := repoFiles(map[string]string{
		"go.mod":                "module shop\n",
		"cmd/shop/main.go":      "package main\n\nfunc main() {}\n",
		"internal/cart/cart.go": strings.Repeat("// cart\n", 20),
	})
	tasks, diags := TaskInputs(g, beads, Options{Settings: settings, PlanFile: "plans/pinned.md", ReadFile: files, ContextCap: 100})
	require.NoError(t, CheckTaskInputs(tasks))
	assert.Equal(t, "pinned.md:22:1: warning: pinned file internal/cart/cart.go of sprint 1.2a is cut to 100 of its 160 bytes in the context pack (the pack holds 100 bytes of files)\n"+
		"pinned.md:22:1: warning: pinned file internal/cart/missing.go of sprint 1.2a is not in the context pack: no such file", diags.String())
	out, err := json.MarshalIndent(tasks, "", "  ")
	require.NoError(t, err)
	golden(t, "pinned.task-input.json", append(out, '\n'))
	// Ids are the same on every compile, and differ between sprints.
	assert.Equal(t, TaskID("plans/pinned.md", "1.1"), tasks[0].TaskID)
	assert.NotEqual(t, tasks[0].TaskID, tasks[1].TaskID)
}

func TestCheckScope(t *testing.T) {
	pins := parser.Pins{Allowed: []string{"internal/cart/**", "docs/"}, Forbidden: []string{"**/*.pem"}, Files: []string{"internal/cart/cart.go", "internal/cart/api.go"}}
	r := CheckScope(pins, []Change{
		{Status: "M", Path: "internal/cart/cart.go"},
		{Status: "A", Path: "internal/cart/key.pem"},
		{Status: "R", Path: "docs/new.md", From: "README.md"},
		{Status: "D", Path: "cmd/x.go"},
	})
	assert.Equal(t, map[string]string{"internal/cart/key.pem": "**/*.pem"}, r.Forbidden)
	assert.Equal(t, []string{"README.md", "cmd/x.go"}, r.Outside)
	assert.Equal(t, []string{"internal/cart/api.go"}, r.Untouched)
	v := NewVerdict("t-1", "1.2a", "main", "HEAD", r)
	require.NoError(t, CheckVerdict(v))
	assert.Equal(t, "REJECT", v.Verdict)
	assert.Equal(t, "changes outside the sprint's pins: internal/cart/key.pem is forbidden (**/*.pem); README.md is outside the allowed paths; cmd/x.go is outside the allowed paths", v.Reason)

	v = NewVerdict("t-1", "1.2a", "main", "HEAD", CheckScope(pins, []Change{{Status: "M", Path: "internal/cart/cart.go"}}))
	assert.Equal(t, [2]string{"RETRY", "target files not changed: internal/cart/api.go"}, [2]string{v.Verdict, v.Reason})
	v = NewVerdict("t-1", "1.2a", "main", "HEAD", CheckScope(pins, []Change{{Status: "M", Path: "internal/cart/cart.go"}, {Status: "A", Path: "internal/cart/api.go"}}))
	assert.Equal(t, [2]string{"DONE", "2 changed files, all inside the sprint's pins"}, [2]string{v.Verdict, v.Reason})
}

// TestSchemasReject: each shipped schema refuses what breaks its format.
func TestSchemasReject(t *testing.T) {
	g, beads := compile(t, "pinned.md")
	todos := Todos(g, beads, Options{Settings: settings, PlanFile: "plans/pinned.md"})
	todos[0].Metadata.TimeBudget = "15 minutes"
	todos[1].Priority = "urgent"
	todos[2].Metadata.EvidenceLocation = "evidence/"
	assert.EqualError(t, CheckTodos(todos), `3 schema violations, nothing written:
todo 1.1: /metadata/time_budget: '15 minutes' does not match pattern '^≤?\\d+m$'
todo 1.2a: /priority: value must be one of 'high', 'medium', 'low'
todo 1.2b: /metadata/evidence_location: 'evidence/' does not match pattern '^(/|\\./|~/)'`)
	tasks, _ := TaskInputs(g, beads, Options{Settings: settings, PlanFile: "plans/pinned.md"})
	tasks[0].Pins.AllowedPaths = []string{"../up"}
	tasks[1].Role = "boss"
	assert.EqualError(t, CheckTaskInputs(tasks), `2 schema violations, nothing written:
task 1.1: /pins/allowed_paths/0: 'not' failed
task 1.2a: /role: value must be one of 'planner', 'splitter', 'engineer', 'reviewer', 'doc', 'ssot_curator', 'designer'`)
}
