// Package runner compiles a plan for agent runners other than beads-ralph:
// a SCHEMAS.md v4.0.0 todo list, IO Schemas task inputs, and the verdict of
// a scope check, each with the JSON Schema it is checked against.
package runner

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/google/uuid"
)

// The shipped schemas.
var (
	//go:embed todo.schema.json
	TodoSchemaJSON []byte
	//go:embed task-input.schema.json
	TaskInputSchemaJSON []byte
	//go:embed verdict.schema.json
	VerdictSchemaJSON []byte
)

// Schemas are the built-in schemas by the names `architect validate
// --schema` knows them by (the bead's lives in emit).
var Schemas = map[string][]byte{
	"todo":       TodoSchemaJSON,
	"task-input": TaskInputSchemaJSON,
	"verdict":    VerdictSchemaJSON,
}

var (
	todoSchema      = emit.ShippedSchema("todo.schema.json", TodoSchemaJSON)
	taskInputSchema = emit.ShippedSchema("task-input.schema.json", TaskInputSchemaJSON)
	verdictSchema   = emit.ShippedSchema("verdict.schema.json", VerdictSchemaJSON)
)

// Options say where the plan lives, for what the formats read beyond it.
type Options struct {
	// Settings are the merged settings the beads were built with.
	Settings parser.Defaults
	// PlanFile is the plan's path relative to the repository root.
	PlanFile string
	// ReadFile reads a repository-relative file, for the context pack. nil
	// reads nothing: every pinned file is reported missing.
	ReadFile func(path string) ([]byte, error)
	// ContextCap is the most bytes of pinned files one context pack holds
	// (DefaultContextCap when 0).
	ContextCap int
}

// DefaultContextCap is the context pack's budget for pinned files.
const DefaultContextCap = 64 << 10

// DefaultTimeoutMinutes is a sprint's time budget when neither it nor the
// plan gives a Timeout.
const DefaultTimeoutMinutes = 60

// taskNamespace makes task ids: a UUID (version 5) of the plan path and the
// sprint id in this namespace.
var taskNamespace = uuid.MustParse("6f1c3e2a-8b4d-5e7f-9a0b-1c2d3e4f5a6b")

// TaskID returns the deterministic task id of a sprint.
func TaskID(planFile, sprintID string) string {
	return uuid.NewSHA1(taskNamespace, []byte(planFile+"\x00"+sprintID)).String()
}

// parallel reports whether the graph runs n beside another sprint: it
// shares its wave with one. It follows the reading the planner took, so
// letters read in sequence (3A → 3B, letters: sequence) are not parallel,
// and units a plan states side by side are, whatever their ids.
func parallel(g *planner.Graph, n *planner.Node) bool { return len(g.Waves[n.Wave]) > 1 }

func timeout(d parser.Defaults, s *parser.Sprint) int {
	switch {
	case s.TimeoutMinutes > 0:
		return s.TimeoutMinutes
	case d.TimeoutMinutes != nil:
		return *d.TimeoutMinutes
	}
	return DefaultTimeoutMinutes
}

func role(d parser.Defaults, s *parser.Sprint) string {
	switch {
	case s.Role.Set():
		return s.Role.Value
	case d.Role != "":
		return d.Role
	}
	return "engineer"
}

// agentName is the last path element of an agent path, without ".md".
func agentName(path string) string {
	path = strings.TrimSuffix(path, ".md")
	if k := strings.LastIndexByte(path, '/'); k >= 0 {
		return path[k+1:]
	}
	return path
}

// check validates every record against a schema and names each violation.
func check(s *emit.Schema, what string, ids []string, records []any) error {
	var problems []string
	for i, r := range records {
		vs, err := s.CheckValue(r)
		if err != nil {
			return err
		}
		for _, v := range vs {
			problems = append(problems, fmt.Sprintf("%s %s: %s", what, ids[i], v))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("%d schema violations, nothing written:\n%s", len(problems), strings.Join(problems, "\n"))
	}
	return nil
}

// depIDs returns the sprint ids a node waits on, in execution order.
func depIDs(n *planner.Node) []string {
	out := make([]string, len(n.Deps))
	for i, d := range n.Deps {
		out[i] = d.ID()
	}
	return out
}
