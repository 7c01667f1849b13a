// Package emit turns a compiled plan into beads (beads-ralph's JSON shape and
// bd's JSONL), validates them against the bead JSON Schema, and renders the
// dry-run preview.
package emit

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/big"
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
	ids := e.ids()
	branches := make([]string, len(g.Nodes))
	e.eachNode(func(e *emitter, n *planner.Node) { branches[n.Order] = e.branch(n) })
	beads := make([]Bead, len(g.Nodes))
	e.eachNode(func(e *emitter, n *planner.Node) { beads[n.Order] = e.bead(n, ids, branches) })
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
}

// eachNode calls do for every node, in chunks on up to GOMAXPROCS
// goroutines for a large graph. Each chunk reports to its own copy of the
// emitter; the chunks' diagnostics are then added in node order, so they
// come out as a loop over the nodes would give them.
func (e *emitter) eachNode(do func(e *emitter, n *planner.Node)) {
	const chunk = 512
	nodes := e.g.Nodes
	diags := make([]parser.Diagnostics, (len(nodes)+chunk-1)/chunk)
	forEachChunk(len(nodes), chunk, func(c, lo, hi int) {
		ce := *e
		ce.diags = nil
		for _, n := range nodes[lo:hi] {
			do(&ce, n)
		}
		diags[c] = ce.diags
	})
	for _, d := range diags {
		e.diags = append(e.diags, d...)
	}
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
// long after the dash.
func DeriveID(prefix, planFile, sprintID string, length int) string {
	sum := sha256.Sum256([]byte(planFile + "\x00" + sprintID))
	s := new(big.Int).SetBytes(sum[:]).Text(36)
	for len(s) < length {
		s = "0" + s
	}
	if length > len(s) {
		length = len(s)
	}
	return prefix + "-" + s[:length]
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
	// Hashing is most of the work, and needs no order.
	derived := make([]string, len(e.g.Nodes))
	e.eachNode(func(_ *emitter, n *planner.Node) {
		if ids[n.Order] == "" {
			derived[n.Order] = DeriveID(e.set.Prefix, e.o.PlanFile, n.ID(), idLen)
		}
	})
	for _, n := range e.g.Nodes {
		if ids[n.Order] != "" {
			continue
		}
		for l := idLen; ; l++ {
			id := derived[n.Order]
			if l > idLen {
				id = DeriveID(e.set.Prefix, e.o.PlanFile, n.ID(), l)
			}
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

func (e *emitter) bead(n *planner.Node, ids, branches []string) Bead {
	s := n.Sprint
	set := e.set
	now := e.o.Now.UTC().Format(time.RFC3339)

	status := "open"
	if s.Status.Set() {
		status = s.Status.Value
	}
	var closedAt *string
	if status == "closed" {
		closedAt = &now
	}
	priority := *set.Priority
	if s.Priority.Set() {
		priority = int(s.Priority.Value[0] - '0')
	}

	worktree, err := ResolveWorktree(e.o.RepoRoot, set.Repo, branches[n.Order], s.Worktree.Value)
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
		for _, d := range n.Deps {
			merge = append(merge, branches[d.Order])
		}
	}

	model := func(m string) string {
		if m == "" {
			return set.DevModel
		}
		return m
	}
	var devs []AgentSpec
	for _, a := range s.DevAgents {
		devs = append(devs, AgentSpec{Role: RoleDev, Agent: e.agentPath(a.Name), Model: model(a.Model)})
	}
	if len(devs) == 0 {
		name := set.DevAgent
		if n.IsMerge() {
			name = set.MergeAgent
		}
		devs = []AgentSpec{{Role: RoleDev, Agent: e.agentPath(name), Model: set.DevModel}}
	}

	qa := []QAAgent{}
	addQA := func(name, m, prompt string) {
		if prompt == "" {
			prompt = fmt.Sprintf("Check the work of sprint %s (%s) against its tasks and acceptance criteria.", s.ID, s.Title)
		}
		p := e.agentPath(name)
		qa = append(qa, QAAgent{Role: RoleQA, Agent: p, AgentPath: p, Model: model(m), Prompt: prompt, OutputSchema: DefaultOutputSchema})
	}
	if len(s.QAAgents) > 0 {
		for _, a := range s.QAAgents {
			addQA(a.Name, a.Model, a.Prompt)
		}
	} else {
		for _, a := range set.QAAgents {
			addQA(a.Name, a.Model, a.Prompt)
		}
	}

	team := set.Team
	if s.Team.Set() {
		team = s.Team.Value
	}
	if team == "" {
		team = "phase-" + s.Phase.ID
		if s.Letters != "" {
			team += "-" + s.Letters
		}
	}

	labels := []string{fmt.Sprintf("phase-%02d%s", s.Phase.Num, s.Phase.Letters), "sprint-" + strings.ReplaceAll(s.ID, ".", "-")}
	if n.IsMerge() {
		labels = append(labels, "merge")
	}
	seen := map[string]bool{}
	for _, l := range labels {
		seen[l] = true
	}
	for _, l := range append(append([]string(nil), set.Labels...), s.Labels...) {
		if !seen[l] {
			seen[l] = true
			labels = append(labels, l)
		}
	}

	desc := s.Description
	if desc == "" {
		desc = s.Title
	}
	acceptance := s.Acceptance
	if acceptance == nil {
		acceptance = []string{}
	}

	return Bead{
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
		CreatedAt:          now,
		UpdatedAt:          now,
		ClosedAt:           closedAt,
		AcceptanceCriteria: bulletText(acceptance),
		Metadata: Metadata{
			Rig:                set.Repo,
			WorktreePath:       worktree,
			Branch:             branches[n.Order],
			SourceBranch:       e.sourceBranch(n),
			Phase:              s.Phase.ID,
			Sprint:             s.ID,
			PlanFile:           e.o.PlanFile,
			PlanSection:        s.Phase.Heading.Markdown() + " > " + s.Heading.Markdown(),
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
			ScrumMasterAgent:   AgentSpec{Role: RoleScrumMaster, Agent: e.agentPath(set.ScrumMaster), Model: set.DevModel},
			DevAgents:          devs,
			AcceptanceCriteria: acceptance,
		},
	}
}

// bulletText renders a list as Markdown bullets, for bd's text field.
func bulletText(items []string) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- ")
		b.WriteString(it)
	}
	return b.String()
}
