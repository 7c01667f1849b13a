package parser

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Orders in which a plan's units run.
const (
	// OrderNumbering is the beads-ralph dialect: the numbering is the
	// program (contract §2).
	OrderNumbering = iota
	// OrderDocument runs the units one after another in the order the plan
	// lists them: the other shapes, whose numbers and letters mean order.
	OrderDocument
)

// Reading is a choice the parser made about how to read the plan, said in
// the preview.
type Reading struct {
	Pos  Pos
	Text string
}

// shapeMode is the repeating unit the shapes reader chose.
type shapeMode int

const (
	modeHeadings  shapeMode = iota // unit headings, under phases or not
	modeList                       // checkbox list items with a bold label, under phases
	modePhaseOnly                  // each phase is one unit
	modeBold                       // bold paragraphs "**T4: Title**", under phases
	modeTopList                    // list items with a bold label, with no phase headings
	modeTable                      // rows of tables (tables.go), under phases or not
)

// shapeHead is a top-level heading read once by the shapes reader.
type shapeHead struct {
	node   *ast.Heading
	list   *ast.List // a one-item list that names the unit, in place of a heading (format: compound)
	head   Heading
	sh     shape
	struck bool
	phase  bool // opens a phase section
	unit   bool // opens a unit
	step   bool // a numbered step inside a phase that is the unit
}

// readShapeHeading reads a heading for the shapes reader: its shape, and
// whether its word and id or its whole title are struck through.
func readShapeHeading(h *ast.Heading, src []byte) (shape, bool) {
	full, live := headingTexts(h, src)
	sh := readShape(full)
	if sh.kind == shapeOther {
		return sh, false
	}
	l := readShape(live)
	struck := l.kind != sh.kind || l.id != sh.id || (!meaningless(sh.title) && meaningless(l.title))
	return sh, struck
}

// shapeConfig is what a reading tells the shapes walker beyond its own
// choices: the units are list items of a pattern (items.go), the unit
// headings are the ones a declared pattern matches, the numbered section
// headings of a task file are its phases, or the mode is fixed. The zero
// value lets the walker choose, as it always has.
type shapeConfig struct {
	// items makes the units the list items that pattern reads.
	items *itemPattern
	// units, when set, picks the unit headings instead of pickUnits.
	units func(sc *shapeScan, r *shapeHead) bool
	// retag rewrites a heading's shape before the phases are found:
	// "## 1. Implementation" read as phase 1 of an OpenSpec task file.
	retag func(r *shapeHead)
	// phaseLevel, when set, is the level of the phase headings (-1: none).
	phaseLevel int
	// mode, when set (modeSet), fixes the mode.
	mode    shapeMode
	modeSet bool
	// lists, when set, are the only lists whose items are units.
	lists map[ast.Node]bool
	// skipLists are lists whose items are not units (a log of work done).
	skipLists map[ast.Node]bool
	// sideGroups are headings beside the phases, at their level, that
	// hold more of the same work ("## Completado" before "## Fase 3A"):
	// each is read as a phase of its own, where it stands.
	sideGroups map[*ast.Heading]bool
	// name is what the preview calls the reading; "" lets the walker
	// describe it.
	name string
	// under, when set, keeps the list units to the section of the heading
	// with this text (a plan with no phases).
	under string
	// implicit, when set, is the number of the one phase of a plan with no
	// phase headings (a Taskmaster task's id); else 1.
	implicit int
	// unit, when set, reads what the reading knows of each unit beyond
	// the plan language (a Taskmaster subtask's "[done]" and its
	// "### Dependencies: 7.1" heading).
	unit func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node)
	// units, when set, sees every unit read, before they are resolved.
	all func(b *builder)
	// except, when set, leaves out the list units in the sections whose
	// heading it reports (a plan with no phases).
	except func(heading string) bool
	// only, when set, keeps the list units to these top-level blocks (a
	// plan with no phases).
	only map[ast.Node]bool
	// groups: the phases only group the units (a planning tool's task
	// items): a phase with no unit under it is text, not a unit.
	groups bool
	// labels, when modeList or modeBold, makes the units the bold unit
	// labels of list items or of paragraphs, with or without phases.
	labels shapeMode
}

// runShapes reads a plan written in one of the other shapes: units named by
// another word (Session, Step, Week, ...), bare numbered units under phases,
// units as checkbox list items, phases that are the units, and units with no
// phases. It reports false, having changed nothing, when it finds no unit.
func (b *builder) runShapes(doc ast.Node) bool { return b.runShapesWith(doc, shapeConfig{}) }

// scanShapes reads the headings under cfg and says the mode; it reports
// diagnostics into the plan, as a build does.
func (b *builder) scanShapes(doc ast.Node, cfg shapeConfig) (*shapeScan, shapeMode, bool) {
	sc := &shapeScan{b: b, cfg: cfg, doc: doc}
	sc.collect(doc)
	sc.placeSections()
	if cfg.units != nil {
		sc.pickDeclared()
	} else if cfg.items == nil {
		sc.pickUnits()
	}
	sc.rangeGroups()
	switch {
	case cfg.modeSet:
		return sc, cfg.mode, true
	case cfg.labels == modeList && sc.phaseLevel <= 0:
		return sc, modeTopList, true
	case cfg.labels == modeList || cfg.labels == modeBold:
		return sc, cfg.labels, true
	case cfg.items != nil && sc.phaseLevel > 0:
		return sc, modeList, true
	case cfg.items != nil:
		return sc, modeTopList, true
	}
	mode, ok := sc.mode(doc)
	return sc, mode, ok
}

// runShapesWith is runShapes under a reading's configuration.
func (b *builder) runShapesWith(doc ast.Node, cfg shapeConfig) bool {
	b.shapes = true
	mark := len(b.p.Diags)
	sc, mode, ok := b.scanShapes(doc, cfg)
	if !ok {
		return false
	}
	if cfg.units != nil && !cfg.modeSet && cfg.labels == modeHeadings && sc.phaseLevel > 0 && cfg.phaseLevel == 0 && !sc.unitInPhase() {
		// The units a reading names stand outside every phase heading
		// ("#### Week N" under "## Implementation Plan", the "### Phase
		// N" of a design above it): those headings are not its phases.
		b.p.Diags = b.p.Diags[:mark]
		cfg.phaseLevel = -1
		sc, mode, _ = b.scanShapes(doc, cfg)
	}
	if cfg.modeSet && cfg.mode == modeTable && sc.phaseLevel > 0 && cfg.phaseLevel == 0 &&
		!b.hasUnitTable(phaseBlocks(doc, sc.byNode, sc.phaseLevel)) && b.hasUnitTable(topBlocks(doc)) {
		// The tables of work stand outside every phase heading ("###
		// L0-1" tables above "## 実装順序" over "### Phase 1"): those
		// headings order the rows, they do not hold them.
		b.p.Diags = b.p.Diags[:mark]
		cfg.phaseLevel = -1
		sc, mode, _ = b.scanShapes(doc, cfg)
	}
	w := &shapeWalk{b: b, mode: mode, phaseLevel: sc.phaseLevel, unitLevel: sc.unitLevel, byNode: sc.byNode, inside: sc.inside, items: cfg.items, implicitNum: max(cfg.implicit, 1), unitHook: cfg.unit, groups: cfg.groups, sideGroups: cfg.sideGroups, lists: cfg.lists, skipLists: cfg.skipLists}
	defer w.reportIdless()
	defer w.reportUnlabeled()
	w.walk(doc)
	sc.reportHeadings(w)
	switch {
	case mode == modeTopList:
		w.implicit = w.implicitPhase()
		blocks := w.outside
		if cfg.under != "" {
			in := sectionBlocks(doc, b.src, cfg.under)
			blocks = slices.DeleteFunc(slices.Clone(blocks), func(n ast.Node) bool { return !in[n] })
		}
		if cfg.except != nil {
			out := exceptBlocks(doc, b.src, cfg.except)
			blocks = slices.DeleteFunc(slices.Clone(blocks), func(n ast.Node) bool { return out[n] })
		}
		if cfg.only != nil {
			blocks = slices.DeleteFunc(slices.Clone(blocks), func(n ast.Node) bool { return !cfg.only[n] })
		}
		w.listUnits(w.implicit, blocks, len(b.src))
	case mode == modeTable && sc.phaseLevel == 0:
		w.implicit = w.implicitPhase()
		w.tableUnits(w.implicit, w.outside, true)
	case mode == modeBold && sc.phaseLevel <= 0:
		w.implicit = w.implicitPhase()
		w.boldUnits(w.implicit, w.outside, len(b.src))
	default:
		w.trackers()
		if w.items != nil {
			w.strayItems()
		}
	}
	b.p.Order = OrderDocument
	b.p.Shape = w.describe()
	if cfg.name != "" {
		b.p.Shape = cfg.name
	}
	b.p.Readings = append(b.p.Readings, Reading{Pos: w.firstPos, Text: "the units run one after another in the order the plan lists them (" + b.p.Shape + ")"})
	w.parallelItems()
	if cfg.all != nil {
		cfg.all(b)
	}
	b.statusLineMark(doc)
	b.titleDone(doc)
	b.resolve()
	b.finishPreamble()
	b.checkPins()
	b.reportNoTasks()
	return true
}

// shapeScan is what runShapes learns of a plan's top-level headings
// before it walks the document.
type shapeScan struct {
	b      *builder
	cfg    shapeConfig
	doc    ast.Node
	heads  []*shapeHead
	byNode map[ast.Node]*shapeHead
	// phaseLevel and unitLevel are the heading levels of the phases and
	// of the units; 0 when there are none.
	phaseLevel, unitLevel int
	in                    map[*shapeHead]*shapeHead // the phase section a heading is in
	inside                map[*shapeHead]bool       // headings read as text of the phase they interrupt
	section               map[*shapeHead]*shapeHead // the section a heading outside the phases is in
}

// collect reads the top-level headings and the phase level: the highest
// level at which a heading reads as a phase.
func (sc *shapeScan) collect(doc ast.Node) {
	sc.byNode = map[ast.Node]*shapeHead{}
	sc.phaseLevel = max(sc.cfg.phaseLevel, 0)
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		sh, struck := readShapeHeading(h, sc.b.src)
		if sh.kind == shapeOther {
			// "## 4. Etapa 1 — Grafo": a document's section number
			// before the phase or unit it names.
			if _, rest, ok := (itemPattern{}).match(itemText{text: strings.TrimLeftFunc(sc.b.trimmedText(h), decoration)}); ok {
				if inner := readShape(rest); (inner.kind == shapePhase || inner.kind == shapeUnit) && inner.sep {
					sh = inner
				}
			}
		}
		r := &shapeHead{node: h, head: sc.b.heading(h), sh: sh, struck: struck}
		if sc.cfg.retag != nil {
			sc.cfg.retag(r)
			sh = r.sh
		}
		sc.heads = append(sc.heads, r)
		sc.byNode[h] = r
		if sc.cfg.phaseLevel != 0 {
			continue
		}
		if sh.kind == shapePhase && (sh.sep || sh.title == "") && (sc.phaseLevel == 0 || h.Level < sc.phaseLevel) {
			sc.phaseLevel = h.Level
		}
	}
	if sc.cfg.phaseLevel == 0 && sc.phaseLevel > 0 {
		sc.phaseLevel = sc.lonePhaseAside()
	}
	if sc.cfg.phaseLevel == 0 && (sc.cfg.units == nil || sc.cfg.mode == modePhaseOnly) && sc.cfg.items == nil && (sc.phaseLevel == 0 || sc.lonePhase()) {
		// "## 第一阶段：MVP" alone over "### 步骤 1" and "### 步骤 2",
		// each over "#### 1.1" ...: the steps group the units below a
		// phase that is only the plan's one section.
		sc.groupWords(sc.phaseLevel > 0)
	}
}

// lonePhase reports a plan with one phase heading.
func (sc *shapeScan) lonePhase() bool {
	n := 0
	for _, r := range sc.heads {
		if sc.isPhase(r) {
			n++
		}
	}
	return n == 1
}

// lonePhaseAside returns the phase level, looking past one phase heading
// at the highest level that holds none of the three or more phase
// headings of a deeper level ("## Phase 31+ — Shield (planned)" after "###
// Phase 1 — Probe MVP" to "### Phase 29"): it is a section of its own, and
// the deeper level is the phases'.
func (sc *shapeScan) lonePhaseAside() int {
	phase := func(r *shapeHead) bool { return r.sh.kind == shapePhase && (r.sh.sep || r.sh.title == "") }
	var top *shapeHead
	deeper := map[int]int{}
	for _, r := range sc.heads {
		switch {
		case !phase(r):
		case r.node.Level == sc.phaseLevel && top != nil:
			return sc.phaseLevel // two or more: the level is the phases'
		case r.node.Level == sc.phaseLevel:
			top = r
		case r.node.Level > sc.phaseLevel:
			deeper[r.node.Level]++
		}
	}
	best := 0
	for level, n := range deeper {
		if n >= 3 && (best == 0 || n > deeper[best] || n == deeper[best] && level < best) {
			best = level
		}
	}
	if top == nil || best == 0 {
		return sc.phaseLevel
	}
	for _, r := range sc.heads[slices.Index(sc.heads, top)+1:] {
		if r.node.Level <= top.node.Level {
			break
		}
		if r.node.Level == best && phase(r) {
			return sc.phaseLevel // it holds them: the phases' group
		}
	}
	return best
}

// nextNumber reports whether id b is the whole number after id a ("14"
// after "13").
func nextNumber(a, b string) bool {
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return err1 == nil && err2 == nil && y == x+1
}

// groupWords reads, in a plan with no phase headings, unit headings of one
// word that each hold unit headings of another word deeper down ("## Chunk
// 1: Reviewer" over "### Task 1: Prompt", "### Task 2: Loop") as the
// groups of those units: their phases.
//
// Under a plan's one phase heading (numbered), the groups must number
// their own units ("### 步骤 2" over "#### 2.1"): days over tasks stay
// the phase's.
func (sc *shapeScan) groupWords(numbered bool) {
	unitAt := func(r *shapeHead) bool {
		return r.sh.kind == shapeUnit && (r.sh.sep || r.sh.title == "") && !r.sh.short
	}
	var outer []*shapeHead
	for _, r := range sc.heads {
		if unitAt(r) && (len(outer) == 0 || r.node.Level < outer[0].node.Level) {
			outer = []*shapeHead{r}
		} else if unitAt(r) && r.node.Level == outer[0].node.Level {
			outer = append(outer, r)
		}
	}
	if len(outer) < 2 {
		return
	}
	word := singular(outer[0].sh.word)
	// Headings of another word at the same level ("### Step 1" under
	// "## Next steps", after "### Week 1" .. "### Week 3") are no groups;
	// they stay as they are.
	outer = slices.DeleteFunc(outer, func(o *shapeHead) bool { return singular(o.sh.word) != word })
	if len(outer) < 2 {
		return
	}
	inner := ""
	for _, o := range outer {
		n := 0
		for _, r := range sc.heads[slices.Index(sc.heads, o)+1:] {
			if r.node.Level <= o.node.Level {
				break
			}
			if (r.sh.kind == shapeBare || unitAt(r) && singular(r.sh.word) == word) && strings.HasPrefix(r.sh.id, o.sh.id+".") && (inner == "" || inner == "#") {
				// "### Step 2" over "#### 2.1", "#### 2.2", "### Sprint
				// 1" over "#### Sprint 1.1": the outer unit numbers its
				// own units, as a phase does.
				inner = "#"
				n++
				continue
			}
			if !unitAt(r) || singular(r.sh.word) == word {
				continue
			}
			if inner == "" {
				inner = singular(r.sh.word)
			}
			if singular(r.sh.word) == inner {
				n++
			}
		}
		if n == 0 {
			return // a group with none of the units is not a group
		}
	}
	if numbered && inner != "#" {
		return
	}
	level := outer[0].node.Level
	for _, o := range outer {
		o.sh.kind = shapePhase
	}
	sc.phaseLevel = level
}

// partOf reports whether r is a milestone's part written with the short
// form of the phase heading ph: "M03.1" of "M03".
func partOf(r, ph *shapeHead) bool {
	if !r.sh.short || !ph.sh.short || r.sh.kind != shapeUnit || r.sh.word != ph.sh.word {
		return false
	}
	pre, _, ok := strings.Cut(r.sh.id, ".")
	return ok && strings.EqualFold(canonicalPhaseID(pre), canonicalPhaseID(ph.sh.id))
}

func (sc *shapeScan) isPhase(r *shapeHead) bool {
	return sc.phaseLevel > 0 && r.node.Level == sc.phaseLevel && r.sh.kind == shapePhase && (r.sh.sep || r.sh.title == "")
}

// placeSections finds which phase section each heading is in. A heading at
// the phase level or above that a unit of the same phase follows (a pasted
// README with its own "# Title" and "## Features") sits inside the phase:
// the phase goes on, with one warning.
func (sc *shapeScan) placeSections() {
	b := sc.b
	sc.in = map[*shapeHead]*shapeHead{}
	sc.inside = map[*shapeHead]bool{}
	sc.section = map[*shapeHead]*shapeHead{}
	var cur *shapeHead
	var interrupted []int // lines of headings read inside cur
	flush := func() {
		if len(interrupted) > 0 {
			b.p.warnf(Pos{Line: interrupted[0], Col: 1}, "%s inside phase %s: a unit of phase %s follows, so they are read as text of the phase, not as sections of their own",
				linesPhrase("the heading", "the headings", interrupted), cur.sh.id, cur.sh.id)
		}
		interrupted = nil
	}
	// The ids of the unit-looking headings seen in the open phase: a
	// later heading with one of them is its history (a log), not more of
	// the phase.
	seenIDs := map[string]bool{}
	// last is the last unit heading of the open phase: a unit numbered
	// across the plan that goes on from it ("Task 14" after "Task 13")
	// continues the phase.
	var last *shapeHead
	resumes := func(i int, ph *shapeHead) bool {
		// "## 4. Technical Specifications": a section numbered as the
		// document numbers its sections, whose "### 4.1" are its own.
		secNum, _, _ := itemPattern{parts: 1}.match(itemText{text: strings.TrimLeftFunc(sc.heads[i].head.Text, decoration)})
		for j, r := range sc.heads[i+1:] {
			if sc.isPhase(r) {
				return false
			}
			if r.sh.kind == shapeBare || r.sh.kind == shapeUnit {
				if pre, _, ok := strings.Cut(r.sh.id, "."); ok && !seenIDs[strings.ToLower(r.sh.id)] && strings.EqualFold(canonicalPhaseID(pre), canonicalPhaseID(ph.sh.id)) && !(r.sh.kind == shapeBare && pre == secNum) {
					return true
				}
				if last != nil && r.sh.kind == shapeUnit && r.node.Level == last.node.Level && singular(r.sh.word) == singular(last.sh.word) &&
					nextNumber(last.sh.id, r.sh.id) && slices.ContainsFunc(sc.heads[i+1+j:], sc.isPhase) {
					// Between two phases, the plan's numbering goes on.
					return true
				}
			}
		}
		return false
	}
	var lastSection *shapeHead
	for i, r := range sc.heads {
		if cur == nil {
			// The section r stands in: the last section heading above
			// it, at a lower level ("### Week 2" is under "## Timeline",
			// not under "### Week 1" before it).
			sec := lastSection
			for j := i - 1; sec != nil && sec.node.Level >= r.node.Level && j >= 0; j-- {
				if sc.heads[j].node.Level < r.node.Level {
					sec = sc.heads[j]
					break
				}
				if j == 0 {
					sec = nil
				}
			}
			sc.section[r] = sec
		}
		switch {
		case sc.isPhase(r):
			if cur != nil {
				flush()
			}
			r.phase = true
			cur = r
			last = nil
			clear(seenIDs)
		case cur != nil && r.node.Level == cur.node.Level && partOf(r, cur):
			// "### M03.1 — Protocol revision" after "### M03 — Event
			// model": a part written beside its milestone, in it.
			sc.in[r] = cur
			seenIDs[strings.ToLower(r.sh.id)] = true
		case sc.phaseLevel > 0 && r.node.Level <= sc.phaseLevel && cur == nil:
			lastSection = r
		case sc.phaseLevel > 0 && r.node.Level <= sc.phaseLevel:
			lastSection = r
			if cur != nil && resumes(i, cur) {
				interrupted = append(interrupted, r.head.Pos.Line)
				sc.inside[r] = true
				sc.in[r] = cur
				continue
			}
			if cur != nil {
				flush()
			}
			cur = nil
		default:
			sc.in[r] = cur
			if cur != nil && (r.sh.kind == shapeBare || r.sh.kind == shapeUnit) {
				seenIDs[strings.ToLower(r.sh.id)] = true
				if r.sh.kind == shapeUnit && (last == nil || r.node.Level <= last.node.Level) {
					last = r
				}
			}
		}
	}
	if cur != nil {
		flush()
	}
}

// pickUnits finds the repeating unit: unit words under phases (or
// anywhere, when there are no phases), else bare numbers under their
// phase.
func (sc *shapeScan) pickUnits() {
	pick := func(ok func(r *shapeHead) bool) {
		for _, r := range sc.heads {
			if !r.phase && ok(r) && (sc.unitLevel == 0 || r.node.Level < sc.unitLevel) {
				sc.unitLevel = r.node.Level
			}
		}
		if sc.unitLevel == 0 {
			return
		}
		for _, r := range sc.heads {
			if !r.phase && r.node.Level == sc.unitLevel && ok(r) {
				r.unit = true
			}
		}
	}
	unitAt := func(r *shapeHead) bool {
		return r.sh.kind == shapeUnit && (r.sh.sep || r.sh.title == "") && (sc.phaseLevel == 0 || sc.in[r] != nil)
	}
	pick(unitAt)
	if sc.unitLevel != 0 {
		sc.finerUnits(unitAt)
	}
	if sc.unitLevel != 0 || sc.phaseLevel == 0 {
		return
	}
	pick(func(r *shapeHead) bool {
		ph := sc.in[r]
		if r.sh.kind != shapeBare || ph == nil {
			return false
		}
		prefix, _, _ := strings.Cut(r.sh.id, ".")
		if strings.EqualFold(canonicalPhaseID(prefix), canonicalPhaseID(ph.sh.id)) {
			return true
		}
		// "### 1.5.1 README Rewrite" under "## Wave 1.5: Content": the
		// units of a phase numbered between two others carry its id.
		id := ph.sh.id + "."
		return strings.Contains(ph.sh.id, ".") && len(r.sh.id) > len(id) && strings.EqualFold(r.sh.id[:len(id)], id)
	})
	if sc.unitLevel > 0 && sc.b.phasesTrack(sc.heads) {
		// The phases carry the status and the numbered sub-headings
		// none: the phases are the units, the sub-headings their steps.
		for _, r := range sc.heads {
			if r.unit {
				r.unit, r.step = false, true
			}
		}
		sc.unitLevel = 0
	}
}

// spanWords name a stretch of days that holds units rather than being one:
// "### Day 1" over "#### Task 1.1", "#### Task 1.2".
var spanWords = []string{"day", "days", "week", "weeks", "día", "días", "jour", "jours", "день", "дни"}

// finerUnits moves the units a level down where every unit heading names a
// day or a week and holds unit headings of another word ("### Day 1:
// Planning" over "#### Task 1.1: Branch"): those are the units, and the
// days are their text.
func (sc *shapeScan) finerUnits(unitAt func(*shapeHead) bool) {
	inner, level := "", 0
	for i, o := range sc.heads {
		if !o.unit {
			continue
		}
		if !slices.Contains(spanWords, strings.ToLower(o.sh.word)) {
			return
		}
		n := 0
		for _, r := range sc.heads[i+1:] {
			if r.node.Level <= o.node.Level {
				break
			}
			w := singular(strings.ToLower(r.sh.word))
			if !unitAt(r) || w == singular(strings.ToLower(o.sh.word)) {
				continue
			}
			if inner == "" {
				inner, level = w, r.node.Level
			}
			if w == inner && r.node.Level == level {
				n++
			}
		}
		if n == 0 {
			return
		}
	}
	if inner == "" {
		return
	}
	for _, r := range sc.heads {
		switch {
		case r.unit:
			r.unit = false
		case r.node.Level == level && unitAt(r) && singular(strings.ToLower(r.sh.word)) == inner:
			r.unit = true
		}
	}
	sc.unitLevel = level
}

// rangeGroups reads a plural unit heading over a range that holds a
// heading for units of its range deeper down ("## Tasks 8-11: Remaining
// storage" over "### Task 8: Procedural storage" .. "### Task 11:
// Integration test") as the group of those units: they are the units,
// and it is their text.
func (sc *shapeScan) rangeGroups() {
	for i, o := range sc.heads {
		if !o.unit || !strings.Contains(o.sh.id, "-") || strings.ToLower(o.sh.word) == singular(o.sh.word) {
			continue
		}
		lo, hi, ok := strings.Cut(o.sh.id, "-")
		from, err1 := strconv.Atoi(lo)
		to, err2 := strconv.Atoi(hi)
		if !ok || err1 != nil || err2 != nil || to <= from {
			continue
		}
		var inner []*shapeHead
		for _, r := range sc.heads[i+1:] {
			if r.node.Level <= o.node.Level {
				break
			}
			n, err := strconv.Atoi(r.sh.id)
			if r.sh.kind == shapeUnit && singular(r.sh.word) == singular(o.sh.word) && err == nil && from <= n && n <= to &&
				(len(inner) == 0 || r.node.Level == inner[0].node.Level) {
				inner = append(inner, r)
			}
		}
		if len(inner) < 2 {
			continue
		}
		o.unit = false
		for _, r := range inner {
			r.unit = true
		}
	}
}

// unitInPhase reports whether a unit heading is in a phase section.
func (sc *shapeScan) unitInPhase() bool {
	for _, r := range sc.heads {
		if r.unit && sc.in[r] != nil {
			return true
		}
	}
	return false
}

// pickDeclared marks the unit headings a declared reading names; the unit
// level is the shallowest of theirs.
func (sc *shapeScan) pickDeclared() {
	for _, r := range sc.heads {
		if !r.phase && sc.cfg.units(sc, r) {
			r.unit = true
			if sc.unitLevel == 0 || r.node.Level < sc.unitLevel {
				sc.unitLevel = r.node.Level
			}
		}
	}
}

// mode says where the units are: headings, list items, bold labels, the
// phases themselves, or a list with no headings to go by; false when the
// plan has none of these.
func (sc *shapeScan) mode(doc ast.Node) (shapeMode, bool) {
	b := sc.b
	switch {
	case sc.unitLevel > 0:
		return modeHeadings, true
	case sc.phaseLevel == 0:
		// No headings to go by: a list of units anywhere ("- [x] **Phase
		// 22: Tokens** - ...", "- [ ] **Step 3:** ..."), else a table
		// of units, else nothing.
		if b.topListUnits(doc) {
			return modeTopList, true
		}
		return modeTable, b.hasUnitTable(topBlocks(doc)) || b.nearUnitTables(topBlocks(doc))
	case b.hasListUnits(doc, sc.byNode, sc.phaseLevel):
		return modeList, true
	case b.hasBoldUnits(doc, sc.byNode, sc.phaseLevel):
		return modeBold, true
	case b.hasUnitTable(phaseBlocks(doc, sc.byNode, sc.phaseLevel)):
		return modeTable, true
	}
	for _, r := range sc.heads {
		if r.phase && !r.sh.short {
			return modePhaseOnly, true
		}
	}
	return modePhaseOnly, false // "P1:" headings with no units under them
}

// reportHeadings says what each phase or unit heading that is neither is.
func (sc *shapeScan) reportHeadings(w *shapeWalk) {
	b := sc.b
	phaseIDs := map[string]bool{}
	for _, ph := range b.p.Phases {
		phaseIDs[ph.ID] = true
	}
	for _, r := range sc.heads {
		switch {
		case r.phase || r.unit || (r.sh.kind != shapePhase && r.sh.kind != shapeUnit):
		case r.sh.kind == shapePhase && phaseIDs[strconv.Itoa(leadingNum(r.sh.id))]:
			b.p.diag(Info, r.head.Pos, "%q is a heading about phase %d, not a phase heading", r.head.Text, leadingNum(r.sh.id))
		case r.sh.kind == shapePhase && sc.phaseLevel == 0 && sc.cfg.phaseLevel < 0:
			b.p.diag(Info, r.head.Pos, "%q is read as text: the units of this reading stand outside the phase headings", r.head.Text)
		case r.sh.kind == shapePhase:
			b.p.warnf(r.head.Pos, "%q is not read as a phase heading: a phase heading is \"%s %s: Title\" (a colon or dash after the id), at level %d", r.head.Text, r.sh.word, r.sh.id, sc.phaseLevel)
		case w.mode == modeList && r.sh.sep:
			b.p.warnf(r.head.Pos, "%q is not read as a unit: this plan's units are list items", r.head.Text)
		case sc.phaseLevel > 0 && sc.in[r] == nil && !sc.inside[r]:
			// A unit heading outside the phases: an entry of a
			// completion log when it names a unit and says done (it
			// closes that unit), else not compiled, with a warning.
			e := &LogEntry{SprintID: "?" + r.head.Text, Heading: r.head, Done: b.entryDone(r)}
			if s := w.byWritten[writtenKey(r.sh)]; s != nil {
				e.SprintID = s.ID
			}
			if sec := sc.section[r]; sec != nil {
				e.Section = &sec.head // one pointer per section: resolve groups entries by it
			}
			b.p.Entries = append(b.p.Entries, e)
		case r.sh.kind == shapeUnit && r.node.Level == sc.unitLevel && !r.sh.sep && r.sh.title != "":
			b.p.warnf(r.head.Pos, "%q is not read as a unit: a unit heading is \"%s %s: %s\" (a colon or dash after the id); it is read as text of the section above it", r.head.Text, r.sh.word, r.sh.id, r.sh.title)
		default:
			b.p.diag(Info, r.head.Pos, "%q is not read as a unit of its own: it is text of the section above it", r.head.Text)
		}
	}
}

// phaseBlocks yields the blocks that stand directly in a phase section,
// between its heading and the next heading at the phase level or above.
func phaseBlocks(doc ast.Node, byNode map[ast.Node]*shapeHead, phaseLevel int) iter.Seq[ast.Node] {
	return func(yield func(ast.Node) bool) {
		inPhase := false
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok {
				if h.Level <= phaseLevel {
					inPhase = byNode[h].phase
				}
				continue
			}
			if inPhase && !yield(n) {
				return
			}
		}
	}
}

// hasListUnits reports whether a list directly in a phase section holds a
// unit item: "- [x] **Step 1.1:** Title".
func (b *builder) hasListUnits(doc ast.Node, byNode map[ast.Node]*shapeHead, phaseLevel int) bool {
	for n := range phaseBlocks(doc, byNode, phaseLevel) {
		if l, ok := n.(*ast.List); ok {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if _, ok := b.listUnit(it); ok {
					return true
				}
			}
		}
	}
	return false
}

// listUnit reads a list item that names a unit in a bold label at its start:
// "[x] **Step 1.1:** Title", "**Phase 22: Tokens** - ...".
func (b *builder) listUnit(it ast.Node) (shape, bool) { return b.listUnitOf(it, false) }

// statusEmoji reports whether s is made only of status marks, emoji and
// their joiners ("✅", "⏳", "🔄", "✔️"): what a plan writes before a
// unit's label to say how it stands.
func statusEmoji(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(unicode.Is(unicode.So, r) || r == '\uFE0F' || r == '\u200D' || r == ' ') {
			return false
		}
	}
	return true
}

// listUnitOf is listUnit; with phases set, a phase label names a unit too.
func (b *builder) listUnitOf(it ast.Node, phases bool) (shape, bool) {
	blk := it.FirstChild()
	if blk == nil {
		return shape{}, false
	}
	c := blk.FirstChild()
	if _, ok := c.(*east.TaskCheckBox); ok {
		c = c.NextSibling()
	}
	// Blank text before the label, or a mark goldmark leaves as text ("-
	// [~] **步骤 5.2**: ...", under way or queued), which it may split
	// at the bracket: the unit is read, and it is not done.
	lead := ""
	for c != nil {
		t, ok := c.(*ast.Text)
		if !ok {
			break
		}
		lead += string(t.Segment.Value(b.src))
		c = c.NextSibling()
	}
	mark := strings.TrimSpace(lead)
	switch {
	case mark == "", mark == "[~]", mark == "[-]", mark == "[/]":
	case statusEmoji(mark):
		// "- ✅ **Step 1.2**: two", "- [ ] ⏳ **Step 1.3**": a status
		// mark before the label, read as a heading's is.
	default:
		return shape{}, false
	}
	if st, ok := c.(*east.Strikethrough); ok && st.FirstChild() != nil {
		// "- [x] ~~**Step 1.4**: four~~": the unit, struck (the caller
		// reads it as dropped, as a struck heading is).
		c = st.FirstChild()
	}
	em, ok := c.(*ast.Emphasis)
	if !ok || em.Level != 2 {
		return shape{}, false
	}
	label := strings.TrimSpace(plainText(em, b.src))
	sh := readLabelShape(label)
	bare := sh.kind == shapeBare && sh.title == "" && sh.rest == "" // "- **1.1** ✅ Title"
	if sh.kind != shapeUnit && !(phases && sh.kind == shapePhase) && !bare {
		return shape{}, false
	}
	if bare {
		sh.kind = shapeUnit
	}
	if statusEmoji(mark) {
		sh.lead = strings.TrimSpace(mark + " " + sh.lead)
	}
	if sh.title == "" {
		// "**Step 1.1:** Title": the title follows the label.
		var rest []byte
		for n := em.NextSibling(); n != nil; n = n.NextSibling() {
			rest = appendNode(rest, n, b.src)
			if t, ok := n.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
				break
			}
		}
		sh.rest = strings.TrimSpace(string(rest))
		sh.rest = strings.TrimSpace(strings.TrimLeft(sh.rest, ":-–— "))
		sh.title = cleanTitle(sh.rest)
	} else if t, ok := em.NextSibling().(*ast.Text); ok {
		// "- **M2.T0 — Python → reference/** ✅ (first commit)": a
		// status mark right after the whole label says how the unit
		// stands, as it would after a heading's title.
		after := strings.TrimSpace(string(t.Segment.Value(b.src)))
		if mark, _, _ := strings.Cut(after, " "); statusEmoji(mark) {
			sh.lead = strings.TrimSpace(sh.lead + " " + mark)
		}
	}
	return sh, true
}

// itemChecked reports a list item's task checkbox: (checked, has one).
func itemChecked(it ast.Node) (bool, bool) {
	blk := it.FirstChild()
	if blk == nil {
		return false, false
	}
	if cb, ok := blk.FirstChild().(*east.TaskCheckBox); ok {
		return cb.IsChecked, true
	}
	return false, false
}

// shapeWalk builds the phases and units of a plan in the shapes reader.
type shapeWalk struct {
	// itemRead is set once a list item has read as a unit; idless are
	// the checkbox items with no id beside those (idlessBox).
	itemRead bool
	idless   []ast.Node
	// unreadIDs are checkbox items whose ids the reading cannot read
	// ("4a-i. Audit"), left out and said in one warning.
	unreadIDs []ast.Node
	// unlabeled are the list items with a bold unit label the list
	// reading could not take ("- _**Step 1.4**: four_"), said once.
	unlabeled  []ast.Node
	b          *builder
	mode       shapeMode
	phaseLevel int
	unitLevel  int
	byNode     map[ast.Node]*shapeHead
	inside     map[*shapeHead]bool // headings read inside the open phase

	phase       *Phase
	phaseHead   *shapeHead
	phaseBlocks []ast.Node
	unit        *Sprint
	unitHead    *shapeHead
	unitBlocks  []ast.Node
	implicit    *Phase // the phase of a plan without phases
	seen        bool
	firstPos    Pos
	words       map[string]int
	used        map[string]bool    // unit ids given
	byWritten   map[string]*Sprint // units by word and id as written, for log entries
	byNumber    map[string]*Sprint // units by the whole number their heading carries (unitsByNumber)
	writtenKeys []string           // byWritten's keys, sorted once trackers need them (namingChecklist)
	outside     []ast.Node         // top-level blocks outside the phases and units
	last        map[*Phase]int     // the number of each phase's last unit
	count       map[*Phase]int     // the units of each phase
	asUnit      bool               // the phase being made a unit has units beside it
	beside      bool               // ... and they are its parts, at its level: it is N.0
	implicitNum int                // the number of the implicit phase
	nested      bool               // reading the sub-items of a list item
	// unitHook reads what a reading knows of a unit beyond the plan
	// language, after its section's fields (shapeConfig.unit).
	unitHook   func(b *builder, s *Sprint, r *shapeHead, blocks []ast.Node)
	groups     bool                  // the phases only group the units (shapeConfig.groups)
	sideGroups map[*ast.Heading]bool // shapeConfig.sideGroups
	lists      map[ast.Node]bool     // shapeConfig.lists
	skipLists  map[ast.Node]bool     // shapeConfig.skipLists
	grouped    map[ast.Node]bool     // lists read by appendedGroups
	// items, when set, says which list items are units (items.go),
	// instead of items with a bold label.
	items *itemPattern
	// parallel are the runs of items marked [P], each run's units in order.
	parallel [][]*Sprint
	lastP    *Sprint // the last unit read, when it was marked [P]
}

func (w *shapeWalk) walk(doc ast.Node) {
	w.words = map[string]int{}
	w.used = map[string]bool{}
	w.last = map[*Phase]int{}
	w.count = map[*Phase]int{}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			w.block(n)
			if n.Kind() == ast.KindList || n.Kind() == ast.KindBlockquote {
				w.b.nested(n)
			}
			continue
		}
		r := w.byNode[h]
		switch {
		case r.phase:
			w.closeUnit(r.head.Start)
			w.closePhase(r.head.Start)
			w.openPhase(r)
		case r.unit:
			w.closeUnit(r.head.Start)
			w.phaseUnitBeside(r)
			w.openUnit(r)
		case w.unit != nil && (h.Level > w.unitHead.node.Level || w.inside[r]):
			w.unitBlocks = append(w.unitBlocks, n)
		case w.inside[r]:
			w.phaseBlocks = append(w.phaseBlocks, n)
		case w.phaseLevel > 0 && h.Level <= w.phaseLevel:
			w.closeUnit(r.head.Start)
			w.closePhase(r.head.Start)
			if h.Level == 1 && w.b.p.Title == "" {
				w.b.p.Title = r.head.Text
			}
			if (w.groups || w.items != nil && releaseHeading(r.head.Text) || w.sideGroups[h]) && h.Level > 1 && w.holdsTasks(h) {
				// A tool's task group, or a roadmap's release after its
				// phases ("## v0.3: Grounding" over its boxes).
				w.openGroup(r)
			}
		default:
			w.closeUnit(r.head.Start)
			if w.phase != nil {
				w.phaseBlocks = append(w.phaseBlocks, n)
			}
			if h.Level == 1 && w.b.p.Title == "" {
				w.b.p.Title = r.head.Text
			}
		}
	}
	end := len(w.b.src)
	w.closeUnit(end)
	w.closePhase(end)
}

func (w *shapeWalk) block(n ast.Node) {
	switch {
	case w.unit != nil:
		w.unitBlocks = append(w.unitBlocks, n)
	case w.phase != nil:
		w.phaseBlocks = append(w.phaseBlocks, n)
	case !w.seen:
		w.b.preamble = append(w.b.preamble, n)
		w.outside = append(w.outside, n)
	default:
		w.outside = append(w.outside, n)
	}
}

// strayItems says where list items the reading takes for units stand
// outside every phase section ("- [ ] T201 ..." under an appended "## Bug
// Fix" with phases of its own): they are not compiled, and never in
// silence.
func (w *shapeWalk) strayItems() {
	n, first, text := 0, Pos{}, ""
	for _, blk := range w.outside {
		l, ok := blk.(*ast.List)
		if !ok || w.b.notWork[blk] {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := w.b.readItemText(it)
			if !ok {
				continue
			}
			if _, _, ok := w.items.match(t); !ok {
				continue
			}
			if n == 0 {
				first, text = w.b.p.Position(w.b.blockStart(it)), t.text
			}
			n++
		}
	}
	if n > 0 {
		w.b.p.warnf(first, "%d items written as units (the first %q) stand outside every phase section, so they are not compiled: put them under a phase heading of the plan's level, or declare a reading that takes them", n, short(text))
	}
}

// holdsTasks reports whether the section of heading h holds list items
// of the reading's pattern.
func (w *shapeWalk) holdsTasks(h *ast.Heading) bool {
	for n := h.NextSibling(); n != nil; n = n.NextSibling() {
		if x, ok := n.(*ast.Heading); ok && x.Level <= h.Level {
			return false
		}
		l, ok := n.(*ast.List)
		if !ok || w.b.notWork[n] {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if t, ok := w.b.readItemText(it); ok {
				if _, _, ok := w.items.match(t); ok {
					return true
				}
			}
		}
	}
	return false
}

// releaseHeading reports a heading that opens with a release's version and
// a separator ("v0.3: Grounding", "v1 — Research Preview").
func releaseHeading(text string) bool {
	t := strings.TrimLeftFunc(text, decoration)
	if len(t) < 3 || t[0] != 'v' && t[0] != 'V' || t[1] < '0' || t[1] > '9' {
		return false
	}
	i := 1
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.' || t[i] == 'x') {
		i++
	}
	rest := strings.TrimSpace(t[i:])
	return strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "–") || strings.HasPrefix(rest, "- ")
}

// openGroup opens, in a tool's task file whose phases only group its
// tasks, a section that is no phase but holds tasks ("## Review 1.5
// Hotfix" between two phases, "## Bug Fix" after the last, with phases of
// its own under it): one more group, where it stands. It is numbered after
// the phase before it, with a letter when a phase follows ("5a"), and the
// next number after the last phase.
func (w *shapeWalk) openGroup(r *shapeHead) {
	b := w.b
	last := 0
	for _, ph := range b.p.Phases {
		last = max(last, ph.Num)
	}
	id := strconv.Itoa(last + 1)
	later := false
	for _, x := range w.byNode {
		later = later || x.phase && x.head.Start > r.head.Start
	}
	if later {
		for c := 'a'; c <= 'z'; c++ {
			cand := strconv.Itoa(max(last, 1)) + string(c)
			if !slices.ContainsFunc(b.p.Phases, func(ph *Phase) bool { return ph.ID == cand }) {
				id = cand
				break
			}
		}
	}
	g := &shapeHead{node: r.node, head: r.head, phase: true,
		sh: shape{kind: shapePhase, word: "Phase", id: id, sep: true, rest: r.head.Text, title: cleanTitle(r.head.Text)}}
	w.openPhase(g)
	b.p.warnf(r.head.Pos, "%q is no phase but holds tasks, so it is read as phase %s, where it stands", r.head.Text, w.phase.ID)
}

// trackers reads the progress trackers outside the phases: checklists whose
// items name phases or units ("- [x] Phase 2: Installation"). A checked
// item closes what it names, as a completion log entry does; an unchecked
// one changes nothing.
func (w *shapeWalk) trackers() {
	b := w.b
	for _, n := range w.outside {
		if t, ok := n.(*east.Table); ok {
			w.tableTracker(t)
			continue
		}
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		if w.progressLog(l) {
			continue
		}
		// Under "## Progress", a tracker's line names its phase by id:
		// "- [x] Phase 1: Extract types (commit e38bc52)" closes phase 1
		// whatever words it uses, and "Phase 3a" .. "3d" close phase 3
		// once every one of them is ticked.
		byID := w.phaseOnlyTracker(l)
		open := map[string]bool{}
		if byID {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if checked, has := itemChecked(it); has && !checked && it.FirstChild() != nil {
					if sh := readShape(strings.TrimSpace(plainText(it.FirstChild(), b.src))); sh.kind == shapePhase {
						open[strconv.Itoa(leadingNum(sh.id))] = true
					}
				}
			}
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			checked, has := itemChecked(it)
			blk := it.FirstChild()
			if !has || !checked || blk == nil {
				continue
			}
			text := strings.TrimSpace(plainText(blk, b.src))
			sh := readShape(text)
			if !sh.sep || (sh.kind != shapePhase && sh.kind != shapeUnit) {
				continue
			}
			start := b.blockStart(it)
			if skip, _, _, _ := headingMarkers(text); skip != "" {
				// "- [x] Phase 3 _(superseded by Phase 2)_": ticked as
				// settled, not as done.
				w.trackSkip(sh, start, skip, "the progress tracker")
				continue
			}
			if byID && sh.kind == shapePhase && open[strconv.Itoa(leadingNum(sh.id))] {
				continue // a part of the phase is still open
			}
			w.track(sh, start, "checked in the progress tracker")
			if byID && sh.kind == shapePhase && len(b.p.Entries) > 0 {
				if e := b.p.Entries[len(b.p.Entries)-1]; e.Heading.Start == start {
					e.ByID = true
				}
			}
		}
		w.namingChecklist(l)
	}
}

// namingChecklist reads a checklist outside the units whose lines name
// units by their word and id anywhere in their text: "- [x] Doc de
// tokens criado e aprovado (Story 1.1)." under "## Checklist rápido". Two
// lines in three, three lines or more, must name a unit. A unit every
// line of which there is ticked is closed, as a completion log entry
// closes it; a unit one open line names stays as its section says. Lines
// that open with the unit ("- [x] Story 1.1: ...") are the tracker's.
func (w *shapeWalk) namingChecklist(l *ast.List) {
	if len(w.byWritten) == 0 {
		return
	}
	if h := normalHeading(w.b.headingOver(l)); criteriaHeading(h) || strings.HasSuffix(h, "review") || strings.HasPrefix(h, "self-review") || strings.HasPrefix(h, "self review") {
		// "## Self-Review" over "- [x] Vitest installed — Tasks 1–2": the
		// plan checks that it covers each task, not that it is done.
		return
	}
	b := w.b
	type line struct {
		start int
		units []*Sprint
	}
	var lines []line
	open := map[*Sprint]bool{}
	boxes, naming := 0, 0
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		checked, has := itemChecked(it)
		if !has {
			continue
		}
		boxes++
		text := strings.TrimSpace(plainText(it.FirstChild(), b.src))
		if sh := readShape(text); sh.sep && (sh.kind == shapeUnit || sh.kind == shapePhase) {
			continue
		}
		if w.writtenKeys == nil {
			// In order, so that the lines name their units the same way
			// each run; sorted once a walk, when a list holds a box.
			w.writtenKeys = slices.Sorted(maps.Keys(w.byWritten))
		}
		var units []*Sprint
		lower := strings.ToLower(text)
		for _, k := range w.writtenKeys {
			if s := w.byWritten[k]; mentions(lower, k) && !slices.Contains(units, s) {
				units = append(units, s)
			}
		}
		if len(units) == 0 {
			continue
		}
		naming++
		if !checked {
			for _, s := range units {
				open[s] = true
			}
			continue
		}
		lines = append(lines, line{b.blockStart(it), units})
	}
	if boxes < 3 || 3*naming < 2*boxes {
		return
	}
	for _, ln := range lines {
		for _, s := range ln.units {
			if !open[s] {
				b.closedByLine(ln.start, s)
			}
		}
	}
}

// closedByLine records the line at offset start, a checklist's or a
// status table's, as a completion log entry that closes unit s by naming
// it (resolve reads it with the others).
func (b *builder) closedByLine(start int, s *Sprint) {
	end := lineEnd(b.src, start)
	head := Heading{Text: strings.TrimSpace(string(b.src[start:end])), Pos: b.p.Position(start), Start: start, End: end}
	b.p.Entries = append(b.p.Entries, &LogEntry{SprintID: s.ID, Heading: head, Done: true, ByID: true})
}

// mentions reports whether lower, a line in lower case, names the unit
// whose word and id, as written and lower-cased, are key ("story 1.1"),
// as a whole word and id: "story 1.1" and "(story 1.1)", not "story 1.10"
// or "history 1.1".
func mentions(lower, key string) bool {
	for at := 0; ; {
		i := strings.Index(lower[at:], key)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(key)
		before, _ := utf8.DecodeLastRuneInString(lower[:i])
		after, _ := utf8.DecodeRuneInString(lower[end:])
		nextDigit := after == '.' && end+1 < len(lower) && lower[end+1] >= '0' && lower[end+1] <= '9'
		if (i == 0 || !unicode.IsLetter(before) && !unicode.IsDigit(before)) &&
			(end == len(lower) || !unicode.IsLetter(after) && !unicode.IsDigit(after) && !nextDigit) {
			return true
		}
		at = end
	}
}

// progressHeadings name the section of a plan's dated progress log.
var progressHeadings = []string{"progress", "execution progress", "implementation progress", "progress log", "status log", "execution log",
	"current progress", "progress snapshot", "current progress snapshot"}

// progressLog reads a plan's progress log, a list with no checkbox under a
// progress heading whose lines say what was finished ("- 2026-07-11 — M0
// complete: scripts ...", "- M7 Wave A complete locally"): a line that
// names a phase, or a phase and one of its units, by id, and says done in
// its next word, closes what it names, as a ticked tracker line does.
// Other lines ("Next proposed slice: push tag") change nothing. It reports
// whether l is such a log.
func (w *shapeWalk) progressLog(l *ast.List) bool {
	b := w.b
	if !slices.Contains(progressHeadings, normalHeading(b.headingOver(l))) {
		return false
	}
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if _, has := itemChecked(it); has {
			return false
		}
	}
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		blk := it.FirstChild()
		if blk == nil {
			continue
		}
		f := strings.Fields(strings.TrimSpace(plainText(blk, b.src)))
		if len(f) > 0 && len(f[0]) >= 8 && f[0][0] >= '0' && f[0][0] <= '9' && strings.Count(f[0], "-") == 2 {
			f = f[1:] // "2026-07-11"
		}
		for len(f) > 0 && strings.Trim(f[0], "—–-:|") == "" {
			f = f[1:]
		}
		ph, rest := logRef(f, shapePhase)
		if ph.kind != shapePhase {
			continue
		}
		unit, after := logRef(rest, shapeUnit)
		if unit.kind == shapeUnit {
			rest = after
		}
		if len(rest) == 0 || !slices.Contains(doneWords, strings.ToUpper(strings.Trim(rest[0], ".,;:!*_"))) {
			continue
		}
		start := b.blockStart(it)
		if unit.kind == shapeUnit {
			w.track(unit, start, "done in the progress log")
		} else {
			w.track(ph, start, "done in the progress log")
		}
		if n := len(b.p.Entries); n > 0 && b.p.Entries[n-1].Heading.Start == start {
			// "- Phase 4 completed on 2026-03-16": the line names its
			// phase by id, and its words after the id say done, not
			// the phase's title.
			b.p.Entries[n-1].ByID = true
		}
	}
	return true
}

// logRef reads a reference of kind to a phase or unit at the start of the
// words f ("M0", "Phase 2", "Wave A"): its shape and the words after it.
func logRef(f []string, kind shapeKind) (shape, []string) {
	for n := 1; n <= 2 && n <= len(f); n++ {
		sh := readShape(strings.Join(f[:n], " ") + ": x")
		if sh.kind == kind && sh.sep && !strings.ContainsAny(sh.rest, ":") {
			return sh, f[n:]
		}
	}
	return shape{}, f
}

// phaseOnlyTracker reports whether list l, where each phase is one unit,
// is a progress tracker by its section's title ("## Progress", "##
// Status"): its lines name phases by their ids.
func (w *shapeWalk) phaseOnlyTracker(l *ast.List) bool {
	if w.mode != modePhaseOnly {
		return false
	}
	t := normalHeading(w.b.headingOver(l))
	return t == "progress" || t == "status" || strings.HasPrefix(t, "progress ") || t == "tracker"
}

// tableTracker reads a table outside the phases whose rows name phases or
// units and which has a Status column: a row whose status is done closes
// what it names.
func (w *shapeWalk) tableTracker(t *east.Table) {
	b := w.b
	phaseCol, col := b.progressColumns(t) // a first column headed "Phase": "1. Setup" is phase 1
	if col < 0 {
		return
	}
	word := "" // a first column headed by a unit's word: "| Sprint |" over "| 0 Foundations |"
	if head, ok := t.FirstChild().(*east.TableHeader); ok && !phaseCol && head.FirstChild() != nil {
		if h := strings.TrimSpace(plainText(head.FirstChild(), b.src)); !strings.ContainsAny(h, " 0123456789") && readShape(h+" 1: x").kind == shapeUnit {
			word = h
		}
	}
	if word != "" && !w.namesUnitsByWord(t, word) {
		word = "" // "| 1 Onboarding | Done |" under last quarter's recap: other sprints
	}
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		if _, ok := row.(*east.TableRow); !ok {
			continue
		}
		cells := rowCells(row)
		if col >= len(cells) || len(cells) == 0 {
			continue
		}
		first := strings.TrimSpace(plainText(cells[0], b.src))
		sh := readShape(first)
		if phaseCol && sh.kind == shapeOther {
			if id, _, ok := (itemPattern{parts: 1}).match(itemText{text: first}); ok {
				sh = shape{kind: shapePhase, word: "Phase", id: id}
			} else if first != "" && len(first) <= 3 && strings.Trim(first, "0123456789") == "" {
				// "| **3** | Реестр X402 | ✅ готово |": the phase's
				// number alone, its title in the next column.
				sh = shape{kind: shapePhase, word: "Phase", id: first}
			}
		}
		if id, _, u := w.wordRow(word, first); sh.kind == shapeOther && u != nil {
			sh = id
		}
		if f := strings.Fields(first); sh.kind == shapeOther && len(f) > 1 {
			// "| T0 서버 한계 실측 | **차단** |": a short id, then the
			// unit's title, with no colon between.
			if id := readShape(f[0] + ": " + strings.Join(f[1:], " ")); id.kind == shapeUnit && id.short {
				sh = id
			}
		}
		if sh.kind != shapePhase && sh.kind != shapeUnit {
			if !w.keyedRow(cells, first, col) {
				w.numberedRow(cells, first, col)
			}
			continue
		}
		r := readStatus(strings.TrimSpace(plainText(cells[col], b.src)))
		if r.status == statusSkipped && r.known {
			if start := nodeStart(cells[0].FirstChild()); cells[0].FirstChild() != nil && start >= 0 {
				w.trackSkip(sh, lineStart(b.src, start), strings.TrimSpace(plainText(cells[col], b.src)), "the status table")
			}
			continue
		}
		if r.status != StatusClosed {
			continue
		}
		if start := nodeStart(cells[0].FirstChild()); cells[0].FirstChild() != nil && start >= 0 {
			w.track(sh, lineStart(b.src, start), "done in the status table")
		}
	}
}

// wordRow reads a status table's first cell that names a unit by the
// number after the column header's word: "0 Foundations" under "Sprint"
// is unit Sprint 0, its title as the table gives it "Foundations". u is
// nil when word is "" or the cell names no unit of the plan.
func (w *shapeWalk) wordRow(word, first string) (id shape, title string, u *Sprint) {
	num, rest, _ := strings.Cut(first, " ")
	if word == "" || num == "" || strings.Trim(num, "0123456789") != "" {
		return shape{}, "", nil
	}
	id = readShape(word + " " + num + ": " + rest)
	if id.kind != shapeUnit {
		return shape{}, "", nil
	}
	return id, rest, w.byWritten[writtenKey(id)]
}

// namesUnitsByWord reports whether the rows of table t that name a unit
// by the header's word and their number ("| 1 Controller fork |" for
// "Sprint 1 — Controller fork: parity") mostly share a word with that
// unit's title: the table speaks of these units, not of others numbered
// the same (last quarter's "| 1 Onboarding |").
func (w *shapeWalk) namesUnitsByWord(t *east.Table, word string) bool {
	named, shared := 0, 0
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		if _, ok := row.(*east.TableRow); !ok || row.FirstChild() == nil {
			continue
		}
		_, title, u := w.wordRow(word, strings.TrimSpace(plainText(row.FirstChild(), w.b.src)))
		if u == nil {
			continue
		}
		named++
		if shareWord(title, u.Title) {
			shared++
		}
	}
	return named > 0 && 2*shared > named
}

// keyedRow reads a status table's row that names a unit by the key its
// title opens with: "| AI-01 | bybit | 已完成并批量收口 |" beside "## 任务 1：
// AI-01，Bybit + Binance". A done status closes the one unit whose title
// opens with the key; it reports whether one does.
func (w *shapeWalk) keyedRow(cells []ast.Node, first string, col int) bool {
	b := w.b
	if !keyRE.MatchString(first) || col < 1 {
		return false
	}
	var unit *Sprint
	for _, s := range b.defs {
		rest, ok := strings.CutPrefix(s.Title, first)
		if r, _ := utf8.DecodeRuneInString(rest); ok && (rest == "" || !unicode.IsLetter(r) && !unicode.IsDigit(r)) {
			if unit != nil {
				return false // two units open with it: it names neither
			}
			unit = s
		}
	}
	if unit == nil {
		return false
	}
	if r := readStatus(strings.TrimSpace(plainText(cells[col], b.src))); r.status == StatusClosed && r.known {
		if start := nodeStart(cells[0].FirstChild()); cells[0].FirstChild() != nil && start >= 0 {
			b.closedByLine(lineStart(b.src, start), unit)
		}
	}
	return true
}

// keyRE is a work item's key alone ("AI-01", "FE-12", "US3").
var keyRE = lazyMustCompile(`^` + workKey + `$`)

// numberedRow reads a status table's row that names a unit by the whole
// number its heading opens with, or follows its unit word with, and by its
// title: "| 3 | Adicionar testes | ✅ Concluído |" beside "### 3.
// Adicionar testes", "| 3 | Model escalation | ✅ |" beside "### Step 3:
// Model Escalation Strategy". A done status closes the unit, as a
// completion log entry does; a number no heading opens with, or a title
// that is not the unit's, closes nothing.
func (w *shapeWalk) numberedRow(cells []ast.Node, first string, col int) {
	b := w.b
	if len(cells) < 3 || col < 2 || first == "" || strings.Trim(first, "0123456789") != "" {
		return
	}
	unit := w.unitsByNumber()[first]
	if title := strings.TrimSpace(plainText(cells[1], b.src)); unit == nil || !sameWork(title, unit.Title) && !shareWord(title, unit.Title) {
		return
	}
	if r := readStatus(strings.TrimSpace(plainText(cells[col], b.src))); r.status != StatusClosed || !r.known {
		return
	}
	if start := nodeStart(cells[0].FirstChild()); cells[0].FirstChild() != nil && start >= 0 {
		b.closedByLine(lineStart(b.src, start), unit)
	}
}

// unitsByNumber maps each whole number a unit heading opens with ("3" of
// "### 3. Adicionar testes") or carries after its word ("### Step 3:
// ...") to that unit, worked out once a walk; a number two headings carry
// maps to nil: it names neither.
func (w *shapeWalk) unitsByNumber() map[string]*Sprint {
	if w.byNumber != nil {
		return w.byNumber
	}
	w.byNumber = map[string]*Sprint{}
	for _, s := range w.b.defs {
		if s.Row {
			continue
		}
		t := strings.TrimLeftFunc(s.Heading.Text, decoration)
		if len(t) > 2 && t[0] >= 'A' && t[0] <= 'Z' && t[1] >= '1' && t[1] <= '9' {
			// "## M9 — Opt-in deep scan": a letter glued to the number,
			// which the table's "| 9 | Opt-in deep scan |" leaves out.
			t = t[1:]
		}
		num := t[:len(t)-len(strings.TrimLeft(t, "0123456789"))]
		if rest := t[len(num):]; num == "" || !strings.HasPrefix(rest, ". ") && !strings.HasPrefix(rest, " ") {
			num = ""
			if sh := readShape(t); sh.kind == shapeUnit && sh.id != "" && strings.Trim(sh.id, "0123456789") == "" {
				num = sh.id // "### Step 3: Model Escalation Strategy"
			}
		}
		if num == "" {
			continue
		}
		if _, twice := w.byNumber[num]; twice {
			w.byNumber[num] = nil
			continue
		}
		w.byNumber[num] = s
	}
	return w.byNumber
}

// shareWord reports whether two titles share a word of five letters or
// more: a table's short name for a unit ("Memoização ProductCard") and
// its heading ("Memoização de componentes").
func shareWord(a, b string) bool {
	bw := lowerWords(b)
	for _, w := range lowerWords(a) {
		if utf8.RuneCountInString(w) >= 5 && slices.Contains(bw, w) {
			return true
		}
	}
	return false
}

// statusColumns head a table's column of how each row stands, and
// phaseColumns its first column when each row is a phase ("1. Setup").
var (
	statusColumns = map[string]bool{"status": true, "state": true, "done": true, "progress": true,
		"статус": true, "прогресс": true, "estado": true, "progreso": true, "progresso": true, "statut": true,
		"avancement": true, "fortschritt": true, "stand": true, "状态": true, "当前状态": true, "目前状态": true, "狀態": true, "目前狀態": true, "进度": true, "状態": true, "進捗": true, "ステータス": true, "상태": true, "진행": true, "진행 상태": true}
	phaseColumns = map[string]bool{"phase": true, "фаза": true, "этап": true, "fase": true, "étape": true, "phasen": true,
		"阶段": true, "フェーズ": true, "단계": true, "stage": true}
)

// track records a tracker's line (at offset start) that marks the phase or
// unit sh names done.
func (w *shapeWalk) track(sh shape, start int, how string) {
	b := w.b
	line := lineEnd(b.src, start)
	head := Heading{Text: strings.TrimSpace(string(b.src[start:line])), Pos: b.p.Position(start), Start: start, End: line}
	e := &LogEntry{SprintID: "?" + head.Text, Heading: head, Done: true}
	switch {
	case sh.kind == shapeUnit && w.byWritten[writtenKey(sh)] != nil:
		e.SprintID = w.byWritten[writtenKey(sh)].ID
	case sh.kind == shapePhase && strings.Contains(sh.id, ".") && b.byID[canonicalSprintID(sh.id)] != nil:
		// "- [x] Phase 6.1: Backend unit tests": the unit 6.1 of
		// phase 6, not the whole phase.
		e.SprintID = canonicalSprintID(sh.id)
	case sh.kind == shapePhase:
		for _, ph := range b.p.Phases {
			if ph.ID != strconv.Itoa(leadingNum(sh.id)) || ph.Skipped {
				continue
			}
			if w.mode == modePhaseOnly {
				e.SprintID = ph.ID + ".1"
			} else {
				b.phaseDone = append(b.phaseDone, phaseMark{ph, head.Pos, how})
				e = nil
			}
			break
		}
	}
	if e != nil {
		b.p.Entries = append(b.p.Entries, e)
	}
}

// trackSkip records a tracker's line (at offset start) that marks the
// phase or unit sh names set aside: superseded, deferred, dropped. Its
// units are skipped, unless their own sections say done.
func (w *shapeWalk) trackSkip(sh shape, start int, marker, where string) {
	b := w.b
	line := b.p.Position(start).Line
	for _, s := range b.defs {
		named := sh.kind == shapeUnit && w.byWritten[writtenKey(sh)] == s ||
			sh.kind == shapePhase && s.Phase != nil && s.Phase.ID == strconv.Itoa(leadingNum(sh.id))
		if !named || s.Skipped || s.Status.Value == StatusClosed && s.Status.Pos.Line != line {
			continue
		}
		s.Skipped, s.SkipReason = true, fmt.Sprintf("marked %s in %s (line %d)", strings.ToLower(marker), where, line)
		s.Status = Field{}
	}
}

// newPhase makes a phase from its heading.
func (w *shapeWalk) newPhase(r *shapeHead) *Phase {
	b := w.b
	ph := &Phase{Title: r.sh.title, Heading: r.head, Valid: true}
	num, letters := leadingNumber(cleanID(r.sh.id))
	if !isLower(letters) {
		// "Phase 2.5": a phase id beads-ralph cannot carry; the phase
		// keeps its number, and its place in the plan keeps its order.
		b.p.warnf(r.head.Pos, "phase id %q is read as phase %d", r.sh.id, num)
		letters = ""
		ph.Written = cleanID(r.sh.id)
	}
	ph.Num, ph.Letters = num, letters
	ph.ID = strconv.Itoa(num) + letters
	skip, done, _, loose := headingMarkers(r.sh.lead + " " + r.sh.rest)
	switch {
	case r.struck && done == "":
		ph.Skipped, ph.SkipReason = true, "struck through"
	case skip != "":
		ph.Skipped, ph.SkipReason = true, "marked "+skip
	}
	if loose != "" && !ph.Skipped {
		b.p.warnf(r.head.Pos, "phase %s's title says %q, but the phase is not read as skipped: to skip it, write (%s) or strike the heading through", ph.ID, loose, strings.ToUpper(loose))
	}
	return ph
}

func (w *shapeWalk) openPhase(r *shapeHead) {
	w.seen = true
	ph := w.newPhase(r)
	w.b.p.Phases = append(w.b.p.Phases, ph)
	w.phase, w.phaseHead = ph, r
	w.phaseBlocks = w.phaseBlocks[:0]
	if (w.mode == modeHeadings || w.mode == modeList && w.items != nil && w.items.bullet) && !ph.Skipped {
		// A phase heading marked done ("### Phase 1: Indexes
		// (Completed)") closes its units with no status of their own:
		// its headings', or its plain bullets'.
		if done := doneMark(r.sh); done != "" {
			w.b.phaseDone = append(w.b.phaseDone, phaseMark{ph, r.head.Pos, done})
		}
	}
}

// doneMark returns what marks a heading done: a done marker, or a
// Conductor checkpoint ("[checkpoint: 9f3ab2c]").
func doneMark(sh shape) string {
	if k := strings.Index(strings.ToLower(sh.rest), "[checkpoint:"); k >= 0 {
		if e := strings.IndexByte(sh.rest[k:], ']'); e > 0 {
			return sh.rest[k : k+e+1]
		}
	}
	_, done, _, _ := headingMarkers(sh.lead + " " + sh.rest)
	return done
}

// closePhase ends the open phase section: in the phase-only shape the phase
// is a unit; in the list shape its lists hold the units.
func (w *shapeWalk) closePhase(end int) {
	ph := w.phase
	if ph == nil {
		return
	}
	w.phase = nil
	r := w.phaseHead
	blocks := w.phaseBlocks
	w.phaseBlocks = nil
	switch w.mode {
	case modePhaseOnly:
		if earlier := w.samePhase(ph); earlier != nil {
			// "## Phase 7: Cross-Platform UX (PLANNED)" after "## Phase
			// 7: Cross-Platform UX (COMPLETED)": the same phase again, a
			// copy the plan left behind, not more work.
			w.b.p.warnf(r.head.Pos, "phase %s %q is named again here, after line %d: read as text about that phase, not as another unit", ph.ID, ph.Title, earlier.Heading.Pos.Line)
			if n := len(w.b.p.Phases); n > 0 && w.b.p.Phases[n-1] == ph {
				w.b.p.Phases = w.b.p.Phases[:n-1]
			}
			return
		}
		s := w.newUnit(r, ph, ph.ID, r.sh.title)
		intro, steps := w.splitSteps(blocks, end)
		if len(steps) == 0 {
			w.finish(s, r, blocks, end)
			break
		}
		// The phase's numbered steps are its tasks, each with its text.
		w.finish(s, r, intro, end)
		if s.TasksFromTitle {
			s.Tasks, s.TasksFromTitle = nil, false
			w.b.noTasks = slices.DeleteFunc(w.b.noTasks, func(x *Sprint) bool { return x == s })
		}
		s.Tasks = append(s.Tasks, steps...)
		if !s.Status.Set() && !s.Skipped {
			if st, pos, ok := w.b.bodyStatus(blocks); ok {
				s.Status = Field{Value: st, Pos: pos}
			}
		}
	case modeList:
		w.listUnits(ph, blocks, end)
	case modeBold:
		w.boldUnits(ph, blocks, end)
	default:
		w.phaseIntro(ph, blocks)
	}
	if w.mode == modePhaseOnly || w.count[ph] == 0 {
		// No unit of the plan's shape: the rows of a table may be (in
		// the phase-only shape no table is; near misses are said).
		w.tableUnits(ph, blocks, w.mode != modePhaseOnly)
	}
	if w.groups && w.count[ph] == 0 && !ph.Skipped {
		// A tool's task file whose phase holds no task ("No setup tasks
		// required"): the phase is a heading with nothing under it.
		checked, unchecked := 0, 0
		var first Pos
		for _, blk := range blocks {
			if _, ok := blk.(*ast.List); ok {
				w.b.countBoxes(blk, &checked, &unchecked, &first)
			}
		}
		if n := checked + unchecked; n > 0 {
			// Boxes the reading's task pattern does not match: said,
			// never dropped in silence.
			items := "items"
			if n == 1 {
				items = "item"
			}
			w.b.p.warnf(r.head.Pos, "phase %s holds %d checkbox %s (the first at line %d) but none reads as a task of this reading, so none is compiled and the phase is read as text: give each the task id its siblings have, or declare another reading",
				ph.ID, n, items, first.Line)
		} else {
			w.b.p.warnf(r.head.Pos, "phase %s has no tasks under it; in this reading the tasks are the units and the phases only group them, so it is read as text, not as a unit", ph.ID)
		}
	} else if w.mode != modePhaseOnly && w.count[ph] == 0 && !ph.Skipped {
		if earlier := w.earlierPhase(ph, r.sh, blocks); earlier != nil {
			// "### FASE 1 - BLOCKERS" again under "## Seguimiento de
			// Progreso", with counts: what the plan says of a phase it
			// has listed, not another phase.
			w.b.p.warnf(r.head.Pos, "phase %s is named again here, with no units under it, after the phase %s at line %d that holds its units: read as text about that phase, not as a unit", ph.ID, earlier.ID, earlier.Heading.Pos.Line)
			if n := len(w.b.p.Phases); n > 0 && w.b.p.Phases[n-1] == ph {
				w.b.p.Phases = w.b.p.Phases[:n-1]
			}
			return
		}
		// A phase with no units under it is one unit: it is never lost.
		w.asUnit = true
		s := w.newUnit(r, ph, ph.ID, r.sh.title)
		w.asUnit = false
		w.b.p.warnf(r.head.Pos, "phase %s has no units under it, so the phase is one unit (%s)", ph.ID, s.ID)
		w.finish(s, r, blocks, end)
	}
}

// samePhase is a phase before ph with its id and its title, marks left
// out; nil for none.
func (w *shapeWalk) samePhase(ph *Phase) *Phase {
	for _, o := range w.b.p.Phases {
		if o != ph && o.ID == ph.ID && strings.EqualFold(titleCore(o.Title), titleCore(ph.Title)) {
			return o
		}
	}
	return nil
}

// titleCore is a title with a status in brackets at its end left out:
// "Cross-Platform UX" of "Cross-Platform UX (PLANNED)".
func titleCore(t string) string {
	t = cleanTitle(t)
	if strings.HasSuffix(t, ")") {
		if k := strings.LastIndexByte(t, '('); k > 0 && readStatus(t[k+1:len(t)-1]).known {
			t = strings.TrimSpace(t[:k])
		}
	}
	return t
}

// earlierPhase is a phase before ph that holds units and that ph's heading
// (sh) names again: the same id as written, and a title that opens with
// the same word ("FASE 1: BLOCKERS PRE-MERGE (🚨)" and "FASE 1 - BLOCKERS
// PRE-MERGE"), with no checkbox in its blocks; nil for none. "Step 6.5:
// UI" after "Step 6: Filters" is another step, and a phase of a list that
// numbers its phases again, with boxes of work, is another phase.
func (w *shapeWalk) earlierPhase(ph *Phase, sh shape, blocks []ast.Node) *Phase {
	checked, unchecked := 0, 0
	var at Pos
	for _, blk := range blocks {
		if _, ok := blk.(*ast.List); ok {
			w.b.countBoxes(blk, &checked, &unchecked, &at)
		}
	}
	if checked+unchecked > 0 {
		return nil
	}
	first := func(t string) string {
		f, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(t)), " ")
		return f
	}
	for _, q := range w.b.p.Phases {
		if q == ph || q.ID != ph.ID || w.count[q] == 0 {
			continue
		}
		if qs := readShape(q.Heading.Text); qs.id == sh.id && first(qs.title) != "" && first(qs.title) == first(sh.title) {
			return q
		}
	}
	return nil
}

// phaseIntro reads a phase-wide Status before the phase's first unit; a
// skipped phase skips the units already read under it.
func (w *shapeWalk) phaseIntro(ph *Phase, blocks []ast.Node) {
	for i, n := range blocks {
		if _, ok := n.(*ast.Heading); ok {
			blocks = blocks[:i]
			break
		}
	}
	if !w.b.readPhaseStatus(ph, blocks) {
		return
	}
	for _, s := range w.b.defs {
		if s.Phase == ph {
			s.Skipped, s.SkipReason = true, "phase "+ph.ID+" is skipped"
		}
	}
}

// implicitPhase is the one phase of a plan with no phase headings; it is
// not in Plan.Phases, as it has no heading.
func (w *shapeWalk) implicitPhase() *Phase {
	return &Phase{ID: strconv.Itoa(w.implicitNum), Num: w.implicitNum, Title: w.b.p.Title, Valid: true}
}

// nextImplicit returns the phase a unit with the written id goes in: ph,
// or, in a plan with no phase headings whose ids run "1.5", "2.1", a next
// phase of ph's kind that the id's first number names.
func (w *shapeWalk) nextImplicit(ph *Phase, id string) *Phase {
	pre, _, ok := strings.Cut(id, ".")
	if ph != w.implicit || !ok || pre == ph.ID {
		return ph
	}
	if n, err := strconv.Atoi(pre); err == nil && n > ph.Num {
		w.implicit = &Phase{ID: strconv.Itoa(n), Num: n, Title: ph.Title, Valid: true}
		return w.implicit
	}
	return ph
}

// listUnits reads the units of a phase written as list items.
func (w *shapeWalk) listUnits(ph *Phase, blocks []ast.Node, end int) {
	for i, n := range blocks {
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		// What follows the list in the document ends its last item
		// (blocks may be a section's, kept by a reading).
		listEnd, next := end, ast.Node(nil)
		if i+1 < len(blocks) {
			next = blocks[i+1]
		}
		if sib := l.NextSibling(); sib != nil {
			next = sib
		}
		if next != nil {
			listEnd = min(end, w.b.blockStart(next))
		}
		w.listItems(ph, l, listEnd, next)
	}
}

// listItems reads the unit items of list l, which ends at end (where the
// block next starts, nil at the end of the section). With a leaf item
// pattern, an item whose sub-items are units is not one: its sub-items
// are (Kiro's "- [ ] 2. Group" over "  - [ ] 2.1 Task").
func (w *shapeWalk) listItems(ph *Phase, l *ast.List, end int, next ast.Node) {
	b := w.b
	// Items that read as no unit, before any that does: said once one
	// does, in this list; after one, at once (an annotation line may end
	// a list between them).
	var unread []ast.Node
	defer func() {
		if w.itemRead {
			for _, it := range unread {
				w.idlessBox(it)
			}
		}
	}()
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		itemEnd := end
		if n := it.NextSibling(); n != nil {
			itemEnd = b.blockStart(n)
		}
		if w.items != nil && w.items.leaf {
			if sub := w.leafList(it); sub != nil {
				// The sub-tasks "2.1", "2.2" are the units, read as leaves.
				if at, text := w.b.ownBullet(sub); at.IsValid() {
					w.b.p.warnf(at, "%q stands among the sub-tasks of a task that is only their group, so it is read in no unit: make it a sub-task, or put it under one", text)
				}
				saved := w.items
				leaf := *saved
				leaf.parts = 2
				w.items = &leaf
				w.nested = true
				w.listItems(ph, sub, itemEnd, nil)
				w.items, w.nested = saved, false
				continue
			}
			if w.leafGroup(it) && !w.b.ownWork(it) {
				continue // "- [ ] 2. Group" with "- [ ] 2.1" beside it, flush left
			}
		}
		if w.items != nil && w.items.noID && w.items.checkbox && !w.items.top && !w.nested {
			if sub := w.boxGroup(it); sub != nil {
				// "- [x] Framed try/foreach" over its own boxes: the
				// title-only parent groups them; they are the units.
				w.nested = true
				w.listItems(ph, sub, itemEnd, nil)
				w.nested = false
				continue
			}
		}
		sh, progress, par, ok := w.listItem(it, ph)
		if !ok && w.items == nil && w.b.buriedLabel(it) != "" {
			w.unlabeled = append(w.unlabeled, it)
		}
		if !ok {
			w.unreadTaskID(it)
			if w.itemRead {
				w.idlessBox(it)
			} else {
				unread = append(unread, it)
			}
			continue
		}
		w.itemRead = true
		if w.items != nil && w.items.leaf && checkpoint(sh.title) {
			// Kiro's "3. Checkpoint - Tests pass" is a review between
			// units: kept as a unit, so the units after it wait on it.
			w.b.p.warnf(w.b.p.Position(w.b.blockStart(it)), "%q is a checkpoint for a person, not code: it is kept as a unit of its own, which the units after it wait on", sh.title)
		}
		var after ast.Node
		if it.NextSibling() == nil {
			after = next
		}
		s := w.itemUnit(ph, it, itemEnd, after, sh, progress, par)
		if w.items != nil && w.items.leaf && w.leafGroup(it) {
			w.doneBySubtasks(s, it)
		}
	}
}

// nextItem is the list item after it: its next sibling, or, where an
// annotation line ends its list ("<!-- beads-ralph: bd-a1 -->" after a
// unit), the first item of the list that follows the annotation.
func nextItem(it ast.Node) ast.Node {
	if n := it.NextSibling(); n != nil {
		return n
	}
	l := it.Parent()
	if l == nil {
		return nil
	}
	n := l.NextSibling()
	for n != nil {
		if _, ok := n.(*ast.HTMLBlock); !ok {
			break
		}
		n = n.NextSibling()
	}
	if next, ok := n.(*ast.List); ok {
		return next.FirstChild()
	}
	return nil
}

// doneBySubtasks reads a task kept as a unit beside its flush-left
// sub-tasks ("- [ ] 1. Set up the client" over "- [x] 1.1", "- [x] 1.2"),
// its own box open and every sub-task ticked, as done, with a warning: as
// an open box over ticked sub-boxes is.
func (w *shapeWalk) doneBySubtasks(s *Sprint, it ast.Node) {
	if s == nil || s.Skipped || s.Status.Value != StatusOpen || s.Status.Pos != s.Heading.Pos {
		return
	}
	t, _ := w.b.readItemText(it)
	id, _, _ := itemPattern{parts: 1}.match(t)
	n, first := 0, Pos{}
	for next := nextItem(it); next != nil; next = nextItem(next) {
		nt, ok := w.b.readItemText(next)
		if !ok {
			break
		}
		sub, _, ok := itemPattern{parts: 2}.match(nt)
		if !ok || !strings.HasPrefix(sub, id+".") {
			break
		}
		if checked, has := itemChecked(next); !has || !checked {
			return
		}
		if n == 0 {
			first = w.b.p.Position(w.b.blockStart(next))
		}
		n++
	}
	if n == 0 {
		return
	}
	s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
	w.b.p.warnf(s.Heading.Pos, "task %s (unit %s) is not checked, but its %d sub-tasks are (from line %d): read as done; tick it, or untick a sub-task", id, s.ID, n, first.Line)
}

// unreadTaskID warns of a checkbox item the reading's task pattern does not
// read though it opens with the pattern's prefix and a digit ("- [ ]
// T007(a) Title"): a task written a little wrong, never dropped in silence.
func (w *shapeWalk) unreadTaskID(it ast.Node) {
	if w.items == nil || w.items.prefix == "" && w.items.parts == 0 || !w.items.checkbox {
		return
	}
	t, ok := w.b.readItemText(it)
	p := w.items.prefix
	if !ok || !t.box || len(t.text) <= len(p)+1 || !strings.EqualFold(t.text[:len(p)], p) || t.text[len(p)] < '0' || t.text[len(p)] > '9' {
		return
	}
	example := p + "012 Title"
	if p == "" {
		// Only an id with more parts than the reading's ("1.2.1" where
		// the tasks are "1.2"): "17." over "17.1" is their group, "800+
		// LOC" no id.
		id, _, _ := strings.Cut(t.text, " ")
		example = strings.TrimSuffix(strings.Repeat("1.", w.items.parts), ".") + " Title"
		if labelID(id) {
			// "4a-i. Audit all copies" beside "1a. Define": an id, with a
			// step of its own this reading has no place for; said once,
			// with the others (reportIdless).
			w.unreadIDs = append(w.unreadIDs, it)
			return
		}
		parts := strings.Split(strings.TrimRight(id, ".:"), ".")
		for _, q := range parts {
			if q == "" || strings.TrimLeft(q, "0123456789") != "" {
				return
			}
		}
		if len(parts) <= w.items.parts {
			return
		}
	}
	w.b.p.warnf(w.b.p.Position(w.b.blockStart(it)), "checkbox item %q opens with a task id this reading cannot read, so it is not compiled: write the id, a space and the title (%q)", short(t.text), example)
}

// labelID reports an id closed by a dot or a colon that mixes a number
// with letters and a dash ("4a-i.", "2b-ii:"), which no task pattern
// reads; "800+" or "3x" is no id.
func labelID(id string) bool {
	if len(id) < 3 || len(id) > 10 || !strings.ContainsAny(id[len(id)-1:], ".:") || id[0] < '0' || id[0] > '9' || !strings.Contains(id, "-") {
		return false
	}
	for _, r := range id[:len(id)-1] {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// idlessBox notes a checkbox item with no task id in a reading whose
// units are items by their ids ("- [ ] VF [VERIFY] Goal verification"
// after "- [ ] 3.5 ..."): work the reading leaves out, which must not go
// unsaid (reportIdless).
func (w *shapeWalk) idlessBox(it ast.Node) {
	if w.items == nil || w.items.noID || !w.items.checkbox || w.items.prefix == "" && w.items.parts == 0 {
		return
	}
	t, ok := w.b.readItemText(it)
	if !ok || !t.box || t.text == "" || t.text[0] >= '0' && t.text[0] <= '9' || w.items.prefix != "" && len(t.text) > len(w.items.prefix) && strings.EqualFold(t.text[:len(w.items.prefix)], w.items.prefix) {
		return // no box, or an id unreadTaskID spoke of
	}
	if h := headingAbove(it); h != nil && (criteriaHeading(w.b.trimmedText(h)) || testingHeading(w.b.trimmedText(h))) {
		return // "### Definition of Done": checks, not work
	}
	w.idless = append(w.idless, it)
}

// headingAbove is the last heading before the top-level block that holds
// n, nil when there is none.
func headingAbove(n ast.Node) *ast.Heading {
	for n.Parent() != nil && n.Parent().Kind() != ast.KindDocument {
		n = n.Parent()
	}
	for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		if h, ok := p.(*ast.Heading); ok {
			return h
		}
	}
	return nil
}

// headingOver is the text of the heading the block n stands under (of the
// top-level block that holds it); "" when none.
func (b *builder) headingOver(n ast.Node) string {
	if h := headingAbove(n); h != nil {
		return b.trimmedText(h)
	}
	return ""
}

// buriedLabel returns the bold label that reads as a unit ("Step 1.4")
// in the first line of list item it, where the list reading does not
// look for one (inside italics, after words of its own); "" when there
// is none.
func (b *builder) buriedLabel(it ast.Node) string {
	blk := it.FirstChild()
	if blk == nil {
		return ""
	}
	label := ""
	_ = ast.Walk(blk, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering && (t.SoftLineBreak() || t.HardLineBreak()) {
			return ast.WalkStop, nil
		}
		if em, ok := n.(*ast.Emphasis); ok && entering && em.Level == 2 {
			if text := strings.TrimSpace(plainText(em, b.src)); readLabelShape(text).kind == shapeUnit {
				label = strings.TrimRight(text, ":")
				return ast.WalkStop, nil
			}
		}
		return ast.WalkContinue, nil
	})
	return label
}

// reportUnlabeled says, in one warning at the first, which list items
// with a bold unit label the list reading left out.
func (w *shapeWalk) reportUnlabeled() {
	if len(w.unlabeled) == 0 {
		return
	}
	b := w.b
	first := w.unlabeled[0]
	text := strings.TrimSpace(string(b.src[b.blockStart(first):lineEnd(b.src, b.blockStart(first))]))
	var lines []string
	for _, it := range w.unlabeled[1:min(len(w.unlabeled), 6)] {
		lines = append(lines, strconv.Itoa(b.p.Position(b.blockStart(it)).Line))
	}
	also := ""
	if len(lines) > 0 {
		also = " (and lines " + strings.Join(lines, ", ") + ")"
	}
	b.p.warnf(b.p.Position(b.blockStart(first)), "list item %q%s holds a bold unit label where the list's units have it first, so it is not compiled: write it as \"- **%s:** Title\"", short(text), also, b.buriedLabel(first))
}

// reportIdless says, in one warning at the first, which checkbox items
// the reading left out for want of a task id.
func (w *shapeWalk) reportIdless() {
	w.reportLeftOut(w.idless, "has no task id, beside items that have one", "have no task id, beside items that have one", "give it the next id", "give each the next id")
	w.reportLeftOut(w.unreadIDs, "opens with an id this reading cannot read", "open with ids this reading cannot read", "write it a whole or dotted id", "write each a whole or dotted id")
}

// reportLeftOut says, in one warning at the first, which checkbox items
// the reading left out, and why (one and many say it of one item and of
// several; fix and fixEach, what to do).
func (w *shapeWalk) reportLeftOut(items []ast.Node, one, many, fix, fixEach string) {
	if len(items) == 0 {
		return
	}
	b := w.b
	slices.SortFunc(items, func(x, y ast.Node) int { return cmp.Compare(b.blockStart(x), b.blockStart(y)) })
	first, _ := b.readItemText(items[0])
	at := b.p.Position(b.blockStart(items[0]))
	if len(items) == 1 {
		b.p.warnf(at, "checkbox item %q %s, so it is not compiled: %s, or declare a reading that takes every box (units: \"- [ ] {title}\")", short(first.text), one, fix)
		return
	}
	var lines []string
	for _, it := range items[1:min(len(items), 6)] {
		lines = append(lines, strconv.Itoa(b.p.Position(b.blockStart(it)).Line))
	}
	if len(items) > 6 {
		lines = append(lines, "...")
	}
	b.p.warnf(at, "%d checkbox items %s, so they are not compiled (%q, and lines %s): %s, or declare a reading that takes every box (units: \"- [ ] {title}\")", len(items), many, short(first.text), strings.Join(lines, ", "), fixEach)
}

// itemUnit reads list item it, which ends at itemEnd, as a unit of phase
// ph; after is the block after its list when it is the list's last item.
func (w *shapeWalk) itemUnit(ph *Phase, it ast.Node, itemEnd int, after ast.Node, sh shape, progress, par bool) *Sprint {
	b := w.b
	start := b.blockStart(it)
	line := lineEnd(b.src, start)
	// The unit's "heading" is the whole item: its annotation goes
	// after it, where it splits no item from its sub-items.
	extent := itemEnd
	for extent > line && blankLineBefore(b.src, extent) {
		extent = lineStart(b.src, extent-1)
	}
	extent = max(extent, line)
	head := Heading{Level: 0, Text: strings.TrimSpace(string(b.src[start:line])), Pos: b.p.Position(start), Start: start, End: extent}
	if k := markerEnd(head.Text); k <= len(head.Text) {
		head.Text = stripCheckbox(head.Text[k:])
	}
	r := &shapeHead{head: head, sh: sh, struck: b.itemStruck(it)}
	crossed := r.struck && b.crossedOff(it) && !b.struckNoteDrops(it)
	if crossed {
		r.struck = false // crossed off as done; see below
	}
	if sh.prefix != "" {
		b.p.warnf(head.Pos, "%q is read as %s %s (the letters %q before it are taken for a typo)", sh.prefix+sh.word+" "+sh.id, sh.word, sh.id, sh.prefix)
	}
	s := w.newUnit(r, ph, sh.id, sh.title)
	s.Nested = w.nested
	checked, has := itemChecked(it)
	if skip, _, _, _ := headingMarkers(r.sh.lead + " " + r.sh.rest); checked && !r.struck && skip == "" && ph.Skipped && s.SkipReason == "phase "+ph.ID+" is skipped" {
		// "- [X] T033 ..." under "## Phase 5 ⏸️ DEFERRED": the task's own
		// tick says its work was done, whatever became of the phase,
		// unless the task says it was set aside too ("- [x] ~~4.1
		// Remove the registry~~ (deferred)").
		s.Skipped, s.SkipReason = false, ""
		b.p.warnf(head.Pos, "%s (unit %s) is checked under phase %s, which is skipped (%s): read as done", sh.name(), s.ID, ph.ID, ph.SkipReason)
	}
	if html, ok := after.(*ast.HTMLBlock); ok {
		// An annotation line after the item ends its list.
		st := b.blockStart(html)
		if st >= extent && blankBytes(b.src[extent:st]) {
			s.Annotation = b.annotation(st)
		}
	}
	var body []ast.Node
	for c := it.FirstChild(); c != nil; c = c.NextSibling() {
		if c != it.FirstChild() {
			body = append(body, c)
		}
	}
	w.finish(s, r, body, itemEnd)
	w.markParallel(s, par)
	if crossed && !s.Skipped && s.Status.Value != StatusClosed {
		// "- ~~crash on navigating~~" in a plan that crosses off its
		// finished work: done.
		s.Status = Field{Value: StatusClosed, Pos: head.Pos}
		if !b.crossWarned {
			b.crossWarned = true
			b.p.warnf(head.Pos, "this plan %s: struck items are read as done (unit %s first), and as dropped only where a note after the strike says so", b.crossWhy, s.ID)
		}
	}
	if has && !checked && s.Status.Value == StatusClosed && s.Status.Pos != head.Pos && b.statusFieldAt(s.Status.Pos) {
		// "- [ ] 1.1 建后台任务主表" over "  - 状态：DONE": the field, kept
		// as the work moves, outweighs a box left unticked; that is said.
		b.p.warnf(head.Pos, "%s (unit %s) is not checked, but its status field says done (line %d): read as done; tick it, or change the field", sh.name(), s.ID, s.Status.Pos.Line)
	} else if has && !checked && s.Status.Value == StatusClosed && s.Status.Pos != head.Pos {
		// An open box whose sub-boxes are all ticked: done, unless
		// items with no box stand beside them, whose work nothing says
		// is done, or sub-boxes left open as deferred: the unit's own
		// open box and theirs agree that its work is not all done.
		if n := b.plainItems(body); n > 0 || b.uncheckedBox(body, false).IsValid() {
			s.Status = Field{Value: StatusOpen, Pos: head.Pos}
		} else {
			b.p.warnf(head.Pos, "%s (unit %s) is not checked, but every item under it is (from line %d): read as done; tick it, or untick an item", sh.name(), s.ID, s.Status.Pos.Line)
		}
	}
	if progress && !s.Skipped && !s.Status.Set() {
		s.Status = Field{Value: StatusInProgress, Pos: head.Pos}
	}
	if has && checked && !s.Skipped && s.Status.Set() && s.Status.Pos != s.Heading.Pos && s.Status.Value != StatusClosed {
		b.p.warnf(head.Pos, "%s (unit %s) is checked, but its items say %s (line %d): read as %s", sh.name(), s.ID,
			strings.ReplaceAll(s.Status.Value, "_", " "), s.Status.Pos.Line, strings.ReplaceAll(s.Status.Value, "_", " "))
	}
	if has && !s.Skipped && (!s.Status.Set() || s.Status.Pos == s.Heading.Pos) {
		v := StatusOpen
		if !checked && partlyDone(head.Text) {
			// "(completed: parsing; remaining: dedup)": under way.
			v = StatusInProgress
		}
		if checked {
			v = StatusClosed
			if open := b.openBox(body); open.IsValid() {
				// Checked, with work under it still open: when in
				// doubt, the work is not done.
				v = StatusOpen
				b.p.warnf(head.Pos, "%s (unit %s) is checked, but an item under it is not (line %d): read as open", sh.name(), s.ID, open.Line)
			}
		}
		s.Status = Field{Value: v, Pos: head.Pos}
	}
	return s
}

// statusFieldAt reports a status field written on the line at pos ("-
// 状态：DONE", "**Status**: done").
func (b *builder) statusFieldAt(pos Pos) bool {
	if pos.Offset < 0 || pos.Offset >= len(b.src) {
		return false
	}
	ls := lineStart(b.src, pos.Offset)
	_, ok := cutStatusLabel(unmarked(b.source()[ls:lineEnd(b.src, ls)]))
	return ok
}

// name is how the unit calls itself: "Task 3", and "T033" for a letter
// glued to its number (spec-kit's ids, the short forms "P1", "M2").
func (sh shape) name() string {
	if sh.short || len(sh.word) == 1 {
		return sh.word + sh.id
	}
	return sh.word + " " + sh.id
}

// plainItems counts the items with text and no checkbox in the lists of
// blocks, at any depth.
func (b *builder) plainItems(blocks []ast.Node) int {
	n := 0
	for _, blk := range blocks {
		_ = ast.Walk(blk, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if it, ok := c.(*ast.ListItem); ok && entering {
				if t, ok := b.readItemText(it); ok && !t.box && t.text != "" {
					n++
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return n
}

func (w *shapeWalk) openUnit(r *shapeHead) {
	w.seen = true
	ph := w.phase
	if ph == nil {
		if w.implicit == nil {
			// Not in Plan.Phases: it has no heading.
			w.implicit = w.implicitPhase()
		}
		ph = w.nextImplicit(w.implicit, r.sh.id)
	}
	if o := w.byWritten[writtenKey(r.sh)]; o != nil && o.Phase == ph && r.node != nil && o.Heading.Pos.Line != r.head.Pos.Line && !o.Skipped && o.Annotation == nil &&
		titleCore(o.Title) != "" && strings.EqualFold(titleCore(o.Title), titleCore(r.sh.title)) {
		// "### 里程碑 12：数据库初始化功能" four times, each draft left
		// under the last: the same unit written again, and the last
		// copy is the one read (one annotated with its bead stays).
		w.b.p.warnf(o.Heading.Pos, "unit %s %q is written again at line %d, with the same id and title: the later copy is read, and this one is left out", o.ID, o.Title, r.head.Pos.Line)
		w.b.undefine(o)
		delete(w.byWritten, writtenKey(r.sh))
		delete(w.used, o.ID) // the copy read takes its id
		w.count[o.Phase]--
	}
	w.unit = w.newUnit(r, ph, r.sh.id, r.sh.title)
	w.unitHead = r
	w.unitBlocks = w.unitBlocks[:0]
}

// phaseUnitBeside makes the open phase a unit of its own before r, its
// first unit, when the phase heading stands at r's level and its section
// says how it stands: "### M03 — Event model" with "- **Status**:
// planned", then "### M03.1 — Protocol revision". A milestone and its
// revisions, written side by side, are each work; read as a phase and its
// parts, M03's own work would be its parts' preamble.
func (w *shapeWalk) phaseUnitBeside(r *shapeHead) {
	ph, pr := w.phase, w.phaseHead
	if ph == nil || pr == nil || w.count[ph] > 0 || w.mode != modeHeadings || pr.node == nil || r.node == nil ||
		pr.node.Level != r.node.Level || !pr.sh.short || ph.Skipped {
		return
	}
	if !w.b.sectionHasStatus(pr.node) {
		return
	}
	w.asUnit, w.beside = true, true
	s := w.newUnit(pr, ph, ph.ID, pr.sh.title)
	w.asUnit, w.beside = false, false
	w.finish(s, pr, w.phaseBlocks, r.head.Start)
	w.phaseBlocks = w.phaseBlocks[:0]
}

// statusMarkRE is a unit's word and number followed by the word after
// it, in a document's status line: "Etapa 5 concluída", "Phase 3
// complete".
var statusMarkRE = lazyMustCompile(`(\pL+)\s+([0-9]+(?:\.[0-9]+)?)\s+(\pL+)`)

// statusMarksRE is statusMarkRE over a list or range of numbers:
// "Phases 3 and 4 deferred", "Phases 3-4 deferred".
var statusMarksRE = lazyMustCompile(`(\pL+)\s+([0-9]+(?:\s*(?:,|and|&|-|–)\s*[0-9]+)+)\s+(\pL+)`)

// listedIDs returns the numbers a list or range names: "3 and 4", "3-5".
func listedIDs(list string) []string {
	var out []string
	if a, b, ok := strings.Cut(strings.ReplaceAll(list, "–", "-"), "-"); ok {
		x, err1 := strconv.Atoi(strings.TrimSpace(a))
		y, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 == nil && err2 == nil && x < y && y-x < 50 {
			for i := x; i <= y; i++ {
				out = append(out, strconv.Itoa(i))
			}
			return out
		}
	}
	return strings.FieldsFunc(list, func(r rune) bool { return r < '0' || r > '9' })
}

// namesUnit reports a heading that names the unit word and id a status
// line names ("Phase 3" of "### Phase 3 — Hide the class").
func namesUnit(heading, word, id string) bool {
	sh := readShape(heading)
	return strings.EqualFold(singular(sh.word), singular(word)) && sh.id == id
}

// namedSkips reads, in a status line that says the plan is done, the units
// it names deferred or dropped ("✅ shipped (Phases 1-2 complete; Phase 3
// deferred — …)", "Phases 3 and 4 deferred"): each is skipped, not done,
// with a warning; a phase named so skips its units. Where two units answer
// to the name, none is skipped, and that is said.
func (b *builder) namedSkips(value string, at Pos) {
	type named struct {
		word, id, state string
		end             int // where the words end in value
	}
	var marks []named
	for _, ix := range statusMarksRE.FindAllStringSubmatchIndex(value, -1) {
		for _, id := range listedIDs(value[ix[4]:ix[5]]) {
			marks = append(marks, named{value[ix[2]:ix[3]], id, value[ix[6]:ix[7]], ix[1]})
		}
	}
	for _, ix := range statusMarkRE.FindAllStringSubmatchIndex(value, -1) {
		marks = append(marks, named{value[ix[2]:ix[3]], value[ix[4]:ix[5]], value[ix[6]:ix[7]], ix[1]})
	}
	for _, m := range marks {
		if r := readStatus(m.state); !r.known || r.status != statusSkipped {
			continue
		}
		// "Phase 2 deferred items shipped": the word says what of the
		// phase, not the phase, is deferred.
		if next := strings.Fields(value[m.end:]); len(next) > 0 {
			if r, _ := utf8.DecodeRuneInString(next[0]); unicode.IsLetter(r) &&
				!slices.Contains([]string{"to", "until", "till", "for", "as", "due", "because", "pending", "and", "but", "in", "per"}, strings.ToLower(next[0])) {
				continue
			}
		}
		var hit []*Sprint
		for _, s := range b.defs {
			if !s.Status.Set() && !s.Skipped && namesUnit(s.Heading.Text, m.word, m.id) {
				hit = append(hit, s)
			}
		}
		if len(hit) == 0 {
			// "Phase 3 deferred" over "## Phase 3" and its "### Task
			// 3.1": the phase's units.
			for _, s := range b.defs {
				if ph := s.Phase; ph != nil && ph.Heading.Level > 0 && !s.Status.Set() && !s.Skipped && namesUnit(ph.Heading.Text, m.word, m.id) {
					hit = append(hit, s)
				}
			}
		} else if len(hit) > 1 {
			// "Step 2 deferred" over two phases' "### Step 2": which one
			// the line means is not said.
			ids := make([]string, 0, len(hit))
			for _, s := range hit {
				ids = append(ids, s.ID)
			}
			b.p.warnf(at, "the plan's status line says %s %s is %s, but %d units are %s %s (%s): none is skipped", m.word, m.id, m.state, len(hit), m.word, m.id, idList(ids))
			continue
		}
		for _, s := range hit {
			s.Skipped, s.SkipReason = true, fmt.Sprintf("the plan's status line says %s %s %s", m.word, m.id, m.state)
			b.p.warnf(at, "the plan's status line says %s %s is %s: unit %s is skipped", m.word, m.id, m.state, s.ID)
		}
	}
}

// planDone reads a status line that says the whole plan is done
// ("Статус: **реализовано** (auth.go, …)", "Status: Complete"): the units
// it names deferred are skipped (namedSkips), and every other unit with no
// status of its own is done, and that is said.
func (b *builder) planDone(value string, at Pos) {
	head, _, _ := strings.Cut(value, "(")
	for _, sep := range []string{" — ", " – ", " - ", ";", ". "} {
		head, _, _ = strings.Cut(head, sep)
	}
	if r := readStatus(strings.TrimSpace(head)); !r.known || r.status != StatusClosed || docStage(head) || awaitsLanding(value) {
		return
	}
	b.namedSkips(value, at)
	var closed []string
	for _, s := range b.defs {
		if !s.Status.Set() && !s.Skipped {
			s.Status = Field{Value: StatusClosed, Pos: at}
			closed = append(closed, s.ID)
		}
	}
	if len(closed) > 0 {
		b.p.warnf(at, "the plan's status line says it is done, so its units with no status of their own are read done: %s", idList(closed))
	}
}

// awaitsLanding reports a status whose work is written but not landed:
// "implemented in draft PR", "done, awaiting review", "not merged yet".
// Its units stay open until the work lands. Only whole words of a change
// under review count: "admin review queue shipped" and "merged and
// unmerged cells" say no such thing.
func awaitsLanding(v string) bool {
	return hasAnyWord(v, []string{"draft pr", "draft pull request", "awaiting review", "awaiting approval", "awaiting merge", "pending review", "pending merge", "pr open", "pr in review", "pr under review", "not merged", "not yet merged"})
}

// docStage reports a status that says how far the document, not its
// work, has come: "Approved ✅", "Spec complete", "Review complete", "승인
// 완료" (approved), "검토 완료" (reviewed).
func docStage(v string) bool {
	t := strings.ToLower(v)
	if containsAny(t, []string{"shipped", "implemented", "deployed", "released", "merged", "구현", "实现", "實現", "実装", "上线"}) {
		return false // "Approved ✅ Shipped (Waves 1-3)": the work is done too
	}
	return containsAny(t, []string{"approved", "approval", "review", "spec ", "spec complete", "design ", "design complete", "draft", "proposal", "accepted", "승인", "검토", "设计", "评审", "审批", "审核", "承認", "レビュー"})
}

// wordsDone reports a status that says in words, not by a mark alone,
// that the whole work is done, naming no unit: "✅ IMPLEMENTATION COMPLETE
// - Ready for Testing", not "✅ Ready for Execution" nor "Tasks 1-5
// Complete!".
func wordsDone(v string) bool {
	head, _, _ := strings.Cut(v, "(")
	for _, sep := range []string{" — ", " – ", " - ", ";", ". "} {
		head, _, _ = strings.Cut(head, sep)
	}
	head = strings.TrimLeftFunc(head, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if strings.ContainsFunc(head, unicode.IsDigit) {
		return false
	}
	r := readStatus(head)
	return r.known && r.status == StatusClosed
}

// statusLineMark reads a document's status line, before its first section
// ("Status: **Etapa 5 concluída; Etapa 6 aguardando segundo gate**"): a
// unit named done there closes it and the units before it, which a plan
// run in order has done first. Units with a status of their own keep
// it; the closing is said.
func (b *builder) statusLineMark(doc ast.Node) {
	var value string
	var at Pos
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level > 1 {
			break
		}
		block := n
		if q, ok := n.(*ast.Blockquote); ok {
			// "> **상태**: 구현 완료 (v0.8.0)": the header's fields quoted.
			block = q.FirstChild()
		}
		if par, ok := block.(*ast.Paragraph); ok {
			if v, found := cutStatusLabel(strings.TrimSpace(plainText(par, b.src))); found && v != "" {
				value, at = v, b.p.Position(b.blockStart(par))
				break
			}
			// "**Project**: …" over "**Status**: ✅ IMPLEMENTATION
			// COMPLETE": a status field among the header's fields.
			for _, line := range paragraphLines(par, b.src) {
				if f, ok := b.lineField(line); ok && sprintLabels[f.label] == "status" && wordsDone(f.value) {
					value, at = f.value, f.pos
					break
				}
			}
			if value != "" {
				break
			}
		}
	}
	if value == "" {
		return
	}
	clause, _, _ := strings.Cut(value, ";")
	m := statusMarkRE.FindStringSubmatch(clause)
	if m == nil {
		b.planDone(value, at)
		return
	}
	if r := readStatus(m[3]); !r.known || r.status != StatusClosed || waitsOn(clause) {
		// "Implemented (v2) — … landed as 8 commits": no unit named
		// done; the line may say the whole plan is.
		b.planDone(value, at)
		return
	}
	last := -1
	for i, s := range b.defs {
		if namesUnit(s.Heading.Text, m[1], m[2]) {
			last = i
		}
	}
	if last < 0 {
		return
	}
	var closed []string
	for _, s := range b.defs[:last+1] {
		if !s.Status.Set() && !s.Skipped {
			s.Status = Field{Value: StatusClosed, Pos: at}
			closed = append(closed, s.ID)
		}
	}
	if len(closed) > 0 {
		b.p.warnf(at, "the plan's status line says %s %s is done, so it and the units before it with no status of their own are read done: %s", m[1], m[2], idList(closed))
	}
}

// titleDone reads a done mark on the plan as a whole where no status line
// says it: on its title when the title is no phase of the reading ("#
// Phase 018: context pipeline ✅ 완료" over a numbered list of the work),
// or alone on a line above the title or right under it ("✅ 완료" over "#
// Phase 6: …"). Only a plan none of whose units has a status of its own is
// read done by it, and that is said: a unit's own mark outweighs the
// title's.
func (b *builder) titleDone(doc ast.Node) {
	if len(b.defs) == 0 {
		return
	}
	for _, s := range b.defs {
		if s.Status.Set() || s.Skipped {
			return
		}
	}
	// Only the title and the lines around it: the blocks before the first
	// heading, the first heading when it is a level-1 title and no phase
	// of the reading, and the blocks between it and the next heading.
	var mark string
	var at Pos
	heads := 0
	for n := doc.FirstChild(); n != nil && mark == ""; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			if heads++; heads > 1 || n.Level > 1 {
				return
			}
			pos := b.p.Position(b.blockStart(n))
			if slices.ContainsFunc(b.p.Phases, func(ph *Phase) bool { return ph.Heading.Pos.Offset == pos.Offset && ph.Heading.Level > 0 }) {
				return // a phase's own mark closes its units (closeDonePhases)
			}
			full, _ := headingTexts(n, b.src)
			tail := full
			if k := strings.IndexAny(full, doneEmoji); k >= 0 {
				tail = full[k:] // "… 파이프라인 ✅ 완료"
			}
			if doneMark(shape{rest: full}) != "" && !strings.Contains(full, "=") || bareDone(tail) {
				mark, at = strings.TrimSpace(full), pos
			}
		case *ast.Paragraph:
			if t := strings.TrimSpace(plainText(n, b.src)); bareDone(t) {
				mark, at = t, b.p.Position(b.blockStart(n))
			}
		}
	}
	if mark == "" {
		return
	}
	ids := make([]string, 0, len(b.defs))
	for _, s := range b.defs {
		s.Status = Field{Value: StatusClosed, Pos: at}
		ids = append(ids, s.ID)
	}
	b.p.warnf(at, "%q marks the whole plan done and no unit has a status of its own, so every unit is read done: %s", mark, idList(ids))
}

// bareDone reports a line that is a done mark and one done word, nothing
// else: "✅ 완료", "✅ Done" (not a legend, "✅ = done", nor a label,
// "Legend: ✅ done", "**Status: ✅**").
func bareDone(t string) bool {
	k := strings.IndexAny(t, doneEmoji)
	if k < 0 {
		return false
	}
	_, n := utf8.DecodeRuneInString(t[k:])
	word := strings.TrimSpace(strings.TrimSpace(t[:k]) + " " + strings.TrimSpace(strings.TrimPrefix(t[k+n:], "\ufe0f")))
	word = strings.TrimRight(word, ".!)）")
	return word != "" && !strings.ContainsAny(word, " :=") && doneStatusWords[strings.ToLower(word)]
}

func (w *shapeWalk) closeUnit(end int) {
	if w.unit == nil {
		return
	}
	s, r := w.unit, w.unitHead
	w.unit = nil
	w.finish(s, r, w.unitBlocks, end)
}

// newUnit makes a unit with its heading's markers read.
func (w *shapeWalk) newUnit(r *shapeHead, ph *Phase, id, title string) *Sprint {
	if !w.firstPos.IsValid() {
		w.firstPos = r.head.Pos
	}
	word := strings.ToLower(r.sh.word)
	if p := strings.TrimSuffix(word, "s"); p != word && slices.Contains(unitWords, p) {
		word = p // "weeks" of "Weeks 2-3" counts as a week
	}
	w.count[ph]++
	if w.mode == modePhaseOnly || w.asUnit {
		word = "phase"
	} else if r.sh.short && r.sh.word == "M" {
		word = "milestone part (M1.1, M1.2, ...)"
	} else if r.sh.short && r.sh.word == "WP" {
		word = "work package (WP01, WP02, ...)"
	} else if r.sh.short {
		word = "task (T1, T2, ...)"
	} else if word == "" {
		word = "numbered heading"
	}
	w.words[word]++
	if w.byWritten == nil {
		w.byWritten = map[string]*Sprint{}
	}
	s := &Sprint{Title: title, Heading: r.head, Phase: ph}
	s.ID, s.Num = w.unitID(r, ph, id)
	s.WrittenID = s.ID
	if k := writtenKey(r.sh); w.byWritten[k] == nil {
		w.byWritten[k] = s
	}
	skip, _, _, loose := headingMarkers(r.sh.lead + " " + r.sh.rest)
	done := doneMark(r.sh)
	switch {
	case ph.Skipped:
		s.Skipped, s.SkipReason = true, "phase "+ph.ID+" is skipped"
	case r.struck && done == "":
		s.Skipped, s.SkipReason = true, "struck through"
	case skip != "":
		s.Skipped, s.SkipReason = true, "marked "+skip
	case notApplicable(r.sh.rest):
		// "- [x] 3.4 N/A — the body fits one file": ticked as settled,
		// with nothing done.
		s.Skipped, s.SkipReason = true, "marked N/A"
	}
	if loose != "" && !s.Skipped && w.mode != modePhaseOnly {
		w.b.p.warnf(r.head.Pos, "%s %s's title says %q, but it is not read as skipped: to skip it, write (%s) or strike the heading through", word, s.ID, loose, strings.ToUpper(loose))
	}
	if s.Title == "" {
		s.Title = strings.TrimSpace(r.sh.word + " " + r.sh.id)
	}
	return s
}

// notApplicable reports a unit's text that opens by saying it does not
// apply: "N/A — the body fits one file", "N/A: covered by 3.2".
func notApplicable(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 3 || !strings.EqualFold(t[:3], "n/a") {
		return false
	}
	rest := strings.TrimSpace(t[3:])
	return rest == "" || strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "–") || strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, ":")
}

// finish reads a unit's section and records it.
func (w *shapeWalk) finish(s *Sprint, r *shapeHead, blocks []ast.Node, end int) {
	b := w.b
	s.End = end
	b.sprintFields(s, blocks, end)
	if w.unitHook != nil {
		w.unitHook(b, s, r, blocks)
	}
	if r.node == nil && !s.Skipped {
		// "- [x] 3.2 Add retry helpers" over "- Not needed - tests are
		// stable": ticked as settled, and settled by dropping it.
		if note := b.skipNote(blocks); note != "" {
			s.Skipped, s.SkipReason = true, fmt.Sprintf("its note says %q", note)
		} else if note := titleSkipNote(s.Title); note != "" {
			// "- [x] T011 Create the shared model (if needed) - 已跳过：
			// used JSON in the agent": ticked as settled, settled by
			// dropping it.
			s.Skipped, s.SkipReason = true, fmt.Sprintf("its title says %q", note)
		}
	}
	if !s.Status.Set() && !s.Skipped {
		_, _, progress, _ := headingMarkers(r.sh.lead + " " + r.sh.rest)
		switch {
		case doneMark(r.sh) != "":
			s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
		case progress != "":
			s.Status = Field{Value: StatusInProgress, Pos: s.Heading.Pos}
		case headingBlocked(r.sh.lead+" "+r.sh.rest) != "":
			s.Status = Field{Value: StatusBlocked, Pos: s.Heading.Pos}
		}
	}
	if !s.Status.Set() && !s.Skipped {
		if st, pos, ok := w.b.bodyStatus(blocks); ok {
			s.Status = Field{Value: st, Pos: pos}
			if mark, _, boxed := headingBox(s.Heading.Text); boxed && mark == "" && st == StatusClosed {
				// "### [ ] Watch mode" over "- [x] Watch files" and "- [x]
				// Rebuild": the tasks say done, the heading's box does not;
				// read as the list item's case is, and said.
				b.p.warnf(s.Heading.Pos, "unit %s's heading box is not ticked, but every task under it is (from line %d): read as done; tick it, or untick a task", s.ID, pos.Line)
			}
		}
	}
	b.define(s)
}

// skipNotes open a note under a list item that says its work was
// dropped.
var skipNotes = []string{"not needed", "not required", "no longer needed", "skipped", "won't do", "wont do", "will not do", "cancelled", "canceled"}

// titleSkipNotes are the words a list unit's title ends with, after a
// dash, to say its work was dropped. Not "- no longer needed", which after
// "Remove FlowContext" says why the thing removed can go.
var titleSkipNotes = []string{"skipped", "cancelled", "canceled", "won't do", "已跳过", "跳过", "已取消", "スキップ"}

// titleSkipNote returns what follows the dash of a title that ends by
// saying its work was dropped ("… - 已跳过：直接在 Agent 中使用 JSON",
// "… — Skipped: covered by X"), "" when it does not.
func titleSkipNote(title string) string {
	lower := strings.ToLower(title)
	for _, w := range titleSkipNotes {
		k := strings.LastIndex(lower, w)
		if k <= 0 {
			continue
		}
		before := strings.TrimRight(lower[:k], " ")
		after := lower[k+len(w):]
		if (strings.HasSuffix(before, "-") || strings.HasSuffix(before, "—") || strings.HasSuffix(before, "–")) &&
			(after == "" || strings.HasPrefix(after, ":") || strings.HasPrefix(after, "：") || strings.HasPrefix(after, " ")) {
			return strings.TrimSpace(title[k:])
		}
	}
	return ""
}

// skipNote returns the first item of the lists among blocks (a list
// item's sub-items) when it says the work was dropped ("Not needed -
// async helpers cover it", "Skipped - optional task"), "" when none does.
func (b *builder) skipNote(blocks []ast.Node) string {
	for _, blk := range blocks {
		l, ok := blk.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.box {
				continue
			}
			text := strings.TrimSpace(strings.TrimPrefix(t.text, "❌"))
			lower := strings.ToLower(text)
			for _, w := range skipNotes {
				if rest, found := strings.CutPrefix(lower, w); found && (rest == "" || strings.IndexByte(" -–—:.,(", rest[0]) >= 0) {
					line, _, _ := strings.Cut(text, "\n")
					return line
				}
			}
		}
	}
	return ""
}

// describe names the shape read, for the preview.
func (w *shapeWalk) describe() string {
	var words []string
	for word, n := range w.words {
		words = append(words, fmt.Sprintf("%s (%d)", word, n))
	}
	slices.Sort(words)
	switch w.mode {
	case modePhaseOnly:
		return "each phase is one unit of work"
	case modeList:
		return "units are list items with a bold label: " + strings.Join(words, ", ")
	case modeBold:
		return "units are bold paragraphs under phases: " + strings.Join(words, ", ")
	case modeTopList:
		return "units are list items with a bold label, with no phase headings: " + strings.Join(words, ", ")
	case modeTable:
		if w.phaseLevel == 0 {
			return "units are rows of a table, with no phase headings: " + strings.Join(words, ", ")
		}
		return "units are rows of tables under phases: " + strings.Join(words, ", ")
	}
	where := "under phases"
	if w.phaseLevel == 0 {
		where = "with no phases"
	}
	return fmt.Sprintf("units are level-%d headings %s: %s", w.unitLevel, where, strings.Join(words, ", "))
}

// leadingNumber splits an id into its leading number and what follows it,
// lowered: "3A" gives 3 and "a".
func leadingNumber(id string) (int, string) {
	i := 0
	for i < len(id) && id[i] >= '0' && id[i] <= '9' {
		i++
	}
	n, _ := strconv.Atoi(id[:min(i, 9)])
	return n, strings.ToLower(id[i:])
}

// cleanID keeps the characters of an id that branches and labels may hold:
// letters, digits, '.', '-' and '_'.
func cleanID(id string) string {
	var out []byte
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '-' || c == '_' {
			out = append(out, c)
		}
	}
	return strings.Trim(string(out), ".-_")
}

// unitID gives a unit its id, <phase>.<number> as beads-ralph's tools expect
// of every bead: the unit's own number where it has one ("Sprint 9" under
// Phase 2 is 2.9, "7.1" under Phase 7 stays 7.1, a range "17-18" takes its
// first number), else the number after the phase's previous unit, with a
// warning at the line. A number already taken also goes to the next free
// one, with a warning.
func (w *shapeWalk) unitID(r *shapeHead, ph *Phase, written string) (string, int) {
	num := -1
	switch {
	case w.beside:
		num = 0 // M03 before its parts M03.1, M03.2
	case w.mode == modePhaseOnly || w.asUnit:
		num = 1
	default:
		id := written
		if k := strings.Index(id, " Part "); k > 0 {
			id = id[:k] // "6.5 Part 2" is numbered as 6.5
		}
		// "T1.2" in phase 1 is its unit 2; spec-kit's zero-padded
		// "T001.1" is an insert after T001.
		if pre, post, ok := strings.Cut(id, "."); ok && strings.EqualFold(canonicalPhaseID(pre), ph.ID) && (w.items == nil || w.items.prefix == "" || !strings.HasPrefix(pre, "0")) {
			id = post
		} else if pre, post, ok := strings.Cut(id, "-"); ok && canonicalPhaseID(pre) == ph.ID && post != "" && strings.Trim(post, "0123456789") == "" &&
			(strings.EqualFold(r.sh.word, "task") || strings.EqualFold(r.sh.word, "step")) {
			// "### Task 2-1" under "## Phase 2": the first task of phase
			// 2, its number written with a dash (not a range, as in
			// "Weeks 3-4").
			id = post
		}
		digits := 0
		for digits < len(id) && id[digits] >= '0' && id[digits] <= '9' {
			digits++
		}
		// "61+" is unit 61; "49A" is a follow-up of 49, as "49a".
		rest := strings.ToLower(strings.TrimSuffix(id[digits:], "+"))
		if n, err := strconv.Atoi(strings.TrimPrefix(rest, ".")); err == nil && strings.HasPrefix(rest, ".") && n >= 1 && n <= 26 && w.items != nil && w.items.prefix != "" {
			// spec-kit's "T007.1", inserted after T007: a follow-up of 7,
			// as "7a".
			rest = string(rune('a' + n - 1))
		}
		ok := digits > 0 && digits <= 6 && (rest == "" || rangeRest(rest) || isLower(rest))
		if ok {
			num, _ = strconv.Atoi(id[:digits])
			if rest != "" && !rangeRest(rest) {
				// "3.1b" after "3.1": a follow-up, in sequence.
				cand := ph.ID + "." + canonicalNum(id[:digits]) + rest
				if !w.used[cand] {
					w.used[cand] = true
					w.last[ph] = num
					return cand, num
				}
			}
		}
	}
	reason := ""
	if num < 0 {
		num = w.last[ph] + 1
		// "Track A", "Track B": letters in order, and a series' task keys
		// ("T-HF01"), are numbered by their place without a word; any
		// other id is said.
		// "C-7", the seventh of series C, in its place, is said neither.
		series := len(written) > 2 && written[1] == '-' && written[2:] == strconv.Itoa(num)
		if (len(written) != 1 || written[0] != byte('A'+num-1)) && !strings.HasPrefix(written, "-") && !series {
			reason = fmt.Sprintf("%q is not a unit number", written)
		}
	}
	id := ph.ID + "." + strconv.Itoa(num)
	for w.used[id] {
		if reason == "" {
			reason = fmt.Sprintf("%s is taken", id)
		}
		num++
		id = ph.ID + "." + strconv.Itoa(num)
	}
	if reason != "" {
		w.b.p.warnf(r.head.Pos, "%s: this unit is read as %s, in the order the plan lists it", reason, id)
	}
	w.used[id] = true
	w.last[ph] = num
	return id, num
}

// rangeRest reports whether an id's text after its number is a range's
// end: "-18" in "17-18".
func rangeRest(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// linesPhrase names lines: "the heading at line 5", "the headings at lines
// 5, 9 and 12".
func linesPhrase(one, many string, lines []int) string {
	if len(lines) == 1 {
		return fmt.Sprintf("%s at line %d", one, lines[0])
	}
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strconv.Itoa(l)
	}
	return fmt.Sprintf("%s at lines %s and %s", many, strings.Join(parts[:len(parts)-1], ", "), parts[len(parts)-1])
}

// phasesTrack reports whether the plan tracks its phases rather than the
// numbered headings under them: some phase has a Status field of its own
// before its first sub-heading, and no numbered heading has a status (a
// marker, or a Status field in its section).
func (b *builder) phasesTrack(heads []*shapeHead) bool {
	phaseStatus := false
	for _, r := range heads {
		switch {
		case r.phase:
			phaseStatus = phaseStatus || b.sectionHasStatus(r.node)
		case r.unit:
			skip, done, progress, _ := headingMarkers(r.sh.lead + " " + r.sh.rest)
			if skip != "" || done != "" || progress != "" || r.struck || b.sectionHasStatus(r.node) {
				return false
			}
		}
	}
	return phaseStatus
}

// sectionStatus returns the first Status field that stands between heading
// h and the next heading: a line of a paragraph ("**Status**: planned"),
// or the first line of a list item ("- **Status**: shipped").
func (b *builder) sectionStatus(h ast.Node) (field, bool) {
	status := func(par ast.Node) (field, bool) {
		for _, line := range paragraphLines(par, b.src) {
			if f, ok := b.lineField(line); ok && sprintLabels[f.label] == "status" {
				return f, true
			}
		}
		return field{}, false
	}
	for n := h.NextSibling(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			return field{}, false
		case *ast.Paragraph:
			if f, ok := status(n); ok {
				return f, true
			}
		case *ast.List:
			for it := n.FirstChild(); it != nil; it = it.NextSibling() {
				if blk := it.FirstChild(); blk != nil && (blk.Kind() == ast.KindParagraph || blk.Kind() == ast.KindTextBlock) {
					if f, ok := status(blk); ok {
						return f, true
					}
				}
			}
		}
	}
	return field{}, false
}

// sectionHasStatus reports whether a Status field stands between heading h
// and the next heading.
func (b *builder) sectionHasStatus(h *ast.Heading) bool {
	_, ok := b.sectionStatus(h)
	return ok
}

// unitCandidates lists, for a plan where no unit was found, the headings
// that look like units and what each would need, in one line: at most
// eight, then how many more.
func (b *builder) unitCandidates(doc ast.Node) string {
	var out []string
	more := 0
	add := func(line int, text, need string) {
		if len(out) == 8 {
			more++
			return
		}
		out = append(out, fmt.Sprintf("line %d %q (%s)", line, text, need))
	}
	for h, rec := range b.topHeadings(doc) {
		head, info := rec.head, rec.info
		switch info.kind {
		case headSprint:
			add(head.Pos.Line, head.Text, "it is outside any phase section: put it under a \"## Phase N: Title\" heading")
			continue
		case headSprintProse, headPhaseProse:
			add(head.Pos.Line, head.Text, "a colon after the id and a title")
			continue
		}
		sh, _ := readShapeHeading(h, b.src)
		switch {
		case sh.kind == shapeUnit && !sh.sep && sh.title != "":
			add(head.Pos.Line, head.Text, fmt.Sprintf("a colon after the id: \"%s %s: %s\"", sh.word, sh.id, sh.title))
		case sh.kind == shapeBare && !strings.Contains(sh.id, "."):
		case sh.kind == shapeBare:
			add(head.Pos.Line, head.Text, "a phase heading above it whose number it starts with, or a word before it: \"Step "+sh.id+": Title\"")
		}
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("and %d more", more))
	}
	return strings.Join(out, "; ")
}

// leadingNum is the number an id starts with.
func leadingNum(id string) int {
	n, _ := leadingNumber(id)
	return n
}

// hasBoldUnits reports whether a paragraph directly in a phase section is a
// bold unit label: "**T4: Adapter for X**".
func (b *builder) hasBoldUnits(doc ast.Node, byNode map[ast.Node]*shapeHead, phaseLevel int) bool {
	for n := range phaseBlocks(doc, byNode, phaseLevel) {
		if par, ok := n.(*ast.Paragraph); ok {
			if _, ok := b.boldUnit(par); ok {
				return true
			}
		}
	}
	return false
}

// boldUnit reads a paragraph whose first line is a bold unit label: the
// whole line ("**T4: Adapter for X**", "**Task 3: Cleanup**"), or a label
// and its id before the title ("**Task 1.1:** Create the types (4 hours)").
func (b *builder) boldUnit(par *ast.Paragraph) (shape, bool) {
	em, ok := par.FirstChild().(*ast.Emphasis)
	if !ok || em.Level != 2 {
		return shape{}, false
	}
	label := strings.TrimSpace(b.plain(em))
	sh := readShape(label)
	if sh.kind != shapeUnit || !(sh.sep || sh.title == "") {
		return shape{}, false
	}
	var title []byte
	for next := em.NextSibling(); next != nil; next = next.NextSibling() {
		title = appendNode(title, next, b.src)
		if t, ok := next.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			break
		}
	}
	rest := strings.TrimSpace(string(title))
	switch {
	case rest == "":
		return sh, true // "**T4: Title**": the label is the line
	case sh.title == "" && strings.HasSuffix(label, ":"):
		// "**Task 1.1:** Create the types": the title follows.
		sh = readShape(label + " " + rest)
		return sh, sh.kind == shapeUnit
	}
	return shape{}, false
}

// boldUnits reads the units of a phase written as bold paragraphs; each
// unit's body runs to the next one.
func (w *shapeWalk) boldUnits(ph *Phase, blocks []ast.Node, end int) {
	b := w.b
	var s *Sprint
	var r *shapeHead
	var body []ast.Node
	flush := func(at int) {
		if s != nil {
			w.finish(s, r, body, at)
		}
		s, body = nil, nil
	}
	for _, n := range blocks {
		if par, ok := n.(*ast.Paragraph); ok {
			if sh, ok := b.boldUnit(par); ok {
				start := b.blockStart(par)
				flush(start)
				ph = w.nextImplicit(ph, sh.id)
				line := lineEnd(b.src, start)
				head := Heading{Text: strings.TrimSpace(string(b.src[start:line])), Pos: b.p.Position(start), Start: start, End: line}
				r = &shapeHead{head: head, sh: sh}
				s = w.newUnit(r, ph, sh.id, sh.title)
				continue
			}
		}
		if l, ok := n.(*ast.List); ok && b.compoundLists[l] {
			// "- U1. **Title**" over its fields, flush left: a
			// compound-engineering plan's unit.
			if sh, ok := b.compoundItem(l.FirstChild()); ok {
				start := b.blockStart(l)
				flush(start)
				line := lineEnd(b.src, start)
				head := Heading{Text: strings.TrimSpace(string(b.src[start:line])), Pos: b.p.Position(start), Start: start, End: line}
				r = &shapeHead{head: head, sh: sh, list: l}
				s = w.newUnit(r, ph, sh.id, sh.title)
				continue
			}
		}
		if s != nil {
			body = append(body, n)
		}
	}
	flush(end)
}

// writtenKey names a unit by its word and id as written, lower case:
// "sprint 9", " 7.1".
func writtenKey(sh shape) string { return strings.ToLower(sh.word + " " + sh.id) }

// entryDone reports whether a heading outside the phases records its unit
// done: a done marker, or a done Status in its section.
func (b *builder) entryDone(r *shapeHead) bool {
	if doneMark(r.sh) != "" {
		return true
	}
	f, ok := b.sectionStatus(r.node)
	return ok && readStatus(liveValue(f, b.src)).status == StatusClosed
}

// topListUnits reports whether the document's top-level lists hold at least
// two unit items with a bold label (phase labels count).
func (b *builder) topListUnits(doc ast.Node) bool {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if _, ok := b.listUnitOf(it, true); ok {
					n++
				}
			}
		}
	}
	return n >= 2
}

// splitSteps splits a phase's blocks at its numbered step headings: the
// blocks before the first, and each step as one task, its heading's text
// then its section's Markdown.
func (w *shapeWalk) splitSteps(blocks []ast.Node, end int) ([]ast.Node, []string) {
	b := w.b
	var intro []ast.Node
	var steps []string
	from := -1
	var title string
	flush := func(to int) {
		if from < 0 {
			return
		}
		body := strings.TrimSpace(string(b.src[from:to]))
		t := title
		if body != "" {
			t += "\n\n  " + strings.ReplaceAll(body, "\n", "\n  ")
			t = strings.ReplaceAll(t, "\n  \n", "\n\n")
		}
		steps = append(steps, b.withRefs(t))
		from = -1
	}
	for _, n := range blocks {
		if h, ok := n.(*ast.Heading); ok {
			if r := w.byNode[h]; r != nil && r.step {
				flush(r.head.Start)
				title, from = r.head.Text, r.head.End
				continue
			}
		}
		if from < 0 {
			intro = append(intro, n)
		}
	}
	flush(end)
	return intro, steps
}
