package pipeline

import (
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
)

// ConfigFile is the repository's settings file, at its root.
const ConfigFile = ".architect.yaml"

// RalphConfigFile is beads-ralph's own configuration, at the repository
// root; architect reads its repo_name and source_branch.
const RalphConfigFile = "beads-ralph.yaml"

// Settings are the merged settings a plan is compiled with.
type Settings struct {
	Merged parser.Defaults
	// SourceBranchFrom says which layer gave Merged.SourceBranch, for
	// messages: "beads-ralph.yaml", ".architect.yaml", "the plan",
	// "--source-branch", "git's current branch" or "the built-in default".
	SourceBranchFrom string
}

// resolve merges the plan's settings. This is the one place the layers are
// stacked; how one layer meets another is the settings table's
// (parser.Settings, applied by parser.Defaults.Merge: a value replaces the
// weaker one, lists of pins and proofs add up). Merged.At says where each
// setting a file or flag set came from. Layers, weakest first:
//
//  1. the built-ins (emit.Builtin);
//  2. beads-ralph.yaml: its repo_name (as repo) and source_branch;
//  3. .architect.yaml;
//  4. the plan: its front matter and preamble (plan.Defaults, as the
//     parser merged them);
//  5. the flags: --prefix, --source-branch, --branch-template.
//
// When no layer sets a source branch it is git's current branch (branch),
// else main. The config files' problems are returned as diagnostics, ralph
// before config; a file that does not parse adds nothing.
func resolve(config, ralph *File, plan parser.Defaults, f Flags, branch string) (Settings, parser.Diagnostics) {
	s := Settings{Merged: emit.Builtin()}
	var diags parser.Diagnostics
	layer := func(d parser.Defaults, from string) {
		if d.SourceBranch != "" {
			s.SourceBranchFrom = from
		}
		s.Merged = s.Merged.Merge(d)
	}
	if ralph != nil {
		d, ds := parseRalphConfig(ralph.Path, ralph.Data)
		diags = append(diags, ds...)
		layer(d, RalphConfigFile)
	}
	if config != nil {
		d, ds := parser.ParseConfig(config.Path, config.Data, parser.Pos{Line: 1, Col: 1})
		diags = append(diags, ds...)
		layer(d, ConfigFile)
	}
	layer(plan, "the plan")
	flags := parser.Defaults{Prefix: f.Prefix, SourceBranch: f.SourceBranch, BranchTemplate: f.BranchTemplate, At: map[string]parser.Origin{}}
	for name, v := range map[string]string{"prefix": f.Prefix, "source branch": f.SourceBranch, "branch template": f.BranchTemplate} {
		if v != "" {
			flags.At[name] = parser.Origin{File: "--" + strings.ReplaceAll(name, " ", "-")}
		}
	}
	if f.BranchTemplate != "" {
		flags.BranchTemplateAt = flags.At["branch template"]
	}
	layer(flags, "--source-branch")
	switch {
	case s.Merged.SourceBranch != "":
	case branch != "":
		s.Merged.SourceBranch, s.SourceBranchFrom = branch, "git's current branch"
	default:
		s.Merged.SourceBranch, s.SourceBranchFrom = "main", "the built-in default"
	}
	// Merged.At says where each setting the files and flags set came
	// from (parser.Defaults.At); a built-in or git's branch has no entry.
	return s, diags
}

// ralphConfig is what architect reads of beads-ralph.yaml; its other keys
// are beads-ralph's business.
type ralphConfig struct {
	RepoName     string `yaml:"repo_name"`
	SourceBranch string `yaml:"source_branch"`
}

// parseRalphConfig reads beads-ralph.yaml as settings: repo_name as repo,
// and source_branch, each with its position. YAML that does not parse is one
// error at its line.
func parseRalphConfig(path string, data []byte) (parser.Defaults, parser.Diagnostics) {
	var doc yaml.Node
	var cfg ralphConfig
	err := yaml.Unmarshal(data, &doc)
	if err == nil && len(doc.Content) > 0 {
		err = doc.Content[0].Decode(&cfg)
	}
	if err != nil {
		pos := parser.Pos{Line: 1, Col: 1}
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			pos.Line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return parser.Defaults{}, parser.Diagnostics{{File: path, Pos: pos, Severity: parser.Error, Msg: "beads-ralph settings: " + strings.TrimPrefix(msg, "yaml: ")}}
	}
	d := parser.Defaults{Repo: strings.TrimSpace(cfg.RepoName), SourceBranch: strings.TrimSpace(cfg.SourceBranch)}
	if len(doc.Content) == 0 {
		return d, nil
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		name := parser.RalphSetting(k.Value)
		if name == "" || strings.TrimSpace(root.Content[i+1].Value) == "" {
			continue
		}
		if d.At == nil {
			d.At = map[string]parser.Origin{}
		}
		d.At[name] = parser.Origin{File: path, Pos: parser.Pos{Line: k.Line, Col: k.Column}}
	}
	return d, nil
}

var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)
