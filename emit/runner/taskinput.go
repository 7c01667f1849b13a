package runner

import (
	"fmt"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// TaskInput is an IO Schemas task input: one sprint, with its pins.
type TaskInput struct {
	TaskID           string      `json:"task_id"`
	Goal             string      `json:"goal"`
	Role             string      `json:"role"`
	Pins             TaskPins    `json:"pins"`
	Files            []string    `json:"files"`
	AllowedTests     []string    `json:"allowedTests"`
	AllowedModels    []string    `json:"allowedModels"`
	AllowedExecutors []string    `json:"allowedExecutors"`
	Context          TaskContext `json:"context"`
	TimeoutMs        int         `json:"timeoutMs"`
	Assumptions      []string    `json:"assumptions"`
}

// TaskPins are the paths a task may and may not touch.
type TaskPins struct {
	AllowedPaths   []string `json:"allowed_paths"`
	ForbiddenPaths []string `json:"forbidden_paths"`
}

// TaskContext is what the agent reads before it starts.
type TaskContext struct {
	// ContextPack is the sprint's own section of the plan, then the pinned
	// files' contents, within the context cap.
	ContextPack   string     `json:"context_pack"`
	ThreadHistory []any      `json:"thread_history"`
	MapSummary    MapSummary `json:"map_summary"`
}

// MapSummary places the task in the plan.
type MapSummary struct {
	PlanFile  string   `json:"plan_file"`
	Phase     string   `json:"phase"`
	Sprint    string   `json:"sprint"`
	Bead      string   `json:"bead"`
	Branch    string   `json:"branch"`
	Wave      int      `json:"wave"`
	DependsOn []string `json:"depends_on"`
}

// Executors a task may run under.
var Executors = []string{"opencodecli", "codex"}

// TaskInputs builds one task input per bead, in execution order. A pinned
// file that cannot be read, or that the context cap cuts, is a warning at
// its pin.
func TaskInputs(g *planner.Graph, beads []emit.Bead, o Options) ([]TaskInput, parser.Diagnostics) {
	var diags parser.Diagnostics
	warn := func(pos parser.Pos, format string, args ...any) {
		diags = append(diags, parser.Diagnostic{File: g.Plan.File, Pos: pos, Severity: parser.Warning, Msg: fmt.Sprintf(format, args...)})
	}
	capBytes := o.ContextCap
	if capBytes <= 0 {
		capBytes = DefaultContextCap
	}
	out := make([]TaskInput, len(g.Nodes))
	for _, n := range g.Nodes {
		s, b := n.Sprint, beads[n.Order]
		pins := o.Settings.Pins(s)

		var goal strings.Builder
		fmt.Fprintf(&goal, "%s\n", s.Title)
		for _, t := range b.Metadata.DevPrompts {
			fmt.Fprintf(&goal, "\n- %s", t)
		}

		// The context pack: the sprint's section, then its pinned files.
		var pack strings.Builder
		pack.WriteString(strings.TrimSpace(string(g.Plan.Src[s.Heading.Start:s.End])))
		pack.WriteString("\n")
		left := capBytes
		for _, f := range pinnedFiles(o.Settings, s) {
			var data []byte
			err := fmt.Errorf("no repository to read from")
			if o.ReadFile != nil {
				data, err = o.ReadFile(f.Value)
			}
			if err != nil {
				warn(f.Pos, "pinned file %s of sprint %s is not in the context pack: %v", f.Value, s.ID, err)
				continue
			}
			text := string(data)
			if len(text) > left {
				warn(f.Pos, "pinned file %s of sprint %s is cut to %d of its %d bytes in the context pack (the pack holds %d bytes of files)", f.Value, s.ID, left, len(text), capBytes)
				text = text[:left]
			}
			left -= len(text)
			fmt.Fprintf(&pack, "\n## File: %s\n\n````\n%s\n````\n", f.Value, strings.TrimRight(text, "\n"))
		}

		models := []string{}
		seen := map[string]bool{}
		for _, a := range b.Metadata.DevAgents {
			if !seen[a.Model] {
				seen[a.Model] = true
				models = append(models, a.Model)
			}
		}
		if len(models) == 0 {
			models = append(models, b.Metadata.DevModel)
		}
		deps := depIDs(n)
		assumptions := []string{}
		for _, d := range n.Deps {
			assumptions = append(assumptions, fmt.Sprintf("Sprint %s (%s) is done and merged into the source branch %s", d.ID(), d.Sprint.Title, b.Metadata.SourceBranch))
		}
		out[n.Order] = TaskInput{
			TaskID:           TaskID(o.PlanFile, s.ID),
			Goal:             strings.TrimSpace(goal.String()),
			Role:             role(o.Settings, s),
			Pins:             TaskPins{AllowedPaths: nonNil(pins.Allowed), ForbiddenPaths: nonNil(pins.Forbidden)},
			Files:            nonNil(pins.Files),
			AllowedTests:     nonNil(b.Metadata.Tests), // the plan's and the sprint's, each once
			AllowedModels:    models,
			AllowedExecutors: Executors,
			Context: TaskContext{
				ContextPack:   pack.String(),
				ThreadHistory: []any{},
				MapSummary: MapSummary{
					PlanFile: o.PlanFile, Phase: s.Phase.ID, Sprint: s.ID, Bead: b.ID,
					Branch: b.Metadata.Branch, Wave: n.Wave + 1, DependsOn: nonNil(deps),
				},
			},
			TimeoutMs:   timeout(o.Settings, s) * 60_000,
			Assumptions: assumptions,
		}
	}
	return out, diags
}

// pinnedFiles are a sprint's target files with their positions: the plan's
// (at the sprint heading), then its own.
func pinnedFiles(d parser.Defaults, s *parser.Sprint) []parser.Pin {
	var out []parser.Pin
	seen := map[string]bool{}
	for _, f := range d.Files {
		if !seen[f] {
			seen[f] = true
			out = append(out, parser.Pin{Value: f, Pos: s.Heading.Pos})
		}
	}
	for _, f := range s.Files {
		if !seen[f.Value] {
			seen[f.Value] = true
			out = append(out, f)
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// CheckTaskInputs validates every task input against the shipped schema.
func CheckTaskInputs(tasks []TaskInput) error {
	ids := make([]string, len(tasks))
	recs := make([]any, len(tasks))
	for i, t := range tasks {
		ids[i], recs[i] = t.MapSummaryID(), t
	}
	return check(taskInputSchema(), "task", ids, recs)
}

// MapSummaryID names a task in messages: its sprint.
func (t TaskInput) MapSummaryID() string { return t.Context.MapSummary.Sprint }
