package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/pipeline"
	"github.com/beads-architect/architect/planner"
)

// configFile and ralphConfigFile are the config files read from the
// repository root and handed to the pipeline.
const (
	configFile      = pipeline.ConfigFile
	ralphConfigFile = pipeline.RalphConfigFile
)

// planFlags are the inputs every command that compiles a plan shares.
type planFlags struct {
	repo         string
	prefix       string
	sourceBranch string
	// branchTemplate is --branch-template, "" when not given.
	branchTemplate string
	// reading is --reading: a declared reading of the plan.
	reading string
	now     string
	verbose bool
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
	root, inGit := override, false
	if root == "" {
		if top, ok := git(dir, "rev-parse", "--show-toplevel"); ok {
			root, inGit = top, true
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
	if !inGit {
		top, ok := git(abs, "rev-parse", "--show-toplevel")
		inGit = ok && sameDir(top, abs)
	}
	if inGit {
		r.branches, r.branch = repoBranches(abs)
		if r.branch == "" { // no commit yet, or a detached HEAD
			r.branch, _ = git(abs, "symbolic-ref", "--quiet", "--short", "HEAD")
		}
	}
	return r, nil
}

// repoBranches lists the branches of the repository at root and names the
// one checked out, in one git run; nil when git cannot say.
func repoBranches(root string) (branches []string, current string) {
	out, err := gitOut(root, "for-each-ref", "--format=%(HEAD)%(refname)", "refs/heads")
	if err != nil {
		return nil, ""
	}
	branches = []string{}
	for _, l := range strings.Split(out, "\n") {
		l, head := strings.CutPrefix(strings.TrimSpace(l), "*")
		if b, ok := strings.CutPrefix(strings.TrimSpace(l), "refs/heads/"); ok && b != "" {
			branches = append(branches, b)
			if head {
				current = b
			}
		}
	}
	return branches, current
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

// clock is the time given to stamp the beads: --now, then
// SOURCE_DATE_EPOCH; the zero time when neither is set (the pipeline then
// uses the plan's created date, else the Unix epoch).
func clock(flag string, getenv env) (time.Time, error) {
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
	return time.Time{}, nil
}

// compilePlan reads one plan and its repository's facts and runs the
// pipeline on them. The returned error is for problems outside the plan
// (unreadable file, bad flags); the plan's own problems are in
// compiled.diags.
func compilePlan(path string, f planFlags, stdin io.Reader, getenv env) (*compiled, error) {
	// Bad flags are reported before the plan is read.
	now, err := clock(f.now, getenv)
	if err != nil {
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
	r, err := pipeline.Run(pipeline.Input{
		File:        name,
		Src:         src,
		PlanFile:    planFile,
		Repo:        pipeline.Repo{Root: repo.root, Name: repo.name, Branch: repo.branch, Branches: repo.branches},
		Config:      readConfig(repo.root, configFile),
		RalphConfig: readConfig(repo.root, ralphConfigFile),
		Flags:       pipeline.Flags{Prefix: f.prefix, SourceBranch: f.sourceBranch, BranchTemplate: f.branchTemplate, Reading: f.reading},
		Now:         now,
		AgentExists: fileIn(repo.root),
	})
	if err != nil {
		return nil, err
	}
	c.plan, c.graph, c.beads, c.settings, c.diags = r.Plan, r.Graph, r.Beads, r.Settings.Merged, r.Diags
	if !f.verbose {
		c.diags = dropInfo(c.diags)
	}
	return c, nil
}

// dropInfo returns diags without the info entries, which only -v shows.
func dropInfo(diags parser.Diagnostics) parser.Diagnostics {
	kept := parser.Diagnostics{}
	for _, d := range diags {
		if d.Severity != parser.Info {
			kept = append(kept, d)
		}
	}
	return kept
}

// readConfig reads the config file name at the repository root; nil when
// it cannot be read (most often: there is none).
func readConfig(root, name string) *pipeline.File {
	path := filepath.Join(root, name)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return &pipeline.File{Path: path, Data: data}
}

// fileIn returns a function that reports whether a path relative to root
// (with forward slashes) is a regular file there.
func fileIn(root string) func(string) bool {
	return func(rel string) bool {
		st, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		return err == nil && st.Mode().IsRegular()
	}
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
