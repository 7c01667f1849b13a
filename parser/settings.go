package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Source is a place a setting may be written; a Setting's Where is a set
// of them.
type Source uint8

// The places a setting may be written, weakest first.
const (
	FromRalph       Source = 1 << iota // beads-ralph.yaml
	FromConfig                         // .architect.yaml
	FromFrontMatter                    // the plan's YAML front matter
	FromPreamble                       // **Label**: value lines before the first phase
	FromSprint                         // a sprint's own field
	FromFlag                           // a command-line flag
)

// Combine says how a sprint's value meets the plan's.
type Combine uint8

const (
	// Replace: the sprint's value, when it has one, is used instead.
	Replace Combine = iota
	// AddToList: the sprint's items are added to the plan's.
	AddToList
)

// Kind says how a setting's value is written.
type Kind uint8

const (
	// Word is one word: in Markdown the first code span, else the first
	// word of the value.
	Word Kind = iota
	// Text is the whole value (in Markdown the first code span, else the
	// whole line's text).
	Text
	// Value is one value a reader checks and normalises.
	Value
	// List is a list of words: a YAML list or "a, b".
	List
	// Paths is a list of repository paths or patterns; in Markdown code
	// spans hold a path whole.
	Paths
	// Commands is a list of shell commands; in Markdown each code span
	// is one.
	Commands
	// Agents is a list of QA agents (YAML only).
	Agents
)

// Setting is one row of the settings table.
type Setting struct {
	// Name is the setting's name in messages ("source branch"), and the
	// key of Defaults.At.
	Name string
	// Keys are its YAML keys, the first the one documented.
	Keys []string
	// RalphKey is its key in beads-ralph.yaml, when architect reads it
	// there (Where holds FromRalph).
	RalphKey string
	// Labels are its Markdown labels, lower case, the first the one
	// documented.
	Labels []string
	// Where it may be written.
	Where Source
	Kind  Kind
	// Combine says how a sprint's value meets the plan's.
	Combine Combine
	// Want says what a valid value looks like, for messages.
	Want string
	// read checks and normalises one value (Value kind) or one item
	// (list kinds); nil takes any value. A refused value is reported
	// with Want; an item check may return its own message.
	read func(string) (string, error)
	// field is the setting's field in Defaults: a *string, **int,
	// *[]string or *[]QAAgent. Storing a read value and layering one
	// Defaults over another follow from its type.
	field func(d *Defaults) any
	// layersAdd: a list that adds up across layers (config, front matter,
	// preamble) instead of the stronger layer's list replacing it.
	layersAdd bool
	// prose: in the preamble a value that does not read is prose (a
	// warning), not an error.
	prose bool
}

// errWant asks the caller to report the Setting's Want.
var errWant = fmt.Errorf("want")

func check(ok bool) error {
	if ok {
		return nil
	}
	return errWant
}

// atoi reads a number put has already had checked.
func atoi(s string) *int {
	n, _ := strconv.Atoi(s)
	return &n
}

// put stores a read value (one item for single values) in d; list items
// add to what d holds.
func (s *Setting) put(d *Defaults, v []string) {
	switch p := s.field(d).(type) {
	case *string:
		*p = v[0]
	case **int:
		*p = atoi(v[0])
	case *[]string:
		if *p == nil && v != nil {
			// An empty list written out ("labels: []") is set, and
			// replaces a weaker layer's list.
			*p = []string{}
		}
		*p = append(*p, v...)
	}
}

// layer sets in d what over sets: a stronger layer's value replaces a
// weaker one's; lists that add across layers add their new items.
func (s *Setting) layer(d, over *Defaults) {
	switch p := s.field(d).(type) {
	case *string:
		if v := *s.field(over).(*string); v != "" {
			*p = v
		}
	case **int:
		if v := *s.field(over).(**int); v != nil {
			*p = v
		}
	case *[]string:
		v := *s.field(over).(*[]string)
		if s.layersAdd {
			*p = addUnique(*p, v)
		} else if v != nil {
			*p = v
		}
	case *[]QAAgent:
		if v := *s.field(over).(*[]QAAgent); v != nil {
			*p = v
		}
	}
}

func oneOf(list []string) func(string) (string, error) {
	return func(s string) (string, error) {
		s = strings.ToLower(s)
		for _, x := range list {
			if s == x {
				return s, nil
			}
		}
		return "", errWant
	}
}

func agentName(s string) (string, error) {
	s = strings.TrimSuffix(s, ".md")
	return s, check(s == "" || agentRE.MatchString(s) && !strings.Contains(s, ".."))
}

const yamlWhere = FromConfig | FromFrontMatter

// Settings is the table of plan-wide settings: every reader of YAML
// settings and of the preamble goes through it, and Defaults.Merge layers
// by it. Adding a setting is one row here and a field in Defaults. (A sprint's own fields, which hold
// more than settings, are read by sectionReader.set.)
var Settings = []Setting{
	{Name: "prefix", Keys: []string{"prefix"}, Where: yamlWhere | FromFlag, Kind: Text,
		field: func(d *Defaults) any { return &d.Prefix }},
	{Name: "source branch", Keys: []string{"source_branch", "source branch", "integration_branch"}, RalphKey: "source_branch",
		Labels: []string{"source branch", "integration branch"},
		Where:  FromRalph | yamlWhere | FromPreamble | FromSprint | FromFlag, Kind: Word,
		field: func(d *Defaults) any { return &d.SourceBranch }},
	{Name: "repo", Keys: []string{"repo", "repo_name"}, RalphKey: "repo_name", Where: FromRalph | yamlWhere, Kind: Text,
		field: func(d *Defaults) any { return &d.Repo }},
	{Name: "agents dir", Keys: []string{"agents_dir"}, Where: yamlWhere, Kind: Text,
		field: func(d *Defaults) any { return &d.AgentsDir }},
	{Name: "dev agent", Keys: []string{"dev_agent"}, Where: yamlWhere, Kind: Value,
		Want: "want a file name like python-backend-dev", read: agentName,
		field: func(d *Defaults) any { return &d.DevAgent }},
	{Name: "dev model", Keys: []string{"dev_model"}, Where: yamlWhere, Kind: Value,
		Want:  "beads-ralph runs sonnet, opus or haiku",
		read:  func(s string) (string, error) { m, ok := readModel(s); return m, check(ok) },
		field: func(d *Defaults) any { return &d.DevModel }},
	{Name: "qa agents", Keys: []string{"qa_agents"}, Where: yamlWhere, Kind: Agents,
		field: func(d *Defaults) any { return &d.QAAgents }},
	{Name: "merge agent", Keys: []string{"merge_agent"}, Where: yamlWhere, Kind: Value,
		Want: "want a file name like python-backend-dev", read: agentName,
		field: func(d *Defaults) any { return &d.MergeAgent }},
	{Name: "scrum master", Keys: []string{"scrum_master"}, Where: yamlWhere, Kind: Value,
		Want: "want a file name like python-backend-dev", read: agentName,
		field: func(d *Defaults) any { return &d.ScrumMaster }},
	{Name: "team", Keys: []string{"team"}, Labels: []string{"team"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Text,
		field: func(d *Defaults) any { return &d.Team }},
	{Name: "priority", Keys: []string{"priority"}, Labels: []string{"priority"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Value, Want: "want P0-P4 or 0-4", prose: true,
		read:  func(s string) (string, error) { p, ok := normalPriority(s); return p, check(ok) },
		field: func(d *Defaults) any { return &d.Priority }},
	{Name: "max retry attempts", Keys: []string{"max_retry_attempts"}, Where: yamlWhere, Kind: Value,
		Want:  "beads-ralph needs a whole number, 1 or more",
		read:  func(s string) (string, error) { n, err := strconv.Atoi(s); return s, check(err == nil && n >= 1) },
		field: func(d *Defaults) any { return &d.MaxRetry }},
	{Name: "labels", Keys: []string{"labels"}, Labels: []string{"labels", "label"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: List, Combine: AddToList,
		field: func(d *Defaults) any { return &d.Labels }},
	{Name: "created", Keys: []string{"created"}, Labels: []string{"created"},
		Where: yamlWhere | FromPreamble, Kind: Value, Want: "want a date like 2026-03-03 or March 3, 2026", prose: true,
		read:  func(s string) (string, error) { day, ok := readDate(s); return day, check(ok) },
		field: func(d *Defaults) any { return &d.Created }},
	{Name: "letters", Keys: []string{"letters"}, Labels: []string{"letters"},
		Where: yamlWhere | FromPreamble, Kind: Value, Want: "want one of " + strings.Join(LetterReadings, ", "),
		read: oneOf(LetterReadings), field: func(d *Defaults) any { return &d.Letters }},
	{Name: "epics", Keys: []string{"epics"}, Labels: []string{"epics"},
		Where: yamlWhere | FromPreamble | FromFlag, Kind: Value, Want: "want phases or none",
		read: oneOf([]string{"phases", "none"}), field: func(d *Defaults) any { return &d.Epics }},
	{Name: "allowed paths", Keys: []string{"allowed_paths"}, Labels: []string{"allowed paths", "allowed path"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Paths, Combine: AddToList,
		read:      func(s string) (string, error) { return s, CheckPattern(s) },
		layersAdd: true,
		field:     func(d *Defaults) any { return &d.AllowedPaths }},
	{Name: "forbidden paths", Keys: []string{"forbidden_paths"}, Labels: []string{"forbidden paths", "forbidden path"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Paths, Combine: AddToList,
		read:      func(s string) (string, error) { return s, CheckPattern(s) },
		layersAdd: true,
		field:     func(d *Defaults) any { return &d.ForbiddenPaths }},
	{Name: "files", Keys: []string{"files"}, Labels: []string{"files", "target files", "file scope"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Paths, Combine: AddToList,
		read:      func(s string) (string, error) { return s, CheckFile(s) },
		layersAdd: true,
		field:     func(d *Defaults) any { return &d.Files }},
	{Name: "tests", Keys: []string{"tests"}, Labels: []string{"tests", "test commands"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Commands, Combine: AddToList,
		layersAdd: true,
		field:     func(d *Defaults) any { return &d.Tests }},
	{Name: "timeout", Keys: []string{"timeout"}, Labels: []string{"timeout", "time budget"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Value, Want: "want minutes like 45m, 2h or 90", prose: true,
		read:  func(s string) (string, error) { n, ok := readTimeout(s); return strconv.Itoa(n), check(ok) },
		field: func(d *Defaults) any { return &d.TimeoutMinutes }},
	{Name: "role", Keys: []string{"role"}, Labels: []string{"role"},
		Where: yamlWhere | FromPreamble | FromSprint, Kind: Value, Want: "want one of " + strings.Join(Roles, ", "), prose: true,
		read: oneOf(Roles), field: func(d *Defaults) any { return &d.Role }},
	{Name: "branch template", Keys: []string{"branch_template", "branch template"}, Where: yamlWhere | FromFlag, Kind: Text,
		Want:  "is empty: want a template like beads/{plan}/{id}-{slug}",
		read:  func(s string) (string, error) { return s, check(s != "") },
		field: func(d *Defaults) any { return &d.BranchTemplate }},
}

var settingByKey, settingByLabel = func() (map[string]*Setting, map[string]*Setting) {
	keys, labels := map[string]*Setting{}, map[string]*Setting{}
	for i := range Settings {
		s := &Settings[i]
		for _, k := range s.Keys {
			keys[k] = s
		}
		if s.Where&FromPreamble != 0 {
			for _, l := range s.Labels {
				labels[l] = s
			}
		}
	}
	return keys, labels
}()

// RalphSetting returns the name of the setting key names in
// beads-ralph.yaml, or "" when architect does not read that key there.
func RalphSetting(key string) string {
	for _, s := range Settings {
		if s.RalphKey == key && key != "" {
			return s.Name
		}
	}
	return ""
}

// settingKeys lists the YAML settings, for messages.
var settingKeys = func() string {
	var keys []string
	for _, s := range Settings {
		if s.Where&yamlWhere != 0 {
			keys = append(keys, s.Keys[0])
		}
	}
	return strings.Join(keys, ", ")
}()

// mark records where setting name was set.
func (d *Defaults) mark(name string, at Origin) {
	if d.At == nil {
		d.At = map[string]Origin{}
	}
	d.At[name] = at
}

// String writes an origin as messages do: file:line:col, or the flag.
func (o Origin) String() string {
	if o.Pos.Line == 0 {
		return o.File
	}
	return fmt.Sprintf("%s:%d:%d", o.File, o.Pos.Line, o.Pos.Col)
}

// readPreamble reads the settings written as **Label**: value lines before
// the first phase, through the settings table. A setting written twice is
// a warning pointing at the first (the last counts), except lists, which
// add up as they do in a sprint; a setting the front matter also sets is a
// warning naming both (the preamble's counts).
func (b *builder) readPreamble() Defaults {
	var pre Defaults
	for _, n := range b.preamble {
		par, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		for _, line := range paragraphLines(par, b.src) {
			f, ok := b.lineField(line)
			if !ok {
				continue
			}
			s := settingByLabel[f.label]
			if s == nil {
				if hint, ok := sprintOnly[sprintLabels[f.label]]; ok {
					b.p.warnf(f.pos, "%q before the first phase is not read: it is a sprint's field; %s", b.fieldLine(f), hint)
				}
				continue
			}
			vals, ok := b.preambleValue(s, f)
			if !ok {
				continue
			}
			at := Origin{File: b.p.File, Pos: f.pos}
			if prev, dup := pre.At[s.Name]; dup && s.Combine != AddToList {
				b.p.warnf(f.pos, "%s set twice: here, and already at %s; the last one counts", s.Name, prev)
			} else if fm, set := b.p.Defaults.At[s.Name]; set && !dup && s.Combine != AddToList {
				b.p.warnf(f.pos, "%s set twice: here, and already in the front matter at %s; the preamble's counts", s.Name, fm)
			}
			if s.Combine != AddToList {
				// The last one counts, as Merge would have it.
				var fresh Defaults
				s.put(&fresh, vals)
				pre = pre.Merge(fresh)
			} else {
				s.put(&pre, vals)
			}
			pre.mark(s.Name, at)
		}
	}
	return pre
}

// sprintOnly are sprint fields that look like plan settings when written
// in the preamble, with what to write instead.
var sprintOnly = map[string]string{
	"dev agents": "for every sprint, set dev_agent and dev_model in the front matter or .architect.yaml",
	"qa agents":  "for every sprint, set qa_agents in the front matter or .architect.yaml",
	"branch":     "the plan's source branch is **Integration Branch**:, sprint branches are named by branch_template",
	"worktree":   "worktrees are named by branch_template",
}

// preambleValue reads the value of a preamble field for setting s, the
// same way a sprint's field of that name is read, reporting a bad one at
// its position.
func (b *builder) preambleValue(s *Setting, f field) ([]string, bool) {
	switch s.Kind {
	case Word, Text:
		v := f.code
		if v == "" {
			v = f.value
			if ws := strings.Fields(v); s.Kind == Word && len(ws) > 0 {
				v = ws[0]
			}
		}
		if v == "" {
			b.p.errorf(f.pos, "%s of the plan is empty", strings.ToUpper(f.label[:1])+f.label[1:])
			return nil, false
		}
		return []string{v}, true
	case List:
		return splitList(f.value), true
	case Paths:
		var vals []string
		for _, p := range b.pinValues(f, nil) {
			if _, err := s.read(p.Value); err != nil {
				b.p.errorf(p.Pos, "plan %s: %v", f.label, err)
				continue
			}
			vals = append(vals, p.Value)
		}
		return vals, true
	case Commands:
		var vals []string
		for _, c := range b.commands(f, nil) {
			vals = append(vals, c.Value)
		}
		return vals, true
	}
	v, err := s.read(strings.Trim(f.value, "`*_ "))
	switch {
	case err == nil:
		return []string{v}, true
	case s.prose:
		// "**Priority:** Bugs → Stability → Core" is prose.
		b.p.warnf(f.pos, "%q is read as prose, not as the plan's %s (%s)", b.fieldLine(f), s.Name, strings.TrimPrefix(s.Want, "want "))
	default:
		b.p.errorf(f.pos, "%s %q: %s", strings.ToUpper(f.label[:1])+f.label[1:], f.value, s.Want)
	}
	return nil, false
}

// fieldLine returns a field's line as written, for messages.
func (b *builder) fieldLine(f field) string {
	if f.start < 0 || f.end > len(b.src) || f.end < f.start {
		return "**" + f.label + "**: " + f.value
	}
	return strings.TrimSpace(string(b.src[f.start:f.end]))
}
