package parser

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads a GSD roadmap (.planning/ROADMAP.md): its units are the
// phases of its checklists, "- [x] **Phase 12.1: Title** - summary", in
// the order listed, across milestones (a shipped milestone's list folded
// into <details> included). A phase's "### Phase N: Title" details section
// gives what it depends on ("**Depends on**: Phase 12, Phase 11.1") and its
// plan list. The checkbox closes a phase; so does a plan list with every
// plan ticked. A phase whose details state no dependency follows the phase
// listed before it: when in doubt, sequence.

const gsdRoadmapDescription = "a GSD roadmap: the phases of its \"- [ ] **Phase N: Title**\" checklists are the units, their **Depends on** lines the graph"

// gsdPhaseLabel matches a roadmap checklist entry's bold label: its phase
// number and its name.
var gsdPhaseLabel = lazyMustCompile(`^Phase\s+(\d+(?:\.\d+)*[a-z]?)\s*:\s*(.+)$`)

// gsdPhaseHeading matches a details heading: "Phase 12.1: Title (INSERTED)".
var gsdPhaseHeading = lazyMustCompile(`^Phase\s+(\d+(?:\.\d+)*[a-z]?)\s*:`)

// gsdPlanID opens a plan list item that names its plan by id, not file:
// "- [x] 05-01: HotkeyCombo model".
var gsdPlanID = lazyMustCompile(`^\d+(?:\.\d+)?-\d+\b`)

// gsdShipped is what a shipped phase's plain entry says after its name:
// its plan count and when it was completed.
var gsdShipped = lazyMustCompile(`\s*(\(\d+/\d+ plans?\)|(--|—|–|-)\s*completed\b).*$`)

// gsdPhaseRef finds the phases a Depends on line names.
var gsdPhaseRef = lazyMustCompile(`\bPhases?\s+(\d+(?:\.\d+)*[a-z]?)`)

// gsdDepsNamed is the part of a Depends on value that names what the
// phase waits for. The phases a clause names as running beside it are
// none ("Phase 9 (can run in parallel with Phase 11)", "alongside Phase
// 4", "independent of Phase 3"); after "Nothing" or "None", only phases
// said to finish first are ("Nothing, but Phase 1 must finish first"),
// not a note on what may run beside it ("Nothing (independent; may
// execute in parallel with Phases 12, 13 after Phase 9 is underway)").
func gsdDepsNamed(v string) string {
	v = gsdBesideRE.ReplaceAllString(v, " ")
	lead, rest, _ := strings.Cut(strings.TrimSpace(v), " ")
	switch strings.ToLower(strings.Trim(lead, " .,;:()*_`")) {
	case "nothing", "none", "n/a", "-", "—", "–":
		var kept []string
		for _, clause := range gsdClauseRE.Split(rest, -1) {
			if gsdFirstRE.MatchString(clause) {
				kept = append(kept, clause)
			}
		}
		return strings.Join(kept, "; ")
	}
	return v
}

// gsdBesideRE is a clause that names phases a phase runs beside, up to the
// last phase it names: "parallel with Phases 12, 13 and 14".
var gsdBesideRE = lazyMustCompile(`(?i)\b(?:in\s+)?(?:parallel\s+(?:with|to)|alongside|concurrent(?:ly)?\s+with|independent(?:ly)?\s+of|at\s+the\s+same\s+time\s+as)\s+(?:(?:any|all)\s+(?:of\s+)?)?(?:phases?\s+)?\d+(?:\.\d+)*[a-z]?(?:\s*(?:,|and|&|or|/)\s*(?:phases?\s+)?\d+(?:\.\d+)*[a-z]?)*`)

// gsdClauseRE splits a value into its clauses.
var gsdClauseRE = lazyMustCompile(`[;,()]|\bbut\b`)

// gsdFirstRE is a clause that says a phase must be done first: "Phase 1
// must finish first", "after Phase 2 ships".
var gsdFirstRE = lazyMustCompile(`(?i)\bphases?\s+\d+.*\b(?:must|finish(?:es|ed)?|complete[sd]?|done|ships|shipped|lands|landed|merged)\b|\b(?:after|once|until)\s+phases?\s+\d+(?:\.\d+)*[a-z]?\s+(?:is\s+|has\s+)?(?:done|complete[sd]?|finish(?:es|ed)?|ships|shipped|lands|landed|merged)\b`)

// gsdEntry is one phase of a roadmap's checklists.
type gsdEntry struct {
	num, name, summary string
	checked            bool
	item               ast.Node
	heading            bool // item is the phase's details heading: no checklist lists it
	// start is the offset of a progress table's row that is the only
	// entry of its phase (item is the row); 0 for the others.
	start int
	// tableDone: a progress table's row says the phase is done.
	tableDone bool
}

// at is the offset the entry starts at.
func (e gsdEntry) at(b *builder) int {
	if e.start > 0 {
		return e.start
	}
	return b.blockStart(e.item)
}

// gsdAllEntries reads a roadmap's phases: its checklist entries (bold, or
// plain in a shipped milestone's fold), else its "Phase N:" details
// headings (headings is then set); then the phases only a details heading
// or a progress table row names ("| 7. CI Fixes | v1.1 | 2/2 | Complete |",
// a milestone whose list was archived). When such phases join the list,
// the entries are put in the order of their numbers, the order GSD runs
// phases in.
func (b *builder) gsdAllEntries(doc ast.Node) (entries []gsdEntry, headings bool) {
	if bytes.Contains(b.src, []byte("] Phase ")) || bytes.Contains(b.src, []byte("**Phase ")) {
		entries = b.gsdEntries(doc)
	}
	// GSD writes "**Depends on**:" and "**Plans**:"; other tools write
	// the colon inside the bold, and only GSD's own form reads a roadmap
	// of headings alone as GSD's.
	gsdOwn := bytes.Contains(b.src, []byte("**Depends on**")) || bytes.Contains(b.src, []byte("**Plans**"))
	gsdish := gsdOwn || bytes.Contains(b.src, []byte("**Depends on:**")) || bytes.Contains(b.src, []byte("**Plans:**"))
	if len(entries) < 2 {
		// A roadmap whose milestones keep no phase checklist: its
		// "### Phase N: Title" details sections (a shipped milestone's
		// under <details>, the current one's a level deeper) are the
		// phases, when they read as GSD's (a Goal, Depends on or Plans).
		if !gsdOwn {
			return nil, false
		}
		entries, headings = b.gsdHeadingEntries(doc), true
		if len(entries) < 2 {
			return nil, false
		}
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.num] = true
	}
	added := false
	if !headings && gsdish {
		for _, e := range b.gsdHeadingEntries(doc) {
			if !seen[e.num] {
				seen[e.num], added = true, true
				entries = append(entries, e)
			}
		}
	}
	for _, e := range b.gsdTableEntries(doc) {
		if !seen[e.num] {
			seen[e.num], added = true, true
			entries = append(entries, e)
			continue
		}
		for i := range entries {
			if entries[i].num == e.num && entries[i].heading && e.checked {
				// A details heading with no checklist entry: the
				// progress table says how it stands.
				entries[i].checked = true
			}
			if entries[i].num == e.num && e.checked {
				entries[i].tableDone = true
			}
		}
	}
	if added {
		slices.SortStableFunc(entries, func(x, y gsdEntry) int { return comparePhaseNums(x.num, y.num) })
	}
	return entries, headings
}

// comparePhaseNums orders GSD phase numbers: "2" < "2.1" < "3".
func comparePhaseNums(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range min(len(pa), len(pb)) {
		x, _ := leadingNumber(pa[i])
		y, _ := leadingNumber(pb[i])
		if x != y {
			return x - y
		}
	}
	return len(pa) - len(pb)
}

// gsdTableEntries reads the rows of a roadmap's progress tables, whose
// first column is headed Phase and names one ("7. CI Fixes"); a row whose
// status says done is checked.
func (b *builder) gsdTableEntries(doc ast.Node) []gsdEntry {
	var out []gsdEntry
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		t, ok := n.(*east.Table)
		if !ok {
			continue
		}
		phaseCol, status := b.progressColumns(t)
		if !phaseCol {
			continue
		}
		for row := t.FirstChild().NextSibling(); row != nil; row = row.NextSibling() {
			cells := rowCells(row)
			if len(cells) == 0 {
				continue
			}
			m := gsdRowPhase.FindStringSubmatch(b.cellText(cells[0]))
			if m == nil {
				continue
			}
			e := gsdEntry{num: m[1], name: strings.TrimSpace(m[2]), item: row, start: b.rowStart(cells)}
			if status >= 0 && status < len(cells) {
				e.checked = readStatus(b.cellText(cells[status])).status == StatusClosed
			}
			out = append(out, e)
		}
	}
	return out
}

// gsdRowPhase reads a progress table's phase cell: "7. CI Fixes".
var gsdRowPhase = lazyMustCompile(`^(\d+(?:\.\d+)*)\.\s+(.+)$`)

// gsdEntries reads the phase checklist entries of doc, in order.
func (b *builder) gsdEntries(doc ast.Node) []gsdEntry {
	var out []gsdEntry
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || !t.box || !strings.HasPrefix(t.text, "Phase") {
				continue
			}
			// The label is bold: "**Phase 12.1: Title** - summary".
			var label *ast.Emphasis
			for c := it.FirstChild().FirstChild(); c != nil; c = c.NextSibling() {
				if _, box := c.(*east.TaskCheckBox); box {
					continue
				}
				if e, ok := c.(*ast.Emphasis); ok && e.Level == 2 {
					label = e
				}
				break
			}
			if label == nil {
				// A shipped milestone's list, folded into <details>, is
				// written plain: "- [x] Phase 1: Foundation (3/3 plans)
				// -- completed 2026-03-03".
				if m := gsdPhaseLabel.FindStringSubmatch(t.text); m != nil {
					name := gsdShipped.ReplaceAllString(m[2], "")
					checked, _ := itemChecked(it)
					out = append(out, gsdEntry{num: m[1], name: strings.TrimSpace(name), checked: checked || t.done, item: it})
				}
				continue
			}
			lt := strings.TrimSpace(string(appendPlain(nil, label, b.src)))
			m := gsdPhaseLabel.FindStringSubmatch(lt)
			if m == nil {
				continue
			}
			summary := ""
			if k := strings.Index(t.text, lt); k >= 0 {
				summary = t.text[k+len(lt):]
			}
			checked, _ := itemChecked(it)
			out = append(out, gsdEntry{num: m[1], name: strings.TrimSpace(m[2]), summary: strings.TrimSpace(strings.TrimLeft(summary, "-–— ")), checked: checked || t.done, item: it})
		}
	}
	return out
}

// gsdHeadingEntries reads the phases of a roadmap from its "Phase N:
// Title" headings, at any level, in order: the entries of a roadmap with
// no phase checklist. Each entry's item is its heading.
func (b *builder) gsdHeadingEntries(doc ast.Node) []gsdEntry {
	var out []gsdEntry
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level < 2 {
			continue
		}
		text := b.trimmedText(h)
		if m := gsdPhaseHeading.FindStringSubmatch(text); m != nil {
			_, name, _ := strings.Cut(text, ":")
			out = append(out, gsdEntry{num: m[1], name: strings.TrimSpace(name), item: h, heading: true})
		}
	}
	return out
}

// gsdRoadmapCandidate is the reading of a GSD roadmap, nil when doc has no
// two phase checklist entries under a "Roadmap" title or beside a phase
// details section with a Depends on line.
func (b *builder) gsdRoadmapCandidate(doc ast.Node) *Candidate {
	roadmap := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			roadmap = strings.HasPrefix(strings.ToLower(b.trimmedText(h)), "roadmap")
			break
		}
	}
	if !roadmap && !bytes.Contains(b.src, []byte("**Depends on**")) {
		return nil // read before the entries: most plans are no roadmap
	}
	entries, headings := b.gsdAllEntries(doc)
	if len(entries) < 2 || !roadmap && headings {
		return nil
	}
	var lines []int
	for _, e := range entries {
		lines = append(lines, b.p.Position(e.at(b)).Line)
	}
	why := "\"- [ ] **Phase N: Title**\" checklist entries under a roadmap: a GSD roadmap"
	if headings {
		why = "\"Phase N: Title\" sections with GSD's Goal, Depends on and Plans lines under a roadmap: a GSD roadmap whose milestones keep no phase checklist"
	}
	return &Candidate{Name: "gsd", Description: gsdRoadmapDescription, Declare: "format: gsd", Score: scoreFormat,
		Units: len(entries), First: firstOf(lines), Why: why,
		read: func(b *builder, doc ast.Node) bool { return b.readGSDRoadmap(doc) }}
}

// gsdDetails is what a phase's details section says.
type gsdDetails struct {
	deps          []string
	depsAt        Pos
	plans, ticked int
	goal          string // the "**Goal**:" line
	done          bool   // a "**Status**: Done — ..." line says the phase is done
	// skipped: its heading or its Status line says the phase is put off
	// ("### Phase 15: New Project Creation (Deferred)").
	skipped bool
	// plansDone is what a "**Plans:** 2/2 plans complete" line says,
	// every plan done ("2/2 plans complete"), "" when there is none; at is
	// where.
	plansDone   string
	plansDoneAt Pos
	head        *ast.Heading
	end         int      // the offset its section ends at
	planTexts   []string // the plan list's items
}

// gsdDetailsOf reads the "Phase N: Title" sections of doc, by phase number.
func (b *builder) gsdDetailsOf(doc ast.Node) map[string]*gsdDetails {
	out := map[string]*gsdDetails{}
	var cur *gsdDetails
	level, num := 0, ""
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if cur != nil && h.Level > level {
				continue
			}
			if cur != nil {
				cur.end = lineStart(b.src, max(b.blockStart(h), 0))
			}
			cur = nil
			if m := gsdPhaseHeading.FindStringSubmatch(b.trimmedText(h)); m != nil && out[m[1]] == nil {
				cur, level, num = &gsdDetails{head: h, end: len(b.src)}, h.Level, m[1]
				out[m[1]] = cur
			}
			continue
		}
		if cur == nil {
			continue
		}
		switch n := n.(type) {
		case *ast.Paragraph:
			start := b.blockStart(n)
			end := lineEnd(b.src, blockEnd(n, b.src))
			for off := start; off < end; off = lineEnd(b.src, off) {
				line := strings.TrimSpace(string(b.src[off:lineEnd(b.src, off)]))
				if strings.HasPrefix(line, "**Goal**") && cur.goal == "" {
					cur.goal = line
				}
				if m := gsdPlansDone.FindStringSubmatch(line); m != nil && m[2] == m[3] && m[2] != "0" {
					cur.plansDone, cur.plansDoneAt = m[1], b.p.Position(off)
				}

				if k := strings.Index(line, "**Depends on"); k >= 0 && cur.deps == nil {
					// "**Depends on**: Phase 4", "**Depends on:** Phase 4".
					rest := strings.TrimLeft(line[k+len("**Depends on"):], "*: ")
					if cut, _, ok := strings.Cut(rest, ". "); ok {
						rest = cut // "Phase 9 (...). Can run in parallel with any M2 phase."
					}
					cur.deps = []string{}
					rest = gsdDepsNamed(rest)
					for _, m := range gsdPhaseRef.FindAllStringSubmatch(rest, -1) {
						cur.deps = append(cur.deps, m[1])
					}
					cur.depsAt = b.p.Position(off + k)
				}
			}
		case *ast.List:
			for it := n.FirstChild(); it != nil; it = it.NextSibling() {
				if t, ok := b.readItemText(it); ok && t.box && (strings.Contains(t.text, "PLAN") || gsdPlanID.MatchString(t.text)) {
					if other := gsdPlanPhase(t.text); other != "" && comparePhaseNums(other, num) != 0 {
						// "- [x] 45-01-PLAN.md" under "Phase 27": phase 45's
						// plan, left there; it says nothing of phase 27.
						b.p.warnf(b.p.Position(b.blockStart(it)), "plan %q is listed under phase %s but names phase %s: it is not counted for phase %s", t.text, num, other, num)
						continue
					}
					cur.plans++
					cur.planTexts = append(cur.planTexts, t.text)
					if c, _ := itemChecked(it); c || t.done {
						cur.ticked++
					}
				}
			}
		}
	}
	for _, d := range out {
		status := b.gsdStatus(d)
		d.done = status == StatusClosed
		d.skipped = status == statusSkipped || sectionState(b.trimmedText(d.head)) == statusSkipped
	}
	return out
}

// gsdPlanPhase is the phase a plan's id names: "45" of "45-01-PLAN.md",
// "" when the text opens with no plan id.
func gsdPlanPhase(text string) string {
	id := gsdPlanID.FindString(text)
	if id == "" {
		return ""
	}
	phase, _, _ := strings.Cut(id, "-")
	return phase
}

// gsdPlansDone finds a phase's count of plans done: "**Plans:** 2/2 plans
// complete", "**Plans**: 3/3 plans executed".
var gsdPlansDone = lazyMustCompile(`^\*\*Plans:?\*\*:?\s*((\d+)/(\d+) plans? (?:complete|completed|executed|done))\b`)

// gsdStatus reads the status of a phase's details from a line
// "**Status**: Done — commit 50e65b7" (a line that may continue a success
// criteria list, where GSD writes it after one); "" when there is none.
func (b *builder) gsdStatus(d *gsdDetails) string {
	start := lineEnd(b.src, max(b.blockStart(d.head), 0))
	for off := start; off < d.end && off < len(b.src); off = lineEnd(b.src, off) {
		line := strings.TrimSpace(string(b.src[off:lineEnd(b.src, off)]))
		if v, ok := strings.CutPrefix(line, "**Status**"); ok {
			v = strings.TrimLeft(v, "*: ")
			if head, _, ok := strings.Cut(v, " — "); ok {
				v = head // "Done — commit 50e65b7": the status, then its note
			}
			if r := readStatus(v); r.known {
				return r.status
			}
			return ""
		}
	}
	return ""
}

// readGSDRoadmap reads the phases of a GSD roadmap's checklists as its
// units.
func (b *builder) readGSDRoadmap(doc ast.Node) bool {
	entries, _ := b.gsdAllEntries(doc)
	if len(entries) == 0 {
		return false
	}
	for n := doc.FirstChild(); n != nil && b.p.Title == ""; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			b.p.Title = b.trimmedText(h)
		}
	}
	details := b.gsdDetailsOf(doc)
	ph := &Phase{ID: "1", Num: 1, Title: b.p.Title, Valid: true}
	byNum := map[string]*Sprint{}
	var units []*Sprint
	var nums []string
	for _, e := range entries {
		start := e.at(b)
		at := b.p.Position(start)
		if byNum[e.num] != nil {
			b.p.warnf(at, "phase %s is listed again (first at line %d): this entry is left out", e.num, byNum[e.num].Heading.Pos.Line)
			continue
		}
		i := len(units) + 1
		s := &Sprint{ID: "1." + strconv.Itoa(i), Num: i, Title: cleanTitle(e.name), Phase: ph, Row: true,
			Heading: Heading{Text: strings.TrimSpace(string(b.src[start:lineEnd(b.src, start)])), Pos: at, Start: start, End: lineEnd(b.src, start)}}
		s.WrittenID = s.ID
		s.End = s.Heading.End
		task := fmt.Sprintf("Phase %s: %s", e.num, s.Title)
		if e.summary != "" {
			task += " - " + e.summary
		}
		s.Tasks = []string{task}
		d := details[e.num]
		if d != nil {
			// The phase's heading is its details section's: plan_section
			// links there, and annotate writes under it.
			s.Heading, s.Row, s.End = b.heading(d.head), false, d.end
			if s.Heading.End < len(b.src) {
				s.Annotation = b.annotation(s.Heading.End)
			}
			// The details say what the phase is for and how it is cut.
			s.Description = d.goal
			if len(d.planTexts) > 0 {
				s.Tasks = d.planTexts
			}
		}
		var body []ast.Node
		for c := e.item.FirstChild(); c != nil && !e.heading && e.start == 0; c = c.NextSibling() {
			if c != e.item.FirstChild() {
				body = append(body, c)
			}
		}
		switch open := b.openBox(body); {
		case e.checked && open.IsValid():
			// Checked, with a plan under it still open: when in doubt,
			// the work is not done.
			s.Status = Field{Value: StatusOpen, Pos: at}
			b.p.warnf(at, "phase %s (unit %s) is checked, but an item under it is not (line %d): read as open", e.num, s.ID, open.Line)
		case e.checked:
			s.Status = Field{Value: StatusClosed, Pos: at}
			if d != nil && d.plans > 0 && d.ticked < d.plans {
				b.p.warnf(at, "phase %s is checked, but %d of the %d plans its details list are not: read as closed, as GSD ticks the phase when it ships", e.num, d.plans-d.ticked, d.plans)
			}
		case d != nil && d.plans > 0 && d.ticked == d.plans:
			s.Status = Field{Value: StatusClosed, Pos: at}
			switch {
			case e.start > 0:
				b.p.warnf(at, "phase %s's progress row does not say it is done, but all %d plans of its details are ticked: read as closed", e.num, d.plans)
			case !e.heading:
				b.p.warnf(at, "phase %s is not ticked, but all %d plans of its details are: read as closed", e.num, d.plans)
			}
		case d != nil && d.done && e.tableDone:
			// A box left unticked where the phase's details say Status
			// Done and the progress table Complete: two records to one.
			s.Status = Field{Value: StatusClosed, Pos: at}
			b.p.warnf(at, "phase %s is not ticked, but its details say it is done and so does the progress table: read as closed", e.num)
		case d != nil && d.skipped && !e.checked:
			s.Status = Field{Value: StatusOpen, Pos: at}
			s.Skipped, s.SkipReason = true, "its details put it off"
		case d != nil && d.plansDone != "":
			// "**Plans:** 2/2 plans complete" over a plan box left
			// unticked: the count is the later record.
			s.Status = Field{Value: StatusClosed, Pos: d.plansDoneAt}
			if d.plans > d.ticked {
				b.p.warnf(d.plansDoneAt, "phase %s's details say %q, but %d of the %d plans they list are not ticked: read as closed, as GSD counts the plans when they are done", e.num, d.plansDone, d.plans-d.ticked, d.plans)
			}
		default:
			s.Status = Field{Value: StatusOpen, Pos: at}
		}
		byNum[e.num] = s
		units = append(units, s)
		nums = append(nums, e.num)
	}
	for i, s := range units {
		s.DepsStated = true
		d := details[nums[i]]
		if d == nil || d.deps == nil {
			// No Depends on line: after the phase listed before it that
			// is not put off.
			for j := i - 1; j >= 0; j-- {
				if !units[j].Skipped {
					s.DependsOn = append(s.DependsOn, Ref{ID: units[j].ID, Pos: s.Heading.Pos})
					break
				}
			}
		} else {
			for _, num := range d.deps {
				dep := byNum[num]
				switch {
				case dep == nil:
					b.p.warnf(d.depsAt, "phase %s depends on phase %s, which no checklist of the roadmap lists: the dependency is left out", nums[i], num)
				case dep == s:
				default:
					s.DependsOn = append(s.DependsOn, Ref{ID: dep.ID, Pos: d.depsAt})
				}
			}
		}
		b.define(s)
	}
	b.warnStrayPhases(doc, details, byNum)
	b.finishFormat(gsdRoadmapDescription)
	return true
}

// warnStrayPhases says where a phase heading of a GSD roadmap is no phase
// its checklists list, or not its details ("# PhAse 0" beside "- [x]
// Phase 0: …"): its section is read as no unit, said at its line.
func (b *builder) warnStrayPhases(doc ast.Node, details map[string]*gsdDetails, listed map[string]*Sprint) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		text := b.trimmedText(h)
		sh := readShape(text)
		if sh.kind != shapePhase {
			continue
		}
		if d := details[sh.id]; d != nil && d.head == h && listed[sh.id] != nil {
			continue
		}
		b.p.warnf(b.p.Position(b.blockStart(h)), "phase heading %q is not the details of a phase the roadmap's checklists list: its section is read as no unit", text)
	}
}
