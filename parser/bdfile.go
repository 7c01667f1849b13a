package parser

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"
)

// This file reads plans written for beads' own bulk create, in two shapes:
//
//   - bd's Markdown, what `bd create --file` reads: each issue a "## Title"
//     heading, its fields "### Priority", "### Type", "### Description",
//     "### Design", "### Acceptance Criteria", "### Assignee", "### Labels"
//     and "### Dependencies" sections, text before the first section its
//     description (bd v1.3.0, cmd/bd/markdown.go);
//   - its key-value cousin: each issue a heading followed by "type: task",
//     "priority: 1", "labels: a, b", "estimate: 120", "deps: KEY, …" lines
//     and a "---" line, its body the description; headings above the issue
//     level ("# Epic" over "## Issue") group issues as epics; front matter
//     may hold defaults for every issue (type, priority, labels, assignee).
//
// Both compile to the same plan model as phases and sprints: each epic (or
// the file) a phase, each issue a sprint. What bd cannot do is added:
// dependencies between issues of the one file, by key or title.

// Issue is what a unit written for bd states beyond the plan language.
type Issue struct {
	// Format is the shape the unit was read from: FormatBD or FormatKeyValue.
	Format string
	// Type is the issue type the unit states, as bd names it ("task",
	// "feature"); not set when it states none.
	Type Field
	// Assignee is the assignee the unit states.
	Assignee Field
	// Design is the unit's design text, as written.
	Design string
	// Acceptance is the unit's acceptance criteria as written (bd keeps the
	// text); Sprint.Acceptance holds its list items.
	Acceptance string
	// Estimate is the estimate in minutes; 0 when none.
	Estimate int
	// Key is the unit's own key ("id:" or "key:" line), which deps may name.
	Key string
	// External are the beads outside the file the unit's deps name
	// ("bd-a3f8e9"): its bead waits on them too.
	External []Field
}

// Epic is an epic of a file written for bd: a heading above the issues
// ("# Epic: Storage" over "## Issue" headings), or an issue whose own type
// is epic. The issues after it, up to the next epic or heading above the
// issues, are its children: its phase's sprints. It becomes a bead of type
// epic, their parent (a parent-child dependency), that no runner works.
type Epic struct {
	Title string
	// Description is the text under the heading before its first child (or
	// its first field section), as written.
	Description        string
	Design, Acceptance string
	Priority           Field // normalised: "0".."4"
	Status             Field // normalised: open, closed, in_progress, blocked
	Assignee           Field
	Labels             []string
	// Key is the epic's own key ("id:" line), which deps may name.
	Key     string
	Heading Heading
	// Annotation is the <!-- beads-ralph: ID --> line right after the
	// heading, if there is one.
	Annotation *Annotation
	// Stated is set when the epic says it is one: a "type: epic" line or
	// section, or fields of its own. An epic heading with neither children
	// nor fields stays a plain heading.
	Stated bool
}

// The shapes an Issue is read from.
const (
	FormatBD       = "bd-markdown"
	FormatKeyValue = "bd-keyvalue"
)

// bdTypes are bd v1.3.0's built-in issue types (types.AllIssueTypes), and
// beads-ralph's two, which architect's databases allow.
var bdTypes = map[string]bool{
	"bug": true, "feature": true, "task": true, "epic": true, "chore": true, "decision": true,
	"message": true, "molecule": true, "gate": true, "spike": true, "story": true, "milestone": true,
	"beads-ralph-work": true, "beads-ralph-merge": true,
}

// bdTypeAliases are the aliases bd normalises (types.IssueType.Normalize).
var bdTypeAliases = map[string]string{
	"enhancement": "feature", "feat": "feature", "dec": "decision", "adr": "decision",
	"investigation": "spike", "timebox": "spike", "user-story": "story", "user_story": "story", "ms": "milestone",
}

// bdSection names the fields of bd's "### Section" headings, lower case.
var bdSection = map[string]string{
	"priority": "priority", "type": "type", "description": "description", "design": "design",
	"acceptance criteria": "acceptance", "acceptance": "acceptance", "assignee": "assignee",
	"labels": "labels", "dependencies": "deps", "deps": "deps",
}

// kvKeys names the fields of the key-value shape's "key: value" lines.
var kvKeys = map[string]string{
	"type": "type", "issue_type": "type", "priority": "priority", "labels": "labels", "label": "labels",
	"estimate": "estimate", "estimated_minutes": "estimate", "deps": "deps", "dependencies": "deps",
	"depends_on": "deps", "blocked_by": "deps", "assignee": "assignee", "id": "key", "key": "key",
	"status": "status",
}

var kvLineRE = lazyMustCompile(`^([A-Za-z][A-Za-z_ -]{0,30}?)[ \t]*:[ \t]*(.*)$`)

// bdUnit is one issue being read, before its dependencies are resolved.
type bdUnit struct {
	s    *Sprint
	deps []bdDep
	// epic is the phase of the epic heading this unit reads the fields of;
	// nil for issues. Such a unit is never a sprint.
	epic *Phase
	// fields counts the fields the unit states.
	fields int
}

// bdDep is one name in a unit's deps, as written.
type bdDep struct {
	name string
	pos  Pos
	at   int // the offset of name
}

// readBD reads the plan as bd's Markdown or its key-value cousin when the
// file is in one of them, and reports whether it did. Front matter
// "format: bd" forces it, "format: plan" forbids it; otherwise a file in
// one of the shapes is read so when the plan reader finds no sprints in it.
func (b *builder) readBD(doc ast.Node, fm []byte) bool {
	force, fmd := b.bdFrontMatter(fm)
	if d := b.declared; d != nil {
		force = "plan"
		if d.key == "format" && d.value == "bd" {
			force = "bd"
		}
	}
	if fmd.keys["format"] {
		// format is read here, whatever the file turns out to be.
		b.dropSettingWarnings(bdDefaults{keys: map[string]bool{"format": true}})
	}
	if force == "plan" {
		return false
	}
	format, level := bdShape(doc, b.src)
	if format == "" {
		if force == "bd" {
			b.p.errorf(Pos{Line: 1, Col: 1}, "format: bd, but the file has no issues in bd's shape: want \"## Title\" headings with \"### Priority\", \"### Type\", … sections, or headings followed by \"type: task\" / \"priority: 1\" lines")
			return true
		}
		return false
	}
	if force == "" {
		// The plan reader goes first: a file with phases and sprints is a
		// plan, whatever else it holds.
		scratch := &Plan{File: b.p.File, Src: b.p.Src, Defaults: b.p.Defaults, lines: b.p.lines}
		sb := &builder{p: scratch, src: b.src, byID: map[string][]*Sprint{}, linkRefs: b.linkRefs}
		sb.run(doc)
		if len(scratch.Sprints) > 0 {
			return false
		}
	}
	b.dropSettingWarnings(fmd)
	r := &bdReader{b: b, doc: doc, fm: fmd, groups: -1, epicDeps: map[*Phase][]bdDep{}}
	if format == FormatBD {
		r.sections(doc)
	} else {
		r.keyValue(doc, level)
	}
	r.keepEpics()
	r.resolve()
	what := "bd's Markdown (the shape `bd create --file` reads)"
	if format == FormatKeyValue {
		what = "bd's key-value import shape (issues with type:/priority:/deps: lines)"
	}
	how := "front matter format: plan reads it as a plan"
	if force == "bd" {
		how = "front matter format: bd says so"
	}
	phases := "1 phase"
	if n := len(b.p.Phases); n != 1 {
		phases = fmt.Sprintf("%d phases (one per epic)", n)
	}
	if n := len(r.epics); n > 0 {
		what := "1 epic"
		if n > 1 {
			what = fmt.Sprintf("%d epics", n)
		}
		phases += ", " + what + " (an epic bead each, its issues its children)"
	}
	b.p.diag(Info, Pos{Line: 1, Col: 1}, "read as %s: %d issues in %s; %s", what, len(r.units), phases, how)
	return true
}

// bdDefaults are the issue defaults front matter holds.
type bdDefaults struct {
	typ, assignee Field
	estimate      int
	keys          map[string]bool // the keys read here, whose settings warnings go
}

// bdFrontMatter reads the front matter keys the bd shapes use: format, and
// the issue defaults type, assignee and estimate (priority and labels are
// settings already).
func (b *builder) bdFrontMatter(fm []byte) (force string, d bdDefaults) {
	d.keys = map[string]bool{}
	if len(bytes.TrimSpace(fm)) == 0 {
		return "", d
	}
	var doc yaml.Node
	if yaml.Unmarshal(fm, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return "", d
	}
	root := doc.Content[0]
	at := func(n *yaml.Node) Pos { return Pos{Line: n.Line + 1, Col: n.Column} } // the "---" line is line 1
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			continue
		}
		switch strings.ToLower(k.Value) {
		case "format":
			d.keys["format"] = true
			switch f := strings.ToLower(strings.TrimSpace(v.Value)); f {
			case "bd", "beads", FormatBD, FormatKeyValue:
				force = "bd"
			case "plan":
				force = "plan"
			default:
				// Another reading (reading.go): said there when unknown.
				force = "plan"
			}
		case "type":
			if strings.EqualFold(strings.TrimSpace(v.Value), "epic") {
				b.p.warnf(at(v), "type epic as every issue's default would make each issue an epic of its own; it is left out (write type: epic under an epic's heading)")
				continue
			}
			d.typ = Field{Value: v.Value, Pos: at(v)}
		case "assignee":
			d.keys["assignee"] = true
			d.assignee = Field{Value: strings.TrimSpace(v.Value), Pos: at(v)}
		case "estimate":
			d.keys["estimate"] = true
			if n, err := strconv.Atoi(strings.TrimSpace(v.Value)); err == nil && n > 0 {
				d.estimate = n
			} else {
				b.p.warnf(at(v), "estimate %q: want a number of minutes", v.Value)
			}
		}
	}
	return force, d
}

// dropSettingWarnings removes the "unknown setting" warnings of the front
// matter keys the bd reader reads itself.
func (b *builder) dropSettingWarnings(d bdDefaults) {
	kept := b.p.Diags[:0]
	for _, dg := range b.p.Diags {
		drop := false
		for k := range d.keys {
			if dg.Severity == Warning && strings.HasPrefix(dg.Msg, fmt.Sprintf("settings: unknown setting %q", k)) {
				drop = true
			}
		}
		if !drop {
			kept = append(kept, dg)
		}
	}
	b.p.Diags = kept
}

// bdShape tells which bd shape the document is in, if any, and for the
// key-value shape the level of its issue headings. The plan is in
// the key-value shape when two top-level headings at one level (or the one
// heading at its level) are followed by "key: value" lines naming an issue's
// type, labels, deps or estimate; in bd's Markdown when a "## Title" heading has a "### Priority",
// "### Type", "### Assignee", "### Labels" or "### Dependencies" section and
// at least half of the "###" headings under "##" ones are sections bd reads.
func bdShape(doc ast.Node, src []byte) (format string, level int) {
	byLevel := map[int]int{}  // key-value headings by level
	headings := map[int]int{} // all headings by level
	epics := map[int]int{}    // key-value epics by level
	sections := false         // an issue has one of bd's field sections
	subs, known := 0, 0       // the "###" headings under "##" ones, and those bd reads
	inIssue := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if isATX(h, src) {
			headings[h.Level]++ // not the setext heading "---" makes of a block of fields
		}
		if kv, count := kvBlock(h, src); kv != nil {
			// A heading that says it is an epic is no issue: it does not
			// count for the issues' level.
			if !kvEpic(kv, count, src) {
				byLevel[h.Level]++
			} else {
				epics[h.Level]++
			}
			continue
		}
		switch {
		case h.Level == 2 && isATX(h, src):
			inIssue = true
		case h.Level == 3 && inIssue && isATX(h, src):
			subs++
			if h.Lines().Len() == 0 {
				continue // an empty heading
			}
			if seg := h.Lines().At(0); seg.Stop-seg.Start > 40 || bytes.ContainsAny(seg.Value(src), "0123456789") {
				continue // longer than any section bd reads, or numbered
			}
			name, ok := bdSection[sectionName(plainText(h, src))]
			if ok {
				known++
			}
			switch name {
			case "priority", "type", "assignee", "labels", "deps":
				sections = true
			}
		}
	}
	best := 0
	for l, c := range byLevel {
		if c > byLevel[best] || c == byLevel[best] && l < best {
			best = l
		}
	}
	// One such heading is an issue only when it is alone at its level;
	// and the issues are most of their level's headings, not three phases
	// of eight that say "Dependencies: Phase 2 complete".
	if best > 0 && (byLevel[best] >= 2 && 2*(byLevel[best]+epics[best]) >= headings[best] || headings[best] == 1) {
		return FormatKeyValue, best
	}
	// A design document has "### Design" and "### Description" sections
	// too: bd's Markdown needs one of its field sections, and most
	// sections to be bd's.
	if sections && 2*known >= subs {
		return FormatBD, 2
	}
	return "", 0
}

func sectionName(s string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ":")))
}

// isATX reports whether h is written with '#'s (bd reads no other kind).
func isATX(h *ast.Heading, src []byte) bool {
	if h.Lines().Len() == 0 {
		return true
	}
	at := h.Lines().At(0).Start
	return atxLine(src[lineStart(src, at):lineEnd(src, at)])
}

// kvBlock returns the "key: value" lines under heading h: the paragraph (or
// the setext heading a "---" line makes of it) right after h, past an
// annotation comment, when it opens with "key: value" lines and one of them
// gives an issue's type, labels, deps or estimate. It returns the block and
// how many of its lines are "key: value" (the rest is body text), or nil.
func kvBlock(h *ast.Heading, src []byte) (ast.Node, int) {
	if !isATX(h, src) {
		return nil, 0
	}
	n := h.NextSibling()
	if hb, ok := n.(*ast.HTMLBlock); ok && hb.Lines().Len() == 1 {
		if _, ok := IsAnnotationLine(segValue(hb.Lines().At(0), src)); ok {
			n = n.NextSibling()
		}
	}
	switch x := n.(type) {
	case *ast.Paragraph:
	case *ast.Heading:
		if isATX(x, src) {
			return nil, 0
		}
	default:
		return nil, 0
	}
	lines := n.Lines()
	field := false
	count := 0
	for ; count < lines.Len(); count++ {
		m := kvLineRE.FindSubmatch(bytes.TrimSpace(segValue(lines.At(count), src)))
		if m == nil {
			break
		}
		// "Priority:" and "Status:" lines are common under any heading;
		// the key-value shape names its issues' type, labels, deps or
		// estimate.
		switch kvKeys[kvKey(string(m[1]))] {
		case "type", "labels", "deps", "estimate":
			field = true
		}
	}
	if !field {
		return nil, 0
	}
	return n, count
}

// kvEpic reports whether the first count lines of key-value block kv give
// the type epic.
func kvEpic(kv ast.Node, count int, src []byte) bool {
	lines := kv.Lines()
	for i := 0; i < count; i++ {
		m := kvLineRE.FindSubmatch(bytes.TrimSpace(segValue(lines.At(i), src)))
		if m != nil && kvKeys[kvKey(string(m[1]))] == "type" && strings.EqualFold(strings.TrimSpace(string(m[2])), "epic") {
			return true
		}
	}
	return false
}

var kvKeyReplacer = strings.NewReplacer(" ", "_", "-", "_")

func kvKey(k string) string {
	return kvKeyReplacer.Replace(strings.ToLower(strings.TrimSpace(k)))
}

// bdReader builds the plan's phases and sprints from a bd-shaped file.
type bdReader struct {
	b      *builder
	doc    ast.Node
	blocks []ast.Node // the document's top-level blocks, once between needs them
	starts []int      // their start offsets
	fm     bdDefaults
	units  []*bdUnit
	phase  *Phase
	nphase int
	first  Pos // the first unit's heading
	// epics are the phases that are epics, in file order; epicDeps the
	// deps each states, which its children wait on.
	epics      []*Phase
	epicDeps   map[*Phase][]bdDep
	epicByName map[string]*Phase // by lower-cased key and title, and "slug:" + title slug
	// groups counts the level-1 headings with issues under them (-1 until
	// counted): two or more make every one an epic, none the file's title.
	groups int
	// firstHead is the first unit's heading, title the file's title
	// heading (a level-1 heading before the first unit that is none).
	firstHead Heading
	title     *Heading
}

// newPhase opens a phase: an epic heading, or, for issues under none, the
// file (its title, else "Issues").
func (r *bdReader) newPhase(h *Heading) {
	r.nphase++
	ph := &Phase{ID: strconv.Itoa(r.nphase), Num: r.nphase, Valid: true}
	if h != nil {
		ph.Heading, ph.Title = *h, h.Text
	} else {
		// The file's title heading, else the first issue's heading named
		// "Issues": a phase heading always spans real text.
		if r.title != nil {
			ph.Heading, ph.Title = *r.title, r.title.Text
		} else {
			ph.Heading, ph.Title = r.firstHead, "Issues"
			ph.Heading.Text = "Issues"
		}
	}
	r.phase = ph
	r.b.p.Phases = append(r.b.p.Phases, ph)
}

// groupsIssues reports whether an issue heading (an ATX heading at level)
// comes under heading h, before the next heading at h's level or above.
func (r *bdReader) groupsIssues(h *ast.Heading, level int) bool {
	for n := h.NextSibling(); n != nil; n = n.NextSibling() {
		o, ok := n.(*ast.Heading)
		if !ok || !isATX(o, r.b.src) {
			continue
		}
		switch {
		case o.Level <= h.Level:
			return false
		case o.Level == level:
			return true
		}
	}
	return false
}

// isTitle reports whether level-1 heading h, before the first issue, names
// the file rather than an epic: it does not start with "Epic", and it is
// the only level-1 heading with issues under it, or it has none.
func (r *bdReader) isTitle(h *ast.Heading, head Heading, level int) bool {
	if strings.HasPrefix(strings.ToLower(head.Text), "epic") {
		return false
	}
	if r.groups < 0 {
		r.groups = 0
		for n := r.doc.FirstChild(); n != nil; n = n.NextSibling() {
			if o, ok := n.(*ast.Heading); ok && o.Level == 1 && isATX(o, r.b.src) && r.groupsIssues(o, level) {
				r.groups++
			}
		}
	}
	return r.groups <= 1 || !r.groupsIssues(h, level)
}

// newEpic opens an epic at heading h: a phase, and the unit its fields are
// read into.
func (r *bdReader) newEpic(h *Heading) *bdUnit {
	r.newPhase(h)
	ep := &Epic{Title: h.Text, Heading: *h, Annotation: r.b.annotation(h.End)}
	r.phase.Epic = ep
	r.epics = append(r.epics, r.phase)
	s := &Sprint{Title: h.Text, Heading: *h, Phase: r.phase, Issue: &Issue{}, Annotation: ep.Annotation}
	return &bdUnit{s: s, epic: r.phase}
}

// endUnit closes a unit once its text is read: an epic's unit gives the
// epic its fields; an issue whose own type is epic becomes an epic, the
// issues after it its children.
func (r *bdReader) endUnit(u *bdUnit) {
	if u.epic != nil {
		r.fillEpic(u.epic, u)
		if t := u.s.Issue.Type; t.Set() && t.Value != "epic" {
			r.b.p.warnf(t.Pos, "%q is a heading above the issues, so it is an epic; its type %q is left out", u.s.Title, t.Value)
		}
		return
	}
	if t := u.s.Issue.Type; t.Value != "epic" || t.Pos == r.fm.typ.Pos {
		return
	}
	// The unit is the last one read: it leaves the issues and its phase.
	r.units = r.units[:len(r.units)-1]
	old := r.phase
	old.Sprints = old.Sprints[:len(old.Sprints)-1]
	if len(old.Sprints) == 0 && old.Epic == nil {
		// The file's phase, left empty: the epic takes its place.
		r.b.p.Phases = r.b.p.Phases[:len(r.b.p.Phases)-1]
		r.nphase--
	}
	if r.first == u.s.Heading.Pos {
		r.first = Pos{}
	}
	e := r.newEpic(&u.s.Heading)
	u.epic = e.epic
	r.fillEpic(u.epic, u)
	u.epic.Epic.Stated = true
}

// fillEpic gives epic phase ph the fields unit u read.
func (r *bdReader) fillEpic(ph *Phase, u *bdUnit) {
	ep, s := ph.Epic, u.s
	ep.Description, ep.Priority, ep.Status, ep.Labels = s.Description, s.Priority, s.Status, s.Labels
	ep.Design, ep.Acceptance, ep.Assignee, ep.Key = s.Issue.Design, s.Issue.Acceptance, s.Issue.Assignee, s.Issue.Key
	if s.Annotation != nil {
		ep.Annotation = s.Annotation
	}
	if u.fields > 0 {
		ep.Stated = true
	}
	if len(u.deps) > 0 {
		r.epicDeps[ph] = append(r.epicDeps[ph], u.deps...)
	}
}

// epicNamed returns the epic phase that name names by its key, title or
// title's slug, or nil; the first epic in the file wins a name two share.
func (r *bdReader) epicNamed(name string) *Phase {
	if len(r.epics) == 0 {
		return nil
	}
	if r.epicByName == nil {
		r.epicByName = map[string]*Phase{}
		add := func(k string, ph *Phase) {
			if _, ok := r.epicByName[k]; !ok && k != "" {
				r.epicByName[k] = ph
			}
		}
		for _, ph := range r.epics {
			add(strings.ToLower(ph.Epic.Key), ph)
			add(strings.ToLower(ph.Epic.Title), ph)
			add("slug:"+slugOf(ph.Epic.Title), ph)
		}
	}
	name = strings.TrimSpace(name)
	if ph := r.epicByName[strings.ToLower(name)]; ph != nil {
		return ph
	}
	if slug := slugOf(name); slug != "" {
		return r.epicByName["slug:"+slug]
	}
	return nil
}

// keepEpics drops the epics that have no children and say nothing of
// themselves (such a heading groups nothing, as before epics were beads),
// and those with no title, with a warning.
func (r *bdReader) keepEpics() {
	kept := r.epics[:0]
	for _, ph := range r.epics {
		if len(ph.Sprints) == 0 && !ph.Epic.Stated {
			ph.Epic = nil
			continue
		}
		if strings.TrimSpace(ph.Epic.Title) == "" {
			r.b.p.warnf(ph.Heading.Pos, "epic heading has no title: it groups the issues under it, but no epic bead is made for it")
			ph.Epic = nil
			continue
		}
		kept = append(kept, ph)
	}
	r.epics = kept
}

// newUnit opens an issue at heading h.
func (r *bdReader) newUnit(h *ast.Heading, format string) *bdUnit {
	head := r.b.heading(h)
	if !r.first.IsValid() {
		r.first, r.firstHead = head.Pos, head
	}
	if r.phase == nil {
		r.newPhase(nil)
	}
	n := len(r.phase.Sprints) + 1
	id := fmt.Sprintf("%s.%d", r.phase.ID, n)
	s := &Sprint{ID: id, WrittenID: id, Num: n, Title: head.Text, Heading: head, Phase: r.phase,
		Issue: &Issue{Format: format}}
	s.Annotation = r.b.annotation(head.End)
	if s.Title == "" {
		r.b.p.errorf(head.Pos, "issue heading has no title")
	}
	iss := s.Issue
	if r.fm.typ.Set() {
		r.setType(s, r.fm.typ)
	}
	iss.Assignee = r.fm.assignee
	iss.Estimate = r.fm.estimate
	r.phase.Sprints = append(r.phase.Sprints, s)
	u := &bdUnit{s: s}
	r.units = append(r.units, u)
	return u
}

// setType sets a unit's type as bd would read it.
func (r *bdReader) setType(s *Sprint, f Field) {
	t := strings.ToLower(strings.TrimSpace(f.Value))
	if a, ok := bdTypeAliases[t]; ok {
		t = a
	}
	if !bdTypes[t] {
		r.b.p.warnf(f.Pos, "issue type %q is not one of bd's (bug, feature, task, epic, chore, decision, spike, story, milestone): the bead gets architect's own type (bd would make it a task)", f.Value)
		s.Issue.Type = Field{}
		return
	}
	s.Issue.Type = Field{Value: t, Pos: f.Pos}
}

// field applies one field to a unit. value is the text as written; at is
// the offset of the value, pos the position of the label.
func (r *bdReader) field(u *bdUnit, name, value string, pos Pos, at int) {
	s := u.s
	value = strings.TrimSpace(value)
	if value != "" {
		u.fields++
	}
	switch name {
	case "priority":
		if value == "" {
			return
		}
		if p := bdPriority(value); p >= 0 {
			s.Priority = Field{Value: strconv.Itoa(p), Pos: pos}
		} else {
			r.b.p.warnf(pos, "priority %q of %q: want 0-4 or P0-P4; the default is used", value, s.Title)
		}
	case "type":
		if value != "" {
			r.setType(s, Field{Value: value, Pos: pos})
		}
	case "description":
		s.Description = value
	case "design":
		s.Issue.Design = value
	case "acceptance":
		s.Issue.Acceptance = value
	case "assignee":
		if value != "" {
			s.Issue.Assignee = Field{Value: value, Pos: pos}
		}
	case "labels":
		s.Labels = bdSplit(value)
	case "estimate":
		if n, err := strconv.Atoi(value); err == nil && n > 0 {
			s.Issue.Estimate = n
		} else if value != "" {
			r.b.p.warnf(pos, "estimate %q of %q: want a number of minutes", value, s.Title)
		}
	case "key":
		s.Issue.Key = value
	case "status":
		switch st := strings.ToLower(strings.ReplaceAll(value, " ", "_")); st {
		case "open", "todo", "planned":
			s.Status = Field{Value: StatusOpen, Pos: pos}
		case "closed", "done", "complete", "completed":
			s.Status = Field{Value: StatusClosed, Pos: pos}
		case "in_progress", "in-progress", "doing", "started":
			s.Status = Field{Value: StatusInProgress, Pos: pos}
		case "blocked":
			s.Status = Field{Value: StatusBlocked, Pos: pos}
		default:
			r.b.p.warnf(pos, "status %q of %q: want open, in_progress, blocked or closed; read as open", value, s.Title)
		}
	case "deps":
		// bd splits at commas and blanks; a part between commas that names
		// an issue by its title ("Payment gateway adapter") is tried whole
		// first (see resolveDep).
		for _, part := range bdPartsAt(value, at) {
			u.deps = append(u.deps, bdDep{name: part.s, pos: r.b.p.Position(part.at), at: part.at})
		}
	}
}

// beadLike reports whether a dependency that names no issue of the file
// names a bead: a bead id whose hash has a digit or that names a child, or
// whose prefix is the plan's (see looksLikeBead).
func (r *bdReader) beadLike(name string) bool {
	m := headBeadRE.FindStringSubmatch(name)
	return m != nil && m[0] == name && ValidBeadID(name) && r.b.looksLikeBead(m[2], m[3], m[4])
}

// bdPriority reads a priority as bd does: 0-4, or P0-P4; -1 when neither.
func bdPriority(v string) int {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(strings.ToUpper(v), "P") {
		v = v[1:]
	}
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == 0 {
		return -1
	}
	n, err := strconv.Atoi(v[:i])
	if err != nil || n > 4 {
		return -1
	}
	return n
}

// bdSplit splits a list as bd does: at commas, blanks and line endings.
func bdSplit(v string) []string {
	var out []string
	for _, t := range bdSplitAt(v, 0) {
		out = append(out, t.s)
	}
	return out
}

// bdPartsAt splits v at commas and line endings, dropping list markers
// ("- ") and blanks around each part; at is v's offset.
func bdPartsAt(v string, at int) []bdToken {
	var out []bdToken
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && v[i] != ',' && v[i] != '\n' {
			continue
		}
		part := v[start:i]
		off := start
		trimmed := strings.TrimLeft(part, " \t")
		off += len(part) - len(trimmed)
		if strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* ") {
			t := strings.TrimLeft(trimmed[2:], " \t")
			off += len(trimmed) - len(t)
			trimmed = t
		}
		if t := strings.TrimRight(trimmed, " \t\r"); t != "" {
			out = append(out, bdToken{t, at + off})
		}
		start = i + 1
	}
	return out
}

type bdToken struct {
	s  string
	at int
}

func bdSplitAt(v string, at int) []bdToken {
	var out []bdToken
	start := -1
	for i := 0; i <= len(v); i++ {
		sep := i == len(v) || v[i] == ',' || v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r'
		if sep && start >= 0 {
			out = append(out, bdToken{v[start:i], at + start})
			start = -1
		} else if !sep && start < 0 {
			start = i
		}
	}
	return out
}

// sections reads bd's own Markdown: "## Title" issues with "### Field"
// sections. As bd does, text between the title and the first section is the
// description, a section bd does not know is ignored (with a warning here),
// and other headings are text of the section they stand in.
func (r *bdReader) sections(doc ast.Node) {
	var u *bdUnit
	var sec string
	var secHead Heading
	secStart := -1
	flush := func(end int) {
		if u == nil || secStart < 0 {
			return
		}
		text := string(r.b.src[secStart:end])
		switch sec {
		case "": // the text before the first section
			u.s.Description = strings.TrimSpace(text)
		case "?": // a section bd does not read
		default:
			r.field(u, sec, text, secHead.Pos, secStart)
			if sec == "acceptance" {
				u.s.Acceptance = r.listItems(secStart, end)
			}
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || !isATX(h, r.b.src) || h.Level < 1 || h.Level > 3 {
			continue
		}
		head := r.b.heading(h)
		switch {
		case h.Level == 1:
			if r.b.p.Title == "" && u == nil && r.isTitle(h, head, 2) {
				r.b.p.Title = head.Text
				r.title = &head
				continue
			}
			if r.title != nil && r.title.Start == head.Start {
				continue
			}
			if !r.groupsIssues(h, 2) {
				// A heading with no issue under it groups nothing; bd
				// reads no such heading (its text stays where it is).
				continue
			}
			flush(head.Start)
			if u != nil {
				r.endUnit(u)
			}
			u = r.newEpic(&head)
			sec, secStart = "", head.End
			if u.s.Annotation != nil {
				secStart = u.s.Annotation.End
			}
		case h.Level == 2:
			flush(head.Start)
			if u != nil {
				r.endUnit(u)
			}
			u = r.newUnit(h, FormatBD)
			sec, secStart = "", head.End
			if u.s.Annotation != nil {
				secStart = u.s.Annotation.End
			}
		case h.Level == 3 && u != nil:
			flush(head.Start)
			name, known := bdSection[sectionName(head.Text)]
			if !known {
				r.b.p.warnf(head.Pos, "section %q of issue %q is not one bd reads (Priority, Type, Description, Design, Acceptance Criteria, Assignee, Labels, Dependencies); its text is left out, as bd leaves it", head.Text, u.s.Title)
				name = "?"
			}
			sec, secHead, secStart = name, head, head.End
		}
	}
	flush(len(r.b.src))
	if u != nil {
		r.endUnit(u)
	}
	for _, u := range r.units {
		r.finish(u.s)
	}
}

// keyValue reads the key-value shape: issues are headings at level, each
// followed by "key: value" lines; shallower headings are epics.
func (r *bdReader) keyValue(doc ast.Node, level int) {
	var u *bdUnit
	bodyStart := -1
	flush := func(end int) {
		if u == nil {
			return
		}
		r.body(u, bodyStart, end)
		r.endUnit(u)
		u = nil
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || !isATX(h, r.b.src) || h.Level > level {
			continue
		}
		head := r.b.heading(h)
		kv, count := kvBlock(h, r.b.src)
		if h.Level < level {
			flush(head.Start)
			if kv == nil && h.Level == 1 && r.b.p.Title == "" && len(r.units) == 0 && r.isTitle(h, head, level) {
				r.b.p.Title = head.Text
				r.title = &head
				continue
			}
			u = r.newEpic(&head)
			bodyStart = head.End
			if u.s.Annotation != nil {
				bodyStart = u.s.Annotation.End
			}
			if kv != nil {
				bodyStart = r.kvFields(u, kv, count, head)
			}
			continue
		}
		flush(head.Start)
		u = r.newUnit(h, FormatKeyValue)
		bodyStart = head.End
		if kv == nil {
			r.b.p.warnf(head.Pos, "issue %q has no \"key: value\" lines (type:, priority:, labels:, deps:); it gets the defaults", head.Text)
			if u.s.Annotation != nil {
				bodyStart = u.s.Annotation.End
			}
			continue
		}
		bodyStart = r.kvFields(u, kv, count, head)
	}
	flush(len(r.b.src))
	for _, u := range r.units {
		r.finish(u.s)
	}
}

// kvFields reads the "key: value" lines of block kv (its first count
// lines) into u, and returns where the body starts.
func (r *bdReader) kvFields(u *bdUnit, kv ast.Node, count int, head Heading) int {
	lines := kv.Lines()
	for i := 0; i < count; i++ {
		seg := lines.At(i)
		line := seg.Value(r.b.src)
		lead := len(line) - len(bytes.TrimLeft(line, " \t"))
		m := kvLineRE.FindSubmatchIndex(bytes.TrimSpace(line))
		key := kvKey(string(bytes.TrimSpace(line)[m[2]:m[3]]))
		pos := r.b.p.Position(seg.Start + lead)
		name, known := kvKeys[key]
		if !known {
			r.b.p.warnf(pos, "key %q of issue %q is not one architect reads (type, priority, labels, estimate, deps, assignee, id, status); it is ignored", key, head.Text)
			continue
		}
		valAt := seg.Start + lead + m[4]
		r.field(u, name, string(bytes.TrimSpace(line)[m[4]:m[5]]), pos, valAt)
	}
	if count < lines.Len() {
		// Body text right under the key-value lines, in one paragraph.
		return lines.At(count).Start
	}
	return lineEnd(r.b.src, blockEnd(kv, r.b.src))
}

// blockEnd is the offset of the last line of block n: a setext heading's
// underline, else its last line.
func blockEnd(n ast.Node, src []byte) int {
	lines := n.Lines()
	last := lines.At(lines.Len() - 1).Start
	if h, ok := n.(*ast.Heading); ok && !isATX(h, src) {
		return lineEnd(src, last) // the underline
	}
	return last
}

// body reads a key-value issue's body, src[start:end]: its "Acceptance
// Criteria" and "Design" sub-sections go to those fields, the rest is the
// description.
func (r *bdReader) body(u *bdUnit, start, end int) {
	src := r.b.src
	if start < 0 || start > end {
		return
	}
	type cut struct {
		from, to int
		name     string
	}
	var cuts []cut
	// The body's headings, in order, found in the document by offset.
	var heads []*ast.Heading
	for _, n := range r.between(start, end) {
		if h, ok := n.(*ast.Heading); ok && isATX(h, src) {
			heads = append(heads, h)
		}
	}
	for i, h := range heads {
		name := bdSection[sectionName(plainText(h, src))]
		if name != "acceptance" && name != "design" {
			continue
		}
		hs := r.b.heading(h).Start
		if len(cuts) > 0 && hs < cuts[len(cuts)-1].to {
			continue // "### Design" inside "## Acceptance Criteria": part of it
		}
		to := end
		for _, o := range heads[i+1:] {
			if o.Level <= h.Level {
				to = r.b.heading(o).Start
				break
			}
		}
		cuts = append(cuts, cut{hs, to, name})
		he := lineEnd(src, hs)
		text := trimRules(string(src[he:to]))
		if name == "acceptance" {
			u.s.Issue.Acceptance = text
			u.s.Acceptance = r.listItems(he, to)
		} else {
			u.s.Issue.Design = text
		}
	}
	var desc strings.Builder
	at := start
	for _, c := range cuts {
		desc.Write(src[at:c.from])
		at = c.to
	}
	desc.Write(src[at:end])
	u.s.Description = trimRules(desc.String())
}

// trimRules trims blank lines and "---" (thematic break) lines at both ends
// of text.
func trimRules(text string) string {
	for {
		t := strings.TrimSpace(text)
		switch {
		case strings.HasPrefix(t, "---") && strings.Trim(firstLine(t), "- \t\r") == "":
			text = t[len(firstLine(t)):]
		case strings.HasSuffix(t, "---") && strings.Trim(lastLine(t), "- \t\r") == "":
			text = t[:len(t)-len(lastLine(t))]
		default:
			return t
		}
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// between returns the document's top-level blocks that start in
// [from, to), found by binary search over the blocks in file order.
func (r *bdReader) between(from, to int) []ast.Node {
	if r.blocks == nil {
		for n := r.doc.FirstChild(); n != nil; n = n.NextSibling() {
			// A block without text (a thematic break) takes the start
			// before it, so the starts stay in order.
			st := blockStart(n)
			if k := len(r.starts); k > 0 && st < r.starts[k-1] {
				st = r.starts[k-1]
			}
			r.blocks = append(r.blocks, n)
			r.starts = append(r.starts, max(st, 0))
		}
	}
	i, _ := slices.BinarySearch(r.starts, from)
	j, _ := slices.BinarySearch(r.starts, to)
	return r.blocks[i:j]
}

// blockStart is the offset of a block's first line, -1 when it has none.
func blockStart(n ast.Node) int {
	if n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	return nodeStart(n)
}

// listItems returns the plain text of the top-level list items between
// offsets from and to.
func (r *bdReader) listItems(from, to int) []string {
	src := r.b.src
	var out []string
	for _, n := range r.between(from, to) {
		l, ok := n.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			var b []byte
			for c := it.FirstChild(); c != nil; c = c.NextSibling() {
				if c.Kind() == ast.KindList {
					continue
				}
				if len(b) > 0 {
					b = append(b, ' ')
				}
				b = appendPlain(b, c, src)
			}
			if t := strings.TrimSpace(string(b)); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// finish gives a unit what every sprint needs: its one prompt, the title
// (the description holds the work).
func (r *bdReader) finish(s *Sprint) {
	s.Tasks = []string{s.Title}
	s.TasksFromTitle = true
}

// resolve files the units as sprints and resolves their dependencies.
func (r *bdReader) resolve() {
	p := r.b.p
	for i, u := range r.units {
		u.s.End = len(r.b.src)
		if i+1 < len(r.units) {
			u.s.End = r.units[i+1].s.Heading.Start
		}
		p.Sprints = append(p.Sprints, u.s)
	}
	for _, ph := range r.epics {
		if ds := r.epicDeps[ph]; len(ds) > 0 && len(ph.Sprints) > 0 {
			p.diag(Info, ds[0].pos, "epic %q states dependencies: each of its %d issues waits on them (bd holds an epic's children while the epic is blocked)", ph.Epic.Title, len(ph.Sprints))
		}
	}
	for _, u := range r.units {
		if ph := u.s.Phase; ph.Epic != nil {
			u.deps = append(u.deps, r.epicDeps[ph]...)
		}
	}
	stated := false
	for _, u := range r.units {
		if len(u.deps) > 0 {
			stated = true
		}
	}
	if !stated {
		if len(r.units) > 1 {
			p.warnf(r.first, "no issue states its dependencies (deps: or ### Dependencies): the %d issues are read in file order, one after another", len(r.units))
		}
		return
	}
	res := newKeyResolver(r.units)
	var free []string
	for _, u := range r.units {
		u.s.DepsStated = true
		for _, d := range u.deps {
			r.resolveDep(res, u, d)
		}
		if len(u.s.DependsOn) == 0 {
			free = append(free, u.s.ID)
		}
	}
	if len(free) > 0 && len(free) < len(r.units) {
		p.diag(Info, r.first, "the file states dependencies, so the issues that state none start at once, as in bd: %s", strings.Join(free, ", "))
	}
}

// resolveDep resolves one name in a unit's deps to units of the file.
func (r *bdReader) resolveDep(res *keyResolver, u *bdUnit, d bdDep) {
	p := r.b.p
	name := d.name
	// "type:target", unless the whole names an epic or an issue by its
	// title ("Epic: Cart").
	if i := strings.IndexByte(name, ':'); i > 0 && r.epicNamed(name) == nil && len(res.exact(name)) == 0 {
		typ := strings.ToLower(name[:i])
		switch typ {
		case "blocks":
		case "parent-child":
			if ph := r.epicNamed(name[i+1:]); ph != nil && ph == u.s.Phase {
				p.diag(Info, d.pos, "dependency %q of %q names its own epic, which is its parent already", name, u.s.Title)
				return
			}
			p.warnf(d.pos, "dependency %q of %q is a parent-child link to no epic it is under: an issue's parent is the epic it is written under, so it is left out", name, u.s.Title)
			return
		case "related", "discovered-from", "waits-for", "conditional-blocks", "tracks", "relates-to", "duplicates", "supersedes", "replies-to":
			p.warnf(d.pos, "dependency %q of %q is a %s link: architect writes only blocks dependencies, so it is left out", name, u.s.Title, typ)
			return
		default:
			p.warnf(d.pos, "dependency %q of %q: %q is not a dependency type; read as blocks", name, u.s.Title, typ)
		}
		name = name[i+1:]
	}
	if ph := r.epicNamed(name); ph != nil && len(res.exact(name)) == 0 {
		if ph == u.s.Phase {
			p.warnf(d.pos, "dependency %q of %q names its own epic: an epic's issues are its children and do not wait on it, so it is left out", d.name, u.s.Title)
			return
		}
		if len(ph.Sprints) == 0 {
			p.warnf(d.pos, "dependency %q of %q names epic %q (line %d), which has no issues; it is left out", d.name, u.s.Title, ph.Epic.Title, ph.Epic.Heading.Pos.Line)
			return
		}
		var ids []string
		for _, c := range ph.Sprints {
			u.s.DependsOn = append(u.s.DependsOn, Ref{ID: c.ID, Pos: d.pos})
			ids = append(ids, c.ID)
		}
		p.diag(Info, d.pos, "dependency %q of %q names epic %q (line %d): it waits on the epic's issues, %s", d.name, u.s.Title, ph.Epic.Title, ph.Epic.Heading.Pos.Line, strings.Join(ids, ", "))
		return
	}
	if strings.ContainsAny(name, " \t") {
		// Not an issue's title: its words are names, as bd reads them.
		if len(res.exact(name)) == 0 {
			for _, tok := range bdSplitAt(d.name, d.at) {
				r.resolveDep(res, u, bdDep{name: tok.s, pos: p.Position(tok.at), at: tok.at})
			}
			return
		}
	}
	hits, how := res.resolve(name, u)
	switch {
	case len(hits) == 0 && r.beadLike(name):
		// A bead outside the file, as bd's own files name them.
		u.s.Issue.External = append(u.s.Issue.External, Field{Value: name, Pos: d.pos})
		p.diag(Info, d.pos, "dependency %q of %q names no issue of this file: it waits on bead %s, as bd would", d.name, u.s.Title, name)
		return
	case len(hits) == 0:
		p.warnf(d.pos, "dependency %q of %q names no issue of this file (by key, title or title words); it is left out", d.name, u.s.Title)
		return
	case len(hits) > 1:
		var names []string
		for _, h := range hits {
			names = append(names, fmt.Sprintf("%s %q (line %d)", h.ID, h.Title, h.Heading.Pos.Line))
		}
		p.warnf(d.pos, "dependency %q of %q matches %d issues: %s; it waits on all of them", d.name, u.s.Title, len(hits), strings.Join(names, ", "))
	case how == partialMatch:
		p.warnf(d.pos, "dependency %q of %q is read as %s %q (line %d), %s", d.name, u.s.Title, hits[0].ID, hits[0].Title, hits[0].Heading.Pos.Line, how)
	case how != "":
		p.diag(Info, d.pos, "dependency %q of %q is read as %s %q (line %d), %s", d.name, u.s.Title, hits[0].ID, hits[0].Title, hits[0].Heading.Pos.Line, how)
	}
	for _, h := range hits {
		if h == u.s {
			p.errorf(d.pos, "issue %q depends on itself", u.s.Title)
			continue
		}
		u.s.DependsOn = append(u.s.DependsOn, Ref{ID: h.ID, Pos: d.pos})
	}
}

func segValue(seg text.Segment, src []byte) []byte { return seg.Value(src) }
