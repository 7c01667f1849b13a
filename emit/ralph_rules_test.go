package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/parser/plangen"

	"github.com/stretchr/testify/require"
)

// The rules of beads-ralph's validator (scripts/bead_schema.py, pydantic in
// strict mode) that the contract lists in §3, and what beads-ralph's Go
// loop (src/ralph/types.go) reads, written as plain Go checks on the JSON.
// They are kept apart from bead.schema.json on purpose: the goldens must
// pass both, and the two can disagree.

// ralphChecker collects the problems of one bead.
type ralphChecker struct{ problems []string }

func (c *ralphChecker) fail(field, format string, args ...any) {
	c.problems = append(c.problems, field+": "+fmt.Sprintf(format, args...))
}

var ralphModels = []string{"sonnet", "opus", "haiku"}

func (c *ralphChecker) str(field string, v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		c.fail(field, "want a string, got %v", v)
	}
	return s, ok
}

func (c *ralphChecker) nonEmpty(field string, v any) string {
	s, ok := c.str(field, v)
	if ok && strings.TrimSpace(s) == "" {
		c.fail(field, "empty")
	}
	return s
}

func (c *ralphChecker) oneOf(field string, v any, set ...string) {
	if s, ok := c.str(field, v); ok && !slices.Contains(set, s) {
		c.fail(field, "%q is not one of %v", s, set)
	}
}

func (c *ralphChecker) optString(field string, v any) {
	if v != nil {
		c.str(field, v)
	}
}

// integer checks for a JSON integer (strict mode takes no 1.0 or "1")
// from lo up (and up to hi when hi >= lo).
func (c *ralphChecker) integer(field string, v any, lo, hi int64) {
	n, ok := v.(json.Number)
	if !ok || strings.ContainsAny(n.String(), ".eE") {
		c.fail(field, "want an integer, got %v", v)
		return
	}
	i, err := n.Int64()
	if err != nil || i < lo || hi >= lo && i > hi {
		c.fail(field, "%v is out of range", v)
	}
}

func (c *ralphChecker) list(field string, v any) []any {
	l, ok := v.([]any)
	if !ok {
		c.fail(field, "want a list, got %v", v)
	}
	return l
}

func (c *ralphChecker) strings(field string, v any) []string {
	var out []string
	for i, e := range c.list(field, v) {
		if s, ok := c.str(fmt.Sprintf("%s[%d]", field, i), e); ok {
			out = append(out, s)
		}
	}
	return out
}

func (c *ralphChecker) object(field string, v any) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail(field, "want an object, got %v", v)
	}
	return m
}

func (c *ralphChecker) timestamp(field string, v any) {
	if s, ok := c.str(field, v); ok {
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			c.fail(field, "%q is not a date-time", s)
		}
	}
}

// agentPath checks a path the loop launches an agent from.
func (c *ralphChecker) agentPath(field string, v any) string {
	s, _ := c.str(field, v)
	if !strings.HasPrefix(s, ".claude/agents/") {
		c.fail(field, "%q is not under .claude/agents/", s)
	}
	return s
}

// digitsLetters reports whether s is digits then lowercase letters, at
// least one digit: ^[0-9]+[a-z]*$.
func digitsLetters(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// branchSafe is ^[a-zA-Z0-9/_-]+$.
func branchSafe(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '/' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// validatorProblems applies the validator's rules to one bead.
func validatorProblems(b map[string]any) []string {
	c := &ralphChecker{}
	c.nonEmpty("id", b["id"])
	c.nonEmpty("title", b["title"])
	c.str("description", b["description"])
	c.oneOf("status", b["status"], "open", "in_progress", "closed", "blocked")
	c.integer("priority", b["priority"], 0, 4)
	c.oneOf("issue_type", b["issue_type"], "beads-ralph-work", "beads-ralph-merge")
	c.oneOf("assignee", b["assignee"], "beads-ralph-scrum-master")
	c.optString("owner", b["owner"])
	c.strings("dependencies", b["dependencies"])
	c.strings("labels", b["labels"])
	for i, e := range c.list("comments", b["comments"]) {
		c.object(fmt.Sprintf("comments[%d]", i), e)
	}
	c.optString("external_ref", b["external_ref"])
	c.timestamp("created_at", b["created_at"])
	c.timestamp("updated_at", b["updated_at"])
	if b["closed_at"] != nil {
		c.timestamp("closed_at", b["closed_at"])
	}

	m := c.object("metadata", b["metadata"])
	c.nonEmpty("metadata.rig", m["rig"])
	if w := c.nonEmpty("metadata.worktree_path", m["worktree_path"]); !filepath.IsAbs(w) {
		c.fail("metadata.worktree_path", "%q is not absolute", w)
	}
	if br, _ := c.str("metadata.branch", m["branch"]); !branchSafe(br) {
		c.fail("metadata.branch", "%q does not match ^[a-zA-Z0-9/_-]+$", br)
	}
	c.nonEmpty("metadata.source_branch", m["source_branch"])
	if p, _ := c.str("metadata.phase", m["phase"]); !digitsLetters(p) {
		c.fail("metadata.phase", "%q does not match ^[0-9]+[a-z]*$", p)
	}
	for _, k := range []string{"sprint", "plan_sprint_id"} {
		s, _ := c.str("metadata."+k, m[k])
		if ph, sp, ok := strings.Cut(s, "."); !ok || !digitsLetters(ph) || !digitsLetters(sp) {
			c.fail("metadata."+k, "%q does not match ^[0-9]+[a-z]*\\.[0-9]+[a-z]*$", s)
		}
	}
	c.str("metadata.plan_file", m["plan_file"])
	c.str("metadata.plan_section", m["plan_section"])
	if m["branches_to_merge"] != nil {
		c.strings("metadata.branches_to_merge", m["branches_to_merge"])
	}
	c.agentPath("metadata.dev_agent_path", m["dev_agent_path"])
	c.oneOf("metadata.dev_model", m["dev_model"], ralphModels...)
	if len(c.strings("metadata.dev_prompts", m["dev_prompts"])) == 0 {
		c.fail("metadata.dev_prompts", "dev_prompts must be non-empty array")
	}
	qa := c.list("metadata.qa_agents", m["qa_agents"])
	if len(qa) == 0 {
		c.fail("metadata.qa_agents", "qa_agents must be non-empty array")
	}
	for i, e := range qa {
		f := fmt.Sprintf("metadata.qa_agents[%d]", i)
		a := c.object(f, e)
		c.agentPath(f+".agent_path", a["agent_path"])
		c.oneOf(f+".model", a["model"], ralphModels...)
		c.str(f+".prompt", a["prompt"])
		props := c.object(f+".output_schema.properties", c.object(f+".output_schema", a["output_schema"])["properties"])
		status, ok := props["status"].(map[string]any)
		if !ok {
			c.fail(f+".output_schema", "output_schema must have 'status' property")
		} else if enum, has := status["enum"]; has {
			for _, s := range c.list(f+".output_schema.properties.status.enum", enum) {
				if !slices.Contains([]any{"pass", "fail", "stop"}, s) {
					c.fail(f+".output_schema", "status enum must only contain pass, fail, stop, got %v", s)
				}
			}
		}
		if _, ok := props["message"]; !ok {
			c.fail(f+".output_schema", "output_schema must have 'message' property")
		}
	}
	c.integer("metadata.max_retry_attempts", m["max_retry_attempts"], 1, 0)
	c.integer("metadata.attempt_count", m["attempt_count"], 0, -1)
	c.optString("metadata.scrum_master_session_id", m["scrum_master_session_id"])
	c.optString("metadata.dev_agent_session_id", m["dev_agent_session_id"])
	c.list("metadata.dev_agent_executions", m["dev_agent_executions"])
	c.list("metadata.qa_agent_executions", m["qa_agent_executions"])
	c.optString("metadata.pr_url", m["pr_url"])
	if m["pr_number"] != nil {
		c.integer("metadata.pr_number", m["pr_number"], 0, -1)
	}
	if m["scrum_result"] != nil {
		c.object("metadata.scrum_result", m["scrum_result"])
	}
	return c.problems
}

// loopProblems applies what beads-ralph's Go loop reads, on top of the
// validator: team_name to group by, and AgentSpec objects (role a gastown
// role, agent the Markdown file under .claude/agents/) for the scrum
// master, the dev agents and every QA agent, whose legacy paths are the
// same file without ".md".
func loopProblems(b map[string]any) []string {
	c := &ralphChecker{}
	m := c.object("metadata", b["metadata"])
	c.nonEmpty("metadata.team_name", m["team_name"])
	spec := func(field string, v any) string {
		a := c.object(field, v)
		c.oneOf(field+".role", a["role"], "polecat", "witness", "mayor")
		agent := c.agentPath(field+".agent", a["agent"])
		if !strings.HasSuffix(agent, ".md") {
			c.fail(field+".agent", "%q is not a Markdown file", agent)
		}
		c.oneOf(field+".model", a["model"], ralphModels...)
		return strings.TrimSuffix(agent, ".md")
	}
	spec("metadata.scrum_master_agent", m["scrum_master_agent"])
	devs := c.list("metadata.dev_agents", m["dev_agents"])
	if len(devs) == 0 {
		c.fail("metadata.dev_agents", "empty")
	}
	for i, d := range devs {
		path := spec(fmt.Sprintf("metadata.dev_agents[%d]", i), d)
		if i == 0 && path != m["dev_agent_path"] {
			c.fail("metadata.dev_agent_path", "%v is not dev_agents[0]'s file without .md", m["dev_agent_path"])
		}
	}
	qa, _ := m["qa_agents"].([]any)
	for i, q := range qa {
		f := fmt.Sprintf("metadata.qa_agents[%d]", i)
		if path := spec(f, q); path != c.object(f, q)["agent_path"] {
			c.fail(f+".agent_path", "not the agent's file without .md")
		}
	}
	return c.problems
}

// decodeBeads reads a JSON array of beads, or one bead, keeping numbers as
// written.
func decodeBeads(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	if one, ok := v.(map[string]any); ok {
		return []map[string]any{one}
	}
	var out []map[string]any
	for _, e := range v.([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

// TestGoldenBeadsPassRalphRules walks every golden bead through the
// validator's rules and the Go loop's.
func TestGoldenBeadsPassRalphRules(t *testing.T) {
	files, err := filepath.Glob("../testdata/golden/*.beads.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, b := range decodeBeads(t, data) {
			if typ, _ := b["issue_type"].(string); !strings.HasPrefix(typ, "beads-ralph-") {
				// A unit written in bd's Markdown keeps its bd type: such
				// a bead is for bd, not for beads-ralph's loop
				// (docs/bd-markdown.md).
				continue
			}
			n++
			problems := append(validatorProblems(b), loopProblems(b)...)
			require.Empty(t, problems, "%s: bead %v (sprint %v)", filepath.Base(f), b["id"], b["metadata"].(map[string]any)["sprint"])
		}
	}
	t.Logf("%d golden beads in %d files", n, len(files))
}

// TestRalphRulesAcceptRalphsExamples: beads-ralph's own example beads,
// which its validator accepts, pass the validator's rules here too.
func TestRalphRulesAcceptRalphsExamples(t *testing.T) {
	corpus := plangen.Corpus(t)
	for _, name := range []string{"example-work-bead.json", "example-merge-bead.json"} {
		data, err := os.ReadFile(filepath.Join(corpus, name))
		require.NoError(t, err)
		require.Empty(t, validatorProblems(decodeBeads(t, data)[0]), name)
	}
}

// TestRalphRulesCatchBreaks: each rule catches the break it is for, so the
// golden test above cannot pass by checking nothing.
func TestRalphRulesCatchBreaks(t *testing.T) {
	data, err := os.ReadFile("../testdata/golden/example.beads.json")
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		edit  func(b, m map[string]any)
		wants string
	}{
		{"no QA agent", func(b, m map[string]any) { m["qa_agents"] = []any{} }, "metadata.qa_agents: qa_agents must be non-empty array"},
		{"priority as text", func(b, m map[string]any) { b["priority"] = "1" }, "priority: want an integer, got 1"},
		{"priority 1.0", func(b, m map[string]any) { b["priority"] = json.Number("1.0") }, "priority: want an integer, got 1.0"},
		{"priority 5", func(b, m map[string]any) { b["priority"] = json.Number("5") }, "priority: 5 is out of range"},
		{"model", func(b, m map[string]any) { m["dev_model"] = "gpt-4" }, `metadata.dev_model: "gpt-4" is not one of [sonnet opus haiku]`},
		{"no prompts", func(b, m map[string]any) { m["dev_prompts"] = []any{} }, "metadata.dev_prompts: dev_prompts must be non-empty array"},
		{"relative worktree", func(b, m map[string]any) { m["worktree_path"] = "../x" }, `metadata.worktree_path: "../x" is not absolute`},
		{"dotted branch", func(b, m map[string]any) { m["branch"] = "release/2.4.0/1-1-x" }, `metadata.branch: "release/2.4.0/1-1-x" does not match ^[a-zA-Z0-9/_-]+$`},
		{"agent elsewhere", func(b, m map[string]any) { m["dev_agent_path"] = "agents/x" }, `metadata.dev_agent_path: "agents/x" is not under .claude/agents/`},
		{"status enum", func(b, m map[string]any) {
			qa := m["qa_agents"].([]any)[0].(map[string]any)
			qa["output_schema"] = map[string]any{"properties": map[string]any{"status": map[string]any{"enum": []any{"pass", "maybe"}}, "message": map[string]any{}}}
		}, "metadata.qa_agents[0].output_schema: status enum must only contain pass, fail, stop, got maybe"},
		{"no message", func(b, m map[string]any) {
			qa := m["qa_agents"].([]any)[0].(map[string]any)
			qa["output_schema"] = map[string]any{"properties": map[string]any{"status": map[string]any{}}}
		}, "metadata.qa_agents[0].output_schema: output_schema must have 'message' property"},
		{"no retries", func(b, m map[string]any) { m["max_retry_attempts"] = json.Number("0") }, "metadata.max_retry_attempts: 0 is out of range"},
		{"assignee", func(b, m map[string]any) { b["assignee"] = "someone" }, `assignee: "someone" is not one of [beads-ralph-scrum-master]`},
		{"role", func(b, m map[string]any) { m["scrum_master_agent"].(map[string]any)["role"] = "scrum-master" },
			`metadata.scrum_master_agent.role: "scrum-master" is not one of [polecat witness mayor]`},
		{"agent without .md", func(b, m map[string]any) {
			m["dev_agents"].([]any)[0].(map[string]any)["agent"] = ".claude/agents/go-backend-dev"
		},
			`metadata.dev_agents[0].agent: ".claude/agents/go-backend-dev" is not a Markdown file`},
		{"no team", func(b, m map[string]any) { delete(m, "team_name") }, "metadata.team_name: want a string, got <nil>"},
	} {
		b := decodeBeads(t, data)[0]
		tc.edit(b, b["metadata"].(map[string]any))
		require.Contains(t, append(validatorProblems(b), loopProblems(b)...), tc.wants, tc.name)
	}
}
