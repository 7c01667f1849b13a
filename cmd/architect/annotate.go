package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
	"github.com/spf13/cobra"
)

type annotateOptions struct {
	plan   string
	from   []string
	maps   []string
	repo   string
	force  bool
	check  bool
	dryRun bool
	strip  bool
	// reading is --reading: a declared reading of the plan, as compile's.
	reading string
}

func newCmdAnnotate(stdio streams) *cobra.Command {
	opts := &annotateOptions{}
	c := &cobra.Command{
		Use:   "annotate PLAN {--from FILE | --map SPRINT=ID | --strip}",
		Short: "Write each sprint's bead id into the plan",
		Long: `Annotate writes <!-- beads-ralph: ID --> on the line right after each sprint
heading, so the plan points at its beads, and a recompile keeps every id even
when a sprint's title, number or file changes.

The ids come from --from FILE: the output of architect compile (a JSON array
or --format jsonl), bd export, bd list --json or bd show --json ("-" reads
standard input). Only beads whose metadata.plan_file is this plan count; they
are matched to sprints by metadata.plan_sprint_id. --map SPRINT=ID gives one
id by hand and wins over --from.

Only the annotation lines change: every other byte of the file, line endings
and a missing final newline included, stays as it was. The file is replaced
atomically and keeps its mode; annotate refuses to write if the file changed
while it ran. A sprint annotated with another bead than the beads say is an
error unless --force. Sprints without a bead are listed and left alone.

--check writes nothing and exits 1 when the plan is not up to date. --dry-run
writes nothing and prints the change as a unified diff. --strip removes every
annotation after a sprint heading, and nothing else.`,
		Example: `  architect compile plan.md -o beads.json && architect annotate plan.md --from beads.json
  bd export | architect annotate plan.md --from -
  architect annotate plan.md --map 1.2a=bd-a3f8 --force
  architect annotate plan.md --from beads.json --check
  architect annotate plan.md --strip --dry-run`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.plan = a[0]
			if opts.plan == "-" {
				return usagef("annotate edits a file in place; PLAN cannot be -")
			}
			if opts.strip && (len(opts.from) > 0 || len(opts.maps) > 0 || opts.force) {
				return usagef("--strip removes annotations; it takes no --from, --map or --force")
			}
			if !opts.strip && len(opts.from) == 0 && len(opts.maps) == 0 {
				return usagef("no bead ids given: use --from FILE (architect compile, bd export or bd list --json output) or --map SPRINT=ID")
			}
			stdin := 0
			for _, f := range opts.from {
				if f == "-" {
					stdin++
				}
			}
			if stdin > 1 {
				return usagef("--from - reads standard input; give it once")
			}
			return runAnnotate(opts, stdio)
		},
	}
	fl := c.Flags()
	fl.StringArrayVar(&opts.from, "from", nil, "read bead ids from `FILE` (architect compile output, bd export, bd list/show --json; - for stdin); repeatable")
	fl.StringArrayVar(&opts.maps, "map", nil, "give a sprint its bead by hand, as `SPRINT=ID` (repeatable); wins over --from")
	fl.StringVar(&opts.repo, "repo", "", "repository root `DIR` that plan_file is relative to (default: found with git from the plan's directory)")
	fl.BoolVar(&opts.force, "force", false, "replace annotations that name another bead")
	fl.BoolVar(&opts.check, "check", false, "write nothing; exit 1 when the plan is not up to date")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "write nothing; print the change as a unified diff")
	fl.StringVar(&opts.reading, "reading", "", "read the plan this way, as compile --reading does (`LINE`); .architect.yaml's entry for the plan counts too")
	fl.BoolVar(&opts.strip, "strip", false, "remove every annotation instead")
	return c
}

func runAnnotate(opts *annotateOptions, stdio streams) error {
	var flags []claim
	for _, m := range opts.maps {
		c, err := parseMapFlag(m)
		if err != nil {
			return err
		}
		flags = append(flags, c)
	}
	// The --from files are read while the plan is parsed: at 10,000 beads
	// each takes about half of a run. Their errors count only once the
	// plan is known to be good, as if they were read after it.
	fromc := make(chan fromResult, 1)
	if !opts.strip {
		go func() { fromc <- readFromAll(opts.from, stdio.in) }()
	}
	// The checkout's root, found once: the declared reading and, without
	// --repo, plan_file are read from it. git finds it while the plan is
	// parsed in the checkout it is most likely in (as compile does); the
	// parse is kept when git names that checkout, else done again.
	dir := filepath.Dir(opts.plan)
	rootc := make(chan rootResult, 1)
	go func() {
		root, err := checkoutRoot(dir, "")
		rootc <- rootResult{root, err}
	}()
	name, src, err := readPlan(opts.plan, nil)
	if err != nil {
		return err
	}
	var p *parser.Plan
	likely := likelyRoot(dir, "")
	if likely != "" {
		p = parsePlanIn(likely, nil, opts.plan, name, src, opts.reading)
	}
	found := <-rootc
	root, rootErr := found.root, found.err
	if p == nil || rootErr != nil || root != likely {
		p = parsePlanIn(root, rootErr, opts.plan, name, src, opts.reading)
	}
	if ds := annotate.Blocking(p); len(ds) > 0 {
		ds.Sort()
		return ds
	}

	var (
		out      []byte
		res      annotate.Result
		what     string
		stripped int
	)
	if opts.strip {
		out = annotate.Strip(p)
		for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
			for _, s := range list {
				if s.Annotation != nil {
					stripped++
				}
			}
		}
		what = fmt.Sprintf("%d %s to remove", stripped, emit.Noun(stripped, "annotation", "annotations"))
	} else {
		if opts.repo != "" {
			root, rootErr = checkoutRoot(filepath.Dir(opts.plan), opts.repo)
		}
		if rootErr != nil {
			return rootErr
		}
		planFile, _, err := planFileIn(root, opts.plan)
		if err != nil {
			return err
		}
		read := <-fromc
		if read.err != nil {
			return read.err
		}
		ids, err := beadMap(planFile, read.files, flags)
		if err != nil {
			return err
		}
		out, res, err = annotate.Apply(p, ids, annotate.Options{Force: opts.force})
		if err != nil {
			return err
		}
		report(stdio.err, warnings(p, ids, res))
		what = fmt.Sprintf("%d %s to insert, %d to replace", len(res.Inserted), emit.Noun(len(res.Inserted), "annotation", "annotations"), len(res.Replaced))
	}

	changed := string(out) != string(src)
	if opts.dryRun {
		if _, err := stdio.out.Write(unifiedDiff("a/"+name, "b/"+name, src, out)); err != nil {
			return err
		}
	}
	switch {
	case opts.check && changed:
		return &checkError{[]string{fmt.Sprintf("%s: not up to date: %s", name, what)}}
	case opts.check || opts.dryRun:
		return nil
	case !changed:
		fmt.Fprintf(stdio.err, "%s: up to date\n", name)
		return nil
	}
	if err := replaceFile(opts.plan, src, out); err != nil {
		if errors.Is(err, errChanged) {
			return err
		}
		return fmt.Errorf("writing %s: %w; the plan is unchanged", opts.plan, err)
	}
	if opts.strip {
		fmt.Fprintf(stdio.err, "%s: removed %d %s\n", name, stripped, emit.Noun(stripped, "annotation", "annotations"))
	} else {
		fmt.Fprintf(stdio.err, "%s: %d inserted, %d replaced, %d unchanged\n", name, len(res.Inserted), len(res.Replaced), len(res.Unchanged))
	}
	return nil
}

// warnings lists what annotate leaves alone: sprints with no bead, skipped
// sprints, and beads of sprints the plan does not have.
func warnings(p *parser.Plan, ids map[string]string, res annotate.Result) parser.Diagnostics {
	var ds parser.Diagnostics
	warn := func(pos parser.Pos, format string, values ...any) {
		ds = append(ds, parser.Diagnostic{File: p.File, Pos: pos, Severity: parser.Warning, Msg: fmt.Sprintf(format, values...)})
	}
	for _, s := range res.Missing {
		warn(s.Heading.Pos, "sprint %s has no bead; left unannotated", s.ID)
	}
	for _, c := range res.Skipped {
		warn(c.Sprint.Heading.Pos, "sprint %s is skipped; its bead %s is not written into the plan", c.Sprint.ID, c.New)
	}
	for _, c := range res.Rows {
		if c.Sprint.Nested {
			warn(c.Sprint.Heading.Pos, "sprint %s is a sub-item of a list item; its bead %s is not written into the plan (a line after it would break its list)", c.Sprint.ID, c.New)
			continue
		}
		warn(c.Sprint.Heading.Pos, "sprint %s is a row of a table; its bead %s is not written into the plan (a line after a row would break the table)", c.Sprint.ID, c.New)
	}
	for _, id := range res.Unknown {
		warn(parser.Pos{}, "bead %s is for sprint %s, which this plan does not have", ids[id], id)
	}
	ds.Sort()
	return ds
}

// rootResult is what checkoutRoot returned.
type rootResult struct {
	root string
	err  error
}

// fromResult is the beads of every --from file, or the first error.
type fromResult struct {
	files []fromFile
	err   error
}

// readFromAll reads the --from files in order, stopping at the first that
// cannot be read.
func readFromAll(names []string, stdin io.Reader) fromResult {
	var r fromResult
	for _, name := range names {
		issues, err := readFrom(name, stdin)
		if err != nil {
			return fromResult{err: err}
		}
		r.files = append(r.files, fromFile{name, issues})
	}
	return r
}

// readFrom reads the beads of --from FILE, or of standard input for "-".
// A file is refused when it is over the plan size limit times four (a bd
// export of a large database).
func readFrom(name string, stdin io.Reader) ([]bdsync.Issue, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--from %s: %w", name, errors.Unwrap(err))
		}
		defer f.Close()
		r = f
	}
	const limit = 4 * parser.MaxSize
	buf := bytes.NewBuffer(nil)
	var mapped []byte
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() <= limit {
				mapped, _ = mapFile(f, fi.Size())
			}
			if mapped == nil {
				// One read, not a doubling buffer: ReadFrom grows the
				// buffer whenever less than MinRead bytes are free, even
				// when the next read would only find the end of the file.
				// Made, not grown: Grow clears the whole buffer before the
				// read fills it (29 MB at 10,000 beads), where a new buffer
				// of fresh memory needs no clearing.
				buf = bytes.NewBuffer(make([]byte, 0, int(min(fi.Size(), limit))+bytes.MinRead))
			}
		}
	}
	data := mapped
	if data == nil {
		_, err := buf.ReadFrom(io.LimitReader(r, limit+1))
		data = buf.Bytes()
		if err != nil {
			return nil, fmt.Errorf("--from %s: %w", name, err)
		}
	}
	if len(data) > limit {
		return nil, fmt.Errorf("--from %s: larger than %d MiB", name, limit>>20)
	}
	var (
		issues []bdsync.Issue
		err    error
	)
	if mapped != nil {
		issues, err = readRefsMapped(mapped)
		if errors.Is(err, errTruncated) {
			return nil, fmt.Errorf("--from %s: %w; run annotate again once it is written", name, err)
		}
	} else {
		issues, err = bdsync.ReadRefs(data)
	}
	var fe *bdsync.FormatError
	var re *bdsync.ReadError
	switch {
	case errors.Is(err, bdsync.ErrEmpty):
		return nil, fmt.Errorf("--from %s: the file is empty; want the output of architect compile, bd export, or bd list --json", name)
	case errors.As(err, &fe):
		return nil, usagef("--from %s: unknown format: want a JSON array (architect compile, bd list --json, bd show --json) or JSON lines (bd export)", name)
	case errors.As(err, &re):
		return nil, fmt.Errorf("--from %s: %s", re.Pos.In(name), re.Msg)
	}
	return issues, err
}

// errTruncated is a --from file cut short while it was mapped and read.
var errTruncated = errors.New("the file was cut short while it was read")

// readRefsMapped is bdsync.ReadRefs on a mapped file. A file truncated
// while it is read faults on the pages past its new end (SIGBUS), which
// would crash the process; the fault is made a panic here (a runtime error
// with the faulting address), and that panic errTruncated. Any other panic
// goes on. Nothing ReadRefs returns points into data.
func readRefsMapped(data []byte) (issues []bdsync.Issue, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			issues, err = nil, errTruncated
		}
	}()
	return bdsync.ReadRefs(data)
}

// fromFile is the beads one --from file holds.
type fromFile struct {
	name   string
	issues []bdsync.Issue
}

// claim is a sprint's bead as a --from file or a --map flag gives it.
type claim struct {
	sprint, id string
	// source says where, for messages: "--map 1.2=bd-x".
	source string
}

// parseMapFlag reads a --map SPRINT=ID flag.
func parseMapFlag(v string) (claim, error) {
	sprint, id, ok := strings.Cut(v, "=")
	sprint, id = strings.TrimSpace(sprint), strings.TrimSpace(id)
	if !ok || sprint == "" || id == "" {
		return claim{}, usagef("--map %q: want SPRINT=ID, like --map 1.2a=bd-a3f8", v)
	}
	if !parser.ValidBeadID(id) {
		return claim{}, usagef("--map %q: %q is not a bead id (want ids like bd-a3f8)", v, id)
	}
	return claim{sprint: sprint, id: id, source: "--map " + v}, nil
}

// origin is where a bead of beadMap came from: a place in a file, or text.
type origin struct {
	file string
	pos  bdsync.Pos
	text string // "--map 1.2=bd-x"
}

func (o origin) String() string {
	if o.text != "" {
		return o.text
	}
	return o.pos.In(o.file)
}

// beadMap maps the sprint ids of plan planFile to bead ids. From files it
// takes only beads whose plan_file is planFile; --map flags name no plan
// and always count, and win over the files. A sprint given two different
// beads is an error.
func beadMap(planFile string, from []fromFile, flags []claim) (map[string]string, error) {
	n := len(flags)
	for _, f := range from {
		n += len(f.issues)
	}
	ids := make(map[string]string, n)
	// src says where each sprint's bead came from, for the message about a
	// sprint with two; a file's place is worded only then.
	src := make(map[string]origin, n)
	var errs []string
	add := func(sprint, id string, o origin) {
		if prev, ok := ids[sprint]; ok && prev != id {
			errs = append(errs, fmt.Sprintf("sprint %s has two beads: %s (%s) and %s (%s)", sprint, prev, src[sprint], id, o))
			return
		}
		ids[sprint] = id
		src[sprint] = o
	}
	for _, f := range from {
		for i := range f.issues {
			is := &f.issues[i]
			if is.PlanFile() != planFile || is.Sprint() == "" {
				continue
			}
			o := origin{file: f.name, pos: is.Pos}
			if !parser.ValidBeadID(is.ID) {
				errs = append(errs, fmt.Sprintf("%s: %q is not a bead id (want ids like bd-a3f8)", o, is.ID))
				continue
			}
			add(is.Sprint(), is.ID, o)
		}
	}
	// --map wins over the files.
	for _, c := range flags {
		delete(ids, c.sprint)
	}
	for _, c := range flags {
		add(c.sprint, c.id, origin{text: c.source})
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no bead belongs to plan %s: %s", planFile, otherPlans(from))
	}
	return ids, nil
}

// otherPlans says which plans the beads read do belong to.
func otherPlans(from []fromFile) string {
	n := 0
	seen := map[string]bool{}
	var plans []string
	for _, f := range from {
		for _, is := range f.issues {
			n++
			if p := is.PlanFile(); p != "" && !seen[p] {
				seen[p] = true
				plans = append(plans, p)
			}
		}
	}
	if n == 0 {
		return "--from holds no beads"
	}
	if len(plans) == 0 {
		return fmt.Sprintf("none of the %d beads read has a metadata.plan_file (use --map SPRINT=ID for those)", n)
	}
	sort.Strings(plans)
	const most = 5
	more := ""
	if len(plans) > most {
		more = fmt.Sprintf(" and %d more", len(plans)-most)
		plans = plans[:most]
	}
	return fmt.Sprintf("the %d beads read belong to %s%s (plan_file is relative to the repository root; see --repo)", n, strings.Join(plans, ", "), more)
}
