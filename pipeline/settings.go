package pipeline

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	// messages and the preview: one of the From* strings.
	SourceBranchFrom string
}

// SourceBranchStated reports whether a setting named the source branch: a
// config file, the plan or --source-branch, not the beads applied from the
// plan or the repository.
func (s Settings) SourceBranchStated() bool {
	switch s.SourceBranchFrom {
	case FromRalphConfig, FromConfig, FromPlan, FromFlag:
		return true
	}
	return false
}

// Where a source branch can come from, as messages and the preview name
// it: the settings' layers, then what the repository states.
const (
	FromRalphConfig  = RalphConfigFile
	FromConfig       = ConfigFile
	FromPlan         = "the plan"
	FromFlag         = "--source-branch"
	FromApplied      = "the beads applied from this plan"
	FromOriginHead   = "origin/HEAD"
	FromInitDefault  = "init.defaultBranch"
	FromMainBranch   = "the repository's main branch"
	FromMasterBranch = "the repository's master branch"
	FromBuiltin      = "the built-in default"
)

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
// When no layer sets a source branch, it is one that every clone and every
// branch of the repository agrees on, never the branch checked out: the one
// the beads already applied from this plan record (applied, one entry a
// bead, when the caller read a database and they all agree), else the
// repository's default branch (see defaultBranch), else main. The config
// files' problems are returned as diagnostics, ralph before config; a file
// that does not parse adds nothing; applied beads that disagree are a
// warning on file.
func resolve(config, ralph *File, plan parser.Defaults, f Flags, repo Repo, applied []string, file string) (Settings, parser.Diagnostics) {
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
		layer(d, FromRalphConfig)
	}
	if config != nil {
		d, ds := parser.ParseConfig(config.Path, config.Data, parser.Pos{Line: 1, Col: 1})
		diags = append(diags, ds...)
		layer(d, FromConfig)
	}
	layer(plan, FromPlan)
	flags := parser.Defaults{Prefix: f.Prefix, SourceBranch: f.SourceBranch, BranchTemplate: f.BranchTemplate, Epics: f.Epics, At: map[string]parser.Origin{}}
	for name, v := range map[string]string{"prefix": f.Prefix, "source branch": f.SourceBranch, "branch template": f.BranchTemplate, "epics": f.Epics} {
		if v != "" {
			flags.At[name] = parser.Origin{File: "--" + strings.ReplaceAll(name, " ", "-")}
		}
	}
	if f.BranchTemplate != "" {
		flags.BranchTemplateAt = flags.At["branch template"]
	}
	layer(flags, FromFlag)
	if s.Merged.SourceBranch == "" {
		var branch, from string
		recorded := distinct(applied)
		if len(recorded) == 1 {
			branch, from = recorded[0], FromApplied
		} else {
			branch, from = defaultBranch(repo)
		}
		if len(recorded) > 1 {
			diags = append(diags, parser.Diagnostic{File: file, Severity: parser.Warning,
				Msg: fmt.Sprintf("the beads applied from this plan record %d source branches (%s); using %s from %s: set source_branch in the plan to keep another", len(recorded), counts(applied), branch, from)})
		}
		s.Merged.SourceBranch, s.SourceBranchFrom = branch, from
	}
	// Merged.At says where each setting the files and flags set came
	// from (parser.Defaults.At); the ones from the repository have no entry.
	return s, diags
}

// defaultBranch is the repository's default branch and where it came from:
// the branch origin/HEAD names; else init.defaultBranch when the repository
// has that branch or no branch yet (a fresh repository, whose first branch
// it names); else main or master, when the repository has it; else main,
// built in. Each is the same in every clone's checkouts, whatever branch
// is checked out.
func defaultBranch(repo Repo) (branch, from string) {
	if repo.OriginHead != "" {
		return repo.OriginHead, FromOriginHead
	}
	if repo.InitDefault != nil {
		if b := repo.InitDefault(); b != "" && (len(repo.Branches) == 0 || slices.Contains(repo.Branches, b)) {
			return b, FromInitDefault
		}
	}
	switch {
	case slices.Contains(repo.Branches, "main"):
		return "main", FromMainBranch
	case slices.Contains(repo.Branches, "master"):
		return "master", FromMasterBranch
	}
	return "main", FromBuiltin
}

// distinct returns the different values of vs, sorted.
func distinct(vs []string) []string {
	out := slices.Clone(vs)
	slices.Sort(out)
	return slices.Compact(out)
}

// counts says how many times each value is in vs: "develop: 2, main: 3".
func counts(vs []string) string {
	n := map[string]int{}
	for _, v := range vs {
		n[v]++
	}
	var parts []string
	for _, v := range distinct(vs) {
		parts = append(parts, fmt.Sprintf("%s: %d", v, n[v]))
	}
	return strings.Join(parts, ", ")
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
		if m := yamlLine().FindStringSubmatch(msg); m != nil {
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

// yamlLine reads the line of a YAML error ("line 3: ..."); compiled on
// first use, not at every command's start.
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+): (.*)`) })
