package emit

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compileForTest(t *testing.T, src string) ([]Bead, parser.Diagnostics) {
	t.Helper()
	return compileWith(t, src, nil)
}

// compileWith compiles src as p.md in the repository /src/demo, on the
// source branch main; change, when given, adjusts the options first.
func compileWith(t *testing.T, src string, change func(*Options)) ([]Bead, parser.Diagnostics) {
	t.Helper()
	p := parser.Parse("p.md", []byte(src))
	require.Empty(t, p.Diags.Errors())
	g := planner.Build(p)
	require.Empty(t, g.Diags.Errors())
	set := Builtin().Merge(p.Defaults)
	set.SourceBranch = "main"
	o := Options{Settings: set, RepoRoot: "/src/demo", RepoName: "demo", PlanFile: "p.md", Now: time.Unix(0, 0)}
	if change != nil {
		change(&o)
	}
	return Beads(g, o)
}

// messages renders diagnostics as compile prints them.
func messages(diags parser.Diagnostics) []string {
	out := []string{}
	for _, d := range diags {
		out = append(out, d.Error())
	}
	return out
}

// defaultQAWarning is the warning of a plan whose sprints, from the one
// at pos on, name no QA agent: what says which.
func defaultQAWarning(pos, what string) string {
	where := "a sprint"
	if strings.HasPrefix(what, "sprint ") {
		where = "the sprint"
	}
	return "p.md:" + pos + ": warning: " + what + " the built-in qa-reviewer (haiku); set qa_agents in the settings, or **QA Agents**: in " + where
}

// TestIDCollision: a derived id that another sprint's annotation already
// holds is lengthened, with a warning, never shared.
func TestIDCollision(t *testing.T) {
	taken := DeriveID("bd", "p.md", "1.1", 6)
	src := fmt.Sprintf("## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2: Y\n<!-- beads-ralph: %s -->\n- b\n", taken)
	beads, diags := compileForTest(t, src)
	require.Len(t, beads, 2)
	assert.Equal(t, DeriveID("bd", "p.md", "1.1", 7), beads[0].ID)
	assert.Equal(t, taken, beads[1].ID)
	assert.Equal(t, []string{beads[0].ID}, beads[1].Dependencies)
	require.Equal(t, []string{
		fmt.Sprintf("p.md:2:1: warning: id %s of sprint 1.1 collides with sprint 1.2; using a longer one", taken),
		defaultQAWarning("2:1", "2 sprints (1.1 first) name no QA agent, so they get"),
	}, messages(diags))
}

// TestAnnotatedIDSurvivesEdits: an annotated sprint keeps its id when its
// title and number change.
func TestAnnotatedIDSurvivesEdits(t *testing.T) {
	before, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: Old title\n<!-- beads-ralph: bd-keep42 -->\n- a\n")
	after, _ := compileForTest(t, "## Phase 2: B\n### Sprint 2.3: New title\n<!-- beads-ralph: bd-keep42 -->\n- a\n")
	assert.Equal(t, "bd-keep42", before[0].ID)
	assert.Equal(t, "bd-keep42", after[0].ID)
}

func TestTeamNames(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n### Sprint 1.2b: Y\n- b\n### Sprint 1.2a: Z\n**Team**: web\n- c\n"+
		"## Phase 3a: T\n### Sprint 3a.2b: W\n- d\n")
	got := map[string]string{}
	for _, b := range beads {
		got[b.Metadata.Sprint] = b.Metadata.TeamName
	}
	assert.Equal(t, map[string]string{"1.1": "phase-1", "1.2a": "web", "1.2b": "phase-1-b", "3a.2b": "phase-3a-b"}, got)
}

// TestClosedAtNotShared: closed beads carry the same time, each in its own
// string, so a caller changing one bead's closed_at leaves the others.
func TestClosedAtNotShared(t *testing.T) {
	beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n**Status**: ✅ Done\n- a\n### Sprint 1.2: Y\n**Status**: ✅ Done\n- b\n")
	require.Len(t, beads, 2)
	require.NotNil(t, beads[0].ClosedAt)
	require.NotNil(t, beads[1].ClosedAt)
	assert.Equal(t, "1970-01-01T00:00:00Z", *beads[1].ClosedAt)
	*beads[0].ClosedAt = "2026-01-01T00:00:00Z"
	assert.Equal(t, "1970-01-01T00:00:00Z", *beads[1].ClosedAt)
}

// agentsPlan names dev and QA agents in sprint 1.1 and none elsewhere;
// 1.3 is a merge bead.
const agentsPlan = "## Phase 1: Build\n### Sprint 1.1: Setup\n**Dev Agents**:\n- `go-dev` (Opus) - does Go\n- `doc-writer`\n\n" +
	"**QA Agents**:\n- `qa-go` (haiku) - Run the tests\n- `qa-docs`\n\n**Tasks**:\n- a\n\n" +
	"### Sprint 1.2a: Left\n- b\n### Sprint 1.2b: Right\n- c\n### Sprint 1.3: Join\n- d\n"

func qaAgent(name, model, prompt string) QAAgent {
	return QAAgent{Role: "polecat", Agent: ".claude/agents/" + name + ".md", AgentPath: ".claude/agents/" + name,
		Model: model, Prompt: prompt, OutputSchema: DefaultOutputSchema}
}

// TestAgentSpecs: every agent is a polecat whose agent is its Markdown
// file; the legacy paths have no ".md"; a model is written in lowercase,
// and an agent without one gets the settings' dev model.
func TestAgentSpecs(t *testing.T) {
	beads, _ := compileForTest(t, agentsPlan)
	require.Len(t, beads, 4)
	scrum := AgentSpec{Role: "polecat", Agent: ".claude/agents/beads-ralph-scrum-master.md", Model: "sonnet"}

	m := beads[0].Metadata
	assert.Equal(t, []AgentSpec{
		{Role: "polecat", Agent: ".claude/agents/go-dev.md", Model: "opus"},
		{Role: "polecat", Agent: ".claude/agents/doc-writer.md", Model: "sonnet"},
	}, m.DevAgents)
	assert.Equal(t, ".claude/agents/go-dev", m.DevAgentPath)
	assert.Equal(t, "opus", m.DevModel)
	assert.Equal(t, []QAAgent{
		qaAgent("qa-go", "haiku", "Run the tests"),
		qaAgent("qa-docs", "sonnet", "Check the work of sprint 1.1 (Setup) against its tasks and acceptance criteria."),
	}, m.QAAgents)
	assert.Equal(t, scrum, m.ScrumMasterAgent)

	m = beads[1].Metadata // 1.2a: the settings' dev agent, the default QA agent
	assert.Equal(t, []AgentSpec{{Role: "polecat", Agent: ".claude/agents/general-purpose-dev.md", Model: "sonnet"}}, m.DevAgents)
	assert.Equal(t, ".claude/agents/general-purpose-dev", m.DevAgentPath)
	assert.Equal(t, []QAAgent{qaAgent("qa-reviewer", "haiku", "Check the work of sprint 1.2a (Left) against its tasks and acceptance criteria.")}, m.QAAgents)
	assert.Equal(t, scrum, m.ScrumMasterAgent)

	m = beads[3].Metadata // 1.3 merges: the merge agent
	assert.Equal(t, TypeMerge, beads[3].IssueType)
	assert.Equal(t, []AgentSpec{{Role: "polecat", Agent: ".claude/agents/merge-specialist.md", Model: "sonnet"}}, m.DevAgents)
	assert.Equal(t, ".claude/agents/merge-specialist", m.DevAgentPath)
}

// TestDefaultQAAgent: sprints that name no QA agent, with none in the
// settings, get the built-in one, and the plan gets one warning at the
// first of them, naming how many and the setting.
func TestDefaultQAAgent(t *testing.T) {
	_, diags := compileForTest(t, agentsPlan)
	require.Equal(t, []string{defaultQAWarning("14:1", "3 sprints (1.2a first) name no QA agent, so they get")}, messages(diags))

	_, diags = compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n")
	require.Equal(t, []string{defaultQAWarning("2:1", "sprint 1.1 names no QA agent, so it gets")}, messages(diags))

	// qa_agents in the settings: used, no warning; models in lowercase.
	beads, diags := compileWith(t, agentsPlan, func(o *Options) {
		o.Settings.QAAgents = []parser.QAAgent{{Name: "qa-team", Model: "Haiku", Prompt: "Review it"}, {Name: "qa-lint"}}
	})
	require.Empty(t, diags)
	assert.Equal(t, []QAAgent{
		qaAgent("qa-team", "haiku", "Review it"),
		qaAgent("qa-lint", "sonnet", "Check the work of sprint 1.2b (Right) against its tasks and acceptance criteria."),
	}, beads[2].Metadata.QAAgents)
	assert.Equal(t, "qa-go", beads[0].Metadata.QAAgents[0].AgentPath[len(".claude/agents/"):], "a sprint's own list wins")
}

// TestMissingAgentFiles: the agents whose file is not in the repository are
// named in one warning, each with its first use: the plan line that names
// it, or the heading of the first sprint that gets it from the settings.
func TestMissingAgentFiles(t *testing.T) {
	var asked []string
	_, diags := compileWith(t, agentsPlan+"### Sprint 1.4: More\n**Dev Agents**:\n- `doc-writer`\n\n**Tasks**:\n- e\n", func(o *Options) {
		o.AgentExists = func(path string) bool {
			asked = append(asked, path)
			return path == ".claude/agents/go-dev.md" || path == ".claude/agents/qa-reviewer.md"
		}
	})
	diags.Sort()
	require.Equal(t, []string{
		"p.md:2:1: warning: 6 agents are not in the repository, so beads-ralph will not find them unless an earlier sprint creates them: " +
			"beads-ralph-scrum-master (.claude/agents/beads-ralph-scrum-master.md, first named for line 2), doc-writer (.claude/agents/doc-writer.md, first named for line 5), " +
			"general-purpose-dev (.claude/agents/general-purpose-dev.md, first named for line 14), merge-specialist (.claude/agents/merge-specialist.md, first named for line 18), " +
			"qa-docs (.claude/agents/qa-docs.md, first named for line 9), qa-go (.claude/agents/qa-go.md, first named for line 8)",
		defaultQAWarning("14:1", "4 sprints (1.2a first) name no QA agent, so they get"),
	}, messages(diags))
	assert.Len(t, asked, 8, "each agent is looked up once: %v", asked)
}

// TestModels: beads-ralph runs sonnet, opus and haiku; any other model,
// in the plan or the settings, is an error.
func TestModels(t *testing.T) {
	// Models written in the plan are checked where it is read (the
	// parser); settings made in code are checked here.
	src := "## Phase 1: A\n### Sprint 1.1: X\n**Dev Agents**:\n- `dev` (opus)\n\n**QA Agents**:\n- `qa` (haiku) - check\n\n**Tasks**:\n- a\n"
	beads, diags := compileWith(t, src, func(o *Options) {
		o.Settings.DevModel = "sonnet-4"
		o.Settings.QAAgents = []parser.QAAgent{{Name: "qa-x", Model: "large"}}
	})
	require.Nil(t, beads)
	diags.Sort()
	require.Equal(t, []string{
		`p.md: error: settings: dev_model "sonnet-4": beads-ralph runs sonnet, opus or haiku`,
		`p.md: error: settings: model "large" of QA agent qa-x: beads-ralph runs sonnet, opus or haiku`,
	}, messages(diags))
}

// TestMaxRetryAttempts: beads-ralph needs at least one attempt.
func TestMaxRetryAttempts(t *testing.T) {
	zero := 0
	beads, diags := compileWith(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n", func(o *Options) { o.Settings.MaxRetry = &zero })
	require.Nil(t, beads)
	require.Equal(t, `p.md: error: settings: max_retry_attempts 0: beads-ralph needs at least 1`, diags.Errors()[0].Error())
	require.Len(t, diags.Errors(), 1)
}

// TestSharedBranchesAndWorktrees: two sprints on one branch or in one
// worktree, and two branches one of which is a folder of the other, are
// errors at the later sprint, naming the earlier.
func TestSharedBranchesAndWorktrees(t *testing.T) {
	src := "## Phase 1: A\n" +
		"### Sprint 1.1: One\n**Branch**: `feature`\n- a\n" + // 2
		"### Sprint 1.2: Two\n**Branch**: `feature/login`\n- b\n" + // 5
		"### Sprint 1.3: Three\n**Branch**: `feature`\n- c\n" + // 8
		"### Sprint 1.4: Four\n**Worktree**: `../demo-worktrees/shared`\n- d\n" + // 11
		"### Sprint 1.5: Five\n**Worktree**: `../demo-worktrees/shared`\n- e\n" + // 14
		"### Sprint 1.6: Six\n**Worktree**: `../demo-worktrees/beads/p/1-7-seven`\n- f\n" + // 17
		"### Sprint 1.7: Seven\n- g\n" // 20
	beads, diags := compileForTest(t, src)
	require.Nil(t, beads)
	diags.Sort()
	require.Equal(t, []string{
		"p.md:6:1: error: branch feature/login of sprint 1.2 cannot exist beside branch feature of sprint 1.1 (line 2): git keeps branches as files under refs/heads/, so one cannot be a folder of the other; rename one with **Branch**:",
		"p.md:9:1: error: sprint 1.3 has the branch feature of sprint 1.1 (line 2): git holds one branch of a name, so one of them could not start; give one of them a **Branch**: of its own",
		"p.md:15:1: error: sprint 1.5 has the worktree /src/demo-worktrees/shared of sprint 1.4 (line 11): each sprint needs a worktree of its own",
		"p.md:20:1: error: sprint 1.7 has the worktree /src/demo-worktrees/beads/p/1-7-seven of sprint 1.6 (line 17): each sprint needs a worktree of its own",
	}, messages(diags.Errors()))
}

// TestWrittenWorktrees: a worktree written for a checkout named otherwise
// is used, with a warning naming both folders; one that escapes is an
// error at its line.
func TestWrittenWorktrees(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n**Worktree**: `../billing-worktrees/feature/1-1`\n- a\n"
	beads, diags := compileForTest(t, src)
	require.Len(t, beads, 1)
	assert.Equal(t, "/src/billing-worktrees/feature/1-1", beads[0].Metadata.WorktreePath)
	require.Equal(t, `p.md:3:1: warning: worktree "../billing-worktrees/feature/1-1" is /src/billing-worktrees/feature/1-1, used as written, but it is not under /src/demo-worktrees, the worktrees folder of repository demo: was the plan written for a checkout named otherwise?`,
		diags[0].Error())

	_, diags = compileForTest(t, "## Phase 1: A\n### Sprint 1.1: One\n**Worktree**: `../../etc`\n- a\n")
	require.Equal(t, []string{`p.md:3:1: error: worktree "../../etc" is outside /src, the repository's parent directory: agents would write there`},
		messages(diags.Errors()))
}

// TestSourceBranchSafeForm: a source branch git takes but sprint branches
// may not start with (dots) starts them in its branch-safe form, while
// source_branch stays the real name; a note says so under -v.
func TestSourceBranchSafeForm(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n- a\n### Sprint 1.2: Two\n**Source Branch**: `hotfix/1.0.1`\n- b\n"
	beads, diags := compileWith(t, src, func(o *Options) {
		o.Settings.SourceBranch = "release/2.4.0"
		o.Settings.BranchTemplate = "{source}-sprints/{id}-{slug}"
		o.SourceBranchFrom = "git's current branch"
	})
	require.Len(t, beads, 2)
	assert.Equal(t, "release/2.4.0", beads[0].Metadata.SourceBranch)
	assert.Equal(t, "release/2-4-0-sprints/1-1-one", beads[0].Metadata.Branch)
	assert.Equal(t, "/src/demo-worktrees/release/2-4-0-sprints/1-1-one", beads[0].Metadata.WorktreePath)
	assert.Equal(t, "hotfix/1.0.1", beads[1].Metadata.SourceBranch)
	assert.Equal(t, "hotfix/1-0-1-sprints/1-2-two", beads[1].Metadata.Branch)
	assert.Equal(t, []string{"p.md: info: {source} in sprint branches is release/2-4-0, the branch-safe form of the source branch release/2.4.0 (from git's current branch)"},
		messages(diags.Only(parser.Info)))
	require.NoError(t, Validate(beads))
}

// TestBadSourceBranch: a source branch git refuses is one error, naming
// where it came from and never a plan line unless a sprint wrote it.
func TestBadSourceBranch(t *testing.T) {
	src := "## Phase 1: A\n### Sprint 1.1: One\n- a\n### Sprint 1.2: Two\n- b\n### Sprint 1.3: Three\n**Source Branch**: `a..b`\n- c\n"
	beads, diags := compileWith(t, src, func(o *Options) {
		o.Settings.SourceBranch = "my branch"
		o.SourceBranchFrom = "--source-branch"
	})
	require.Nil(t, beads)
	diags.Sort()
	require.Equal(t, []string{
		`p.md: error: source branch from --source-branch: branch "my branch" contains a space; set another with --source-branch`,
		`p.md:7:1: error: source branch of sprint 1.3: branch "a..b" contains ".."`,
	}, messages(diags.Errors()))

	// A sprint that writes its branch still carries the source branch in
	// source_branch, so it is checked all the same.
	_, diags = compileWith(t, "## Phase 1: A\n### Sprint 1.1: One\n**Branch**: `feature/one`\n- a\n", func(o *Options) {
		o.Settings.SourceBranch = "a..b"
		o.SourceBranchFrom = "beads-ralph.yaml"
	})
	require.Equal(t, []string{
		`p.md: error: source branch from beads-ralph.yaml: branch "a..b" contains ".."; set another with --source-branch`,
	}, messages(diags.Errors()))

	// A name with nothing branch-safe in it is fine when the sprint writes
	// its branch, and an error, once, for the sprints that need the form.
	beads, diags = compileWith(t, "## Phase 1: A\n### Sprint 1.1: One\n**Branch**: `feature/one`\n- a\n", func(o *Options) {
		o.Settings.SourceBranch = "日本"
	})
	require.Empty(t, diags.Errors())
	assert.Equal(t, "日本", beads[0].Metadata.SourceBranch)
	require.NoError(t, Validate(beads))

	// From git, a name with no branch-safe form.
	_, diags = compileWith(t, "## Phase 1: A\n### Sprint 1.1: One\n- a\n### Sprint 1.2: Two\n- b\n", func(o *Options) {
		o.Settings.SourceBranch = "日本"
		o.Settings.BranchTemplate = "{source}-sprints/{id}-{slug}"
		o.SourceBranchFrom = "git's current branch"
	})
	require.Equal(t, []string{
		`p.md: error: source branch "日本" from git's current branch has no branch-safe form for {source} in sprint branches (letters, digits, '/', '_' and '-'); set another with --source-branch`,
	}, messages(diags.Errors()))
}

// TestValidateNamesBeadAndField: Validate reports every violation with
// the bead, its sprint and the field, in bead order.
func TestValidateNamesBeadAndField(t *testing.T) {
	beads, _ := compileForTest(t, agentsPlan)
	beads[0].Metadata.QAAgents = []QAAgent{}
	beads[2].Metadata.Branch = "bad//branch"
	beads[2].Metadata.DevAgents[0].Role = "qa"
	err := Validate(beads)
	var se *SchemaError
	require.ErrorAs(t, err, &se)
	require.Equal(t, []string{
		"bead " + beads[0].ID + " (sprint 1.1): /metadata/qa_agents: minItems: got 0, want 1",
		"bead " + beads[2].ID + " (sprint 1.2b): /metadata/branch: 'not' failed",
		"bead " + beads[2].ID + " (sprint 1.2b): /metadata/dev_agents/0/role: value must be one of 'polecat', 'witness', 'mayor'",
	}, se.Problems)
}

// TestSchemaHoldsRalphRules: the bead schema refuses what beads-ralph's
// validator and Go loop refuse (contract §3), one break at a time.
func TestSchemaHoldsRalphRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(b *Bead)
		want string
	}{
		{"no QA agent", func(b *Bead) { b.Metadata.QAAgents = []QAAgent{} }, "/metadata/qa_agents: minItems: got 0, want 1"},
		{"priority", func(b *Bead) { b.Priority = 5 }, "/priority: maximum: got 5, want 4"},
		{"dev model", func(b *Bead) { b.Metadata.DevModel = "gpt-4" }, "/metadata/dev_model: value must be one of 'sonnet', 'opus', 'haiku'"},
		{"agent model", func(b *Bead) { b.Metadata.DevAgents[0].Model = "Sonnet" }, "/metadata/dev_agents/0/model: value must be one of 'sonnet', 'opus', 'haiku'"},
		{"QA model", func(b *Bead) { b.Metadata.QAAgents[0].Model = "" }, "/metadata/qa_agents/0/model: value must be one of 'sonnet', 'opus', 'haiku'"},
		{"scrum master model", func(b *Bead) { b.Metadata.ScrumMasterAgent.Model = "o1" }, "/metadata/scrum_master_agent/model: value must be one of 'sonnet', 'opus', 'haiku'"},
		{"no prompts", func(b *Bead) { b.Metadata.DevPrompts = []string{} }, "/metadata/dev_prompts: minItems: got 0, want 1"},
		{"QA prompt", func(b *Bead) { b.Metadata.QAAgents[0].Prompt = "" }, "/metadata/qa_agents/0/prompt: minLength: got 0, want 1"},
		{"status enum", func(b *Bead) {
			b.Metadata.QAAgents[0].OutputSchema = json.RawMessage(`{"type":"object","properties":{"status":{"enum":["pass","maybe"]},"message":{}},"required":["status"]}`)
		}, "/metadata/qa_agents/0/output_schema/properties/status/enum/1: value must be one of 'pass', 'fail', 'stop'"},
		{"no message", func(b *Bead) {
			b.Metadata.QAAgents[0].OutputSchema = json.RawMessage(`{"type":"object","properties":{"status":{}},"required":["status"]}`)
		}, "/metadata/qa_agents/0/output_schema/properties: missing property 'message'"},
		{"relative worktree", func(b *Bead) { b.Metadata.WorktreePath = "../x" }, "/metadata/worktree_path: '../x' does not match pattern '^/'"},
		{"dotted branch", func(b *Bead) { b.Metadata.Branch = "release/2.4.0" }, "/metadata/branch: 'release/2.4.0' does not match pattern '^[a-zA-Z0-9_][a-zA-Z0-9/_-]*$'"},
		{"bad source branch", func(b *Bead) { b.Metadata.SourceBranch = "a..b" }, "/metadata/source_branch: 'not' failed"},
		{"agent elsewhere", func(b *Bead) { b.Metadata.DevAgentPath = "agents/x" }, `/metadata/dev_agent_path: 'agents/x' does not match pattern '^\\.claude/agents/[A-Za-z0-9][A-Za-z0-9._/-]*$'`},
		{"QA agent elsewhere", func(b *Bead) { b.Metadata.QAAgents[0].AgentPath = "/etc/x" }, `/metadata/qa_agents/0/agent_path: '/etc/x' does not match pattern '^\\.claude/agents/[A-Za-z0-9][A-Za-z0-9._/-]*$'`},
		{"agent not Markdown", func(b *Bead) { b.Metadata.DevAgents[0].Agent = ".claude/agents/x" }, `/metadata/dev_agents/0/agent: '.claude/agents/x' does not match pattern '\\.md$'`},
		{"role", func(b *Bead) { b.Metadata.QAAgents[0].Role = "qa" }, "/metadata/qa_agents/0/role: value must be one of 'polecat', 'witness', 'mayor'"},
		{"retries", func(b *Bead) { b.Metadata.MaxRetryAttempts = 0 }, "/metadata/max_retry_attempts: minimum: got 0, want 1"},
		{"assignee", func(b *Bead) { b.Assignee = "me" }, "/assignee: value must be 'beads-ralph-scrum-master'"},
		{"blank title", func(b *Bead) { b.Title = "  " }, `/title: '  ' does not match pattern '\\S'`},
	} {
		beads, _ := compileForTest(t, "## Phase 1: A\n### Sprint 1.1: X\n- a\n")
		require.NoError(t, Validate(beads), tc.name)
		tc.edit(&beads[0])
		var se *SchemaError
		require.ErrorAs(t, Validate(beads), &se, tc.name)
		require.Equal(t, []string{"bead " + beads[0].ID + " (sprint 1.1): " + tc.want}, se.Problems, tc.name)
	}
}
