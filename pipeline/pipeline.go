// Package pipeline compiles one plan into beads: it parses the plan,
// layers its settings, builds the dependency graph and emits the beads,
// from inputs given as data (it never reads files, runs git, prints or
// exits).
package pipeline

import (
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Input is everything a compile reads from outside the plan model: the
// plan's bytes, the repository's facts and config files, the flags and the
// time. The caller gathers them (reading files, running git); Run only
// computes.
type Input struct {
	// File names the plan in diagnostics: its path as given, or "<stdin>".
	File string
	// Src is the plan's text.
	Src []byte
	// Contenders is for a caller that shows no preview: the parse works
	// out only the readings that can be chosen (parser.Options.Contenders),
	// and Plan.Candidates lists fewer.
	Contenders bool
	// PlanFile is the plan's path relative to the repository root, with
	// forward slashes ("-" for a plan read from stdin); the beads record it.
	PlanFile string
	// Repo is the repository the plan is compiled in.
	Repo Repo
	// Config and RalphConfig are the repository's .architect.yaml and
	// beads-ralph.yaml, nil when the repository has none.
	Config, RalphConfig *File
	// Flags are the settings given on the command line.
	Flags Flags
	// Now stamps the beads. The zero time means none was given: the plan's
	// created date is used, else the Unix epoch, so that output never
	// depends on the clock.
	Now time.Time
	// Applied are the beads already applied from this plan, as a database
	// holds them: each one's sprint id and its metadata.source_branch.
	// When no setting names a source branch, the one they record is used
	// (see resolve). Nil when the caller read no database.
	Applied []AppliedBead
	// AgentExists reports whether an agent's file, given by its path from
	// the repository root, is in the repository; nil skips the check.
	AgentExists func(path string) bool
}

// Repo holds the facts about the plan's repository. None of them depends
// on the branch checked out or on which of the repository's worktrees the
// plan is read in, so neither does a compile.
type Repo struct {
	// Root is the repository's main worktree, absolute with symlinks
	// resolved: the same from every linked worktree (git worktree add).
	// The beads' worktrees are beside it.
	Root string
	Name string // Root's name, the beads' rig unless a setting names one
	// Branches are the repository's branches (refs/heads), nil outside a
	// repository.
	Branches []string
	// OriginHead is the branch refs/remotes/origin/HEAD points at ("main"
	// for origin/main), "" when there is none.
	OriginHead string
	// InitDefault returns git's init.defaultBranch, "" when unset; nil is
	// unset. It is asked only when the default branch decides the source
	// branch (no setting names one, origin/HEAD names none), so that a
	// compile runs git config only then.
	InitDefault func() string
}

// AppliedBead is what a compile reads of a bead already applied from the
// plan.
type AppliedBead struct {
	Sprint       string // metadata.plan_sprint_id
	SourceBranch string // metadata.source_branch
}

// File is a config file's path (for diagnostics) and contents.
type File struct {
	Path string
	Data []byte
}

// Flags are the settings a command line may give; "" is not given.
type Flags struct {
	Prefix         string // --prefix
	SourceBranch   string // --source-branch
	BranchTemplate string // --branch-template
	// Reading is --reading: a declared reading of the plan, the line a
	// preview's candidate gives (`units: "#### Week {n}: {title}"`).
	Reading string
	// Epics is --epics: "phases", or "" when not given.
	Epics string
}

// Result is a plan carried through the pipeline.
type Result struct {
	Plan *parser.Plan
	// Graph is nil when the plan has no sprints.
	Graph *planner.Graph
	// Beads are nil when there are errors (or a cycle, which is one).
	Beads []emit.Bead
	// Settings are the merged settings the beads were built with.
	Settings Settings
	// Diags are every diagnostic of the config files, the plan, the graph
	// and the beads, info included, sorted by file and position.
	Diags parser.Diagnostics
}

// Failed reports whether the plan cannot be used: it has errors, or no
// graph was built (a plan without sprints).
func (r *Result) Failed() bool { return r.Diags.HasErrors() || r.Graph == nil }

// Run compiles in.Src. The plan's own problems are in Result.Diags; the
// error is always nil. The beads are not checked against the bead schema
// here: their Go types give its shape, the emitter's own checks report
// what a plan can get wrong, and the tests check every bead they compile
// against the schema (emittest, the golden files, FuzzCompile), as
// `architect validate` does for any file.
func Run(in Input) (*Result, error) { return RunParsed(in, Parse(in)) }

// Parse is Run's parse of in.Src. It reads only in.File, in.Src,
// in.PlanFile, in.Config and in.Flags.Reading, so a caller may parse while
// it gathers the rest of in (the repository's facts) and hand the plan to
// RunParsed.
func Parse(in Input) *parser.Plan {
	return parser.ParseWith(in.File, in.Src, parser.Options{
		Reading:    DeclaredReading(in.Flags.Reading, in.Config, in.PlanFile),
		Done:       DeclaredDone(in.Flags.Reading, in.Config, in.PlanFile),
		Contenders: in.Contenders,
	})
}

// RunParsed is Run with its parse done: p is what Parse returned for an
// Input with in's File, Src, PlanFile, Config and Flags.Reading. It takes
// p over (the merged settings' letters are written into it).
func RunParsed(in Input, p *parser.Plan) (*Result, error) {
	r := &Result{Plan: p}
	r.Settings, r.Diags = resolve(in.Config, in.RalphConfig, r.Plan.Defaults, in.Flags, in.Repo, Recorded(r.Plan, in.Applied), in.File)
	r.Diags = append(r.Diags, r.Plan.Diags...)
	if len(r.Plan.Sprints) == 0 && (len(r.Plan.Skipped) == 0 || r.Diags.HasErrors()) {
		// No unit: the parse said why. A plan whose every unit is
		// skipped compiles, to no bead.
		r.Diags.Sort()
		return r, nil
	}
	// The planner reads the letters setting from the plan; the one that
	// counts is the merged one, so a config file's letters applies too.
	r.Plan.Defaults.Letters = r.Settings.Merged.Letters
	r.Graph = planner.Build(r.Plan)
	r.Diags = append(r.Diags, r.Graph.Diags...)
	if !r.Graph.HasCycle() {
		beads, diags := emit.Beads(r.Graph, emit.Options{
			Settings:         r.Settings.Merged,
			SourceBranchFrom: r.Settings.SourceBranchFrom,
			RepoRoot:         in.Repo.Root,
			RepoName:         in.Repo.Name,
			PlanFile:         in.PlanFile,
			Now:              stamp(in.Now, r.Settings.Merged.Created),
			AgentExists:      in.AgentExists,
			ExistingBranches: in.Repo.Branches,
			Epics:            r.Settings.Merged.Epics == "phases",
		})
		r.Diags = append(r.Diags, diags...)
		if !r.Diags.HasErrors() {
			r.Beads = beads
		}
	}
	r.Diags.Sort()
	return r, nil
}

// Recorded are the plan-wide source branches the applied beads record, one
// a bead: of each bead whose sprint does not set a **Source Branch**: of its
// own.
func Recorded(p *parser.Plan, applied []AppliedBead) []string {
	if len(applied) == 0 {
		return nil
	}
	own := map[string]bool{}
	for _, s := range p.Sprints {
		if s.SourceBranch.Set() {
			own[s.ID] = true
		}
	}
	var out []string
	for _, b := range applied {
		if b.SourceBranch != "" && !own[b.Sprint] {
			out = append(out, b.SourceBranch)
		}
	}
	return out
}

// stamp is now, or else the plan's created date (RFC 3339 or a plain
// date), or else the Unix epoch; always in UTC.
func stamp(now time.Time, created string) time.Time {
	if !now.IsZero() {
		return now.UTC()
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(layout, created); err == nil {
			return t.UTC()
		}
	}
	return time.Unix(0, 0).UTC()
}
