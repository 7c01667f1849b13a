package parser

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

var beadIDRE = lazyMustCompile(`^[A-Za-z0-9][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*-[A-Za-z0-9]+(?:\.[0-9]+)*$`)

// ValidBeadID reports whether id looks like a beads issue id ("bd-a3f8",
// "proj-x9k2q1", a child "bd-a3f8.1"). Ids that could break out of an HTML
// comment ("--", ">") never pass.
func ValidBeadID(id string) bool {
	return len(id) <= 64 && beadIDRE.MatchString(id) && !strings.Contains(id, "--")
}

// IsAnnotationLine reports whether line (with or without its line ending) is
// a back-annotation comment, and returns the id it names.
func IsAnnotationLine(line []byte) (id string, ok bool) {
	m := annotRE.FindSubmatch(line)
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}

// seenField is a field a section gave, and where.
type seenField struct {
	name string
	pos  Pos
}

// seenAt is where the section gave the field name, if it did.
func (r *sectionReader) seenAt(name string) (Pos, bool) {
	for _, f := range r.seen {
		if f.name == name {
			return f.pos, true
		}
	}
	return Pos{}, false
}

// seenPos is where the section gave the field name; the zero Pos if not.
func (r *sectionReader) seenPos(name string) Pos { p, _ := r.seenAt(name); return p }

// see records that the section gave the field name at pos.
func (r *sectionReader) see(name string, pos Pos) {
	for i := range r.seen {
		if r.seen[i].name == name {
			r.seen[i].pos = pos
			return
		}
	}
	r.seen = append(r.seen, seenField{name, pos})
}

// sprintFields reads the blocks of a sprint's section, which ends at offset
// end.
func (b *builder) sprintFields(s *Sprint, blocks []ast.Node, end int) {
	blocks = b.openQuotes(blocks)
	// One reader serves every section in turn (about 500 bytes each, new
	// memory a run touches): it is taken while in use, and given back once
	// nothing it holds is needed.
	r := b.spareReader
	if r == nil {
		r = new(sectionReader)
	}
	b.spareReader = nil
	defer func() { b.spareReader = r }()
	*r = sectionReader{b: b, s: s, blocks: blocks, end: end, onlyFields: true}
	r.seen = r.seenBuf[:0]
	r.read()
	var claimed map[int]bool // desc entries that became tasks; most sections have none
	if len(s.Tasks) == 0 && r.seenPos("tasks") == (Pos{}) && len(r.deliverables) == 0 && r.candidate != nil {
		// No Tasks label, and text before the first list, in the unit's
		// own body: the list is still the work.
		s.Tasks = texts(r.candidate)
		claimed = map[int]bool{r.candDesc: true}
	}
	// "#### Deliverable A: Title" sub-headings: each is one piece of the
	// work, as its author listed it; the heading and its body stay in the
	// description.
	s.Tasks = append(s.Tasks, r.deliverables...)
	// Every other checkbox list in the section is work too ("#### Day 2"
	// and its [ ] items), not only the first.
	for _, w := range r.work {
		if !claimed[w.desc] {
			s.Tasks = append(s.Tasks, texts(w.items)...)
			if claimed == nil {
				claimed = map[int]bool{}
			}
			claimed[w.desc] = true
		}
	}
	if len(claimed) > 0 {
		kept := r.desc[:0]
		for i, d := range r.desc {
			if !claimed[i] {
				kept = append(kept, d)
			}
		}
		r.desc = kept
	}
	s.Description = strings.Join(r.desc, "\n\n")
	if len(s.Tasks) == 0 && !s.Skipped {
		s.Tasks = []string{s.Title}
		s.TasksFromTitle = true
		b.noTasks = append(b.noTasks, s)
	}
}

// openQuotes returns blocks with each block quote that holds a field of
// the unit ("> **Status**: ✅ Completed", a GitHub callout "> [!NOTE]" over
// one) replaced by its blocks, so that its fields are read as the unit's.
// Other block quotes stay as they are: description.
func (b *builder) openQuotes(blocks []ast.Node) []ast.Node {
	var out []ast.Node
	for i, n := range blocks {
		q, ok := n.(*ast.Blockquote)
		if !ok || !b.quoteHasField(q) {
			if out != nil {
				out = append(out, n)
			}
			continue
		}
		if out == nil {
			out = append([]ast.Node{}, blocks[:i]...)
		}
		for c := q.FirstChild(); c != nil; c = c.NextSibling() {
			out = append(out, c)
		}
	}
	if out == nil {
		return blocks
	}
	return out
}

// quoteHasField reports whether a paragraph of a block quote holds a line
// that is a field of the unit.
func (b *builder) quoteHasField(q *ast.Blockquote) bool {
	for c := q.FirstChild(); c != nil; c = c.NextSibling() {
		par, ok := c.(*ast.Paragraph)
		if !ok {
			continue
		}
		for _, line := range paragraphLines(par, b.src) {
			if f, ok := b.lineField(line); ok && sprintLabels[f.label] != "" {
				return true
			}
		}
	}
	return false
}

// sectionReader reads one sprint section's blocks.
type sectionReader struct {
	b      *builder
	s      *Sprint
	blocks []ast.Node
	end    int // the section's end offset
	i      int // the block being read
	desc   []string
	seen   []seenField // fields given, by name: a few a section
	// seenBuf backs seen, so that most sections allocate nothing for it.
	seenBuf [4]seenField
	// onlyFields is set while nothing but fields, comments and the
	// annotation came before: a list then is the task list (the minimal
	// style).
	onlyFields bool
	// candidate is the first list with no label after other text: the task
	// list when the section names none. candDesc is its entry in desc.
	candidate []listItem
	candDesc  int
	// work are the unlabeled lists with checkboxes, with their entries in
	// desc: they are tasks wherever they stand in the section.
	work []workList
	// sub is the sub-heading of the unit the reader is under ("" in the
	// unit's own body): a list under a sub-heading that names no work
	// ("### Current State", "#### Design") is description, never tasks.
	sub string
	// labelled is set while the block being read follows a paragraph that
	// ends with a bold label the reader does not know ("**Background:**"):
	// a list there is that label's, so description.
	labelled, labelNext bool
	// otherLabel is that label.
	otherLabel field
	// deliverables are the titles of "#### Deliverable A: Title"
	// sub-headings, in order: the unit's tasks.
	deliverables []string
}

// workList is an unlabeled checkbox list and its entry in desc.
type workList struct {
	items []listItem
	desc  int
}

// unlabeled takes a list that no label claims: the task list in the
// minimal style, else description that becomes the task list if the
// section has no other.
func (r *sectionReader) unlabeled(items []listItem, pos Pos, desc string) {
	if len(items) == 0 {
		return
	}
	if r.onlyFields && r.s.Tasks == nil && r.seenPos("tasks") == (Pos{}) {
		r.onlyFields = false
		r.see("tasks", pos)
		r.set("tasks", field{label: "tasks", pos: pos, start: -1, valueStart: -1}, items)
		return
	}
	r.onlyFields = false
	if r.candidate == nil && r.sub == "" && !r.labelled {
		r.candidate, r.candDesc = items, len(r.desc)
	}
	for _, it := range items {
		if _, box := itemChecked(it.node); box {
			if r.labelled && preconditionLabel(r.otherLabel.label) {
				// "**Prerequisites** (handled by the platform team):" and
				// its ticked boxes: not the unit's work, and not how it
				// stands.
				if r.b.notWork == nil {
					r.b.notWork = map[ast.Node]bool{}
				}
				r.b.notWork[it.node.Parent()] = true
				r.b.p.warnf(r.otherLabel.pos, "the checklist under %q (line %d) is not read as the work of sprint %s: it stays in the description, and its boxes do not say how the sprint stands; to make it the sprint's tasks, label it **Tasks**:",
					r.otherLabel.label, pos.Line, r.s.ID)
				break
			}
			r.work = append(r.work, workList{items: items, desc: len(r.desc)})
			break
		}
	}
	r.desc = append(r.desc, desc)
}

// stop returns the offset where block i ends: the next block's start, or
// the section's end.
func (r *sectionReader) stop(i int) int {
	if i+1 < len(r.blocks) {
		return r.b.blockStart(r.blocks[i+1])
	}
	return r.end
}

func (r *sectionReader) addDesc(from, to int) {
	if from < 0 || to <= from {
		return
	}
	if t := strings.TrimSpace(string(r.b.src[from:to])); t != "" {
		r.desc = append(r.desc, t)
		r.b.proseGates(&r.s.Gates, from, to, "sprint "+r.s.ID)
	}
}

func (r *sectionReader) read() {
	b, s := r.b, r.s
	// The annotation is the first block, with only blank lines (a
	// formatter's) between it and the heading.
	if len(r.blocks) > 0 && r.blocks[0].Kind() == ast.KindHTMLBlock {
		st := b.blockStart(r.blocks[0])
		if st >= s.Heading.End && blankBytes(b.src[s.Heading.End:st]) {
			if a := b.annotation(st); a != nil {
				s.Annotation = a
				r.i = 1
			}
		}
	}
	for ; r.i < len(r.blocks); r.i++ {
		n := r.blocks[r.i]
		start, stop := b.blockStart(n), r.stop(r.i)
		if _, comment := n.(*ast.HTMLBlock); !comment {
			r.labelled, r.labelNext = r.labelNext, false
		}
		switch n := n.(type) {
		case *ast.Paragraph:
			r.fieldLines(paragraphLines(n, r.b.src), start, stop)
		case *ast.Heading:
			text := strings.TrimSpace(plainText(n, b.src))
			label := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(text, ":")))
			r.sub = label
			name := sprintLabels[label]
			if k := strings.LastIndex(label, " ("); name == "" && k > 0 && strings.HasSuffix(label, ")") {
				// "#### Acceptance criteria (QA)": a note after the label.
				if n := sprintLabels[strings.TrimSpace(label[:k])]; listField(n) {
					label, name = strings.TrimSpace(label[:k]), n
				}
			}
			if name == "" {
				r.onlyFields = false
				if deliverableHeading(text) {
					r.deliverables = append(r.deliverables, b.withRefs(headingMarkdown(b.src[start:lineEnd(b.src, start)])))
				}
				r.addDesc(start, stop)
				continue
			}
			// "#### Tasks": a sub-heading works as its label.
			f := field{label: label, pos: b.p.Position(start), start: start, end: start}
			if list := r.nextList(); list != nil {
				if name == "files" {
					// "### File Scope": its items often say what changes
					// in each file, so the section stays in the
					// description as well.
					r.addDesc(start, r.stop(r.i))
				}
				r.setList(name, f, list)
			} else if par, ok := r.next().(*ast.Paragraph); ok {
				r.i++
				f.value = strings.TrimSpace(plainText(par, b.src))
				f.code = firstCode(par, b.src)
				r.set(name, f, nil)
			} else {
				r.set(name, f, nil)
			}
		case *ast.List:
			if rest, took := r.fieldItems(n); took {
				if len(rest) > 0 {
					r.unlabeled(rest, rest[0].pos, bulleted(rest))
				}
				continue
			}
			if r.onlyFields && s.Tasks == nil && r.seenPos("tasks") == (Pos{}) {
				r.onlyFields = false
				r.see("tasks", b.p.Position(start))
				r.setList("tasks", field{label: "tasks", pos: b.p.Position(start), start: start, end: start}, n)
				continue
			}
			items, lazy := r.items(n)
			end := stop
			if lazy != nil {
				end = lazy.at
			}
			r.unlabeled(items, b.p.Position(start), strings.TrimSpace(string(b.src[start:end])))
			if lazy != nil {
				// A label folded into the list's last item: the text
				// before it is ordinary, the rest is read as fields.
				r.lazyFields(n, lazy)
			}
		case *ast.HTMLBlock:
			if _, ok := IsAnnotationLine(b.src[start:lineEnd(b.src, start)]); ok {
				r.strayAnnotation(start)
				continue
			}
			if !isComment(n, b.src) {
				r.onlyFields = false
				r.addDesc(start, stop)
			}
		case *ast.ThematicBreak:
		case *east.Table:
			switch fields, others := r.fieldsTable(n); {
			case !fields:
				r.onlyFields = false
				r.addDesc(start, stop)
			case others:
				// The table says more than its fields ("| **Effort** |
				// Low |"): it stays in the description, whole, beside
				// the fields read from it.
				r.addDesc(start, stop)
			}
		default:
			r.onlyFields = false
			r.addDesc(start, stop)
		}
	}
}

// fieldsTable reads a two-column table of fields ("| Field | Value |",
// "| Status | ✅ Done |") as the unit's fields, and reports whether it was
// one (its header's first cell is Field, Key, Property or Attribute, and
// one row's first cell at least a known label) and whether it has other
// rows too, whose labels name no field of the plan language.
func (r *sectionReader) fieldsTable(t *east.Table) (fields, others bool) {
	b := r.b
	head, ok := t.FirstChild().(*east.TableHeader)
	if !ok || head.ChildCount() != 2 {
		return false, false
	}
	switch strings.ToLower(strings.TrimSpace(plainText(head.FirstChild(), b.src))) {
	case "field", "fields", "key", "property", "attribute", "name":
	default:
		return false, false
	}
	var rows []ast.Node // others: rows of labels the plan language has no field for ("| **Effort** | Low |")
	for row := head.NextSibling(); row != nil; row = row.NextSibling() {
		if row.ChildCount() != 2 {
			return false, false
		}
		if sprintLabels[strings.ToLower(strings.TrimSpace(plainText(row.FirstChild(), b.src)))] == "" {
			others = true
			continue
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return false, false
	}
	for _, row := range rows {
		cell := row.FirstChild()
		val := cell.NextSibling()
		label := strings.ToLower(strings.TrimSpace(plainText(cell, b.src)))
		at := nodeStart(cell.FirstChild())
		if at < 0 {
			at = b.blockStart(t)
		}
		f := field{label: label, value: strings.TrimSpace(plainText(val, b.src)), code: firstCode(val, b.src),
			pos: b.p.Position(at), start: -1, valueStart: -1}
		r.set(sprintLabels[label], f, nil)
	}
	r.onlyFields = false
	return true, others
}

// strayAnnotation warns about an annotation line further down the section
// than right under the heading: annotate and apply never read or write one
// there, so a bead it names would be made again.
func (r *sectionReader) strayAnnotation(at int) {
	b, s := r.b, r.s
	pos := b.p.Position(at)
	if s.Annotation != nil {
		b.p.warnf(pos, "sprint %s has a second annotation line; only the one right under the heading (line %d) counts", s.ID, s.Annotation.Pos.Line)
		return
	}
	b.p.warnf(pos, "this annotation line is not right under the heading of sprint %s (line %d), so it is ignored: move it there to keep its bead", s.ID, s.Heading.Pos.Line)
}

// next returns the block after the current one, or nil.
func (r *sectionReader) next() ast.Node {
	if r.i+1 < len(r.blocks) {
		return r.blocks[r.i+1]
	}
	return nil
}

// nextList returns the list after the current block, skipping HTML
// comments, and moves past it; nil when the next block is not a list.
func (r *sectionReader) nextList() *ast.List {
	for j := r.i + 1; j < len(r.blocks); j++ {
		switch n := r.blocks[j].(type) {
		case *ast.List:
			r.i = j
			return n
		case *ast.HTMLBlock:
			if isComment(n, r.b.src) {
				continue
			}
		}
		return nil
	}
	return nil
}

// fieldLines reads a paragraph's lines: field lines become fields, other
// lines the description. A label that ends the paragraph takes the list
// after it.
func (r *sectionReader) fieldLines(lines [][]ast.Node, start, stop int) {
	b := r.b
	// A run of lines that are not fields is one piece of description.
	runFrom, runTo := -1, -1
	flush := func() {
		if runFrom >= 0 {
			r.addDesc(runFrom, runTo)
		}
		runFrom, runTo = -1, -1
	}
	defer flush()
	for j, line := range lines {
		f, ok := b.lineField(line)
		name := ""
		if ok {
			name = sprintLabels[f.label]
		}
		if name == "" {
			r.onlyFields = false
			if ok && j == len(lines)-1 && f.value == "" && !workLabel(f.label) {
				// "**Background:**" ending the paragraph: a list
				// under it is that label's.
				r.labelNext = true
				r.otherLabel = f
			}
			from, to := f.start, f.end
			if from < 0 {
				from, to = start, stop
			}
			if runFrom < 0 {
				runFrom = from
			}
			runTo = max(runTo, to)
			continue
		}
		flush()
		// A label with a value takes the list under it only when the list
		// goes on the value (Tasks, Acceptance Criteria): after
		// "**Labels**: a, b" a list is the minimal style's task list.
		if j == len(lines)-1 && listField(name) && (f.value == "" || name == "tasks" || name == "acceptance criteria") {
			if list := r.nextList(); list != nil {
				r.setList(name, f, list)
				continue
			}
		}
		if j < len(lines)-1 && (name == "tasks" || name == "acceptance criteria") && f.value == "" {
			// "**Tasks**:\n3. Minimum length\n4. No rules" (a list that
			// starts at 3 cannot interrupt a paragraph), "**Tasks**:\n\t-
			// First" (a tab-indented item): the items were folded into
			// the label's paragraph.
			if items := r.paragraphItems(lines[j+1:]); items != nil {
				if list := r.nextList(); list != nil {
					more, _ := r.items(list)
					items = append(items, more...)
				}
				r.set(name, f, items)
				return
			}
		}
		if j < len(lines)-1 && listField(name) && f.value == "" && r.introOnly(lines[j+1:]) {
			// "**Tasks**:\nDo these in order:\n- a": the intro line is
			// text, the list is the label's.
			if list := r.nextList(); list != nil {
				from, _ := r.lineSpan(lines[j+1])
				_, to := r.lineSpan(lines[len(lines)-1])
				r.addDesc(from, to)
				r.setList(name, f, list)
				return
			}
		}
		r.set(name, f, nil)
	}
}

// itemLineRE matches a line that is a list item to its author: a bullet
// or a number, then a blank.
var itemLineRE = lazyMustCompile(`^\s*(?:[-*+]|[0-9]{1,3}[.)])[ \t]+(\S.*)$`)

// paragraphItems reads paragraph lines that are all list items to their
// author ("3. Minimum length 12") as items; nil when one is not.
func (r *sectionReader) paragraphItems(lines [][]ast.Node) []listItem {
	var items []listItem
	for _, l := range lines {
		from, to := r.lineSpan(l)
		if from < 0 {
			return nil
		}
		ls := lineStart(r.b.src, from)
		m := itemLineRE.FindStringSubmatch(strings.TrimRight(string(r.b.src[ls:lineEnd(r.b.src, max(to-1, from))]), "\r\n"))
		if m == nil {
			return nil
		}
		items = append(items, listItem{text: stripCheckbox(strings.TrimSpace(m[1])), pos: r.b.p.Position(ls)})
	}
	return items
}

// setList sets a list field from a label (with or without a value on its
// line) and the list under it.
func (r *sectionReader) setList(name string, f field, list *ast.List) {
	items, lazy := r.items(list)
	if k := r.runOn(list); k > 0 && (lazy == nil || lazy.item >= k) && k < len(items) {
		// "**Files**:\n- a\n- b\n\n- Build it": CommonMark joins the
		// lists across the blank line; the author wrote two.
		rest := items[k:]
		items = items[:k]
		r.set(name, f, items)
		r.b.p.warnf(rest[0].pos, "the list under %s goes on after a blank line; the items from here are read as a list of their own", f.label)
		r.unlabeled(rest, rest[0].pos, bulleted(rest))
		return
	}
	r.set(name, f, items)
	if lazy != nil {
		r.lazyFields(list, lazy)
		return
	}
	if name == "tasks" || name == "acceptance criteria" {
		// A change of bullet marker, or an HTML comment, ends a list in
		// CommonMark; to its author it goes on.
		indent := leadingBlanks(r.b.src[max(r.b.blockStart(list), 0):])
		for next := r.continuedList(); next != nil; next = r.continuedList() {
			more, lazy := r.items(next)
			if st := r.b.blockStart(next); st >= 0 && leadingBlanks(r.b.src[st:]) > indent && lazy == nil {
				// "2. Lockout\n  - unlock by email": a list indented
				// under the last item, too little to nest in CommonMark.
				dst := &r.s.Tasks
				if name == "acceptance criteria" {
					dst = &r.s.Acceptance
				}
				if len(*dst) > 0 {
					(*dst)[len(*dst)-1] += "\n" + subLines(r.b.src[st:r.itemEnd(next, next.LastChild())])
					continue
				}
			}
			cont := f
			cont.value = ""
			r.set(name, cont, more)
			if lazy != nil {
				r.lazyFields(next, lazy)
				return
			}
		}
	}
}

// continuedList returns the list that goes on from the current one: the next
// block, after HTML comments only, with no blank line before it unless a
// comment stood between; it moves past it. nil when there is none.
func (r *sectionReader) continuedList() *ast.List {
	comment := false
	for j := r.i + 1; j < len(r.blocks); j++ {
		switch n := r.blocks[j].(type) {
		case *ast.HTMLBlock:
			if isComment(n, r.b.src) {
				if _, ok := IsAnnotationLine(r.b.src[r.b.blockStart(n):lineEnd(r.b.src, r.b.blockStart(n))]); ok {
					return nil
				}
				comment = true
				continue
			}
		case *ast.List:
			if start := r.b.blockStart(n); comment || (start > 0 && !blankLineBefore(r.b.src, start)) {
				r.i = j
				return n
			}
		}
		return nil
	}
	return nil
}

// fieldItems reads a list whose items are fields ("- **Status**: ✅
// Completed", "- **Branch**: x"): when its first item is one, every item that
// is a field is read as that field, with the list nested under it. It
// returns the other items, and whether it took the list.
func (r *sectionReader) fieldItems(list *ast.List) ([]listItem, bool) {
	b := r.b
	if !r.fieldList(list) {
		return nil, false
	}
	var rest []listItem
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		f, name, ok := r.itemField(it)
		start := b.blockStart(it)
		end := r.itemEnd(list, it)
		if !ok {
			if t := b.itemMarkdown(start, end); t != "" {
				rest = append(rest, listItem{text: t, node: it, pos: b.p.Position(max(start, 0))})
			}
			continue
		}
		var nested []listItem
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			sub, isList := c.(*ast.List)
			if !isList {
				continue
			}
			for si := sub.FirstChild(); si != nil; si = si.NextSibling() {
				ss := b.blockStart(si)
				se := end
				if nx := si.NextSibling(); nx != nil {
					se = b.blockStart(nx)
				}
				if t := b.itemMarkdown(ss, se); t != "" {
					nested = append(nested, listItem{text: t, node: si, pos: b.p.Position(max(ss, 0))})
				}
			}
		}
		if !listField(name) {
			nested = nil
		}
		r.set(name, f, nested)
	}
	r.onlyFields = false
	return rest, true
}

// fieldList reports whether a list is a unit's fields: its first item is
// a field that says how the unit runs ("- **Status**: done"), or the list
// opens with labels the reader does not know ("- **Kind**: foundation",
// "- **Complexity**: L") that run, every item labelled, to such a field
// ("- **Status**: shipped").
func (r *sectionReader) fieldList(list *ast.List) bool {
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		if _, name, ok := r.itemField(it); ok {
			return metaField(name)
		}
		if _, labelled := r.itemLabel(it); !labelled {
			return false
		}
	}
	return false
}

// itemField reads a list item's first line as a field the reader knows.
func (r *sectionReader) itemField(it ast.Node) (field, string, bool) {
	f, ok := r.itemLabel(it)
	if !ok || sprintLabels[f.label] == "" {
		return field{}, "", false
	}
	return f, sprintLabels[f.label], true
}

// itemLabel reads a list item's first line as a bold label and its value
// ("**Kind**: foundation"), known to the reader or not.
func (r *sectionReader) itemLabel(it ast.Node) (field, bool) {
	blk := it.FirstChild()
	if blk == nil || (blk.Kind() != ast.KindParagraph && blk.Kind() != ast.KindTextBlock) {
		return field{}, false
	}
	if em, ok := blk.FirstChild().(*ast.Emphasis); !ok || em.Level != 2 {
		return field{}, false // most items: no label
	}
	lines := paragraphLines(blk, r.b.src)
	if len(lines) == 0 {
		return field{}, false
	}
	return r.b.lineField(lines[0])
}

// metaField reports whether a field, written as the first item of a list,
// makes the list a list of fields: a unit's metadata, not its work.
func metaField(name string) bool {
	switch name {
	case "status", "branch", "worktree", "source branch", "priority", "team", "depends on", "labels", "dev agents", "qa agents", "timeout", "role", "gate":
		return true
	}
	return false
}

// runOn returns the index of the item at which a list under a label is
// two lists to its author, or 0. CommonMark joins lists across a blank
// line; a list whose items are all written tight but one gap, or a list of
// two items with a blank line between, is cut at its first blank line. A
// list of three or more items, every one after a blank line, is one loose
// list.
func (r *sectionReader) runOn(list *ast.List) int { return r.runOnFrom(list, 0) }

// runOnFrom is runOn for the items of list from index from on; the index
// it returns counts from the list's first item.
func (r *sectionReader) runOnFrom(list *ast.List, from int) int {
	first, gaps, n, i := 0, 0, 0, 0
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		if i++; i-1 < from {
			continue
		}
		if n > 0 {
			if start := r.b.blockStart(it); start > 0 && blankLineBefore(r.b.src, start) {
				gaps++
				if first == 0 {
					first = from + n
				}
			}
		}
		n++
	}
	if first == 0 || (gaps == n-1 && n >= 3) {
		return 0
	}
	return first
}

// blankLineBefore reports whether the line before the one starting at
// offset is blank.
func blankLineBefore(src []byte, start int) bool {
	if start == 0 {
		return false
	}
	prev := lineStart(src, start-1)
	return blankBytes(src[prev:start])
}

// listItem is one top-level list item: its text in the item's own
// Markdown, and the AST node.
type listItem struct {
	text string
	node ast.Node
	pos  Pos
}

// lazyCut is a field label that CommonMark folded into a list item as a
// lazy continuation line ("- last task\n**Acceptance Criteria**:").
type lazyCut struct {
	item  int // the top-level item holding it
	at    int // offset of the label line's start
	lines [][]ast.Node
}

// items returns the top-level items of a list up to the first folded-in
// label, and that label.
func (r *sectionReader) items(list *ast.List) ([]listItem, *lazyCut) {
	lazy := r.lazyLabel(list)
	var out []listItem
	k := 0
	first := -1 // the indent of the first item's marker
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		if lazy != nil && k > lazy.item {
			break
		}
		end := r.itemEnd(list, it)
		if lazy != nil && k == lazy.item {
			end = lazy.at
		}
		start := r.b.blockStart(it)
		indent := leadingBlanks(r.b.src[max(start, 0):])
		if first < 0 {
			first = indent
		}
		if indent > first && len(out) > 0 && start >= 0 {
			// "1. Migrate\n  1. bcrypt": indented too little for
			// CommonMark to nest it, but a sub-item to its author.
			out[len(out)-1].text += "\n" + subLines(r.b.src[start:end])
			k++
			continue
		}
		if t := r.b.itemMarkdown(start, end); t != "" {
			out = append(out, listItem{text: t, node: it, pos: r.b.p.Position(max(start, 0))})
		}
		k++
	}
	return out, lazy
}

// subLines renders source lines as indented lines of a task: each trimmed,
// after two blanks.
func subLines(src []byte) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(src), "\r\n"), "\n") {
		if t := strings.TrimSpace(l); t != "" {
			lines = append(lines, "  "+t)
		}
	}
	return strings.Join(lines, "\n")
}

// itemEnd returns the offset where a top-level item of list ends.
func (r *sectionReader) itemEnd(list *ast.List, it ast.Node) int {
	if next := it.NextSibling(); next != nil {
		return r.b.blockStart(next)
	}
	for j, n := range r.blocks {
		if n == list {
			return r.stop(j)
		}
	}
	return r.end
}

// lazyLabel finds the first field label folded into one of the list's
// items: a paragraph line after the first that starts, unindented, with a
// known label.
func (r *sectionReader) lazyLabel(list *ast.List) *lazyCut {
	k := 0
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		if cut := r.lazyIn(it); cut != nil {
			cut.item = k
			return cut
		}
		k++
	}
	return nil
}

func (r *sectionReader) lazyIn(n ast.Node) *lazyCut {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			if !innerBreak(c) {
				continue // one line: no label after the first
			}
			lines := paragraphLines(c, r.b.src)
			for j := 1; j < len(lines); j++ {
				f, ok := r.b.lineField(lines[j])
				if !ok || sprintLabels[f.label] == "" || f.start < 0 {
					continue
				}
				if indent := leadingBlanks(r.b.src[f.start:]); indent > 1 && !(n.NextSibling() == nil && j == len(lines)-1 && gluedLabels[sprintLabels[f.label]]) {
					// Written inside the item: its text. An Acceptance
					// Criteria or Status line glued under the last task is
					// the sprint's, as its author meant.
					continue
				}
				return &lazyCut{at: f.start, lines: lines[j:]}
			}
		case *ast.List:
			for it := c.FirstChild(); it != nil; it = it.NextSibling() {
				if cut := r.lazyIn(it); cut != nil {
					return cut
				}
			}
		}
	}
	return nil
}

// innerBreak reports whether paragraph p has more than one line.
func innerBreak(p ast.Node) bool {
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if lineBreak(c) && c.NextSibling() != nil {
			return true
		}
	}
	return false
}

// gluedLabels are the fields a line glued under a list's last task, and
// indented with it, still starts.
var gluedLabels = map[string]bool{"acceptance criteria": true, "status": true}

// lazyFields reads the fields folded into a list, and gives the items after
// them to the last label when it is a list label with no value.
func (r *sectionReader) lazyFields(list *ast.List, cut *lazyCut) {
	b := r.b
	var last field
	lastName := ""
	for _, line := range cut.lines {
		f, ok := b.lineField(line)
		name := ""
		if ok {
			name = sprintLabels[f.label]
		}
		if name == "" {
			if f.start >= 0 {
				r.addDesc(f.start, f.end)
			}
			continue
		}
		if lastName != "" {
			r.set(lastName, last, nil)
		}
		last, lastName = f, name
	}
	var rest []listItem
	k := 0
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		if k > cut.item {
			start := b.blockStart(it)
			if t := b.itemMarkdown(start, r.itemEnd(list, it)); t != "" {
				rest = append(rest, listItem{text: t, node: it, pos: b.p.Position(max(start, 0))})
			}
		}
		k++
	}
	var after []listItem
	if k := r.runOnFrom(list, cut.item+1); k > 0 && lastName != "" && listField(lastName) {
		k = min(k-(cut.item+1), len(rest))
		rest, after = rest[:k], rest[k:]
	}
	defer func() {
		if len(after) > 0 {
			r.b.p.warnf(after[0].pos, "the list under %s goes on after a blank line; the items from here are read as a list of their own", last.label)
			r.unlabeled(after, after[0].pos, bulleted(after))
		}
	}()
	switch {
	case lastName == "":
	case len(rest) > 0 && listField(lastName):
		r.set(lastName, last, rest)
		return
	default:
		r.set(lastName, last, nil)
	}
	if len(rest) > 0 {
		r.unlabeled(rest, rest[0].pos, bulleted(rest))
	}
}

// bulleted renders list items as a Markdown list.
func bulleted(items []listItem) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- " + it.text)
	}
	return b.String()
}

// texts returns the items' texts.
func texts(items []listItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.text
	}
	return out
}

func listField(name string) bool {
	switch name {
	case "dev agents", "qa agents", "tasks", "acceptance criteria", "labels", "depends on",
		"allowed paths", "forbidden paths", "files", "tests", "gate":
		return true
	}
	return false
}

// set records a field of the sprint: f is its label line, items the list
// under it (nil when there is none).
func (r *sectionReader) set(name string, f field, items []listItem) {
	if prev, dup := r.seenAt(name); dup && !listField(name) {
		r.b.p.warnf(f.pos, "%s is given twice in sprint %s (first at line %d); the last one counts", f.label, r.s.ID, prev.Line)
	}
	r.see(name, f.pos)
	if read, ok := sprintFields[name]; ok {
		read(r, name, f, items)
	}
}

// sprintFields reads each field of a sprint, by its name (fields.go maps
// labels to names).
var sprintFields = map[string]func(r *sectionReader, name string, f field, items []listItem){
	"worktree":            (*sectionReader).setWorktreeOrBranch,
	"branch":              (*sectionReader).setWorktreeOrBranch,
	"source branch":       (*sectionReader).setSourceBranch,
	"team":                (*sectionReader).setTeam,
	"status":              (*sectionReader).setStatus,
	"priority":            (*sectionReader).setPriority,
	"labels":              (*sectionReader).setLabels,
	"depends on":          (*sectionReader).setDependsOn,
	"dev agents":          (*sectionReader).setAgents,
	"qa agents":           (*sectionReader).setAgents,
	"allowed paths":       (*sectionReader).setPins,
	"forbidden paths":     (*sectionReader).setPins,
	"files":               (*sectionReader).setPins,
	"tests":               (*sectionReader).setTests,
	"timeout":             (*sectionReader).setTimeout,
	"role":                (*sectionReader).setRole,
	"gate":                (*sectionReader).setGate,
	"tasks":               (*sectionReader).setTexts,
	"acceptance criteria": (*sectionReader).setTexts,
}

// setWorktreeOrBranch keeps the whole value: a branch with a space in it
// is refused where branches are checked, never cut to its first word.
func (r *sectionReader) setWorktreeOrBranch(name string, f field, _ []listItem) {
	v := f.code
	if v == "" {
		v = f.value
	}
	if v == "" {
		// A field left blank ("- **Branch**: " in a template's slot)
		// says nothing: the default stands, and the user is told.
		r.b.p.warnf(f.pos, "%s of sprint %s is empty, so it gets the default one", f.label, r.s.ID)
		return
	}
	if name == "worktree" {
		r.s.Worktree = Field{Value: v, Pos: f.pos}
	} else {
		r.s.Branch = Field{Value: v, Pos: f.pos}
	}
}

func (r *sectionReader) setSourceBranch(_ string, f field, _ []listItem) {
	v := f.code
	if v == "" {
		if ws := strings.Fields(f.value); len(ws) > 0 {
			v = ws[0]
		}
	}
	if v == "" {
		r.b.p.warnf(f.pos, "%s of sprint %s is empty, so it gets the default one", f.label, r.s.ID)
		return
	}
	r.s.SourceBranch = Field{Value: v, Pos: f.pos}
}

func (r *sectionReader) setTeam(_ string, f field, _ []listItem) {
	v := f.code
	if v == "" {
		v = f.value
	}
	r.s.Team = Field{Value: v, Pos: f.pos}
}

// setStatus reads the sprint's Status, and keeps where its value stands,
// for the live view.
func (r *sectionReader) setStatus(_ string, f field, _ []listItem) {
	b, s := r.b, r.s
	if strings.TrimSpace(f.value) != "" && !readStatus(liveValue(f, b.src)).known && doneMark(readShape(s.Heading.Text)) != "" {
		// "### Phase 1: Grid [DONE]" over "**Status:** 34 passing, 5
		// fixme": the heading says the unit is done, the field
		// something else; the heading's mark stands.
		b.p.warnf(f.pos, "Status %q of sprint %s is not a status the compiler knows; its heading's done mark stands", f.value, s.ID)
		return
	}
	st := b.status(f, "sprint "+s.ID)
	if st.status == statusSkipped {
		if !s.Skipped {
			s.Skipped, s.SkipReason = true, "Status: "+f.value
		}
		return
	}
	s.Status = Field{Value: st.status, Pos: f.pos}
	s.StatusValue = Span{}
	if f.start >= 0 && f.end > f.start {
		end := f.end
		for end > f.start && (b.src[end-1] == '\n' || b.src[end-1] == '\r') {
			end--
		}
		start := end
		if f.valueStart >= 0 && f.valueStart <= end {
			start = f.valueStart
		}
		s.StatusValue = Span{Start: start, End: end}
	}
}

func (r *sectionReader) setPriority(_ string, f field, _ []listItem) {
	if pr, ok := normalPriority(f.value); ok {
		r.s.Priority = Field{Value: pr, Pos: f.pos}
	} else {
		// One value that does not read is not the refusal of the plan.
		r.b.p.warnf(f.pos, "priority %q of sprint %s is not read (want P0-P4 or 0-4): the sprint keeps the plan's priority", f.value, r.s.ID)
	}
}

func (r *sectionReader) setLabels(_ string, f field, items []listItem) {
	s := r.s
	s.Labels = append(s.Labels, splitList(f.value)...)
	for _, it := range items {
		s.Labels = append(s.Labels, splitList(plainText(it.node.FirstChild(), r.b.src))...)
	}
}

func (r *sectionReader) setDependsOn(_ string, f field, items []listItem) {
	b, s := r.b, r.s
	s.DependsOn = append(s.DependsOn, b.refs(f.value, f.valueStart, f.pos, s)...)
	for _, it := range items {
		blk := it.node.FirstChild()
		if blk == nil {
			continue
		}
		s.DependsOn = append(s.DependsOn, b.refs(plainText(blk, b.src), nodeStart(blk.FirstChild()), it.pos, s)...)
	}
}

func (r *sectionReader) setAgents(name string, f field, items []listItem) {
	b, s := r.b, r.s
	var agents []Agent
	kind := "dev agent"
	if name == "qa agents" {
		kind = "QA agent"
	}
	if f.value != "" {
		agents = append(agents, b.inlineAgents(s, kind, f)...)
	}
	for _, it := range items {
		if a, ok := b.itemAgent(s, kind, it); ok {
			agents = append(agents, a)
		}
	}
	if name == "dev agents" {
		s.DevAgents = append(s.DevAgents, agents...)
	} else {
		s.QAAgents = append(s.QAAgents, agents...)
	}
}

// setPins reads allowed paths, forbidden paths and files: glob patterns
// (files: plain paths) inside the repository.
func (r *sectionReader) setPins(name string, f field, items []listItem) {
	b, s := r.b, r.s
	check := CheckPattern
	if name == "files" {
		check = CheckFile
	}
	var pins []Pin
	for _, p := range b.pinValues(f, items) {
		if err := check(p.Value); err != nil {
			if b.shapes && name == "files" {
				// A plan of another shape lists the files a task
				// touches ("**Files:** Create: …, Test: tests/*_test.go"):
				// one that is no path is not pinned, and the plan reads on.
				b.p.warnf(p.Pos, "%s of sprint %s: %v; it is not pinned", f.label, s.ID, err)
				continue
			}
			b.p.errorf(p.Pos, "%s of sprint %s: %v", f.label, s.ID, err)
			continue
		}
		pins = append(pins, p)
	}
	switch name {
	case "allowed paths":
		s.AllowedPaths = append(s.AllowedPaths, pins...)
	case "forbidden paths":
		s.ForbiddenPaths = append(s.ForbiddenPaths, pins...)
	default:
		s.Files = append(s.Files, pins...)
	}
}

func (r *sectionReader) setTests(_ string, f field, items []listItem) {
	r.s.Tests = append(r.s.Tests, r.b.commands(f, items)...)
}

func (r *sectionReader) setTimeout(_ string, f field, _ []listItem) {
	n, ok := readTimeout(f.value)
	if !ok {
		// "**Timeout:** 30s per request": the plan's subject, not the
		// agent's time budget.
		r.b.p.warnf(f.pos, "timeout %q of sprint %s is read as prose, not as its time budget (minutes like 45m, 2h or 90)", f.value, r.s.ID)
		return
	}
	r.s.TimeoutMinutes, r.s.Timeout = n, Field{Value: f.value, Pos: f.pos}
}

func (r *sectionReader) setRole(_ string, f field, _ []listItem) {
	v := strings.ToLower(strings.Trim(f.value, "`*_ "))
	if !validRole(v) {
		// "**Role:** Tester", "**Role**: Architecture oversight": the
		// job the unit's text gives someone, not a task input's role.
		r.b.p.warnf(f.pos, "role %q of sprint %s is read as prose, not as its role (one of %s)", f.value, r.s.ID, strings.Join(Roles, ", "))
		return
	}
	r.s.Role = Field{Value: v, Pos: f.pos}
}

// setTexts reads tasks and acceptance criteria: the label's own value
// and each item, in Markdown.
func (r *sectionReader) setTexts(name string, f field, items []listItem) {
	b, s := r.b, r.s
	var texts []string
	if len(items) > 0 {
		texts = make([]string, 0, len(items)+1)
	}
	if placeholder(f.value) {
		// "**Tasks**: TBD", "none yet — waiting for the icon audit": no
		// work is named yet.
		b.p.warnf(f.pos, "%s of sprint %s says %q, which names no work yet: it is not read as a %s", f.label, s.ID, f.value, map[string]string{"tasks": "task", "acceptance criteria": "criterion"}[name])
	} else if f.value != "" && !meaningless(f.value) {
		texts = append(texts, b.valueMarkdown(f))
	}
	for _, it := range items {
		texts = append(texts, it.text)
	}
	for i, t := range texts {
		texts[i] = b.withRefs(t)
	}
	if name == "tasks" {
		s.Tasks = append(s.Tasks, texts...)
	} else {
		s.Acceptance = append(s.Acceptance, texts...)
	}
}

// placeholderRE matches a value that stands in for work not named yet.
var placeholderRE = lazyMustCompile(`(?i)^(?:tbd|tbc|tba|n/a|na|none|nothing|pending|\?+|to be (?:decided|defined|determined|confirmed|written))(?:\s+yet)?(?:$|[\s.,;:(—–-])`)

// placeholder reports whether a Tasks or Acceptance Criteria value only
// says that no work is named yet: "TBD", "none yet — waiting for ...".
func placeholder(v string) bool {
	return placeholderRE.MatchString(strings.TrimSpace(strings.Trim(v, "*_`")))
}

// status reads a Status field, warning where the words are not plain.
func (b *builder) status(f field, who string) statusReading {
	r := readStatus(liveValue(f, b.src))
	switch {
	case strings.TrimSpace(f.value) == "":
		b.p.warnf(f.pos, "Status of %s is empty; read as open", who)
	case !r.known:
		b.p.warnf(f.pos, "Status %q of %s is not a status the compiler knows; read as open (known: done, in progress, blocked, open, skipped, and their usual words and emoji)", f.value, who)
	case r.note != "":
		b.p.warnf(f.pos, "Status %q of %s read as %s: %s", f.value, who, strings.ReplaceAll(r.status, "_", " "), r.note)
	case r.part != "":
		b.p.warnf(f.pos, "Status %q of %s read as %s: %q speaks of part of the work, so nothing is skipped", f.value, who, strings.ReplaceAll(r.status, "_", " "), r.part)
	}
	return r
}

// refs reads the sprint ids named in a Depends on value, which starts at
// offset at in the source (-1: unknown; pos then places every id).
func (b *builder) refs(v string, at int, pos Pos, s *Sprint) []Ref {
	var out []Ref
	trimmed := strings.TrimSpace(strings.Trim(strings.TrimSpace(v), ".`*_"))
	switch strings.ToLower(trimmed) {
	case "", "none", "n/a", "na", "-", "—", "nothing", "no dependencies":
		return nil
	}
	// "none (runs alongside 2.1a)", "nothing beyond Phase 2 — not 3a.1":
	// the value says none; ids after it are context, not dependencies.
	none := false
	if f := strings.FieldsFunc(strings.ToLower(trimmed), func(r rune) bool { return !unicode.IsLetter(r) && r != '/' && r != '\'' }); len(f) > 0 {
		switch f[0] {
		case "none", "nothing", "n/a", "no", "nada", "keine", "aucune", "ninguna", "nenhuma":
			none = true
		}
	}
	var context []string
	raw := ""
	if at >= 0 {
		raw = string(b.src[at:lineEnd(b.src, at)])
	}
	search := 0
	found := false
	prev := ""
	for _, tok := range strings.FieldsFunc(v, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '(' || r == ')' || r == '`' || r == '*' || r == '[' || r == ']'
	}) {
		id := strings.TrimRight(tok, ".:")
		word := strings.ToLower(strings.Trim(tok, ".:—–-"))
		if allDigits(id) && phaseWord(prev) && !none && !refNegations[prev] {
			// "Depends on: Phase 2": every unit of that phase, once the
			// plan is read (resolvePhaseRefs).
			b.phaseRefs = append(b.phaseRefs, phaseRef{s: s, phase: canonicalNum(id), pos: pos})
			found = true
			prev = word
			continue
		}
		if phaseWord(prev) && !none && !refNegations[prev] && b.writtenPhase(id) {
			// "Depends on: Phase 13.1" where a heading writes "### Phase
			// 13.1: …" (read as phase 13): that phase's units, not a
			// unit 13.1.
			b.phaseRefs = append(b.phaseRefs, phaseRef{s: s, phase: id, written: true, pos: pos})
			found = true
			prev = word
			continue
		}
		if allDigits(id) && !none && !refNegations[prev] && prev != "" {
			if w, rest, ok := matchWord(prev, unitWords); ok && rest == "" {
				// "Depends on: Task 1" where the units are "## Task 1:
				// ...": the unit of that word and number, once the plan
				// is read (resolveUnitRefs).
				b.unitRefs = append(b.unitRefs, unitRef{s: s, word: w, id: id, pos: pos})
				found = true
				prev = word
				continue
			}
		}
		if gluedRefRE.MatchString(id) && !none && !refNegations[prev] {
			// "Depends on: M07.3, M03" where the units are "### M07.3 —
			// Arrays": the unit whose heading has that id, once the plan
			// is read (resolveUnitRefs).
			b.unitRefs = append(b.unitRefs, unitRef{s: s, id: id, pos: pos})
			found = true
			prev = word
			continue
		}
		if !idShaped(id) {
			if word != "" {
				prev = word
			}
			continue
		}
		if none || refNegations[prev] {
			// "not 3a.1", "unlike 2.2": named, but not as a need.
			context = append(context, id)
			continue
		}
		found = true
		p := pos
		if k := strings.Index(raw[min(search, len(raw)):], id); k >= 0 {
			p = b.p.Position(at + search + k)
			search += k + len(id)
		}
		if _, _, _, ok := splitSprintID(id); !ok {
			if w, rest, isWord := matchWord(prev, unitWords); b.shapes && isWord && rest == "" {
				// "Depends On: Task 1.2.1" where the units are "### Task
				// 1.2.1: Fix the bug", read as 1.3: the unit whose
				// heading opens with them, once the plan is read.
				b.unitRefs = append(b.unitRefs, unitRef{s: s, word: w, id: id, pos: p})
				continue
			}
			if b.shapes {
				b.p.warnf(p, "Depends on of sprint %s names %q, which is no unit id (like 1.2 or 3a.2b); no dependency is added for it", s.ID, id)
				continue
			}
			b.p.errorf(p, "malformed sprint id %q in Depends on of sprint %s: want ids like 1.2 or 3a.2b", id, s.ID)
			continue
		}
		out = append(out, Ref{ID: canonicalSprintID(id), Pos: p})
	}
	switch {
	case len(context) > 0 && none:
		b.p.warnf(pos, "Depends on %q of sprint %s says none; %s, named after it, is not read as a dependency", trimmed, s.ID, strings.Join(context, ", "))
	case len(context) > 0:
		b.p.warnf(pos, "Depends on %q of sprint %s names %s with a negation; it is not read as a dependency", trimmed, s.ID, strings.Join(context, ", "))
	case !found:
		b.p.warnf(pos, "Depends on %q of sprint %s names no sprint id (like 1.2 or 3a.2b); no dependency is added", trimmed, s.ID)
	}
	return out
}

// refNegations, before an id in a Depends on value, say it is not a
// dependency: "not 3a.1", "unlike 2.2", "except 1.3".
var refNegations = map[string]bool{"not": true, "unlike": true, "except": true, "excluding": true, "without": true, "nor": true, "besides": true}

// idShaped reports whether a word is meant as a sprint id: digits, a dot,
// then a digit or letter ("1.2", "1.A", "1.2.3"; not "v2" or "2.").
func idShaped(w string) bool {
	dot := strings.IndexByte(w, '.')
	if dot <= 0 || dot == len(w)-1 || w[0] < '0' || w[0] > '9' {
		return false
	}
	for _, r := range w {
		if !(r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func splitList(v string) []string {
	var out []string
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// Models are the models beads-ralph runs agents on.
var Models = []string{"sonnet", "opus", "haiku"}

// inlineAgents reads agents written on the label's line, separated by
// commas: "`go-dev` (opus), `go-reviewer` (haiku)".
func (b *builder) inlineAgents(s *Sprint, kind string, f field) []Agent {
	var out []Agent
	for _, part := range splitTopLevel(b.valueMarkdown(f)) {
		if a, ok := b.agent(s, kind, part, f.pos); ok {
			out = append(out, a)
		}
	}
	return out
}

// splitTopLevel splits v at commas outside parentheses and backticks.
func splitTopLevel(v string) []string {
	var out []string
	depth, code, last := 0, false, 0
	for i, r := range v {
		switch {
		case r == '`':
			code = !code
		case code:
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case r == ',' && depth == 0:
			out = append(out, v[last:i])
			last = i + 1
		}
	}
	out = append(out, v[last:])
	return out
}

// itemAgent reads "`name` (model) - prompt" from a list item.
func (b *builder) itemAgent(s *Sprint, kind string, it listItem) (Agent, bool) {
	blk := it.node.FirstChild()
	if blk == nil {
		return Agent{}, false
	}
	// The item's own Markdown, so the name's backticks show.
	text := it.text
	if k := strings.IndexByte(text, '\n'); k >= 0 {
		text = text[:k]
	}
	return b.agent(s, kind, text, it.pos)
}

// agentEntry is the shape of an agent entry: a name in backticks or one
// bare word, an optional (model), then an optional note or prompt after a
// dash or colon.
var agentEntry = lazyMustCompile("^(?:`([^`]*)`|([^\\s`(]+))\\s*(?:\\(([^)]*)\\))?\\s*(?:[-–—:]\\s*(.*))?$")

// agent reads one agent entry. A bare name must be one word: "Repository
// layer" is prose, not an agent.
func (b *builder) agent(s *Sprint, kind, text string, pos Pos) (Agent, bool) {
	text = strings.TrimSpace(text)
	m := agentEntry.FindStringSubmatch(text)
	if m == nil {
		b.p.errorf(pos, "%s entry %q of sprint %s: want `name` (model) - prompt, like `qa-schema-validator` (haiku) - Validate against schema", kind, text, s.ID)
		return Agent{}, false
	}
	name := m[1] + m[2]
	if !agentRE.MatchString(name) || strings.Contains(name, "..") {
		b.p.errorf(pos, "agent name %q in sprint %s: want a file name like python-backend-dev", name, s.ID)
		return Agent{}, false
	}
	a := Agent{Name: strings.TrimSuffix(name, ".md"), Pos: pos, Prompt: strings.TrimSpace(m[4])}
	if raw := strings.TrimSpace(m[3]); raw != "" {
		model, ok := readModel(raw)
		if !ok {
			b.p.errorf(pos, "model %q of %s %s in sprint %s: beads-ralph runs sonnet, opus or haiku", raw, kind, name, s.ID)
			return Agent{}, false
		}
		a.Model = model
	}
	return a, true
}

// readModel finds the one model a model note names: "sonnet", "Claude
// Opus 4", "haiku 3.5".
func readModel(raw string) (string, bool) {
	found := ""
	for _, w := range strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	}) {
		for _, m := range Models {
			if w == m {
				if found != "" && found != m {
					return "", false
				}
				found = m
			}
		}
	}
	return found, found != ""
}

// itemMarkdown returns a list item's text, in its own Markdown, from the
// item's first line (offset start) to offset end: the list marker and a
// task checkbox dropped, later lines indented two spaces under the first
// whatever their indent was, blank lines at the end dropped.
func (b *builder) itemMarkdown(start, end int) string {
	if start < 0 || end <= start {
		return ""
	}
	src, text := b.src, b.source()
	first := lineEnd(src, start)
	if first > end {
		first = end
	}
	line := strings.TrimRight(text[start:first], "\r\n")
	quoted := strings.HasPrefix(strings.TrimLeft(line, " "), ">")
	if quoted {
		// An item of a list in a block quote: "> - Golden tests".
		line = unquote(line)
	}
	content := markerEnd(line)
	head := strings.TrimRight(stripCheckbox(line[content:]), " \t")
	var out []byte     // head and the lines after it, once there is one
	var pending []byte // blank lines, written only if text follows
	for i := first; i < end; {
		e := min(lineEnd(src, i), end)
		l := strings.TrimRight(text[i:e], "\r\n")
		i = e
		if quoted {
			l = unquote(l)
		}
		if strings.TrimSpace(l) == "" {
			pending = append(pending, '\n')
			continue
		}
		if out == nil {
			out = append(out, head...)
		}
		out = append(out, pending...)
		pending = pending[:0]
		out = append(out, '\n', ' ', ' ')
		out = append(out, strings.TrimRight(dedent(l, content), " \t")...)
	}
	if out == nil {
		return strings.TrimSpace(head) // one line: a piece of the source
	}
	return strings.TrimSpace(string(out))
}

// unquote drops a block quote's marker from a line: "> - a" gives "- a".
func unquote(l string) string {
	t := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(t, ">") {
		return l
	}
	t = t[1:]
	if strings.HasPrefix(t, " ") {
		t = t[1:]
	}
	return t
}

// markerEnd returns the offset of a list item's content in its first line:
// past the indent, the marker ("-", "*", "+", "1.", "1)") and the blanks
// after it.
func markerEnd(line string) int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	switch {
	case i < len(line) && strings.IndexByte("-*+", line[i]) >= 0:
		i++
	default:
		j := i
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j > i && j < len(line) && (line[j] == '.' || line[j] == ')') {
			i = j + 1
		}
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// stripCheckbox drops a task checkbox ("[ ]", "[x]") from an item's text.
func stripCheckbox(t string) string {
	if len(t) >= 3 && t[0] == '[' && t[2] == ']' && strings.IndexByte(" xX", t[1]) >= 0 {
		return strings.TrimLeft(t[3:], " \t")
	}
	return t
}

// dedent removes up to n columns of leading blanks from a line; a tab
// counts to the next multiple of four.
func dedent(l string, n int) string {
	col, i := 0, 0
	for i < len(l) && col < n {
		switch l[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return l[i:]
		}
		i++
	}
	return l[i:]
}

// leadingBlanks counts the spaces and tabs at the start of b.
func leadingBlanks(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t') {
		n++
	}
	return n
}

// valueMarkdown returns the Markdown written after a label on its line.
func (b *builder) valueMarkdown(f field) string {
	if f.valueStart < 0 {
		return f.value
	}
	e := lineEnd(b.src, f.valueStart)
	return strings.TrimSpace(strings.TrimRight(string(b.src[f.valueStart:e]), "\r\n"))
}

// firstCode returns the text of the first code span in n, or "".
func firstCode(n ast.Node, src []byte) string {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if cs, ok := c.(*ast.CodeSpan); ok {
			return inlineText(cs, src)
		}
	}
	return ""
}

// isComment reports whether an HTML block is a comment.
func isComment(n *ast.HTMLBlock, src []byte) bool {
	return n.HTMLBlockType == ast.HTMLBlockType2 ||
		(n.Lines().Len() > 0 && strings.HasPrefix(strings.TrimSpace(string(lineValue(n, src))), "<!--"))
}

// blankBytes reports whether b holds only blanks and line endings.
func blankBytes(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// annotation reads the back-annotation comment on the line at offset at.
func (b *builder) annotation(at int) *Annotation {
	e := lineEnd(b.src, at)
	id, ok := IsAnnotationLine(b.src[at:e])
	if !ok {
		return nil
	}
	a := &Annotation{ID: id, Pos: b.p.Position(at), Start: at, End: e}
	if !ValidBeadID(id) {
		b.p.errorf(a.Pos, "annotation %q does not name a valid bead id", id)
		a.ID = ""
	}
	return a
}

func normalPriority(v string) (string, bool) {
	w := strings.Fields(v)
	if len(w) == 0 {
		return "", false
	}
	p := strings.TrimPrefix(strings.ToUpper(strings.Trim(w[0], "`*_")), "P")
	if len(p) == 1 && p[0] >= '0' && p[0] <= '4' {
		return p, true
	}
	return "", false
}

// finishPreamble reads the fields before the first phase into the plan's
// defaults, and checks that annotations are unique.
func (b *builder) finishPreamble() {
	if len(b.p.Sprints)+len(b.p.Skipped)+len(b.p.Phases) > 0 {
		// With no phase and no unit the "preamble" is the whole document,
		// which is no plan: its labels ("**Timeout:** 300s" in a design)
		// are not the plan's settings, and the refusal says why.
		b.p.Defaults = b.p.Defaults.Merge(b.readPreamble())
	}

	owner := map[string]*Sprint{}
	check := func(s *Sprint) {
		if s.Annotation == nil || s.Annotation.ID == "" {
			return
		}
		if prev, dup := owner[s.Annotation.ID]; dup {
			b.p.errorf(s.Annotation.Pos, "bead id %s annotates both sprint %s (line %d) and sprint %s", s.Annotation.ID, prev.ID, prev.Annotation.Pos.Line, s.ID)
			return
		}
		owner[s.Annotation.ID] = s
	}
	for _, s := range b.p.Sprints {
		check(s)
	}
}

// lineValue returns the first line of a block.
func lineValue(n ast.Node, src []byte) []byte {
	seg := n.Lines().At(0)
	return seg.Value(src)
}

// pinValues reads the paths of a pin field: comma-separated on the label's
// line, or one per list item; code spans hold a path whole.
func (b *builder) pinValues(f field, items []listItem) []Pin {
	var out []Pin
	if f.value != "" {
		raw := b.valueMarkdown(f)
		for _, part := range splitTopLevel(raw) {
			if v := strings.Trim(strings.TrimSpace(part), "`"); v != "" {
				out = append(out, Pin{Value: v, Pos: f.pos})
			}
		}
	}
	for _, it := range items {
		if v := firstWordOrCode(it.text); v != "" {
			out = append(out, Pin{Value: v, Pos: it.pos})
		}
	}
	return out
}

// commands reads the commands of a Tests field: every code span on the
// label's line (or the whole value), and each list item's first code span
// (or its whole text).
func (b *builder) commands(f field, items []listItem) []Pin {
	var out []Pin
	if f.value != "" {
		if spans := codeSpans(b.valueMarkdown(f)); len(spans) > 0 {
			for _, c := range spans {
				out = append(out, Pin{Value: c, Pos: f.pos})
			}
		} else {
			out = append(out, Pin{Value: f.value, Pos: f.pos})
		}
	}
	for _, it := range items {
		line := it.text
		if k := strings.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		if spans := codeSpans(line); len(spans) > 0 {
			out = append(out, Pin{Value: spans[0], Pos: it.pos})
		} else if t := strings.TrimSpace(line); t != "" {
			out = append(out, Pin{Value: t, Pos: it.pos})
		}
	}
	return out
}

// codeSpans returns the texts of the single-backtick code spans in a line
// of Markdown.
func codeSpans(md string) []string {
	var out []string
	for {
		i := strings.IndexByte(md, '`')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(md[i+1:], '`')
		if j < 0 {
			return out
		}
		if c := strings.TrimSpace(md[i+1 : i+1+j]); c != "" {
			out = append(out, c)
		}
		md = md[i+j+2:]
	}
}

// firstWordOrCode returns an item's first code span, or else its first
// word.
func firstWordOrCode(md string) string {
	if spans := codeSpans(md); len(spans) > 0 {
		return spans[0]
	}
	if ws := strings.Fields(md); len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// refLabelRE finds the labels a text's reference links use: [text][label],
// [label][] and [label].
var refLabelRE = lazyMustCompile(`\[([^\[\]]+)\](?:\[([^\[\]]*)\])?`)

// refKey normalises a link label as CommonMark matches them.
func refKey(label string) string { return strings.ToLower(strings.Join(strings.Fields(label), " ")) }

// withRefs appends to a prompt the definitions of the reference links it
// uses, so the link keeps its target once the prompt stands alone.
func (b *builder) withRefs(t string) string {
	if len(b.linkRefs) == 0 || !strings.Contains(t, "]") {
		return t
	}
	var defs []string
	seen := map[string]bool{}
	for _, m := range refLabelRE.FindAllStringSubmatch(t, -1) {
		label := m[2]
		if label == "" {
			label = m[1]
		}
		k := refKey(label)
		r, ok := b.linkRefs[k]
		if !ok || seen[k] {
			continue
		}
		seen[k] = true
		def := "[" + label + "]: " + string(r.Destination())
		if title := r.Title(); len(title) > 0 {
			def += " \"" + string(title) + "\""
		}
		defs = append(defs, def)
	}
	if len(defs) == 0 {
		return t
	}
	return t + "\n\n  " + strings.Join(defs, "\n  ")
}

// liveValue is a field's value without the words struck through in it: a
// struck status no longer applies ("~~In progress~~ ✅ Done" is done).
func liveValue(f field, src []byte) string {
	struck := false
	var out []byte
	for _, n := range f.rest {
		if _, ok := n.(*east.Strikethrough); ok {
			struck = true
			out = append(out, ' ')
			continue
		}
		out = appendNode(out, n, src)
	}
	if !struck {
		return f.value
	}
	return strings.TrimSpace(string(out))
}

// introOnly reports whether lines are text that introduces a list: no field
// among them, and the last ends with a colon.
func (r *sectionReader) introOnly(lines [][]ast.Node) bool {
	for _, l := range lines {
		if f, ok := r.b.lineField(l); ok && sprintLabels[f.label] != "" {
			return false
		}
	}
	from, to := r.lineSpan(lines[len(lines)-1])
	return from >= 0 && strings.HasSuffix(strings.TrimSpace(string(r.b.src[from:to])), ":")
}

// lineSpan returns the byte range of a paragraph line, or -1, -1.
func (r *sectionReader) lineSpan(line []ast.Node) (int, int) {
	s := nodeStart(line[0])
	if s < 0 {
		return -1, -1
	}
	return lineStart(r.b.src, s), lineEnd(r.b.src, s)
}

// preconditionLabel reports whether a label names what must hold before
// the unit's work starts ("Prerequisites", "Before you start",
// "Readiness"): a checklist under it is not the unit's work. A checklist
// under another label ("Interfaces:", then the steps in the same list) is.
func preconditionLabel(label string) bool {
	l := strings.ToLower(label)
	for _, w := range []string{"prereq", "pre-req", "before you start", "before starting", "readiness", "precondition", "entry criteria", "handled by"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// phaseRef is a Depends on value that names a whole phase ("Phase 2").
type phaseRef struct {
	s     *Sprint
	phase string
	pos   Pos
	// written: phase is an id as a heading writes it (Phase.Written).
	written bool
}

// insertedPhase reports a phase whose heading says it was inserted between
// others, as a GSD roadmap marks its decimal phases: "### Phase 13.1:
// Dockerfile Dependencies (INSERTED)".
func insertedPhase(ph *Phase) bool {
	return strings.Contains(strings.ToLower(ph.Heading.Text), "inserted")
}

// writtenPhase reports a phase read so far whose heading writes id where
// its ID keeps only the number ("Phase 13.1").
func (b *builder) writtenPhase(id string) bool {
	return strings.Contains(id, ".") && slices.ContainsFunc(b.p.Phases, func(ph *Phase) bool { return ph.Written == id })
}

// unitRef is a Depends on value that names a unit by its word and whole
// number as written ("Task 1"), s the unit that depends on it.
// gluedRefRE is a unit's id of capitals glued to a number, as a
// dependency names it: "M03", "M07.3", "US12".
var gluedRefRE = lazyMustCompile(`^[A-Z]{1,4}[0-9]+(?:\.[0-9]+)?$`)

type unitRef struct {
	s        *Sprint
	word, id string
	pos      Pos
}

// resolveUnitRefs gives each unit that names another by its word and
// number ("Depends on: Task 1") the one unit whose heading opens with
// them; with none, or more than one, no dependency is added, and a
// warning says so.
func (b *builder) resolveUnitRefs() {
	var idx unitIndex
	for _, r := range b.unitRefs {
		if r.word == "" {
			// An id of capitals glued to a number ("M07.3"): the unit
			// whose heading opens with it.
			if idx == nil {
				idx = newUnitIndex(b.defs)
			}
			if u := idx.unit(r.id); u != nil && u != r.s && !u.Skipped {
				r.s.DependsOn = append(r.s.DependsOn, Ref{ID: u.ID, Pos: r.pos})
				if slices.Index(b.defs, u) > slices.Index(b.defs, r.s) {
					// "M03.2" written before "M05" that it needs: the
					// plan states this unit's place, over its number.
					r.s.DepsStated = true
				}
				continue
			}
			b.p.warnf(r.pos, "Depends on of sprint %s names %q, which no unit heading opens with; no dependency is added for it", r.s.ID, r.id)
			continue
		}
		var found []*Sprint
		for _, u := range b.defs {
			t := strings.TrimLeftFunc(u.Heading.Text, decoration)
			if u == r.s || u.Skipped {
				continue
			}
			if w, rest, ok := matchWord(t, []string{r.word}); ok && w != "" {
				num := strings.TrimSpace(rest)
				digits := "0123456789"
				if strings.Contains(r.id, ".") {
					digits += "." // "Task 1.2.1", a dotted id as written
				}
				num = strings.TrimRight(num[:len(num)-len(strings.TrimLeft(num, digits))], ".")
				if num == r.id {
					found = append(found, u)
				}
			}
		}
		if len(found) != 1 {
			what := "no unit heading opens with"
			if len(found) > 1 {
				what = fmt.Sprintf("%d unit headings open with", len(found))
			}
			b.p.warnf(r.pos, "Depends on of sprint %s names %q, which %s; no dependency is added for it", r.s.ID, r.word+" "+r.id, what)
			continue
		}
		r.s.DependsOn = append(r.s.DependsOn, Ref{ID: found[0].ID, Pos: r.pos})
	}
	b.unitRefs = nil
}

// resolvePhaseRefs gives each unit that depends on a phase the units of
// that phase, now that every unit is read.
func (b *builder) resolvePhaseRefs() {
	plain := map[string]bool{} // the ids of phases written as they are read
	for _, ph := range b.p.Phases {
		if ph.Written == "" {
			plain[ph.ID] = true
		}
	}
	for _, r := range b.phaseRefs {
		n, skipped := 0, 0
		for _, u := range b.defs {
			switch {
			// "Phase 13" is not the "Phase 13.1 (INSERTED)" read as phase
			// 13, where a "Phase 13" is written too; a "Phase 1.1" part
			// of Phase 1 is Phase 1's.
			case u.Phase == nil || u == r.s || r.written && u.Phase.Written != r.phase || !r.written && (u.Phase.ID != r.phase || u.Phase.Written != "" && plain[r.phase] && insertedPhase(u.Phase)):
			case u.Skipped:
				skipped++
			default:
				r.s.DependsOn = append(r.s.DependsOn, Ref{ID: u.ID, Pos: r.pos})
				n++
			}
		}
		switch {
		case n == 0 && skipped > 0:
			b.p.diag(Info, r.pos, "Depends on of sprint %s names phase %s, whose units are all skipped: nothing to wait on", r.s.ID, r.phase)
		case n == 0:
			b.p.warnf(r.pos, "Depends on of sprint %s names phase %s, which has no unit to wait on; no dependency is added", r.s.ID, r.phase)
		}
	}
	b.phaseRefs = nil
}
