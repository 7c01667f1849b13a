// Package parser reads a plan written in Markdown into a plan model that keeps
// the source position of every phase, sprint and field.
//
// The parser works on goldmark's AST, never on raw lines, and records byte
// offsets so that other packages (annotate) can edit the file through them.
package parser

// Plan is a parsed plan file.
type Plan struct {
	// File is the name used in diagnostics and in the beads' plan_file.
	File string
	// Src is the whole file as read.
	Src []byte
	// Title is the plain text of the first level-1 heading, if any.
	Title string
	// Defaults holds the plan-wide settings from the front matter and the
	// preamble, front matter first.
	Defaults Defaults
	// Phases lists every phase heading in file order, skipped ones included.
	Phases []*Phase
	// Sprints lists the sprints to compile, in file order. Skipped sprints
	// and sprints under a malformed phase are not in it.
	Sprints []*Sprint
	// Skipped lists struck-through sprints and sprints whose status is
	// skipped, in file order.
	Skipped []*Sprint
	// Entries lists the completion log entries: sprint headings outside any
	// phase section, in file order.
	Entries []*LogEntry
	// Diags holds every problem found while parsing.
	Diags Diagnostics
	// Order says how the sprints' order is found: OrderNumbering (the
	// beads-ralph dialect) or OrderDocument (the other shapes).
	Order int
	// Shape names the shape read, "" for the beads-ralph dialect.
	Shape string
	// Readings are the choices made in reading the plan, for the preview.
	Readings []Reading
	// Candidates are the readings of the plan the parser considered, best
	// first; the one it read has Chosen set (reading.go).
	Candidates []Candidate
	// Parallel are the sentences that say units run in parallel, in file
	// order.
	Parallel []Parallel

	lines lineIndex
}

// Heading is a heading line in the source.
type Heading struct {
	Level int
	// Text is the heading's plain text: markup dropped, code spans kept.
	Text string
	// Pos is the position of the heading's first '#' (or first text byte
	// for a setext heading).
	Pos Pos
	// Start is the offset of the first byte of the heading's line.
	Start int
	// End is the offset just past the heading's last line, including its
	// line ending; it equals len(Src) when the heading ends the file
	// without a newline.
	End int
}

// Markdown renders the heading as a plan_section path element
// ("### Sprint 1.2: Y").
func (h *Heading) Markdown() string {
	return string(h.AppendMarkdown(make([]byte, 0, h.Level+1+len(h.Text))))
}

// AppendMarkdown appends the heading's Markdown form to b.
func (h *Heading) AppendMarkdown(b []byte) []byte {
	if h.Level == 0 {
		// A unit that is not a heading: a list item ("**Step 1.1:** X")
		// or a bold paragraph ("**T4: Adapter**"), as written.
		return append(b, h.Text...)
	}
	for i := 0; i < h.Level; i++ {
		b = append(b, '#')
	}
	return append(append(b, ' '), h.Text...)
}

// Phase is a "Phase N: Title" heading and its section.
type Phase struct {
	ID      string // as written: "3a"
	Num     int    // 3
	Letters string // "a"
	Title   string
	Heading Heading
	// Skipped is set when the phase heading is struck through or carries a
	// skip marker, or its Status says skipped; SkipReason says which.
	Skipped    bool
	SkipReason string
	// Valid is false when the id breaks the pattern; such a phase's sprints
	// are checked but not compiled.
	Valid   bool
	Sprints []*Sprint
	// Upper is set when the phase's letters were written in capitals
	// ("Phase 3A"): by default they mean order, not parallel tracks.
	Upper bool
	// Epic is set when the phase is an epic of a file written for bd
	// (bdfile.go): its issues are the epic's children. Nil for the phases
	// of other plans.
	Epic *Epic
	// Gates are the waits the phase states (**Gate**: lines of its own
	// text): each holds the phase's first units, those that wait on no
	// other unit of the phase.
	Gates []Gate
	// Written is the phase's id as the heading writes it, where beads-ralph
	// cannot carry it and ID keeps only its number: "13.1" of a GSD
	// roadmap's inserted "### Phase 13.1: …" (ID "13"); "" otherwise.
	Written string
}

// Sprint is a "Sprint N.M: Title" heading and the fields of its section.
type Sprint struct {
	// ID is the id with its numbers' leading zeros dropped ("3a.2b" for
	// "03a.02b"); WrittenID is the id as written.
	ID        string
	WrittenID string
	Num       int    // 2
	Letters   string // "b"
	Title     string
	Heading   Heading
	Phase     *Phase
	// End is the offset where the sprint's section ends: the next heading
	// that closes it, or the end of the file.
	End int

	// Skipped is set for struck-through headings, skip markers and Status:
	// skipped, and for every sprint of a skipped phase; SkipReason says
	// which.
	Skipped    bool
	SkipReason string
	// ClosedBy is the completion log entry that closed the sprint, when its
	// own section did not.
	ClosedBy *LogEntry

	// Annotation is the <!-- beads-ralph: ID --> line right after the
	// heading, if there is one.
	Annotation *Annotation
	// Row is set for a unit that is a row of a table (tables.go): a line
	// after a row would break the table, so it is never annotated.
	Row bool
	// Nested is set for a unit that is a sub-item of a list item (Kiro's
	// "  - [ ] 2.1 Task"): a line after it would break its list, so it is
	// never annotated either.
	Nested bool

	Worktree     Field
	Branch       Field
	SourceBranch Field
	Team         Field
	Status       Field // normalised: open, closed, in_progress, blocked
	// StatusValue is where the value of the sprint's own **Status**: line
	// is in the source, after the label up to the line ending; End is 0
	// when the status did not come from such a line.
	StatusValue Span
	Priority    Field // normalised: "0".."4"
	DevAgents   []Agent
	QAAgents    []Agent
	Tasks       []string
	// TasksFromTitle is set when the sprint has no tasks and its title
	// stands in as the one prompt.
	TasksFromTitle bool
	Acceptance     []string
	Labels         []string
	DependsOn      []Ref
	Description    string

	// Pins and proofs (contract §6); the plan's own are in Defaults.
	AllowedPaths   []Pin
	ForbiddenPaths []Pin
	Files          []Pin
	Tests          []Pin
	// TimeoutMinutes is 0 when the sprint gives no Timeout.
	TimeoutMinutes int
	// Gates are the waits before the unit may start (gate.go).
	Gates   []Gate
	Timeout Field
	Role    Field

	// DepsStated is set when the plan states this sprint's dependencies:
	// DependsOn replaces what the numbering would give it (see deps.go).
	DepsStated bool
	// Issue holds what a unit written in bd's own Markdown says beyond the
	// plan language (bdfile.go); nil for other sprints.
	Issue *Issue
	// BeadID is the bead the unit names in its own text, as in
	// "### bd-4uv.3 - Transport" or "**Issue**: bd-si19" (beadref.go):
	// its bead keeps that id, unless an annotation names another.
	BeadID Field
}

// LogEntry is a sprint heading outside any phase section: an entry of a
// completion log ("### ✅ Sprint 4.1: Setup"), or a note.
type LogEntry struct {
	SprintID string // canonical id
	Heading  Heading
	// Done is set when the entry records the sprint done: a done marker in
	// its heading, or a done Status under it.
	Done bool
	// Section is the heading of the section the entry sits in, nil before
	// the first heading.
	Section *Heading
	// ByID is set for a progress tracker's line that names a phase by its
	// id in words of its own: it closes the phase without its title.
	ByID bool
}

// Span is a range of byte offsets, End excluded.
type Span struct{ Start, End int }

// Field is a value read from a "**Label**: value" line.
type Field struct {
	Value string
	Pos   Pos // position of the label
}

// Set reports whether the field was given in the plan.
func (f Field) Set() bool { return f.Pos.IsValid() }

// Agent is one entry of a Dev Agents or QA Agents list:
// "`name` (model) - prompt".
type Agent struct {
	Name   string
	Model  string
	Prompt string
	Pos    Pos
}

// Ref is a sprint id named in a Depends on field.
type Ref struct {
	ID  string
	Pos Pos
	// Order is set when the dependency comes from a stated execution order
	// ("Recommended execution order: 1 → 2 → 4 → 3") rather than a need
	// the plan names: a statement that units run in parallel overrides it.
	Order bool
}

// Parallel is a sentence of the plan that says two or more units run in
// parallel ("Epics 1 and 2 can be parallelized"): the planner drops the
// edges the numbering or a stated order put between them.
type Parallel struct {
	// Units are the ids of the units it names, in the order it names them.
	Units []string
	// Text is the sentence as written.
	Text string
	Pos  Pos
}

// Annotation is a back-annotation comment naming the sprint's bead.
type Annotation struct {
	ID  string
	Pos Pos
	// Start and End delimit the comment's whole line, line ending included.
	Start, End int
}

// Position returns the line and column of a byte offset in the plan.
func (p *Plan) Position(offset int) Pos { return p.lines.pos(offset) }
