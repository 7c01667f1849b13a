// Package annotate writes and removes back-annotations: the
// <!-- beads-ralph: ID --> line right after a sprint heading that names the
// sprint's bead.
//
// It edits a plan the way hclwrite edits HCL: it takes the byte offsets the
// parser recorded for each heading and each existing annotation, and splices
// bytes there. Markdown is never rendered again, so every byte outside the
// annotation lines stays as it was: line endings, a missing final newline,
// trailing spaces.
//
// The package never prints, never exits and runs no programs.
package annotate

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/beads-architect/architect/parser"
)

// Options control Apply.
type Options struct {
	// Force replaces an annotation that names another bead than the map
	// does (the CLI's --force). Without it such a sprint is an error.
	Force bool
}

// Change is one sprint whose annotation is, or would be, written.
type Change struct {
	Sprint *parser.Sprint
	// Old is the id the sprint is annotated with now ("" when it has no
	// annotation, or an unreadable one). New is the id written.
	Old, New string
}

// Result reports what Apply did, sprint by sprint.
type Result struct {
	// Inserted lists sprints that had no annotation and get one.
	Inserted []Change
	// Replaced lists sprints whose annotation named another bead and was
	// replaced (only with Options.Force).
	Replaced []Change
	// Unchanged lists sprints already annotated with their bead.
	Unchanged []*parser.Sprint
	// Kept lists annotated sprints that the map does not name. They keep
	// their annotation.
	Kept []*parser.Sprint
	// Missing lists sprints with neither a bead in the map nor an
	// annotation. They are not touched.
	Missing []*parser.Sprint
	// Skipped lists skipped sprints that the map gives a bead. Skipped
	// sprints are never touched.
	Skipped []Change
	// Rows lists units that are rows of a table (or sub-items of a list
	// item, Sprint.Nested) and that the map gives a
	// bead: a line after a row would break the table, so they are never
	// annotated.
	Rows []Change
	// Unknown lists the sprint ids of the map that name no sprint of the
	// plan, sorted.
	Unknown []string
}

// Changed reports whether the output differs from the input.
func (r *Result) Changed() bool { return len(r.Inserted)+len(r.Replaced) > 0 }

// Blocking returns the plan's error diagnostics that stop annotate: every
// error except those about an annotation line itself (a malformed id, an id
// annotating two sprints), which annotating or stripping repairs.
func Blocking(p *parser.Plan) parser.Diagnostics {
	at := map[int]bool{}
	for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
		for _, s := range list {
			if s.Annotation != nil {
				at[s.Annotation.Start] = true
			}
		}
	}
	var out parser.Diagnostics
	for _, d := range p.Diags {
		if d.Severity == parser.Error && !(d.Pos.IsValid() && at[d.Pos.Offset]) {
			out = append(out, d)
		}
	}
	return out
}

// edit replaces src[start:end] with before, the annotation line for id
// (when id is set), and after.
type edit struct {
	start, end    int
	before, after string
	id            string
}

func (e edit) len() int {
	n := len(e.before) + len(e.after)
	if e.id != "" {
		n += len(annotationOpen) + len(e.id) + len(annotationClose)
	}
	return n
}

// The parts of the annotation comment ("<!-- beads-ralph: ID -->"), which
// parser.IsAnnotationLine reads back; a splice writes them without building
// a string for the line.
const (
	annotationOpen  = "<!-- beads-ralph: "
	annotationClose = " -->"
)

// Apply annotates every sprint of p that ids (sprint id → bead id) names,
// and returns the new file. It inserts the annotation on the line right
// after the heading, or replaces the annotation already there; nothing else
// changes.
//
// The error is a parser.Diagnostics of errors: the plan's own errors (see
// Blocking), bead ids that do not look like bead ids, a sprint annotated
// with another bead (unless Options.Force), and a bead id that would
// annotate two sprints. On error out is nil and nothing should be written.
func Apply(p *parser.Plan, ids map[string]string, opts Options) (out []byte, res Result, err error) {
	if ds := Blocking(p); len(ds) > 0 {
		return nil, res, ds
	}
	var diags parser.Diagnostics
	errorf := func(pos parser.Pos, format string, args ...any) {
		diags = append(diags, parser.Diagnostic{File: p.File, Pos: pos, Severity: parser.Error, Msg: fmt.Sprintf(format, args...)})
	}

	if ds := badIDs(p.File, ids); len(ds) > 0 {
		return nil, res, ds
	}

	matched := 0 // map entries that name a sprint of the plan
	// final is the id each sprint is annotated with after the edit, to
	// check that no bead annotates two sprints.
	final := make([]owner, 0, len(p.Sprints)+len(p.Skipped))
	edits := make([]edit, 0, len(p.Sprints))
	items := false // a unit that is no "#" heading gets a comment

	for _, s := range p.Skipped {
		old := current(p, s)
		if id, ok := ids[s.ID]; ok {
			matched++
			res.Skipped = append(res.Skipped, Change{Sprint: s, Old: old, New: id})
		}
		if old != "" {
			final = append(final, owner{s, old})
		}
	}
	for _, s := range p.Sprints {
		old := current(p, s)
		id, ok := ids[s.ID]
		if ok {
			matched++
		}
		switch {
		case ok && (s.Row || s.Nested):
			res.Rows = append(res.Rows, Change{Sprint: s, New: id})
			continue
		case !ok && s.Annotation == nil:
			res.Missing = append(res.Missing, s)
			continue
		case !ok:
			res.Kept = append(res.Kept, s)
			if old != "" {
				final = append(final, owner{s, old})
			}
			continue
		case s.Annotation == nil:
			edits = append(edits, insertion(p.Src, s, id))
			items = items || !atxHeading(p.Src, s)
			res.Inserted = append(res.Inserted, Change{Sprint: s, New: id})
		case old == id:
			res.Unchanged = append(res.Unchanged, s)
		case !opts.Force:
			shown := old
			if s.Annotation.ID == "" {
				shown += " (not a bead id)"
			}
			errorf(s.Annotation.Pos, "sprint %s is annotated with %s, but its bead is %s; use --force to replace the annotation", s.ID, shown, id)
			continue
		default:
			edits = append(edits, replacement(p.Src, s.Annotation, id))
			res.Replaced = append(res.Replaced, Change{Sprint: s, Old: old, New: id})
		}
		final = append(final, owner{s, id})
	}
	if matched < len(ids) {
		res.Unknown = unknownSprints(p, ids)
	}
	for _, d := range sharedBeads(final) {
		errorf(d.s.Heading.Pos, "bead %s would annotate both sprint %s (line %d) and sprint %s", d.id, d.first.ID, d.first.Heading.Pos.Line, d.s.ID)
	}
	if len(diags) > 0 {
		diags.Sort()
		return nil, res, diags
	}
	out, err = edited(p, edits, items)
	if err != nil {
		return nil, res, err
	}
	return out, res, nil
}

// badIDs reports the bead ids of ids that are no bead ids, by sprint.
func badIDs(file string, ids map[string]string) parser.Diagnostics {
	var bad []string
	for k, id := range ids {
		if !parser.ValidBeadID(id) {
			bad = append(bad, k)
		}
	}
	sort.Strings(bad)
	var ds parser.Diagnostics
	for _, k := range bad {
		ds = append(ds, parser.Diagnostic{File: file, Severity: parser.Error,
			Msg: fmt.Sprintf("bead id %q of sprint %s is not a bead id (want ids like bd-a3f8)", ids[k], k)})
	}
	return ds
}

// edited returns p's file with the edits made. A line written after the
// end of the file must not change how the plan reads (a setext heading's
// lone "-" underline there turns into a list item once a line follows
// it): then it returns an error and no file.
//
// A comment written under a list item ends its list, which may change how
// the items read (a plain bullet over ticked sub-items is a unit in a
// list of boxes, and not alone): when items says a unit that is no
// heading gets a comment, the plan is read again too, and annotating is
// refused if the sprints would change.
func edited(p *parser.Plan, edits []edit, items bool) ([]byte, error) {
	// p.Sprints is in file order, so the edits are too; check, in O(n).
	less := func(i, j int) bool { return edits[i].start < edits[j].start }
	if !sort.SliceIsSorted(edits, less) {
		sort.Slice(edits, less)
	}
	out := splice(p.Src, edits)
	atEnd := len(edits) > 0 && edits[len(edits)-1].start == len(p.Src)
	if !atEnd && !items {
		return out, nil
	}
	q := parser.Parse(p.File, out)
	if sameSprints(p.Sprints, q.Sprints) && sameSprints(p.Skipped, q.Skipped) {
		return out, nil
	}
	msg := "annotating would change which sprints the plan has; nothing was written: give the last heading a newline, or use #-style headings"
	pos := parser.Pos{Line: 1, Col: 1}
	if items {
		msg = "annotating would change which sprints the plan has; nothing was written: the comments under its list items would split their lists, and the plan would read otherwise"
		if s := firstLost(p.Sprints, q.Sprints); s != nil {
			pos = s.Heading.Pos
			msg += fmt.Sprintf(" (sprint %s %q would be lost or moved)", s.ID, s.Title)
		}
	}
	return nil, parser.Diagnostics{{File: p.File, Pos: pos, Severity: parser.Error, Msg: msg}}
}

// atxHeading reports whether sprint s is written as a "#" heading, whose
// annotation, a line under it, cannot change how the plan reads.
func atxHeading(src []byte, s *parser.Sprint) bool {
	if s.Heading.Start < 0 || s.Heading.Start >= len(src) {
		return false
	}
	line := bytes.TrimLeft(src[s.Heading.Start:], " ")
	return len(line) > 0 && line[0] == '#'
}

// firstLost is the first sprint of a, in order, whose title b does not
// have at the same place.
func firstLost(a, b []*parser.Sprint) *parser.Sprint {
	for i, s := range a {
		if i >= len(b) || b[i].Title != s.Title {
			return s
		}
	}
	return nil
}

// owner is the bead a sprint is annotated with once the edit is made.
type owner struct {
	s  *parser.Sprint
	id string
}

// unknownSprints returns, sorted, the sprint ids of ids that p has neither
// among its sprints nor among its skipped ones.
func unknownSprints(p *parser.Plan, ids map[string]string) []string {
	known := make(map[string]bool, len(p.Sprints)+len(p.Skipped))
	for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
		for _, s := range list {
			known[s.ID] = true
		}
	}
	var out []string
	for k := range ids {
		if !known[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// shared is a bead that would annotate sprint s, and first before it.
type shared struct {
	owner
	first *parser.Sprint
}

// sharedBeads finds the beads that would annotate two sprints, whichever
// of them keeps an old annotation: each is reported at the later sprint,
// naming the earlier one.
func sharedBeads(final []owner) []shared {
	var out []shared
	first := make(map[string]*parser.Sprint, len(final))
	for _, o := range final {
		prev, dup := first[o.id]
		if !dup {
			first[o.id] = o.s
			continue
		}
		a, b := prev, o.s
		if b.Heading.Start < a.Heading.Start {
			a, b = b, a
			first[o.id] = a
		}
		out = append(out, shared{owner{b, o.id}, a})
	}
	return out
}

// sameSprints reports whether two lists name the same sprints in order.
func sameSprints(a, b []*parser.Sprint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

// current returns the id the sprint's annotation names: the parser's, or
// for a malformed one, the raw text between "beads-ralph:" and "-->".
func current(p *parser.Plan, s *parser.Sprint) string {
	a := s.Annotation
	if a == nil {
		return ""
	}
	if a.ID != "" {
		return a.ID
	}
	id, _ := parser.IsAnnotationLine(p.Src[a.Start:a.End])
	return id
}

// lineEnding returns the line ending that ends at offset end ("\r\n",
// "\n"), or "" when end is not just past a newline.
func lineEnding(src []byte, end int) string {
	if end == 0 || src[end-1] != '\n' {
		return ""
	}
	if end >= 2 && src[end-2] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// insertion puts the annotation on a new line after the sprint's heading,
// with the heading's own line ending. A heading that ends the file without
// a newline gets one (the file's own kind), and the annotation then ends the
// file without one, as the heading did.
func insertion(src []byte, s *parser.Sprint, id string) edit {
	at := s.Heading.End
	if eol := lineEnding(src, at); eol != "" {
		return edit{start: at, end: at, id: id, after: eol}
	}
	return edit{start: at, end: at, before: fileEnding(src, s.Heading.Start), id: id}
}

// fileEnding returns the line ending of the last line before offset before,
// or "\n" when there is none.
func fileEnding(src []byte, before int) string {
	if i := bytes.LastIndexByte(src[:before], '\n'); i >= 0 {
		return lineEnding(src, i+1)
	}
	return "\n"
}

// replacement rewrites an annotation line's text and keeps its line ending.
func replacement(src []byte, a *parser.Annotation, id string) edit {
	end := a.End - len(lineEnding(src, a.End))
	return edit{start: a.Start, end: end, id: id}
}

// Strip returns p's source without the annotations after its sprint
// headings, skipped sprints included; a run of annotation lines there (left
// by a merge, say) goes as a whole. Every other byte stays. An annotation
// that ends the file without a newline goes with the newline before it, so
// Strip undoes what Apply writes after a heading on the last line.
func Strip(p *parser.Plan) []byte {
	var edits []edit
	for _, list := range [][]*parser.Sprint{p.Sprints, p.Skipped} {
		for _, s := range list {
			a := s.Annotation
			if a == nil {
				continue
			}
			// Each annotation line is an HTML block of its own (it holds
			// "-->"), so a run of them after the heading is a run of
			// blocks, all of them markers this package owns.
			// More annotation lines may follow, with only blank lines
			// between (a merge, a formatter): the parser would read the
			// next one as the annotation once this one is gone.
			end := a.End
			for at := end; at < len(p.Src); {
				next := at + 1 + bytes.IndexByte(p.Src[at:], '\n')
				if next == at {
					next = len(p.Src)
				}
				line := p.Src[at:next]
				if _, ok := parser.IsAnnotationLine(line); ok {
					end, at = next, next
					continue
				}
				if !blank(line) {
					break
				}
				at = next
			}
			start := a.Start
			if start > s.Heading.End && blank(p.Src[s.Heading.End:start]) {
				// A formatter put blank lines between the heading and the
				// annotation: they go with it, as Apply wrote none.
				start = s.Heading.End
			}
			if lineEnding(p.Src, end) == "" {
				// Take back the newline Apply put before an annotation
				// that ends the file: the file's own kind, as Apply chose.
				if sep := fileEnding(p.Src, s.Heading.Start); bytes.HasSuffix(p.Src[:start], []byte(sep)) {
					start -= len(sep)
				} else {
					start -= len(lineEnding(p.Src, start))
				}
			}
			edits = append(edits, edit{start: start, end: end})
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	return splice(p.Src, edits)
}

// splice applies edits, sorted by offset and not overlapping, to a copy of
// src.
func splice(src []byte, edits []edit) []byte {
	n := len(src)
	for _, e := range edits {
		n += e.len() - (e.end - e.start)
	}
	out := make([]byte, 0, n)
	last := 0
	for _, e := range edits {
		out = append(out, src[last:e.start]...)
		out = append(out, e.before...)
		if e.id != "" {
			out = append(out, annotationOpen...)
			out = append(out, e.id...)
			out = append(out, annotationClose...)
		}
		out = append(out, e.after...)
		last = e.end
	}
	return append(out, src[last:]...)
}

// blank reports whether b holds only blanks and line endings.
func blank(b []byte) bool {
	return len(bytes.TrimLeft(b, " \t\r\n")) == 0
}
