// Package emit turns a compiled plan into beads (beads-ralph's JSON shape and
// bd's JSONL), validates them against the bead JSON Schema, and renders the
// dry-run preview.
package emit

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Issue types of the beads architect writes.
const (
	TypeWork  = "beads-ralph-work"
	TypeMerge = "beads-ralph-merge"
)

// ScrumMaster is the assignee of every bead: beads-ralph's scrum master
// claims and closes them.
const ScrumMaster = "beads-ralph-scrum-master"

// DefaultOutputSchema is the QA agents' output schema (contract §3).
var DefaultOutputSchema = json.RawMessage(`{"type":"object","properties":{"status":{"enum":["pass","fail","stop"]},"message":{"type":"string"}},"required":["status","message"]}`)

// Builtin returns the built-in defaults, the weakest layer of settings.
func Builtin() parser.Defaults {
	one, three := 1, 3
	return parser.Defaults{
		Prefix:      "bd",
		AgentsDir:   ".claude/agents",
		DevAgent:    "general-purpose-dev",
		DevModel:    "sonnet",
		MergeAgent:  "merge-specialist",
		ScrumMaster: ScrumMaster,
		Priority:    &one,
		MaxRetry:    &three,
	}
}

// Options say where the plan lives and how to stamp its beads.
type Options struct {
	// Settings are the merged defaults: Builtin, config file, the plan's
	// own, then flags.
	Settings parser.Defaults
	// RepoRoot is the repository's absolute root directory.
	RepoRoot string
	// RepoName names the repository (the beads' rig). Settings.Repo, when
	// set, wins over it.
	RepoName string
	// PlanFile is the plan's path relative to the repository root, with
	// forward slashes.
	PlanFile string
	// Now stamps created_at, updated_at and closed_at.
	Now time.Time
}

// Bead is one issue in beads-ralph's shape.
type Bead struct {
	ID                 string   `json:"id"`
	Title              string   `json:"title"`
	Description        string   `json:"description"`
	Status             string   `json:"status"`
	Priority           int      `json:"priority"`
	IssueType          string   `json:"issue_type"`
	Assignee           string   `json:"assignee"`
	Owner              *string  `json:"owner"`
	Dependencies       []string `json:"dependencies"`
	Labels             []string `json:"labels"`
	Comments           []any    `json:"comments"`
	ExternalRef        *string  `json:"external_ref"`
	CreatedAt          string   `json:"created_at"`
	UpdatedAt          string   `json:"updated_at"`
	ClosedAt           *string  `json:"closed_at"`
	AcceptanceCriteria string   `json:"acceptance_criteria"`
	Metadata           Metadata `json:"metadata"`
}

// Metadata holds beads-ralph's fields.
type Metadata struct {
	Rig                  string            `json:"rig"`
	WorktreePath         string            `json:"worktree_path"`
	Branch               string            `json:"branch"`
	SourceBranch         string            `json:"source_branch"`
	Phase                string            `json:"phase"`
	Sprint               string            `json:"sprint"`
	PlanFile             string            `json:"plan_file"`
	PlanSection          string            `json:"plan_section"`
	PlanSprintID         string            `json:"plan_sprint_id"`
	BranchesToMerge      []string          `json:"branches_to_merge"`
	DevAgentPath         string            `json:"dev_agent_path"`
	DevModel             string            `json:"dev_model"`
	DevPrompts           []string          `json:"dev_prompts"`
	QAAgents             []QAAgent         `json:"qa_agents"`
	MaxRetryAttempts     int               `json:"max_retry_attempts"`
	AttemptCount         int               `json:"attempt_count"`
	ScrumMasterSessionID *string           `json:"scrum_master_session_id"`
	DevAgentSessionID    *string           `json:"dev_agent_session_id"`
	DevAgentExecutions   []json.RawMessage `json:"dev_agent_executions"`
	QAAgentExecutions    []json.RawMessage `json:"qa_agent_executions"`
	PRURL                *string           `json:"pr_url"`
	PRNumber             *int              `json:"pr_number"`
	ScrumResult          json.RawMessage   `json:"scrum_result"`
	TeamName             string            `json:"team_name"`
	ScrumMasterAgent     AgentSpec         `json:"scrum_master_agent"`
	DevAgents            []AgentSpec       `json:"dev_agents"`
	AcceptanceCriteria   []string          `json:"acceptance_criteria"`
}

// AgentSpec is how beads-ralph's Go loop names an agent.
type AgentSpec struct {
	Role  string `json:"role"`
	Agent string `json:"agent"`
	Model string `json:"model"`
}

// QAAgent is a QA agent entry: beads-ralph's seed fields plus AgentSpec's.
type QAAgent struct {
	Role         string          `json:"role"`
	Agent        string          `json:"agent"`
	AgentPath    string          `json:"agent_path"`
	Model        string          `json:"model"`
	Prompt       string          `json:"prompt"`
	OutputSchema json.RawMessage `json:"output_schema"`
}

// Roles of the agents in AgentSpec.
const (
	RoleDev         = "polecat"
	RoleQA          = "qa"
	RoleScrumMaster = "scrum-master"
)

var null = json.RawMessage("null")

// Beads builds one bead per sprint of g, in execution order. It reports
// every problem found (bad branches, worktrees that escape, id collisions)
// as diagnostics; beads are returned only when there is no error.
func Beads(g *planner.Graph, o Options) ([]Bead, parser.Diagnostics) {
	e := &emitter{g: g, o: o, set: o.Settings}
	if e.set.Repo == "" {
		e.set.Repo = o.RepoName
	}
	e.checkSettings()
	e.now = o.Now.UTC().Format(time.RFC3339)
	e.devAgent = e.agentPath(e.set.DevAgent)
	e.mergeAgent = e.agentPath(e.set.MergeAgent)
	e.scrumMaster = e.agentPath(e.set.ScrumMaster)
	ids := e.ids()
	branches := make([]string, len(g.Nodes))
	for _, n := range g.Nodes {
		branches[n.Order] = e.branch(n)
	}
	beads := make([]Bead, len(g.Nodes))
	for _, n := range g.Nodes {
		e.bead(&beads[n.Order], n, ids, branches)
	}
	if e.diags.HasErrors() {
		return nil, e.diags
	}
	return beads, e.diags
}

type emitter struct {
	g     *planner.Graph
	o     Options
	set   parser.Defaults
	diags parser.Diagnostics

	now string // RFC 3339
	// agent paths of the settings' dev, merge and scrum master agents
	devAgent, mergeAgent, scrumMaster string
}

func (e *emitter) diag(sev parser.Severity, pos parser.Pos, format string, args ...any) {
	e.diags = append(e.diags, parser.Diagnostic{File: e.g.Plan.File, Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

func (e *emitter) checkSettings() {
	if !parser.ValidBeadID(e.set.Prefix + "-0") {
		e.diag(parser.Error, parser.Pos{}, "id prefix %q: want letters, digits, '_' and '-', like bd or my-proj", e.set.Prefix)
	}
	if e.set.AgentsDir != ".claude/agents" && !strings.HasPrefix(e.set.AgentsDir, ".claude/agents/") {
		e.diag(parser.Error, parser.Pos{}, "agents directory %q: beads-ralph runs only agents under .claude/agents", e.set.AgentsDir)
	}
	if e.set.Repo == "" {
		e.diag(parser.Error, parser.Pos{}, "no repository name: run inside a git repository, or set repo in the settings")
	}
}

// DeriveID returns the id a sprint gets when no annotation names one:
// <prefix>-<base36 of a hash of plan file and sprint id>, length characters
// long after the dash (zeros in front when the hash has fewer digits).
func DeriveID(prefix, planFile, sprintID string, length int) string {
	sum := sha256.Sum256([]byte(planFile + "\x00" + sprintID))
	digits := new(big.Int).SetBytes(sum[:]).Text(36)
	if len(digits) < length {
		digits = strings.Repeat("0", length-len(digits)) + digits
	}
	return prefix + "-" + digits[:length]
}

// idLen is the hash length of derived ids, as in bd's own short ids.
const idLen = 6

// ids gives every sprint its id: the annotated one, or a derived one that
// is lengthened, with a warning, until it collides with no other.
func (e *emitter) ids() []string {
	ids := make([]string, len(e.g.Nodes))
	used := map[string]*planner.Node{}
	for _, n := range e.g.Nodes {
		if a := n.Sprint.Annotation; a != nil && a.ID != "" {
			ids[n.Order] = a.ID
			used[a.ID] = n
		}
	}
	for _, n := range e.g.Nodes {
		if ids[n.Order] != "" {
			continue
		}
		for l := idLen; ; l++ {
			id := DeriveID(e.set.Prefix, e.o.PlanFile, n.ID(), l)
			other, taken := used[id]
			if !taken {
				ids[n.Order] = id
				used[id] = n
				break
			}
			e.diag(parser.Warning, n.Sprint.Heading.Pos, "id %s of sprint %s collides with sprint %s; using a longer one", id, n.ID(), other.ID())
		}
	}
	return ids
}

func (e *emitter) sourceBranch(n *planner.Node) string {
	if sb := n.Sprint.SourceBranch; sb.Set() {
		return sb.Value
	}
	return e.set.SourceBranch
}

func (e *emitter) branch(n *planner.Node) string {
	s := n.Sprint
	if s.Branch.Set() {
		if err := CheckBranch(s.Branch.Value); err != nil {
			e.diag(parser.Error, s.Branch.Pos, "%v", err)
		}
		return s.Branch.Value
	}
	src := e.sourceBranch(n)
	if err := CheckBranch(src); err != nil {
		pos := s.Heading.Pos
		if s.SourceBranch.Set() {
			pos = s.SourceBranch.Pos
		}
		e.diag(parser.Error, pos, "source branch of sprint %s: %v", s.ID, err)
		return src
	}
	b := SprintBranch(src, s.ID, s.Title)
	if err := CheckBranch(b); err != nil {
		e.diag(parser.Error, s.Heading.Pos, "generated branch of sprint %s: %v", s.ID, err)
	}
	return b
}

func (e *emitter) agentPath(name string) string { return e.set.AgentsDir + "/" + name }

// bead fills in b, the bead of sprint n.
func (e *emitter) bead(b *Bead, n *planner.Node, ids, branches []string) {
	s := n.Sprint
	set := e.set
	branch := branches[n.Order]

	status := "open"
	if s.Status.Set() {
		status = s.Status.Value
	}
	var closedAt *string
	if status == "closed" {
		now := e.now // each bead its own, as callers may change one
		closedAt = &now
	}
	priority := *set.Priority
	if s.Priority.Set() {
		priority = int(s.Priority.Value[0] - '0')
	}

	worktree, err := ResolveWorktree(e.o.RepoRoot, e.set.Repo, branch, s.Worktree.Value)
	if err != nil {
		e.diag(parser.Error, s.Worktree.Pos, "%v", err)
	}

	deps := make([]string, len(n.Deps))
	var merge []string
	for i, d := range n.Deps {
		deps[i] = ids[d.Order]
	}
	issueType := TypeWork
	if n.IsMerge() {
		issueType = TypeMerge
		merge = make([]string, len(n.Deps))
		for i, d := range n.Deps {
			merge[i] = branches[d.Order]
		}
	}

	model := func(m string) string {
		if m == "" {
			return set.DevModel
		}
		return m
	}
	var devs []AgentSpec
	if len(s.DevAgents) > 0 {
		devs = make([]AgentSpec, len(s.DevAgents))
		for i, a := range s.DevAgents {
			devs[i] = AgentSpec{Role: RoleDev, Agent: e.agentPath(a.Name), Model: model(a.Model)}
		}
	} else {
		agent := e.devAgent
		if n.IsMerge() {
			agent = e.mergeAgent
		}
		devs = []AgentSpec{{Role: RoleDev, Agent: agent, Model: set.DevModel}}
	}

	var qa []QAAgent
	addQA := func(name, m, prompt string) {
		if prompt == "" {
			prompt = "Check the work of sprint " + s.ID + " (" + s.Title + ") against its tasks and acceptance criteria."
		}
		p := e.agentPath(name)
		qa = append(qa, QAAgent{Role: RoleQA, Agent: p, AgentPath: p, Model: model(m), Prompt: prompt, OutputSchema: DefaultOutputSchema})
	}
	if len(s.QAAgents) > 0 {
		qa = make([]QAAgent, 0, len(s.QAAgents))
		for _, a := range s.QAAgents {
			addQA(a.Name, a.Model, a.Prompt)
		}
	} else {
		qa = make([]QAAgent, 0, len(set.QAAgents))
		for _, a := range set.QAAgents {
			addQA(a.Name, a.Model, a.Prompt)
		}
	}

	team := set.Team
	if s.Team.Set() {
		team = s.Team.Value
	}
	if team == "" {
		if s.Letters != "" {
			team = "phase-" + s.Phase.ID + "-" + s.Letters
		} else {
			team = "phase-" + s.Phase.ID
		}
	}

	labels := make([]string, 2, 3+len(set.Labels)+len(s.Labels))
	labels[0] = phaseTag(s.Phase)
	labels[1] = "sprint-" + strings.ReplaceAll(s.ID, ".", "-")
	if n.IsMerge() {
		labels = append(labels, "merge")
	}
	labels = appendUnique(appendUnique(labels, set.Labels), s.Labels)

	desc := s.Description
	if desc == "" {
		desc = s.Title
	}
	acceptance := s.Acceptance
	if acceptance == nil {
		acceptance = []string{}
	}

	*b = Bead{
		ID:                 ids[n.Order],
		Title:              s.Title,
		Description:        desc,
		Status:             status,
		Priority:           priority,
		IssueType:          issueType,
		Assignee:           ScrumMaster,
		Dependencies:       deps,
		Labels:             labels,
		Comments:           []any{},
		CreatedAt:          e.now,
		UpdatedAt:          e.now,
		ClosedAt:           closedAt,
		AcceptanceCriteria: bulletText(acceptance),
		Metadata: Metadata{
			Rig:                set.Repo,
			WorktreePath:       worktree,
			Branch:             branch,
			SourceBranch:       e.sourceBranch(n),
			Phase:              s.Phase.ID,
			Sprint:             s.ID,
			PlanFile:           e.o.PlanFile,
			PlanSection:        planSection(&s.Phase.Heading, &s.Heading),
			PlanSprintID:       s.ID,
			BranchesToMerge:    merge,
			DevAgentPath:       devs[0].Agent,
			DevModel:           devs[0].Model,
			DevPrompts:         s.Tasks,
			QAAgents:           qa,
			MaxRetryAttempts:   *set.MaxRetry,
			DevAgentExecutions: []json.RawMessage{},
			QAAgentExecutions:  []json.RawMessage{},
			ScrumResult:        null,
			TeamName:           team,
			ScrumMasterAgent:   AgentSpec{Role: RoleScrumMaster, Agent: e.scrumMaster, Model: set.DevModel},
			DevAgents:          devs,
			AcceptanceCriteria: acceptance,
		},
	}
}

// phaseTag is "phase-" and the phase id with its number in two digits at
// least: phase-03a.
func phaseTag(ph *parser.Phase) string {
	b := make([]byte, 0, 16)
	b = append(b, "phase-"...)
	if ph.Num < 10 && ph.Num >= 0 {
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, int64(ph.Num), 10)
	return string(append(b, ph.Letters...))
}

// planSection is the bead's link to its plan section: the phase heading
// and the sprint heading as Markdown, "## Phase 1: X > ### Sprint 1.1: Y".
func planSection(phase, sprint *parser.Heading) string {
	b := make([]byte, 0, phase.Level+len(phase.Text)+sprint.Level+len(sprint.Text)+5)
	b = phase.AppendMarkdown(b)
	b = append(b, " > "...)
	return string(sprint.AppendMarkdown(b))
}

// appendUnique appends the labels of add that labels does not hold yet.
func appendUnique(labels, add []string) []string {
	for _, l := range add {
		if !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	return labels
}

// bulletText renders a list as Markdown bullets, for bd's text field.
func bulletText(items []string) string {
	var b strings.Builder
	n := 0
	for _, it := range items {
		n += len(it) + 3
	}
	b.Grow(n)
	for i, it := range items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- ")
		b.WriteString(it)
	}
	return b.String()
}
