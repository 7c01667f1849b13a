package runner

import (
	"strconv"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/planner"
)

// Todo is one item of a SCHEMAS.md v4.0.0 todo list: one sprint.
type Todo struct {
	ID       string       `json:"id"`
	Content  string       `json:"content"`
	Status   string       `json:"status"`
	Priority string       `json:"priority"`
	Metadata TodoMetadata `json:"metadata"`
}

// TodoMetadata holds a todo's working facts.
type TodoMetadata struct {
	Objective        string   `json:"objective"`
	SuccessCriteria  []string `json:"success_criteria"`
	FailCriteria     []string `json:"fail_criteria"`
	EvidenceRequired string   `json:"evidence_required"`
	EvidenceLocation string   `json:"evidence_location"`
	AgentModel       string   `json:"agent_model"`
	Workflow         string   `json:"workflow"`
	BlockedBy        []string `json:"blocked_by"`
	Parallel         bool     `json:"parallel"`
	WorkflowStage    string   `json:"workflow_stage"`
	InstructionsSet  string   `json:"instructions_set"`
	TimeBudget       string   `json:"time_budget"`
	Reviewer         string   `json:"reviewer"`
	// Beyond the format's required fields: where the todo comes from.
	Bead     string `json:"bead"`
	PlanFile string `json:"plan_file"`
}

// Workflow is the format's own workflow, which every todo follows.
const Workflow = "PLAN→REVIEW→DISRUPT→IMPLEMENT→TEST→REVIEW→VALIDATE→LEARN"

var todoStatus = map[string]string{"open": "pending", "in_progress": "in_progress", "closed": "completed", "blocked": "blocked"}

// Todos builds the todo list of a compiled plan: one item per bead, in
// execution order. beads are the plan's beads, as emit.Beads built them.
func Todos(g *planner.Graph, beads []emit.Bead, o Options) []Todo {
	out := make([]Todo, len(g.Nodes))
	for _, n := range g.Nodes {
		s, b := n.Sprint, beads[n.Order]
		priority := "medium"
		switch {
		case b.Priority <= 1:
			priority = "high"
		case b.Priority >= 3:
			priority = "low"
		}
		objective := s.Description
		if objective == "" {
			objective = s.Title
		}
		success := b.Metadata.AcceptanceCriteria
		if len(success) == 0 {
			success = []string{"Every task of sprint " + s.ID + " is done: " + strings.Join(b.Metadata.DevPrompts, "; ")}
		}
		fail := []string{"An acceptance criterion is not met"}
		evidence := "diff"
		if tests := b.Metadata.Tests; len(tests) > 0 {
			fail = append(fail, "A test command fails: "+strings.Join(tests, "; "))
			evidence = "test_result"
		}
		if pins := o.Settings.Pins(s); len(pins.Allowed)+len(pins.Forbidden) > 0 {
			fail = append(fail, "A change falls outside the sprint's pins (architect scope says REJECT)")
		}
		stage := "IMPLEMENT"
		switch role(o.Settings, s) {
		case "planner", "splitter":
			stage = "PLAN"
		case "reviewer":
			stage = "REVIEW"
		}
		reviewer := "human"
		if len(b.Metadata.QAAgents) > 0 {
			reviewer = agentName(b.Metadata.QAAgents[0].AgentPath)
		}
		out[n.Order] = Todo{
			ID:       s.ID,
			Content:  s.Title,
			Status:   todoStatus[b.Status],
			Priority: priority,
			Metadata: TodoMetadata{
				Objective:        objective,
				SuccessCriteria:  success,
				FailCriteria:     fail,
				EvidenceRequired: evidence,
				EvidenceLocation: "./.architect/evidence/" + strings.ReplaceAll(s.ID, ".", "-") + "/",
				AgentModel:       "Claude",
				Workflow:         Workflow,
				BlockedBy:        depIDs(n),
				Parallel:         parallel(g, n),
				WorkflowStage:    stage,
				InstructionsSet:  "CLAUDE.md",
				TimeBudget:       "≤" + strconv.Itoa(timeout(o.Settings, s)) + "m",
				Reviewer:         reviewer,
				Bead:             b.ID,
				PlanFile:         o.PlanFile,
			},
		}
	}
	return out
}

// CheckTodos validates every todo against the shipped todo schema.
func CheckTodos(todos []Todo) error {
	ids := make([]string, len(todos))
	recs := make([]any, len(todos))
	for i, t := range todos {
		ids[i], recs[i] = t.ID, t
	}
	return check(todoSchema(), "todo", ids, recs)
}
