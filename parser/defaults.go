package parser

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

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
}

// QAAgent is a default QA agent as written in YAML.
type QAAgent struct {
	Name   string `yaml:"name"`
	Model  string `yaml:"model"`
	Prompt string `yaml:"prompt"`
}

// Merge returns d with every field that over sets replaced by over's value.
func (d Defaults) Merge(over Defaults) Defaults {
	str := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	str(&d.Prefix, over.Prefix)
	str(&d.SourceBranch, over.SourceBranch)
	str(&d.Repo, over.Repo)
	str(&d.AgentsDir, over.AgentsDir)
	str(&d.DevAgent, over.DevAgent)
	str(&d.DevModel, over.DevModel)
	str(&d.MergeAgent, over.MergeAgent)
	str(&d.ScrumMaster, over.ScrumMaster)
	str(&d.Team, over.Team)
	str(&d.Created, over.Created)
	if over.QAAgents != nil {
		d.QAAgents = over.QAAgents
	}
	if over.Priority != nil {
		d.Priority = over.Priority
	}
	if over.MaxRetry != nil {
		d.MaxRetry = over.MaxRetry
	}
	if over.Labels != nil {
		d.Labels = over.Labels
	}
	return d
}

// ParseConfig reads settings written in YAML: a repository config file or a
// plan's front matter. base is the position of the YAML's first byte, used
// to place diagnostics.
func ParseConfig(file string, data []byte, base Pos) (Defaults, Diagnostics) {
	var d Defaults
	var diags Diagnostics
	if len(bytes.TrimSpace(data)) == 0 {
		return d, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		for _, msg := range yamlMessages(err) {
			line, text := msg.line, msg.text
			p := base
			if line > 0 {
				p = Pos{Line: base.Line + line - 1, Col: 1}
			}
			diags = append(diags, Diagnostic{File: file, Pos: p, Severity: Error, Msg: "settings: " + text})
		}
		return Defaults{}, diags
	}
	if d.Priority != nil && (*d.Priority < 0 || *d.Priority > 4) {
		diags = append(diags, Diagnostic{File: file, Pos: base, Severity: Error,
			Msg: fmt.Sprintf("settings: priority %d is out of range 0-4", *d.Priority)})
	}
	if d.MaxRetry != nil && *d.MaxRetry < 0 {
		diags = append(diags, Diagnostic{File: file, Pos: base, Severity: Error,
			Msg: fmt.Sprintf("settings: max_retry_attempts %d is negative", *d.MaxRetry)})
	}
	// Agent names become paths under the agents directory, and labels
	// bead labels: a bad one would make beads the schema refuses.
	agent := func(key, name string) {
		if name != "" && (!agentRE.MatchString(name) || strings.Contains(name, "..")) {
			diags = append(diags, Diagnostic{File: file, Pos: base, Severity: Error,
				Msg: fmt.Sprintf("settings: %s %q: want a file name like python-backend-dev", key, name)})
		}
	}
	agent("dev_agent", d.DevAgent)
	agent("merge_agent", d.MergeAgent)
	agent("scrum_master", d.ScrumMaster)
	for i, qa := range d.QAAgents {
		if qa.Name == "" {
			diags = append(diags, Diagnostic{File: file, Pos: base, Severity: Error,
				Msg: fmt.Sprintf("settings: qa_agents entry %d has no name", i+1)})
		}
		agent("qa_agents name", qa.Name)
	}
	for _, l := range d.Labels {
		if strings.TrimSpace(l) == "" {
			diags = append(diags, Diagnostic{File: file, Pos: base, Severity: Error, Msg: "settings: labels holds an empty label"})
			break
		}
	}
	return d, diags
}

type yamlMsg struct {
	line int
	text string
}

var yamlLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

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
