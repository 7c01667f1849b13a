package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// configFile is the repository's settings file, read from its root.
const configFile = ".architect.yaml"

// ralphConfigFile is beads-ralph's own configuration, read from the
// repository root for its repo_name and source_branch.
const ralphConfigFile = "beads-ralph.yaml"

// planFlags are the inputs every command that compiles a plan shares.
type planFlags struct {
	repo         string
	prefix       string
	sourceBranch string
	// branchTemplate is --branch-template, "" when not given.
	branchTemplate string
	now            string
	verbose        bool
}

// compiled is a plan carried through the pipeline.
type compiled struct {
	plan  *parser.Plan
	graph *planner.Graph
	beads []emit.Bead // nil when there are errors
	diags parser.Diagnostics
	repo  repoInfo
	// abs is the plan's absolute path ("" for stdin).
	abs string
	// settings are the merged settings the beads were built with.
	settings parser.Defaults
	// stalls are the warnings about in_progress beads nobody holds in the
	// database (status fills them in).
	stalls parser.Diagnostics
}

// failed reports whether the plan cannot be used: it has errors, or no
// graph was built (a plan without sprints).
func (c *compiled) failed() bool { return c.diags.HasErrors() || c.graph == nil }

// readPlan reads a plan file, or stdin for "-". A file over the size limit
// is refused before it is read.
func readPlan(path string, stdin io.Reader) (name string, src []byte, err error) {
	if path == "-" {
		src, err = io.ReadAll(io.LimitReader(stdin, parser.MaxSize+1))
		if err == nil && len(src) > parser.MaxSize { // only MaxSize+1 bytes were read
			return "<stdin>", nil, parser.Diagnostics{{File: "<stdin>", Pos: parser.Pos{Line: 1, Col: 1}, Severity: parser.Error,
				Msg: fmt.Sprintf("input is over %d MiB; plans are limited to %d MiB", parser.MaxSize>>20, parser.MaxSize>>20)}}
		}
		return "<stdin>", src, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return path, nil, fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	if st.IsDir() {
		return path, nil, fmt.Errorf("%s: is a directory, not a plan file", path)
	}
	if st.Size() > parser.MaxSize {
		return path, nil, parser.Diagnostics{{File: path, Pos: parser.Pos{Line: 1, Col: 1}, Severity: parser.Error,
			Msg: fmt.Sprintf("file is %.1f MiB; plans are limited to %d MiB", float64(st.Size())/(1<<20), parser.MaxSize>>20)}}
	}
	src, err = os.ReadFile(path)
	if err != nil {
		return path, nil, fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	return path, src, nil
}

// repoInfo is where the plan's repository is.
type repoInfo struct {
	root   string // absolute, symlinks resolved
	name   string
	branch string // current branch, "" when unknown
	// branches are the repository's branches (refs/heads), nil outside
	// a repository.
	branches []string
}

func git(dir string, gitArgs ...string) (string, bool) {
	out, err := gitOut(dir, gitArgs...)
	return strings.TrimSpace(out), err == nil
}

// gitOut runs git in dir and returns its standard output; the error holds
// what git said on standard error.
func gitOut(dir string, gitArgs ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, gitArgs...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(errb.String()); msg != "" {
			return "", errors.New(msg)
		}
		return "", err
	}
	return out.String(), nil
}

// findRepo finds the repository holding dir, or uses override as its root.
// Outside git, the directory itself is the root.
func findRepo(dir, override string) (repoInfo, error) {
	root := override
	if root == "" {
		if top, ok := git(dir, "rev-parse", "--show-toplevel"); ok {
			root = top
		} else {
			root = dir
		}
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return repoInfo{}, err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return repoInfo{}, usagef("--repo %s: not a directory", override)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	r := repoInfo{root: abs, name: filepath.Base(abs)}
	// The current branch only of this repository: a --repo folder that is
	// no repository must not borrow the branch of one it sits in.
	if top, ok := git(abs, "rev-parse", "--show-toplevel"); ok && sameDir(top, abs) {
		if b, ok := git(abs, "symbolic-ref", "--quiet", "--short", "HEAD"); ok {
			r.branch = b
		}
		r.branches = repoBranches(abs)
	}
	return r, nil
}

// repoBranches lists the branches of the repository at root, one git
// run; nil when git cannot say.
func repoBranches(root string) []string {
	out, err := gitOut(root, "for-each-ref", "--format=%(refname)", "refs/heads")
	if err != nil {
		return nil
	}
	branches := []string{}
	for _, l := range strings.Split(out, "\n") {
		if b, ok := strings.CutPrefix(strings.TrimSpace(l), "refs/heads/"); ok && b != "" {
			branches = append(branches, b)
		}
	}
	return branches
}

// sameDir reports whether two paths name one directory.
func sameDir(a, b string) bool {
	if ra, err := filepath.EvalSymlinks(a); err == nil {
		a = ra
	}
	if rb, err := filepath.EvalSymlinks(b); err == nil {
		b = rb
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// planFileIn returns the plan's path relative to the repository root, with
// forward slashes. The plan's directory is resolved through symlinks, the
// file itself is not.
func planFileIn(root, path string) (rel, abs string, err error) {
	abs, err = filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	dir := filepath.Dir(abs)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	abs = filepath.Join(dir, filepath.Base(abs))
	rel, err = filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", abs, fmt.Errorf("%s: the plan is outside the repository %s; run architect inside the plan's repository or pass --repo", path, root)
	}
	return filepath.ToSlash(rel), abs, nil
}

// stamp picks the beads' timestamp: --now, then SOURCE_DATE_EPOCH, then the
// plan's created date, then the Unix epoch, so output never depends on the
// clock.
func stamp(flag string, getenv env, created string) (time.Time, error) {
	if flag != "" {
		t, err := time.Parse(time.RFC3339, flag)
		if err != nil {
			return time.Time{}, usagef("--now %q: want an RFC 3339 time like 2026-01-02T15:04:05Z", flag)
		}
		return t.UTC(), nil
	}
	if s := getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, usagef("SOURCE_DATE_EPOCH %q: want seconds since 1970", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(layout, created); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Unix(0, 0).UTC(), nil
}

// compilePlan runs the whole pipeline on one plan. The returned error is
// for problems outside the plan (unreadable file, bad flags); the plan's own
// problems are in compiled.diags.
func compilePlan(path string, f planFlags, stdin io.Reader, getenv env) (*compiled, error) {
	// Bad flags are reported before the plan is read.
	if _, err := stamp(f.now, getenv, ""); err != nil {
		return nil, err
	}
	name, src, err := readPlan(path, stdin)
	if err != nil {
		return nil, err
	}
	dir := "."
	if path != "-" {
		dir = filepath.Dir(path)
	}
	repo, err := findRepo(dir, f.repo)
	if err != nil {
		return nil, err
	}
	c := &compiled{repo: repo}
	planFile := "-"
	if path != "-" {
		if planFile, c.abs, err = planFileIn(repo.root, path); err != nil {
			return nil, err
		}
	}

	c.plan = parser.Parse(name, src)
	settings, from := loadSettings(c, repo, f)
	c.settings = settings
	c.diags = append(c.diags, c.plan.Diags...)
	now, err := stamp(f.now, getenv, settings.Created)
	if err != nil {
		return nil, err
	}
	if len(c.plan.Sprints) == 0 {
		c.sortDiags(f.verbose)
		return c, nil
	}

	c.graph = planner.Build(c.plan)
	c.diags = append(c.diags, c.graph.Diags...)
	if !c.graph.HasCycle() {
		beads, diags := emit.Beads(c.graph, emit.Options{
			Settings:         settings,
			SourceBranchFrom: from,
			RepoRoot:         repo.root,
			RepoName:         repo.name,
			PlanFile:         planFile,
			Now:              now,
			AgentExists:      fileIn(repo.root),
			ExistingBranches: repo.branches,
		})
		c.diags = append(c.diags, diags...)
		if !c.diags.HasErrors() {
			if err := emit.Validate(beads); err != nil {
				return nil, fmt.Errorf("internal error: a bead breaks the bead schema; nothing was written:\n%v", err)
			}
			c.beads = beads
		}
	}
	c.sortDiags(f.verbose)
	return c, nil
}

// loadSettings merges the settings, weakest first: the built-ins,
// beads-ralph.yaml's repo_name and source_branch, .architect.yaml, the
// plan's front matter and preamble, then the flags. Without a source
// branch from any of them it is git's current branch, else main. from
// says which layer gave the source branch, for messages. Problems in the
// files go to c.diags.
func loadSettings(c *compiled, repo repoInfo, f planFlags) (settings parser.Defaults, from string) {
	settings = emit.Builtin()
	layer := func(d parser.Defaults, name string) {
		if d.SourceBranch != "" {
			from = name
		}
		settings = settings.Merge(d)
	}
	path := filepath.Join(repo.root, ralphConfigFile)
	if data, err := os.ReadFile(path); err == nil {
		cfg, diags := parseRalphConfig(path, data)
		c.diags = append(c.diags, diags...)
		layer(cfg, ralphConfigFile)
	}
	path = filepath.Join(repo.root, configFile)
	if data, err := os.ReadFile(path); err == nil {
		cfg, diags := parser.ParseConfig(path, data, parser.Pos{Line: 1, Col: 1})
		c.diags = append(c.diags, diags...)
		layer(cfg, configFile)
	}
	layer(c.plan.Defaults, "the plan")
	flags := parser.Defaults{Prefix: f.prefix, SourceBranch: f.sourceBranch, BranchTemplate: f.branchTemplate}
	if f.branchTemplate != "" {
		flags.BranchTemplateAt = parser.Origin{File: "--branch-template"}
	}
	layer(flags, "--source-branch")
	switch {
	case settings.SourceBranch != "":
	case repo.branch != "":
		settings.SourceBranch, from = repo.branch, "git's current branch"
	default:
		settings.SourceBranch, from = "main", "the built-in default"
	}
	return settings, from
}

// ralphConfig is what architect reads of beads-ralph.yaml; its other keys
// are beads-ralph's business.
type ralphConfig struct {
	RepoName     string `yaml:"repo_name"`
	SourceBranch string `yaml:"source_branch"`
}

// parseRalphConfig reads beads-ralph.yaml as settings: repo_name as repo,
// and source_branch.
func parseRalphConfig(path string, data []byte) (parser.Defaults, parser.Diagnostics) {
	var cfg ralphConfig
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		pos := parser.Pos{Line: 1, Col: 1}
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			pos.Line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return parser.Defaults{}, parser.Diagnostics{{File: path, Pos: pos, Severity: parser.Error, Msg: "beads-ralph settings: " + strings.TrimPrefix(msg, "yaml: ")}}
	}
	return parser.Defaults{Repo: strings.TrimSpace(cfg.RepoName), SourceBranch: strings.TrimSpace(cfg.SourceBranch)}, nil
}

var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// fileIn returns a function that reports whether a path relative to root
// (with forward slashes) is a regular file there.
func fileIn(root string) func(string) bool {
	return func(rel string) bool {
		st, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		return err == nil && st.Mode().IsRegular()
	}
}

func (c *compiled) sortDiags(verbose bool) {
	if !verbose {
		kept := c.diags[:0]
		for _, d := range c.diags {
			if d.Severity != parser.Info {
				kept = append(kept, d)
			}
		}
		c.diags = kept
	}
	c.diags.Sort()
}

// report prints diagnostics to w, one a line.
func report(w io.Writer, diags parser.Diagnostics) {
	for _, d := range diags {
		fmt.Fprintln(w, d.Error())
	}
}

// writeBeads writes beads with write: to path, atomically, or to out when
// path is empty. They are encoded as they are written, never held whole.
func writeBeads(path string, out io.Writer, write func(io.Writer, []emit.Bead) error, beads []emit.Bead) error {
	if path == "" {
		return write(out, beads)
	}
	if err := writeFile(path, nil, func(w io.Writer) error { return write(w, beads) }); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
