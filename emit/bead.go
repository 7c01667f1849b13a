// Package emit turns a compiled plan into beads: beads-ralph's bead, whose
// contract is the bead JSON Schema, written as JSON or as bd's JSONL.
package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strings"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Issue types of the beads architect writes.
const (
	TypeWork  = "beads-ralph-work"
	TypeMerge = "beads-ralph-merge"
	// TypeEpic is bd's epic: a bead that groups its children (a
	// parent-child dependency each) and that no runner works.
	TypeEpic = "epic"
)

// IsEpic reports whether b is an epic of a file written for bd: a bead
// that groups work and is no work itself (see Bead.Parent).
func (b *Bead) IsEpic() bool { return b.Metadata.Epic }

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

// DefaultQAAgent is the QA agent of a sprint whose plan and settings name
// none: beads-ralph refuses a bead without one. Its prompt names the
// sprint (see qaPrompt).
var DefaultQAAgent = parser.QAAgent{Name: "qa-reviewer", Model: "haiku"}

// Options say where the plan lives and how to stamp its beads.
type Options struct {
	// Settings are the merged defaults: Builtin, config file, the plan's
	// own, then flags.
	Settings parser.Defaults
	// SourceBranchFrom says where Settings.SourceBranch came from ("the
	// plan", "--source-branch", "origin/HEAD"), for messages.
	SourceBranchFrom string
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
	// Epics makes each phase an epic whose children are its units (see
	// phaseEpic): `bd swarm validate EPIC` then checks a phase, and `bd
	// epic status` follows it.
	Epics bool
	// AgentExists reports whether an agent's Markdown file, given by its
	// path from the repository root (".claude/agents/NAME.md"), is in the
	// repository. Nil skips the check.
	AgentExists func(path string) bool
	// ExistingBranches are the branches of the repository the plan is
	// compiled in (git for-each-ref refs/heads), nil outside a
	// repository. A sprint branch that git could not create beside one of
	// them is an error.
	ExistingBranches []string
}

// Issue is what a bead and a bd record both start with, in bd's order.
type Issue struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Status      string `json:"status"`
	Priority    int    `json:"priority"`
	IssueType   string `json:"issue_type"`
}

// Bead is one issue in beads-ralph's shape.
type Bead struct {
	Issue
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
	// Design and EstimatedMinutes come only from units written in bd's
	// Markdown (parser.Issue); other beads leave them out.
	Design           string `json:"design,omitempty"`
	EstimatedMinutes *int   `json:"estimated_minutes,omitempty"`
	// Parent is the epic the bead is a child of (a parent-child
	// dependency in bd), "" when it is under none.
	Parent string `json:"parent,omitempty"`
	// AwaitType, AwaitID and Timeout are a gate's (IsGate): bd's await
	// type, what it awaits (a pull request's number, a run's id) and a
	// timer's duration in nanoseconds, as bd stores them.
	AwaitType string   `json:"await_type,omitempty"`
	AwaitID   string   `json:"await_id,omitempty"`
	Timeout   int64    `json:"timeout,omitempty"`
	Metadata  Metadata `json:"metadata"`
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
	// Scope pins the paths the sprint's agents may touch; Tests are the
	// commands that prove the work; TimeoutMinutes is its time budget
	// (contract §6).
	Scope          parser.Pins `json:"scope"`
	Tests          []string    `json:"tests"`
	TimeoutMinutes *int        `json:"timeout_minutes"`
	// Epic is set on an epic's bead: its metadata is written short, rig,
	// phase, plan_file and plan_section only (an epic has no branch,
	// worktree or agents: it is no work a scrum master runs).
	Epic bool `json:"-"`
	// GateFor is set on a gate's bead: what it holds ("sprint 1.2",
	// "phase 2"). Its metadata is written short too, with this key.
	GateFor string `json:"-"`
}

// epicMetadata is an epic bead's metadata.
type epicMetadata struct {
	Rig         string `json:"rig"`
	Phase       string `json:"phase"`
	PlanFile    string `json:"plan_file"`
	PlanSection string `json:"plan_section"`
	GateFor     string `json:"gate_for,omitempty"`
}

func (m *Metadata) short() epicMetadata {
	return epicMetadata{Rig: m.Rig, Phase: m.Phase, PlanFile: m.PlanFile, PlanSection: m.PlanSection, GateFor: m.GateFor}
}

// plainBead is Bead without its MarshalJSON: how WriteJSON and Validate
// encode a bead that is no epic, at no cost.
type plainBead Bead

// MarshalJSON writes the bead: an epic with its short metadata, any other
// as its fields say. It escapes no HTML; the encoder that calls it escapes
// as it is told to. WriteJSON and Validate skip it for beads that are no
// epics (through plainBead): encoding every bead through a method took
// 1.6-1.8 times as long (BenchmarkEncode).
func (b Bead) MarshalJSON() ([]byte, error) {
	return marshalNoEscape(epicForm(&b.Metadata, (*plainBead)(&b), func() any {
		return struct {
			*plainBead
			Metadata epicMetadata `json:"metadata"`
		}{(*plainBead)(&b), b.Metadata.short()}
	}))
}

// encodable returns what to encode for bead b: b itself for an epic, else
// its plain form, which skips MarshalJSON.
func encodable(b *Bead) any { return epicOr(&b.Metadata, b, (*plainBead)(b)) }

// epicForm returns epic() for an epic's metadata m, else plain.
func epicForm(m *Metadata, plain any, epic func() any) any {
	if m.Epic || m.GateFor != "" {
		return epic()
	}
	return plain
}

// epicOr returns v, which encodes through its MarshalJSON, for an epic's
// metadata m, else plain, which skips it.
func epicOr(m *Metadata, v, plain any) any {
	if m.Epic || m.GateFor != "" {
		return v
	}
	return plain
}

// marshalNoEscape is json.Marshal without HTML escaping.
func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
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

// RolePolecat is the gastown role of every agent architect names: a
// worker that takes one bead.
const RolePolecat = "polecat"

var null = json.RawMessage("null")

// Beads builds one bead per sprint of g, in execution order. It reports
// every problem found (bad branches and models, branches or worktrees that
// sprints share, worktrees that escape, id collisions) and what a user
// should know (agent files missing, the default QA agent used) as
// diagnostics; beads are returned only when there is no error.
func Beads(g *planner.Graph, o Options) ([]Bead, parser.Diagnostics) {
	e := &emitter{g: g, o: o, set: o.Settings, agentUse: map[string]parser.Pos{}}
	if e.set.Repo == "" {
		e.set.Repo = o.RepoName
	}
	e.checkSettings()
	e.checkTemplate()
	e.now = o.Now.UTC().Format(time.RFC3339)
	ids := e.ids()
	branches := make([]string, len(g.Nodes))
	for _, n := range g.Nodes {
		branches[n.Order] = e.branch(n)
	}
	beads := make([]Bead, len(g.Nodes))
	for _, n := range g.Nodes {
		e.bead(&beads[n.Order], n, ids, branches)
	}
	beads = e.epics(beads)
	beads = e.gates(beads)
	e.stampReadyOrder(beads)
	e.checkShared(beads)
	e.checkBranches(beads)
	e.reportDefaultQA()
	e.reportMissingAgents()
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
	// the plan-wide source branch: checked (planSource) and its
	// branch-safe form (planStem), each worked out once, on first use
	srcChecked, srcOK bool
	stem              string
	stemDone          bool
	// tpl is the branch template; tplOK is false when it is unusable,
	// which is reported once.
	tpl   BranchTemplate
	tplOK bool
	// agentUse holds each agent's first use: where the plan names it, or
	// the heading of the sprint that gets it from the settings.
	agentUse map[string]parser.Pos
	// defaultQA lists the sprints that got DefaultQAAgent.
	defaultQA []*parser.Sprint
	// used holds the sprints' ids, which an epic's derived id must miss.
	used map[string]*planner.Node
	// agents holds the paths of each agent named so far (agent).
	agents map[string]agentPaths
}

func (e *emitter) diag(sev parser.Severity, pos parser.Pos, format string, args ...any) {
	e.diags = append(e.diags, parser.Diagnostic{File: e.g.Plan.File, Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

// settingDiag reports a problem with a plan-wide setting at the place it
// was written (a config file, the front matter, the preamble), when the
// settings know it; else at the plan, with no position.
func (e *emitter) settingDiag(sev parser.Severity, name, format string, args ...any) {
	if at, ok := e.set.At[name]; ok && at.Pos.IsValid() {
		e.diags = append(e.diags, parser.Diagnostic{File: at.File, Pos: at.Pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
		return
	}
	e.diag(sev, parser.Pos{}, format, args...)
}

func (e *emitter) checkSettings() {
	if !parser.ValidBeadID(e.set.Prefix + "-0") {
		e.settingDiag(parser.Error, "prefix", "id prefix %q: want letters, digits, '_' and '-', like bd or my-proj", e.set.Prefix)
	}
	if e.set.AgentsDir != ".claude/agents" && !strings.HasPrefix(e.set.AgentsDir, ".claude/agents/") {
		e.settingDiag(parser.Error, "agents dir", "agents directory %q: beads-ralph runs only agents under .claude/agents", e.set.AgentsDir)
	}
	switch r := e.set.Repo; {
	case r == "":
		e.diag(parser.Error, parser.Pos{}, "no repository name: run inside a git repository, or set repo in the settings")
	case r == "." || r == ".." || strings.ContainsAny(r, `/\`):
		e.settingDiag(parser.Error, "repo", "repository name %q: want a directory name, like shop (worktrees go to ../<name>-worktrees)", r)
	}
	if m, ok := model(e.set.DevModel); ok {
		e.set.DevModel = m
	} else {
		e.settingDiag(parser.Error, "dev model", "settings: dev_model %q: beads-ralph runs %s", e.set.DevModel, modelList)
	}
	// Settings are shared: the QA agents are copied before their models
	// are written back.
	e.set.QAAgents = slices.Clone(e.set.QAAgents)
	for i, a := range e.set.QAAgents {
		if a.Model == "" {
			continue
		}
		if m, ok := model(a.Model); ok {
			e.set.QAAgents[i].Model = m
		} else {
			e.settingDiag(parser.Error, "qa agents", "settings: model %q of QA agent %s: beads-ralph runs %s", a.Model, a.Name, modelList)
		}
	}
	if *e.set.MaxRetry < 1 {
		e.settingDiag(parser.Error, "max retry attempts", "settings: max_retry_attempts %d: beads-ralph needs at least 1", *e.set.MaxRetry)
	}
}

const modelList = "sonnet, opus or haiku"

// model returns m as beads-ralph names it (lowercase), and whether it is
// one of parser.Models.
func model(m string) (string, bool) {
	m = strings.ToLower(strings.TrimSpace(m))
	return m, slices.Contains(parser.Models, m)
}

// DeriveID returns the id a sprint gets when no annotation names one:
// <prefix>-<base36 of a hash of plan file and sprint id>, length characters
// long after the dash (zeros in front when the hash has fewer digits).
func DeriveID(prefix, planFile, sprintID string, length int) string {
	sum := sha256.Sum256([]byte(planFile + "\x00" + sprintID))
	digits := base36(sum)
	if len(digits) < length {
		digits = strings.Repeat("0", length-len(digits)) + digits
	}
	return prefix + "-" + digits[:length]
}

// base36 is the 256-bit big-endian number sum in base 36, lower case, as
// new(big.Int).SetBytes(sum[:]).Text(36) writes it (TestBase36IsBigText
// holds the two equal), without math/big's allocations: it divides by
// 36^12, the largest power of 36 a uint64 holds, and writes twelve digits
// a division.
func base36(sum [32]byte) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	const chunk = 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36 // 36^12
	var w [4]uint64
	for i := range w {
		w[i] = binary.BigEndian.Uint64(sum[8*i:])
	}
	var buf [60]byte // 256 bits are 50 digits at most, written from the end
	i := len(buf)
	for w != [4]uint64{} {
		var rem uint64
		for k := range w {
			w[k], rem = bits.Div64(rem, w[k], chunk)
		}
		for range 12 {
			i--
			buf[i] = digits[rem%36]
			rem /= 36
		}
	}
	for i < len(buf)-1 && buf[i] == '0' {
		i++ // the last chunk's zeros in front
	}
	if i == len(buf) {
		return "0"
	}
	return string(buf[i:])
}

// idLen is the hash length of derived ids, as in bd's own short ids.
const idLen = 6

// ids gives every sprint its id: the annotated one, or a derived one that
// is lengthened, with a warning, until it collides with no other.
func (e *emitter) ids() []string {
	ids := make([]string, len(e.g.Nodes))
	used := make(map[string]*planner.Node, len(e.g.Nodes))
	e.used = used
	for _, n := range e.g.Nodes {
		if a := n.Sprint.Annotation; a != nil && a.ID != "" {
			ids[n.Order] = a.ID
			used[a.ID] = n
		} else if id := n.Sprint.BeadID; id.Set() {
			// A unit that names its bead ("**Issue**: bd-si19") keeps it.
			ids[n.Order] = id.Value
			used[id.Value] = n
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

// sourceBranch is the branch sprint s starts from, as git names it.
func (e *emitter) sourceBranch(s *parser.Sprint) string {
	if s.SourceBranch.Set() {
		return s.SourceBranch.Value
	}
	return e.set.SourceBranch
}

// planSource checks the plan-wide source branch against git's rules, and
// reports a bad one once, naming where it came from.
func (e *emitter) planSource() bool {
	if !e.srcChecked {
		e.srcChecked = true
		if err := checkGitBranch(e.set.SourceBranch); err != nil {
			e.settingDiag(parser.Error, "source branch", "source branch from %s: %v; set another with --source-branch", e.sourceFrom(), err)
		} else {
			e.srcOK = true
		}
	}
	return e.srcOK
}

func (e *emitter) sourceFrom() string {
	if e.o.SourceBranchFrom == "" {
		return "the settings"
	}
	return e.o.SourceBranchFrom
}

// planStem returns the branch-safe form of the plan-wide source branch,
// which generated sprint branches start with; ok is false when there is
// none, which is reported once.
func (e *emitter) planStem() (stem string, ok bool) {
	if !e.stemDone {
		e.stemDone = true
		if !e.planSource() {
			return "", false
		}
		src := e.set.SourceBranch
		e.stem = SafeBranch(src)
		switch {
		case e.stem == "":
			e.settingDiag(parser.Error, "source branch", "source branch %q from %s has no branch-safe form for {source} in sprint branches (letters, digits, '/', '_' and '-'); set another with --source-branch", src, e.sourceFrom())
		case e.stem != src:
			e.settingDiag(parser.Info, "source branch", "{source} in sprint branches is %s, the branch-safe form of the source branch %s (from %s)", e.stem, src, e.sourceFrom())
		}
	}
	return e.stem, e.stem != ""
}

// branch returns sprint n's branch: the plan's, or the generated one. It
// is "" when there is none to give, and the reason is reported. The
// sprint's source branch is checked either way: source_branch holds it.
func (e *emitter) branch(n *planner.Node) string {
	s := n.Sprint
	srcOK := true
	if s.SourceBranch.Set() {
		if err := checkGitBranch(s.SourceBranch.Value); err != nil {
			e.diag(parser.Error, s.SourceBranch.Pos, "source branch of sprint %s: %v", s.ID, err)
			srcOK = false
		}
	} else {
		srcOK = e.planSource()
	}
	if s.Branch.Set() {
		if err := CheckBranch(s.Branch.Value); err != nil {
			e.diag(parser.Error, s.Branch.Pos, "%v", err)
			return ""
		}
		return s.Branch.Value
	}
	if !srcOK || !e.tplOK {
		return ""
	}
	var stem string
	if e.tpl.UsesSource() {
		if s.SourceBranch.Set() {
			if stem = SafeBranch(s.SourceBranch.Value); stem == "" {
				e.diag(parser.Error, s.SourceBranch.Pos, "source branch %q of sprint %s has no branch-safe form for {source} in the branch template (letters, digits, '/', '_' and '-'); add a **Branch**:", s.SourceBranch.Value, s.ID)
				return ""
			}
		} else {
			var ok bool
			if stem, ok = e.planStem(); !ok {
				return ""
			}
		}
	}
	b := e.tpl.Branch(PlanSlug(e.o.PlanFile), stem, s.ID, s.Title)
	if err := CheckBranch(b); err != nil {
		e.diag(parser.Error, s.Heading.Pos, "generated branch of sprint %s: %v", s.ID, err)
		return ""
	}
	return b
}

// agentPath is the legacy form of an agent's path, without ".md"
// (dev_agent_path, qa_agents[].agent_path).
func (e *emitter) agentPath(name string) string { return e.agent(name).path }

// agentFile is the agent's Markdown file (AgentSpec's agent).
func (e *emitter) agentFile(name string) string { return e.agent(name).file }

// agentPaths are an agent's path and file.
type agentPaths struct{ path, file string }

// agent returns the paths of agent name, built once a plan: every bead
// names three agents or more, most often the same ones.
func (e *emitter) agent(name string) agentPaths {
	a, ok := e.agents[name]
	if !ok {
		a.path = e.set.AgentsDir + "/" + name
		a.file = a.path + ".md"
		if e.agents == nil {
			e.agents = map[string]agentPaths{}
		}
		e.agents[name] = a
	}
	return a
}

// use records a use of agent name at pos, keeping the first.
func (e *emitter) use(name string, pos parser.Pos) {
	if old, ok := e.agentUse[name]; !ok || before(pos, old) {
		e.agentUse[name] = pos
	}
}

func before(a, b parser.Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// planModel is the model of an agent the plan names: its own, else the
// settings' dev model. A model beads-ralph does not run is reported.
func (e *emitter) planModel(a parser.Agent, s *parser.Sprint) string {
	if a.Model == "" {
		return e.set.DevModel
	}
	m, ok := model(a.Model)
	if !ok {
		e.diag(parser.Error, a.Pos, "model %q of agent %s in sprint %s: beads-ralph runs %s", a.Model, a.Name, s.ID, modelList)
		return a.Model
	}
	return m
}

// qaPrompt is the prompt of a QA agent that has none of its own.
func qaPrompt(s *parser.Sprint) string {
	return "Check the work of sprint " + s.ID + " (" + s.Title + ") against its tasks and acceptance criteria."
}

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

	worktree := e.worktree(s, branch)

	deps := make([]string, len(n.Deps))
	for i, d := range n.Deps {
		deps[i] = ids[d.Order]
	}
	merge := liveBranches(n, branches)
	isMerge := len(merge) >= 2
	issueType := TypeWork
	if !isMerge {
		merge = nil
	} else {
		issueType = TypeMerge
	}

	devs, devPath := e.devAgents(s, isMerge)
	qa := e.qaAgents(s)
	e.use(set.ScrumMaster, s.Heading.Pos)
	team := teamName(set, s)

	labels := []string{phaseTag(s.Phase), "sprint-" + strings.ReplaceAll(s.ID, ".", "-")}
	if isMerge {
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

	bf := issueFields{issueType: issueType, assignee: ScrumMaster, accept: bulletText(acceptance), deps: deps}
	e.bdFields(s, &bf)

	*b = Bead{
		Issue:              Issue{ID: ids[n.Order], Title: s.Title, Description: desc, Status: status, Priority: priority, IssueType: bf.issueType},
		Assignee:           bf.assignee,
		Dependencies:       bf.deps,
		Labels:             labels,
		Comments:           []any{},
		CreatedAt:          e.now,
		UpdatedAt:          e.now,
		ClosedAt:           closedAt,
		AcceptanceCriteria: bf.accept,
		Design:             bf.design,
		EstimatedMinutes:   bf.estimate,
		Metadata: Metadata{
			Rig:                set.Repo,
			WorktreePath:       worktree,
			Branch:             branch,
			SourceBranch:       e.sourceBranch(s),
			Phase:              s.Phase.ID,
			Sprint:             s.ID,
			PlanFile:           e.o.PlanFile,
			PlanSection:        planSection(s),
			PlanSprintID:       s.WrittenID,
			BranchesToMerge:    merge,
			DevAgentPath:       devPath,
			DevModel:           devs[0].Model,
			DevPrompts:         s.Tasks,
			QAAgents:           qa,
			MaxRetryAttempts:   *set.MaxRetry,
			DevAgentExecutions: []json.RawMessage{},
			QAAgentExecutions:  []json.RawMessage{},
			ScrumResult:        null,
			TeamName:           team,
			ScrumMasterAgent:   AgentSpec{Role: RolePolecat, Agent: e.agentFile(set.ScrumMaster), Model: set.DevModel},
			DevAgents:          devs,
			AcceptanceCriteria: acceptance,
			Scope:              scope(set.Pins(s)),
			Tests:              tests(set.Tests, s.Tests),
			TimeoutMinutes:     timeoutMinutes(set, s),
		},
	}
}

// worktree resolves the sprint's worktree path for branch; "" for a
// sprint with no branch.
func (e *emitter) worktree(s *parser.Sprint, branch string) string {
	if branch == "" {
		return ""
	}
	w, warning, err := ResolveWorktree(e.o.RepoRoot, e.set.Repo, branch, s.Worktree.Value)
	switch {
	case err != nil:
		e.diag(parser.Error, s.Worktree.Pos, "%v", err)
	case warning != "":
		e.diag(parser.Warning, s.Worktree.Pos, "%s", warning)
	}
	return w
}

// devAgents returns the sprint's dev agents and the legacy path of the
// first: its own, else the settings' dev agent (a merge's: the merge
// agent).
func (e *emitter) devAgents(s *parser.Sprint, isMerge bool) ([]AgentSpec, string) {
	if len(s.DevAgents) > 0 {
		devs := make([]AgentSpec, len(s.DevAgents))
		for i, a := range s.DevAgents {
			devs[i] = AgentSpec{Role: RolePolecat, Agent: e.agentFile(a.Name), Model: e.planModel(a, s)}
			e.use(a.Name, a.Pos)
		}
		return devs, e.agentPath(s.DevAgents[0].Name)
	}
	name := e.set.DevAgent
	if isMerge {
		name = e.set.MergeAgent
	}
	e.use(name, s.Heading.Pos)
	return []AgentSpec{{Role: RolePolecat, Agent: e.agentFile(name), Model: e.set.DevModel}}, e.agentPath(name)
}

// qaAgents returns the sprint's QA agents: its own, else the settings',
// else the built-in reviewer (which the emitter counts, to say so once).
func (e *emitter) qaAgents(s *parser.Sprint) []QAAgent {
	var qa []QAAgent
	add := func(name, model, prompt string) {
		if model == "" {
			model = e.set.DevModel
		}
		if prompt == "" {
			prompt = qaPrompt(s)
		}
		qa = append(qa, QAAgent{Role: RolePolecat, Agent: e.agentFile(name), AgentPath: e.agentPath(name),
			Model: model, Prompt: prompt, OutputSchema: DefaultOutputSchema})
	}
	switch {
	case len(s.QAAgents) > 0:
		for _, a := range s.QAAgents {
			add(a.Name, e.planModel(a, s), a.Prompt)
			e.use(a.Name, a.Pos)
		}
	case len(e.set.QAAgents) > 0:
		for _, a := range e.set.QAAgents {
			add(a.Name, a.Model, a.Prompt)
			e.use(a.Name, s.Heading.Pos)
		}
	default:
		add(DefaultQAAgent.Name, DefaultQAAgent.Model, DefaultQAAgent.Prompt)
		e.use(DefaultQAAgent.Name, s.Heading.Pos)
		e.defaultQA = append(e.defaultQA, s)
	}
	return qa
}

// teamName is the sprint's team: its own, else the settings', else the
// phase id plus the sprint's letters, so lettered parallel sprints never
// share one (contract §3).
func teamName(set parser.Defaults, s *parser.Sprint) string {
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
	return team
}

// issueFields are the bead fields a unit written in bd's Markdown may
// state for itself.
type issueFields struct {
	issueType, assignee, accept, design string
	deps                                []string
	estimate                            *int
}

// bdFields sets what a unit written in bd's Markdown states: its bd type,
// assignee, design, acceptance text, estimate, and dependencies on beads
// outside the plan (docs/bd-markdown.md).
func (e *emitter) bdFields(s *parser.Sprint, f *issueFields) {
	is := s.Issue
	if is == nil {
		return
	}
	if is.Type.Set() {
		f.issueType = is.Type.Value
	}
	switch {
	case is.Assignee.Set() && is.Type.Set():
		f.assignee = is.Assignee.Value
	case is.Assignee.Set():
		// A unit of no bd type is a beads-ralph bead, which its scrum
		// master claims (the bead schema holds it to that).
		e.diag(parser.Warning, is.Assignee.Pos, "assignee %q of %s is not kept: with no bd type it is a beads-ralph bead, which %s claims; give it a type (### Type, or type: task) to keep its assignee", is.Assignee.Value, s.ID, ScrumMaster)
	}
	if is.Acceptance != "" {
		f.accept = is.Acceptance
	}
	f.design = is.Design
	for _, x := range is.External {
		if !slices.Contains(f.deps, x.Value) {
			f.deps = append(f.deps, x.Value)
		}
	}
	if is.Estimate > 0 {
		n := is.Estimate
		f.estimate = &n
	}
}

// scope returns pins with empty lists, not nulls.
func scope(p parser.Pins) parser.Pins {
	for _, l := range []*[]string{&p.Allowed, &p.Forbidden, &p.Files} {
		if *l == nil {
			*l = []string{}
		}
	}
	return p
}

// tests are the plan's test commands, then the sprint's own.
func tests(plan []string, own []parser.Pin) []string {
	out := append([]string{}, plan...)
	for _, t := range own {
		if !slices.Contains(out, t.Value) {
			out = append(out, t.Value)
		}
	}
	return out
}

// timeoutMinutes is the sprint's Timeout, else the plan's, else nil.
func timeoutMinutes(set parser.Defaults, s *parser.Sprint) *int {
	switch {
	case s.TimeoutMinutes > 0:
		n := s.TimeoutMinutes
		return &n
	case set.TimeoutMinutes != nil:
		n := *set.TimeoutMinutes
		return &n
	}
	return nil
}

// claim is a sprint's hold on a branch or a worktree, for checkShared.
type claim struct {
	s   *parser.Sprint
	pos parser.Pos // the field that names it, else the sprint heading
}

// at is where sprint s names f, else its heading.
func at(s *parser.Sprint, f parser.Field) claim {
	if f.Set() {
		return claim{s, f.Pos}
	}
	return claim{s, s.Heading.Pos}
}

// fileOrder returns the graph's nodes in the order of their headings in
// the file.
func (e *emitter) fileOrder() []*planner.Node {
	nodes := slices.Clone(e.g.Nodes)
	slices.SortStableFunc(nodes, func(a, b *planner.Node) int {
		if before(a.Sprint.Heading.Pos, b.Sprint.Heading.Pos) {
			return -1
		}
		if before(b.Sprint.Heading.Pos, a.Sprint.Heading.Pos) {
			return 1
		}
		return 0
	})
	return nodes
}

// checkShared reports sprints that share a worktree. Each problem is
// reported once, at the later sprint in the file, naming the earlier.
// Sprints that share a branch share its worktree too; checkBranches says
// so.
func (e *emitter) checkShared(beads []Bead) {
	branchSeen := make(map[string]bool, len(beads))
	worktreeOf := make(map[string]claim, len(beads))
	for _, n := range e.fileOrder() {
		s, m := n.Sprint, &beads[n.Order].Metadata
		if m.Branch == "" || branchSeen[m.Branch] {
			continue
		}
		branchSeen[m.Branch] = true
		if m.WorktreePath == "" {
			continue
		}
		w := at(s, s.Worktree)
		if first, ok := worktreeOf[m.WorktreePath]; ok {
			e.diag(parser.Error, w.pos, "sprint %s has the worktree %s of sprint %s (line %d): each sprint needs a worktree of its own",
				s.ID, m.WorktreePath, first.s.ID, first.s.Heading.Pos.Line)
			continue
		}
		worktreeOf[m.WorktreePath] = w
	}
}

// reportDefaultQA says, once, which sprints got DefaultQAAgent.
func (e *emitter) reportDefaultQA() {
	if len(e.defaultQA) == 0 {
		return
	}
	first := e.defaultQA[0]
	for _, s := range e.defaultQA[1:] {
		if before(s.Heading.Pos, first.Heading.Pos) {
			first = s
		}
	}
	what := "sprint " + first.ID + " names no QA agent, so it gets"
	where := "the sprint"
	if n := len(e.defaultQA); n > 1 {
		what = fmt.Sprintf("%d sprints (%s first) name no QA agent, so they get", n, first.ID)
		where = "a sprint"
	}
	e.diag(parser.Warning, first.Heading.Pos, "%s the built-in %s (%s); set qa_agents in the settings, or **QA Agents**: in %s",
		what, DefaultQAAgent.Name, DefaultQAAgent.Model, where)
}

// reportMissingAgents warns about the agents whose Markdown file is not in
// the repository: one warning, at the earliest first use among them, that
// names every such agent with its file and the line of its first use.
func (e *emitter) reportMissingAgents() {
	if e.o.AgentExists == nil {
		return
	}
	var missing []string
	first := parser.Pos{}
	for _, name := range slices.Sorted(maps.Keys(e.agentUse)) {
		file := e.agentFile(name)
		if e.o.AgentExists(file) {
			continue
		}
		missing = append(missing, fmt.Sprintf("%s (%s, first named for line %d)", name, file, e.agentUse[name].Line))
		if at := e.agentUse[name]; !first.IsValid() || before(at, first) {
			first = at
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		e.diag(parser.Warning, first, "agent %s is not in the repository, so beads-ralph will not find it unless an earlier sprint creates it", missing[0])
	default:
		e.diag(parser.Warning, first, "%d agents are not in the repository, so beads-ralph will not find them unless an earlier sprint creates them: %s", len(missing), strings.Join(missing, ", "))
	}
}

// phaseTag is "phase-" and the phase id with its number in two digits at
// least: phase-03a.
func phaseTag(ph *parser.Phase) string {
	return fmt.Sprintf("phase-%02d%s", ph.Num, ph.Letters)
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
	for i, it := range items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- " + it)
	}
	return b.String()
}

// planSection is a sprint's heading path: "## Phase 1: X > ### Sprint 1.2:
// Y"; the unit's heading alone when its phase is the unit itself or the plan
// has no phase headings.
func planSection(s *parser.Sprint) string {
	if s.Phase.Heading.Text == "" || s.Phase.Heading.Start == s.Heading.Start {
		return s.Heading.Markdown()
	}
	return s.Phase.Heading.Markdown() + " > " + s.Heading.Markdown()
}

// epics appends to beads, which hold one bead per sprint in execution
// order, one bead per epic of a file written for bd (parser.Epic), in file
// order, and makes each epic the Parent of its issues' beads. Beads stay
// indexed by planner.Node.Order; the epics come after them.
func (e *emitter) epics(beads []Bead) []Bead {
	var phases []*parser.Phase
	epicOf := map[*parser.Phase]*parser.Epic{}
	for _, ph := range e.g.Plan.Phases {
		switch {
		case ph.Skipped:
		case ph.Epic != nil:
			epicOf[ph] = ph.Epic
		case e.o.Epics:
			if ep, ok := e.phaseEpic(ph); ok {
				epicOf[ph] = ep
			}
		}
		if epicOf[ph] != nil {
			phases = append(phases, ph)
		}
	}
	if len(phases) == 0 {
		return beads
	}
	id := map[*parser.Phase]string{}
	for _, ph := range phases {
		ep := epicOf[ph]
		if a := ep.Annotation; a != nil && a.ID != "" {
			if _, taken := e.used[a.ID]; taken {
				e.diag(parser.Error, a.Pos, "epic %q names bead %s, which a sprint has too", ep.Title, a.ID)
				continue
			}
			id[ph] = a.ID
			e.used[a.ID] = nil
			continue
		}
		// Derived as a sprint's id is, from the phase's id, with "epic-"
		// before it so that no sprint id gives the same hash input.
		for l := idLen; ; l++ {
			d := DeriveID(e.set.Prefix, e.o.PlanFile, "epic-"+ph.ID, l)
			if _, taken := e.used[d]; !taken {
				id[ph] = d
				e.used[d] = nil
				break
			}
			e.diag(parser.Warning, ep.Heading.Pos, "id %s of epic %q collides with another bead's; using a longer one", d, ep.Title)
		}
	}
	for _, n := range e.g.Nodes {
		if p, ok := id[n.Sprint.Phase]; ok {
			beads[n.Order].Parent = p
		}
	}
	for _, ph := range phases {
		if id[ph] == "" {
			continue
		}
		ep := epicOf[ph]
		status := "open"
		if ep.Status.Set() {
			status = ep.Status.Value
		}
		var closedAt *string
		if status == "closed" {
			now := e.now
			closedAt = &now
		}
		priority := *e.set.Priority
		if ep.Priority.Set() {
			priority = int(ep.Priority.Value[0] - '0')
		}
		desc := ep.Description
		if desc == "" {
			desc = ep.Title
		}
		labels := appendUnique(appendUnique([]string{phaseTag(ph)}, e.set.Labels), ep.Labels)
		beads = append(beads, Bead{
			Issue:              Issue{ID: id[ph], Title: ep.Title, Description: desc, Status: status, Priority: priority, IssueType: TypeEpic},
			Assignee:           ep.Assignee.Value,
			Dependencies:       []string{},
			Labels:             labels,
			Comments:           []any{},
			CreatedAt:          e.now,
			UpdatedAt:          e.now,
			ClosedAt:           closedAt,
			AcceptanceCriteria: ep.Acceptance,
			Design:             ep.Design,
			Metadata: Metadata{
				Epic:        true,
				Rig:         e.set.Repo,
				Phase:       ph.ID,
				PlanFile:    e.o.PlanFile,
				PlanSection: ph.Heading.Markdown(),
			},
		})
	}
	return beads
}
