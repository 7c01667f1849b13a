package parser

import (
	"bytes"
	"cmp"
	"fmt"
	"iter"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file is the reader's one place of choice. Every way of reading a
// plan that the parser knows is a candidate (propose): bd's own Markdown,
// the beads-ralph dialect, units as headings of one word and level, as
// list items that open with an id, as rows of a table, phases that are
// their own units, a planning tool's task file, or no plan at all. Each
// carries its evidence (how many units, the first lines) and the one line
// of front matter that selects it (Declare). The arbiter (choose) scores
// them and picks one, with a reason a person can read; only the chosen
// candidate builds the plan model. A declared reading (front matter,
// .architect.yaml, --reading) is the only candidate read.

// Candidate is one reading of the plan the parser considered.
type Candidate struct {
	// Name is the kind of reading: "bd", "beads-ralph", "headings",
	// "phases", "items", "list", "bold", "table", a planning tool's name
	// ("spec-kit", "kiro", "openspec") or "none" (not a plan).
	Name string
	// Description says what the units are, for people.
	Description string
	// Units is how many units it finds (before skips).
	Units int
	// First are the lines of its first units, at most three.
	First []int
	// Declare is the front-matter line that selects this reading.
	Declare string
	// Score orders the candidates; Why says why it was or was not chosen.
	Score  int
	Why    string
	Chosen bool

	read  func(b *builder, doc ast.Node) bool
	level int // the units' heading level, 0 when they are not headings
	// criteria: the units are checkbox items that all stand under
	// criteria headings ("## Success Criteria"): checks, not work.
	criteria bool
	// todo: the units are the headings of a to-do file with no list,
	// which its title says are work, whatever their sections hold.
	todo bool
}

// Declared is a reading the user declared: the value of a front-matter
// line (or of the same line in .architect.yaml, or of --reading).
type Declared struct {
	// Line is the declaration as one line: `units: "#### Week {n}: {title}"`
	// or `format: spec-kit`.
	Line string
	// Pos and File say where it was written; File "" for a flag.
	File string
	Pos  Pos
	// From names where it came from, for messages: "the front matter",
	// ".architect.yaml", "--reading".
	From string
}

// Options changes how Parse reads a plan.
type Options struct {
	// Reading, when set, is the declared reading; it wins over a reading
	// the plan's own front matter declares.
	Reading *Declared
	// Units reads the units alone, as annotate needs them: their ids,
	// headings, annotations and errors, but not the dependencies a plan
	// states outside the units' fields (statedDeps), which add edges and
	// warnings, never errors.
	Units bool
	// Contenders works out only the readings that can be chosen, for a
	// caller that never shows the others (a compile that writes beads,
	// annotate): where a plan reads in the beads-ralph dialect, only bd's
	// shape and the tool formats can outscore it, and the walks that would
	// describe the weaker readings are skipped (all of them where the plan
	// has no checkbox, which every format left to look for reads). The
	// plan read is the same; Plan.Candidates lists fewer readings.
	Contenders bool
	// Done is a `done: all` line declared outside the plan
	// (.architect.yaml): every unit it does not skip is done. A Reading
	// that is a `done:` line says the same; the front matter's is read
	// when neither does.
	Done *Declared
}

// Formats are the reading names `format:` takes, besides bd and plan.
var Formats = []string{"beads-ralph", "spec-kit", "kiro", "openspec", "execplan", "taskmaster", "cursor", "compound", "conductor", "gsd", "gsd-plan", "status-lists", "horizons", "unit-sections", "features", "marked-items", "none"}

const (
	execPlanLogDescription = "a Codex ExecPlan whose Progress is a log: the checkbox items of its other sections (its to-do, its roadmap), not of its logs or its Validation and Acceptance checks"
	kiroDescription        = "Kiro's tasks.md: checkbox tasks \"- [ ] {n}. Title\"; a task's numbered sub-tasks (\"- [ ] {n}.{m} Title\") are the units in its place"
	execPlanDescription    = "a Codex ExecPlan: the checkbox items of its \"## Progress\" section"
)

// declaration is a declared reading, parsed.
type declaration struct {
	Declared
	key   string // "format" or "units"
	value string
	pat   unitPattern
}

// unitPattern is what a `units:` line says the units are.
type unitPattern struct {
	kind  string // "heading", "item", "list", "bold", "phases", "table"
	level int    // a heading's level
	word  string // the unit word ("Week"), "" for a bare id
	item  itemPattern
	under string // only units under the heading with this text
	// label is a heading pattern's text before its title when it has no
	// id ("Milestone:" of "### Milestone: {title}").
	label string
	// any: every heading of the level is a unit ("## {title}").
	any bool
	// glued: the word runs into the id ("#### US-{n}: {title}",
	// "### P{n} {title}").
	glued bool
	// boxed: only headings that open with a checkbox ("### [x] Title").
	boxed bool
}

// readDeclaration parses a declaration line: `format: NAME` or
// `units: PATTERN`. The pattern forms (docs/plan-shapes.md):
//
//	"#### Week {n}: {title}"      headings of one level and word
//	"### {n} {title}"             bare numbered headings
//	"### [ ] {title}"             headings that open with a checkbox
//	"## Phase {n}: {title}"       phases that are their own units
//	"- [ ] {n}. {title}"          checkbox items with a whole number
//	"- [ ] {n}.{m} {title}"       checkbox items with a two-part number
//	"- [ ] T{n} {title}"          checkbox items with a prefix ("T001")
//	"- {n}. {title}"              numbered items, checkbox or not
//	table rows                    rows of the plan's tables of units
//	phases                        each phase is one unit
//
// A heading or item pattern may end in "under ## Section": only units in
// that section count.
func readDeclaration(d Declared) (declaration, error) {
	out := declaration{Declared: d}
	k, v, ok := strings.Cut(d.Line, ":")
	if !ok {
		return out, fmt.Errorf("want `format: NAME` or `units: \"PATTERN\"`, not %q", d.Line)
	}
	out.key = strings.ToLower(strings.TrimSpace(k))
	out.value = unquoteValue(strings.TrimSpace(v))
	switch out.key {
	case "format":
		out.value = strings.ToLower(out.value)
		if !slices.Contains(Formats, out.value) && out.value != "bd" && out.value != "plan" {
			return out, fmt.Errorf("format %q is not one architect reads: want one of bd, plan, %s", out.value, strings.Join(Formats, ", "))
		}
		return out, nil
	case "units":
		pat, err := readUnitPattern(out.value)
		out.pat = pat
		return out, err
	}
	return out, fmt.Errorf("want `format: NAME` or `units: \"PATTERN\"`, not a %q line", k)
}

func unquoteValue(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		if u, err := strconv.Unquote(s); err == nil && s[0] == '"' {
			return u
		}
		return s[1 : len(s)-1]
	}
	return s
}

// topLevel ends a checkbox pattern whose units are the outer boxes, the
// boxes nested under one their steps: `units: "- [ ] {title} at top level"`.
const topLevel = " at top level"

// readUnitPattern parses the value of a `units:` line.
func readUnitPattern(v string) (unitPattern, error) {
	var p unitPattern
	if k := strings.LastIndex(v, " under "); k >= 0 {
		p.under = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(v[k+7:]), "#"))
		v = strings.TrimSpace(v[:k])
	}
	switch strings.ToLower(v) {
	case "phases":
		p.kind = "phases"
		return p, nil
	case "table rows", "rows":
		p.kind = "table"
		return p, nil
	}
	bad := func() (unitPattern, error) {
		return p, fmt.Errorf("units pattern %q: want a heading like \"#### Week {n}: {title}\", an item like \"- [ ] {n}. {title}\" or \"- {title}\", `phases` or `table rows`", v)
	}
	if strings.Contains(v, "**") && strings.Contains(v, "{n}") {
		// A bold unit label: on list items ("- [ ] **Step {n}:**
		// {title}") or on a paragraph of its own ("**Task {n}:**
		// {title}", "**{word} {n}: {title}**").
		rest := v
		p.kind = "bold"
		if strings.HasPrefix(v, "- ") || strings.HasPrefix(v, "* ") {
			p.kind = "list"
			rest = strings.TrimSpace(v[2:])
			if r, ok := strings.CutPrefix(rest, "[ ]"); ok {
				rest = strings.TrimSpace(r)
			}
		}
		word, _, ok := strings.Cut(strings.TrimPrefix(rest, "**"), "{n}")
		if !ok || !strings.HasPrefix(rest, "**") {
			return bad()
		}
		p.word = strings.TrimSpace(word)
		return p, nil
	}
	if strings.HasPrefix(v, "{n}. ") {
		p.kind, p.item.ordered = "item", true
		return p, nil
	}
	if v == "- {title}" || v == "* {title}" {
		p.kind, p.item.bullet = "item", true
		return p, nil
	}
	if (strings.HasPrefix(v, "- [ ] ") || strings.HasPrefix(v, "* [ ] ")) && !strings.Contains(v, "{n}") {
		p.kind, p.item.checkbox, p.item.noID = "item", true, true
		if r, ok := strings.CutSuffix(v, topLevel); ok && strings.HasSuffix(r, "{title}") {
			p.item.top = true
		}
		return p, nil
	}
	if !strings.Contains(v, "{n}") && !(strings.HasPrefix(v, "#") && strings.Contains(v, "{title}")) {
		return bad()
	}
	if strings.HasPrefix(v, "#") && !strings.Contains(v, "{n}") {
		// "### Milestone: {title}": a label and a title, no id; "##
		// {title}": every heading of the level.
		level := 0
		for level < len(v) && v[level] == '#' {
			level++
		}
		label, _, _ := strings.Cut(strings.TrimSpace(v[level:]), "{title}")
		p.kind, p.level, p.label = "heading", level, strings.TrimSpace(label)
		if level > 6 {
			return bad()
		}
		if _, _, ok := headingBox(p.label + " "); ok {
			// "### [ ] {title}": the headings that carry a checkbox.
			p.label, p.boxed = "", true
		}
		if p.label == "" {
			p.any = true
		}
		return p, nil
	}
	if strings.HasPrefix(v, "#") {
		level := 0
		for level < len(v) && v[level] == '#' {
			level++
		}
		if level > 6 || level >= len(v) || v[level] != ' ' {
			return bad()
		}
		word, _, _ := strings.Cut(strings.TrimSpace(v[level:]), "{n}")
		p.kind, p.level, p.word = "heading", level, strings.TrimSpace(word)
		p.glued = p.word != "" && !strings.HasSuffix(word, " ")
		if p.word != "" && readShape(p.word+" 1: x").kind == shapeOther {
			p.word = strings.TrimSpace(p.word) // a word of the plan's own: matched as written
		}
		return p, nil
	}
	if strings.HasPrefix(v, "- ") || strings.HasPrefix(v, "* ") {
		rest := strings.TrimSpace(v[2:])
		if strings.HasPrefix(rest, "[ ]") || strings.HasPrefix(strings.ToLower(rest), "[x]") {
			p.item.checkbox = true
			rest = strings.TrimSpace(rest[3:])
		}
		pre, after, _ := strings.Cut(rest, "{n}")
		p.item.prefix = strings.TrimSpace(pre)
		p.item.parts = 1
		if strings.HasPrefix(after, ".{m}") {
			p.item.parts = 2
		}
		p.kind = "item"
		return p, nil
	}
	return bad()
}

// matches reports whether heading r is a unit of a heading pattern.
func (p unitPattern) matches(r *shapeHead, under func(*shapeHead) bool) bool {
	if r.node.Level != p.level || !under(r) {
		return false
	}
	if _, _, ok := p.headingUnit(r.head.Text); ok && (p.any || p.label != "" || p.glued) {
		return true
	}
	if p.any || p.label != "" || p.glued {
		return false
	}
	if p.word == "" {
		return r.sh.kind == shapeBare || bareNumbered(r.head.Text)
	}
	if r.sh.kind != shapeUnit && r.sh.kind != shapePhase {
		// A word of the plan's own, before its number ("Item 3 ...") or
		// glued to it ("P0.1 Hybrid extraction").
		t, w := strings.ToLower(strings.TrimLeftFunc(r.head.Text, decoration)), strings.ToLower(p.word)
		rest, ok := strings.CutPrefix(t, w)
		return ok && rest != "" && (rest[0] == ' ' || rest[0] >= '0' && rest[0] <= '9')
	}
	return singular(r.sh.word) == singular(p.word)
}

// bareNumbered reports a heading "1. Title" or "3 Title": a whole number
// and a title.
func bareNumbered(text string) bool {
	_, _, ok := itemPattern{}.match(itemText{text: strings.TrimLeftFunc(text, decoration)})
	return ok
}

func singular(w string) string {
	w = strings.ToLower(w)
	if len(w) > 3 && strings.HasSuffix(w, "s") {
		return w[:len(w)-1]
	}
	return w
}

// readPlan reads the document by the reading the arbiter chooses: the
// parser's one decision about what the plan's units are.
func (b *builder) readPlan(doc ast.Node, yml []byte, decl *declaration) {
	b.legend = b.findLegend(doc)
	cands := b.propose(doc, yml, decl)
	if decl != nil {
		if c := b.declaredCandidate(decl, yml); c != nil {
			// The declared reading stands first, and once.
			cands = slices.DeleteFunc(cands, func(x *Candidate) bool { return x.Declare == c.Declare })
			cands = append([]*Candidate{c}, cands...)
		}
	}
	b.choose(cands, doc, decl)
	var chosen *Candidate
	for _, c := range cands {
		if decl == nil && c.Score < scoreNone {
			break // a reading to declare, never taken by itself
		}
		if c.read == nil {
			if c.Name == "none" && c.Score >= scoreRefuse {
				c.Chosen = true
				b.refuse(c, cands)
				break
			}
			if decl != nil {
				break
			}
			continue
		}
		if b.legend != nil {
			b.legend.used, b.legend.rows = 0, 0
		}
		if c.read(b, doc) {
			c.Chosen, chosen = true, c
			if r, ok := b.legend.says(); ok {
				b.p.Readings = append(b.p.Readings, r)
			}
			b.doneThrough(doc)
			b.doneSections(doc)
			b.frontMatterDone(yml)
			b.warnOrphanBoxes(doc, c)
			b.warnWordless(doc, c)
			break
		}
		if decl != nil {
			break
		}
	}
	switch {
	case chosen != nil:
		chosen.Units = len(b.p.Sprints) + len(b.p.Skipped)
	case decl == nil && !b.p.Diags.HasErrors():
		// No reading reads the plan: the dialect's reader says what its
		// headings lack (a colon, a phase), and Parse that there are no units.
		b.run(doc)
	}
	b.p.Candidates = make([]Candidate, len(cands))
	for i, c := range cands {
		b.p.Candidates[i] = *c
		b.p.Candidates[i].read = nil
	}
}

// Scores the arbiter gives, highest first. A candidate that declines to
// read (bd's Markdown, when the file reads as a plan) passes to the next.
const (
	scoreDeclared = 10000
	scoreRefuse   = 1000 // not a plan, when the document says what it is
	scoreBD       = 900
	scoreFormat   = 850
	scoreDialect  = 800
	scoreWork     = 700 // a heading group in a work section, over one in a design section
	scoreItemsIn  = 650 // items with ids under phases that have no units of their own
	scoreShapes   = 600 // the shapes walker's own pick
	scoreItems    = 500
	scoreHeadings = 400
	scoreLog      = 380 // unit headings numbered down: a log, newest first
	scoreFewItems = 350 // two checkbox items with ids
	scoreSections = 330 // the level-2 sections of a checklist
	scorePhases   = 300
	scoreCriteria = 200 // checkbox items that are all criteria
	scoreNone     = 100
)

// propose lists every reading the parser considers for doc.
func (b *builder) propose(doc ast.Node, yml []byte, decl *declaration) []*Candidate {
	var out []*Candidate
	add := func(c *Candidate) { out = append(out, c) }

	// bd's own Markdown.
	if format, _ := bdShape(doc, b.src); format != "" {
		desc := "bd's Markdown: each \"## Title\" heading is an issue, its \"### Field\" sections its fields"
		if format == FormatKeyValue {
			desc = "bd's key-value import shape: headings followed by type:/priority:/deps: lines"
		}
		add(&Candidate{Name: "bd", Description: desc, Declare: "format: bd", Score: scoreBD,
			Why:  "the file is in bd's own shape, and no phase and sprint headings read as a plan",
			read: func(b *builder, doc ast.Node) bool { return b.readBD(doc, yml) }})
	}

	if c := b.taskmasterCandidate(doc); c != nil {
		add(c)
	}
	if c := b.cursorCandidate(yml); c != nil {
		add(c)
	}
	if c := b.compoundCandidate(doc); c != nil {
		add(c)
	}
	if c := b.gsdCandidate(); c != nil {
		add(c)
	}
	if c := b.gsdRoadmapCandidate(doc); c != nil {
		add(c)
	}

	// The beads-ralph dialect.
	var sprints []int
	phases := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			switch info := b.headInfo(h); {
			case info.kind == headSprint && info.valid:
				sprints = append(sprints, b.p.Position(b.blockStart(h)).Line)
			case info.kind == headPhase:
				phases++
			}
		}
	}
	if len(sprints) > 0 && (phases > 0 || decl != nil || !b.nestedSprints(doc)) {
		add(&Candidate{Name: "beads-ralph", Description: "the beads-ralph dialect: \"## Phase N: Title\" phases and \"### Sprint N.M: Title\" sprints, the numbering is the order",
			Units: len(sprints), First: firstOf(sprints), Declare: "format: beads-ralph", Score: scoreDialect,
			Why:  "sprint headings of the beads-ralph dialect (\"Sprint N.M: Title\"): the contract's own shape",
			read: func(b *builder, doc ast.Node) bool { b.run(doc); return true }})
		if b.contenders && decl == nil {
			// Only a tool format (850) or bd's shape (900) outscores the
			// dialect (800), and every format but those above reads
			// checkbox items.
			if hasCheckbox(b.src) {
				out = b.formatsOverDialect(doc, out)
			}
			add(noneCandidate())
			return out
		}
	}

	// What the shapes walker picks by itself, and the other heading groups.
	mark := len(b.p.Diags)
	sc, mode, ok := b.scanShapes(doc, shapeConfig{})
	if ok {
		// The pick's own read scans again and says the same.
		b.p.Diags = b.p.Diags[:mark]
	}
	var pick *Candidate
	if ok {
		pick = b.shapesCandidate(sc, mode)
		add(pick)
	}
	if ok {
		if c := b.conductorCandidate(doc, sc); c != nil {
			add(c)
		}
	}
	b.headingGroups(sc, pick, add)
	b.itemCandidates(doc, sc, pick, add)
	b.keyedBullets(doc, pick, add)
	b.sectionCandidates(doc, pick, add)
	b.repeatedSections(doc, add)
	b.numberedHeadings(sc, pick, add)
	b.tablesUnderUnits(sc, pick, add)
	b.labelGroups(sc, pick, add)
	b.boldLabels(doc, pick, add)
	if sc != nil {
		b.priorityTiers(doc, sc.phaseLevel, add)
	}
	b.sectionUnits(doc, sc, add)
	b.areaUnits(sc, add)
	b.letteredUnits(sc, pick, add)
	if sc.phaseLevel > 0 && (pick == nil || pick.Name != "phases") {
		var lines []int
		for _, r := range sc.heads {
			if r.phase {
				lines = append(lines, r.head.Pos.Line)
			}
		}
		c := &Candidate{Name: "phases", Description: fmt.Sprintf("each level-%d phase heading is one unit of work", sc.phaseLevel),
			Units: len(lines), First: firstOf(lines), Declare: "units: phases", Score: scorePhases, level: sc.phaseLevel,
			Why: "the phases, with what is under them as their text",
			read: func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: noUnits, mode: modePhaseOnly, modeSet: true})
			}}
		if b.tickedSteps && pick != nil && pick.Name == "headings" && strings.Contains(pick.Declare, " Step {n}") && sc.phaseWord() == "task" {
			// A superpowers plan one level up: "## Task 1: Add the
			// parser" over "### Step 1: Write the failing test": its
			// tasks are the units, the steps each task's checklist.
			c.Score, c.Why = scoreItemsIn, "the tasks of a superpowers plan, whose steps are each task's checklist"
		}
		add(c)
	}
	// The status readings are weak: where a stronger one reads the plan
	// they could not win, and their walk over every heading is skipped.
	if !slices.ContainsFunc(out, func(c *Candidate) bool { return c.Score >= scoreShapes }) {
		b.statusSectionsCandidate(doc, add)
	}
	if sc != nil && !slices.ContainsFunc(out, func(c *Candidate) bool { return c.Score > scoreNone }) {
		b.statusHeadingsCandidate(doc, sc, add)
	}
	if pick == nil || pick.Score < scoreShapes {
		b.statusFieldHeadings(sc, out, add)
		if c := b.horizons(doc, sc); c != nil {
			add(c)
		}
	}
	best := 0
	for _, c := range out {
		best = max(best, c.Score)
	}
	b.bulletItems(doc, add, best)
	b.roadmapSectionBullets(doc, add, best)
	b.featuresCandidate(doc, sc, add, best)
	b.markedItems(doc, sc, add, best)
	b.wordBullets(doc, add, best)
	if best < scoreDialect {
		b.hintCandidates(doc, out, add)
	}
	add(noneCandidate())
	return out
}

// formatsOverDialect adds to out the readings of a plan in the dialect
// that can outscore it: the tool formats that read checkbox items
// (Conductor's phases over "Task:" items, spec-kit, Kiro and OpenSpec
// items, a Codex ExecPlan's Progress), proposed as propose proposes them.
func (b *builder) formatsOverDialect(doc ast.Node, out []*Candidate) []*Candidate {
	add := func(c *Candidate) {
		if c.Score > scoreDialect {
			out = append(out, c)
		}
	}
	mark := len(b.p.Diags)
	sc, mode, ok := b.scanShapes(doc, shapeConfig{})
	var pick *Candidate
	if ok {
		b.p.Diags = b.p.Diags[:mark]
		pick = b.shapesCandidate(sc, mode)
		if c := b.conductorCandidate(doc, sc); c != nil {
			add(c)
		}
	}
	b.itemCandidates(doc, sc, pick, add)
	if b.hasSection(doc, "Progress") {
		b.sectionCandidates(doc, pick, add)
	}
	return out
}

// hasSection reports whether a top-level heading reads name, as the
// sections of sectionItems are named.
func (b *builder) hasSection(doc ast.Node, name string) bool {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && strings.EqualFold(b.trimmedText(h), name) {
			return true
		}
	}
	return false
}

// noneCandidate is the reading "not a plan", which the arbiter takes where
// the document says it is something else or nothing reads as work.
func noneCandidate() *Candidate {
	return &Candidate{Name: "none", Description: "not a plan: no units of work", Declare: "format: none", Score: scoreNone,
		Why: "nothing else reads as work"}
}

// hasCheckbox reports whether src may hold a task-list checkbox.
func hasCheckbox(src []byte) bool {
	return bytes.Contains(src, []byte("[ ]")) || bytes.Contains(src, []byte("[x]")) || bytes.Contains(src, []byte("[X]"))
}

// hasUncheckedBox reports an open checkbox anywhere in src, as
// hasCheckbox finds one.
func hasUncheckedBox(src []byte) bool { return bytes.Contains(src, []byte("[ ]")) }

func firstOf(lines []int) []int { return slices.Clone(lines[:min(len(lines), 3)]) }

// headingPattern is the heading pattern for the units of r: "#### Week {n}:
// {title}", "### {n} {title}".
func headingPattern(r *shapeHead) string {
	hashes := strings.Repeat("#", r.node.Level)
	if r.sh.kind == shapeBare || r.sh.word == "" {
		return hashes + " {n} {title}"
	}
	return hashes + " " + r.sh.word + " {n}: {title}"
}

// shapesCandidate describes the shapes walker's own pick.
func (b *builder) shapesCandidate(sc *shapeScan, mode shapeMode) *Candidate {
	c := &Candidate{Score: scoreShapes, read: func(b *builder, doc ast.Node) bool { return b.runShapes(doc) }}
	var lines []int
	switch mode {
	case modeHeadings:
		var first *shapeHead
		for _, r := range sc.heads {
			if r.unit {
				lines = append(lines, r.head.Pos.Line)
				if first == nil {
					first = r
				}
			}
		}
		c.Name = "headings"
		where := "under phases"
		if sc.phaseLevel == 0 {
			where = "with no phases"
		}
		c.Description = fmt.Sprintf("units are level-%d %q headings %s", sc.unitLevel, headingPattern(first)[sc.unitLevel+1:], where)
		c.Declare = fmt.Sprintf("units: %q", headingPattern(first))
		c.level = sc.unitLevel
		c.Why = "the headings that repeat a unit word or number at one level"
		if newestFirst(sc) {
			// "### Sprint 4 — ... (concluído)", then Sprint 3, 2 and 1:
			// a log of what was done, newest first, above the plan's
			// own work.
			c.Score = scoreLog
			c.Why = "unit headings numbered down, newest first: a log of work done, not the plan's units"
		}
	case modePhaseOnly:
		for _, r := range sc.heads {
			if r.phase {
				lines = append(lines, r.head.Pos.Line)
			}
		}
		c.Name, c.Declare = "phases", "units: phases"
		c.level = sc.phaseLevel
		c.Description = fmt.Sprintf("each level-%d phase heading is one unit of work", sc.phaseLevel)
		c.Why = "phase headings with no units under them"
	case modeList, modeTopList:
		c.Name, c.Declare = "list", `units: "- [ ] **{word} {n}:** {title}"`
		c.Description = "units are list items with a bold label (\"- [x] **Step 1.1:** Title\")"
		c.Why = "list items that open with a bold unit label"
		lines = b.boldItemLines(sc.doc, mode == modeTopList)
		if mode == modeTopList && b.waveLabels(sc.doc) {
			// "- **Wave 1**: **4 tasks** — T1 → quick, T2 → quick": an
			// execution schedule's waves, each naming tasks written
			// elsewhere.
			c.Score = scoreHint
			c.Why = "list items labelled with waves (\"**Wave 1**: **4 tasks**\"): a schedule's groups of the plan's tasks, not its units"
		} else if mode == modeTopList {
			if checked, unchecked := b.boxTotals(sc.doc); checked+unchecked >= 3*max(len(lines), 1) && !b.ownLabels(sc.doc) {
				// "- [ ] **M2 — auth create is unaudited.**" among 67 boxes
				// with plain bold sentences: a few items that happen to open
				// with a label, not the plan's units.
				c.Score = scoreBoxes - 20
				c.Why = fmt.Sprintf("only %d of the plan's %d checkbox items open with a bold unit label: the boxes are its units", len(lines), checked+unchecked)
			}
		}
	case modeBold:
		c.Name, c.Declare = "bold", `units: "**{word} {n}: {title}**"`
		c.Description = "units are bold paragraphs under phases (\"**T4: Title**\")"
		c.Why = "bold paragraphs that name a unit"
	case modeTable:
		c.Name, c.Declare = "table", "units: table rows"
		c.Description = "units are rows of a table of work"
		c.Why = "a table whose rows read as work: an id, a title, and a status or dependency column (or ids headed by a unit word), or, in a document titled as a plan or under a heading about the work, a first column headed Task or Milestone and a status in every row"
	}
	c.Units, c.First = len(lines), firstOf(lines)
	if c.Units == 0 {
		c.Units = -1 // counted when read
	}
	return c
}

// newestFirst reports whether the walker's unit headings, three or
// more, are numbered down by whole numbers ("Sprint 4", "Sprint 3",
// "Sprint 2"), as a log that puts its newest entry first is.
func newestFirst(sc *shapeScan) bool {
	var nums []int
	for _, r := range sc.heads {
		if r.unit {
			n, letters := leadingNumber(cleanID(r.sh.id))
			if letters != "" || strings.Contains(r.sh.id, ".") {
				return false
			}
			nums = append(nums, n)
		}
	}
	if len(nums) < 3 {
		return false
	}
	for i := 1; i < len(nums); i++ {
		if nums[i] >= nums[i-1] {
			return false
		}
	}
	return true
}

// boldItemLines lists the lines of the list items with a bold unit label.
func (b *builder) boldItemLines(doc ast.Node, phases bool) []int {
	var lines []int
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if l, ok := n.(*ast.List); ok {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if _, ok := b.listUnitOf(it, phases); ok {
					lines = append(lines, b.p.Position(b.blockStart(it)).Line)
				}
			}
		}
	}
	return lines
}

// ownLabels reports whether one of the top-level list items with a bold
// unit label holds checkbox items nested under it ("- [ ] **Phase 2 —
// Mypyc**" over its steps: the labelled items group the boxes) or names
// its unit by a word ("- [ ] **里程碑 1:** 目录结构调整",
// "**Milestone 2:**", not a finding's code such as "**M2 — auth is
// unaudited.**"): either way the labelled items are the author's own
// units, however many boxes the plan has.
func (b *builder) ownLabels(doc ast.Node) bool {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			sh, ok := b.listUnitOf(it, true)
			if !ok {
				continue
			}
			if _, _, ok := matchWord(sh.word, unitWords); ok {
				return true
			}
			if _, _, ok := matchWord(sh.word, phaseWords); ok {
				return true
			}
			for c := it.FirstChild(); c != nil; c = c.NextSibling() {
				if sub, ok := c.(*ast.List); ok {
					for x := sub.FirstChild(); x != nil; x = x.NextSibling() {
						if _, box := itemChecked(x); box {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// waveLabels reports whether the bold labels of doc's top-level list
// items all name waves: a schedule that groups tasks written elsewhere.
func (b *builder) waveLabels(doc ast.Node) bool {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		l, ok := c.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if sh, ok := b.listUnitOf(it, true); ok {
				if singular(sh.word) != "wave" {
					return false
				}
				n++
			}
		}
	}
	return n > 0
}

// headingGroups proposes, for each level and unit word (or bare number)
// that headings repeat, the reading whose units they are; the shapes
// walker's own pick is not proposed twice.
func (b *builder) headingGroups(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	type key struct {
		level int
		word  string
	}
	groups := map[key][]*shapeHead{}
	var order []key
	for _, r := range sc.heads {
		if r.phase || !(r.sh.kind == shapeUnit && (r.sh.sep || r.sh.title == "") && !r.sh.short || r.sh.kind == shapeBare && r.sh.sep) {
			continue
		}
		k := key{r.node.Level, singular(r.sh.word)}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	mostTasks := 0 // the largest group of "Task N" headings, at any level
	for k, heads := range groups {
		if k.word == "task" {
			mostTasks = max(mostTasks, len(heads))
		}
	}
	for _, k := range order {
		heads := groups[k]
		pat := headingPattern(heads[0])
		declare := fmt.Sprintf("units: %q", pat)
		if pick != nil && pick.Declare == declare {
			continue
		}
		lines := headLines(heads)
		up, _ := readUnitPattern(pat)
		score := scoreHeadings
		why := "headings that repeat one unit word or number at one level"
		if sec := b.sectionOf(sc, heads[0]); workSection(sec) && pick != nil && pick.Name != "table" && designSection(b.sectionOf(sc, sc.firstUnit())) {
			score = scoreWork
			why = fmt.Sprintf("headings under %q, a section about the work, where the other reading's units sit in a design section", sec)
		}
		if k.word == "task" && len(heads) >= 2 && len(heads) == mostTasks && b.superpowersPlan(sc.doc) {
			// "### Task 3: Write Core Mission" in a plan whose header
			// names a superpowers skill: its tasks, whatever headings
			// its sample Markdown leaks around them.
			score = scoreFormat
			why = "the Task headings of a superpowers plan (its header names a superpowers skill to execute it)"
		}
		add(&Candidate{Name: "headings", Description: fmt.Sprintf("units are level-%d %q headings", k.level, pat[k.level+1:]),
			Units: len(heads), First: firstOf(lines), Declare: declare, Score: score, Why: why, level: k.level,
			read: func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: up.headings})
			}})
	}
	b.dottedHeadings(sc, pick, add)
}

// dottedHeadings proposes, for a level whose headings open with a dotted
// number and no separator ("### 8.1 Monitoring Service", "### 8.2
// Makefile"), all in a section about the work ("## Work Breakdown"), the
// reading whose units they are. When the other reading finds one unit (the
// title, "# Milestone 8 — ..."), they are the finer units of that one.
// Dotted headings elsewhere are a document's numbered sections ("### 1.1
// Goal", "### 1.2 Out of scope"), not units.
func (b *builder) dottedHeadings(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	byLevel := sc.dottedByLevel()
	for level := 2; level <= 6; level++ {
		heads := byLevel[level]
		if len(heads) < 2 || pick != nil && pick.level == level && pick.Name == "headings" {
			continue
		}
		sec := b.sectionOf(sc, heads[0])
		inWork := true
		for _, r := range heads {
			inWork = inWork && b.sectionOf(sc, r) == sec
		}
		// "### 0.2.1 ..." under "## v0.2" of a "Roadmap"; "### 1.1
		// Kick-off-Meeting" in a "Projektplan.md" with no title.
		title := sc.titleOrName()
		template := templateSections(heads)
		if template && len(heads) >= 3 && planTitle(title) {
			if c := b.templatedUnits(sc, heads, pick); c != nil {
				add(c)
			}
		}
		roadmap := len(heads) >= 3 && planTitle(title) && !template && sc.documentSections(level) < 2
		if !(inWork && workSection(sec)) && !roadmap {
			continue
		}
		lines := headLines(heads)
		pat := strings.Repeat("#", level) + " {n} {title}"
		up, _ := readUnitPattern(pat)
		desc := fmt.Sprintf("units are level-%d numbered headings %q under %q", level, pat[level+1:], sec)
		why := fmt.Sprintf("headings numbered %s ... under %q, a section about the work", heads[0].sh.id, sec)
		if !(inWork && workSection(sec)) {
			desc = fmt.Sprintf("units are level-%d numbered headings %q", level, pat[level+1:])
			why = fmt.Sprintf("headings numbered %s ... in a document titled %q", heads[0].sh.id, title)
		}
		c := &Candidate{Name: "headings", Description: desc,
			Units: len(heads), First: firstOf(lines), Declare: fmt.Sprintf("units: %q", pat), Score: scoreHeadings, level: level,
			Why: why,
			read: func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: up.headings})
			}}
		if (pick == nil || pick.Units <= 1) && topBoxes(b.sectionItems(sc.doc)) < 3*len(heads) {
			// Not where the plan's boxes are three times as many: "###
			// 3.1" and "### 4.1" in two of a task list's twelve sections,
			// its 82 boxes across them all, are some of its sections.
			c.Score, c.Why = scoreWork, c.Why+", where the other reading finds one unit"
		}
		add(c)
	}
}

// documentSections counts the headings above level that name a part of
// a document, not work ("## 0. Sync 名词定义", definitions; "## 1.
// 适用范围", scope): two or more make the dotted headings under them a
// document's numbered sections, whatever its title says.
func (sc *shapeScan) documentSections(level int) int {
	n := 0
	for _, r := range sc.heads {
		if r.node.Level >= 2 && r.node.Level < level && hasAnyWord(normalHeading(r.head.Text), documentParts) {
			n++
		}
	}
	return n
}

// documentParts name the parts of a specification or an agreement.
var documentParts = []string{"definitions", "terminology", "glossary", "scope", "purpose", "introduction", "references", "appendix",
	"definiciones", "alcance", "propósito", "definições", "escopo", "définitions", "portée", "begriffe", "geltungsbereich", "zweck",
	"определения", "область применения", "名词定义", "术语", "适用范围", "范围", "目的", "用語", "適用範囲", "용어", "범위"}

// firstUnit is the first unit heading the scan picked, or nil.
func (sc *shapeScan) firstUnit() *shapeHead {
	for _, r := range sc.heads {
		if r.unit || r.phase {
			return r
		}
	}
	return nil
}

// sectionOf is the text of the nearest heading above r at a shallower
// level than r, "" when there is none.
func (b *builder) sectionOf(sc *shapeScan, r *shapeHead) string {
	if r == nil {
		return ""
	}
	i := slices.Index(sc.heads, r)
	for j := i - 1; j >= 0; j-- {
		if sc.heads[j].node.Level < r.node.Level {
			if sc.heads[j].node.Level == 1 && sc.heads[j].node.Level < r.node.Level-1 {
				return ""
			}
			return sc.heads[j].head.Text
		}
	}
	return ""
}

// Words of section headings that hold a plan's work, and of sections that
// describe a design or its background.
var (
	// foreignWorkWords name work in the languages plans are written in
	// beside English; a heading that holds one is about work.
	foreignWorkWords = []string{"aufgaben", "tareas", "tâches", "tarefas", "任务", "待办", "计划", "タスク",
		// implementation steps or plan: "## 实施步骤", "## 実装手順"
		"实施", "實施", "实现步骤", "実装計画", "実装手順", "実装ステップ", "作業計画", "全体計画", "開発計画", "구현 계획", "구현 단계", "작업 계획", "작업 목록",
		"pasos de implementación", "étapes de mise en œuvre", "etapas de implementação", "umsetzungsschritte", "implementierungsschritte",
		"шаги реализации", "этапы реализации", "план реализации", "план работ", "lộ trình", "kế hoạch",
		// delivery or development stages, milestones: "## 交付阶段"
		"交付阶段", "开发阶段", "里程碑", "マイルストーン",
		// the way an issue is to be solved, step by step: "## 解決方法"
		"解決方法",
		// the order to do the work in: "## Caminho para o go-live (ordem sugerida)"
		"ordem sugerida", "ordem recomendada", "orden sugerido", "orden recomendado", "ordre suggéré", "ordre recommandé",
		// the order of implementation: "## Reihenfolge der Umsetzung"
		"reihenfolge der umsetzung", "umsetzungsreihenfolge", "orden de implementación", "ordre de mise en œuvre", "ordem de implementação",
		// "## 구현 순서", "## 実装順序"
		"구현 순서", "작업 순서", "実装順序", "実装の順序"}
	// foreignPlanWords in a title say the document is a plan, in those
	// languages.
	foreignPlanWords = []string{"plano", "planejamento", "implementação", "implementación", "planificación", "hoja de ruta",
		"feuille de route", "planification", "umsetzung", "umsetzungsplan", "projektplan", "fahrplan", "maßnahmenplan", "piano", "roteiro", "cronograma",
		"план", "дорожная карта", "роадмап", "계획", "로드맵", "lộ trình", "kế hoạch"}
	designWords = []string{"design", "architecture", "approach", "background", "overview", "context", "motivation", "alternatives", "components", "algorithm"}
)

// workSection reports a heading that names a section of the plan's work
// ("Implementation Plan", "Tasks", "Progress", "KRITISCHE Aufgaben").
func workSection(text string) bool {
	if t := strings.TrimRightFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }); strings.HasSuffix(t, "说明") || strings.HasSuffix(t, "說明") || strings.HasSuffix(t, "説明") {
		// "核心基建生产实施说明": notes on how something is carried
		// out, as "Implementation Notes" are, not its work.
		return false
	}
	if hasAnyWord(text, appendixWords) || containsAny(text, []string{"附录", "附錄", "付録", "부록"}) {
		// "冻结附录（任务 1.1 - 1.5）": an appendix to the tasks it
		// names, not their section.
		return false
	}
	return workHeading(text) || hasAnyWord(text, foreignWorkWords) || containsAny(text, foreignWorkWords)
}

func containsAny(text string, words []string) bool {
	for _, w := range words {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
func designSection(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	return hasAnyWord(text, designWords) || strings.HasPrefix(t, "how ") && strings.HasSuffix(t, " works") // "How Migration Works"
}

// planTitle reports a title that says the document is a plan, roadmap,
// backlog or list of tasks, in English or another language plans are
// written in.
func planTitle(title string) bool {
	if hasAnyWord(title, modelWords) && !hasAnyWord(title, ownPlanWords) {
		return false // "03 — EXECUTION MODEL": how something runs, not a plan
	}
	return hasAnyWord(title, planWords) || foreignPlanTitle(title)
}

// modelWords in a title name a model of how something is or runs, a
// design's subject, whatever plan word they hold ("execution").
var modelWords = []string{"execution model", "data model", "threat model", "domain model"}

// foreignPlanTitle reports a title that names a plan in a language other
// than English.
func foreignPlanTitle(title string) bool {
	return hasAnyWord(title, foreignPlanWords) || containsAny(title, []string{"计划", "路线图", "路線圖", "版本路线", "开发路线", "规划", "規劃", "計画", "実装", "ロードマップ", "任务清单", "任务列表", "待办", "タスク一覧", "バックログ", "백로그"})
}

func hasAnyWord(text string, words []string) bool {
	t := strings.ToLower(text)
	for _, w := range words {
		if k := indexWord(t, w); k >= 0 {
			return true
		}
	}
	return false
}

// itemCandidates proposes the readings whose units are list items that
// open with an id, and names a planning tool's format where the file
// has its signature.
func (b *builder) itemCandidates(doc ast.Node, sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	pats := []itemPattern{
		{checkbox: true, prefix: "T"}, // spec-kit: "- [ ] T012 [P] Title", an inserted "T090.1"
		{checkbox: true, parts: 1},    // Kiro: "- [ ] 1. Title"
		{checkbox: true, parts: 2},    // OpenSpec: "- [ ] 1.1 Title"
	}
	word := b.itemWord(doc)
	if word != "" {
		pats = append(pats, itemPattern{checkbox: true, prefix: word, parts: 2}) // "- [x] 任务 1.1：Title"
	}
	counts := b.countItems(doc, pats)
	numbered := 0 // "## 1. Title" sections
	for _, r := range sc.heads {
		if r.node.Level >= 2 && bareNumbered(r.head.Text) {
			numbered++
		}
	}
	for i, c := range counts {
		if c.n < 2 && !(c.n == 1 && c.nested > 0) || i == 1 && c.counts() {
			continue
		}
		p := c.pattern
		cand := &Candidate{Name: "items", Units: c.n, First: c.first, Score: scoreItems}
		cfg := shapeConfig{items: &p}
		switch i {
		case 0:
			cand.Description = "units are checkbox items \"- [ ] T{n} Title\" (spec-kit's tasks.md: [P] marks tasks that run in parallel)"
			cand.Declare = `units: "- [ ] T{n} {title}"`
			if sc.phaseLevel > 0 || c.n >= 3 {
				cand.Name, cand.Declare, cand.Score = "spec-kit", "format: spec-kit", scoreFormat
				cand.Why = "checkbox items with task ids T001, T002, ...: spec-kit's tasks.md"
			}
		case 1:
			cand.Description = "units are checkbox items \"- [ ] {n}. Title\" (their sub-items are their tasks)"
			cand.Declare = `units: "- [ ] {n}. {title}"`
			// One numbered box over boxes of its own ("- [ ] 2 additional
			// themes" over "- [ ] 3 X share text variants", among fifty
			// plain boxes) is a count, not Kiro's task 1: a Kiro task list
			// numbers two tasks, or its sub-tasks N.M.
			if c.nested > 0 && (c.n >= 2 || counts[2].n > 0) || counts[2].nested > 0 || counts[2].n > 0 && sharedHeads(c.heads, counts[2].heads) {
				kiro := &Candidate{Name: "kiro", Description: kiroDescription, Declare: "format: kiro", Score: scoreFormat,
					Units: -1, First: c.first, Why: "numbered checkbox tasks with numbered sub-tasks under them: Kiro's tasks.md",
					read: formatReader(itemPattern{checkbox: true, parts: 1, leaf: true}, nil, kiroDescription)}
				add(kiro)
			}
		case 3:
			cand.Description = fmt.Sprintf("units are checkbox items \"- [ ] %s {n}.{m} Title\"", word)
			cand.Declare = fmt.Sprintf("units: \"- [ ] %s {n}.{m} {title}\"", word)
			if c.n >= 3 {
				// A unit word and a dotted id on every item, over the
				// numbered lists and the plain boxes; unit headings
				// ("## Task 1" over "- [ ] **Step 1.1:**") hold them as
				// their steps.
				cand.Score = scoreItems + 10
				// "## 一、冻结" over "任务 1.1", "## 2. Wire" over "Task
				// 2.1": the sections are the items' phases.
				cfg.retag = sectionPhase
				cand.Why = fmt.Sprintf("checkbox items that each name a unit and its id (%q), %d of them", word+" N.M", c.n)
			}
		case 2:
			cand.Description = "units are checkbox items \"- [ ] {n}.{m} Title\""
			cand.Declare = `units: "- [ ] {n}.{m} {title}"`
			cfg.retag = sectionPhase
			if numbered > 0 {
				cand.Name, cand.Declare, cand.Score = "openspec", "format: openspec", scoreFormat
				cand.Description += " under \"## {n}. Group\" sections"
				cand.Why = "\"## N. Group\" sections of \"- [ ] N.M Task\" items: OpenSpec's tasks.md"
				if b.tickedSteps && pick != nil && pick.Name == "headings" && pick.Units > c.n {
					// A superpowers plan ("REQUIRED SUB-SKILL: Use
					// superpowers:executing-plans") of five "### Task N"
					// headings, with "## 5. 最終確認" and its four checks
					// appended: the tasks are its units.
					cand.Score = scoreShapes - 10
					cand.Why = "\"## N. Group\" sections of \"- [ ] N.M Task\" items, as OpenSpec writes them, appended to a superpowers plan whose task headings are more"
				}
			}
		}
		if cand.Why == "" && c.n < 3 {
			cand.Score, cand.Why = scoreFewItems, "two checkbox items that open with an id"
		}
		if cand.Why == "" {
			cand.Why = "checkbox items that open with an id"
			if pick != nil && pick.Name == "phases" {
				cand.Score = scoreItemsIn
				cand.Why = "checkbox items with ids under the phases: finer units than the phases"
			} else if pick != nil && pick.Name == "headings" && pick.Units > 0 && c.n >= 3*pick.Units && (i == 1 || i == 2) {
				// "- [x] 6." under "## Sprint 1" after "- [x] 5." under
				// "## Quick Wins": one numbering through the plan, which
				// the headings only group; "- [x] **0.1** Install the
				// SDK" under "## Phase 0", five times as many as the
				// phases and the two "#### Day N" in one of them.
				cand.Score = scoreItemsIn
				cand.Why = fmt.Sprintf("checkbox items that open with a number, %d of them against %d headings that group them", c.n, pick.Units)
			}
		}
		cfg.name = cand.Description
		cfg.groups = cand.Score == scoreFormat
		cand.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
		add(cand)
	}
}

// workKey is a tracker's key for a work item: capitals, parts joined by
// dashes, a number ("TASK-P001", "AI-01", "FE-12", "S3").
const workKey = `[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-?[0-9]+[a-z]?`

// keyedItemRE is a key opening a plain bullet, before a colon:
// "TASK-P001:", "FE-12:".
var keyedItemRE = lazyMustCompile(`^` + workKey + `:\s`)

// keyedBullets proposes, where the phases have no units of their own, the
// plain bullets under them that each open with a tracker's key and a colon
// ("### Phase 1: Performance (Completed)" over "- TASK-P001: Add
// indexes"), each list right under its heading: finer units than the
// phases, as checkbox items with ids are.
func (b *builder) keyedBullets(doc ast.Node, pick *Candidate, add func(*Candidate)) {
	if pick == nil || pick.Name != "phases" || b.recordTitled() {
		return
	}
	lists := map[ast.Node]bool{}
	n, first := 0, 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		l, ok := c.(*ast.List)
		if !ok || l.IsOrdered() {
			continue
		}
		prev := b.blockBefore(l)
		if _, under := prev.(*ast.Heading); !under && !lists[prev] {
			// "**Requirements Covered:**" over "- AUTH-01: Key
			// validation": the phase's requirements, not its units.
			continue
		}
		items := 0
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.box || !keyedItemRE.MatchString(t.text) {
				items = -1
				break
			}
			items++
		}
		if items <= 0 {
			continue
		}
		lists[l] = true
		if n == 0 {
			first = b.p.Position(b.blockStart(l)).Line
		}
		n += items
	}
	if n <= pick.Units || n < 3 {
		return
	}
	cfg := shapeConfig{items: &itemPattern{bullet: true}, lists: lists, name: "units are the plain bullets that open with a key (\"- TASK-1: Title\") under the phases"}
	add(&Candidate{Name: "items", Description: cfg.name, Units: n, First: []int{first}, Score: scoreItemsIn,
		Declare: `units: "- {title}"`,
		Why:     fmt.Sprintf("%d plain bullets that each open with a key, under phases that have no units of their own: finer units than the phases", n),
		read:    func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }})
}

// blockBefore returns the block before n, annotation comments passed over
// (an annotation ends a list; it goes on after it).
func (b *builder) blockBefore(n ast.Node) ast.Node {
	prev := n.PreviousSibling()
	for prev != nil && prev.Kind() == ast.KindHTMLBlock && isComment(prev.(*ast.HTMLBlock), b.src) {
		prev = prev.PreviousSibling()
	}
	return prev
}

// itemWord returns the unit word that opens three or more checkbox items
// before a dotted id ("- [x] 任务 1.1：冻结边界", "- [ ] Task 2.3: Wire"),
// as the first of them writes it; "" when none does.
func (b *builder) itemWord(doc ast.Node) string {
	if !hasCheckbox(b.src) {
		return ""
	}
	counts := map[string]int{}
	written := map[string]string{}
	best := ""
	var visit func(l *ast.List)
	visit = func(l *ast.List) {
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if t, ok := b.readItemText(it); ok && t.box {
				if w, rest, ok := matchWord(t.text, unitWords); ok {
					rest = strings.TrimLeft(rest, " ")
					if k := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' }); k > 0 && k+1 < len(rest) && rest[k] == '.' && rest[k+1] >= '0' && rest[k+1] <= '9' {
						key := strings.ToLower(w)
						if written[key] == "" {
							written[key] = w
						}
						counts[key]++
						if counts[key] > counts[best] {
							best = key
						}
					}
				}
			}
			for c := it.FirstChild(); c != nil; c = c.NextSibling() {
				if sub, ok := c.(*ast.List); ok {
					visit(sub)
				}
			}
		}
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok {
			visit(l)
		}
	}
	if counts[best] < 3 {
		return ""
	}
	return written[best]
}

// sectionPhase makes a section numbered in digits ("## 2. Wire") or in
// Chinese numerals ("## 二、实现") the phase of the "N.M" items under it.
func sectionPhase(r *shapeHead) {
	numberedSectionPhase(r)
	hanSectionPhase(r)
}

// hanSectionPhase makes a heading numbered in Chinese numerals before an
// enumeration comma ("## 三、Session / Engine API") a phase of that number.
func hanSectionPhase(r *shapeHead) {
	if r.node.Level < 2 || r.sh.kind != shapeOther {
		return
	}
	t := strings.TrimLeftFunc(r.head.Text, decoration)
	num, rest, ok := strings.Cut(t, "、")
	if !ok || num == "" || strings.Trim(num, "一二三四五六七八九十") != "" {
		return
	}
	id := hanNumber(num)
	if id == "" {
		return
	}
	rest = strings.TrimSpace(rest)
	r.sh = shape{kind: shapePhase, id: id, sep: true, rest: rest, title: cleanTitle(rest), lead: leadOf(r.head.Text)}
}

// sharedHeads reports whether flush-left "- [ ] 3.2" items number
// themselves under the "- [ ] 3." tasks, as Kiro's sub-tasks written with
// no indent do: half of their whole numbers or more are the tasks'. Not
// "- [x] 32.1" plans beside "- [x] 98 TypeScript modules migrated".
func sharedHeads(tasks, subs map[string]bool) bool {
	n := 0
	for h := range subs {
		if tasks[h] {
			n++
		}
	}
	return 2*n >= len(subs)
}

// numberedSectionPhase reads a "## 1. Title" heading as phase 1.
func numberedSectionPhase(r *shapeHead) {
	if r.node.Level < 2 || r.sh.kind != shapeOther {
		return
	}
	t := strings.TrimLeftFunc(r.head.Text, decoration)
	id, rest, ok := itemPattern{parts: 1}.match(itemText{text: t})
	if !ok {
		return
	}
	r.sh = shape{kind: shapePhase, id: id, sep: true, rest: rest, title: cleanTitle(rest), lead: leadOf(r.head.Text)}
}

// boxedSiblings reports whether a section of sec's level under the same
// parent as sec holds checkboxes that are work (not criteria or checks).
func boxedSiblings(secs []sectionItems, sec sectionItems) bool {
	i := slices.IndexFunc(secs, func(x sectionItems) bool { return x.head == sec.head })
	if i < 0 {
		return false
	}
	level := sec.head.Level
	sibling := func(x sectionItems) bool {
		return x.head.Level == level && x.boxes > 0 && !criteriaHeading(x.text) && !testingHeading(x.text)
	}
	for j := i - 1; j >= 0 && secs[j].head.Level >= level; j-- {
		if sibling(secs[j]) {
			return true
		}
	}
	for j := i + 1; j < len(secs) && secs[j].head.Level >= level; j++ {
		if sibling(secs[j]) {
			return true
		}
	}
	return false
}

// boxedBeside reports whether sections beside sec or beside its parent
// heading hold boxes that are work: "### TODO: Implement in actual UI"
// under "## v0.26 — UI Redesign", beside "## v0.26 — Quality Audit
// (done)" and eleven more sections of boxes, is one part of the work, as
// with a sibling of its own.
func boxedBeside(secs []sectionItems, sec sectionItems) bool {
	if boxedSiblings(secs, sec) {
		return true
	}
	i := slices.IndexFunc(secs, func(x sectionItems) bool { return x.head == sec.head })
	for j := i - 1; j >= 0; j-- {
		if secs[j].head.Level < sec.head.Level {
			return secs[j].head.Level >= 2 && boxedSiblings(secs, secs[j])
		}
	}
	return false
}

// inserted reports an id "3b" put in after item n (3): n and a letter.
func inserted(id string, n int) bool {
	num := strings.TrimRightFunc(id, unicode.IsLetter)
	return num != id && len(id)-len(num) == 1 && num == strconv.Itoa(n)
}

// leadOf is the decoration before a heading's text ("✅ " of "✅ 1.
// Title"): a status mark a retagged heading keeps.
func leadOf(text string) string {
	if mark, rest, ok := headingBox(text); ok {
		// "### [x] Merge command": the box says how the unit stands, as a
		// mark does.
		return mark + leadOf(rest)
	}
	return text[:len(text)-len(strings.TrimLeftFunc(text, decoration))]
}

// noUnits picks no heading as a unit.
func noUnits(*shapeScan, *shapeHead) bool { return false }

// headings picks the unit headings of a heading pattern.
func (p unitPattern) headings(sc *shapeScan, r *shapeHead) bool {
	return p.matches(r, func(r *shapeHead) bool { return p.under == "" || sc.under(r, p.under) })
}

// under reports whether heading r is in the section of a heading whose
// text is section.
func (sc *shapeScan) under(r *shapeHead, section string) bool {
	i := slices.Index(sc.heads, r)
	level := r.node.Level
	for j := i - 1; j >= 0 && level > 1; j-- {
		h := sc.heads[j]
		if h.node.Level >= level {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(h.head.Text), section) {
			return true
		}
		level = h.node.Level
	}
	return false
}

// declared builds the candidate a declaration names.
func (b *builder) declaredCandidate(d *declaration, yml []byte) *Candidate {
	c := &Candidate{Declare: d.Line, Score: scoreDeclared, Units: -1,
		Why: "declared by " + d.where()}
	switch {
	case d.key == "format" && d.value == "bd":
		c.Name, c.Description = "bd", "bd's Markdown"
		c.read = func(b *builder, doc ast.Node) bool { return b.readBD(doc, yml) }
	case d.key == "format" && d.value == "beads-ralph":
		c.Name, c.Description = "beads-ralph", "the beads-ralph dialect"
		c.read = func(b *builder, doc ast.Node) bool { b.run(doc); return true }
	case d.key == "format" && d.value == "none":
		c.Name, c.Description = "none", "not a plan"
	case d.key == "format" && d.value == "spec-kit":
		c.Name, c.Description = "spec-kit", "spec-kit's tasks.md: checkbox items \"- [ ] T{n} Title\", [P] runs in parallel"
		c.read = formatReader(itemPattern{checkbox: true, prefix: "T"}, nil, c.Description)
	case d.key == "format" && d.value == "kiro":
		c.Name, c.Description = "kiro", kiroDescription
		c.read = formatReader(itemPattern{checkbox: true, parts: 1, leaf: true}, nil, c.Description)
	case d.key == "format" && d.value == "taskmaster":
		c.Name, c.Description = "taskmaster", taskmasterDescription
		c.read = func(b *builder, doc ast.Node) bool {
			task, title, ok := b.taskmasterTask(doc)
			return ok && b.readTaskmaster(doc, task, title)
		}
	case d.key == "format" && d.value == "compound":
		c.Name, c.Description = "compound", compoundDescription
		c.read = func(b *builder, doc ast.Node) bool { return b.readCompound(doc) }
	case d.key == "format" && d.value == "cursor":
		c.Name, c.Description = "cursor", cursorDescription
		c.read = func(b *builder, doc ast.Node) bool { return b.readCursor(doc, yml) }
	case d.key == "format" && d.value == "conductor":
		c.Name, c.Description = "conductor", conductorDescription
		c.read = func(b *builder, doc ast.Node) bool {
			sc, _, ok := b.scanShapes(doc, shapeConfig{})
			b.tickedVouches = true // as the found Conductor reading
			return ok && sc.phaseLevel > 0 && b.runShapesWith(doc, shapeConfig{phaseLevel: sc.phaseLevel, units: noUnits, mode: modePhaseOnly, modeSet: true, name: conductorDescription})
		}
	case d.key == "format" && d.value == "gsd":
		c.Name, c.Description = "gsd", gsdRoadmapDescription
		c.read = func(b *builder, doc ast.Node) bool { return b.readGSDRoadmap(doc) }
	case d.key == "format" && d.value == "status-lists":
		c.Name, c.Description = "items", statusListsDescription
		c.read = func(b *builder, doc ast.Node) bool {
			var found *Candidate
			b.statusSectionsCandidate(doc, func(x *Candidate) { found = x })
			if found == nil {
				if sc := b.quietScan(doc); sc != nil {
					b.statusHeadingsCandidate(doc, sc, func(x *Candidate) { found = x })
				}
			}
			return found != nil && found.read(b, doc)
		}
	case d.key == "format" && d.value == "horizons":
		c.Name, c.Description = "headings", horizonsDescription
		c.read = func(b *builder, doc ast.Node) bool {
			found := b.horizons(doc, b.quietScan(doc))
			return found != nil && found.read(b, doc)
		}
	case d.key == "format" && d.value == "unit-sections":
		c.Name, c.Description = "headings", "units are the headings each written in the same numbered sections (\"### 2.1 What it is\", \"### 3.1 What it is\", ...)"
		c.read = func(b *builder, doc ast.Node) bool {
			found := b.unitSections(b.quietScan(doc))
			return found != nil && found.read(b, doc)
		}
	case d.key == "format" && d.value == "features":
		c.Name, c.Description, c.read = "headings", featuresDescription, featuresReader
	case d.key == "format" && d.value == "marked-items":
		c.Name, c.Description, c.read = "items", markedDescription, markedReader
	case d.key == "format" && d.value == "gsd-plan":
		c.Name, c.Description = "gsd-plan", gsdDescription
		c.read = func(b *builder, doc ast.Node) bool { return b.readGSD(doc) }
	case d.key == "format" && d.value == "execplan":
		c.Name, c.Description = "execplan", execPlanDescription
		c.read = func(b *builder, doc ast.Node) bool { return b.readExecPlan(doc) }
	case d.key == "format" && d.value == "openspec":
		c.Name, c.Description = "openspec", "OpenSpec's tasks.md: \"## {n}. Group\" sections of \"- [ ] {n}.{m} Title\" items"
		c.read = formatReader(itemPattern{checkbox: true, parts: 2}, numberedSectionPhase, c.Description)
	case d.pat.kind == "heading" && phaseWord(d.pat.word):
		c.Name, c.Description = "phases", fmt.Sprintf("each level-%d %q heading is one unit of work", d.pat.level, d.pat.word)
		level := d.pat.level
		c.read = func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{phaseLevel: level, units: noUnits, mode: modePhaseOnly, modeSet: true})
		}
	case d.pat.kind == "heading":
		c.Name, c.Description = "headings", fmt.Sprintf("units are the level-%d headings %q", d.pat.level, d.value)
		pat := d.pat
		cfg := shapeConfig{units: pat.headings, unit: setAsideBySection()}
		switch {
		case pat.label != "" || pat.glued || pat.any:
			cfg.retag = labelRetag(pat)
		case pat.word == "":
			cfg.retag = bareRetag(pat.level)
		}
		c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
	case d.pat.kind == "item":
		c.Name, c.Description = "items", fmt.Sprintf("units are the list items %q", d.value)
		cfg := shapeConfig{items: &d.pat.item, under: d.pat.under, name: c.Description}
		if d.pat.item.parts == 2 {
			cfg.retag = sectionPhase
		}
		if d.pat.under != "" {
			cfg.phaseLevel = -1
		}
		c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
		if d.pat.item == (itemPattern{checkbox: true, noID: true}) && d.pat.under == "" {
			// "- [ ] {title}": the plan's boxes, as the found reading
			// takes them, a log of work done left out.
			desc := c.Description
			c.read = func(b *builder, doc ast.Node) bool {
				return b.readBoxes(doc, itemPattern{checkbox: true, noID: true}, desc)
			}
		}
		if d.pat.item.bullet {
			c.read = bulletReader(&d.pat.item, d.pat.under, c.Description)
		}
	case d.pat.kind == "list" || d.pat.kind == "bold":
		c.Name, c.Description = d.pat.kind, fmt.Sprintf("units are the bold unit labels %q", d.value)
		mode := modeList
		if d.pat.kind == "bold" {
			mode = modeBold
		}
		cfg := shapeConfig{units: noUnits, labels: mode, name: c.Description}
		c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
	case d.pat.kind == "phases":
		c.Name, c.Description = "phases", "each phase heading is one unit of work"
		c.read = func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{units: noUnits, mode: modePhaseOnly, modeSet: true})
		}
	case d.pat.kind == "table":
		c.Name, c.Description = "table", "units are rows of the plan's tables of units"
		c.read = func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{units: noUnits, mode: modeTable, modeSet: true})
		}
	default: // format: plan: not declared beyond "not bd"
		return nil
	}
	return c
}

// quietScan scans doc's headings as the shapes walker does, keeping none
// of what the scan says: a declared format's read scans again, and says it.
func (b *builder) quietScan(doc ast.Node) *shapeScan {
	mark := len(b.p.Diags)
	sc, _, _ := b.scanShapes(doc, shapeConfig{})
	b.p.Diags = b.p.Diags[:mark]
	return sc
}

// setAsideBySection skips a unit heading that says nothing of how it
// stands and stands in a section that sets its work aside ("##
// Evaluated and Skipped" over "### GPU-Driven Rendering").
func setAsideBySection() func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
	var aside map[ast.Node]string // unit heading → the section that sets it aside
	return func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
		if aside == nil {
			aside = map[ast.Node]string{}
			var stack []*ast.Heading
			for n := r.node.Parent().FirstChild(); n != nil; n = n.NextSibling() {
				h, ok := n.(*ast.Heading)
				if !ok {
					continue
				}
				for len(stack) > 0 && stack[len(stack)-1].Level >= h.Level {
					stack = stack[:len(stack)-1]
				}
				if len(stack) > 0 {
					if t := b.trimmedText(stack[len(stack)-1]); sectionState(t) == statusSkipped {
						aside[h] = t
					}
				}
				stack = append(stack, h)
			}
		}
		if sec, ok := aside[r.node]; ok && !s.Status.Set() && !s.Skipped {
			s.Skipped, s.SkipReason = true, fmt.Sprintf("under %q, a section of work set aside", sec)
		}
	}
}

func phaseWord(w string) bool {
	_, _, ok := matchWord(strings.ToLower(w), phaseWords)
	return ok
}

func itemsReader(p itemPattern, retag func(*shapeHead), name string) func(*builder, ast.Node) bool {
	return func(b *builder, doc ast.Node) bool {
		return b.runShapesWith(doc, shapeConfig{items: &p, retag: retag, name: name})
	}
}

// formatReader reads a planning tool's task file, whose units are its task
// items and whose phases only group them.
func formatReader(p itemPattern, retag func(*shapeHead), name string) func(*builder, ast.Node) bool {
	return func(b *builder, doc ast.Node) bool {
		return b.runShapesWith(doc, shapeConfig{items: &p, retag: retag, name: name, groups: true})
	}
}

func (d *Declared) where() string {
	if d.File == "" {
		return d.From
	}
	return fmt.Sprintf("%s at %s:%d", d.From, d.File, d.Pos.Line)
}

// choose is the arbiter: it scores the candidates and sorts them, best
// first. A declared reading is the only one read; else the plan reading
// with the highest score, unless the document says it is something else
// (a README, meeting notes, a design document, a changelog) and the best
// reading's evidence is thin, when "not a plan" wins.
func (b *builder) choose(cands []*Candidate, doc ast.Node, decl *declaration) {
	if decl == nil {
		var best *Candidate
		for _, c := range cands {
			if c.Name != "none" && c.Score > scoreNone && (best == nil || c.Score > best.Score) {
				best = c
			}
		}
		none := cands[len(cands)-1]
		if why := b.notAPlan(doc, best); why != "" {
			none.Score, none.Why = scoreRefuse, why
		} else if best != nil {
			none.Why = "the plan has units of work"
		}
	}
	// "Not a plan", where the plan reads as one, is listed last: below the
	// readings to declare, which a person is likelier to want.
	rank := func(c *Candidate) int {
		if c.Name == "none" && c.Score == scoreNone {
			return scoreHint - 1
		}
		return c.Score
	}
	slices.SortStableFunc(cands, func(x, y *Candidate) int { return rank(y) - rank(x) })
	for _, c := range cands[1:] {
		if c.Score >= scoreFormat || cands[0].Score >= scoreDeclared {
			continue
		}
		c.Why += fmt.Sprintf("; not taken: %s scores higher (%d to %d)", cands[0].Name, cands[0].Score, c.Score)
	}
}

// declaration finds the declared reading: opts' (a flag, .architect.yaml)
// over the front matter's `units:` or `format:` line. A declaration that
// cannot be read is an error at its line, and the plan is read without it.
func (b *builder) declaration(yml []byte, base Pos, reading *Declared) *declaration {
	var d *Declared
	if reading != nil {
		d = reading
	} else if line, pos, ok := fmReading(yml, base); ok {
		d = &Declared{Line: line, File: b.p.File, Pos: pos, From: "the front matter"}
	}
	if d == nil {
		return nil
	}
	decl, err := readDeclaration(*d)
	if err != nil {
		pos := d.Pos
		if !pos.IsValid() {
			pos = Pos{Line: 1, Col: 1}
		}
		b.p.errorf(pos, "%s: %v", d.where(), err)
		return nil
	}
	if decl.key == "format" && decl.value == "plan" {
		return nil // "not bd's Markdown": bdfile.go reads it so
	}
	return &decl
}

// fmReading finds a `units:` or `format:` line in front matter, with the
// position of its key. units wins over format.
func fmReading(yml []byte, base Pos) (string, Pos, bool) {
	var line string
	var pos Pos
	i := 0
	for n, l := range strings.Split(string(yml), "\n") {
		l = strings.TrimRight(l, "\r")
		k, v, ok := strings.Cut(l, ":")
		if !ok || k != strings.TrimSpace(k) {
			continue
		}
		switch strings.ToLower(k) {
		case "units":
			return "units: " + strings.TrimSpace(v), Pos{Line: base.Line + n, Col: 1}, true
		case "format":
			if line == "" {
				line, pos = "format: "+strings.TrimSpace(unquoteValue(strings.TrimSpace(v))), Pos{Line: base.Line + n, Col: 1}
			}
		}
		i++
	}
	return line, pos, line != ""
}

// Scores of the readings whose units are list items with no id.
const (
	scoreBoxes      = 450 // the checkbox items of the whole plan
	scoreSection    = 460 // the checkbox or numbered items of one section
	scoreWorkList   = 480 // ... of a section about the work
	scoreOverPhases = 620 // a work section's numbered list, over phases with no units
	// scoreOutlineBoxes: the boxes under outline or schedule headings,
	// over the walker's pick, under the finer readings by ids (bold
	// labels, table rows).
	scoreOutlineBoxes = 610
)

// execPlanLogs are the sections of an ExecPlan whose checkboxes are no work
// to do: its living logs, and the checks of Validation and Acceptance.
var execPlanLogs = []string{"progress", "surprises", "suprises", "decision log", "outcomes", "validation"}

// historySection reports a section that logs the work done ("##
// HISTORY", "## Done log"): its boxes repeat what the plan's other boxes
// list.
func historySection(text string) bool {
	switch normalHeading(text) {
	case "history", "log", "work log", "done log", "session log", "activity log", "journal", "history log", "completion log":
		return true
	}
	return false
}

// historyLists finds the lists in the sections that log the work done,
// and how many boxes they hold as sectionItems counts them.
func (b *builder) historyLists(doc ast.Node, secs []sectionItems) (map[ast.Node]bool, int) {
	n := 0
	for _, sec := range secs {
		if sec.head.Level > 1 && historySection(sec.text) {
			n += sec.boxes
		}
	}
	if n == 0 {
		return nil, 0
	}
	lists := map[ast.Node]bool{}
	level := 0 // the level of the history section open, 0 for none
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			if level > 0 && h.Level <= level {
				level = 0
			}
			if level == 0 && h.Level > 1 && historySection(b.trimmedText(h)) {
				level = h.Level
			}
			continue
		}
		if level > 0 && c.Kind() == ast.KindList {
			lists[c] = true
		}
	}
	return lists, n
}

// readBoxes reads the plan's checkbox items as its units, but for those
// of a section that logs the work done, where boxes stand elsewhere too.
func (b *builder) readBoxes(doc ast.Node, box itemPattern, name string) bool {
	cfg := shapeConfig{items: &box, name: name}
	if n, _ := b.boxesOutside(doc, historySection); n >= 2 {
		cfg.skipLists, _ = b.historyLists(doc, b.sectionItems(doc))
	}
	return b.runShapesWith(doc, cfg)
}

func execPlanLog(heading string) bool {
	t := normalHeading(heading)
	return slices.ContainsFunc(execPlanLogs, func(w string) bool { return strings.HasPrefix(t, w) })
}

// readExecPlan reads a Codex ExecPlan: the checkbox items of its Progress;
// when Progress is a log with no checkbox, the checkbox items of its other
// sections, outside its logs and its Validation and Acceptance.
func (b *builder) readExecPlan(doc ast.Node) bool {
	box := itemPattern{checkbox: true, noID: true}
	for _, sec := range b.sectionItems(doc) {
		if strings.EqualFold(sec.text, "Progress") && sec.boxes > 0 {
			return b.runShapesWith(doc, shapeConfig{items: &box, under: "Progress", phaseLevel: -1, name: execPlanDescription})
		}
	}
	return b.runShapesWith(doc, shapeConfig{items: &box, except: execPlanLog, phaseLevel: -1, name: execPlanLogDescription})
}

// boxesOutside counts the checkbox items of top-level lists outside the
// sections whose heading except reports (an ExecPlan's logs and checks),
// with the line of the first.
func (b *builder) boxesOutside(doc ast.Node, except func(string) bool) (n, first int) {
	out := 0 // the level of the log section open, 0 for none
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			if out > 0 && h.Level <= out {
				out = 0
			}
			if out == 0 && except(plainText(h, b.src)) {
				out = h.Level
			}
			continue
		}
		l, ok := c.(*ast.List)
		if !ok || out > 0 {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.text == "" {
				continue
			}
			boxes := b.themeBoxes(it, t) // a theme's boxes count
			if boxes == nil {
				boxes = []ast.Node{it}
			}
			for _, x := range boxes {
				if t, ok := b.readItemText(x); ok && t.box && t.text != "" {
					if n == 0 {
						first = b.p.Position(b.blockStart(x)).Line
					}
					n++
				}
			}
		}
	}
	return n, first
}

// sectionCandidates proposes the readings whose units are the checkbox
// items of the whole plan, or the checkbox items or numbered items of one
// section, where such a section holds two or more; and names a Codex
// ExecPlan by its sections.
func (b *builder) sectionCandidates(doc ast.Node, pick *Candidate, add func(*Candidate)) {
	secs := b.sectionItems(doc)
	has := func(name string) bool {
		return slices.ContainsFunc(secs, func(x sectionItems) bool { return strings.EqualFold(x.text, name) })
	}
	execPlan := false
	if has("Progress") {
		// An ExecPlan's living sections (PLANS.md): Progress and two more.
		n := 0
		for _, sec := range secs {
			t := strings.ToLower(sec.text)
			for _, w := range []string{"decision log", "surprises", "suprises", "outcomes & retrospective", "plan of work", "concrete steps", "purpose / big picture", "context and orientation", "validation and acceptance"} {
				if strings.HasPrefix(t, w) {
					n++
					break
				}
			}
		}
		execPlan = n >= 2
	}
	if i := slices.IndexFunc(secs, func(x sectionItems) bool { return strings.EqualFold(x.text, "Progress") }); execPlan && secs[i].boxes == 0 {
		// Progress is a log of what was done, with no checkbox: the work
		// is the checkboxes of the plan's other sections.
		if n, first := b.boxesOutside(doc, execPlanLog); n >= 2 {
			add(&Candidate{Name: "execplan", Description: execPlanLogDescription, Units: n, First: []int{first},
				Declare: "format: execplan", Score: scoreFormat,
				Why:  "the sections of a Codex ExecPlan whose Progress is a log with no checkbox",
				read: func(b *builder, doc ast.Node) bool { return b.readExecPlan(doc) }})
		}
	}
	total, first := 0, 0
	for _, sec := range secs {
		if sec.head.Level == 1 && sec.boxes > total {
			total, first = sec.boxes, sec.firstBox
		}
	}
	if total == 0 {
		// No title heading: the items of the sections, counted once each.
		c := b.countItems(doc, []itemPattern{{checkbox: true, noID: true}})[0]
		if total = c.n; total > 0 {
			first = c.first[0]
		}
	}
	outsideCriteria := sync.OnceValue(func() int {
		n, _ := b.boxesOutside(doc, criteriaHeading)
		return n
	})
	// trackedBoxes counts the boxes that may track the work: not the
	// criteria, not a log of what is done ("## Completed"), not the
	// setup a reader does first ("## Environment setup").
	trackedBoxes := sync.OnceValue(func() int {
		n, _ := b.boxesOutside(doc, func(t string) bool { return criteriaHeading(t) || doneHeading(t) || setupHeading(t) })
		return n
	})
	// criteriaOnly: every box stands under a criteria heading; the boxes
	// say what must hold, and the work is written some other way.
	criteriaOnly := func() bool { return outsideCriteria() == 0 }
	workLists := 0 // sections about the work that hold boxes
	for _, sec := range sameNamed(secs) {
		if sec.head.Level > 1 && sec.boxes > 0 && workSection(sec.text) && readShape(sec.text).kind == shapeOther {
			workLists++
		}
	}
	// phasesOnly: "## Phases" over a numbered list, in a plan titled so
	// ("Crucible — Build Plan", not "How a Query Plan Is Built") with no
	// other reading and no checkbox.
	phasesOnly := func(sec sectionItems) bool {
		if pick != nil || total > 0 || !phasesHeading(sec.text) {
			return false
		}
		t, _ := b.sourceTitle()
		return endsWithPlanWord(t)
	}
	for _, sec := range sameNamed(secs) {
		if sec.head.Level == 1 || readShape(sec.text).kind != shapeOther || bareNumbered(sec.text) && !numberedWorkSection(sec.text) {
			// The title's items are the whole plan's; the items of a
			// phase or unit heading are its tasks. A document's numbered
			// section about the work ("## 16. 实施顺序") holds its work.
			continue
		}
		if sec.boxes >= 2 && (workSection(sec.text) || execPlan && strings.EqualFold(sec.text, "Progress")) {
			box := itemPattern{checkbox: true, noID: true}
			c := &Candidate{Name: "items", Description: fmt.Sprintf("units are the checkbox items under %q", sec.text),
				Units: sec.boxes, First: []int{sec.firstBox}, Score: scoreSection,
				Declare: fmt.Sprintf("units: %q", "- [ ] {title} under "+strings.Repeat("#", sec.head.Level)+" "+sec.text),
				Why:     "the checkbox items of one section"}
			if workSection(sec.text) {
				c.Score, c.Why = scoreWorkList, "the checkbox items of a section about the work"
				if boxedBeside(secs, sec) {
					// "### Tasks" beside "### Bugs" and "### Chores" under
					// "## Open": one kind of the work, not all of it.
					c.Score, c.Why = scoreBoxes-10, "the checkbox items of one section about the work, beside sections of the same level that hold boxes too"
				}
			}
			if workSection(sec.text) && pick != nil && pick.Name == "phases" && pick.Units > 0 && sec.boxes >= 3*pick.Units && phaseBoxCount(secs) == 0 {
				// "### フェーズ1: ドキュメント" under "## リリース戦略" with a
				// numbered list each, and "## TODO" with sixty boxes: the
				// phases sketch the strategy, the to-do list is the work.
				c.Score, c.Why = scoreItemsIn, fmt.Sprintf("the checkbox items of a section about the work, %d of them, where the %d phases hold none", sec.boxes, pick.Units)
			}
			if sec.idBoxes == sec.boxes && sec.boxes >= 6 && pick != nil && pick.Name == "headings" && pick.Units*3 <= sec.boxes {
				// "## Progress Tracking" over "- [x] 0.1.1: Initialize
				// Git Repository" under each "### Phase 0": the plan's
				// tracked list of its work, every item with its id; the
				// "### Task 0.1" headings detail a few of them.
				c.Score, c.Why = scoreItemsIn, fmt.Sprintf("the checkbox items of one section, every one of its %d with a dotted id: the plan's list of its work, finer than the %d headings", sec.boxes, pick.Units)
			}
			if execPlan && strings.EqualFold(sec.text, "Progress") {
				c.Name, c.Description, c.Declare, c.Score = "execplan", execPlanDescription, "format: execplan", scoreFormat
				c.Why = "the sections of a Codex ExecPlan (Progress, Decision Log, Surprises & Discoveries, Outcomes & Retrospective)"
			}
			cfg := shapeConfig{items: &box, under: sec.text, phaseLevel: -1, name: c.Description}
			c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
			add(c)
		}
		if sec.bullets >= 3 && total == 0 && todoHeading(sec.text) {
			// "TODO" over "* 多语言", "* 定制样式": a to-do list with no
			// checkbox, its bullets the work.
			bullet := itemPattern{bullet: true}
			c := &Candidate{Name: "items", Description: fmt.Sprintf("units are the bullets under %q", sec.text),
				Units: sec.bullets, First: []int{sec.firstBullet}, Score: scoreSection,
				Declare: fmt.Sprintf("units: %q", "- {title} under "+strings.Repeat("#", sec.head.Level)+" "+sec.text),
				Why:     "the bullets of a to-do section, in a plan with no checkbox"}
			cfg := shapeConfig{items: &bullet, under: sec.text, phaseLevel: -1, name: c.Description}
			c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
			add(c)
		}
		if sec.bullets >= 3 && (total == 0 || criteriaOnly()) && !todoHeading(sec.text) && workSection(sec.text) {
			// "### Steps" over "* Open an issue …", "* Validate all tests
			// pass …": the bullets of a section about the work, listed
			// for a person to declare.
			bullet := itemPattern{bullet: true}
			c := &Candidate{Name: "items", Description: fmt.Sprintf("units are the bullets under %q", sec.text),
				Units: sec.bullets, First: []int{sec.firstBullet}, Score: scoreHint,
				Declare: fmt.Sprintf("units: %q", "- {title} under "+strings.Repeat("#", sec.head.Level)+" "+sec.text),
				Why:     "the bullets of a section about the work, in a plan with no checkbox"}
			if b.boldLed(sec) && !slices.ContainsFunc(secs, func(o sectionItems) bool { return o.head != sec.head && o.bullets >= 3 && b.boldLed(o) }) {
				// "## Phased plan" over "- **B1 — `crates/net`
				// skeleton.** New crate …": each bullet names its work in
				// bold first, and no other section's bullets do (a
				// roadmap's versions would share its work out).
				c.Description = fmt.Sprintf("units are the bold-titled bullets under %q", sec.text)
				c.Score = scoreSection
				c.Why = "the bullets of a section about the work, each opening with its title in bold, in a plan with no checkbox"
			} else if b.keyLed(sec) {
				// "## Implementation Tasks" over "- T-02-03-01: Read
				// submit.py", its only boxes acceptance criteria: each
				// bullet names its task by key.
				c.Description = fmt.Sprintf("units are the keyed bullets under %q", sec.text)
				c.Score = scoreSection
				c.Why = "the bullets of a section about the work, each opening with a task's key (\"T-1: Title\"), in a plan whose boxes, if any, are criteria"
			}
			cfg := shapeConfig{items: &bullet, under: sec.text, phaseLevel: -1, name: c.Description}
			c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
			add(c)
		}
		if sec.ordered >= 2 && !(sec.shapedSubs > 0 && sec.shapedOrdered == sec.ordered && oneUnitsList(secs, sectionIndex(secs, sec.head))) && (workSection(sec.text) || (normalHeading(sec.text) == "action items" || orderHeading(sec.text) || phasesOnly(sec)) && b.planTitled()) {
			// "# Plan" over "## Action items" and "1. Scaffold the
			// project": the plan's work (meeting notes' action items
			// stand under a meeting's title, not a plan's).
			num := itemPattern{ordered: true}
			c := &Candidate{Name: "items", Description: fmt.Sprintf("units are the numbered items under %q", sec.text),
				Units: sec.ordered, First: []int{sec.firstOrdered}, Score: scoreWorkList,
				Declare: fmt.Sprintf("units: %q", "{n}. {title} under "+strings.Repeat("#", sec.head.Level)+" "+sec.text),
				Why:     "the numbered list of a section about the work"}
			switch {
			case !workSection(sec.text) && phasesOnly(sec):
				// Below any list of a section about the work: the
				// phases are the plan's only when nothing finer is.
				c.Score, c.Why = scoreSection-1, "the numbered list under \"Phases\", in a document titled as a plan that has no other reading"
			case nextStepsHeading(sec.text) && total >= 2*sec.ordered:
				// "## Next Steps 🎯" after "## Completed Tasks ✅" and "##
				// In Progress 🚧" full of boxes: it restates the open work.
				c.Score, c.Why = scoreBoxes-20, "the numbered next steps of a plan whose checkboxes, twice as many, are its work"
			case total >= 3*sec.ordered && sec.shapedOrdered == 0 && b.tickedBox(doc) && trackedBoxes() >= 3*sec.ordered:
				// "## 里程碑" over three broad steps, and "## 进度记录"
				// over eighteen boxes, twelve ticked: the boxes track the
				// work, the list sketches it.
				c.Score, c.Why = scoreBoxes-20, fmt.Sprintf("the numbered list of a section about the work, %d items, where the plan's checkboxes, %d of them and some ticked, track the work", sec.ordered, total)
			case b.citesBoxIDs(sec):
				// "## Execution Order" over "1. Ship `M0.1` first": the
				// list orders the plan's boxes, which are its work.
				c.Score, c.Why = scoreBoxes-1, "the numbered list of a section about the work, whose items name the plan's checkbox items by id (M0.1): an order of the plan's work, not the work"
			case pick != nil && pick.Name == "phases" && b.citesPhases(sec):
				// "## マイルストーン" over "1. **基盤の確立**: フェーズ1-4の完了":
				// each item names a run of the phases, which are the work.
				c.Score, c.Why = scoreSection-1, "the numbered list of a section about the work, whose items name the plan's phases (\"Phase 1-4\"): milestones over the phases, not finer work"
			case pick != nil && pick.Name == "phases" && sec.ordered == pick.Units && pick.level > 0 && 2*b.doneMarkedHeadings(doc, pick.level) >= pick.Units && b.restatesPhases(doc, sec, pick.level):
				// "## Phase 1: Capability System ✅" ... seven phases, most
				// marked done, and "## Execution Order" of seven unmarked
				// items: the phases' order told again; the phases keep
				// how the work stands.
				c.Score, c.Why = scoreSection-1, fmt.Sprintf("the numbered list of a section about the work, one item for each of the %d phases, which mark how their work stands: their order, told again", pick.Units)
			case pick != nil && pick.Name == "phases" && sec.ordered < pick.Units:
				// "## Implementation Strategy" over four principles, and
				// nine "### Phase N" after it: fewer items than phases
				// are no finer reading of the work.
				c.Why = fmt.Sprintf("the numbered list of a section about the work, %d items against %d phases: not finer than the phases", sec.ordered, pick.Units)
			case pick != nil && pick.Name == "phases":
				c.Score, c.Why = scoreOverPhases, "the numbered list of a section about the work: finer and more explicit than phases with no units"
			case pick != nil && pick.Name == "headings" && sec.ordered > pick.Units && designSection(b.unitSection(doc, pick)):
				// "#### Step 1: Update utils.ts" under "### Approach:
				// Rename and Merge", and "### Implementation Order" with
				// its numbered items: a design's walk-through, and the
				// work's own list.
				c.Score, c.Why = scoreOverPhases, fmt.Sprintf("the numbered list of a section about the work, over unit headings under %q, a section that describes a design", b.unitSection(doc, pick))
			case b.citesNumbers(sec):
				// "## Ordem de Implementação Sugerida" over "1. **Sprint
				// 1 — Quick wins:** #1, #2, #6": the list orders the
				// plan's numbered work, which is elsewhere.
				c.Score, c.Why = scoreSection-1, "the numbered list of a section about the work, whose items name other items by number (#1, #2): an order of the plan's work, not the work"
			case b.listUnderNumberedSteps(sec):
				// "## 解決方法" over "### 1. C ラッパー層の追加" ... "### 7.",
				// one of them with its own numbered "事前確認手順": the
				// headings are the section's steps, the list one step's.
				c.Score, c.Why = scoreSection-1, "the numbered list of a section about the work, under one of the section's own numbered step headings"
			case titleUnit(pick) && sec.ordered >= 3:
				// "# Sprint 1 — Foundation Runtime" over "## Задачи" and
				// its six tasks: the title names the whole document.
				c.Score, c.Why = scoreOverPhases, "the numbered list of a section about the work, in a document whose one unit heading is its title"
			}
			cfg := shapeConfig{items: &num, under: sec.text, phaseLevel: -1, name: c.Description}
			c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
			add(c)
		}
	}
	history, logged := b.historyLists(doc, secs)
	if logged > 0 && total-logged >= 2 {
		total -= logged // "## HISTORY": the work done, again
	} else {
		history = nil
	}
	if total >= 2 {
		box := itemPattern{checkbox: true, noID: true}
		c := &Candidate{Name: "items", Description: "units are the plan's checkbox items", Units: total, First: []int{first},
			Score: scoreBoxes, Declare: `units: "- [ ] {title}"`, Why: "the checkbox items of the whole plan",
			read: itemsReader(box, nil, "units are the plan's checkbox items")}
		if history != nil {
			c.Why += ", but for those of its log of work done"
			c.read = func(b *builder, doc ast.Node) bool {
				return b.readBoxes(doc, box, "units are the plan's checkbox items")
			}
		}
		if outsideCriteria() == 0 && !b.checklistUnderWay(doc) {
			// Every box says what must hold, none what to do: the
			// weakest evidence of a plan.
			c.criteria, c.Score = true, scoreCriteria
			c.Why = "the checkbox items of the whole plan, all of them under criteria headings"
		} else if top := topBoxes(secs); outlineHeadings(pick) && top >= 7*pick.Units && b.allBoxes(doc)-top <= top/4 && !numberedBelow(secs, pick.level) && !b.statusHeads(secs, pick) {
			// "### 1.1 Validation" or "### Week 2: Caching", each over
			// seven boxes or more and few sub-boxes: an outline or a
			// schedule, whose boxes are the work items. Boxes with
			// boxes of their own, or numbered headings under the
			// headings ("#### 1.1.1"), make three levels, and the
			// headings stay the units.
			c.Score = scoreOutlineBoxes
			c.Why = fmt.Sprintf("checkbox items, %d of them under %d headings that number an outline or a schedule: finer units than the headings", total, pick.Units)
		} else if titleUnit(pick) && total >= 3 {
			// "# Sprint 05 – Release Readiness" over stories and their
			// task boxes: the title names the whole document, and the
			// boxes are its work.
			c.Score = scoreOverPhases
			c.Why = "the checkbox items of a document whose one unit heading is its title"
		} else if workLists >= 2 {
			// "## 前端任务", "## 后端任务", "## 测试任务": the work is
			// split over several task lists, and their boxes are it.
			c.Score = scoreWorkList + 5
			c.Why = fmt.Sprintf("the checkbox items of the plan, spread over %d sections about the work", workLists)
		} else if n, groups := phaseBoxes(secs, pick); n > 0 {
			// "## Phase 2: Catalog" over "- [ ] Import the SKUs": the
			// phases hold the work, and the boxes are it.
			c.Score = scoreItemsIn
			c.Why = fmt.Sprintf("checkbox items under the phases, %d of them against %d phases: finer units than the phases", n, pick.Units)
			if groups != nil {
				// "## Completado" before "## Fase 3A", "#### Infrastructure
				// & DevOps" among "#### Phase 16": groups of the same
				// work at the phases' level, each read as a phase.
				c.read = func(b *builder, doc ast.Node) bool {
					return b.runShapesWith(doc, shapeConfig{items: &box, name: "units are the plan's checkbox items", sideGroups: groups})
				}
			}
		} else if pick != nil && pick.Name == "phases" && total >= 5*pick.Units && phasesAfterBoxes(secs) {
			// "## Recommended Implementation Priority" closing a backlog
			// with "### Phase 1: Quick Wins" ... over numbered lists that
			// name its items again: the phases order the work, the
			// boxes above them are it.
			c.Score = scoreOverPhases
			c.Why = fmt.Sprintf("the checkbox items of the plan, %d of them, all above its %d phases, which hold none: the phases order the work", total, pick.Units)
			c.read = func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{items: &box, phaseLevel: -1, name: "units are the plan's checkbox items"})
			}
		} else if ids, example := b.taskIDBoxes(doc); ids >= 5 && ids*10 >= total*8 {
			// "- [X] [SETUP-001] ...": each box names its task, so each
			// is tracked work, whatever headings group them.
			c.Score = scoreItemsIn
			c.Why = fmt.Sprintf("checkbox items that carry task ids (%d of %d, the first %q): each is a tracked unit of work", ids, total, example)
		}
		add(c)
	}
}

// setupHeading reports a section of what a reader sets up before the work
// ("Environment setup", "Prerequisites", "Installation").
func setupHeading(text string) bool {
	return hasAnyWord(text, []string{"setup", "set-up", "environment", "prerequisites", "installation", "install"})
}

// checklistUnderWay reports a document titled as a checklist ("Betrieb
// Hardening Checklist") with two ticked boxes or more and one open: its
// boxes are the work being done, whatever heading ("## Quality Gates")
// holds them. A checklist to copy for each change has every box open.
func (b *builder) checklistUnderWay(doc ast.Node) bool {
	if t, ok := b.sourceTitle(); !ok || !checklistTitle(t) {
		return false
	}
	// A sample box in a fence is none; one tick may be a legend's
	// ("- [x] checked").
	checked, unchecked := b.boxTotals(doc)
	return checked >= 2 && unchecked > 0
}

// oneUnitsList reports a section whose numbered items all stand in at
// most half of the three or more phase or unit headings under it ("## 2.
// Milestones" over "### M0" .. "### M5", "### M4" with its "Cost
// controls"): those headings' lists, not the section's work. at is the
// section's index in secs.
func oneUnitsList(secs []sectionItems, at int) bool {
	sec := &secs[at]
	if sec.shapedSubs == 0 || sec.shapedOrdered != sec.ordered {
		return false
	}
	shaped := 0
	for k := at + 1; k < len(secs) && secs[k].head.Level > sec.head.Level; k++ {
		if readShape(secs[k].text).kind != shapeOther {
			shaped++
		}
	}
	return shaped >= 3 && 2*sec.shapedSubs <= shaped
}

// sectionIndex is the index in secs of the section headed by h.
func sectionIndex(secs []sectionItems, h *ast.Heading) int {
	for i := range secs {
		if secs[i].head == h {
			return i
		}
	}
	return -1
}

// phasesAfterBoxes reports a plan whose phase headings hold no checkbox
// and all come after every section that holds one.
func phasesAfterBoxes(secs []sectionItems) bool {
	seen := false
	for _, sec := range secs {
		phase := readShape(sec.text).kind == shapePhase
		switch {
		case phase && sec.boxes > 0:
			return false
		case phase:
			seen = true
		case seen && sec.boxes > 0:
			return false
		}
	}
	return seen
}

// phaseBoxCount counts the checkbox items under phase headings.
func phaseBoxCount(secs []sectionItems) int {
	n := 0
	for _, sec := range secs {
		if readShape(sec.text).kind == shapePhase {
			n += sec.boxes
		}
	}
	return n
}

// statusHeads reports whether half of the pick's unit headings or more
// carry a Status field of their own ("### 1.1 Enhanced Task Creation" over
// "**Status:** 🔴 Not Started" and its task boxes) or a status mark in
// their text: each heading is tracked as one unit, its boxes its tasks.
func (b *builder) statusHeads(secs []sectionItems, pick *Candidate) bool {
	n := 0
	for _, sec := range secs {
		if sec.head.Level != pick.level || !numberedHead(sec.text) {
			continue
		}
		// "#### 1.1 Test-First: Exception classes ✅ COMPLETED": a mark
		// in the heading tracks it as a Status field would.
		if skip, done, progress, _ := headingMarkers(sec.text); skip != "" || done != "" || progress != "" || b.sectionHasStatus(sec.head) {
			n++
		}
	}
	return n > 0 && 2*n >= pick.Units
}

// repeatedSections proposes the plain bullets of a subsection that every
// theme of a roadmap repeats ("### Key Features" under "## SDK
// Development", "## Sandbox Environment", ...), three times or more at
// one level: the work, where "### Benefits" beside it says why. Named for
// features, tasks or deliverables, it beats the sections themselves;
// else it is listed, for a person to declare.
func (b *builder) repeatedSections(doc ast.Node, add func(*Candidate)) {
	secs := b.sectionItems(doc)
	// The sections with bullets and no box, sorted by level and title:
	// runs of one title are the repeated sections. Sorting indexes costs
	// no allocation a section, as a map of titles would.
	var idx []int
	for i, sec := range secs {
		if sec.head.Level >= 2 && sec.bullets > 0 && sec.boxes == 0 {
			idx = append(idx, i)
		}
	}
	// Stable: a run keeps its sections in the document's order.
	slices.SortStableFunc(idx, func(x, y int) int {
		return cmp.Or(cmp.Compare(secs[x].head.Level, secs[y].head.Level), strings.Compare(secs[x].text, secs[y].text))
	})
	var runs [][]int
	for start := 0; start < len(idx); {
		end := start + 1
		for end < len(idx) && secs[idx[end]].head.Level == secs[idx[start]].head.Level && secs[idx[end]].text == secs[idx[start]].text {
			end++
		}
		if end-start >= 3 {
			runs = append(runs, idx[start:end])
		}
		start = end
	}
	// In the order the document first names them.
	slices.SortFunc(runs, func(x, y []int) int { return cmp.Compare(x[0], y[0]) })
	for _, run := range runs {
		g := secs[run[0]]
		n := 0
		for _, i := range run {
			n += secs[i].bullets
		}
		bullet := itemPattern{bullet: true}
		under := strings.Repeat("#", g.head.Level) + " " + g.text
		c := &Candidate{Name: "items", Description: fmt.Sprintf("units are the bullets under each %q", g.text),
			Units: n, First: []int{g.firstBullet}, Score: scoreHint,
			Declare: fmt.Sprintf("units: %q", "- {title} under "+under),
			Why:     fmt.Sprintf("the bullets of a section that %d sections repeat", len(run))}
		if hasAnyWord(g.text, []string{"key features", "planned features", "tasks", "deliverables", "work items", "to do", "todo"}) {
			c.Score, c.Why = scoreSection, fmt.Sprintf("the bullets of a section of the work (%q) that %d sections repeat", g.text, len(run))
		}
		cfg := shapeConfig{items: &bullet, under: g.text, phaseLevel: -1, name: c.Description}
		c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
		add(c)
	}
}

// numberedHead reports whether a heading's first word, its marks left
// out, holds a digit: "1. Setup", "✅ P0.1: File Extension Support".
func numberedHead(text string) bool {
	first, _, _ := strings.Cut(strings.TrimLeftFunc(text, decoration), " ")
	return strings.ContainsAny(first, "0123456789")
}

// topBoxes counts the boxes of the sections' own lists, their sub-items
// left out.
func topBoxes(secs []sectionItems) int {
	n := 0
	for _, sec := range secs {
		n += sec.ownBoxes
	}
	return n
}

// numberedBelow reports whether a heading deeper than level opens with
// a number ("#### 1.1.1 Remove the provider").
func numberedBelow(secs []sectionItems, level int) bool {
	return slices.ContainsFunc(secs, func(sec sectionItems) bool { return sec.head.Level > level && numberedHead(sec.text) })
}

// allBoxes counts the document's checkboxes, sub-items too, as
// countBoxes counts a section's.
func (b *builder) allBoxes(doc ast.Node) int {
	checked, unchecked := b.boxTotals(doc)
	return checked + unchecked
}

// outlineHeadings reports whether the walker's pick is headings that
// carry a number and no word ("### 1.1 Validation"), or a word of time
// ("### Week 2: Caching"): an outline's or a schedule's, where a Task,
// Story or Sprint heading names one piece of work.
func outlineHeadings(pick *Candidate) bool {
	if pick == nil || pick.Name != "headings" {
		return false
	}
	pat, ok := strings.CutPrefix(pick.Declare, `units: "`)
	word, _, found := strings.Cut(strings.TrimLeft(pat, "# "), "{n}")
	if !ok || !found {
		return false
	}
	word = strings.ToLower(strings.TrimSpace(word))
	return word == "" || timeWords[word]
}

// timeWords name the spans a schedule's headings count: "Week 2", "第3周".
var timeWords = map[string]bool{"week": true, "weeks": true, "day": true, "days": true, "month": true, "quarter": true,
	"woche": true, "tag": true, "monat": true, "semana": true, "día": true, "dia": true, "mes": true, "mês": true,
	"semaine": true, "jour": true, "mois": true, "settimana": true, "giorno": true, "mese": true,
	"неделя": true, "день": true, "месяц": true, "第": true, "周": true, "週": true, "주": true, "주차": true}

// numberedWorkSection reports a numbered section of a document that holds
// its work ("## 16. 实施顺序", "## 6. Priorità pratiche"); not the next
// steps or deliverables a design or an RFC closes with ("## 7. Next
// Steps", "## 12. Deliverables").
func numberedWorkSection(text string) bool {
	h := normalHeading(text)
	return workSection(text) && !nextStepsHeading(text) && h != "deliverables" && !strings.HasPrefix(h, "deliverables ")
}

// todoHeading reports a heading that names a to-do list: "TODO", "To
// do", "待办事项".
func todoHeading(text string) bool {
	switch normalHeading(text) {
	case "todo", "todos", "to do", "to-do", "to dos", "to-dos", "待办", "待办事项", "待辦", "待辦事項", "やること", "todoリスト", "할 일", "할일":
		return true
	}
	return false
}

// titleUnit reports whether the walker's pick is one level-1 unit
// heading: the document's title ("# Sprint 1 — Foundation Runtime"),
// which names the whole of it, not one unit of its work.
func titleUnit(pick *Candidate) bool {
	return pick != nil && pick.Name == "headings" && pick.Units == 1 && pick.level == 1
}

// phaseBoxes counts the boxes written in the phase sections when the
// walker's pick is the phases and they hold two boxes each or more:
// "## Phase 2: Catalog" over "- [ ] Import the SKUs" is phases whose
// boxes are the work, and so is a phase's "### Tasks" list, or its
// "### Before submitting" and "### After acceptance"; and so are groups
// of the same work at the phases' level ("## Completado" before "## Fase
// 3A", "#### Infrastructure & DevOps" among "#### Phase 16"), which
// groups reports. Boxes under a phase's numbered subheadings ("### 1.1
// Create the branch") belong to those, and boxes under its criteria ("###
// Acceptance Criteria") are checks.
func phaseBoxes(secs []sectionItems, pick *Candidate) (n int, groups map[*ast.Heading]bool) {
	if pick == nil || pick.Name != "phases" || pick.Units <= 0 {
		return 0, nil
	}
	// The headings the phases stand under: a group of the same work
	// stands under one of them too.
	parents := map[*ast.Heading]bool{}
	parentOf := make([]*ast.Heading, len(secs))
	var stack []*ast.Heading
	last := 0 // the last phase's section
	for i, sec := range secs {
		for len(stack) > 0 && stack[len(stack)-1].Level >= sec.head.Level {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			parentOf[i] = stack[len(stack)-1]
		}
		stack = append(stack, sec.head)
		if sec.head.Level == pick.level && readShape(sec.text).kind == shapePhase {
			parents[parentOf[i]] = true
			last = i
		}
	}
	inPhase, inGroup := false, false
	for i, sec := range secs {
		switch {
		case sec.head.Level <= pick.level:
			inPhase = sec.head.Level == pick.level && readShape(sec.text).kind == shapePhase
			// After the last phase, only in a section that holds phases
			// ("### Low Priority Tasks"): at the document's top, what
			// follows the phases is its appendix ("## Edge Cases to
			// Handle", "## Technical Requirements").
			inGroup = sec.head.Level == pick.level && parents[parentOf[i]] && sideGroup(sec.text) &&
				(i < last || parentOf[i] != nil && parentOf[i].Level >= 2 || taskGroupTitle(sec.text))
			switch {
			case inPhase:
				n += sec.ownBoxes
			case inGroup:
				n += sec.ownBoxes
				if groups == nil {
					groups = map[*ast.Heading]bool{}
				}
				groups[sec.head] = true
			}
		case (inPhase || inGroup) && readShape(sec.text).kind == shapeOther && !criteriaHeading(sec.text) && !numberedHead(sec.text) && (pick.Units >= 2 || workSection(sec.text)):
			// "### 任务清单" (task list), "### Before submitting"; in a
			// document whose one phase is its title ("# Phase 2 -
			// Stabilité ✅ TERMINÉE", a report), only a work section;
			// "### Core (Fundamentos)" under "## Completado".
			n += sec.ownBoxes
		}
	}
	if n < 2*pick.Units {
		return 0, nil
	}
	// "## Completed Tasks ✅" over "### Phase 1..3", then "## Pending
	// Tasks" over "### Data Structure Refactoring" and seven more groups
	// of boxes: where more boxes stand outside the phases than in them,
	// every heading at the phases' level that holds boxes is a group of
	// the work, read as a phase, criteria aside.
	stray, strayGroups := 0, map[*ast.Heading]bool{}
	textOf := make(map[*ast.Heading]string, len(secs))
	for _, sec := range secs {
		textOf[sec.head] = sec.text
	}
	inPhase = false
	var at *ast.Heading
	for i, sec := range secs {
		if sec.head.Level <= pick.level {
			inPhase = sec.head.Level == pick.level && (readShape(sec.text).kind == shapePhase || groups[sec.head])
			at = nil
			// A group of work ("## Immediate Active Work", "###
			// Testing & Validation" under "## Pending Tasks"), not the
			// plan's measures or a checklist restating its deliverables
			// ("## Success Metrics", "## Deliverables Checklist").
			open := parentOf[i] != nil && parentOf[i].Level >= 2 && sectionState(textOf[parentOf[i]]) == StatusOpen
			if sec.head.Level == pick.level && !inPhase && !criteriaHeading(sec.text) && (open || sideGroup(sec.text) && !hasAnyWord(sec.text, []string{"checklist"})) {
				at = sec.head
			}
		}
		if !inPhase && at != nil && !criteriaHeading(sec.text) {
			stray += sec.ownBoxes
			if sec.ownBoxes > 0 {
				strayGroups[at] = true
			}
		}
	}
	if stray > n {
		if groups == nil {
			groups = map[*ast.Heading]bool{}
		}
		for h := range strayGroups {
			groups[h] = true
		}
		n += stray
	}
	return n, groups
}

// sideGroup reports whether a heading beside the phases, at their level,
// can name a group of the same work ("Completado", "Infrastructure &
// DevOps"): not criteria, metrics, a numbered or design section, or a
// time to come ("Future Enhancements").
func sideGroup(text string) bool {
	return readShape(text).kind == shapeOther && !criteriaHeading(text) && !numberedHead(text) && !designSection(text) && !horizonTitle(text) &&
		!hasAnyWord(text, []string{"metrics", "kpis", "kpi", "success", "testing", "tests", "risks", "ideas"}) && sectionState(text) != statusSkipped
}

// taskGroupTitle reports a heading that names a group of tasks ("##
// 持續維護任務", "## Maintenance Tasks"): after the last phase, more of
// the work, not an appendix.
func taskGroupTitle(text string) bool {
	return hasAnyWord(text, []string{"tasks", "tareas", "tâches", "tarefas", "aufgaben", "задачи"}) || containsAny(text, []string{"任務", "任务", "タスク", "작업"})
}

// boldLabels proposes the paragraphs that open with a bold unit label
// ("**Task 1.1:** Create the types", "**T4: Adapter**") as the units, when
// the walker did not take them itself and each id is written once. Twice
// or more as many as
// the unit headings over them, they are the finer units: a sprint plan's
// weeks and days hold its tasks.
func (b *builder) boldLabels(doc ast.Node, pick *Candidate, add func(*Candidate)) {
	if pick != nil && pick.Name == "bold" {
		return
	}
	var lines []int
	var first shape
	whole := false
	seen := map[string]bool{}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		par, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		sh, ok := b.boldUnit(par)
		if !ok {
			continue
		}
		if seen[sh.id] {
			// "**Step 1:**" again under the next task: the steps of
			// units, numbered afresh in each, not units.
			return
		}
		seen[sh.id] = true
		if len(lines) == 0 {
			first = sh
			em := par.FirstChild().(*ast.Emphasis)
			whole = em.NextSibling() == nil || strings.TrimSpace(plainText(em, b.src)) == strings.TrimSpace(b.trimmedText(par))
		}
		lines = append(lines, b.p.Position(b.blockStart(par)).Line)
	}
	if len(lines) < 3 {
		return
	}
	declare := fmt.Sprintf("units: %q", "**"+first.word+" {n}:** {title}")
	if whole {
		declare = fmt.Sprintf("units: %q", "**"+first.word+" {n}: {title}**")
	}
	c := &Candidate{Name: "bold", Description: "units are the paragraphs that open with a bold unit label (\"**" + first.word + " 1.1:** Title\")",
		Units: len(lines), First: firstOf(lines), Declare: declare, Score: scoreHeadings,
		Why: "paragraphs that open with a bold unit label and an id"}
	if pick != nil && pick.Name == "headings" && pick.Units > 0 && (len(lines) >= 2*pick.Units || spanPick(pick) && len(lines) > pick.Units) {
		c.Score = scoreItemsIn
		c.Why = fmt.Sprintf("bold unit labels with ids, %d of them against %d unit headings over them: the finer units", len(lines), pick.Units)
	}
	cfg := shapeConfig{units: noUnits, labels: modeBold, name: c.Description}
	c.read = func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }
	add(c)
}

// spanPick reports a heading reading whose units name days or weeks
// ("#### Day 1-2: Types"): bold task labels under them are finer units.
func spanPick(c *Candidate) bool {
	d := strings.ToLower(c.Declare)
	for _, w := range spanWords {
		if strings.Contains(d, " "+w+" {n}") {
			return true
		}
	}
	return false
}

// sameNamed folds the sections of one name and level into the first of
// them, their items counted together: a phase plan's "### Tasks" under
// each phase is one list of work, read by one declared line.
func sameNamed(secs []sectionItems) []sectionItems {
	out := make([]sectionItems, 0, len(secs))
	type name struct {
		level int
		text  string
	}
	at := map[name]int{}
	for _, sec := range secs {
		key := name{sec.head.Level, strings.ToLower(sec.text)}
		i, ok := at[key]
		if !ok {
			at[key] = len(out)
			out = append(out, sec)
			continue
		}
		m := &out[i]
		if m.boxes == 0 {
			m.firstBox = sec.firstBox
		}
		if m.ordered == 0 {
			m.firstOrdered = sec.firstOrdered
		}
		m.boxes += sec.boxes
		m.ordered += sec.ordered
	}
	return out
}

// taskID is a task id opening an item: "[SETUP-001]", "MIG3-002:",
// "TN-12 -", a tracker's key written with a dash before its number.
var taskID = lazyMustCompile(`^\[?([A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d+[a-z]?)\]?(?:[\s:.]|$)`)

// taskIDBoxes counts the checkbox items, at any depth, that open with a
// task id, with the first id.
func (b *builder) taskIDBoxes(doc ast.Node) (int, string) {
	n, first := 0, ""
	_ = ast.Walk(doc, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if it, ok := c.(*ast.ListItem); ok && entering {
			if t, ok := b.readItemText(it); ok && t.box {
				if m := taskID.FindStringSubmatch(t.text); m != nil {
					if n == 0 {
						first = m[1]
					}
					n++
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return n, first
}

// scoreBullets is the reading of a backlog's plain bullets; scoreHint the
// same reading in a document that does not say it is a backlog: listed, so
// a person can declare it, never taken by itself.
const (
	scoreBullets = 340 // over a checklist's sections (scoreSections)
	scoreHint    = 90
)

// bulletItems proposes the plain bullet items of the document's top-level
// lists ("- make bigger worlds") as its units: the reading of a backlog or
// idea list that has no checkbox, number or unit word. When the title says
// the document is a backlog, a list of ideas or a wishlist it beats the
// sections that group the bullets; so it does in a roadmap, when nothing
// but those sections reads the plan (best is the best other score). Else,
// when no reading stronger than those sections reads the plan, it is a
// reading to declare, listed among the others. The bullets of a
// section of non-goals ("## Explizit nicht geplant") are skipped units.
func (b *builder) bulletItems(doc ast.Node, add func(*Candidate), best int) {
	n, first := 0, 0
	title, secLevel := "", 2
	usage := b.usageLists(doc)
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 && title == "" {
			title = b.trimmedText(h)
		}
		l, ok := c.(*ast.List)
		if !ok || l.IsOrdered() || usage[c] {
			// "## Format" over "- Keep each entry 3–5 lines": how the
			// list is kept, not its items.
			continue
		}
		b.countBullets(l, &n, &first)
	}
	if n < 3 && !(n >= 1 && todoHeading(title)) {
		// "# TODO" over "* Dynamic RTT discovery" and "* Dynamic MTU
		// discovery": a to-do file of two items is a to-do file still.
		return
	}
	if title == "" {
		// "## Roadmap" over "### For 2.3:": with no "# " title, a lone
		// heading over the others titles the document.
		title, secLevel = b.loneTop(doc)
	}
	c := &Candidate{Name: "items", Description: "units are the plain bullet items of the document's lists", Units: n, First: []int{first},
		Declare: `units: "- {title}"`, Score: scoreHint, Why: "the plain bullet items, in a document that does not say it is a backlog",
		read: bulletReader(nil, "", "units are the list items \"- {title}\"")}
	switch {
	case hasAnyWord(title, []string{"backlog", "ideas", "wishlist"}) ||
		// "# Tarefas" over "## Alta prioridade": a title that is only
		// the word for tasks names a list of them.
		taskListTitles[normalHeading(title)] && !hasCheckbox(b.src) ||
		// "# pola To-Do List" over plain bullets: with checkboxes, they
		// are the items and the bullets their notes.
		hasAnyWord(title, []string{"to-do list", "todo list", "todo-list"}) && !hasCheckbox(b.src) ||
		// "# TODO for RFC007", "VERSION 2.0 TODO", a TODO.md with no
		// title: a to-do file of plain bullets, unless its sections are
		// a command's or a README's ("# TODO Command" over "## Quick
		// Start").
		best <= scoreNone && !hasCheckbox(b.src) && b.todoFile(doc, title):
		// Its sections are areas, its bullets the items.
		c.Score, c.Why = scoreBullets, fmt.Sprintf("the plain bullet items of a document titled %q", title)
	case best <= scoreSections && roadmapTitle(title) && b.horizonSections(doc, secLevel):
		// A roadmap's sections are its horizons ("## v0.2.0", "##
		// Later"), its bullets the work; where they name features
		// ("## Trading System") the sections are the units.
		c.Score, c.Why = scoreBullets, fmt.Sprintf("the plain bullet items of a roadmap (%q) whose sections are its horizons, with no unit headings and no checkboxes", title)
	case best > scoreSections:
		// Where a strong reading reads the plan its bullets are its
		// text, and not worth a line of the preview.
		return
	}
	add(c)
}

// orderHeading reports a heading that names an order ("Execution order",
// "Reihenfolge"): the order of a plan's work in a document titled as a
// plan, the steps of a process anywhere else.
func orderHeading(text string) bool {
	h := strings.TrimLeft(normalHeading(text), "0123456789. ")
	if k := strings.Index(h, " ("); k > 0 {
		h = h[:k] // "3. Execution order (one change)"
	}
	switch h {
	case "execution order", "order of execution", "reihenfolge":
		return true
	}
	return false
}

// phasesHeading reports a heading that names the phases of the work
// ("## Phases"): in a document titled as a plan, with no other reading,
// its numbered items ("1. **Foundation** (15 commits) — repo, tooling")
// are the plan's phases. Where phase headings follow, they restate them.
func phasesHeading(text string) bool {
	switch strings.TrimLeft(normalHeading(text), "0123456789. ") {
	case "phases", "build phases", "the phases":
		return true
	}
	return false
}

// usageLists are the top-level lists of the sections that say how the
// document is kept: their bullets are no items.
func (b *builder) usageLists(doc ast.Node) map[ast.Node]bool {
	var out map[ast.Node]bool
	meta := false
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			// Read from the heading's line, with no text built: the
			// walk sees every heading of the plan.
			start := lineStart(b.src, max(b.blockStart(h), 0))
			meta = usageLine(b.src[start:lineEnd(b.src, start)])
		}
		if l, ok := c.(*ast.List); ok && meta && b.keepingRules(l) {
			if out == nil {
				out = map[ast.Node]bool{}
			}
			out[c] = true
		}
	}
	return out
}

// keepingRules reports a list whose items, half or more, speak of how the
// document is kept: its entries, its lines, the file ("Keep each entry
// 3–5 lines", "When implemented, remove the entry"), not of work ("Add a
// no-shadow rule").
func (b *builder) keepingRules(l *ast.List) bool {
	items, rules := 0, 0
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		items++
		if t, ok := b.readItemText(it); ok && containsAny(strings.ToLower(t.text), []string{"entry", "entries", "this file", "the file", "line", "this list", "this document"}) {
			rules++
		}
	}
	return items > 0 && 2*rules >= items
}

// usageNames title the sections that say how the document is kept, not
// what is in it: "## Format", "## How to use", "## Conventions".
var usageNames = []string{"format", "purpose", "conventions", "how to use", "how to use this file", "how to add", "how to add an item", "usage",
	"rules", "guidelines", "instructions", "legend", "entry template", "template", "entry format"}

// usageLine reports an ATX heading line whose text is one of usageNames,
// case aside ("## Format", "### How to use:").
func usageLine(line []byte) bool {
	t := bytes.TrimRight(bytes.TrimSpace(bytes.TrimLeft(bytes.TrimSpace(line), "#")), ":# ")
	for _, n := range usageNames {
		if len(t) == len(n) && bytes.EqualFold(t, []byte(n)) {
			return true
		}
	}
	return false
}

// taskListTitles are whole titles that name a list of tasks, in several
// languages; a to-do title ("TODO", "待办事项") is todoHeading's.
var taskListTitles = map[string]bool{"tasks": true, "tarefas": true, "tareas": true, "aufgaben": true, "tâches": true, "taches": true, "compiti": true,
	"задачи": true, "zadania": true, "görevler": true, "taken": true, "任务": true, "任務": true, "タスク": true, "タスク一覧": true, "작업 목록": true}

// todoFile reports a document that its title, or its file's name when it
// has no title, calls a to-do file ("TODO", "To-Do"), with no section of
// a README or a reference.
func (b *builder) todoFile(doc ast.Node, title string) bool {
	name := title
	if name == "" {
		name = fileWords(b.p.File)
	}
	if !hasAnyWord(name, []string{"todo", "to-do", "todos", "to-dos"}) || hasAnyWord(name, []string{"command", "guide", "reference", "docs", "documentation", "api", "usage"}) {
		return false
	}
	for _, k := range titleKinds {
		if hasAnyWord(name, k.words) {
			return false // "Lotus EIP-7702 Testing TODO": tests to run
		}
	}
	// A README's or a reference's sections say it is not one; a few
	// such sections among a to-do file's areas ("## Context", "##
	// Example" after "## Broker" and "## Cachers"), under a third of
	// them, are more areas.
	docs, sections := 0, 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level > 1 {
			sections++
			if docSection(normalHeading(b.trimmedText(h))) {
				docs++
			}
		}
	}
	return docs == 0 || 3*docs < sections
}

// roadmapSectionBullets proposes, in a document titled as a roadmap, the
// top-level plain bullets of its one section that names the roadmap
// itself ("## 路线图", "## Roadmap") as its units ("- P0 代码优化与瘦身"
// over its nested steps): the bullets of its other sections (an
// introduction, a definition of done, a glossary) are its text. It is
// taken when nothing but the document's sections reads it (best is the
// best other score); else it is a reading to declare.
func (b *builder) roadmapSectionBullets(doc ast.Node, add func(*Candidate), best int) {
	type section struct {
		title        string
		level, n, at int
		goals        bool
	}
	var title string
	var secs []*section
	var cur *section
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			t := b.trimmedText(h)
			switch {
			case h.Level == 1:
				if title == "" {
					title = t
				}
				cur = nil
			case cur != nil && h.Level > cur.level:
				// a heading inside the section keeps it
			case h.Level == 2 && (roadmapTitle(t) || normalHeading(t) == "roadmap"):
				cur = &section{title: t, level: 2}
				secs = append(secs, cur)
			case goalsSection(t):
				// "### 项目目标" (the project's goals) in a roadmap: the
				// goals it plans to reach are its items.
				cur = &section{title: t, level: h.Level, goals: true}
				secs = append(secs, cur)
			default:
				cur = nil
			}
			continue
		}
		l, ok := c.(*ast.List)
		if cur == nil || !ok || l.IsOrdered() {
			continue
		}
		b.countBullets(l, &cur.n, &cur.at)
	}
	if !roadmapTitle(title) || best > scoreSections {
		return
	}
	// The one roadmap section at level 2; else, with none, the goals
	// section with the most items, three or more.
	var pick *section
	roadmaps := 0
	for _, sec := range secs {
		if !sec.goals {
			roadmaps++
			pick = sec
		}
	}
	if roadmaps != 1 {
		pick = nil
		for _, sec := range secs {
			if roadmaps == 0 && sec.n >= 3 && (pick == nil || sec.n > pick.n) {
				pick = sec
			}
		}
	}
	if pick == nil || pick.n < 2 {
		return
	}
	why := fmt.Sprintf("the plain bullet items of the section %q of a roadmap (%q), with no unit headings and no checkboxes", pick.title, title)
	if pick.goals {
		why = fmt.Sprintf("the plain bullet items of the goals section %q of a roadmap (%q), with no roadmap section, unit headings or checkboxes", pick.title, title)
	}
	declare := fmt.Sprintf(`units: "- {title} under %s %s"`, strings.Repeat("#", pick.level), pick.title)
	add(&Candidate{Name: "items", Description: fmt.Sprintf("units are the plain bullet items under %q", pick.title), Units: pick.n, First: []int{pick.at},
		Declare: declare, Score: scoreBullets, Why: why,
		read: bulletReader(nil, pick.title, fmt.Sprintf("units are the plain bullet items under %q", pick.title))})
}

// goalsSection reports a section that lists a roadmap's goals ("Goals",
// "Objectives", "项目目标", "Objetivos").
func goalsSection(t string) bool {
	h := normalHeading(t)
	for _, w := range []string{"goals", "objectives", "project goals", "key goals", "main goals", "objetivos", "ziele", "objectifs", "obiettivi", "цели"} {
		if h == w {
			return true
		}
	}
	return containsAny(t, []string{"项目目标", "主要目标", "年度目标", "プロジェクト目標", "주요 목표"})
}

// countBullets adds the plain bullet items of list l (no checkbox, some
// text) to n, and sets first to the line of the first when n was 0.
func (b *builder) countBullets(l *ast.List, n, first *int) {
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if t, ok := b.readItemText(it); ok && !t.box && t.text != "" {
			if *n == 0 {
				*first = b.p.Position(b.blockStart(it)).Line
			}
			*n++
		}
	}
}

// horizonSections reports whether at least half of doc's level-2
// sections name a horizon of a roadmap: a version ("v0.2.0", "Carried
// over from v0.1.x"), a time ("Later", "Near term", "Q3 2026"), a status
// ("Done", "In progress") or things the plan will not do.
func (b *builder) horizonSections(doc ast.Node, level int) bool {
	n, horizons := 0, 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level != level {
			continue
		}
		n++
		t := b.trimmedText(h)
		if horizonTitle(t) || sectionState(t) != "" {
			horizons++
		}
	}
	return n > 0 && horizons*2 >= n
}

// loneTop returns, for a document with no "# " title, the text of its
// first heading when no other heading shares its level, and the level
// below it, where the sections are; "" and 2 when there is none.
func (b *builder) loneTop(doc ast.Node) (string, int) {
	var top *ast.Heading
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		switch {
		case !ok:
		case top == nil:
			top = h
		case h.Level <= top.Level:
			return "", 2
		}
	}
	if top == nil {
		return "", 2
	}
	return b.trimmedText(top), top.Level + 1
}

// horizonWords name a time in a roadmap's section titles.
var horizonWords = []string{"now", "next", "later", "soon", "future", "near term", "near-term", "mid term", "mid-term", "long term",
	"long-term", "short term", "short-term", "upcoming", "someday", "eventually", "später", "nächste", "demnächst", "zukunft", "prochain",
	"prochainement", "plus tard", "futur", "próximo", "próximos", "después", "futuro", "depois", "позже", "далее", "будущ", "ближайшее", "средний горизонт", "今後", "将来", "短期", "中期", "长期", "長期", "향후", "나중",
	"medium term", "medium-term", "coming soon", "próximamente", "corto plazo", "mediano plazo", "medio plazo", "largo plazo",
	"curto prazo", "médio prazo", "longo prazo", "court terme", "moyen terme", "long terme", "kurzfristig", "mittelfristig",
	"langfristig", "longer term", "longer-term", "近期", "远期", "下一阶段", "下个阶段", "下阶段", "更长期", "更远期", "近い将来", "中長期", "단기", "중기", "장기"}

// roadmapVersion finds a version, a quarter or a half year in a section
// title: "v0.2", "1.4.0", "Q3", "2023 H1".
var roadmapVersion = lazyMustCompile(`(?i)(^|[^\w.])(v\d+(\.[\dx]+)*|\d+\.\d+(\.[\dx]+)?|q[1-4]|h[12])([^\w]|$)`)

func horizonTitle(t string) bool {
	return hasAnyWord(t, horizonWords) || roadmapVersion.MatchString(t)
}

// roadmapTitle reports a title that calls the document a roadmap.
func roadmapTitle(title string) bool {
	return hasAnyWord(title, []string{"roadmap", "road map", "hoja de ruta", "feuille de route", "fahrplan", "roteiro", "дорожная карта", "로드맵"}) ||
		containsAny(title, []string{"路线图", "ロードマップ"})
}

// bulletReader reads plain bullet items as units (under a section, when
// under is set); a bullet in a section of non-goals is a skipped unit.
func bulletReader(p *itemPattern, under, name string) func(*builder, ast.Node) bool {
	if p == nil {
		p = &itemPattern{bullet: true}
	}
	return func(b *builder, doc ast.Node) bool {
		aside := b.asideSpans(doc)
		done := b.doneSpans(doc)
		cfg := shapeConfig{items: p, under: under, name: name, skipLists: b.usageLists(doc)}
		if under != "" {
			cfg.phaseLevel = -1
		}
		if len(aside) > 0 || len(done) > 0 {
			cfg.unit = func(b *builder, s *Sprint, _ *shapeHead, _ []ast.Node) {
				for _, sp := range aside {
					if sp.start <= s.Heading.Start && s.Heading.Start < sp.end && !s.Skipped {
						s.Skipped, s.SkipReason = true, fmt.Sprintf("under %q, a section of things the plan will not do", sp.title)
					}
				}
				for _, sp := range done {
					if sp.start <= s.Heading.Start && s.Heading.Start < sp.end && !s.Skipped && !s.Status.Set() {
						// "## 已完成" over "- HTTP/2 (`a1b2c3`)": the
						// section says its bullets are done.
						s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
					}
				}
			}
		}
		return b.runShapesWith(doc, cfg)
	}
}

// doneHeading reports a heading whose whole text says its work is done:
// a board's column ("## Done", "## ✅ Completed") or a status word alone
// ("## 已完成", "## 完了").
func doneHeading(text string) bool {
	if st, ok := kanbanHeading(text); ok {
		return st == StatusClosed
	}
	w := strings.TrimFunc(text, func(r rune) bool { return !unicode.IsLetter(r) })
	if w == "" || utf8.RuneCountInString(w) > 4 || !hasCJK(w) {
		return false
	}
	r := readStatus(w)
	return r.known && r.status == StatusClosed
}

// asideSpan is a section whose title says how all its work stands ("##
// Out of scope", "## Done"), by offsets.
type asideSpan struct {
	start, end int
	title      string
}

// asideSpans finds the sections whose titles say the plan will not do
// their work.
func (b *builder) asideSpans(doc ast.Node) []asideSpan {
	return b.sectionSpans(doc, func(t string) bool {
		return sectionState(t) == statusSkipped && (containsAny(strings.ToLower(t), asideSections) || slices.Contains(asideTitles, normalHeading(t)))
	})
}

// doneSpans finds the sections whose whole titles say their work is done
// ("## 已完成", "## Completed", "## ✅ Done").
func (b *builder) doneSpans(doc ast.Node) []asideSpan {
	return b.sectionSpans(doc, doneHeading)
}

// sectionSpans finds the sections below the title whose headings' text
// is one of those titled says: each runs to the next heading of its level
// or above.
func (b *builder) sectionSpans(doc ast.Node, titled func(string) bool) []asideSpan {
	var out []asideSpan
	open := -1
	level := 0
	seen := false // a heading before: a later "# Non-TODOs" or "# Done" is a section, not the title
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok {
			continue
		}
		if open >= 0 && h.Level <= level {
			out[open].end = b.blockStart(h)
			open = -1
		}
		later := seen
		seen = true
		if open < 0 && (h.Level > 1 || later) {
			if t := b.trimmedText(h); titled(t) {
				out = append(out, asideSpan{start: b.blockStart(h), end: len(b.src), title: t})
				open, level = len(out)-1, h.Level
			}
		}
	}
	return out
}

// numberedHeadings proposes, for a level whose headings are whole numbers
// in sequence ("### 1. Unify runtime", "### 2. Generate clients", ...), the
// reading whose units they are, when the plan says it is about work: its
// title names a plan, backlog or tasks, or each such heading sits in a
// section about the work. Numbered sections of a document ("## 1.
// Overview", "## 2. Goals") are not units.
func (b *builder) numberedHeadings(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	byLevel := map[int][]*shapeHead{}
	for _, r := range sc.heads {
		if r.node.Level >= 2 && r.sh.kind == shapeOther && bareNumbered(r.head.Text) {
			byLevel[r.node.Level] = append(byLevel[r.node.Level], r)
		}
	}
	title := sc.title()
	for level := 2; level <= 6; level++ {
		heads := byLevel[level]
		if len(heads) < 3 {
			continue
		}
		inWork := true
		marked, next, repeats := 0, 1, 0
		// The sections' states, where each heading's section says how its
		// work stands ("## ✅ COMPLETED FIXES", "## 🔄 REMAINING WORK").
		states := map[ast.Node]string{}
		stated, doneSec, openSec := true, false, false
		for i, r := range heads {
			t := strings.TrimLeftFunc(r.head.Text, decoration)
			id, rest, _ := itemPattern{parts: 1}.match(itemText{text: t})
			if i == 0 && id == "0" {
				full, live := headingTexts(r.node, b.src)
				if skip, done, progress, _ := headingMarkers(leadOf(r.head.Text) + " " + rest); skip != "" || done != "" || progress != "" || live != full {
					// "## 0. ~~Fix convo_miner wing assignment~~ ✓": a
					// list of work numbered from zero, its first item
					// tracked ("## 0. Overview" is a document's section).
					next = 0
				}
			}
			if id != strconv.Itoa(next) {
				if inserted(id, next-1) {
					// "3b" after "3": an item put in later.
				} else if id == strconv.Itoa(next-1) && next > 2 && repeats == 0 {
					// "### 9. Notebook editing" after "### 9. More
					// tools": one number written twice, a slip; the
					// list goes on.
					repeats++
				} else {
					// Not one sequence: sections, or two lists; one of
					// them may be the work's.
					b.numberedInWorkSection(sc, byLevel[level], add)
					heads = nil
					break
				}
			} else {
				next++
			}
			sec := b.sectionOf(sc, r)
			if findingsSection(sec) || decisionsSection(sec) || routineSection(sec) {
				// "## What we found out" over "### 1. A 0.6B model
				// memorizes"; "## Decisions to make before starting" over
				// "### 1. SwiftUI minimum macOS version".
				heads = nil
				break
			}
			inWork = inWork && workSection(sec)
			st := sectionState(sec)
			states[r.node] = st
			stated = stated && st != ""
			doneSec = doneSec || st == StatusClosed
			openSec = openSec || st == StatusOpen || st == StatusInProgress
			if skip, done, progress, _ := headingMarkers(leadOf(r.head.Text) + " " + rest); skip != "" || done != "" || progress != "" {
				marked++
			}
		}
		// Numbered headings that say how their work stands, two in three
		// or more ("✅ 4. ... — RISOLTO in 0.2.0"), are tracked work,
		// whatever the title.
		// Numbered headings under sections that say done and still to do
		// are a tracked list: each takes its section's state.
		tracked := stated && doneSec && openSec
		if heads == nil || !(inWork || tracked || planTitle(title) && !procedureTitle(title) || 3*marked >= 2*len(heads) || sc.agentPlanClose(level)) {
			continue
		}
		if sc.holdPhases(heads) {
			// "## 6. Implementation phases" over "### Phase 1 — Script
			// refactor": the numbers are the document's sections, the
			// phases in one of them its work.
			continue
		}
		lines := headLines(heads)
		pat := strings.Repeat("#", level) + " {n}. {title}"
		up, _ := readUnitPattern(pat)
		var hook func(*builder, *Sprint, *shapeHead, []ast.Node)
		if tracked {
			hook = func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
				if st := states[r.node]; !s.Status.Set() && !s.Skipped && settledState(st) {
					s.Status = Field{Value: st, Pos: s.Heading.Pos}
				}
			}
		}
		c := &Candidate{Name: "headings", Description: fmt.Sprintf("units are the level-%d numbered headings %q", level, pat[level+1:]),
			Units: len(heads), First: firstOf(lines), Declare: fmt.Sprintf("units: %q", pat), Score: scoreSection, level: level,
			Why: "headings numbered 1, 2, 3, ... in a plan about work",
			read: func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: up.headings, retag: bareRetag(level), phaseLevel: -1, unit: hook})
			}}
		if pick != nil && pick.Name == "phases" && sc.spreadOverPhases(heads) {
			// "## Fase 2" over "### 7. Title": steps numbered across the
			// whole plan, each phase holding some: the phases' units.
			c.Score, c.Why = scoreItemsIn, "headings numbered 1, 2, 3, ... across the plan, under every phase: finer units than the phases"
			c.Description += " under the phases"
			c.read = func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: up.headings, retag: bareRetag(level)})
			}
		} else if sec := b.sectionOf(sc, heads[0]); todoSection(sec) && b.groupBoxes(sc, heads) {
			// "## Todos" over "### 1. Stability" ... each holding its
			// boxes: the list says what is to do, the headings group it.
			c.Score, c.Why = scoreBoxes-10, fmt.Sprintf("headings numbered 1, 2, 3, ... under %q, each over checkbox items: they group the todo list's items, which are the work", sec)
		} else if n := b.boxesBeside(sc, heads); n >= 8 && n >= 5*len(heads) && len(heads) <= 4 {
			// "## 🚀 향후 개선 가능 영역" over "### 1. AI 고도화" ... "### 3.",
			// each a paragraph, and 27 boxes under "## ✅ 완료된 기능": a
			// few numbered ideas beside the work the plan tracks.
			c.Score, c.Why = scoreBoxes-10, fmt.Sprintf("headings numbered 1, 2, 3, ..., none holding a checkbox, beside %d checkbox items: the boxes are the work the plan tracks", n)
		} else if pick != nil && pick.Name == "phases" && sc.outsidePhases(heads) {
			// "### 1. Feature" ... "### 29. Feature" through the plan,
			// and "### Fase 1" ... "### Fase 5" holding none of them at
			// its end: the phases summarise; the numbered work is the plan.
			c.Score, c.Why = scoreOverPhases, fmt.Sprintf("headings numbered 1, 2, 3, ... outside the %d phase headings, which hold none of them: more units of work than the phases", pick.Units)
			if sub := b.dottedUnder(sc, heads, level); sub != nil {
				// "## 1. CI/CD Pipeline" over "### 1.1 Automated Testing
				// Pipeline", "### 1.2 Code Quality Checks": the numbered
				// sections group the dotted items, which are the work.
				add(sub)
			}
		}
		if sec := b.sectionOf(sc, heads[0]); inWork && !slices.ContainsFunc(heads, func(r *shapeHead) bool { return b.sectionOf(sc, r) != sec }) {
			// Numbered headings all in one section about the work, beside
			// marked ones that are not numbered.
			if m := b.markedInWorkSection(sc, sec, level, len(heads)); m != nil {
				add(m)
			}
		}
		add(c)
	}
}

// agentPlanClose reports a document that closes as a coding agent's plan
// does, with a section of the files it changes ("## Files Modified",
// "## Files to modify", "## Critical files") and one of how to verify the
// change ("## Verification"), both at level, unnumbered, after its last
// numbered section: the numbered sections before them are its steps ("##
// 1. Add Synced Books to LeaderboardEntry").
func (sc *shapeScan) agentPlanClose(level int) bool {
	files, verify := false, false
	for _, r := range sc.heads {
		if r.node.Level != level {
			continue
		}
		if bareNumbered(r.head.Text) {
			// A numbered heading after them: they do not close it.
			files, verify = false, false
			continue
		}
		switch normalHeading(r.head.Text) {
		case "files modified", "files to modify", "files to change", "critical files":
			files = true
		case "verification", "verify", "how to verify":
			verify = true
		}
	}
	return files && verify
}

// dottedUnder proposes the dotted headings one level under numbered
// headings (level), each numbered from its own ("### 1.1" under "## 1."),
// when every numbered heading holds one at least: the finer units, over
// the numbered headings' score; nil when they are not so.
func (b *builder) dottedUnder(sc *shapeScan, heads []*shapeHead, level int) *Candidate {
	var lines []int
	held := map[*shapeHead]bool{}
	var parent *shapeHead
	first := ""
	for _, r := range sc.heads {
		switch {
		case r.node.Level == level && slices.Contains(heads, r):
			parent = r
		case r.node.Level <= level:
			parent = nil
		case parent != nil && r.node.Level == level+1 && r.sh.kind == shapeBare:
			num, _, _ := itemPattern{parts: 1}.match(itemText{text: strings.TrimLeftFunc(parent.head.Text, decoration)})
			if pre, _, ok := strings.Cut(r.sh.id, "."); ok && pre == num {
				if first == "" {
					first = r.head.Text
				}
				lines = append(lines, r.head.Pos.Line)
				held[parent] = true
			}
		}
	}
	if len(held) < len(heads) || len(lines) <= len(heads) {
		return nil
	}
	d, err := readDeclaration(Declared{Line: fmt.Sprintf("units: %q", strings.Repeat("#", level+1)+" {n} {title}")})
	if err != nil {
		return nil
	}
	c := b.declaredCandidate(&d, nil)
	c.Units, c.First, c.Score = len(lines), firstOf(lines), scoreOverPhases+1
	c.Why = fmt.Sprintf("dotted headings under each of the %d numbered sections (\"%s\" under \"%s\"): finer units than the sections", len(heads), first, heads[0].head.Text)
	return c
}

// headingBlocks yields the blocks after heading h in its section: up to
// the next heading when own is set, else up to the next heading of h's
// level or above, its subsections' headings and blocks among them.
func headingBlocks(h ast.Node, own bool) iter.Seq[ast.Node] {
	level := 0
	if x, ok := h.(*ast.Heading); ok {
		level = x.Level
	}
	return func(yield func(ast.Node) bool) {
		for n := h.NextSibling(); n != nil; n = n.NextSibling() {
			if x, ok := n.(*ast.Heading); ok && (own || x.Level <= level) {
				return
			}
			if !yield(n) {
				return
			}
		}
	}
}

// numberRefRE is an item named by its number: "#1", "#13".
var numberRefRE = lazyMustCompile(`(?:^|[\s,(])#[0-9]{1,3}\b`)

// idRefRE is an item named by a dotted id of capitals: "M0.1", "T2.3".
var idRefRE = lazyMustCompile(`(?:^|[\s,(])([A-Z]{1,3}[0-9]{1,3}(?:\.[0-9]{1,3})+)\b`)

// citesBoxIDs reports a section whose numbered items, half or more, name
// by a dotted id ("Ship `M0.1` first") a checkbox item of the plan that
// opens with that id ("- [x] `M0.1` Local-only serving"): an order of the
// plan's boxes, not work of its own. A version ("TLS1.3") names no box.
func (b *builder) citesBoxIDs(sec sectionItems) bool {
	return b.halfOrderedItems(sec, func(_ int, text string) bool {
		for _, m := range idRefRE.FindAllStringSubmatch(text, 4) {
			if b.boxOpensWith(m[1]) {
				return true
			}
		}
		return false
	})
}

// boxLeadRE is what stands before a checkbox item's id on its line: the
// list marker and the box ("- [x] ", "  * [ ] ").
var boxLeadRE = lazyMustCompile(`^[ \t]*[-*+] \[[ xX]\]$`)

// boxOpensWith reports whether a checkbox item of the plan opens with id,
// bold or in code or not ("- [x] `M0.1` Local-only serving").
func (b *builder) boxOpensWith(id string) bool {
	for from := 0; ; {
		k := bytes.Index(b.src[from:], []byte(id))
		if k < 0 {
			return false
		}
		at := from + k
		from = at + len(id)
		if end := at + len(id); end < len(b.src) && (b.src[end] >= '0' && b.src[end] <= '9' || b.src[end] == '.' && end+1 < len(b.src) && b.src[end+1] >= '0' && b.src[end+1] <= '9') {
			continue // "M0.1" inside "M0.12" or "M0.1.2"
		}
		if boxLeadRE.Match(bytes.TrimRight(b.src[lineStart(b.src, at):at], " *_`")) {
			return true
		}
	}
}

// citesNumbers reports a section whose numbered lists' items, half or
// more, name other items by number ("**Sprint 1 — Quick wins:** #1, #2,
// #6").
func (b *builder) citesNumbers(sec sectionItems) bool {
	return b.halfOrderedItems(sec, func(_ int, text string) bool { return numberRefRE.MatchString(text) })
}

// halfOrderedItems reports whether half or more of the items of a
// section's own numbered lists hold, by pred (given each item's place in
// the section and its text).
func (b *builder) halfOrderedItems(sec sectionItems, pred func(i int, text string) bool) bool {
	if sec.head == nil {
		return false
	}
	items, held := 0, 0
	for x := range headingBlocks(sec.head, false) {
		l, ok := x.(*ast.List)
		if !ok || !l.IsOrdered() {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if t, ok := b.readItemText(it); ok && pred(items, t.text) {
				held++
			}
			items++
		}
	}
	return items > 0 && 2*held >= items
}

// restatesPhases reports a section whose numbered items, half or more,
// share a word with the phase heading in the same place ("1. Create
// capability system" and "## Phase 1: Capability System ✅").
func (b *builder) restatesPhases(doc ast.Node, sec sectionItems, level int) bool {
	var titles []string
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == level && b.headingKind(h) == headPhase {
			titles = append(titles, b.trimmedText(h))
		}
	}
	return b.halfOrderedItems(sec, func(i int, text string) bool { return i < len(titles) && sharesWord(text, titles[i], 4) })
}

// doneMarkedHeadings counts the headings of a level whose text marks them
// done ("## Phase 1: Capability System ✅").
func (b *builder) doneMarkedHeadings(doc ast.Node, level int) int {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == level {
			if _, done, _, _ := headingMarkers(b.trimmedText(h)); done != "" {
				n++
			}
		}
	}
	return n
}

// phaseRunRE finds a run of phases named by their word and numbers in an
// item's text ("Phases 1-4", "フェーズ5-9の完了", "阶段 2、3").
var phaseRunRE = lazyMustCompile(`(?i)(?:phases?|fases?|stages?|etapas?|阶段|階段|フェーズ|단계|фаз[аы]|этап[ыа]?)\s?[0-9]+(?:\.[0-9]+)?\s*(?:-|–|—|〜|～|~|to|through|,|、|and|&)\s*(?:phases?\s?|フェーズ)?[0-9]`)

// phaseRun reports text that names a run of phases: phaseRunRE's match,
// with no letter before the phase word and no duration after the second
// number ("Phase 1 – 2 days" is one phase and its length).
func phaseRun(text string) bool {
	for _, loc := range phaseRunRE.FindAllStringIndex(text, 4) {
		if loc[0] > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:loc[0]]); r < utf8.RuneSelf && unicode.IsLetter(r) {
				continue
			}
		}
		rest := strings.TrimLeft(strings.TrimLeft(text[loc[1]:], "0123456789"), " ")
		if w := strings.ToLower(rest); hasAnyPrefix(w, []string{"day", "week", "hour", "h ", "d ", "wk", "month", "sprint", "日", "天", "周", "週", "일", "주", "시간"}) || w == "h" || w == "d" {
			continue
		}
		return true
	}
	return false
}

// citesPhases reports a section whose numbered items, half or more, name
// a run of the plan's phases: milestones that group the phases.
func (b *builder) citesPhases(sec sectionItems) bool {
	return b.halfOrderedItems(sec, func(_ int, text string) bool { return phaseRun(text) })
}

// boldLed reports a section whose own bullet lists hold only items that
// open with their title in bold ("- **B2 — DNS forwarder.** parse the
// question"), three or more.
func (b *builder) boldLed(sec sectionItems) bool {
	return b.ownBulletsAll(sec, func(it ast.Node) bool {
		blk := it.FirstChild()
		if blk == nil {
			return false
		}
		_, ok := blk.FirstChild().(*ast.Emphasis)
		return ok
	})
}

// keyLed reports a section whose own plain bullets, three or more, each
// open with a tracker's key and a colon ("- T-02-03-01: Read submit.py").
func (b *builder) keyLed(sec sectionItems) bool {
	return b.ownBulletsAll(sec, func(it ast.Node) bool {
		t, ok := b.readItemText(it)
		return ok && !t.box && keyedItemRE.MatchString(t.text)
	})
}

// ownBulletsAll reports a section whose own bullet lists, its subsections
// left out, hold three items or more, every one of them passing pred.
func (b *builder) ownBulletsAll(sec sectionItems, pred func(it ast.Node) bool) bool {
	if sec.head == nil {
		return false
	}
	n := 0
	for x := range headingBlocks(sec.head, true) {
		l, ok := x.(*ast.List)
		if !ok || l.IsOrdered() {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			if !pred(it) {
				return false
			}
			n++
		}
	}
	return n >= 3
}

// listUnderNumberedSteps reports a section whose numbered lists all stand
// under its own headings numbered 1, 2, 3, ... (three or more, one level
// down): the lists are steps of those steps.
func (b *builder) listUnderNumberedSteps(sec sectionItems) bool {
	if sec.head == nil {
		return false
	}
	next, first := 1, 0
	for n := range headingBlocks(sec.head, false) {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level != sec.head.Level+1 {
			continue
		}
		id, _, ok := itemPattern{parts: 1}.match(itemText{text: strings.TrimLeftFunc(b.heading(h).Text, decoration)})
		if !ok || id != strconv.Itoa(next) {
			return false
		}
		if next == 1 {
			first = b.heading(h).Pos.Line
		}
		next++
	}
	return next > 3 && first < sec.firstOrdered
}

// numberedInWorkSection proposes, among numbered headings of one level
// that run in more than one sequence ("### 1." to "### 8." under "##
// Implementation Steps", "### 1." to "### 3." under "## Alternative
// Approaches Considered"), those of the one section about the work that
// numbers three or more of them 1, 2, 3, ..., declared with the section
// they stand under. They are over the numbered lists of that section
// (scoreWorkList), which stand under them.
func (b *builder) numberedInWorkSection(sc *shapeScan, heads []*shapeHead, add func(*Candidate)) {
	var found []*shapeHead
	sec := ""
	for _, r := range heads {
		s := b.sectionOf(sc, r)
		if !workSection(s) || findingsSection(s) || decisionsSection(s) {
			continue
		}
		if sec != "" && s != sec {
			return // two sections about the work: which is meant is a declaration's
		}
		sec = s
		found = append(found, r)
	}
	if len(found) < 3 {
		return
	}
	from := 1
	for i, r := range found {
		id, _, _ := itemPattern{parts: 1}.match(itemText{text: strings.TrimLeftFunc(r.head.Text, decoration)})
		if i == 0 && id == "0" && r.node.Level > 2 {
			// "### 0. 基础与基线" under "## 交付阶段" counts from 0; the
			// title's "## 0. Pre-factoring" is a document's section.
			from = 0
		}
		if id != strconv.Itoa(i+from) {
			return
		}
	}
	level := found[0].node.Level
	if c := b.markedInWorkSection(sc, sec, level, len(found)); c != nil {
		add(c)
	}
	pat := strings.Repeat("#", level) + " {n}. {title} under " + strings.Repeat("#", level-1) + " " + sec
	up, err := readUnitPattern(pat)
	if err != nil {
		return
	}
	add(&Candidate{Name: "headings", Description: fmt.Sprintf("units are the level-%d numbered headings \"{n}. {title}\" under %q", level, sec),
		Units: len(found), First: firstOf(headLines(found)), Declare: fmt.Sprintf("units: %q", pat), Score: scoreWorkList + 5, level: level,
		Why: fmt.Sprintf("headings numbered %d, %d, %d, ... under %q, a section about the work, where the level's other numbered headings count again", from, from+1, from+2, sec),
		read: func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{units: up.headings, retag: bareRetag(level), phaseLevel: -1})
		}})
}

// markedInWorkSection proposes every heading at level under the work
// section sec as a unit, when there are more of them than its numbered
// ones (numbered) and half of them or more say how their work stands:
// "## Migration Steps" over "### ✅ Pre-Migration Cleanup", "### ✅ 1.
// Initial Setup", "### ✅ Pass 4: …" and "### Pass 5: …", the numbers
// only some steps'. Its score is over the numbered
// headings'; nil when the section's headings are not so.
func (b *builder) markedInWorkSection(sc *shapeScan, sec string, level, numbered int) *Candidate {
	var all []*shapeHead
	marked := 0
	for _, r := range sc.heads {
		if r.node.Level != level || b.sectionOf(sc, r) != sec {
			continue
		}
		all = append(all, r)
		if skip, done, progress, _ := headingMarkers(r.head.Text); skip != "" || done != "" || progress != "" {
			marked++
		}
	}
	if len(all) <= numbered || 2*marked < len(all) {
		return nil
	}
	pat := strings.Repeat("#", level) + " {title} under " + strings.Repeat("#", level-1) + " " + sec
	up, err := readUnitPattern(pat)
	if err != nil {
		return nil
	}
	return &Candidate{Name: "headings", Description: fmt.Sprintf("units are the level-%d headings under %q", level, sec),
		Units: len(all), First: firstOf(headLines(all)), Declare: fmt.Sprintf("units: %q", pat), Score: scoreWorkList + 6, level: level,
		Why: fmt.Sprintf("%d headings under %q, a section about the work, %d of them marked with how their work stands; only %d are numbered", len(all), sec, marked, numbered),
		read: func(b *builder, doc ast.Node) bool {
			// As its declaration reads it.
			return b.runShapesWith(doc, shapeConfig{units: up.headings, unit: setAsideBySection(), retag: labelRetag(up)})
		}}
}

// findingsSection reports a section whose numbered headings are what a
// study or a retrospective found, not work: "What we found out", "Key
// findings", "Lessons learned".
func findingsSection(text string) bool {
	switch normalHeading(text) {
	case "findings", "key findings", "main findings", "what we found", "what we found out", "what we learned", "what we learnt",
		"lessons", "lessons learned", "lessons learnt", "key lessons", "learnings", "key learnings", "takeaways", "key takeaways",
		"observations", "insights", "key insights", "conclusions", "results":
		return true
	}
	return false
}

// routineSection reports a section of things done again and again ("##
// Common Tasks" of a runbook, "## Recipes", "## FAQ"): its numbered
// headings are how to do each, every time, not work to do once.
func routineSection(text string) bool {
	switch normalHeading(text) {
	case "common tasks", "common operations", "common workflows", "everyday tasks", "routine tasks", "recipes", "faq", "how to", "how-to", "how-tos", "troubleshooting":
		return true
	}
	return false
}

// decisionsSection reports a section of decisions or questions to settle
// ("Decisions to make before starting", "Open questions"): its numbered
// headings are choices, not work.
func decisionsSection(text string) bool {
	h := normalHeading(text)
	return strings.HasPrefix(h, "decisions") || strings.HasPrefix(h, "open decisions") || strings.HasPrefix(h, "key decisions") ||
		strings.HasPrefix(h, "open questions") || h == "questions" || strings.HasPrefix(h, "design decisions")
}

// scoreStatusFields is over numbered headings (scoreSection) and a work
// section's items (scoreWorkList), under the shapes reader's pick.
const scoreStatusFields = 520

// statusFieldHeadings proposes, in a document titled as a plan or backlog,
// every heading of the one level at which at least two in three headings
// carry a Status field of their own ("### 検索結果UI" over "- **状態**:
// 実装済み"): the headings are the units, each as its field says, and
// those with no field are open. A backlog's groups ("## 保留") sit above
// them; its numbered headings ("### 1. Quick open") are some of them.
// Where another reading of that level's headings (a roadmap's "## v2 —
// ...") already holds as many units as carry a field, it is that one's.
func (b *builder) statusFieldHeadings(sc *shapeScan, have []*Candidate, add func(*Candidate)) {
	if sc == nil {
		return
	}
	plan := planTitle(sc.title())
	// In a page titled as a plan by its front matter or file name ("May-July
	// roadmap for Linebender"), a Priority field marks a heading as work
	// as a Status field does ("### Sparse strips" over "- **Priority:**
	// High.", "- **Assigned:** …").
	prioritized := planTitle(sc.titleOrName())
	for level := 2; level <= 4; level++ {
		var lines []int
		with, stated, prio, accepted, tracked := 0, 0, 0, 0, 0
		for _, r := range sc.heads {
			if r.node.Level != level {
				continue
			}
			lines = append(lines, r.head.Pos.Line)
			if b.sectionHasStatus(r.node) || b.fieldBullet(r.node, "status") {
				with++
				stated++
				continue
			}
			if prioritized && b.fieldBullet(r.node, "priority") {
				with++
				stated++
				prio++
				continue
			}
			if b.trackedHeading(r.node) {
				// "### 1. `query` - Saved Queries" over "**Bead:**
				// `bd-258`": an item a tracker holds is work.
				with++
				stated++
				tracked++
				continue
			}
			if b.statesAcceptance(r.node) {
				// "## Fix Homebrew tap version drift" over "… Acceptance:
				// `brew install …` installs latest release.": work that
				// says when it is done.
				with++
				stated++
				accepted++
				continue
			}
			if sectionState(b.sectionOf(sc, r)) == statusSkipped {
				// "## Evaluated and Skipped" over "### GPU-Driven
				// Rendering": set aside, which says how it stands.
				stated++
			}
		}
		// A plan's title (its own, or its front matter's or file
		// name's), or five headings with a Status field: tracked work,
		// whatever the title ("# Render Improvements").
		if with < 3 || !plan && !prioritized && with < 5 || stated*3 < len(lines)*2 || slices.ContainsFunc(have, func(c *Candidate) bool { return c.level == level && c.Units >= with }) {
			continue
		}
		line := fmt.Sprintf("units: %q", strings.Repeat("#", level)+" {title}")
		d, err := readDeclaration(Declared{Line: line})
		if err != nil {
			return
		}
		c := b.declaredCandidate(&d, nil)
		c.Units, c.First, c.Score = len(lines), firstOf(lines), scoreStatusFields
		c.Why = fmt.Sprintf("%d of the %d level-%d headings carry a Status field of their own, in a plan", with, len(lines), level)
		if prio > 0 {
			c.Why = fmt.Sprintf("%d of the %d level-%d headings carry a Status or Priority field of their own, in a plan", with, len(lines), level)
		}
		switch {
		case tracked == with:
			c.Why = fmt.Sprintf("%d of the %d level-%d headings name the tracker item that holds their work (\"Bead:\", \"Issue:\")", with, len(lines), level)
		case accepted == with:
			c.Why = fmt.Sprintf("%d of the %d level-%d headings say when their work is accepted", with, len(lines), level)
		case accepted > 0:
			c.Why = fmt.Sprintf("%d of the %d level-%d headings carry a Status field or say when their work is accepted", with, len(lines), level)
		}
		if stated > with {
			c.Why = fmt.Sprintf("%d of the %d level-%d headings carry a Status field of their own and %d more stand in a section that sets them aside", with, len(lines), level, stated-with)
		}
		add(c)
		return
	}
}

// trackerFieldRE is a line that names the tracker item a piece of work is
// held in: "**Bead:** `bd-258`", "Issue: #412", "Ticket: PROJ-7".
var trackerFieldRE = lazyMustCompile(`^(?i)(?:bead|beads? id|issue|tracking issue|ticket|jira|linear)\s*[:：]\s*\S`)

// trackedHeading reports whether the first paragraph under heading h opens
// by naming the tracker item that holds its work.
func (b *builder) trackedHeading(h ast.Node) bool {
	p, ok := b.firstAfter(h).(*ast.Paragraph)
	return ok && trackerFieldRE.MatchString(plainText(p, b.src))
}

// firstAfter is the first block after heading h that is not a comment
// (the "<!-- beads-ralph: bd-12 -->" annotate writes under it); a
// "<details>" block is content, and counts.
func (b *builder) firstAfter(h ast.Node) ast.Node {
	n := h.NextSibling()
	for n != nil {
		if hb, ok := n.(*ast.HTMLBlock); !ok || !isComment(hb, b.src) {
			break
		}
		n = n.NextSibling()
	}
	return n
}

// acceptanceRE finds, at a sentence's start, the words that say when a
// piece of work is done ("Acceptance: README hero install block is
// brew-first", "Done when: …").
var acceptanceRE = lazyMustCompile(`(?i)(?:^|[.!?]\s+)(?:acceptance(?: criteria)?|done when|definition of done)\s*:`)

// statesAcceptance reports whether the section of heading h, up to the
// next heading, says when its work is done: a paragraph that states its
// acceptance, or an acceptance field in a list.
func (b *builder) statesAcceptance(h ast.Node) bool {
	for n := h.NextSibling(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			return false
		case *ast.Paragraph:
			if acceptanceRE.MatchString(plainText(n, b.src)) {
				return true
			}
		}
	}
	return b.fieldBullet(h, "acceptance criteria")
}

// fieldBullet reports whether a list item between heading h and the next
// heading opens with a field of the kind given ("status": "- **状態**:
// 実装済み").
func (b *builder) fieldBullet(h ast.Node, kind string) bool {
	for n := range headingBlocks(h, true) {
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			blk := it.FirstChild()
			if blk == nil {
				continue
			}
			if lines := paragraphLines(blk, b.src); len(lines) > 0 && len(lines[0]) > 0 {
				if f, ok := b.lineField(lines[0]); ok && sprintLabels[f.label] == kind {
					return true
				}
			}
		}
	}
	return false
}

// spreadOverPhases reports whether every one of heads stands in a phase
// section, below the phase level, and every phase holds one of them.
func (sc *shapeScan) spreadOverPhases(heads []*shapeHead) bool {
	if sc.phaseLevel == 0 {
		return false
	}
	held := map[*shapeHead]bool{}
	for _, r := range heads {
		ph := sc.in[r]
		if ph == nil || r.node.Level <= sc.phaseLevel {
			return false
		}
		held[ph] = true
	}
	for _, r := range sc.heads {
		if r.phase && !held[r] {
			return false
		}
	}
	return true
}

// todoSection reports a heading that names a list of things to do:
// "Todos (priority order)", "To-do", "Open tasks", "Backlog".
func todoSection(text string) bool {
	f := strings.FieldsFunc(normalHeading(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	if len(f) == 0 {
		return false
	}
	if f[0] == "open" && len(f) > 1 {
		f = f[1:]
	}
	switch f[0] {
	case "todo", "todos", "to-do", "to-dos", "tasks", "backlog":
		return true
	case "to":
		return len(f) > 1 && (f[1] == "do" || f[1] == "dos")
	}
	return false
}

// groupBoxes reports whether every one of heads' sections holds checkbox
// items, three or more a heading on the whole.
func (b *builder) groupBoxes(sc *shapeScan, heads []*shapeHead) bool {
	boxes := map[*ast.Heading]int{}
	for _, s := range b.sectionItems(sc.doc) {
		boxes[s.head] = s.boxes
	}
	total := 0
	for _, r := range heads {
		n := boxes[r.node]
		if n == 0 {
			return false
		}
		total += n
	}
	return total >= 3*len(heads)
}

// boxesBeside returns the checkbox items of the document when none of
// heads' sections holds one, else 0.
func (b *builder) boxesBeside(sc *shapeScan, heads []*shapeHead) int {
	for _, s := range b.sectionItems(sc.doc) {
		if s.boxes > 0 && slices.ContainsFunc(heads, func(r *shapeHead) bool { return r.node == s.head }) {
			return 0
		}
	}
	checked, unchecked := b.boxTotals(sc.doc)
	return checked + unchecked
}

// phaseWord is the word of the first phase heading, lower case ("task"
// for "## Task 1: Title"); "" when there is none.
func (sc *shapeScan) phaseWord() string {
	for _, r := range sc.heads {
		if r.phase {
			return strings.ToLower(r.sh.word)
		}
	}
	return ""
}

// title is the document's level-1 title, "" when its first heading is
// not one.
func (sc *shapeScan) title() string {
	if len(sc.heads) > 0 && sc.heads[0].node.Level == 1 {
		return sc.heads[0].head.Text
	}
	return ""
}

// templatedUnits proposes, in a plan whose dotted headings are the
// sections each unit is written in (templateSections), the headings that
// hold them as the units: "## 2. B10 – Secure APIs" over "### 2.1 What it
// is", "### 2.4 Steps to implement"; not "## 1. Big Picture Diagram",
// which holds none.
func (b *builder) templatedUnits(sc *shapeScan, heads []*shapeHead, pick *Candidate) *Candidate {
	dotted := map[*shapeHead]bool{}
	for _, r := range heads {
		dotted[r] = true
	}
	held := map[*shapeHead]bool{} // the headings right above a dotted one
	var above []*shapeHead        // the open sections, outermost first
	for _, r := range sc.heads {
		for len(above) > 0 && above[len(above)-1].node.Level >= r.node.Level {
			above = above[:len(above)-1]
		}
		if dotted[r] && len(above) > 0 && above[len(above)-1].node.Level > 1 {
			held[above[len(above)-1]] = true
		}
		above = append(above, r)
	}
	if len(held) < 2 {
		return nil
	}
	units := map[ast.Node]bool{}
	var lines []int
	level := 0
	for _, r := range sc.heads {
		if held[r] {
			units[r.node] = true
			lines = append(lines, r.head.Pos.Line)
			level = r.node.Level
		}
	}
	desc := fmt.Sprintf("units are the level-%d headings written in the same numbered sections (%q, ...)", level, cleanTitle(heads[0].sh.rest))
	cfg := headingsByPlace(units, desc, true) // "2. B10 – Secure APIs": the document's section number goes
	c := &Candidate{Name: "headings", Description: desc, Units: len(lines), First: firstOf(lines),
		Declare: "format: unit-sections", Score: scoreHeadings, level: level,
		Why:  fmt.Sprintf("%d headings each written in the same numbered sections, which repeat under each of them", len(lines)),
		read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }}
	if pick == nil || pick.Units <= 1 {
		c.Score = scoreWork
		c.Why += ", where the other reading finds one unit"
	}
	return c
}

// unitSections is the format: unit-sections reading of sc: the units
// written in the same numbered sections, at the first level whose dotted
// headings repeat their titles; nil when no level does.
func (b *builder) unitSections(sc *shapeScan) *Candidate {
	byLevel := sc.dottedByLevel()
	for level := 2; level <= 6; level++ {
		if heads := byLevel[level]; len(heads) >= 2 && templateSections(heads) {
			if c := b.templatedUnits(sc, heads, nil); c != nil {
				return c
			}
		}
	}
	return nil
}

// dottedByLevel groups, by level, the headings below the title that open
// with a dotted number and no separator ("### 2.1 What it is").
func (sc *shapeScan) dottedByLevel() map[int][]*shapeHead {
	byLevel := map[int][]*shapeHead{}
	for _, r := range sc.heads {
		if !r.phase && r.node.Level >= 2 && r.sh.kind == shapeBare && !r.sh.sep && strings.Contains(r.sh.id, ".") {
			byLevel[r.node.Level] = append(byLevel[r.node.Level], r)
		}
	}
	return byLevel
}

// templateSections reports dotted headings whose titles repeat under
// different parents, half of them or more ("### 2.1 What it is", "### 3.1
// What it is", "### 2.2 Why it matters", ...): the sections every unit
// of the document is written in, not units.
func templateSections(heads []*shapeHead) bool {
	seen := map[string]string{} // title → the first parent id
	repeated := 0
	for _, r := range heads {
		t := strings.ToLower(cleanTitle(r.sh.rest))
		if i := strings.IndexAny(t, "(（"); i > 0 {
			t = strings.TrimSpace(t[:i]) // "What “done” looks like (B10)"
		}
		major, _, _ := strings.Cut(r.sh.id, ".")
		if first, ok := seen[t]; ok && first != major {
			repeated++
		} else if !ok {
			seen[t] = major
		}
	}
	return 2*repeated >= len(heads)
}

// titleOrName is the title, or with none the front matter's title or
// what the file's name says (fileTitle).
func (sc *shapeScan) titleOrName() string {
	if t := sc.title(); t != "" {
		return t
	}
	if sc.b.fmTitle != "" {
		return sc.b.fmTitle
	}
	return fileTitle(sc.b.p.File)
}

// fileTitle is what a file's name says it is, for a document with no
// title of its own: "Projektplan.md" and "docs/ROADMAP.md" say plan and
// roadmap. A name that says nothing ("notes.md", "x.md") gives "".
func fileTitle(file string) string {
	if t := fileWords(file); planTitle(t) {
		return t
	}
	return ""
}

// fileWords is the name of file, with no folder or extension, its dashes,
// underscores and dots read as spaces ("ROADMAP_2024-q3" → "ROADMAP 2024 q3").
func fileWords(file string) string {
	base := filepath.Base(file)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' {
			return ' '
		}
		return r
	}, base)
}

// headLines are the lines of heads.
func headLines(heads []*shapeHead) []int {
	lines := make([]int, len(heads))
	for i, r := range heads {
		lines[i] = r.head.Pos.Line
	}
	return lines
}

// outsidePhases reports whether none of heads stands in a phase section,
// and they outnumber the phases.
func (sc *shapeScan) outsidePhases(heads []*shapeHead) bool {
	phases := 0
	for _, r := range sc.heads {
		if r.phase {
			phases++
		}
	}
	if phases == 0 || len(heads) <= phases {
		return false
	}
	for _, r := range heads {
		if sc.in[r] != nil {
			return false
		}
	}
	return true
}

// holdPhases reports whether a phase heading stands in the section of one
// of heads, deeper than it.
func (sc *shapeScan) holdPhases(heads []*shapeHead) bool {
	if len(heads) == 0 {
		return false
	}
	level := heads[0].node.Level
	open := false
	for _, r := range sc.heads {
		switch {
		case slices.Contains(heads, r):
			open = true
		case r.node.Level <= level:
			open = false
		case open && r.phase:
			return true
		}
	}
	return false
}

// bareRetag reads "N. Title" headings of level as bare numbered units.
func bareRetag(level int) func(*shapeHead) {
	return func(r *shapeHead) {
		if r.node.Level == level && r.sh.kind == shapeOther && bareNumbered(r.head.Text) {
			t := strings.TrimLeftFunc(r.head.Text, decoration)
			id, rest, _ := itemPattern{}.match(itemText{text: t})
			r.sh = shape{kind: shapeBare, id: id, sep: true, rest: rest, title: cleanTitle(rest), lead: leadOf(r.head.Text)}
		}
	}
}

// headingUnit reads a heading's text as a unit of a labelled pattern
// ("Milestone: Title") or of an id prefix glued to its number ("US-001:
// Title"): its id ("" for a label) and title.
func (p unitPattern) headingUnit(text string) (id, title string, ok bool) {
	_, rest, boxed := headingBox(text)
	if boxed {
		text = rest // "### [x] Merge command": the box is the unit's mark
	} else if p.boxed {
		return "", "", false
	}
	t := strings.TrimLeftFunc(text, decoration)
	if p.glued && p.word == "#" {
		// "### ✅ #5 Title": an issue's number, its "#" kept.
		t = strings.TrimLeftFunc(text, func(r rune) bool { return decoration(r) && r != '#' })
	}
	switch {
	case p.any:
		return "", t, t != ""
	case p.label != "":
		if len(t) <= len(p.label) || !strings.EqualFold(t[:len(p.label)], p.label) {
			return "", "", false
		}
		return "", strings.TrimSpace(t[len(p.label):]), strings.TrimSpace(t[len(p.label):]) != ""
	case p.glued && p.word == "{letter}":
		// "A1 · Map view": the letter's place and the number, "1.1".
		if len(t) < 3 || t[0] < 'A' || t[0] > 'Z' || t[1] < '0' || t[1] > '9' {
			return "", "", false
		}
		num, rest, ok := (unitPattern{word: t[:1], glued: true}).headingUnit(t)
		after := strings.TrimLeft(t[1:], "0123456789")
		if len(after) > 1 && after[0] >= 'A' && after[0] <= 'Z' && after[1] == ' ' {
			after = after[1:] // "K5A — Adopt ...": an item put in after K5
		}
		if lead := []rune(strings.TrimSpace(after)); !ok || strings.Contains(num, ".") || !strings.ContainsAny(string(lead[:min(len(lead), 3)]), "·—–-:.") {
			// "P0 (Must Have)": a tier, not an item; an item's id has
			// a separator after it.
			return "", "", false
		}
		return strconv.Itoa(int(t[0]-'A')+1) + "." + num, rest, true
	case p.glued:
		if len(t) <= len(p.word) || !strings.EqualFold(t[:len(p.word)], p.word) {
			return "", "", false
		}
		if !strings.HasSuffix(p.word, "-") {
			// "P0.1 Hybrid extraction": the id as a unit heading's.
			id, rest := splitShapeID(t[len(p.word):])
			rest = strings.TrimLeft(strings.TrimSpace(rest), ":.-–—·")
			// "## v1.1" among "## v1.0-rc.1 (Oct 2024)": a release named by
			// its version alone.
			return id, strings.TrimSpace(rest), id != "" && (strings.TrimSpace(rest) != "" || strings.EqualFold(p.word, "v"))
		}
		num, rest, ok := itemPattern{parts: 1}.match(itemText{text: strings.Replace(t[len(p.word):], ":", ".", 1)})
		return num, rest, ok
	}
	return "", "", false
}

// labelRetag reads the headings of a labelled or prefixed pattern as units,
// numbered by their place when they carry no id.
func labelRetag(p unitPattern) func(*shapeHead) {
	place := 0
	return func(r *shapeHead) {
		version := strings.EqualFold(p.word, "v")
		if r.node.Level < p.level && p.glued && !version {
			// "## P0 (Must Have)" over "### P0.1 Hybrid extraction": the
			// word with a whole number, above the units, is their phase.
			if id, title, ok := p.headingUnit(r.head.Text); ok && !strings.ContainsAny(id, ".-") {
				r.sh = shape{kind: shapePhase, word: strings.TrimSuffix(p.word, "-"), id: id, sep: true, rest: title, title: cleanTitle(title)}
			}
			return
		}
		if r.node.Level != p.level {
			return
		}
		id, title, ok := p.headingUnit(r.head.Text)
		if !ok {
			return
		}
		place++
		if version {
			// "## v0.2 — Styles": a release, numbered by its place and
			// titled with its version.
			title = "v" + id + " " + title
			id = ""
		}
		if id == "" {
			id = strconv.Itoa(place)
		}
		word := strings.TrimSuffix(strings.TrimSuffix(p.label, ":"), "-")
		if word == "" {
			word = strings.TrimSuffix(p.word, "-")
		}
		if word == "{letter}" {
			word = "item"
		}
		if p.any {
			word = "section"
		}
		r.sh = shape{kind: shapeUnit, word: word, id: id, sep: true, rest: title, title: cleanTitle(title), lead: leadOf(r.head.Text)}
	}
}

// wholeRun reports whether heading r, "T3 Title", stands in a run of three
// or more headings of its level with the same capitals and whole numbers
// counting up by one ("T0", "T1", "T2"): a list's items, not "P1 bugs".
func wholeRun(sc *shapeScan, r *shapeHead, word string) bool {
	num := func(h *shapeHead) (int, bool) {
		t := strings.TrimLeftFunc(h.head.Text, decoration)
		if h.node.Level != r.node.Level || !strings.HasPrefix(t, word) {
			return 0, false
		}
		d := t[len(word):]
		k := 0
		for k < len(d) && d[k] >= '0' && d[k] <= '9' {
			k++
		}
		if k == 0 || k == len(d) || d[k] != ' ' {
			return 0, false
		}
		n, err := strconv.Atoi(d[:k])
		return n, err == nil
	}
	var run []*shapeHead // the headings of one run, in order
	prev := -1
	for _, h := range sc.heads {
		n, ok := num(h)
		if !ok && h.node.Level > r.node.Level {
			continue // a heading inside an item does not break the run
		}
		if !ok || prev < 0 || n != prev+1 {
			if slices.Contains(run, r) {
				return len(run) >= 3
			}
			run, prev = nil, -1
			if !ok {
				continue
			}
		}
		run, prev = append(run, h), n
	}
	return slices.Contains(run, r) && len(run) >= 3
}

// labelGroups proposes the headings of one level that open with a unit
// word and a colon and no id ("### Milestone: Title"), or with an id of
// capitals glued to a number ("#### US-001: Title", "### T0 Title" in a
// run under a section about the work).
func (b *builder) labelGroups(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	type group struct {
		pat   string
		lines []int
		level int
		// rests are the words after a version ("Schema" of "### v4
		// Schema (Block Syntax)"): two versions that name one thing are
		// a comparison, not releases.
		rests map[string]bool
	}
	var groups []*group
	find := func(pat string, level int) *group {
		for _, g := range groups {
			if g.pat == pat {
				return g
			}
		}
		g := &group{pat: pat, level: level}
		groups = append(groups, g)
		return g
	}
	for _, r := range sc.heads {
		if r.sh.kind != shapeOther || r.node.Level < 2 || criteriaHeading(b.sectionOf(sc, r)) {
			// Not "### AC-1: Pre-RF Gate" under "## 3. Acceptance
			// Criteria": what must hold, not work.
			continue
		}
		t := strings.TrimLeftFunc(r.head.Text, decoration)
		hashes := strings.Repeat("#", r.node.Level)
		if _, rest, ok := headingBox(r.head.Text); ok && strings.TrimSpace(rest) != "" {
			// "### [x] Merge Command": a heading that carries a checkbox
			// is an item of work, ticked or not.
			g := find(hashes+" [ ] {title}", r.node.Level)
			g.lines = append(g.lines, r.head.Pos.Line)
			continue
		}
		if w, ok := labelWord(t); ok {
			g := find(hashes+" "+w+": {title}", r.node.Level)
			g.lines = append(g.lines, r.head.Pos.Line)
			continue
		}
		i := 0
		for i < len(t) && i < 6 && t[i] >= 'A' && t[i] <= 'Z' {
			i++
		}
		if i > 0 && i+1 < len(t) && t[i] == '-' && t[i+1] >= '0' && t[i+1] <= '9' {
			up := unitPattern{word: t[:i+1], glued: true}
			if _, _, ok := up.headingUnit(t); ok {
				g := find(hashes+" "+t[:i+1]+"{n}: {title}", r.node.Level)
				g.lines = append(g.lines, r.head.Pos.Line)
			}
		}
		if i > 0 && i <= 3 && i < len(t) && t[i] >= '0' && t[i] <= '9' {
			// "### P0.1 Hybrid extraction": capitals glued to a dotted
			// id, the items of a priority or milestone list; "### T0
			// 基线与契约校准" under "## Tasks": a whole number, in a
			// section about the work, numbered in order.
			up := unitPattern{word: t[:i], glued: true}
			if id, _, ok := up.headingUnit(t); ok && (strings.Contains(id, ".") || workSection(b.sectionOf(sc, r)) && wholeRun(sc, r, t[:i])) {
				g := find(hashes+" "+t[:i]+"{n} {title}", r.node.Level)
				g.lines = append(g.lines, r.head.Pos.Line)
			}
		}
		if it := strings.TrimLeftFunc(r.head.Text, func(r rune) bool { return decoration(r) && r != '#' }); len(it) > 1 && it[0] == '#' && it[1] >= '1' && it[1] <= '9' {
			// "### ✅ #5 Title bar wraps": the issues a to-do file
			// lists by their numbers.
			up := unitPattern{word: "#", glued: true}
			if _, _, ok := up.headingUnit(r.head.Text); ok {
				g := find(hashes+" #{n} {title}", r.node.Level)
				g.lines = append(g.lines, r.head.Pos.Line)
			}
		}
		if len(t) > 2 && (t[0] == 'v' || t[0] == 'V') && t[1] >= '0' && t[1] <= '9' && planTitle(sc.title()) {
			// "## v0.1 - Local demo", "### v0.2 β": the releases of a
			// roadmap (a changelog's versions are no plan's units).
			if _, title, ok := (unitPattern{word: "v", glued: true}).headingUnit(t); ok {
				g := find(hashes+" v{n} {title}", r.node.Level)
				g.lines = append(g.lines, r.head.Pos.Line)
				if g.rests == nil {
					g.rests = map[string]bool{}
				}
				word, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(title)), " ")
				g.rests[word] = true
			}
		}
		if i == 1 && len(t) > 2 && t[1] >= '0' && t[1] <= '9' {
			// "### A1 · Map view", "### B2 · Docs": a track's letter
			// glued to the item's number.
			if _, _, ok := (unitPattern{word: "{letter}", glued: true}).headingUnit(t); ok {
				g := find(hashes+" {letter}{n} {title}", r.node.Level)
				g.lines = append(g.lines, r.head.Pos.Line)
			}
		}
	}
	for _, g := range groups {
		if len(g.lines) < 2 || len(g.lines) == 2 && len(g.rests) == 1 && !g.rests[""] {
			// "### v4 Schema", "### v5 Schema": two versions of one
			// thing, compared, not two releases.
			continue
		}
		up, err := readUnitPattern(g.pat)
		if err != nil {
			continue
		}
		score, why := scoreHeadings, "headings of one level that open with an id of capitals and a number"
		desc := fmt.Sprintf("units are the level-%d headings %q", g.level, g.pat[g.level+1:])
		if up.label == "" && pick != nil && pick.Name == "headings" && sc.underEveryUnit(g.lines, g.level) {
			// "## Sprint 1" over "#### US-001: Login": each unit of the
			// pick holds stories with ids of their own.
			score, why = scoreItemsIn, "headings with ids of their own under every unit of the other reading: finer units"
		}
		if up.label == "" && pick != nil && pick.Name == "phases" && len(g.lines) > pick.Units && strings.HasSuffix(g.pat, "{n} {title}") && !strings.Contains(g.pat, " v{n} ") {
			// "## Phase 0: Quick Wins" over "### ✅ P0.1: File
			// Extension Support": ids of their own under phases with
			// no units.
			score, why = scoreItemsIn, "headings with ids of their own under phases that have no units: finer units than the phases"
		}
		if strings.Contains(g.pat, " v{n} ") {
			why = "headings that open with a version (\"v0.2 — Styles\") in a roadmap: its releases"
		}
		if strings.Contains(g.pat, " #{n} ") {
			why = "headings that open with an issue's number (\"#5 Title\"): the issues the plan lists"
		}
		if up.label != "" {
			// "### Milestone: Title": a unit word says what they are, over
			// loose checkboxes across the plan.
			score, why = scoreSection, "headings of one level that open with a unit word and a colon"
		}
		if up.boxed {
			level := 0
			for _, r := range sc.heads {
				if r.node.Level == g.level {
					level++
				}
			}
			if len(g.lines) < 3 || 3*len(g.lines) < 2*level {
				// A box or two in a heading among many without: no list
				// of work.
				continue
			}
			desc = fmt.Sprintf("units are the level-%d headings that carry a checkbox %q", g.level, g.pat[g.level+1:])
			score, why = scoreItemsIn, "headings of one level that carry a checkbox (\"### [x] Title\"): the items of work, ticked or not, over the boxes inside them"
		}
		var released func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node)
		if strings.Contains(g.pat, " v{n} ") {
			released = releasedVersions()
		}
		add(&Candidate{Name: "headings", Description: desc,
			Units: len(g.lines), First: firstOf(g.lines), Declare: fmt.Sprintf("units: %q", g.pat), Score: score, level: g.level,
			Why: why,
			read: func(b *builder, doc ast.Node) bool {
				return b.runShapesWith(doc, shapeConfig{units: up.headings, retag: labelRetag(up), name: desc, unit: released})
			}})
	}
}

// releaseStatus finds a roadmap's word on its latest release, before its
// versions: "**当前状态：v1.0 已发布。**", "Current status: v2.1 released".
var releaseStatus = lazyMustCompile(`(?i)(current status|status|当前状态|目前状态|當前狀態|現在の状態|현재 상태|estado actual|état actuel|aktueller stand)\s*[:：]\s*\**\s*v?(\d+(?:\.\d+)+)\s*(?:is\s+|has been\s+)?(released|shipped|已发布|已發布|リリース済み|출시|lanzad[oa]|publicad[oa]|veröffentlicht|publiée?)`)

// releasedVersions closes the versions of a roadmap up to the one its
// introduction says is released, each with a warning: a roadmap of
// "### v0.6 — ..." to "### v2.0 — ..." whose opening says "当前状态：v1.0
// 已发布" (heldout23 587) has shipped v0.6 to v1.0, though no heading says
// so. A version that states its own status keeps it.
func releasedVersions() func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
	found, warned, latest, line := false, false, "", 0
	return func(b *builder, s *Sprint, r *shapeHead, _ []ast.Node) {
		if !found {
			found = true
			head := b.src[:min(len(b.src), r.node.Lines().At(0).Start)]
			if m := releaseStatus.FindSubmatchIndex(head); m != nil {
				latest = string(head[m[4]:m[5]])
				line = 1 + bytes.Count(head[:m[0]], []byte("\n"))
			}
		}
		if latest == "" || s.Status.Set() || s.Skipped {
			return
		}
		v := roadmapVersion.FindStringSubmatch(r.head.Text)
		if v == nil || compareVersions(strings.TrimLeft(v[2], "vV"), latest) > 0 {
			return
		}
		s.Status = Field{Value: StatusClosed, Pos: s.Heading.Pos}
		if !warned {
			warned = true
			b.p.warnf(s.Heading.Pos, "the versions up to v%s, from %q on, are read as done: line %d says v%s is released, and none of them says how it stands", latest, s.Title, line, latest)
		}
	}
}

// compareVersions compares dotted version numbers part by part ("0.9" <
// "1.0" < "1.10"); a missing part counts as 0.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < max(len(pa), len(pb)); i++ {
		x, y := 0, 0
		if i < len(pa) {
			x, _ = strconv.Atoi(strings.TrimRight(pa[i], "xX"))
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(strings.TrimRight(pb[i], "xX"))
		}
		if x != y {
			return cmp.Compare(x, y)
		}
	}
	return 0
}

// underEveryUnit reports whether the headings at lines, of level, stand
// deeper than the units the scan picked, each in one of them, and every
// unit holds at least one.
func (sc *shapeScan) underEveryUnit(lines []int, level int) bool {
	at := map[int]bool{}
	for _, l := range lines {
		at[l] = true
	}
	var cur *shapeHead
	held := map[*shapeHead]bool{}
	units := 0
	for _, r := range sc.heads {
		switch {
		case r.unit:
			if r.node.Level >= level {
				return false
			}
			cur = r
			units++
		case cur != nil && r.node.Level <= cur.node.Level:
			cur = nil
		}
		if at[r.head.Pos.Line] {
			if cur == nil {
				return false
			}
			held[cur] = true
		}
	}
	return units >= 2 && len(held) == units
}

// labelWord reads a heading that opens with a unit word and a colon, no
// id: "Milestone: Title" gives "Milestone".
func labelWord(t string) (string, bool) {
	for _, w := range unitWords {
		if len(t) <= len(w) || !strings.EqualFold(t[:len(w)], w) {
			continue
		}
		rest := t[len(w):]
		if rest[0] == 's' || rest[0] == 'S' {
			rest = rest[1:]
		}
		if r := strings.TrimLeft(rest, " "); strings.HasPrefix(r, ":") && len(strings.TrimSpace(r[1:])) > 0 {
			return t[:len(w)], true
		}
	}
	return "", false
}

// sectionUnits proposes, for a checklist or runbook whose title names
// one, the reading whose units are its level-2 sections, when every one
// of them holds a list and none is a README's or a design's section
// ("## Rotate first" / "1. Provider keys", "## After force push" / ...).
func (b *builder) sectionUnits(doc ast.Node, sc *shapeScan, add func(*Candidate)) {
	if len(sc.heads) == 0 || sc.heads[0].node.Level != 1 || !hasAnyWord(sc.heads[0].head.Text, planWords) {
		return
	}
	var lines []int
	remarks := 0
	for _, sec := range b.sectionItems(doc) {
		if sec.head.Level != 2 {
			continue
		}
		h := normalHeading(sec.text)
		if docSection(h) {
			return
		}
		if strings.HasPrefix(h, "when to use ") || strings.HasPrefix(h, "how to use ") {
			return // "## When to Use an ExecPlan": a guide's sections
		}
		if last := h[strings.LastIndexByte(h, ' ')+1:]; slices.Contains(remarkWords, last) || slices.Contains(ruleWords, last) || strings.HasSuffix(strings.TrimSpace(sec.text), "?") {
			remarks++ // "## Roadmap Process", "## What goes on the Roadmap?"
		}
		if sec.boxes+sec.ordered == 0 && !b.sectionHasList(doc, sec.head) {
			return
		}
		lines = append(lines, b.p.Position(b.blockStart(sec.head)).Line)
	}
	if len(lines) < 2 || remarks >= 2 {
		return // "## Formatting Rules", "## Guidelines": a guide to writing plans
	}
	up := unitPattern{kind: "heading", level: 2, any: true}
	add(&Candidate{Name: "headings", Description: "units are the level-2 sections of the checklist", Units: len(lines), First: firstOf(lines),
		Declare: `units: "## {title}"`, Score: scoreSections, level: 2,
		Why: "a checklist or runbook whose every level-2 section holds a list of its steps",
		read: func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{units: up.headings, retag: labelRetag(up), phaseLevel: -1})
		}})
}

// areaUnits proposes, in a document titled as a plan, the level-3
// sections of the one level-2 section that names its features or
// priorities ("## Prioritized Features" over "### Chemistry Software
// Stack" and its bullets), when three or more of them each hold a list:
// the areas of work a release plan lists, their items the areas' tasks.
func (b *builder) areaUnits(sc *shapeScan, add func(*Candidate)) {
	if !planTitle(sc.title()) {
		return
	}
	for i, r := range sc.heads {
		if r.node.Level != 2 || !hasAnyWord(r.head.Text, areaWords) {
			continue
		}
		var lines []int
		units := map[ast.Node]bool{}
		for _, t := range sc.heads[i+1:] {
			if t.node.Level <= 2 {
				break
			}
			if t.node.Level != 3 {
				continue
			}
			if !b.sectionHasList(nil, t.node) {
				return
			}
			units[t.node] = true
			lines = append(lines, t.head.Pos.Line)
		}
		if len(lines) < 3 {
			return
		}
		cfg := headingsByPlace(units, "units are the areas of work under \""+r.head.Text+"\"", false)
		add(&Candidate{Name: "headings", Description: cfg.name, Units: len(lines), First: firstOf(lines),
			Declare: `units: "### {title} under ## ` + r.head.Text + `"`, Score: scoreSections, level: 3,
			Why:  fmt.Sprintf("%d level-3 sections under %q, each with a list of its items, in a document titled as a plan", len(lines), r.head.Text),
			read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }})
		return
	}
}

// letteredUnits proposes the headings lettered in order, one level under a
// section about the work ("## 2) Work Items" over "### A. Entrypoint
// Invocation ✅ COMPLETE", "### B. Builtin Registry"), as its units, over
// the walker's pick when they are more than its units: a sprint plan's
// work items, written with letters.
func (b *builder) letteredUnits(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	lettered := slices.ContainsFunc(sc.heads, func(r *shapeHead) bool {
		l, ok := headingLetter(r.head.Text)
		return ok && (l == 'A' || l == 'a')
	})
	if !lettered {
		return // no "### A. ..." heading: nothing to look for, at no cost
	}
	for i, r := range sc.heads {
		if !workSection(r.head.Text) {
			continue
		}
		var lines []int
		units := map[ast.Node]bool{}
		var next byte
		for _, t := range sc.heads[i+1:] {
			if t.node.Level <= r.node.Level {
				break
			}
			if t.node.Level != r.node.Level+1 {
				continue
			}
			l, ok := headingLetter(t.head.Text)
			if next == 0 && (l == 'A' || l == 'a') {
				next = l
			}
			if !ok || l != next {
				lines = nil // "### Notes" among them: no lettered list
				break
			}
			next++
			units[t.node] = true
			lines = append(lines, t.head.Pos.Line)
		}
		if len(lines) < 2 {
			continue
		}
		if b.letteredElsewhere(sc, r, units) {
			// "### A) Canary" under "## Rollout" beside "### a. Schema"
			// under "## Implementation": lettered work elsewhere too,
			// which this reading would leave out.
			return
		}
		score := scoreWorkList
		if pick == nil || pick.Units < len(lines) {
			score = scoreItemsIn
		}
		cfg := headingsByPlace(units, "units are the lettered headings under \""+r.head.Text+"\"", true)
		add(&Candidate{Name: "headings", Description: cfg.name, Units: len(lines), First: firstOf(lines),
			Declare: `units: "` + strings.Repeat("#", r.node.Level+1) + ` {title} under ` + strings.Repeat("#", r.node.Level) + " " + r.head.Text + `"`, Score: score, level: r.node.Level + 1,
			Why:  fmt.Sprintf("%d headings lettered A, B, ... under %q, a section about the work", len(lines), r.head.Text),
			read: func(b *builder, doc ast.Node) bool { return b.runShapesWith(doc, cfg) }})
		return
	}
}

// letteredElsewhere reports a lettered heading one level under r's, not
// one of units, in another section that may hold work: not an appendix,
// references, a glossary, a list of issues or a design's background
// ("## Appendix" over "### A. Glossary", "## §2. Issues by category" over
// "### A. …").
func (b *builder) letteredElsewhere(sc *shapeScan, r *shapeHead, units map[ast.Node]bool) bool {
	var sec string
	for _, t := range sc.heads {
		if t.node.Level <= r.node.Level {
			sec = t.head.Text
			continue
		}
		if _, ok := headingLetter(t.head.Text); !ok || t.node.Level != r.node.Level+1 || units[t.node] {
			continue
		}
		if !hasAnyWord(sec, appendixWords) && !hasAnyWord(sec, []string{"references", "glossary", "issues", "problems", "findings"}) && !designSection(sec) {
			return true
		}
	}
	return false
}

// appendixWords name an appendix, in the languages plans are written in.
var appendixWords = []string{"appendix", "appendices", "anhang", "apéndice", "annexe"}

// headingLetter reads the letter a heading's text opens with, as a
// lettered list writes it: "A. Title", "B) Title", "(c) Title".
func headingLetter(text string) (byte, bool) {
	t := strings.TrimLeftFunc(text, decoration)
	paren := strings.HasPrefix(t, "(")
	if paren {
		t = t[1:]
	}
	if len(t) < 4 || !(t[0] >= 'A' && t[0] <= 'Z' || t[0] >= 'a' && t[0] <= 'z') || t[2] != ' ' {
		return 0, false
	}
	if paren && t[1] != ')' || !paren && t[1] != '.' && t[1] != ')' {
		return 0, false
	}
	return t[0], true
}

// areaWords, in a level-2 heading, say its sections are the areas of work
// of a plan: "Prioritized Features", "Priorities", "Scope of work".
var areaWords = []string{"features", "prioritized features", "priorities", "workstreams", "work streams", "areas", "focus areas"}

// ruleWords, ending a section's title, say it lays down rules rather than
// steps ("Formatting Rules", "Non-Negotiable Requirements").
var ruleWords = []string{"rules", "requirements", "conventions", "standards"}

// sectionHasList reports whether a list or a fenced block of commands
// stands in the section of h.
func (b *builder) sectionHasList(doc ast.Node, h *ast.Heading) bool {
	for n := range headingBlocks(h, false) {
		if n.Kind() == ast.KindList || n.Kind() == ast.KindFencedCodeBlock {
			return true // a list of steps, or the commands to run
		}
	}
	return false
}

// hintCandidates lists, for a plan no strong reading reads, the plainest
// readings of its shape that no other candidate offers: every heading of
// one level, every checkbox item, the items of numbered lists, the plain
// bullets. Each is scored below not a plan, so it is never taken by
// itself; it is there to be declared in one line when the reading taken
// is not the one meant. One is taken: the numbered goals, titled in bold,
// of a plan-titled document with no section of its own.
func (b *builder) hintCandidates(doc ast.Node, have []*Candidate, add func(*Candidate)) {
	type tally struct {
		n     int
		first []int
	}
	var heads [5]tally
	var boxes, numbered, bullets, rows tally
	groups := 0       // boxes that only title the boxes nested under them
	boldNumbered := 0 // numbered items that open with a bold title
	count := func(t *tally, at ast.Node) {
		if t.n < 3 {
			t.first = append(t.first, b.p.Position(b.blockStart(at)).Line)
		}
		t.n++
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Heading:
			if c.Level <= 4 {
				count(&heads[c.Level], c)
			}
		case *east.Table:
			if ut, _ := b.readUnitTable(c); ut != nil {
				if rows.n == 0 {
					rows.first = []int{b.p.Position(b.rowStart(ut.rows[0])).Line}
				}
				rows.n += len(ut.rows)
			}
		case *ast.List:
			for it := c.FirstChild(); it != nil; it = it.NextSibling() {
				blk := it.FirstChild()
				if blk == nil {
					continue
				}
				_, box := blk.FirstChild().(*east.TaskCheckBox)
				switch {
				case box:
					count(&boxes, it)
					if sub, _ := b.boxGroupList(it); sub != nil {
						groups++
					}
				case c.IsOrdered():
					count(&numbered, it)
					if em, ok := blk.FirstChild().(*ast.Emphasis); ok && em.Level == 2 {
						boldNumbered++
					}
				default:
					count(&bullets, it)
				}
			}
		}
	}
	hint := func(line string, t tally, min int, what string) {
		if t.n < min || slices.ContainsFunc(have, func(c *Candidate) bool { return c.Declare == line }) {
			return
		}
		d, err := readDeclaration(Declared{Line: line})
		if err != nil {
			return
		}
		c := b.declaredCandidate(&d, nil)
		c.Units, c.First, c.Score = t.n, t.first, scoreHint
		c.Why = what + ", to declare when the reading taken is not the one meant"
		add(c)
	}
	// Rows with ids and a status first: the strongest evidence of the
	// plainest readings.
	hint("units: table rows", rows, 2, "the rows of the tables whose rows read as work")
	todoLevel := 0
	if boxes.n+numbered.n+bullets.n+rows.n == 0 && heads[1].n <= 1 && b.todoFile(doc, b.firstTitle(doc)) {
		// "# TODO" over "## Scribe summary not streamed to chat" and its
		// paragraph, "# TODOs" over "## Open" and its "### 0. Capture
		// …": a to-do file with no list, whose items are the headings of
		// the level that has most.
		for level := 2; level <= 4; level++ {
			if heads[level].n >= 3 && (todoLevel == 0 || heads[level].n > heads[todoLevel].n) {
				todoLevel = level
			}
		}
	}
	for level := 2; level <= 4; level++ {
		line := fmt.Sprintf("units: %q", strings.Repeat("#", level)+" {title}")
		if level == todoLevel && !slices.ContainsFunc(have, func(c *Candidate) bool { return c.Declare == line }) {
			if d, err := readDeclaration(Declared{Line: line}); err == nil {
				c := b.declaredCandidate(&d, nil)
				c.Units, c.First, c.Score = heads[level].n, heads[level].first, scoreBullets
				c.Why = fmt.Sprintf("the level-%d headings of a to-do file with no list: its items", level)
				c.todo = true
				add(c)
				continue
			}
		}
		hint(line, heads[level], 2, fmt.Sprintf("every level-%d heading", level))
	}
	hint(`units: "- [ ] {title}"`, boxes, 2, "every checkbox item")
	if groups > 0 {
		hint(`units: "- [ ] {title}`+topLevel+`"`, boxes, 2, "the outer checkbox items, the boxes nested under them their steps")
	}
	goals := numbered.n >= 3 && 3*boldNumbered >= 2*numbered.n && heads[1].n <= 1 && heads[2].n+heads[3].n+heads[4].n == 0 && b.planTitled() && rows.n == 0 && boxes.n == 0
	lettered := 0 // "## A. App GA" sections over numbered steps
	for _, sec := range b.sectionItems(doc) {
		if sec.head.Level == 2 && sec.ordered > 0 && letteredRE.MatchString(sec.text) {
			lettered++
		}
	}
	parts := !goals && lettered >= 2 && numbered.n >= 3 && b.planTitled() && rows.n == 0 && boxes.n == 0
	if parts {
		// "# v1.19.0 release checklist" over "## A. App GA" and "## B.
		// Rave catalog go-live", each over its numbered steps: the parts
		// of one piece of work, their steps its units.
		if d, err := readDeclaration(Declared{Line: `units: "{n}. {title}"`}); err == nil {
			c := b.declaredCandidate(&d, nil)
			c.Units, c.First, c.Score = numbered.n, numbered.first, scoreBullets
			c.Why = fmt.Sprintf("the numbered steps of a document titled as a plan, under %d lettered parts (\"## A. ...\")", lettered)
			add(c)
		}
	}
	if !goals && !parts && numbered.n >= 2 && boxes.n == 0 && rows.n == 0 && heads[2].n+heads[3].n+heads[4].n == 0 && bullets.n < numbered.n && b.todoFile(doc, b.firstTitle(doc)) {
		// "# Random TODOs as I think of them" over "1. Allow for
		// config-only agents", "2. ...": a to-do file whose only list
		// is numbered (a bullet or two beside it are notes).
		if d, err := readDeclaration(Declared{Line: `units: "{n}. {title}"`}); err == nil {
			c := b.declaredCandidate(&d, nil)
			c.Units, c.First, c.Score = numbered.n, numbered.first, scoreBullets
			c.Why = "the numbered items of a to-do file with no section and no other list"
			add(c)
			parts = true // listed once
		}
	}
	if goals {
		// "# HoloViz Roadmap" over "1. **Better Datashader
		// integration**: ..." and nothing else: a roadmap whose only
		// shape is its numbered goals, each titled in bold. Taken, not
		// only hinted: nothing else reads the document.
		if d, err := readDeclaration(Declared{Line: `units: "{n}. {title}"`}); err == nil {
			c := b.declaredCandidate(&d, nil)
			c.Units, c.First, c.Score = numbered.n, numbered.first, scoreBullets
			c.Why = fmt.Sprintf("the numbered items of a document titled as a plan with no section of its own, %d of %d opening with a bold title", boldNumbered, numbered.n)
			add(c)
		}
	} else if !parts {
		hint(`units: "{n}. {title}"`, numbered, 2, "the items of every numbered list")
	}
	hint(`units: "- {title}"`, bullets, 3, "every plain bullet item")
	// Three titles or more: a file of areas, each its own "# Area".
	hint(`units: "# {title}"`, heads[1], 3, "every level-1 heading")
}

// firstTitle is the text of doc's first level-1 heading, "" when it has
// none.
func (b *builder) firstTitle(doc ast.Node) string {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 {
			return b.trimmedText(h)
		}
	}
	return ""
}

// priorityTierRE is a section titled as a priority: "P1 — Should do
// soon", "P0 (Must Have)", "High Priority", "Priority 2".
var priorityTierRE = lazyMustCompile(`(?i)^(?:P[0-4](?:\s*[—–:(-]|$)|priority\s*[0-4]\b|(?:critical|high|medium|low)\s+priority\b)`)

// priorityTiers proposes, where the phase headings (of level) are all
// priorities ("## P1 — Should do soon", "## P2 — Should do before next
// milestone"), the headings one level below them as the units: a
// backlog's items sorted by priority, not phases of work (P1 reads as
// "Phase 1" by its letter alone). Each tier holds one item heading or
// more, three or more in all.
func (b *builder) priorityTiers(doc ast.Node, level int, add func(*Candidate)) {
	if level < 1 || level > 3 {
		return
	}
	tiers, items := 0, 0
	var lines []int
	inTier := false
	held := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		switch {
		case h.Level == level:
			if inTier && held == 0 {
				return
			}
			if !priorityTierRE.MatchString(strings.TrimLeftFunc(b.trimmedText(h), decoration)) {
				return
			}
			tiers++
			inTier, held = true, 0
		case h.Level < level:
			if inTier && held == 0 {
				return
			}
			inTier = false
		case h.Level == level+1 && inTier:
			items++
			held++
			lines = append(lines, b.p.Position(b.blockStart(h)).Line)
		}
	}
	if tiers < 2 || items < 3 || inTier && held == 0 {
		return
	}
	line := fmt.Sprintf("units: %q", strings.Repeat("#", level+1)+" {title}")
	d, err := readDeclaration(Declared{Line: line})
	if err != nil {
		return
	}
	c := b.declaredCandidate(&d, nil)
	c.Units, c.First, c.Score = items, firstOf(lines), scoreOverPhases
	c.Why = fmt.Sprintf("the headings under %d sections titled as priorities (\"P1 — ...\"): a backlog's items, not phases", tiers)
	add(c)
}

// letteredRE is a section lettered as a part: "A. App GA", "B) Go-live".
var letteredRE = lazyMustCompile(`^[A-Z][.)]\s`)

// tablesUnderUnits proposes, where every unit heading of the shapes
// reader's pick holds a table whose rows read as work ("### Sprint 1" over
// "| S1-01 | System tray | High | 🔲 Todo |"), the rows as the finer units.
func (b *builder) tablesUnderUnits(sc *shapeScan, pick *Candidate, add func(*Candidate)) {
	if pick == nil || pick.Name != "headings" || sc == nil {
		return
	}
	units, rows, first := 0, 0, 0
	for i, r := range sc.heads {
		if !r.unit {
			continue
		}
		units++
		n := 0
		end := -1
		if i+1 < len(sc.heads) {
			for _, next := range sc.heads[i+1:] {
				if next.node.Level <= r.node.Level {
					end = b.blockStart(next.node)
					break
				}
			}
		}
		for c := r.node.NextSibling(); c != nil; c = c.NextSibling() {
			if end >= 0 && b.blockStart(c) >= end {
				break
			}
			if t, ok := c.(*east.Table); ok {
				if ut, _ := b.readUnitTable(t); ut != nil {
					if first == 0 {
						first = b.p.Position(b.rowStart(ut.rows[0])).Line
					}
					n += len(ut.rows)
				}
			}
		}
		if n == 0 {
			return
		}
		rows += n
	}
	if units < 2 || rows <= units {
		return
	}
	add(&Candidate{Name: "table", Description: "units are the rows of the tables of work under each unit heading", Units: rows, First: []int{first},
		Declare: "units: table rows", Score: scoreItemsIn,
		Why: fmt.Sprintf("every one of the %d unit headings holds a table of work items with ids: %d rows, the finer units", units, rows),
		read: func(b *builder, doc ast.Node) bool {
			return b.runShapesWith(doc, shapeConfig{units: noUnits, mode: modeTable, modeSet: true})
		}})
}

// nestedSprints reports a plan that numbers its sprints in groups of
// sprints with no phase headings: "### Sprint 1: Foundation" over "####
// Sprint 1.1: Setup", "#### Sprint 1.2: Core". The dialect's reader wants
// its sprints under "## Phase N" headings; the shapes reader reads the
// outer sprints as the groups of the inner.
func (b *builder) nestedSprints(doc ast.Node) bool {
	var outer *ast.Heading
	var id string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if outer != nil && h.Level <= outer.Level {
			outer = nil
		}
		sh := readShape(b.trimmedText(h))
		if sh.kind != shapeUnit || !strings.EqualFold(singular(sh.word), "sprint") {
			continue
		}
		switch {
		case outer != nil && h.Level > outer.Level && strings.HasPrefix(sh.id, id+"."):
			return true
		case !strings.Contains(sh.id, "."):
			outer, id = h, sh.id
		}
	}
	return false
}
