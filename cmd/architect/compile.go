package main

import (
	"errors"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/review"
	"github.com/beads-architect/architect/parser"
	"github.com/spf13/cobra"
)

type compileOptions struct {
	planFlags
	plan   string
	output string
	format string
	dryRun bool
	json   bool
}

func newCmdCompile(io streams, getenv env) *cobra.Command {
	opts := &compileOptions{}
	c := &cobra.Command{
		Use:   "compile PLAN",
		Short: "Compile a plan into beads",
		Long: `Compile a Markdown plan into one bead per sprint, with the dependencies its
numbering encodes, and print them as a JSON array (or bd import JSONL: with
--format jsonl, or -o to a file whose name ends in .jsonl).

PLAN may be - for standard input. Diagnostics go to standard error as
FILE:LINE:COL: error: MESSAGE. Nothing is written when there is an error.`,
		Example: `  architect compile plans/x.md
  architect compile plans/x.md -o beads.json
  architect compile plans/x.md -o beads.jsonl
  architect compile --format jsonl plans/x.md > beads.jsonl
  architect compile --dry-run plans/x.md`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			if !c.Flags().Changed("format") && strings.HasSuffix(opts.output, ".jsonl") {
				opts.format = "jsonl" // what bd import reads
			}
			switch opts.format {
			case "json", "jsonl", formatTodo, formatTaskInput:
			default:
				return usagef("--format %q: want json, jsonl, %s or %s", opts.format, formatTodo, formatTaskInput)
			}
			if opts.json && !opts.dryRun {
				return usagef("--json goes with --dry-run; compile output is JSON already")
			}
			if opts.dryRun && opts.output != "" {
				return usagef("--dry-run writes nothing; drop -o")
			}
			return runCompile(opts, io, getenv)
		},
	}
	fl := c.Flags()
	fl.StringVarP(&opts.output, "output", "o", "", "write the output to `FILE` (atomically) instead of stdout; a FILE ending in .jsonl gets JSONL")
	fl.StringVar(&opts.format, "format", "json", "output format: json (beads, an array), jsonl (beads for bd import; the default for -o FILE.jsonl), todo (a SCHEMAS.md todo list) or task-input (IO Schemas task inputs)")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "write nothing; print a preview of phases, waves, merges and the critical path")
	fl.BoolVar(&opts.json, "json", false, "with --dry-run, print the preview as JSON")
	addPlanFlags(c, &opts.planFlags)
	return c
}

func addPlanFlags(c *cobra.Command, f *planFlags) {
	fl := c.Flags()
	fl.StringVar(&f.prefix, "prefix", "", "bead id `PREFIX` (default: settings, else bd)")
	fl.StringVar(&f.sourceBranch, "source-branch", "", "`BRANCH` sprints start from (default: the plan's, else the settings', else the repository's default branch, never the one checked out)")
	fl.StringVar(&f.branchTemplate, "branch-template", "", "sprint branch `TEMPLATE` with {plan}, {id}, {slug} and {source} (default: the settings', else beads/{plan}/{id}-{slug})")
	fl.StringVar(&f.repo, "repo", "", "repository root `DIR` (default: found with git from the plan's directory)")
	fl.StringVar(&f.now, "now", "", "`TIME` (RFC 3339) stamped on the beads (default: SOURCE_DATE_EPOCH, the plan's Created date, else 1970-01-01)")
	fl.StringVar(&f.reading, "reading", "", "read the plan this way and no other: a `LINE` the preview's readings give, such as 'units: \"#### Week {n}: {title}\"' or 'format: spec-kit'")
	fl.BoolVar(&f.epics, "epics", false, "make each phase an epic whose children are its units, so that bd swarm validate checks a phase (the setting: epics: phases)")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "also report informational notes, such as sprint headings outside any phase")
}

func runCompile(opts *compileOptions, io streams, getenv env) error {
	opts.contenders = !opts.dryRun // the preview lists every reading
	c, err := compilePlan(opts.plan, opts.planFlags, io.in, getenv)
	if err != nil {
		return err
	}
	if c.failed() {
		if opts.dryRun && opts.json && c.plan != nil && len(c.plan.Candidates) > 0 {
			// The readings considered, on stdout, beside the errors on
			// stderr: a script picks a reading from them.
			data, err := review.RefusalJSON(c.plan, c.diags.Errors())
			if err != nil {
				return err
			}
			if _, err := io.out.Write(data); err != nil {
				return err
			}
		}
		return c.diags
	}
	if stalls := compileStalls(c); len(stalls) > 0 {
		c.diags = append(c.diags, stalls...)
		c.diags.Sort()
	}
	if opts.dryRun {
		preview := newPreview(c)
		if opts.json {
			data, err := review.PreviewJSON(preview)
			if err != nil {
				return err
			}
			_, err = io.out.Write(data)
			return err
		}
		if info := c.diags.Only(parser.Info); len(info) > 0 {
			report(io.err, info)
		}
		return preview.WriteText(io.out, c.graph, emit.Style{Color: io.tty && getenv("NO_COLOR") == ""})
	}
	if opts.format == formatTodo || opts.format == formatTaskInput {
		return writeRunnerFormat(opts, c, io)
	}
	report(io.err, c.diags)
	write := emit.WriteJSON
	if opts.format == "jsonl" {
		write = emit.WriteJSONL
	}
	return writeBeads(opts.output, io.out, write, c.beads)
}

// newPreview is the dry-run preview of a compiled plan, with its source
// branch and where it came from.
func newPreview(c *compiled) review.Preview {
	p := review.NewPreview(c.graph, c.beads, c.diags.Warnings())
	p.SourceBranch, p.SourceBranchFrom = c.settings.SourceBranch, c.sourceFrom
	return p
}

// asDiagnostics reports whether err is a list of plan diagnostics.
func asDiagnostics(err error) (parser.Diagnostics, bool) {
	var ds parser.Diagnostics
	if errors.As(err, &ds) {
		return ds, true
	}
	return nil, false
}
