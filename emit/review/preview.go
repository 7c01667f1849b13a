package review

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
	"github.com/mattn/go-runewidth"
)

// Preview is what `architect compile --dry-run --json` prints.
type Preview struct {
	Plan         string           `json:"plan"`
	Title        string           `json:"title"`
	Sprints      int              `json:"sprints"`
	Phases       []Phase          `json:"phases"`
	Waves        [][]string       `json:"waves"`
	CriticalPath []string         `json:"critical_path"`
	Merges       []PreviewMerge   `json:"merges"`
	Skipped      []PreviewSkipped `json:"skipped"`
	// SkippedPhases are the phases left out whole; their sprints are in
	// Skipped too.
	SkippedPhases []PreviewSkipped `json:"skipped_phases"`
	// ClosedByLog are the sprints that a completion log entry closed.
	ClosedByLog []PreviewClosed `json:"closed_by_log"`
	// Pins are the scope pins, tests and time budgets of the sprints that
	// have any, in execution order.
	Pins     []PreviewPins `json:"pins"`
	Warnings []PreviewDiag `json:"warnings"`
	// Readings say how the plan was read: the candidate readings the
	// parser considered, best first, and the choices made in reading it.
	Readings PreviewReadings `json:"readings"`
	// Gates are the waits the plan states, as gate beads; Epics the
	// phases' epics (compile --epics) as bd swarm validate sees them.
	Gates []PreviewGate `json:"gates"`
	Epics []PreviewEpic `json:"epics,omitempty"`
	// SourceBranch is the branch the plan's sprints start from unless one
	// sets its own, and SourceBranchFrom where it came from (a setting,
	// the beads applied from the plan, or what the repository states).
	// The caller sets them; the text shows them when set.
	SourceBranch     string `json:"source_branch,omitempty"`
	SourceBranchFrom string `json:"source_branch_from,omitempty"`
}

// PreviewReadings are the readings of a plan the parser considered.
type PreviewReadings struct {
	// Candidates are every reading considered, best first; the one read
	// has Chosen set.
	Candidates []PreviewCandidate `json:"candidates"`
	// Notes are the choices made in reading the plan: its shape, what its
	// letters mean, statements of parallel work applied.
	Notes []PreviewDiag `json:"notes"`
}

// PreviewCandidate is one reading of the plan.
type PreviewCandidate struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Units is how many units the reading finds; -1 when it counts them
	// only by reading.
	Units  int  `json:"units"`
	Chosen bool `json:"chosen"`
	// Declare is the front-matter line that selects this reading.
	Declare string `json:"declare"`
	Score   int    `json:"score"`
	Why     string `json:"why"`
	// Lines are the lines of its first units.
	Lines []int `json:"lines"`
}

// NewReadings lists plan's candidate readings and reading notes.
func NewReadings(plan *parser.Plan, notes []parser.Reading) PreviewReadings {
	r := PreviewReadings{Candidates: []PreviewCandidate{}, Notes: []PreviewDiag{}}
	for _, c := range plan.Candidates {
		r.Candidates = append(r.Candidates, PreviewCandidate{Name: c.Name, Description: c.Description, Units: c.Units,
			Chosen: c.Chosen, Declare: c.Declare, Score: c.Score, Why: c.Why, Lines: append([]int{}, c.First...)})
	}
	for _, n := range notes {
		r.Notes = append(r.Notes, PreviewDiag{File: plan.File, Line: n.Pos.Line, Col: n.Pos.Col, Message: n.Text})
	}
	return r
}

// PreviewPins are one sprint's pins, tests and time budget.
type PreviewPins struct {
	ID             string   `json:"id"`
	AllowedPaths   []string `json:"allowed_paths"`
	ForbiddenPaths []string `json:"forbidden_paths"`
	Files          []string `json:"files"`
	Tests          []string `json:"tests"`
	TimeoutMinutes *int     `json:"timeout_minutes"`
}

// PreviewClosed is a sprint closed by a completion log entry.
type PreviewClosed struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Line is the entry's line; SprintLine the sprint heading's.
	Line       int `json:"line"`
	SprintLine int `json:"sprint_line"`
}

// Phase is one phase and its compiled sprints, in execution order, as the
// preview and the graph export list it.
type Phase struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Sprints []string `json:"sprints"`
}

// PreviewMerge is a sprint that starts from several branches.
type PreviewMerge struct {
	Sprint string `json:"sprint"`
	Title  string `json:"title"`
	Bead   string `json:"bead"`
	Branch string `json:"branch"`
	// From are the sprints it merges, and Branches their branches, in the
	// same order.
	From     []string `json:"from"`
	Branches []string `json:"branches"`
}

// PreviewSkipped is a skipped sprint or phase.
type PreviewSkipped struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// PreviewDiag is a warning with its position.
type PreviewDiag struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// NewPreview summarises a compiled plan. beads are the plan's beads in
// execution order; warnings are every warning of the compile.
func NewPreview(g *planner.Graph, beads []emit.Bead, warnings parser.Diagnostics) Preview {
	p := Preview{
		Plan:          g.Plan.File,
		Title:         g.Plan.Title,
		Sprints:       len(g.Nodes),
		Phases:        []Phase{},
		Waves:         make([][]string, len(g.Waves)),
		CriticalPath:  ids(g.CriticalPath),
		Merges:        []PreviewMerge{},
		Skipped:       []PreviewSkipped{},
		SkippedPhases: []PreviewSkipped{},
		ClosedByLog:   []PreviewClosed{},
		Pins:          []PreviewPins{},
		Warnings:      []PreviewDiag{},
	}
	var cur *Phase
	for _, n := range g.Nodes {
		ph := n.Sprint.Phase
		if cur == nil || cur.ID != ph.ID {
			p.Phases = append(p.Phases, Phase{ID: ph.ID, Title: ph.Title})
			cur = &p.Phases[len(p.Phases)-1]
		}
		cur.Sprints = append(cur.Sprints, n.ID())
		// With beads, a merge is what the bead says: predecessors the plan
		// calls done are on the source branch already and merge nothing.
		// Its branches say it, as a bead of a bd type (docs/bd-markdown.md)
		// merges without the merge type.
		haveBeads := len(beads) >= len(g.Nodes) // epics come after the sprints' beads
		if haveBeads && len(beads[n.Order].Metadata.BranchesToMerge) > 0 || !haveBeads && n.IsMerge() {
			m := PreviewMerge{Sprint: n.ID(), Title: n.Sprint.Title, From: ids(n.Deps), Branches: []string{}}
			if haveBeads {
				m.Bead, m.Branch = beads[n.Order].ID, beads[n.Order].Metadata.Branch
				m.Branches = append(m.Branches, beads[n.Order].Metadata.BranchesToMerge...)
			}
			p.Merges = append(p.Merges, m)
		}
	}
	for i, w := range g.Waves {
		p.Waves[i] = ids(w)
	}
	p.Readings = NewReadings(g.Plan, append(slices.Clone(g.Plan.Readings), g.Readings...))
	for _, s := range g.Plan.Skipped {
		p.Skipped = append(p.Skipped, PreviewSkipped{ID: s.ID, Title: s.Title, Line: s.Heading.Pos.Line, Reason: s.SkipReason})
	}
	for _, ph := range g.Plan.Phases {
		if ph.Skipped {
			p.SkippedPhases = append(p.SkippedPhases, PreviewSkipped{ID: ph.ID, Title: ph.Title, Line: ph.Heading.Pos.Line, Reason: ph.SkipReason})
		}
	}
	for _, n := range g.Nodes {
		if e := n.Sprint.ClosedBy; e != nil {
			p.ClosedByLog = append(p.ClosedByLog, PreviewClosed{ID: n.ID(), Title: n.Sprint.Title, Line: e.Heading.Pos.Line, SprintLine: n.Sprint.Heading.Pos.Line})
		}
	}
	if len(beads) >= len(g.Nodes) {
		for _, n := range g.Nodes {
			m := beads[n.Order].Metadata
			sc := m.Scope
			if len(sc.Allowed)+len(sc.Forbidden)+len(sc.Files)+len(m.Tests) == 0 && m.TimeoutMinutes == nil {
				continue
			}
			p.Pins = append(p.Pins, PreviewPins{ID: n.ID(), AllowedPaths: sc.Allowed, ForbiddenPaths: sc.Forbidden,
				Files: sc.Files, Tests: m.Tests, TimeoutMinutes: m.TimeoutMinutes})
		}
	}
	p.gatesAndEpics(g, beads)
	for _, w := range warnings {
		p.Warnings = append(p.Warnings, PreviewDiag{File: w.File, Line: w.Pos.Line, Col: w.Pos.Col, Message: w.Msg})
	}
	return p
}

// Layout limits of the text preview.
const (
	previewTitleWidth = 28 // a title in a wave cell is cut to this many columns
	previewWaveCells  = 4  // sprints on one line of a wave; more wrap
	previewLineWidth  = 78 // the critical path wraps at this width
)

// cell is a piece of a line: its plain text, which sets its width, and its
// coloured rendering.
type cell struct {
	plain, styled string
}

func (c cell) width() int { return runewidth.StringWidth(c.plain) }

func join(cs ...cell) cell {
	var p, s strings.Builder
	for _, c := range cs {
		p.WriteString(c.plain)
		s.WriteString(c.styled)
	}
	return cell{p.String(), s.String()}
}

func plain(t string) cell { return cell{t, t} }

// pad writes c and then spaces up to width columns.
func pad(b *strings.Builder, c cell, width int) {
	b.WriteString(c.styled)
	b.WriteString(strings.Repeat(" ", max(0, width-c.width())))
}

// cut shortens s to at most width columns, ending it with "…" when cut.
func cut(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}

// WriteText renders the preview for people: the phases, the waves with the
// sprints of each side by side, the critical path and its length, the merge
// points with the branches they merge, the skipped sprints and every warning
// with its position. The output depends only on the plan.
func (p Preview) WriteText(w io.Writer, g *planner.Graph, st emit.Style) error {
	var b strings.Builder
	title := p.Title
	if title == "" {
		title = p.Plan
	}
	fmt.Fprintf(&b, "%s  %s\n", st.Bold(title), st.Dim("("+p.Plan+")"))
	facts := []string{
		emit.Plural(p.Sprints, "sprint", "sprints"),
		emit.Plural(len(p.Phases), "phase", "phases"),
		emit.Plural(len(p.Waves), "wave", "waves"),
		emit.Plural(len(p.Merges), "merge point", "merge points"),
	}
	if len(p.Skipped) > 0 {
		facts = append(facts, fmt.Sprintf("%d skipped", len(p.Skipped)))
	}
	if len(p.Warnings) > 0 {
		facts = append(facts, emit.Plural(len(p.Warnings), "warning", "warnings"))
	}
	fmt.Fprintf(&b, "%s; nothing written (dry run)\n", strings.Join(facts, ", "))
	if p.SourceBranch != "" {
		fmt.Fprintf(&b, "Source branch: %s %s\n", st.Cyan(p.SourceBranch), st.Dim("(from "+p.SourceBranchFrom+")"))
	}

	section := func(name string) { fmt.Fprintf(&b, "\n%s\n", st.Bold(name)) }

	p.Readings.write(&b, st, section)

	section("Phases")
	var phases []tableRow
	for _, ph := range p.Phases {
		phases = append(phases, tableRow{cell{ph.ID, st.Cyan(ph.ID)}, ph.Title, st.Dim(strings.Join(ph.Sprints, " "))})
	}
	writeTable(&b, phases)

	p.writeWaves(&b, g, st, section)

	section(fmt.Sprintf("Critical path: %s, so at least %s", emit.Plural(len(p.CriticalPath), "sprint", "sprints"), emit.Plural(len(p.CriticalPath), "wave", "waves")))
	writeChain(&b, p.CriticalPath, st)

	if len(p.Merges) > 0 {
		p.writeMerges(&b, st, section)
	}
	if len(p.Gates) > 0 {
		p.writeGates(&b, st, section)
	}
	if len(p.Epics) > 0 {
		p.writeEpics(&b, st, section)
	}
	if len(p.Pins) > 0 {
		p.writePins(&b, st, section)
	}
	p.writeClosedAndSkipped(&b, st, section)
	if len(p.Warnings) > 0 {
		section(fmt.Sprintf("Warnings (%d)", len(p.Warnings)))
		for _, d := range p.Warnings {
			where := d.File
			if d.Line > 0 {
				where = fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col)
			}
			fmt.Fprintf(&b, "  %s: %s %s\n", where, st.Yellow("warning:"), d.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMerges lists the merge points and the branches each merges.
func (p Preview) writeMerges(b *strings.Builder, st emit.Style, section func(string)) {
	section(fmt.Sprintf("Merge points (%d)", len(p.Merges)))
	for _, m := range p.Merges {
		fmt.Fprintf(b, "  %s %s", st.Cyan(m.Sprint), m.Title)
		if m.Bead != "" {
			fmt.Fprintf(b, "  %s %s", st.Dim(m.Bead), st.Dim("on "+m.Branch))
		}
		b.WriteString("\n")
		fromW := 0
		for _, f := range m.From {
			fromW = max(fromW, runewidth.StringWidth(f))
		}
		for i, f := range m.From {
			b.WriteString("    " + st.Yellow("←") + " ")
			if i < len(m.Branches) {
				pad(b, plain(f), fromW)
				b.WriteString("  " + m.Branches[i])
			} else {
				b.WriteString(f)
			}
			b.WriteString("\n")
		}
	}
}

// writePins lists the sprints' scope pins.
func (p Preview) writePins(b *strings.Builder, st emit.Style, section func(string)) {
	section(fmt.Sprintf("Pins (%s)", emit.Plural(len(p.Pins), "sprint", "sprints")))
	for _, pin := range p.Pins {
		fmt.Fprintf(b, "  %s\n", st.Bold(pin.ID))
		row := func(label string, items []string) {
			if len(items) > 0 {
				fmt.Fprintf(b, "    %-10s %s\n", label, strings.Join(items, ", "))
			}
		}
		row("allowed", pin.AllowedPaths)
		row("forbidden", pin.ForbiddenPaths)
		row("files", pin.Files)
		row("tests", pin.Tests)
		if pin.TimeoutMinutes != nil {
			fmt.Fprintf(b, "    %-10s %d min\n", "timeout", *pin.TimeoutMinutes)
		}
	}
}

// writeClosedAndSkipped lists the sprints the completion log closes, and
// the skipped phases and sprints.
func (p Preview) writeClosedAndSkipped(b *strings.Builder, st emit.Style, section func(string)) {
	if len(p.ClosedByLog) > 0 {
		section(fmt.Sprintf("Closed by the completion log (%d)", len(p.ClosedByLog)))
		var rows []tableRow
		for _, c := range p.ClosedByLog {
			rows = append(rows, tableRow{cell{c.ID, st.Green(c.ID)}, c.Title, st.Dim(fmt.Sprintf("entry %s:%d, sprint at line %d", p.Plan, c.Line, c.SprintLine))})
		}
		writeTable(b, rows)
	}
	if len(p.Skipped)+len(p.SkippedPhases) > 0 {
		what := emit.Plural(len(p.Skipped), "sprint", "sprints")
		if len(p.SkippedPhases) > 0 {
			what = emit.Plural(len(p.SkippedPhases), "phase", "phases") + ", " + what
		}
		section("Skipped (" + what + ")")
		rows := make([]PreviewSkipped, 0, len(p.SkippedPhases)+len(p.Skipped))
		for _, ph := range p.SkippedPhases {
			ph.ID = "Phase " + ph.ID
			rows = append(rows, ph)
		}
		rows = append(rows, p.Skipped...)
		var table []tableRow
		for _, s := range rows {
			table = append(table, tableRow{cell{s.ID, st.Dim(s.ID)}, s.Title, st.Dim(fmt.Sprintf("%s:%d  %s", p.Plan, s.Line, s.Reason))})
		}
		writeTable(b, table)
	}
}

// writeWaves draws one row per wave, its sprints side by side in columns
// that line up from wave to wave, and a legend.
func (p Preview) writeWaves(b *strings.Builder, g *planner.Graph, st emit.Style, section func(string)) {
	section("Waves: the sprints of a wave run side by side")
	merge := map[string]bool{}
	for _, m := range p.Merges {
		merge[m.Sprint] = true
	}
	onPath := map[string]bool{}
	for _, id := range p.CriticalPath {
		onPath[id] = true
	}
	var anyMerge, anyDone bool
	writeWaveRows(b, g, st, func(n *planner.Node) cell {
		id := cell{n.ID(), st.Cyan(n.ID())}
		if onPath[n.ID()] {
			id = cell{n.ID(), st.BoldRed(n.ID())}
		}
		c := join(id, plain(" "+cut(n.Sprint.Title, previewTitleWidth)))
		if merge[n.ID()] {
			c = join(c, cell{" ⋈", st.Yellow(" ⋈")})
			anyMerge = true
		}
		if n.Sprint.Status.Value == "closed" {
			c = join(c, cell{" ✓", st.Green(" ✓")})
			anyDone = true
		}
		if onPath[n.ID()] {
			c = join(c, cell{" *", st.BoldRed(" *")})
		}
		return c
	})
	legend := []string{st.BoldRed("*") + " critical path"}
	if anyMerge {
		legend = append(legend, st.Yellow("⋈")+" merges branches")
	}
	if anyDone {
		legend = append(legend, st.Green("✓")+" closed")
	}
	writeLegend(b, st, legend)
}

// writeWaveRows draws one row per wave of g, the cells cellOf makes for its
// sprints side by side, previewWaveCells to a line, in columns that line up
// from wave to wave.
func writeWaveRows(b *strings.Builder, g *planner.Graph, st emit.Style, cellOf func(*planner.Node) cell) {
	rows := make([][]cell, len(g.Waves))
	var colW [previewWaveCells]int
	for i, wave := range g.Waves {
		for j, n := range wave {
			c := cellOf(n)
			rows[i] = append(rows[i], c)
			// The last cell of a line is not padded: it sets no width.
			if j%previewWaveCells < previewWaveCells-1 && j < len(wave)-1 {
				colW[j%previewWaveCells] = max(colW[j%previewWaveCells], c.width())
			}
		}
	}
	numW := len(fmt.Sprint(len(g.Waves)))
	bar := st.Dim("│")
	for i, row := range rows {
		for j := 0; j < len(row); j += previewWaveCells {
			if j == 0 {
				fmt.Fprintf(b, "  %*d %s", numW, i+1, bar)
			} else {
				fmt.Fprintf(b, "  %*s %s", numW, "", bar)
			}
			end := min(j+previewWaveCells, len(row))
			for k := j; k < end; k++ {
				b.WriteString(" ")
				if k == end-1 {
					b.WriteString(row[k].styled)
					break
				}
				pad(b, row[k], colW[k-j])
				b.WriteString(" " + bar)
			}
			b.WriteString("\n")
		}
	}
}

// writeLegend writes the legend under the waves: "(a, b, c)".
func writeLegend(b *strings.Builder, st emit.Style, entries []string) {
	fmt.Fprintf(b, "  %s\n", st.Dim("(")+strings.Join(entries, st.Dim(", "))+st.Dim(")"))
}

// writeChain writes a chain of sprint ids joined by arrows, wrapped at
// previewLineWidth; its last line is bold red.
func writeChain(b *strings.Builder, chain []string, st emit.Style) {
	line := "  "
	for i, id := range chain {
		part := id
		if i < len(chain)-1 {
			part += " →"
		}
		if line != "  " && runewidth.StringWidth(line)+1+runewidth.StringWidth(part) > previewLineWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = "    "
		}
		if line != "  " && line != "    " {
			line += " "
		}
		line += part
	}
	b.WriteString(st.BoldRed(strings.TrimRight(line, " ")) + "\n")
}

// PreviewJSON renders the dry-run preview as indented JSON.
func PreviewJSON(p Preview) ([]byte, error) { return indentJSON(p) }

// Refusal is what `architect compile --dry-run --json` prints for a plan it
// could not read (exit 1): the readings it considered, each with the line
// that declares it, so that a person or a script can pick one.
type Refusal struct {
	Plan     string          `json:"plan"`
	Refused  bool            `json:"refused"`
	Errors   []PreviewDiag   `json:"errors"`
	Readings PreviewReadings `json:"readings"`
}

// RefusalJSON describes plan, which has errors, as JSON.
func RefusalJSON(plan *parser.Plan, errs parser.Diagnostics) ([]byte, error) {
	r := Refusal{Plan: plan.File, Refused: true, Errors: []PreviewDiag{}, Readings: NewReadings(plan, plan.Readings)}
	for _, d := range errs {
		r.Errors = append(r.Errors, PreviewDiag{File: d.File, Line: d.Pos.Line, Col: d.Pos.Col, Message: d.Msg})
	}
	return indentJSON(r)
}

// tableRow is a line of the preview's id and title tables.
type tableRow struct {
	id    cell
	title string
	tail  string // already styled
}

// writeTable writes rows with their ids and titles (cut at 40 columns) in
// aligned columns, each row's tail after them.
func writeTable(b *strings.Builder, rows []tableRow) {
	idW, titleW := 0, 0
	for _, r := range rows {
		idW = max(idW, r.id.width())
		titleW = max(titleW, runewidth.StringWidth(cut(r.title, 40)))
	}
	for _, r := range rows {
		b.WriteString("  ")
		pad(b, r.id, idW)
		b.WriteString("  ")
		pad(b, plain(cut(r.title, 40)), titleW)
		b.WriteString("  ")
		b.WriteString(r.tail)
		b.WriteString("\n")
	}
}

// maxOthers is how many readings besides the chosen one the preview lists.
const maxOthers = 5

// write prints the "Read as" section: the reading chosen, with the line
// that declares it, the others considered, and the notes.
func (r PreviewReadings) write(b *strings.Builder, st emit.Style, section func(string)) {
	var chosen *PreviewCandidate
	var others []PreviewCandidate
	for i, c := range r.Candidates {
		switch {
		case c.Chosen:
			chosen = &r.Candidates[i]
		case c.Name != "none":
			others = append(others, c)
		}
	}
	if chosen == nil && len(r.Notes) == 0 {
		return
	}
	section("Read as")
	if chosen != nil {
		fmt.Fprintf(b, "  %s: %s\n", chosen.Description, units(chosen.Units, chosen.Lines))
		fmt.Fprintf(b, "    %s %s\n", st.Dim("why:"), chosen.Why)
		fmt.Fprintf(b, "    %s %s\n", st.Dim("declare:"), chosen.Declare)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(b, "  %s %s\n", n.Message, st.Dim(fmt.Sprintf("(%s:%d)", n.File, n.Line)))
	}
	if len(others) == 0 {
		return
	}
	fmt.Fprintf(b, "  %s\n", st.Dim("Other readings (put the line in the front matter, or pass it to --reading):"))
	for i, c := range others {
		if i == maxOthers {
			fmt.Fprintf(b, "    and %d more (--json lists them)\n", len(others)-maxOthers)
			break
		}
		fmt.Fprintf(b, "    %s: %s\n      %s\n", c.Description, units(c.Units, c.Lines), st.Dim(c.Declare))
	}
}

// units says how many units a reading finds and where the first is.
func units(n int, lines []int) string {
	s := emit.Plural(n, "unit", "units")
	if n < 0 {
		s = "units counted when read"
	}
	if len(lines) > 0 {
		s += fmt.Sprintf(", from line %d", lines[0])
	}
	return s
}
