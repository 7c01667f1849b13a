package parser

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Defaults are plan-wide settings. The zero value of each field means "not
// set here"; Merge layers one set over another.
type Defaults struct {
	Prefix       string    `yaml:"prefix"`
	SourceBranch string    `yaml:"source_branch"`
	Repo         string    `yaml:"repo"`
	AgentsDir    string    `yaml:"agents_dir"`
	DevAgent     string    `yaml:"dev_agent"`
	DevModel     string    `yaml:"dev_model"`
	QAAgents     []QAAgent `yaml:"qa_agents"`
	MergeAgent   string    `yaml:"merge_agent"`
	ScrumMaster  string    `yaml:"scrum_master"`
	Team         string    `yaml:"team"`
	Priority     *int      `yaml:"priority"`
	MaxRetry     *int      `yaml:"max_retry_attempts"`
	Labels       []string  `yaml:"labels"`
	Created      string    `yaml:"created"`
	// Letters says what letters in ids mean (contract §2): "auto" (the
	// default: beads-ralph's lowercase letters are parallel tracks,
	// uppercase phase letters and a lone follow-up letter are in
	// sequence), "parallel" (every letter is a parallel track) or
	// "sequence" (every letter is a step after the one before).
	Letters string `yaml:"letters"`
	// Epics says whether each phase becomes an epic whose children are its
	// units: "phases", or "none" (the default).
	Epics string `yaml:"epics"`

	// Pins and proofs (contract §6). Lists add up across layers and to a
	// sprint's own.
	AllowedPaths   []string `yaml:"allowed_paths"`
	ForbiddenPaths []string `yaml:"forbidden_paths"`
	Files          []string `yaml:"files"`
	Tests          []string `yaml:"tests"`
	TimeoutMinutes *int     `yaml:"timeout"`
	Role           string   `yaml:"role"`

	// BranchTemplate names sprint branches (contract §4): {plan}, {id},
	// {slug} and {source} are filled in. BranchTemplateAt says where it
	// was set, for messages.
	BranchTemplate   string `yaml:"branch_template"`
	BranchTemplateAt Origin `yaml:"-"`

	// At says where each setting was set, by its name in the settings
	// table (Settings).
	At map[string]Origin `yaml:"-"`
}

// Origin is where a setting was written: a file and a position in it, or
// a flag's name in File and no position.
type Origin struct {
	File string
	Pos  Pos
}

// Letter readings, the values of the letters setting.
var LetterReadings = []string{"auto", "parallel", "sequence"}

// QAAgent is a default QA agent as written in YAML.
type QAAgent struct {
	Name   string `yaml:"name"`
	Model  string `yaml:"model"`
	Prompt string `yaml:"prompt"`
}

// Merge returns d with every setting that over sets layered over d's:
// over's value replaces d's, and lists of pins and proofs add up (each
// row of Settings says which).
func (d Defaults) Merge(over Defaults) Defaults {
	for i := range Settings {
		Settings[i].layer(&d, &over)
	}
	if over.BranchTemplate != "" {
		d.BranchTemplateAt = over.BranchTemplateAt
	}
	if len(over.At) > 0 {
		at := make(map[string]Origin, len(d.At)+len(over.At))
		for k, o := range d.At {
			at[k] = o
		}
		for k, o := range over.At {
			at[k] = o
		}
		d.At = at
	}
	return d
}

// addUnique returns list with the items of add it does not hold yet.
func addUnique(list, add []string) []string {
	if len(add) == 0 {
		return list
	}
	out := append([]string{}, list...)
	for _, a := range add {
		found := false
		for _, x := range out {
			found = found || x == a
		}
		if !found {
			out = append(out, a)
		}
	}
	return out
}

// ParseConfig reads settings written in YAML: a repository config file or a
// plan's front matter. base is the position of the YAML's first byte, used
// to place diagnostics. Values take the forms the plan's own fields take
// (priority: P0 or 0; labels: a list or "a, b"; created: a date as people
// write them). Keys that describe the document (title, author, date, ...)
// are not settings and are passed over; any other unknown key is a warning.
func ParseConfig(file string, data []byte, base Pos) (Defaults, Diagnostics) {
	d, diags, _ := parseConfig(file, data, base, false)
	return d, diags
}

// yamlParses reports whether data parses as YAML, as parseConfig reads it
// (values holding ": " unquoted taken as text).
func yamlParses(data []byte) bool {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) == nil {
		return true
	}
	fixed, lines := quoteColonValues(data)
	return len(lines) > 0 && yaml.Unmarshal(fixed, &doc) == nil
}

// parseConfig is ParseConfig; frontMatter says data is a plan's front
// matter. A front matter that holds as many keys of other tools as
// settings, or more (a knowledge base's slug beside role: milestones), is
// shared with them, and a value of it that is no setting's is a warning,
// the value ignored, not an error that refuses the plan; any other front
// matter keeps its errors, as a config file does. title is the value of a
// title key, "" when there is none.
func parseConfig(file string, data []byte, base Pos, frontMatter bool) (d Defaults, diags Diagnostics, title string) {
	c := &configReader{file: file, base: base}
	if len(bytes.TrimSpace(data)) == 0 {
		return Defaults{}, nil, ""
	}
	var doc yaml.Node
	err := yaml.Unmarshal(data, &doc)
	if err != nil {
		// "content: record `_saved: Config | None`": a value with ": "
		// in it, which YAML refuses unquoted and the tools that write
		// such front matter (Cursor's todos) mean as text.
		if fixed, lines := quoteColonValues(data); len(lines) > 0 && yaml.Unmarshal(fixed, &doc) == nil {
			err = nil
			verb := "holds"
			if len(lines) > 1 {
				verb = "hold"
			}
			c.warnf(Pos{Line: base.Line + lines[0] - 1, Col: 1}, "%s %s \": \" without quotes, which YAML refuses; read as text",
				linesPhrase("the value", "the values", offsetLines(lines, base.Line-1)), verb)
		}
	}
	if err != nil {
		if frontMatter && !namesSetting(data) {
			// A GSD plan's "- `materialize_source_dir()` no longer …": another
			// tool's front matter that YAML refuses, holding no setting of
			// the plan's; its errors cost the plan nothing it reads.
			c.shared = "the front matter names no setting of architect's, so the plan is read without it"
		}
		for _, msg := range yamlMessages(err) {
			p := base
			if msg.line > 0 {
				p = Pos{Line: base.Line + msg.line - 1, Col: 1}
			}
			c.errorf(p, "%s", msg.text)
		}
		return Defaults{}, c.diags, title
	}
	if len(doc.Content) == 0 {
		return Defaults{}, nil, ""
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		c.errorf(c.pos(root), "want keys and values (prefix: bd), not a %s", kindName(root))
		return Defaults{}, c.diags, title
	}
	if frontMatter {
		// Keys no reader of plans knows (a knowledge base's slug), as many
		// as the settings or more: the front matter is another tool's too.
		var others []string
		settings := 0
		for i := 0; i+1 < len(root.Content); i += 2 {
			key := strings.ToLower(strings.TrimSpace(root.Content[i].Value))
			switch {
			case settingByKey[key] != nil:
				settings++
			case !readingKeys[key] && !documentKeys[key]:
				others = append(others, root.Content[i].Value)
			}
		}
		if len(others) > 0 && len(others) >= settings {
			list := strings.Join(others[:min(len(others), 3)], ", ")
			if len(others) > 3 {
				list += fmt.Sprintf(" and %d more", len(others)-3)
			}
			c.shared = "the front matter is shared with other tools (" + list + ")"
		}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if strings.EqualFold(strings.TrimSpace(k.Value), "title") && v.Kind == yaml.ScalarNode {
			title = strings.TrimSpace(v.Value)
		}
		c.key(&d, k, v)
	}
	if c.diags.HasErrors() {
		return Defaults{}, c.diags, title
	}
	return d, c.diags, title
}

// plainColonRE is a key and an unquoted value with ": " inside it, the
// key perhaps opening an item of a list ("  - content: a: b").
var plainColonRE = lazyMustCompile(`^(\s*(?:- )?[A-Za-z_][\w-]*:[ \t]+)([^\s"'\[{|>&*!%@` + "`" + `][^\r\n]*?: [^\r\n]*?)(\r?)$`)

// quoteColonValues quotes the plain values that hold ": " (which YAML
// reads as a second mapping on one line, and refuses), line for line, and
// says which lines (from 1) it quoted.
func quoteColonValues(data []byte) ([]byte, []int) {
	lines := strings.SplitAfter(string(data), "\n")
	var at []int
	for i, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		m := plainColonRE.FindStringSubmatch(body)
		if m == nil || strings.Contains(m[2], " #") {
			continue
		}
		q := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(m[2])
		lines[i] = m[1] + `"` + q + `"` + m[3]
		if nl {
			lines[i] += "\n"
		}
		at = append(at, i+1)
	}
	return []byte(strings.Join(lines, "")), at
}

// offsetLines moves line numbers by off.
func offsetLines(lines []int, off int) []int {
	out := make([]int, len(lines))
	for i, l := range lines {
		out[i] = l + off
	}
	return out
}

// documentKeys describe the plan as a document; they are not settings.
var documentKeys = map[string]bool{
	"title": true, "author": true, "authors": true, "date": true, "description": true,
	"version": true, "status": true, "tags": true, "summary": true, "owner": true, "owners": true,
	"updated": true, "last_updated": true, "reviewers": true, "type": true, "draft": true,
	// A Cursor plan's (its todos are read by parser/cursor.go).
	"name": true, "overview": true, "todos": true, "isproject": true,
	// A GSD phase plan's.
	"phase": true, "plan": true, "wave": true, "depends_on": true, "files_modified": true, "autonomous": true, "must_haves": true, "requirements": true, "gap_closure": true, "user_setup": true,
}

// namesSetting reports YAML that YAML refuses with a top-level key that is
// a setting or declares a reading: keys a plan's reader must not lose.
func namesSetting(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		k, _, ok := strings.Cut(line, ":")
		if !ok || k == "" || k[0] == ' ' || k[0] == '\t' {
			continue
		}
		// "prefix : web", "\"prefix\": web": a key as YAML reads it.
		k = strings.ToLower(unquoteValue(strings.TrimSpace(k)))
		if strings.ContainsAny(k, " \t#-") {
			continue
		}
		if settingByKey[k] != nil || readingKeys[k] {
			return true
		}
	}
	return false
}

// readingKeys declare how to read the plan (parser/reading.go); "plans"
// holds them per plan in .architect.yaml. They are not settings.
var readingKeys = map[string]bool{"format": true, "units": true, "done": true, "plans": true}

type configReader struct {
	file  string
	base  Pos
	diags Diagnostics
	// shared, when set, says why a value that is no setting's is a
	// warning: the front matter holds other tools' keys too.
	shared string
}

func (c *configReader) pos(n *yaml.Node) Pos {
	return Pos{Line: c.base.Line + n.Line - 1, Col: n.Column}
}

func (c *configReader) errorf(p Pos, format string, args ...any) {
	if c.shared != "" {
		c.warnf(p, "%s; ignored: %s", fmt.Sprintf(format, args...), c.shared)
		return
	}
	c.diags = append(c.diags, Diagnostic{File: c.file, Pos: p, Severity: Error, Msg: "settings: " + fmt.Sprintf(format, args...)})
}

func (c *configReader) warnf(p Pos, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{File: c.file, Pos: p, Severity: Warning, Msg: "settings: " + fmt.Sprintf(format, args...)})
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "map"
	}
	return "single value"
}

// scalar returns a value that must be one string.
func (c *configReader) scalar(key string, v *yaml.Node) (string, bool) {
	if v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	if v.Kind != yaml.ScalarNode {
		c.errorf(c.pos(v), "%s: want a single value, not a %s", key, kindName(v))
		return "", false
	}
	return strings.TrimSpace(v.Value), true
}

// list returns a value that is a list, or one string of comma-separated
// items.
func (c *configReader) list(key string, v *yaml.Node) ([]string, bool) {
	if v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	switch v.Kind {
	case yaml.ScalarNode:
		return splitList(v.Value), true
	case yaml.SequenceNode:
		var out []string
		for _, it := range v.Content {
			s, ok := c.scalar(key, it)
			if !ok {
				return nil, false
			}
			if s == "" {
				c.errorf(c.pos(it), "%s holds an empty item", key)
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	c.errorf(c.pos(v), "%s: want a list or comma-separated values, not a %s", key, kindName(v))
	return nil, false
}

func (c *configReader) key(d *Defaults, k, v *yaml.Node) {
	key := strings.ToLower(strings.TrimSpace(k.Value))
	at := c.pos(k)
	s := settingByKey[key]
	if s == nil {
		if !documentKeys[key] && !readingKeys[key] {
			c.warnf(at, "unknown setting %q is ignored (settings: %s)", k.Value, settingKeys)
		}
		return
	}
	if prev, dup := d.At[s.Name]; dup && s.Combine != AddToList {
		c.warnf(at, "%s set twice: here, and already at %s; the last one counts", s.Name, prev)
	}
	var vals []string
	switch s.Kind {
	case Agents:
		c.qaAgents(d, v)
		d.mark(s.Name, Origin{File: c.file, Pos: at})
		return
	case List, Paths, Commands:
		l, ok := c.list(key, v)
		if !ok {
			return
		}
		for _, x := range l {
			if s.read == nil {
				vals = append(vals, x)
				continue
			}
			if _, err := s.read(x); err != nil {
				c.errorf(at, "%s: %v", key, err)
				return
			}
			vals = append(vals, x)
		}
		if vals == nil {
			vals = []string{}
		}
	default:
		x, ok := c.scalar(key, v)
		if !ok {
			return
		}
		if s.read != nil {
			n, err := s.read(x)
			if err != nil {
				if s.Name == "branch template" {
					c.errorf(at, "%s %s", key, s.Want)
				} else {
					c.errorf(at, "%s %q: %s", key, x, s.Want)
				}
				return
			}
			x = n
		}
		vals = []string{x}
	}
	s.put(d, vals)
	d.mark(s.Name, Origin{File: c.file, Pos: at})
	if s.Name == "branch template" {
		d.BranchTemplateAt = Origin{File: c.file, Pos: c.pos(v)}
	}
}

// qaAgents reads the default QA agents: a list of "`name` (model) -
// prompt" strings, or of maps with name, model and prompt.
func (c *configReader) qaAgents(d *Defaults, v *yaml.Node) {
	if v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	if v.Kind != yaml.SequenceNode {
		c.errorf(c.pos(v), "qa_agents: want a list of agents, not a %s", kindName(v))
		return
	}
	out := []QAAgent{}
	for i, it := range v.Content {
		at := c.pos(it)
		if it.Kind == yaml.AliasNode && it.Alias != nil {
			it = it.Alias
		}
		var qa QAAgent
		switch it.Kind {
		case yaml.ScalarNode:
			m := agentEntry.FindStringSubmatch(strings.TrimSpace(it.Value))
			if m == nil {
				c.errorf(at, "qa_agents entry %d %q: want `name` (model) - prompt", i+1, it.Value)
				return
			}
			qa = QAAgent{Name: m[1] + m[2], Model: strings.TrimSpace(m[3]), Prompt: strings.TrimSpace(m[4])}
		case yaml.MappingNode:
			for j := 0; j+1 < len(it.Content); j += 2 {
				k, val := strings.ToLower(it.Content[j].Value), it.Content[j+1]
				s, ok := c.scalar("qa_agents "+k, val)
				if !ok {
					return
				}
				switch k {
				case "name", "agent":
					qa.Name = s
				case "model":
					qa.Model = s
				case "prompt":
					qa.Prompt = s
				default:
					c.errorf(c.pos(it.Content[j]), "qa_agents entry %d: unknown key %q (want name, model, prompt)", i+1, k)
					return
				}
			}
		default:
			c.errorf(at, "qa_agents entry %d: want `name` (model) - prompt, or name/model/prompt keys", i+1)
			return
		}
		qa.Name = strings.TrimSuffix(qa.Name, ".md")
		if qa.Name == "" {
			c.errorf(at, "qa_agents entry %d has no name", i+1)
			return
		}
		if !agentRE.MatchString(qa.Name) || strings.Contains(qa.Name, "..") {
			c.errorf(at, "qa_agents name %q: want a file name like python-backend-dev", qa.Name)
			return
		}
		if qa.Model != "" {
			m, ok := readModel(qa.Model)
			if !ok {
				c.errorf(at, "qa_agents entry %d: model %q: beads-ralph runs sonnet, opus or haiku", i+1, qa.Model)
				return
			}
			qa.Model = m
		}
		out = append(out, qa)
	}
	d.QAAgents = out
}

// dateLayouts are the ways people write a plan's date.
var dateLayouts = []string{
	"2006-01-02", time.RFC3339, "2006-01-02 15:04", "2006-01-02 15:04:05", "2006-01-02 15:04 MST", "2006-01-02 15:04:05 MST", "2006/01/02",
	"January 2, 2006", "January 2 2006", "Jan 2, 2006", "Jan 2 2006", "2 January 2006",
	"2 Jan 2006", "January 2nd, 2006", "Monday, January 2, 2006",
}

// readDate reads a date as people write it and returns it as YYYY-MM-DD,
// or as RFC 3339 when it has a time of day.
func readDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	// "March 3rd, 2025": drop the ordinal suffix.
	s = ordinalRE.ReplaceAllString(s, "$1")
	for _, l := range dateLayouts {
		t, err := time.Parse(l, s)
		if err != nil {
			continue
		}
		if l == time.RFC3339 {
			return t.UTC().Format(time.RFC3339), true
		}
		if t.Hour() != 0 || t.Minute() != 0 || t.Second() != 0 {
			return t.Format(time.RFC3339), true
		}
		return t.Format("2006-01-02"), true
	}
	return "", false
}

var ordinalRE = lazyMustCompile(`\b(\d{1,2})(?:st|nd|rd|th)\b`)

type yamlMsg struct {
	line int
	text string
}

var yamlLineRE = lazyMustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// yamlMessages splits a yaml.v3 error into its messages and their lines.
func yamlMessages(err error) []yamlMsg {
	var te *yaml.TypeError
	var texts []string
	if errors.As(err, &te) {
		texts = te.Errors
	} else {
		texts = []string{err.Error()}
	}
	out := make([]yamlMsg, 0, len(texts))
	for _, t := range texts {
		if m := yamlLineRE.FindStringSubmatch(t); m != nil {
			n, _ := strconv.Atoi(m[1])
			out = append(out, yamlMsg{line: n, text: m[2]})
			continue
		}
		out = append(out, yamlMsg{text: t})
	}
	return out
}
