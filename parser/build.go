package parser

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	gparser "github.com/yuin/goldmark/parser"
)

// builder walks a plan's top-level blocks in file order and sorts them into
// phases, sprints, completion log entries and the preamble.
//
// The level of phase headings is the level of the shallowest heading that
// reads as one ("## Phase 1: Ingest"). A heading at that level or above
// ends the open phase section; deeper phase-looking headings start a phase
// only inside a phase section (tracks written one level down). A sprint
// heading always ends the open sprint, whatever its level, so a sprint
// written at the phase's own level ("## Sprint 1.2") stays in its phase.
type builder struct {
	p   *Plan
	src []byte
	// declared is the reading the user declared, nil when none was.
	declared *declaration
	// contenders is Options.Contenders: only readings that can win.
	contenders bool
	// fmTitle is the front matter's title, "" when it has none.
	fmTitle string
	// compoundLists are the one-item lists that name a compound-engineering
	// plan's units, while its reading runs.
	compoundLists map[ast.Node]bool
	// skillFM: the front matter names and describes an agent skill or
	// command ("name:" and "description:", no "todos:").
	skillFM bool
	// summaryDone is the completion date of front matter that records a
	// plan executed (a GSD summary's), "" for none.
	summaryDone string
	// guidePage is the permalink of front matter that publishes the
	// document as a site's guide, "" for none.
	guidePage string
	// fmBase is the position of the front matter's first line of YAML.
	fmBase Pos
	level  int // the level of phase headings; 0 when the plan has none

	heads map[*ast.Heading]*headRec
	// headInfos keep what readHeading read of each heading: proposing the
	// readings and building the chosen one read the same headings.
	headInfos map[*ast.Heading]headInfo
	topHeads  int // the document's top-level headings, to size the maps by

	phase      *Phase     // the open phase section
	intro      []ast.Node // the open phase's blocks before its first sub-heading
	inIntro    bool
	section    *Heading // the open non-phase section (level <= b.level)
	sprint     *Sprint
	blocks     []ast.Node // the open sprint's blocks
	entry      *LogEntry
	entryLevel int
	entryBlock []ast.Node
	preamble   []ast.Node // blocks before the first phase
	seen       bool       // a phase heading was seen

	defs       []*Sprint            // every sprint heading in a phase, in file order
	byID       map[string][]*Sprint // defs by canonical id
	sprintInfo headInfo             // what the open sprint's heading says
	loose      []looseHead          // phase-looking headings outside phase sections
	phaseDone  []phaseMark          // phases marked done as a whole
	scratch    []byte               // text being built, before it becomes a string
	srcText    string               // src as a string, made by source on first use
	// spareReader is sprintFields' reader between two sections.
	spareReader *sectionReader
	// ids are the ids of the phase headings and, after "sprint ", of the
	// sprint headings; built on first use by headingIDs.
	ids map[string]bool
	// details counts the <details> elements open at this point, opened at
	// detailsLine; sink is the level of a sprint heading read as history
	// inside one, whose section is passed over.
	details, detailsLine, sink int
	// notWork are the checkbox lists under a label that names something
	// other than the unit's work ("**Prerequisites**:"): their boxes say
	// nothing about how the unit stands.
	notWork map[ast.Node]bool
	// tickedVouches: a ticked task vouches for the steps nested under it,
	// ticked or not (a Conductor track, whose agent ticks tasks, not their
	// steps); boxes are counted so.
	tickedVouches bool
	// tickedSteps: one executor ticks the plan's steps as it goes (a
	// superpowers plan), so some steps of a unit ticked is work under way.
	tickedSteps bool
	// tagMarks: 0 not yet looked for; 1 the file writes spec-kit boxes as
	// tags after task ids ("**T001 [Setup] [X]**"), 2 it does not.
	tagMarks int
	// phaseRefs are the Depends on values that name a whole phase.
	phaseRefs []phaseRef
	// unitRefs are the Depends on values that name a unit by its word
	// and number ("Task 1").
	unitRefs []unitRef
	// legend is the document's key to the marks it writes in place of
	// checkboxes (legend.go), nil when it has none.
	legend *legend
	// secs are sectionItems(secDoc), kept for the readings' next ask.
	secs   []sectionItems
	secDoc ast.Node
	// shapes is set while the shapes walker reads the plan (not the
	// beads-ralph dialect): a field value that breaks the contract there
	// is a warning, and the value is dropped (see setPins).
	shapes bool
	// tables are the tables outside the sprints: a progress table
	// ("| Sprint | Title | Status |") may say how sprints stand.
	tables []*east.Table
	// logSub is a log heading inside a phase ("### Completion Log" under
	// the last phase): sprint headings under it are log entries.
	logSub *Heading
	// phaseFs are the fields phases state for their sprints.
	phaseFs map[*Phase]*phaseFields
	// noTasks are the sprints whose title stands in for their tasks.
	noTasks []*Sprint
	// linkRefs are the plan's link reference definitions, by refKey.
	linkRefs map[string]gparser.Reference
	// crossOff caches crossedOff: 1 when the plan crosses off its
	// finished work, -1 when not, 0 before it is read.
	crossOff int8
	// crossWhy says why the plan's strikes are read as done, for the
	// warning; crossWarned: that warning was given.
	crossWhy    string
	crossWarned bool
	// titles are the units' titles lower case, for the sentences that
	// name units by title; built on first use by unitTitles.
	titles [][2]string
}

// headRec is a heading read once, before the walk.
type headRec struct {
	head Heading
	info headInfo
}

// looseHead is a phase-looking heading that starts no phase.
type looseHead struct {
	head    Heading
	section *Heading
}

// topHeadings yields the document's top-level headings, each with its
// text and what its words make it, read once (b.heads keeps them).
func (b *builder) topHeadings(doc ast.Node) iter.Seq2[*ast.Heading, *headRec] {
	return func(yield func(*ast.Heading, *headRec) bool) {
		if b.heads == nil {
			// The shapes reader read the plan (and skipped every unit):
			// the plan reader, which makes the map, never ran.
			b.heads = map[*ast.Heading]*headRec{}
		}
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			h, ok := n.(*ast.Heading)
			if !ok {
				continue
			}
			rec := b.heads[h]
			if rec == nil {
				rec = &headRec{head: b.heading(h), info: b.headInfo(h)}
				b.heads[h] = rec
			}
			if !yield(h, rec) {
				return
			}
		}
	}
}

// headInfo is readHeading's reading of h, read once a parse.
func (b *builder) headInfo(h *ast.Heading) headInfo {
	if info, ok := b.headInfos[h]; ok {
		return info
	}
	if b.headInfos == nil {
		b.headInfos = make(map[*ast.Heading]headInfo, b.topHeads)
	}
	_, info := readHeading(h, b.src)
	b.headInfos[h] = info
	return info
}

func (b *builder) run(doc ast.Node) {
	b.heads = make(map[*ast.Heading]*headRec, b.topHeads)
	// The level of phase headings is the shallowest level of a phase
	// heading, unless a single heading is shallower than the plan's first
	// phase heading: one pasted "# Phase 3" after "## Phase 1" and "##
	// Phase 2" does not turn them into prose.
	levels := map[int]int{}
	first := 0
	for h, rec := range b.topHeadings(doc) {
		if rec.info.kind == headPhase {
			levels[h.Level]++
			if first == 0 {
				first = h.Level
			}
			if b.level == 0 || h.Level < b.level {
				b.level = h.Level
			}
		}
	}
	if pasted := b.level; pasted != first && levels[pasted] == 1 {
		b.level = first
		for l := range levels {
			if l != pasted && l < b.level {
				b.level = l
			}
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b.block(n)
		if n.Kind() == ast.KindList || n.Kind() == ast.KindBlockquote {
			b.nested(n)
		}
	}
	b.closeSprint(len(b.src))
	b.closeEntry()
	b.closeIntro()
	b.resolve()
	b.finishPreamble()
	b.checkPins()
	b.reportNoTasks()
}

// reportNoTasks says which sprints have no tasks: one line for them all.
func (b *builder) reportNoTasks() {
	switch len(b.noTasks) {
	case 0:
	case 1:
		s := b.noTasks[0]
		b.p.warnf(s.Heading.Pos, "sprint %s has no tasks; its title is its one prompt", s.ID)
	default:
		ids := make([]string, len(b.noTasks))
		for i, s := range b.noTasks {
			ids[i] = s.ID
		}
		b.p.warnf(b.noTasks[0].Heading.Pos, "%d sprints have no tasks, so each one's title is its one prompt: %s", len(ids), strings.Join(ids, ", "))
	}
}

func (b *builder) block(n ast.Node) {
	h, ok := n.(*ast.Heading)
	if html, isHTML := n.(*ast.HTMLBlock); isHTML {
		b.detailsTag(html)
	}
	if b.sink > 0 {
		// The section of a sprint heading kept in <details> as history.
		if !ok || h.Level > b.sink {
			if ok {
				b.historyHeading(h)
			}
			return
		}
		b.sink = 0
	}
	if !ok {
		b.textBlock(n)
		return
	}
	rec := b.heads[h]
	head, info := rec.head, rec.info
	switch info.kind {
	case headPhase:
		b.phaseHeading(h, head, info)
		return
	case headSprint:
		b.sprintHeading(h, head, info)
		return
	case headPhaseProse:
		b.phaseProse(head, info)
	case headSprintProse:
		b.sprintProse(head, info)
	}
	b.otherHeading(n, h, head)
}

// historyHeading says that a phase- or sprint-looking heading in the
// section of a sprint kept in <details> is read as that sprint's history.
func (b *builder) historyHeading(h *ast.Heading) {
	rec := b.heads[h]
	switch rec.info.kind {
	case headPhase, headSprint, headPhaseProse, headSprintProse:
		b.p.warnf(rec.head.Pos, "%q is inside <details> (line %d), so it is read as history and not compiled: take it out of <details> to compile it", rec.head.Text, b.detailsLine)
	}
}

// textBlock files a block that is no heading with the section it stands in.
func (b *builder) textBlock(n ast.Node) {
	switch {
	case b.sprint != nil:
		b.blocks = append(b.blocks, n)
	case b.entry != nil:
		b.entryBlock = append(b.entryBlock, n)
	case b.phase != nil && b.inIntro:
		b.intro = append(b.intro, n)
	case !b.seen:
		b.preamble = append(b.preamble, n)
	}
	if par, ok := n.(*ast.Paragraph); ok && b.seen && b.phase == nil && b.sprint == nil && b.entry == nil {
		// "## Notes" after the phases, with "**Labels**: security": a
		// setting there is read nowhere; say so.
		for _, line := range paragraphLines(par, b.src) {
			f, ok := b.lineField(line)
			if !ok {
				continue
			}
			switch sprintLabels[f.label] {
			case "labels", "priority", "team", "source branch", "status", "depends on":
				where := "after the phases"
				if b.section != nil {
					where = fmt.Sprintf("under %q (line %d), after the phases", b.section.Markdown(), b.section.Pos.Line)
				}
				b.p.warnf(f.pos, "%q is %s, where no sprint's or plan's fields are read: it is not applied; move it before the first phase (plan settings) or into a sprint", strings.TrimSpace(string(b.src[lineStart(b.src, max(f.start, 0)):lineEnd(b.src, max(f.start, 0))])), where)
			}
		}
	}
	if t, ok := n.(*east.Table); ok && b.sprint == nil && b.entry == nil && (b.phase == nil || b.inIntro) {
		b.tables = append(b.tables, t)
	}
}

// phaseHeading opens a phase, or, inside a section that is not a phase (a
// completion log grouped by phase, an overview), keeps the heading as that
// section's.
func (b *builder) phaseHeading(h *ast.Heading, head Heading, info headInfo) {
	if b.phase != nil || h.Level <= b.level {
		b.closeSprint(head.Start)
		b.closeEntry()
		b.closeIntro()
		if h.Level < b.level {
			b.p.warnf(head.Pos, "%q is a level %d heading, and the plan's other phase headings are level %d; read as a phase", head.Text, h.Level, b.level)
		}
		b.openPhase(head, info)
		return
	}
	b.closeSprint(head.Start)
	b.closeEntry()
	b.loose = append(b.loose, looseHead{head: head, section: b.section})
}

// sprintHeading opens a sprint, or a completion log entry outside the
// phases; inside <details> it is history.
func (b *builder) sprintHeading(h *ast.Heading, head Heading, info headInfo) {
	b.closeSprint(head.Start)
	b.closeEntry()
	if b.details > 0 {
		b.p.warnf(head.Pos, "%q is inside <details> (line %d), so it is read as history and not compiled: take it out of <details> to compile it", head.Text, b.detailsLine)
		b.sink = h.Level
		return
	}
	if b.phase == nil {
		b.openEntry(head, info, h.Level)
		return
	}
	if l := b.logSub; l != nil && h.Level > l.Level {
		// "### Completion Log" inside the last phase, and its "####
		// ✅ Sprint 1.1: X" entries: a log, not sprints of the phase.
		b.openEntry(head, info, h.Level)
		b.entry.Section = l
		return
	}
	b.closeIntro()
	if h.Level <= b.level {
		b.p.warnf(head.Pos, "%q is a level %d heading, the level of phase headings; read as a sprint of Phase %s (line %d). Write it one level deeper than the phase",
			head.Text, h.Level, b.phase.ID, b.phase.Heading.Pos.Line)
	}
	b.openSprint(head, info)
}

// phaseProse says why a heading that names a phase is not a phase heading;
// one about a phase the plan has ("Phase 1 Success Metrics") was never
// meant as one: a note.
func (b *builder) phaseProse(head Heading, info headInfo) {
	switch {
	case info.badID:
		b.p.warnf(head.Pos, "%q is not read as a phase heading: %q is not a phase id like 3 or 3a", head.Text, info.id)
	case !b.headingIDs()[canonicalPhaseID(info.id)]:
		b.p.warnf(head.Pos, "%q is not read as a phase heading: a phase heading is \"Phase %s: Title\" (a colon or dash after the id)", head.Text, info.id)
	default:
		b.p.diag(Info, head.Pos, "%q is a heading about phase %s, not a phase heading", head.Text, canonicalPhaseID(info.id))
	}
}

// sprintProse says why a heading that names a sprint is not a sprint
// heading.
func (b *builder) sprintProse(head Heading, info headInfo) {
	switch {
	case info.badID:
		b.p.warnf(head.Pos, "%q is not read as a sprint heading: %q is not a sprint id like 1.2 or 3a.2b", head.Text, info.id)
	case !b.headingIDs()["sprint "+canonicalSprintID(info.id)]:
		b.p.warnf(head.Pos, "%q is not read as a sprint heading: a sprint heading is \"Sprint %s: Title\" (a colon or dash after the id)", head.Text, info.id)
	default:
		b.p.diag(Info, head.Pos, "%q is a heading about sprint %s, not a sprint heading", head.Text, canonicalSprintID(info.id))
	}
}

// otherHeading is any other heading: a sub-heading of the open sprint or
// log entry, or one that ends them and may start a section or the title.
func (b *builder) otherHeading(n ast.Node, h *ast.Heading, head Heading) {
	if b.sprint != nil && h.Level > b.sprint.Heading.Level {
		b.blocks = append(b.blocks, n) // a sub-heading of the sprint
		return
	}
	b.closeSprint(head.Start)
	if b.phase != nil && h.Level > b.level {
		// "### Step 5.X: Odd one" among a phase's sprints: a unit of
		// another shape that this dialect does not compile.
		if sh := readShape(head.Text); sh.kind == shapeUnit && sh.sep && !sh.short && !strings.EqualFold(sh.word, "sprint") {
			b.p.warnf(head.Pos, "%q is not read as a unit: this plan's units are \"Sprint N.M: Title\" headings (the beads-ralph dialect), so it and its text are left out; write it as a sprint, or declare another reading (the preview's Read as lists them)", head.Text)
		}
	}
	if b.entry != nil && h.Level > b.entryLevel {
		b.entryBlock = append(b.entryBlock, n)
		return
	}
	b.closeEntry()
	b.closeIntro()
	if b.phase != nil && h.Level <= b.level {
		b.phase = nil
	}
	b.logSub = nil
	if b.phase != nil && logHeading(head.Text) {
		hd := head
		b.logSub = &hd
	}
	if b.phase == nil && (b.level == 0 || h.Level <= b.level) {
		hd := head
		b.section = &hd
	}
	if h.Level == 1 && b.p.Title == "" {
		b.p.Title = head.Text
	}
}

// nested warns about phase- and sprint-looking headings inside a list item
// or block quote: they head no section, so they are not compiled.
func (b *builder) nested(container ast.Node) {
	_ = ast.Walk(container, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		if _, info := readHeading(h, b.src); info.kind != headOther {
			where := "a list item"
			for p := h.Parent(); p != nil; p = p.Parent() {
				if p.Kind() == ast.KindBlockquote {
					where = "a block quote"
					break
				}
				if p.Kind() == ast.KindListItem {
					break
				}
			}
			head := b.heading(h)
			b.p.warnf(head.Pos, "%q is inside %s, so it is not read as a phase or sprint heading: write it at the start of a line", head.Text, where)
		}
		return ast.WalkSkipChildren, nil
	})
}

func (b *builder) heading(h *ast.Heading) Heading {
	pos := h.Pos()
	if pos < 0 && h.Lines().Len() > 0 {
		pos = h.Lines().At(0).Start
	}
	if pos < 0 {
		pos = 0
	}
	end := lineEnd(b.src, pos)
	if !atxLine(bytes.TrimPrefix(b.src[lineStart(b.src, pos):end], []byte("\xef\xbb\xbf"))) && h.Lines().Len() > 0 { // setext: the underline ends it (a byte order mark is no part of the line)
		last := h.Lines().At(h.Lines().Len() - 1)
		end = lineEnd(b.src, lineEnd(b.src, last.Start))
	}
	return Heading{
		Level: h.Level,
		Text:  b.trimmedText(h),
		Pos:   b.p.Position(pos),
		Start: lineStart(b.src, pos),
		End:   end,
	}
}

func (b *builder) openPhase(h Heading, info headInfo) {
	b.seen = true
	b.logSub = nil
	b.section = nil
	ph := &Phase{ID: info.id, Title: info.title, Heading: h, Valid: true}
	num, letters, ok := splitNum(info.id)
	if !ok {
		// "Phase 3A": uppercase letters, read in sequence by default.
		if num, letters, ok = splitNum(lowerLetters(info.id)); ok && letters != "" {
			ph.Upper = true
		}
	}
	if !ok {
		ph.Valid = false
		b.p.errorf(h.Pos, "malformed phase id %q: want a number and optional lowercase letters, like 3 or 3a", info.id)
	} else if n, err := strconv.ParseInt(num, 10, 32); err != nil {
		ph.Valid = false
		b.p.errorf(h.Pos, "phase number %s is too large", num)
	} else {
		ph.ID = canonicalPhaseID(lowerLetters(info.id))
		ph.Num, ph.Letters = int(n), letters
	}
	switch {
	case info.struck:
		ph.Skipped, ph.SkipReason = true, "struck through"
	case info.skip != "":
		ph.Skipped, ph.SkipReason = true, "marked "+info.skip
	}
	if info.loose != "" && !ph.Skipped {
		b.p.warnf(h.Pos, "phase %s's title says %q, but the phase is not read as skipped: to skip it, write (%s) or strike the heading through", ph.ID, info.loose, skipSuggestion(info.loose))
	}
	b.phase = ph
	b.intro, b.inIntro = b.intro[:0], true
	b.p.Phases = append(b.p.Phases, ph)
	if k := strings.Index(strings.ToLower(ph.Title), "status:"); k >= 0 && !ph.Skipped {
		// "## Phase 4: Chargebacks — **Status**: Blocked": a Status on the
		// heading's line is the phase's.
		v := strings.TrimSpace(ph.Title[k+len("status:"):])
		ph.Title = cleanTitle(strings.TrimRight(ph.Title[:k], " -–—|,;:"))
		r := readStatus(v)
		if !r.known {
			b.p.warnf(h.Pos, "Status %q of phase %s is not a status the compiler knows; read as open", v, ph.ID)
		}
		b.phaseStatus(ph, v, h.Pos, r)
	}
	switch {
	case ph.Skipped:
	case info.done != "":
		b.phaseDone = append(b.phaseDone, phaseMark{ph, h.Pos, info.done})
	case info.progress != "":
		b.phaseStatus(ph, info.progress, h.Pos, statusReading{status: StatusInProgress, known: true})
	case info.blocked != "":
		b.phaseStatus(ph, info.blocked, h.Pos, statusReading{status: StatusBlocked, known: true})
	}
}

// closeIntro reads the open phase's fields before its first sub-heading: a
// phase-wide Status.
func (b *builder) closeIntro() {
	if !b.inIntro || b.phase == nil {
		return
	}
	b.inIntro = false
	b.readPhaseStatus(b.phase, b.intro)
	b.intro = b.intro[:0]
}

// readPhaseStatus reads the **Status**: lines of a phase's own blocks, the
// ones before its first unit: a skip status skips the phase, a done one
// marks it done as a whole. It reports whether it skipped the phase.
func (b *builder) readPhaseStatus(ph *Phase, blocks []ast.Node) (skipped bool) {
	for _, n := range blocks {
		par, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		gateLine := false
		for _, line := range paragraphLines(par, b.src) {
			f, ok := b.lineField(line)
			if !ok {
				continue
			}
			switch sprintLabels[f.label] {
			case "status":
				if b.phaseStatus(ph, f.value, f.pos, b.status(f, "phase "+ph.ID)) {
					skipped = true
				}
			case "priority":
				if pr, ok := normalPriority(f.value); ok {
					b.fieldsOf(ph).priority = Field{Value: pr, Pos: f.pos}
				}
			case "team":
				v := f.code
				if v == "" {
					v = f.value
				}
				b.fieldsOf(ph).team = Field{Value: v, Pos: f.pos}
			case "labels":
				b.fieldsOf(ph).labels = append(b.fieldsOf(ph).labels, splitList(f.value)...)
			case "gate":
				gateLine = true
				b.addPhaseGate(ph, f)
			}
		}
		if !gateLine {
			b.proseGates(&ph.Gates, b.blockStart(par), lineEnd(b.src, blockEnd(par, b.src)), "the first units of phase "+ph.ID)
		}
	}
	return skipped
}

// phaseStatus applies what a phase's Status says (value, read as r, at
// pos) to the phase: a drop word skips it, done closes its sprints, any
// other state is its sprints' state. It reports whether it skipped it.
func (b *builder) phaseStatus(ph *Phase, value string, pos Pos, r statusReading) bool {
	switch r.status {
	case statusSkipped:
		if !ph.Skipped {
			ph.Skipped, ph.SkipReason = true, "Status: "+value
			return true
		}
	case StatusClosed:
		b.phaseDone = append(b.phaseDone, phaseMark{ph, pos, value})
	case StatusInProgress, StatusBlocked:
		b.fieldsOf(ph).status = Field{Value: r.status, Pos: pos}
		b.fieldsOf(ph).statusText = value
	}
	return false
}

// phaseFields are the fields a phase states for its sprints: written on
// the phase ("**Priority**: P0" under "## Phase 2"), they are each
// sprint's unless the sprint says otherwise.
type phaseFields struct {
	status, priority, team Field
	statusText             string
	labels                 []string
}

func (b *builder) fieldsOf(ph *Phase) *phaseFields {
	if b.phaseFs == nil {
		b.phaseFs = map[*Phase]*phaseFields{}
	}
	if b.phaseFs[ph] == nil {
		b.phaseFs[ph] = &phaseFields{}
	}
	return b.phaseFs[ph]
}

// inheritPhaseFields gives each sprint the status, priority, team and
// labels its phase states, where the sprint states none of its own.
func (b *builder) inheritPhaseFields() {
	for _, ph := range b.p.Phases {
		pf := b.phaseFs[ph]
		if pf == nil {
			continue
		}
		var took []string
		for _, s := range ph.Sprints {
			if pf.status.Set() && !s.Status.Set() {
				if pf.status.Value == StatusBlocked {
					s.Status = pf.status
				}
				took = append(took, s.ID)
			}
			if pf.priority.Set() && !s.Priority.Set() {
				s.Priority = pf.priority
			}
			if pf.team.Set() && !s.Team.Set() {
				s.Team = pf.team
			}
			s.Labels = append(s.Labels, pf.labels...)
		}
		switch {
		case len(took) > 0 && pf.status.Value == StatusInProgress:
			// A phase under way says nothing of which sprint is: and bd
			// ready never releases an in-progress bead.
			b.p.warnf(pf.status.Pos, "phase %s is marked in progress (%s), which does not say which of its sprints is: those without a Status of their own stay open: %s; write **Status**: In progress on the sprint being worked on",
				ph.ID, pf.statusText, strings.Join(took, ", "))
		case len(took) > 0:
			b.p.warnf(pf.status.Pos, "phase %s is marked %s (%s): its sprints without a Status of their own are %s too: %s",
				ph.ID, strings.ReplaceAll(pf.status.Value, "_", " "), pf.statusText, strings.ReplaceAll(pf.status.Value, "_", " "), strings.Join(took, ", "))
		}
	}
}

// phaseMark is a phase marked done as a whole.
type phaseMark struct {
	phase *Phase
	pos   Pos
	mark  string
}

func (b *builder) openSprint(h Heading, info headInfo) {
	s := &Sprint{ID: info.id, WrittenID: info.id, Title: info.title, Heading: h, Phase: b.phase}
	phase, num, letters, ok := splitSprintID(info.id)
	if !ok && b.phase.Upper {
		// "Sprint 3A.1" under "Phase 3A".
		if pre, post, cut := strings.Cut(info.id, "."); cut {
			if lo := lowerLetters(pre) + "." + post; lo != info.id {
				if phase, num, letters, ok = splitSprintID(lo); ok {
					info.id, s.WrittenID = lo, lo
				}
			}
		}
	}
	valid := b.phase.Valid
	switch {
	case !ok:
		valid = false
		b.p.errorf(h.Pos, "malformed sprint id %q: want <phase>.<number>[letters], like 1.2 or 3a.2b", info.id)
	case canonicalPhaseID(phase) != b.phase.ID:
		valid = false
		b.p.errorf(h.Pos, "sprint %s is under Phase %s (line %d): its id must start with %q", info.id, b.phase.ID, b.phase.Heading.Pos.Line, b.phase.ID+".")
	default:
		n, err := strconv.ParseInt(num, 10, 32)
		if err != nil {
			valid = false
			b.p.errorf(h.Pos, "sprint number %s is too large", num)
		}
		s.ID = canonicalSprintID(info.id)
		s.Num, s.Letters = int(n), letters
	}
	switch {
	case b.phase.Skipped:
		s.Skipped, s.SkipReason = true, "phase "+b.phase.ID+" is skipped"
	case info.struck && info.done == "":
		// A struck heading that also says done is a done sprint: most
		// struck headings in real plans mean done.
		s.Skipped, s.SkipReason = true, "struck through"
	case info.skip != "" && !info.struck:
		s.Skipped, s.SkipReason = true, "marked "+info.skip
	case info.skip != "" && info.done == "":
		s.Skipped, s.SkipReason = true, "marked "+info.skip
	}
	if info.near != "" && ok {
		b.p.warnf(h.Pos, "%q is read as sprint %s; write it \"Sprint %s: %s\"", h.Text, s.ID, info.id, info.title)
	}
	if info.parallel && ok && letters == "" && !s.Skipped {
		b.p.warnf(h.Pos, "sprint %s says (Parallel) but has no letter, so it runs in sequence with its neighbours: to run it beside another sprint, give both one number and a letter each (%s.%sa, %s.%sb) or write Depends on", s.ID, phase, num, phase, num)
	}
	if info.loose != "" && !s.Skipped {
		b.p.warnf(h.Pos, "sprint %s's title says %q, but the sprint is not read as skipped: to skip it, write (%s) or strike the heading through", s.ID, info.loose, skipSuggestion(info.loose))
	}
	if info.looseDone != "" && !s.Skipped {
		b.p.warnf(h.Pos, "sprint %s's title says %q, but the sprint is not read as closed: to mark it done, write (DONE) after the title or **Status**: Done", s.ID, info.looseDone)
	}
	if !valid {
		s.Phase = nil // parsed for its own diagnostics, never compiled
	}
	b.sprint = s
	b.blocks = b.blocks[:0]
	b.sprintInfo = info
}

// closeSprint finishes the open sprint, whose section ends at offset end.
func (b *builder) closeSprint(end int) {
	s := b.sprint
	if s == nil {
		return
	}
	b.sprint = nil
	s.End = end
	b.sprintFields(s, b.blocks, end)
	info := b.sprintInfo
	if !s.Status.Set() && !s.Skipped {
		switch {
		case info.done != "" && !info.struck:
			// A heading marked done over tasks not ticked is not closed
			// in silence: when in doubt, the work is not done.
			checked, unchecked := 0, 0
			var first Pos
			for _, n := range b.blocks {
				if _, ok := n.(*ast.List); ok {
					b.countBoxes(n, &checked, &unchecked, &first)
				}
			}
			if unchecked > 0 {
				b.p.warnf(s.Heading.Pos, "sprint %s's heading says %q, but %d of its %d tasks are not ticked (the first at line %d); read as open: tick them, or write **Status**: Done",
					s.ID, info.done, unchecked, checked+unchecked, b.openBox(b.blocks).Line)
				s.Status = Field{Value: StatusOpen, Pos: s.Heading.Pos}
				break
			}
			s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
		case info.done != "":
			s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
		case info.progress != "":
			s.Status = Field{Value: StatusInProgress, Pos: s.Heading.Pos}
		case info.blocked != "":
			s.Status = Field{Value: StatusBlocked, Pos: s.Heading.Pos}
		}
	}
	if !s.Status.Set() && !s.Skipped {
		// No Status and nothing in the heading: its checkboxes say how
		// it stands (every task [x] is done).
		if st, pos, ok := b.checkboxStatus(b.blocks); ok {
			s.Status = Field{Value: st, Pos: pos}
		}
	}
	if s.Phase == nil {
		return
	}
	b.define(s)
}

// undefine takes back unit s, a copy a later one replaces.
func (b *builder) undefine(s *Sprint) {
	b.defs = slices.DeleteFunc(b.defs, func(x *Sprint) bool { return x == s })
	b.byID[s.ID] = slices.DeleteFunc(b.byID[s.ID], func(x *Sprint) bool { return x == s })
	if len(b.byID[s.ID]) == 0 {
		delete(b.byID, s.ID)
	}
	if s.Phase != nil {
		s.Phase.Sprints = slices.DeleteFunc(s.Phase.Sprints, func(x *Sprint) bool { return x == s })
	}
}

// define records unit s as read: in definition order, and by its id.
func (b *builder) define(s *Sprint) {
	b.defs = append(b.defs, s)
	b.byID[s.ID] = append(b.byID[s.ID], s)
}

// finishFormat ends a format reader's read (Cursor, GSD): its units run in
// the order written unless their dependencies say otherwise.
func (b *builder) finishFormat(shape string) {
	b.p.Order = OrderDocument
	b.p.Shape = shape
	b.resolve()
	b.checkPins()
}

func (b *builder) openEntry(h Heading, info headInfo, level int) {
	id := info.id
	if _, _, _, ok := splitSprintID(id); ok {
		id = canonicalSprintID(id)
	}
	b.entry = &LogEntry{SprintID: id, Heading: h, Done: info.done != "", Section: b.section}
	b.entryLevel = level
	b.entryBlock = b.entryBlock[:0]
}

// closeEntry finishes the open completion log entry: a done Status under it
// records the sprint done.
func (b *builder) closeEntry() {
	e := b.entry
	if e == nil {
		return
	}
	b.entry = nil
	if e.Done && reopenedText(e.Heading.Text) {
		// "✅ (reverted in PR #130)": done, then undone.
		e.Done = false
	}
	for _, n := range b.entryBlock {
		par, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		if e.Done && reopenedText(plainText(par, b.src)) {
			e.Done = false
		}
		for _, line := range paragraphLines(par, b.src) {
			if f, ok := b.lineField(line); ok && sprintLabels[f.label] == "status" {
				r := readStatus(liveValue(f, b.src))
				e.Done = r.status == StatusClosed
			}
		}
	}
	b.p.Entries = append(b.p.Entries, e)
}

// resolve settles what needs the whole file: ids defined twice, phases
// marked done, completion log entries, and phase-looking headings outside
// phase sections.
func (b *builder) resolve() {
	b.resolveDuplicates()
	b.resolvePhaseRefs()
	b.resolveUnitRefs()
	live := b.liveSprints()
	b.closeDonePhases()
	b.statusTables(live)
	b.inheritPhaseFields()
	logSections := b.readLog(live)
	b.reportLoose(logSections)
}

// resolveDuplicates reads a sprint id defined twice: with a skipped
// definition it is skipped everywhere (the other sections are its
// history); two live definitions are an error.
func (b *builder) resolveDuplicates() {
	for _, s := range b.defs {
		defs := b.byID[s.ID]
		if len(defs) < 2 {
			continue
		}
		var skipped, first *Sprint
		for _, d := range defs {
			if d.Skipped && skipped == nil {
				skipped = d
			}
			if !d.Skipped && first == nil {
				first = d
			}
		}
		switch {
		case s.Skipped:
		case skipped != nil:
			s.Skipped = true
			s.SkipReason = fmt.Sprintf("marked skipped at line %d", skipped.Heading.Pos.Line)
			b.p.warnf(s.Heading.Pos, "sprint %s is not compiled: its heading at line %d marks it skipped (%s), so this section is read as its history",
				s.ID, skipped.Heading.Pos.Line, skipped.SkipReason)
		case s != first:
			b.p.errorf(s.Heading.Pos, "duplicate sprint %s: first defined at %s:%d", s.ID, b.p.File, first.Heading.Pos.Line)
			s.Phase = nil
		}
	}
}

// liveSprints files each sprint under its phase, or among the skipped
// ones, and returns the live ones by id.
func (b *builder) liveSprints() map[string]*Sprint {
	live := map[string]*Sprint{}
	for _, s := range b.defs {
		switch {
		case s.Phase == nil:
		case s.Skipped:
			b.p.Skipped = append(b.p.Skipped, s)
		default:
			if s.Title == "" { // a bead's title may not be empty
				// "### Sprint 2.1 (Week 1-2) ✅ COMPLETE": the heading,
				// its marks aside, names the sprint, with a warning. It
				// keeps its word and id, so the title is never empty.
				s.Title = strings.TrimRight(cleanTitle(s.Heading.Text), " :-–—")
				b.p.warnf(s.Heading.Pos, "sprint %s has no title after its id: its heading %q is its title; write one after a colon, like \"Sprint %s: Setup\"", s.ID, s.Title, s.ID)
			}
			s.Phase.Sprints = append(s.Phase.Sprints, s)
			b.p.Sprints = append(b.p.Sprints, s)
			live[s.ID] = s
		}
	}
	return live
}

// idList names ids for a message, the first few and how many more.
func idList(ids []string) string {
	if len(ids) <= 6 {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ids[:6], ", "), len(ids)-6)
}

// openBoxIn reports whether src[start:end] holds a list item whose box is
// not ticked ("- [ ]", or the marks goldmark leaves as text: "- [~]",
// "- [-]", "- [/]"), outside fenced code. It reads the source, as openBox
// reads blocks: once the walk is over a unit keeps its span, not its
// blocks.
func (b *builder) openBoxIn(start, end int) bool {
	fenced := false
	for off := max(start, 0); off < end && off < len(b.src); off = lineEnd(b.src, off) {
		line := strings.TrimLeft(string(b.src[off:lineEnd(b.src, off)]), " \t")
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		rest, ok := strings.CutPrefix(line, "- ")
		if !ok {
			rest, ok = strings.CutPrefix(line, "* ")
		}
		if ok && len(rest) >= 3 && rest[0] == '[' && rest[2] == ']' && strings.IndexByte(" ~-/", rest[1]) >= 0 {
			return true
		}
	}
	return false
}

// closeDonePhases closes the sprints of a phase marked done that have no
// Status of their own, and keeps open those whose own boxes are not all
// ticked.
func (b *builder) closeDonePhases() {
	for _, m := range b.phaseDone {
		if m.mark == "checked in the progress tracker" || m.mark == "done in the status table" {
			// A tracker line closes its phase only when it names the
			// phase's work: "- [x] Phase 2: budget approved" in a
			// readiness checklist is about something else.
			line := strings.TrimSpace(string(b.src[m.pos.Offset:lineEnd(b.src, m.pos.Offset)]))
			cell := strings.TrimSpace(strings.TrimPrefix(line, "|"))
			if k := strings.Index(cell, "|"); k >= 0 && strings.HasPrefix(line, "|") {
				cell = strings.TrimSpace(cell[:k])
			}
			if title := entryTitle(cell); !sameWork(title, m.phase.Title) {
				b.p.warnf(m.pos, "%q names phase %s, but its words %q are not the phase's title %q (line %d); it closes nothing",
					line, m.phase.ID, title, m.phase.Title, m.phase.Heading.Pos.Line)
				continue
			}
		}
		var closed, open []string
		for _, s := range m.phase.Sprints {
			switch {
			case !s.Status.Set() && !s.Row && b.openBoxIn(s.Heading.Start, s.End):
				// "- [~] a2a_protocol.rs (typed, I/O pending)" under a
				// phase a table calls complete: its own boxes say not yet.
				open = append(open, s.ID)
			case !s.Status.Set():
				s.Status = Field{Value: StatusClosed, Pos: m.pos}
				closed = append(closed, s.ID)
			case s.Status.Value != StatusClosed && !s.Skipped:
				open = append(open, s.ID)
			}
		}
		if len(closed) > 0 {
			b.p.warnf(m.pos, "phase %s is marked done (%s): its sprints without a Status of their own are closed: %s", m.phase.ID, m.mark, strings.Join(closed, ", "))
		}
		if len(open) > 0 {
			// The phase's own boxes or fields say otherwise: when in
			// doubt, the work is not done, and the user is told.
			b.p.warnf(m.pos, "phase %s is marked done (%s), but %d of its units say they are not (%s): read as they say; tick them, or correct the mark", m.phase.ID, m.mark, len(open), idList(open))
		}
	}
}

// readLog reads the completion log: the unit headings outside the phases
// (b.p.Entries). An entry that records a live sprint done closes it; the
// others are reported. It returns the sections that are completion logs.
func (b *builder) readLog(live map[string]*Sprint) map[*Heading]bool {
	// A section with an entry that records a sprint of the plan done is a
	// completion log.
	logSections := map[*Heading]bool{}
	for _, e := range b.p.Entries {
		if e.Done && live[e.SprintID] != nil {
			logSections[e.Section] = true
		}
	}
	// The entries that will not be compiled, by section, to say so once
	// where there are many.
	notCompiled := map[*Heading][]int{}
	for _, e := range b.p.Entries {
		if !e.Done && !(logSections[e.Section] && live[e.SprintID] != nil) {
			notCompiled[e.Section] = append(notCompiled[e.Section], e.Heading.Pos.Line)
		}
	}
	for _, e := range b.p.Entries {
		where := "before the first phase"
		if e.Section != nil {
			where = fmt.Sprintf("under %q (line %d)", e.Section.Markdown(), e.Section.Pos.Line)
		}
		s := live[e.SprintID]
		switch {
		case !e.Done && logSections[e.Section] && s != nil:
			b.p.diag(Info, e.Heading.Pos, "completion log entry %q does not record sprint %s done", e.Heading.Text, s.ID)
		case !e.Done && len(notCompiled[e.Section]) > 3:
			// Many in one section: one warning for them all, a note at
			// each.
			lines := notCompiled[e.Section]
			if e.Heading.Pos.Line == lines[0] {
				b.p.warnf(e.Heading.Pos, "%d sprint headings %s are not compiled, being outside any phase section: %s", len(lines), where, linesPhrase("the heading", "the headings", lines))
			} else {
				b.p.diag(Info, e.Heading.Pos, "%q is not compiled: it is %s, outside any phase section", e.Heading.Text, where)
			}
		case !e.Done:
			b.p.warnf(e.Heading.Pos, "%q is not compiled: it is %s, outside any phase section", e.Heading.Text, where)
		case s == nil:
			what := "names no sprint of the plan"
			for _, d := range b.p.Skipped {
				if d.ID == e.SprintID {
					what = "names a skipped sprint"
				}
			}
			b.p.warnf(e.Heading.Pos, "completion log entry %q %s; it closes nothing", e.Heading.Text, what)
		case !e.ByID && !sameWork(entryTitle(e.Heading.Text), s.Title):
			b.p.warnf(e.Heading.Pos, "completion log entry %q names sprint %s, but its title %q is not the sprint's %q (line %d); it closes nothing",
				e.Heading.Text, s.ID, entryTitle(e.Heading.Text), s.Title, s.Heading.Pos.Line)
		case s.Status.Value == StatusClosed:
			b.p.diag(Info, e.Heading.Pos, "completion log entry for sprint %s agrees with its section (line %d)", s.ID, s.Heading.Pos.Line)
		default:
			if s.Status.Set() {
				b.p.warnf(e.Heading.Pos, "sprint %s is closed by this completion log entry, though its section says %s (line %d)",
					s.ID, strings.ReplaceAll(s.Status.Value, "_", " "), s.Status.Pos.Line)
			} else {
				b.p.diag(Info, e.Heading.Pos, "sprint %s (line %d) is closed by this completion log entry", s.ID, s.Heading.Pos.Line)
			}
			s.Status = Field{Value: StatusClosed, Pos: e.Heading.Pos}
			s.ClosedBy = e
		}
	}
	return logSections
}

// statusTables reads the progress tables outside the sprints: a table with
// a Status column whose first column names sprints ("1.1", "Sprint 1.1")
// gives each sprint named there that has no Status of its own the row's
// status; a row whose title is not the sprint's, or whose status the
// sprint's own section contradicts, is a warning at the row.
func (b *builder) statusTables(live map[string]*Sprint) {
	for _, t := range b.tables {
		head, ok := t.FirstChild().(*east.TableHeader)
		if !ok {
			continue
		}
		statusCol, titleCol, col := -1, -1, 0
		for c := head.FirstChild(); c != nil; c = c.NextSibling() {
			switch strings.ToLower(strings.TrimSpace(plainText(c, b.src))) {
			case "status", "state", "estado", "statut":
				statusCol = col
			case "title", "name", "sprint title":
				titleCol = col
			}
			col++
		}
		if statusCol <= 0 {
			continue
		}
		for row := head.NextSibling(); row != nil; row = row.NextSibling() {
			var cells []string
			for c := row.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, strings.TrimSpace(plainText(c, b.src)))
			}
			if len(cells) <= statusCol {
				continue
			}
			id := cells[0]
			if info := splitKeyword(id); info.kind == headSprint || info.kind == headSprintProse {
				id = info.id
			}
			if _, _, _, ok := splitSprintID(id); !ok {
				continue
			}
			s := live[canonicalSprintID(id)]
			if s == nil {
				continue
			}
			at := nodeStart(row.FirstChild().FirstChild())
			if at < 0 {
				at = b.blockStart(t)
			}
			pos := b.p.Position(lineStart(b.src, at))
			if titleCol > 0 && titleCol < len(cells) && !sameWork(cells[titleCol], s.Title) {
				b.p.warnf(pos, "the progress table names sprint %s %q, but its title is %q (line %d); its status here is not read", s.ID, cells[titleCol], s.Title, s.Heading.Pos.Line)
				continue
			}
			r := readStatus(cells[statusCol])
			switch {
			case !r.known || r.status == statusSkipped:
				b.p.warnf(pos, "the progress table says sprint %s is %q, which is not read as its status", s.ID, cells[statusCol])
			case s.Status.Set() && s.Status.Value != r.status:
				b.p.warnf(pos, "the progress table says sprint %s is %s (%q), but its section says %s (line %d); the section is followed",
					s.ID, strings.ReplaceAll(r.status, "_", " "), cells[statusCol], strings.ReplaceAll(s.Status.Value, "_", " "), s.Status.Pos.Line)
			case !s.Status.Set():
				if r.note != "" {
					b.p.warnf(pos, "the progress table says sprint %s is %q, read as %s: %s", s.ID, cells[statusCol], strings.ReplaceAll(r.status, "_", " "), r.note)
				}
				s.Status = Field{Value: r.status, Pos: pos}
			}
		}
	}
}

// entryTitle is the title a completion log entry or tracker line gives
// its unit: "Apple Pay sheet" in "✅ Sprint 1.3: Apple Pay sheet".
func entryTitle(text string) string {
	t := strings.TrimSpace(text)
	for _, p := range []string{"- [x] ", "- [X] ", "* [x] ", "* [X] ", "- ", "* "} {
		t = strings.TrimPrefix(t, p)
	}
	if info := splitKeyword(t); info.kind == headSprint || info.kind == headPhase {
		return info.title
	}
	if sh := readShape(t); sh.kind != shapeOther {
		return sh.title
	}
	return ""
}

// sameWork reports whether a log entry's title names the same work as a
// unit's: equal words, or one's words a run of the other's ("Go Project
// Setup" and "Go project setup"), or the same once each title's notes are
// set aside (leadTitle). A title with no words (a date, nothing)
// contradicts nothing.
func sameWork(entry, unit string) bool {
	words := func(s string) string { return " " + strings.Join(lowerWords(s), " ") + " " }
	e, u := words(entry), words(unit)
	if strings.IndexFunc(entry, unicode.IsLetter) < 0 || strings.TrimSpace(u) == "" {
		return true
	}
	if strings.Contains(e, u) || strings.Contains(u, e) || bigramDice(entry, unit) >= 0.5 || shortFor(entry, unit) {
		return true
	}
	// "버그 수정 (commit acfa12b)" for "버그 수정 (즉시) — 현재 세션": the
	// same title, each with its own note in brackets or after a dash.
	le, lu := words(leadTitle(entry)), words(leadTitle(unit))
	return strings.TrimSpace(le) != "" && le == lu
}

// leadTitle is a title without its notes: every part in brackets, and
// what follows a spaced dash (titleStem drops a closing note only).
func leadTitle(s string) string {
	for _, dash := range []string{" — ", " – ", " -- "} {
		s, _, _ = strings.Cut(s, dash)
	}
	var out strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(' || r == '（':
			depth++
		case (r == ')' || r == '）') && depth > 0:
			depth--
		case depth == 0:
			out.WriteRune(r)
		}
	}
	return out.String()
}

// shortFor reports an entry title that words the unit's title short: two
// of its words at least, and two in three of them, are the unit's, one
// word standing for another when one opens the other or both open with the
// same five letters ("async render fixes" for "Fix flicker ... in async
// diff rendering", "diff-line identity primitive" for "resolve diff lines
// to identities"). What follows a bold part ("— **DONE 2026-08-09**") says
// how it stands, not what it is.
func shortFor(entry, unit string) bool {
	if k := strings.Index(entry, "**"); k > 0 {
		entry = entry[:k]
	}
	var uw []string
	for _, w := range lowerWords(unit) {
		if len(w) >= 3 {
			uw = append(uw, w)
		}
	}
	same := func(a, b string) bool {
		return strings.HasPrefix(a, b) || strings.HasPrefix(b, a) || len(a) >= 5 && len(b) >= 5 && a[:5] == b[:5]
	}
	n, hit := 0, 0
	for _, w := range lowerWords(entry) {
		if len(w) < 3 {
			continue
		}
		n++
		if slices.ContainsFunc(uw, func(u string) bool { return same(w, u) }) {
			hit++
		}
	}
	return hit >= 2 && 3*hit >= 2*n
}

// bigramDice is how much of two titles' letters run alike: the Dice
// coefficient of their letter pairs, case and punctuation dropped, from 0
// to 1. A tracker that words a phase its own way ("DBスキーマ拡張 &
// Reviewステータス遷移" for "DBスキーマ拡張 & ステータス遷移") scores 0.76;
// another phase's words ("budget approved" for "Build") 0.12.
func bigramDice(a, b string) float64 {
	pairs := func(s string) map[[2]rune]int {
		var rs []rune
		for _, r := range strings.ToLower(s) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				rs = append(rs, r)
			}
		}
		m := map[[2]rune]int{}
		for i := 0; i+1 < len(rs); i++ {
			m[[2]rune{rs[i], rs[i+1]}]++
		}
		return m
	}
	pa, pb := pairs(a), pairs(b)
	na, nb, both := 0, 0, 0
	for k, n := range pa {
		na += n
		both += min(n, pb[k])
	}
	for _, n := range pb {
		nb += n
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return 2 * float64(both) / float64(na+nb)
}

// reportLoose says why each heading deeper than the phase level outside
// the phases starts no phase.
func (b *builder) reportLoose(logSections map[*Heading]bool) {
	for _, l := range b.loose {
		if logSections[l.section] {
			b.p.diag(Info, l.head.Pos, "%q groups completion log entries; it starts no phase", l.head.Text)
			continue
		}
		where := "before the first phase"
		if l.section != nil {
			where = fmt.Sprintf("under %q (line %d)", l.section.Markdown(), l.section.Pos.Line)
		}
		b.p.warnf(l.head.Pos, "%q is not read as a phase: it is %s, deeper than the phase headings (level %d)", l.head.Text, where, b.level)
	}
}

// atxLine reports whether a line opens an ATX heading: up to three spaces,
// one to six '#', then a blank or the line's end. "#Sprint 1.1" is not one
// (it is the text of a setext heading, or of a paragraph).
func atxLine(line []byte) bool {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	n := 0
	for i < len(line) && line[i] == '#' {
		i++
		n++
	}
	return n >= 1 && n <= 6 && (i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')
}

// detailsTag follows <details> and </details> in a top-level HTML block.
func (b *builder) detailsTag(n *ast.HTMLBlock) {
	var text []byte
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		text = append(text, seg.Value(b.src)...)
	}
	if n.HasClosure() {
		text = append(text, n.ClosureLine.Value(b.src)...)
	}
	lower := strings.ToLower(string(text))
	opens := strings.Count(lower, "<details")
	closes := strings.Count(lower, "</details>")
	if opens > 0 && b.details == 0 {
		b.detailsLine = b.p.Position(b.blockStart(n)).Line
	}
	b.details = max(0, b.details+opens-closes)
}

// reopenedText reports whether text says work was undone: "reverted",
// "reopened", "needs redo".
func reopenedText(text string) bool {
	for _, t := range statusTokens(text) {
		if reopenWords[t.text] || t.text == "redo" {
			return true
		}
	}
	return false
}

// logHeading reports whether a heading's text names a log of work done:
// "Completion Log", "Changelog", "History", "Progress log".
func logHeading(text string) bool {
	t := strings.ToLower(strings.TrimSpace(strings.TrimLeftFunc(text, decoration)))
	for _, w := range []string{"completion log", "changelog", "change log", "history", "progress log", "session log", "work log", "done log", "log"} {
		if t == w || strings.HasSuffix(t, " "+w) {
			return true
		}
	}
	return false
}

// skipSuggestion is the marker to write to skip a unit, for a warning
// about a skip word that was not read as one: the word itself in capitals,
// or SKIPPED for an emoji.
func skipSuggestion(loose string) string {
	if strings.IndexFunc(loose, unicode.IsLetter) < 0 {
		return "SKIPPED"
	}
	return strings.ToUpper(loose)
}

// lowerLetters lowers the capitals of an id ("3A" gives "3a").
func lowerLetters(id string) string { return strings.ToLower(id) }

// headingIDs returns the ids of the plan's phase headings ("3a") and sprint
// headings ("sprint 1.2"), read once, when a prose heading needs them.
func (b *builder) headingIDs() map[string]bool {
	if b.ids != nil {
		return b.ids
	}
	b.ids = map[string]bool{}
	for _, rec := range b.heads {
		switch rec.info.kind {
		case headPhase:
			b.ids[canonicalPhaseID(lowerLetters(rec.info.id))] = true
		case headSprint:
			b.ids["sprint "+canonicalSprintID(rec.info.id)] = true
		}
	}
	return b.ids
}
