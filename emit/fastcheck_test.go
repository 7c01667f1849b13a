package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// schemaDigest pins bead.schema.json. provablyValid is a hand reading of
// that file: when the schema changes, re-read it, bring fastcheck.go and
// the mutations below up to date, then update the digest.
const schemaDigest = "22600a2cc708e133854bd3947bceefd36512e2024d501a70a1ee84cf137f0bbc"

func TestFastCheckSchemaDigest(t *testing.T) {
	sum := sha256.Sum256(SchemaJSON)
	require.Equal(t, schemaDigest, hex.EncodeToString(sum[:]),
		"bead.schema.json changed: update provablyValid (fastcheck.go) to match, then this digest")
}

// goldenBeads reads every bead the compile goldens hold.
func goldenBeads(t testing.TB) []Bead {
	t.Helper()
	files, err := filepath.Glob("../testdata/golden/*.beads.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var all []Bead
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var beads []Bead
		require.NoError(t, json.Unmarshal(data, &beads), f)
		all = append(all, beads...)
	}
	return all
}

// libraryValid is the reference verdict: the bead, marshalled, decoded and
// checked by the JSON Schema library.
func libraryValid(t testing.TB, b *Bead) bool {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		return false // Validate reports the marshalling error
	}
	vs, err := ValidateJSON(data)
	require.NoError(t, err)
	return len(vs) == 0
}

func TestFastCheckAcceptsEveryGoldenBead(t *testing.T) {
	var c fastChecker
	for _, b := range goldenBeads(t) {
		require.True(t, libraryValid(t, &b), b.ID)
		require.True(t, c.provablyValid(&b), "golden bead %s should take the fast path", b.ID)
	}
}

// trickyStrings sit on either side of the schema's patterns, lengths and
// formats.
var trickyStrings = []string{
	"", " ", "a", "A", "_", "-", "/", "//", "a/", "/a", "a//b", "a/b", "-a", "_a", "a-", "a_b", "a--b",
	".", "..", "a..b", ".a", "a.", "é", "\xff", "a\x00b", "ａ",
	".claude/agents/", ".claude/agents/x", ".claude/agents/x..y", ".claude/agents/.x", ".claude/agents/x/",
	".claude/agents/x.md", ".claude/agents/_x", ".claude/agentsx", ".claude/agents/x y",
	"bd", "bd-", "-bd", "bd-x", "bd-x.1", "bd-x.1.2", "bd-x.", "bd-x.a", "bd--x", "bd-x_", "bd_x-y", "bd-x-y",
	"bd-.1", "1-2", "1.5", "bd-x.1.", "a-b-c-d.0", strings.Repeat("a", 62) + "-b", strings.Repeat("a", 63) + "-b",
	"1", "1a", "a1", "1A", "1.2", "1a.2b", "1.2.3", "1.a", ".1", "1.", "01.02", "1ab.2cd",
	"open", "closed", "in_progress", "blocked", "Open", "beads-ralph-work", "beads-ralph-merge", "task",
	"2026-01-02T03:04:05Z", "2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z", "0000-01-01T00:00:00Z",
	"2026-01-01T24:00:00Z", "2026-01-01T23:59:60Z", "2026-01-01t00:00:00z", "2026-01-01T00:00:00+00:00",
	"2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-01T00:00:00.5Z",
	"2026-1-01T00:00:00Z0", "2026-01-01 00:00:00Z",
}

// fieldSetters reach every string the schema constrains, one at a time.
var fieldSetters = map[string]func(b *Bead, v string){
	"id":          func(b *Bead, v string) { b.ID = v },
	"title":       func(b *Bead, v string) { b.Title = v },
	"description": func(b *Bead, v string) { b.Description = v },
	"status":      func(b *Bead, v string) { b.Status = v },
	"issue_type":  func(b *Bead, v string) { b.IssueType = v },
	"assignee":    func(b *Bead, v string) { b.Assignee = v },
	"owner":       func(b *Bead, v string) { b.Owner = &v },
	"dependency":  func(b *Bead, v string) { b.Dependencies = append(b.Dependencies, v) },
	"label":       func(b *Bead, v string) { b.Labels = append(b.Labels, v) },
	"created_at":  func(b *Bead, v string) { b.CreatedAt = v },
	"updated_at":  func(b *Bead, v string) { b.UpdatedAt = v },
	"closed_at":   func(b *Bead, v string) { b.ClosedAt = &v },
	"acceptance":  func(b *Bead, v string) { b.AcceptanceCriteria = v },
	"rig":         func(b *Bead, v string) { b.Metadata.Rig = v },
	"worktree":    func(b *Bead, v string) { b.Metadata.WorktreePath = v },
	"branch":      func(b *Bead, v string) { b.Metadata.Branch = v },
	"source":      func(b *Bead, v string) { b.Metadata.SourceBranch = v },
	"phase":       func(b *Bead, v string) { b.Metadata.Phase = v },
	"sprint":      func(b *Bead, v string) { b.Metadata.Sprint = v },
	"plan_file":   func(b *Bead, v string) { b.Metadata.PlanFile = v },
	"section":     func(b *Bead, v string) { b.Metadata.PlanSection = v },
	"sprint_id":   func(b *Bead, v string) { b.Metadata.PlanSprintID = v },
	"merge":       func(b *Bead, v string) { b.Metadata.BranchesToMerge = append(b.Metadata.BranchesToMerge, v) },
	"dev_path":    func(b *Bead, v string) { b.Metadata.DevAgentPath = v },
	"dev_model":   func(b *Bead, v string) { b.Metadata.DevModel = v },
	"prompt":      func(b *Bead, v string) { b.Metadata.DevPrompts = append(b.Metadata.DevPrompts, v) },
	"team":        func(b *Bead, v string) { b.Metadata.TeamName = v },
	"sm_role":     func(b *Bead, v string) { b.Metadata.ScrumMasterAgent.Role = v },
	"sm_agent":    func(b *Bead, v string) { b.Metadata.ScrumMasterAgent.Agent = v },
	"sm_model":    func(b *Bead, v string) { b.Metadata.ScrumMasterAgent.Model = v },
	"dev_role":    func(b *Bead, v string) { b.Metadata.DevAgents = append(b.Metadata.DevAgents, AgentSpec{v, v, v}) },
	"session":     func(b *Bead, v string) { b.Metadata.DevAgentSessionID = &v },
	"ac_item":     func(b *Bead, v string) { b.Metadata.AcceptanceCriteria = append(b.Metadata.AcceptanceCriteria, v) },
	"qa_role":     func(b *Bead, v string) { qa(b).Role = v },
	"qa_agent":    func(b *Bead, v string) { qa(b).Agent = v },
	"qa_path":     func(b *Bead, v string) { qa(b).AgentPath = v },
	"qa_model":    func(b *Bead, v string) { qa(b).Model = v },
	"qa_prompt":   func(b *Bead, v string) { qa(b).Prompt = v },
	"qa_schema":   func(b *Bead, v string) { qa(b).OutputSchema = json.RawMessage(v) },
	"scrum":       func(b *Bead, v string) { b.Metadata.ScrumResult = json.RawMessage(v) },
}

// qa returns the bead's first QA agent, adding a valid one when it has none.
func qa(b *Bead) *QAAgent {
	if len(b.Metadata.QAAgents) == 0 {
		b.Metadata.QAAgents = []QAAgent{{Role: "qa", Agent: ".claude/agents/q", AgentPath: ".claude/agents/q",
			Model: "m", Prompt: "p", OutputSchema: DefaultOutputSchema}}
	}
	return &b.Metadata.QAAgents[0]
}

// structural mutations: the shapes a plain string cannot reach.
var structural = map[string]func(b *Bead){
	"nil deps":           func(b *Bead) { b.Dependencies = nil },
	"dup dep":            func(b *Bead) { b.Dependencies = []string{"bd-a", "bd-a"} },
	"nil labels":         func(b *Bead) { b.Labels = nil },
	"dup label":          func(b *Bead) { b.Labels = []string{"x", "y", "x"} },
	"dup label many":     func(b *Bead) { b.Labels = strings.Fields("a b c d e f g h i j a") },
	"bad utf8 labels":    func(b *Bead) { b.Labels = []string{"\xff", "\xfe"} },
	"nil comments":       func(b *Bead) { b.Comments = nil },
	"a comment":          func(b *Bead) { b.Comments = []any{"hi"} },
	"priority -1":        func(b *Bead) { b.Priority = -1 },
	"priority 5":         func(b *Bead) { b.Priority = 5 },
	"closed, no time":    func(b *Bead) { b.Status, b.ClosedAt = "closed", nil },
	"merge, no branches": func(b *Bead) { b.IssueType, b.Metadata.BranchesToMerge = TypeMerge, nil },
	"merge, empty":       func(b *Bead) { b.IssueType, b.Metadata.BranchesToMerge = TypeMerge, []string{} },
	"work, branches":     func(b *Bead) { b.IssueType, b.Metadata.BranchesToMerge = TypeWork, []string{"a"} },
	"work, empty":        func(b *Bead) { b.IssueType, b.Metadata.BranchesToMerge = TypeWork, []string{} },
	"nil prompts":        func(b *Bead) { b.Metadata.DevPrompts = nil },
	"no prompts":         func(b *Bead) { b.Metadata.DevPrompts = []string{} },
	"nil qa":             func(b *Bead) { b.Metadata.QAAgents = nil },
	"empty qa":           func(b *Bead) { b.Metadata.QAAgents = []QAAgent{} },
	"nil qa schema":      func(b *Bead) { qa(b).OutputSchema = nil },
	"retry -1":           func(b *Bead) { b.Metadata.MaxRetryAttempts = -1 },
	"attempt -1":         func(b *Bead) { b.Metadata.AttemptCount = -1 },
	"nil dev execs":      func(b *Bead) { b.Metadata.DevAgentExecutions = nil },
	"a dev exec":         func(b *Bead) { b.Metadata.DevAgentExecutions = []json.RawMessage{json.RawMessage(`{}`)} },
	"nil qa execs":       func(b *Bead) { b.Metadata.QAAgentExecutions = nil },
	"a qa exec":          func(b *Bead) { b.Metadata.QAAgentExecutions = []json.RawMessage{json.RawMessage(`1`)} },
	"pr number":          func(b *Bead) { n := -3; b.Metadata.PRNumber = &n },
	"nil dev agents":     func(b *Bead) { b.Metadata.DevAgents = nil },
	"no dev agents":      func(b *Bead) { b.Metadata.DevAgents = []AgentSpec{} },
	"nil ac":             func(b *Bead) { b.Metadata.AcceptanceCriteria = nil },
}

// rawTexts are values for the json.RawMessage fields.
var rawTexts = []string{
	"", "null", "{}", "[]", "1", `"x"`, "{", `{"type":"object"}`, string(DefaultOutputSchema),
	`{"type":"object","properties":{"status":{},"message":{}},"required":["status"]}`,
	`{"type":"object","properties":{"status":{}},"required":["status"]}`,
	`{"type":"object","properties":{"status":{},"message":{}},"required":["message"]}`,
	`{"type":"array","properties":{"status":{},"message":{}},"required":["status"]}`,
	` { "type" : "object", "properties": {"status":1,"message":2}, "required": ["status"] } `,
}

// checkImplies asserts that a fast yes is never a library no, and returns
// the fast verdict.
func checkImplies(t *testing.T, c *fastChecker, b *Bead, what string) bool {
	t.Helper()
	fast := c.provablyValid(b)
	if fast && !libraryValid(t, b) {
		data, _ := json.Marshal(b)
		vs, _ := ValidateJSON(data)
		t.Fatalf("%s: fast check accepts a bead the schema rejects: %v", what, vs)
	}
	return fast
}

func copyBead(b Bead) Bead {
	data, err := json.Marshal(b)
	if err != nil {
		panic(err)
	}
	var out Bead
	if err := json.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	return out
}

// TestFastCheckNeverAcceptsInvalid mutates one work bead, one merge bead
// and one closed bead in every way above, and holds the fast path to the
// library's verdict. It also counts the mutations the fast path accepts,
// so a checker that says "not sure" to everything fails too.
func TestFastCheckNeverAcceptsInvalid(t *testing.T) {
	var bases []Bead
	kinds := map[string]bool{}
	for _, b := range goldenBeads(t) {
		k := b.IssueType + b.Status
		if !kinds[k] {
			kinds[k] = true
			bases = append(bases, b)
		}
	}
	require.GreaterOrEqual(t, len(bases), 3)
	var c fastChecker
	accepted, tried := 0, 0
	for _, base := range bases {
		for name, set := range fieldSetters {
			values := trickyStrings
			if name == "qa_schema" || name == "scrum" {
				values = rawTexts
			}
			for _, v := range values {
				b := copyBead(base)
				set(&b, v)
				tried++
				if checkImplies(t, &c, &b, base.ID+" "+name+"="+v) {
					accepted++
				}
			}
		}
		for name, mutate := range structural {
			b := copyBead(base)
			mutate(&b)
			tried++
			if checkImplies(t, &c, &b, base.ID+" "+name) {
				accepted++
			}
		}
	}
	// Not a bound to keep tuning: a floor that fails when the fast path
	// turns into "ask the library" for everything.
	t.Logf("fast path accepted %d of %d mutated beads", accepted, tried)
	require.Greater(t, accepted, 200)
}

// setterNames lists fieldSetters' keys in order, for fuzz targets to pick
// a field by number.
func setterNames() []string {
	names := make([]string, 0, len(fieldSetters))
	for name := range fieldSetters {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// FuzzFastCheck sets one field of a golden bead to a fuzzed string.
func FuzzFastCheck(f *testing.F) {
	names := setterNames()
	for i := range names {
		for _, v := range trickyStrings {
			f.Add(uint8(i), v)
		}
	}
	bases := goldenBeads(f)
	var c fastChecker
	f.Fuzz(func(t *testing.T, field uint8, v string) {
		name := names[int(field)%len(names)]
		for _, base := range bases[:min(len(bases), 3)] {
			b := copyBead(base)
			fieldSetters[name](&b, v)
			checkImplies(t, &c, &b, name+"="+v)
		}
	})
}

// FuzzFastPatterns holds each hand-written matcher to the regular
// expressions the schema itself states: equal verdicts, both ways.
func FuzzFastPatterns(f *testing.F) {
	var doc struct {
		Defs map[string]struct {
			Pattern   string `json:"pattern"`
			MaxLength int    `json:"maxLength"`
			Not       struct {
				Pattern string `json:"pattern"`
			} `json:"not"`
		} `json:"$defs"`
	}
	require.NoError(f, json.Unmarshal(SchemaJSON, &doc))
	var meta struct {
		Defs struct {
			Metadata struct {
				Properties map[string]struct{ Pattern string } `json:"properties"`
			} `json:"metadata"`
		} `json:"$defs"`
	}
	require.NoError(f, json.Unmarshal(SchemaJSON, &meta))
	re := func(p string) *regexp.Regexp { return regexp.MustCompile(p) }
	id, branch, agent := doc.Defs["beadID"], doc.Defs["branch"], doc.Defs["agentPath"]
	idRE, branchRE, branchNot, agentRE, agentNot := re(id.Pattern), re(branch.Pattern), re(branch.Not.Pattern), re(agent.Pattern), re(agent.Not.Pattern)
	phaseRE := re(meta.Defs.Metadata.Properties["phase"].Pattern)
	sprintRE := re(meta.Defs.Metadata.Properties["sprint"].Pattern)
	require.Equal(f, sprintRE.String(), meta.Defs.Metadata.Properties["plan_sprint_id"].Pattern)

	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		runes := len([]rune(s))
		require.Equal(t, idRE.MatchString(s) && runes <= id.MaxLength, isBeadID(s), "beadID %q", s)
		require.Equal(t, branchRE.MatchString(s) && !branchNot.MatchString(s), isBranch(s), "branch %q", s)
		require.Equal(t, agentRE.MatchString(s) && !agentNot.MatchString(s), isAgentPath(s), "agentPath %q", s)
		require.Equal(t, phaseRE.MatchString(s), isPhaseID(s), "phase %q", s)
		require.Equal(t, sprintRE.MatchString(s), isSprintID(s), "sprint %q", s)
	})
}
