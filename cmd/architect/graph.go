package main

import (
	"fmt"

	"github.com/beads-architect/architect/emit/review"
	"github.com/spf13/cobra"
)

// The README's picture of the example plan:
//go:generate sh -c "go run . graph --critical --show-skipped ../../testdata/plans/example.md | dot -Tsvg -o ../../testdata/example.svg"

type graphOptions struct {
	planFlags
	plan        string
	format      string
	output      string
	critical    bool
	showSkipped bool
	live        bool
	bd          string
}

func newCmdGraph(stdio streams, getenv env) *cobra.Command {
	opts := &graphOptions{}
	c := &cobra.Command{
		Use:   "graph PLAN",
		Short: "Draw a plan's dependency graph (DOT, Mermaid or JSON)",
		Long: `Draw the dependency graph a plan compiles to, for review before agents run it.

  dot      graphviz: one cluster per phase, left to right; merge beads are
           hexagons, closed sprints filled, explicit Depends on edges dashed
  mermaid  a flowchart that GitHub renders in a PR or an issue, one subgraph
           per phase
  json     nodes, edges, waves and the critical path, for other tools

--critical draws the critical path in red; --show-skipped adds skipped sprints,
greyed. The plan must compile: its errors are reported as compile reports them,
and nothing is written.

--live reads the plan's beads database as architect status does (bd export)
and colours each sprint by its live state: closed, in progress, ready, blocked,
or not in the database, with a legend. --critical then draws the remaining
critical path, the longest chain of sprints not yet closed.`,
		Example: `  architect graph plans/x.md | dot -Tsvg -o plan.svg
  architect graph --critical --show-skipped plans/x.md -o plan.dot
  architect graph --format mermaid plans/x.md > plan.mmd
  architect graph --format json plans/x.md | jq '.critical_path'
  architect graph --live --critical plans/x.md | dot -Tsvg -o live.svg`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			switch opts.format {
			case "dot", "mermaid", "json":
			default:
				return usagef("--format %q: want dot, mermaid or json", opts.format)
			}
			switch {
			case opts.bd != "" && !opts.live:
				return usagef("--bd goes with --live: only a live graph reads the database")
			case opts.live && opts.plan == "-":
				return usagef("--live needs a plan file, not stdin: the beads record the plan's path")
			case opts.live && (opts.prefix != "" || opts.now != ""):
				return usagef("--live compiles the plan as apply does, with the database's prefix; it takes no --prefix or --now")
			}
			return runGraph(opts, stdio, getenv, defaultApplyEnv())
		},
	}
	fl := c.Flags()
	fl.StringVar(&opts.format, "format", "dot", "output format: dot, mermaid or json")
	fl.StringVarP(&opts.output, "output", "o", "", "write the graph to `FILE` (atomically) instead of stdout")
	fl.BoolVar(&opts.critical, "critical", false, "highlight the critical path")
	fl.BoolVar(&opts.showSkipped, "show-skipped", false, "draw skipped sprints, greyed")
	fl.BoolVar(&opts.live, "live", false, "colour each sprint by its live state in the beads database")
	fl.StringVar(&opts.bd, "bd", "", "with --live: the bd binary to run (default: bd on PATH)")
	addPlanFlags(c, &opts.planFlags)
	return c
}

func runGraph(opts *graphOptions, stdio streams, getenv env, ae applyEnv) error {
	var (
		c    *compiled
		live *review.Live
		err  error
	)
	if opts.live {
		lf := liveFlags{bd: opts.bd, repo: opts.repo, sourceBranch: opts.sourceBranch, verbose: opts.verbose}
		c, live, _, err = readLive(opts.plan, lf, stdio, getenv, ae)
		if err != nil {
			return err
		}
	} else {
		c, err = compilePlan(opts.plan, opts.planFlags, stdio.in, getenv)
		if err != nil {
			return err
		}
		if c.failed() {
			return c.diags
		}
		report(stdio.err, c.diags)
	}
	o := review.Options{Beads: c.beads, Critical: opts.critical, ShowSkipped: opts.showSkipped, Live: live}
	var data []byte
	switch opts.format {
	case "dot":
		data, err = review.DOT(c.graph, o)
	case "mermaid":
		data = review.Mermaid(c.graph, o)
	case "json":
		data, err = review.GraphJSON(c.graph, o)
	}
	if err != nil {
		return err
	}
	if opts.output != "" {
		if err := writeAtomic(opts.output, data); err != nil {
			return fmt.Errorf("writing %s: %w", opts.output, err)
		}
		return nil
	}
	_, err = stdio.out.Write(data)
	return err
}
