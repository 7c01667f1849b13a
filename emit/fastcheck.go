package emit

import (
	"encoding/json"
	"sync"
	"time"
	"unicode/utf8"
)

// The JSON Schema library is the authority on bead.schema.json, and it is
// slow: about 60 µs of CPU a bead, nearly all of it building and walking
// the decoded value. Most beads a compile produces are plainly valid, so
// Validate first asks provablyValid, a direct Go reading of the same
// schema, whether the bead certainly passes. It answers only yes or "not
// sure": anything it does not recognise (an unusual timestamp, runtime
// fields carried over from bd, an output schema it has not seen) goes to
// the library, which then gives the verdict and the messages. So a fast
// yes must imply the library's yes; the tests hold it to that with
// mutated beads, a fuzz target, and a digest of the schema that fails
// when the schema changes without this file.

// provablyValid reports whether b certainly passes the bead schema. False
// means "ask the library", not "invalid".
func (c *fastChecker) provablyValid(b *Bead) bool {
	m := &b.Metadata
	switch {
	case !isBeadID(b.ID),
		b.Title == "",
		!oneOf(b.Status, "open", "in_progress", "blocked", "closed"),
		b.Priority < 0 || b.Priority > 4,
		!oneOf(b.IssueType, TypeWork, TypeMerge),
		b.Dependencies == nil,
		b.Labels == nil,
		len(b.Comments) != 0 || b.Comments == nil,
		!isTimestamp(b.CreatedAt),
		!isTimestamp(b.UpdatedAt),
		b.ClosedAt != nil && !isTimestamp(*b.ClosedAt),
		b.Status == "closed" && b.ClosedAt == nil:
		return false
	}
	for _, d := range b.Dependencies {
		if !isBeadID(d) {
			return false
		}
	}
	if !allDistinct(b.Dependencies) {
		return false
	}
	for _, l := range b.Labels {
		if l == "" || !utf8.ValidString(l) {
			return false
		}
	}
	if !allDistinct(b.Labels) {
		return false
	}

	switch {
	case m.Rig == "",
		m.WorktreePath == "" || m.WorktreePath[0] != '/',
		!isBranch(m.Branch),
		!isBranch(m.SourceBranch),
		!isPhaseID(m.Phase),
		!isSprintID(m.Sprint),
		m.PlanFile == "",
		m.PlanSection == "",
		!isSprintID(m.PlanSprintID),
		!isAgentPath(m.DevAgentPath),
		m.DevModel == "",
		len(m.DevPrompts) == 0,
		m.QAAgents == nil,
		m.MaxRetryAttempts < 0,
		m.AttemptCount < 0,
		len(m.DevAgentExecutions) != 0 || m.DevAgentExecutions == nil,
		len(m.QAAgentExecutions) != 0 || m.QAAgentExecutions == nil,
		m.ScrumResult != nil && string(m.ScrumResult) != "null",
		m.TeamName == "",
		!isAgentSpec(m.ScrumMasterAgent),
		len(m.DevAgents) == 0,
		m.AcceptanceCriteria == nil:
		return false
	}
	// branches_to_merge: a non-empty list of branches on a merge bead, null
	// on any other.
	if b.IssueType == TypeMerge {
		if len(m.BranchesToMerge) == 0 {
			return false
		}
		for _, br := range m.BranchesToMerge {
			if !isBranch(br) {
				return false
			}
		}
	} else if m.BranchesToMerge != nil {
		return false
	}
	for _, p := range m.DevPrompts {
		if p == "" {
			return false
		}
	}
	for _, a := range m.DevAgents {
		if !isAgentSpec(a) {
			return false
		}
	}
	for i := range m.QAAgents {
		q := &m.QAAgents[i]
		if q.Role == "" || !isAgentPath(q.Agent) || !isAgentPath(q.AgentPath) ||
			q.Model == "" || q.Prompt == "" || !c.knownOutputSchema(q.OutputSchema) {
			return false
		}
	}
	return true
}

// fastChecker remembers which QA output schemas the library has accepted:
// every QA agent of a plan usually carries the same one.
type fastChecker struct {
	mu   sync.Mutex
	good map[string]bool
}

// knownOutputSchema reports whether raw, as a QA agent's output_schema,
// passes the schema's qaAgent output_schema rule, asking the library once
// per distinct text.
func (c *fastChecker) knownOutputSchema(raw json.RawMessage) bool {
	if raw == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	ok, seen := c.good[string(raw)]
	if seen {
		return ok
	}
	ok = outputSchemaValid(raw)
	if c.good == nil {
		c.good = map[string]bool{}
	}
	c.good[string(raw)] = ok
	return ok
}

func isAgentSpec(a AgentSpec) bool {
	return a.Role != "" && isAgentPath(a.Agent) && a.Model != ""
}

func oneOf(s string, set ...string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}

// allDistinct reports whether no string repeats.
func allDistinct(ss []string) bool {
	switch len(ss) {
	case 0, 1:
		return true
	case 2:
		return ss[0] != ss[1]
	}
	if len(ss) <= 8 {
		for i := range ss {
			for j := i + 1; j < len(ss); j++ {
				if ss[i] == ss[j] {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]struct{}, len(ss))
	for _, s := range ss {
		if _, dup := seen[s]; dup {
			return false
		}
		seen[s] = struct{}{}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// isBeadID matches $defs/beadID:
// ^[A-Za-z0-9][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*-[A-Za-z0-9]+(\.[0-9]+)*$, at
// most 64 characters.
func isBeadID(s string) bool {
	if len(s) == 0 || len(s) > 64 || !isAlnum(s[0]) {
		return false
	}
	// Peel off the (\.[0-9]+)* tail.
	end := len(s)
	for {
		i := end
		for i > 0 && isDigit(s[i-1]) {
			i--
		}
		if i == end || i == 0 || s[i-1] != '.' {
			break
		}
		end = i - 1
	}
	body := s[:end]
	// The last dash-separated part is [A-Za-z0-9]+; every part before it
	// is [A-Za-z0-9_]+, the first starting with [A-Za-z0-9] (checked above).
	last := -1
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '-':
			if i == 0 || body[i-1] == '-' {
				return false
			}
			last = i
		case isAlnum(c) || c == '_':
		default:
			return false
		}
	}
	if last < 0 || last == len(body)-1 {
		return false
	}
	for i := last + 1; i < len(body); i++ {
		if !isAlnum(body[i]) {
			return false
		}
	}
	return true
}

// isBranch matches $defs/branch: ^[a-zA-Z0-9_][a-zA-Z0-9/_-]*$ and not
// //|/$.
func isBranch(s string) bool {
	if s == "" || !(isAlnum(s[0]) || s[0] == '_') || s[len(s)-1] == '/' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlnum(c), c == '_', c == '-':
		case c == '/':
			if s[i-1] == '/' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isAgentPath matches $defs/agentPath:
// ^\.claude/agents/[A-Za-z0-9][A-Za-z0-9._/-]*$ and not \.\.
func isAgentPath(s string) bool {
	const dir = ".claude/agents/"
	if len(s) <= len(dir) || s[:len(dir)] != dir || !isAlnum(s[len(dir)]) {
		return false
	}
	for i := len(dir) + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlnum(c), c == '_', c == '/', c == '-':
		case c == '.':
			if s[i-1] == '.' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// digitsThenLower consumes [0-9]+[a-z]* from the start of s and returns
// the rest, or ok false when s does not start with a digit.
func digitsThenLower(s string) (rest string, ok bool) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 {
		return s, false
	}
	for i < len(s) && isLower(s[i]) {
		i++
	}
	return s[i:], true
}

// isPhaseID matches ^[0-9]+[a-z]*$.
func isPhaseID(s string) bool {
	rest, ok := digitsThenLower(s)
	return ok && rest == ""
}

// isSprintID matches ^[0-9]+[a-z]*\.[0-9]+[a-z]*$.
func isSprintID(s string) bool {
	rest, ok := digitsThenLower(s)
	if !ok || rest == "" || rest[0] != '.' {
		return false
	}
	rest, ok = digitsThenLower(rest[1:])
	return ok && rest == ""
}

// isTimestamp accepts the one date-time shape architect writes,
// 2006-01-02T15:04:05Z, with a real calendar date and no leap second: a
// strict subset of RFC 3339, which the schema's format asks for.
func isTimestamp(s string) bool {
	if len(s) != len("2006-01-02T15:04:05Z") {
		return false
	}
	for i := range len(s) {
		c := s[i]
		switch i {
		case 4, 7:
			if c != '-' {
				return false
			}
		case 10:
			if c != 'T' {
				return false
			}
		case 13, 16:
			if c != ':' {
				return false
			}
		case 19:
			if c != 'Z' {
				return false
			}
		default:
			if !isDigit(c) {
				return false
			}
		}
	}
	num := func(i int) int { return int(s[i]-'0')*10 + int(s[i+1]-'0') }
	year := num(0)*100 + num(2)
	month, day := num(5), num(8)
	if month < 1 || month > 12 || day < 1 || num(11) > 23 || num(14) > 59 || num(17) > 59 {
		return false
	}
	// The day after the last of the month normalises into the next month.
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Day() == day
}
