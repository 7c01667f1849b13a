package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
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
	// epics is --epics: each phase an epic.
	epics bool
	// contenders is set by a command that shows no preview: the parse
	// works out only the readings that can win (parser.Options.Contenders).
	contenders bool
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
	// settings are the merged settings the beads were built with, and
	// sourceFrom where the source branch came from.
	settings   parser.Defaults
	sourceFrom string
	// input is what the pipeline compiled, and verbose whether info is
	// kept: withApplied compiles it again.
	input   pipeline.Input
	verbose bool
	// stalls are the warnings about in_progress beads nobody holds in the
	// database (status fills them in).
	stalls parser.Diagnostics
	// parsedEarly says the plan was parsed while git ran, in the root
	// likelyRoot guessed and findRepo then found.
	parsedEarly bool
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

// repoInfo is where the plan's repository is, and what it states about
// its branches.
type repoInfo struct {
	// root is the checkout the plan is in (a linked worktree's own folder
	// when the plan is read there): its files are read, and git runs, there.
	root string // absolute, symlinks resolved
	// home is the repository's main worktree, the same from every linked
	// worktree (see mainWorktree): the beads' worktrees go beside it, and
	// it names the rig. It is root outside git and in the main worktree.
	home string
	name string // home's name
	// branches are the repository's branches (refs/heads), nil outside
	// a repository.
	branches []string
	// originHead is the branch origin/HEAD names; "" when there is none.
	originHead string
	// initDefault returns git's init.defaultBranch ("" when unset),
	// running git config on the first call; nil outside a repository.
	initDefault func() string
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
// Outside git, the directory itself is the root. Nothing it finds depends on
// the branch checked out, and only root on which worktree dir is in.
//
// It runs git once: one rev-parse for the root, the common directory and
// the refs (repoFacts). git config for init.defaultBranch runs only if a
// compile asks for it: when no setting names the source branch and
// origin/HEAD names none (pipeline.Repo.InitDefault).
func findRepo(dir, override string) (repoInfo, error) {
	where := dir
	if override != "" {
		abs, err := overrideRoot(override)
		if err != nil {
			return repoInfo{}, err
		}
		// The facts only of this repository: a --repo folder that is no
		// repository must not borrow the branches of one it sits in.
		if !maybeTopLevel(abs) {
			return repoInfo{root: abs, home: abs, name: filepath.Base(abs)}, nil
		}
		where = abs
	}
	f, inGit := repoFacts(where)
	var r repoInfo
	if override != "" {
		r.root = where
		inGit = inGit && sameDir(f.top, where)
	} else {
		root := dir
		if inGit {
			root = f.top
		}
		abs, err := resolvedDir(root, "")
		if err != nil {
			return repoInfo{}, err
		}
		r.root = abs
	}
	r.home = r.root
	if inGit {
		r.home = mainWorktree(r.root, under(where, f.common))
		r.branches, r.originHead = f.branches, f.originHead
		r.initDefault = sync.OnceValue(func() string {
			b, _ := git(where, "config", "--get", "init.defaultBranch")
			return b
		})
	}
	r.name = filepath.Base(r.home)
	return r, nil
}

// facts are what one git run tells findRepo about the repository a
// directory is in.
type facts struct {
	top, common string // --show-toplevel, --git-common-dir
	branches    []string
	originHead  string
}

// repoFacts asks git in one run for the work tree's top level, the common
// directory, the branch origin/HEAD names and the branches (refs/heads);
// inGit is false when dir is in no work tree.
//
// The run is
//
//	git rev-parse --show-toplevel --git-common-dir \
//		--symbolic-full-name --glob=refs/remotes/origin/HEA[D] \
//		--git-common-dir --symbolic --branches
//
// whose lines are the top level, the common directory, the ref origin/HEAD
// resolves to when it is there and resolves, the common directory again
// (which no ref name can equal), and each branch's name as git stores it
// (--symbolic: a branch named like a tag is still the branch). It lists
// what `git for-each-ref refs/heads refs/remotes/origin/HEAD` lists, and
// TestRepoFactsAsForEachRef holds them equal, broken and oddly named refs
// included; but for a chain of symbolic refs (origin/HEAD naming a ref
// that names another, which git remote set-head never makes) it follows
// the chain to its end, where for-each-ref's %(symref) is the first link.
// When the run fails after printing something, or prints other lines, the
// facts come from the two runs it replaces.
func repoFacts(dir string) (f facts, inGit bool) {
	out, err := gitOut(dir, factsArgs...)
	if err == nil {
		if f, ok := factsFrom(out); ok {
			return f, true
		}
	}
	if err != nil && out == "" {
		return facts{}, false
	}
	// Not the lines asked for: the two runs this one replaces.
	out, err = gitOut(dir, "rev-parse", "--show-toplevel", "--git-common-dir")
	if err != nil {
		return facts{}, false
	}
	f = facts{top: firstLine(out), common: lastLine(out)}
	f.branches, f.originHead = repoBranches(dir)
	return f, true
}

// factsArgs is repoFacts' git run.
var factsArgs = []string{"rev-parse", "--show-toplevel", "--git-common-dir",
	"--symbolic-full-name", "--glob=refs/remotes/origin/HEA[D]",
	"--git-common-dir", "--symbolic", "--branches"}

// factsFrom reads the output of factsArgs; false when it is not the lines
// asked for.
func factsFrom(out string) (f facts, ok bool) {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 {
		return facts{}, false
	}
	f.top, f.common = lines[0], lines[1]
	rest := lines[2:]
	if rest[0] != f.common && len(rest) >= 2 && rest[1] == f.common {
		if target := rest[0]; target != "refs/remotes/origin/HEAD" { // else not a symbolic ref
			f.originHead, _ = strings.CutPrefix(target, "refs/remotes/origin/")
		}
		rest = rest[1:]
	}
	if rest[0] != f.common {
		return facts{}, false
	}
	f.branches = append([]string{}, rest[1:]...)
	return f, true
}

// maybeTopLevel reports whether git could call dir a work tree's top
// level: it holds a .git (a folder, or a file for a linked worktree or a
// submodule), or GIT_DIR or GIT_WORK_TREE may point git elsewhere. Without
// one, a --repo folder is no repository, and no git run need say so.
func maybeTopLevel(dir string) bool {
	if os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		return true
	}
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// checkoutRoot is findRepo's root alone (repoInfo.root): one git run, for
// the commands that only read the checkout's files (parsePlan, annotate).
func checkoutRoot(dir, override string) (string, error) {
	if override != "" {
		return overrideRoot(override)
	}
	root := dir
	if out, ok := git(dir, "rev-parse", "--show-toplevel"); ok {
		root = out
	}
	return resolvedDir(root, "")
}

// overrideRoot is the root --repo names: absolute, symlinks resolved.
func overrideRoot(override string) (string, error) { return resolvedDir(override, override) }

// resolvedDir is dir made absolute with its symlinks resolved; an error
// naming --repo override when it is not a directory.
func resolvedDir(dir, override string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return "", usagef("--repo %s: not a directory", override)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return abs, nil
}

// firstLine and lastLine are the first and the last line of git's output,
// trimmed.
func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return strings.TrimSpace(l) }

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return strings.TrimSpace(s[strings.LastIndex(s, "\n")+1:])
}

// under is path, which git gave relative to dir unless it is absolute.
func under(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	abs, _ := filepath.Abs(filepath.Join(dir, path))
	return abs
}

// mainWorktree is the folder the beads' worktrees go beside, given a
// checkout's root and git's common directory, the same from each of the
// repository's worktrees where git can tell: the folder holding the common
// directory when that is a .git folder (a linked worktree's common
// directory is its main worktree's); for a bare repository, whose
// checkouts are all linked worktrees, the bare folder without its .git
// ending. A repository whose git folder is elsewhere (git init
// --separate-git-dir) does not record its main worktree, so there each
// checkout is its own.
func mainWorktree(root, common string) string {
	dir := root
	if filepath.Base(common) == ".git" {
		dir = filepath.Dir(common)
	} else if bare, _ := git(root, "config", "--bool", "core.bare"); bare == "true" {
		dir = strings.TrimSuffix(common, ".git")
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return dir
}

// repoBranches lists the branches of the repository at root and names the
// branch origin/HEAD points at, in one git run; nil when git cannot say.
func repoBranches(root string) (branches []string, originHead string) {
	out, err := gitOut(root, "for-each-ref", "--format=%(refname) %(symref)", "refs/heads", "refs/remotes/origin/HEAD")
	if err != nil {
		return nil, ""
	}
	branches = []string{}
	for _, l := range strings.Split(out, "\n") {
		ref, target, _ := strings.Cut(strings.TrimSpace(l), " ")
		if b, ok := strings.CutPrefix(ref, "refs/heads/"); ok && b != "" {
			branches = append(branches, b)
		} else if ref == "refs/remotes/origin/HEAD" {
			originHead, _ = strings.CutPrefix(target, "refs/remotes/origin/")
		}
	}
	return branches, originHead
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
	// git runs while the plan is parsed in the checkout it is most likely
	// in; the parse is kept when git names that checkout, else done again.
	found := make(chan repoResult, 1)
	go func() {
		r, err := findRepo(dir, f.repo)
		found <- repoResult{r, err}
	}()
	flags := pipeline.Flags{Prefix: f.prefix, SourceBranch: f.sourceBranch, BranchTemplate: f.branchTemplate, Reading: f.reading, Epics: epicsFlag(f.epics)}
	input := func(root string) (pipeline.Input, string, error) {
		in := pipeline.Input{File: name, Src: src, Contenders: f.contenders, PlanFile: "-", Config: readConfig(root, configFile), Flags: flags}
		abs := ""
		if path != "-" {
			var err error
			if in.PlanFile, abs, err = planFileIn(root, path); err != nil {
				return pipeline.Input{}, "", err
			}
		}
		return in, abs, nil
	}
	var (
		early     *parser.Plan
		earlyIn   pipeline.Input
		earlyAbs  string
		earlyRoot = likelyRoot(dir, f.repo)
	)
	if earlyRoot != "" {
		var err error
		if earlyIn, earlyAbs, err = input(earlyRoot); err == nil {
			early = pipeline.Parse(earlyIn)
		}
	}
	res := <-found
	if res.err != nil {
		return nil, res.err
	}
	repo := res.repo
	c := &compiled{repo: repo}
	in, abs := earlyIn, earlyAbs
	if early == nil || repo.root != earlyRoot {
		early = nil
		if in, abs, err = input(repo.root); err != nil {
			return nil, err
		}
	}
	c.abs = abs
	in.Repo = pipeline.Repo{Root: repo.home, Name: repo.name, Branches: repo.branches,
		OriginHead: repo.originHead, InitDefault: repo.initDefault}
	in.RalphConfig = readConfig(repo.root, ralphConfigFile)
	in.Now = now
	in.AgentExists = fileIn(repo.root)
	if c.parsedEarly = early != nil; c.parsedEarly {
		err = c.runParsed(in, early, f.verbose)
	} else {
		err = c.run(in, f.verbose)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// repoResult is what findRepo returned.
type repoResult struct {
	repo repoInfo
	err  error
}

// likelyRoot is the root findRepo(dir, override) most likely finds, found
// without git: the --repo folder, or else the nearest folder holding a
// .git, up from dir with its symlinks resolved, or else dir itself; ""
// when git may be pointed elsewhere (GIT_DIR, GIT_WORK_TREE). A guess:
// compilePlan parses in it while git runs, and keeps that parse only when
// findRepo's root is the same.
func likelyRoot(dir, override string) string {
	if override != "" {
		abs, err := overrideRoot(override)
		if err != nil {
			return ""
		}
		return abs
	}
	if os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		return ""
	}
	abs, err := resolvedDir(dir, "")
	if err != nil {
		return ""
	}
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return abs
		}
		d = up
	}
}

// run runs the pipeline on in and keeps its result in c.
func (c *compiled) run(in pipeline.Input, verbose bool) error {
	return c.runParsed(in, pipeline.Parse(in), verbose)
}

// runParsed is run with the plan pipeline.Parse(in) returned.
func (c *compiled) runParsed(in pipeline.Input, p *parser.Plan, verbose bool) error {
	r, err := pipeline.RunParsed(in, p)
	if err != nil {
		return err
	}
	c.input, c.verbose = in, verbose
	c.plan, c.graph, c.beads, c.diags = r.Plan, r.Graph, r.Beads, r.Diags
	c.settings, c.sourceFrom = r.Settings.Merged, r.Settings.SourceBranchFrom
	if !verbose {
		c.diags = dropInfo(c.diags)
	}
	return nil
}

// withApplied compiles the plan again with the beads a database holds of
// it (issues, as bd export reads them), so that a source branch no setting
// names is the one those beads record (pipeline's resolve), and reports
// whether that changed anything. It changes nothing when a setting names
// the source branch, when the database has no bead of the plan, or when
// they record the branch the compile chose already (then only the origin
// would differ, and the compile is not run again).
func (c *compiled) withApplied(issues []bdsync.Issue) (bool, error) {
	if c.settingsStated() {
		return false, nil
	}
	applied := appliedBeads(issues, c.input.PlanFile)
	same := true
	for _, b := range pipeline.Recorded(c.plan, applied) {
		same = same && b == c.settings.SourceBranch
	}
	if same {
		return false, nil
	}
	in := c.input
	in.Applied = applied
	return true, c.run(in, c.verbose)
}

// settingsStated reports whether a setting named the source branch.
func (c *compiled) settingsStated() bool {
	return pipeline.Settings{Merged: c.settings, SourceBranchFrom: c.sourceFrom}.SourceBranchStated()
}

// appliedBeads are the beads of planFile in issues, each with its sprint
// and the source branch it records.
func appliedBeads(issues []bdsync.Issue, planFile string) []pipeline.AppliedBead {
	var out []pipeline.AppliedBead
	for i := range issues {
		is := &issues[i]
		var src string
		if is.PlanFile() != planFile || json.Unmarshal(is.Metadata["source_branch"], &src) != nil {
			continue
		}
		out = append(out, pipeline.AppliedBead{Sprint: is.Sprint(), SourceBranch: src})
	}
	return out
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

// parsePlan parses the plan at path (src, named name in diagnostics) as
// compile reads it: with the reading --reading or .architect.yaml declares
// for it. Commands that edit a plan without compiling it (annotate) use it.
func parsePlan(path, name string, src []byte, reading string) *parser.Plan {
	root, err := "", error(nil)
	if path != "-" {
		root, err = checkoutRoot(filepath.Dir(path), "")
	}
	return parsePlanIn(root, err, path, name, src, reading)
}

// parsePlanIn is parsePlan given the checkout's root that
// checkoutRoot(filepath.Dir(path), "") found (rootErr its error), for a
// caller that needs the root too.
func parsePlanIn(root string, rootErr error, path, name string, src []byte, reading string) *parser.Plan {
	var decl *parser.Declared
	if path != "-" {
		if rootErr == nil {
			if planFile, _, err := planFileIn(root, path); err == nil {
				decl = pipeline.DeclaredReading(reading, readConfig(root, configFile), planFile)
			}
		}
	} else if reading != "" {
		decl = &parser.Declared{Line: reading, From: "--reading"}
	}
	return parser.ParseWith(name, src, parser.Options{Reading: decl, Units: true, Contenders: true})
}

// epicsFlag is the epics setting --epics gives: "phases", or "" when the
// flag is not given (the settings decide).
func epicsFlag(on bool) string {
	if on {
		return "phases"
	}
	return ""
}
