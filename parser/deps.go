package parser

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads the dependencies a plan states outside its units'
// "Depends on" fields, once the units are known:
//
//   - arrow lists, in code blocks and in paragraphs: "T1 → T2, T3",
//     "T4, T5, T6, T7 → T8", "1.1 -> 1.2": every unit on the right of an
//     arrow waits on every unit on its left;
//   - stated execution orders: "Recommended execution order: 1 → 2 → 4 → 3"
//     (an arrow list after a label);
//   - "**Blocks**: X, Y" fields in a unit's section: X and Y wait on it;
//   - tables with a "Depends On" (or "Deps", "Dependencies", "Blocked by")
//     column whose rows name a unit in their first cell.
//
// A line counts only when every name in it is a unit of the plan, so prose
// arrows ("`channel` → `default_channel`") are left alone. A unit that gets
// a stated dependency waits on exactly what the plan states
// (Sprint.DepsStated); the numbering orders only the units the plan leaves
// open. A stated order that runs against the numbering is a warning at its
// line, saying that the stated order is followed.

var (
	arrowRE  = lazyMustCompile(`\s*(?:→|->|⟶|=>)\s*`)
	itemSep  = lazyMustCompile(`\s*(?:,|;|&|\+|\band\b)\s*`)
	unitIDRE = lazyMustCompile(`^(?:([A-Za-z][A-Za-z-]*)\s+)?([A-Za-z]{0,4}-?[0-9]+(?:\.[0-9]+)*[a-z]?)\s*(?:[:)—–-]|\.(?:\s|$)|$)`)
)

// mayHold reports, from a block's source lines alone, whether it may hold
// an arrow list and whether a line may hold a field whose label contains
// word: the cheap test that spares building the text of every paragraph.
func mayHold(n ast.Node, src []byte, words ...string) (arrows, field bool) {
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := src[seg.Start:seg.Stop]
		if !arrows && (bytes.Contains(line, []byte("->")) || bytes.Contains(line, []byte("→")) ||
			bytes.Contains(line, []byte("⟶")) || bytes.Contains(line, []byte("=>"))) {
			arrows = true
		}
		if c := bytes.IndexByte(line, ':'); !field && c > 0 {
			label := line[:min(c, 40)]
			for _, w := range words {
				if containsFold(label, w) {
					field = true
				}
			}
		}
	}
	return arrows, field
}

// containsFold reports whether s holds word (lower-case ASCII), ignoring
// ASCII case, without allocating.
func containsFold(s []byte, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) && s[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// foldAt returns where word (lower-case ASCII letters) ends when text[i:]
// starts with it, ignoring case as a (?i) regexp does (where s also
// matches ſ, and k the Kelvin sign); -1 when text[i:] does not.
func foldAt(text []byte, i int, word string) int {
	for k := 0; k < len(word); k++ {
		switch c := word[k]; {
		case i < len(text) && text[i]|0x20 == c:
			i++
		case c == 's' && bytes.HasPrefix(text[i:], []byte("\u017f")):
			i += len("\u017f")
		case c == 'k' && bytes.HasPrefix(text[i:], []byte("\u212a")):
			i += len("\u212a")
		default:
			return -1
		}
	}
	return i
}

// phraseIn reports whether text holds first (with an s after it when
// plural), blanks (a regexp's \s+), and one of next, case folded as by
// foldAt: `(?i)builds?\s+on` is phraseIn(text, "build", true, "on"). With
// no next, it reports whether text holds first.
func phraseIn(text []byte, first string, plural bool, next ...string) bool {
	for i, c := range text {
		if c < 0x80 && c|0x20 != first[0] {
			continue // foldAt would say no; a byte past ASCII may start ſ or K
		}
		e := foldAt(text, i, first)
		if e < 0 {
			continue
		}
		if len(next) == 0 {
			return true
		}
		if blanksThen(text, e, next) {
			return true
		}
		if plural {
			if e = foldAt(text, e, "s"); e >= 0 && blanksThen(text, e, next) {
				return true
			}
		}
	}
	return false
}

// blanksThen reports whether text[i:] is one or more of a regexp's \s
// ([\t\n\f\r ]) and then one of next.
func blanksThen(text []byte, i int, next []string) bool {
	j := i
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\f' || text[j] == '\r') {
		j++
	}
	if j == i {
		return false
	}
	for _, w := range next {
		if foldAt(text, j, w) >= 0 {
			return true
		}
	}
	return false
}

// unitIndex names the plan's units: by sprint id, id as written, the id in
// the heading ("T4" of "T4: Adapter", "2" of "Epic 2: X") and the word and
// id together ("Epic 2"). A name two units share names neither.
type unitIndex map[string]*Sprint

func newUnitIndex(sprints []*Sprint) unitIndex {
	idx := unitIndex{}
	shared := map[string]bool{}
	add := func(name string, s *Sprint) {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			return
		}
		if o, ok := idx[name]; ok && o != s {
			shared[name] = true
			return
		}
		idx[name] = s
	}
	for _, s := range sprints {
		add(s.ID, s)
		add(s.WrittenID, s)
		add(s.BeadID.Value, s)
		if s.Row {
			add(s.Heading.Text, s) // a table row's id cell: "Feature-12"
		}
		// The heading's own id, and one its title opens with ("Sprint
		// 1.1: T1: Define" is T1 too).
		for _, text := range []string{s.Heading.Text, s.Title} {
			if m := unitIDRE.FindStringSubmatch(text); m != nil {
				add(m[2], s)
				if m[1] != "" {
					add(m[1]+" "+m[2], s)
				}
			}
		}
	}
	for name := range shared {
		delete(idx, name)
	}
	return idx
}

// unit returns the unit a name in the text stands for, markup and blanks
// trimmed.
func (idx unitIndex) unit(name string) *Sprint {
	name = strings.Trim(name, " \t*_`~[]()")
	return idx[strings.ToLower(name)]
}

// stated is one dependency the plan states.
type stated struct {
	from, to *Sprint
	pos      Pos
	// order is set for an edge of a stated execution order, which a
	// statement that units run in parallel overrides.
	order bool
}

// statedDeps reads the dependencies stated outside the units' fields and
// adds them to the units.
func (b *builder) statedDeps(doc ast.Node) {
	p := b.p
	if len(p.Sprints) < 2 {
		return
	}
	for _, s := range p.Sprints {
		if s.Issue != nil {
			return // bd's shapes state theirs in their own fields
		}
	}
	var built unitIndex
	idx := func() unitIndex { // built on the first line that needs it
		if built == nil {
			built = newUnitIndex(p.Sprints)
		}
		return built
	}
	var edges []stated
	var seqs []sequenceSentence
	var section *ast.Heading // the last heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			section = n
			return ast.WalkSkipChildren, nil
		case *ast.List:
			if label, at := b.traceLabel(n, section); label != "" {
				// "## Traceability (requirement → step)" and its "- 1 → 2,
				// 3": requirements mapped to units, not dependencies.
				if listHasArrows(idx, n, b.src) {
					b.p.warnf(b.p.Position(b.blockStart(n)), "the arrow list under %q (line %d) maps requirements to units, so it is not read as dependencies", label, at)
				}
				return ast.WalkSkipChildren, nil
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				edges = append(edges, b.arrowLine(idx, string(seg.Value(b.src)), seg.Start)...)
			}
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock:
			if mayParallel(n, b.src) {
				b.parallelSentences(idx, n)
			}
			seqs = append(seqs, b.sequenceSentences(idx, n)...)
			arrows, field := mayHold(n, b.src, "block")
			if !arrows && !field {
				return ast.WalkSkipChildren, nil
			}
			for _, line := range paragraphLines(n, b.src) {
				var text []byte
				for _, c := range line {
					text = appendNode(text, c, b.src)
				}
				at := nodeStart(line[0])
				if arrows {
					edges = append(edges, b.arrowLine(idx, string(text), at)...)
				}
				if field {
					edges = append(edges, b.blocksField(idx, string(text), at)...)
				}
			}
			return ast.WalkSkipChildren, nil
		case *east.Table:
			edges = append(edges, b.depsTable(idx, n)...)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	b.stricterWins(seqs)
	seen := map[[2]*Sprint]bool{}
	for _, e := range edges {
		if e.from == e.to {
			continue
		}
		if seen[[2]*Sprint{e.from, e.to}] && e.order {
			continue
		}
		seen[[2]*Sprint{e.from, e.to}] = true
		already := false
		for i, r := range e.to.DependsOn {
			if r.ID == e.from.ID {
				already = true
				if !e.order {
					e.to.DependsOn[i].Order = false // also a need the plan names
				}
			}
		}
		if !already {
			e.to.DependsOn = append(e.to.DependsOn, Ref{ID: e.from.ID, Pos: e.pos, Order: e.order})
		}
		e.to.DepsStated = true
	}
}

// arrowLine reads one line as an arrow list; it returns nothing unless
// every name in it is a unit. Text before a colon that holds no arrow is a
// label ("Recommended execution order:").
func (b *builder) arrowLine(idx func() unitIndex, line string, at int) []stated {
	groups, start := arrowGroups(idx, line)
	if groups == nil {
		return nil
	}
	pos := b.p.Position(at + start + len(line[start:]) - len(strings.TrimLeft(line[start:], " \t*")))
	order := orderLine(line[:start], groups)
	var out []stated
	var against []string
	for i := 1; i < len(groups); i++ {
		for _, f := range groups[i-1] {
			for _, t := range groups[i] {
				out = append(out, stated{from: f, to: t, pos: pos, order: order})
				if numberedBefore(t, f) {
					against = append(against, fmt.Sprintf("%s before %s", f.ID, t.ID))
				}
			}
		}
	}
	if len(against) > 0 {
		b.p.warnf(pos, "the plan states %s, against the numbering; the stated order is followed", strings.Join(against, ", "))
	} else {
		b.p.diag(Info, pos, "stated dependencies read here: %s", describe(groups))
	}
	return out
}

// arrowGroups reads a line as an arrow list: the units between its arrows,
// and where the list starts after a label; nil unless every name in it is
// a unit.
func arrowGroups(idx func() unitIndex, line string) ([][]*Sprint, int) {
	if !hasArrow(line) {
		return nil, 0 // most lines, every line of code: no regexp scan
	}
	locs := arrowRE.FindAllStringIndex(line, -1)
	if len(locs) == 0 {
		return nil, 0
	}
	start := 0
	if c := strings.IndexByte(line, ':'); c >= 0 && c < locs[0][0] {
		start = c + 1
	}
	var groups [][]*Sprint
	from := start
	for i := 0; i <= len(locs); i++ {
		end := len(line)
		if i < len(locs) {
			end = locs[i][0]
		}
		var group []*Sprint
		for _, name := range itemSep.Split(strings.TrimSpace(line[from:end]), -1) {
			u := idx().unit(name)
			if u == nil {
				return nil, 0
			}
			group = append(group, u)
		}
		groups = append(groups, group)
		if i < len(locs) {
			from = locs[i][1]
		}
	}
	return groups, start
}

// describe says what an arrow list makes wait: "1.2, 1.3 wait on 1.1".
func describe(groups [][]*Sprint) string {
	ids := func(g []*Sprint) string {
		s := make([]string, len(g))
		for i, u := range g {
			s[i] = u.ID
		}
		return strings.Join(s, ", ")
	}
	var parts []string
	for i := 1; i < len(groups); i++ {
		verb := " waits on "
		if len(groups[i]) > 1 {
			verb = " wait on "
		}
		parts = append(parts, ids(groups[i])+verb+ids(groups[i-1]))
	}
	return strings.Join(parts, "; ")
}

// numberedBefore reports whether a comes before b in the numbering.
func numberedBefore(a, b *Sprint) bool {
	if a.Phase != nil && b.Phase != nil && a.Phase != b.Phase {
		if a.Phase.Num != b.Phase.Num {
			return a.Phase.Num < b.Phase.Num
		}
		return a.Phase.Letters < b.Phase.Letters
	}
	if a.Num != b.Num {
		return a.Num < b.Num
	}
	return a.Letters < b.Letters
}

var blocksRE = lazyMustCompile(`^\s*(?i:blocks)\s*:\s*(.+)$`)

// blocksField reads a "Blocks: X, Y" line in a unit's section: X and Y
// wait on the unit.
func (b *builder) blocksField(idx func() unitIndex, line string, at int) []stated {
	m := blocksRE.FindStringSubmatch(line)
	if m == nil {
		return nil
	}
	owner := b.unitAt(at)
	if owner == nil {
		return nil
	}
	pos := b.p.Position(at)
	to := b.namedUnits(idx, m[1], pos, "Blocks: %q names no unit of the plan; it is left out")
	var out []stated
	for _, u := range to {
		out = append(out, stated{from: owner, to: u, pos: pos})
	}
	if len(out) > 0 {
		b.p.diag(Info, pos, "stated dependencies read here: %s", describe([][]*Sprint{{owner}, to}))
	}
	return out
}

// namedUnits resolves a list of unit names written at pos ("T4, T5");
// "none" and empty items name nothing. A name that is no unit of the plan
// is left out with a warning, unknown being its format (one %q, the name).
func (b *builder) namedUnits(idx func() unitIndex, list string, pos Pos, unknown string) []*Sprint {
	var out []*Sprint
	for _, name := range itemSep.Split(strings.TrimSpace(list), -1) {
		if n := strings.Trim(name, " .*_`—–-"); n == "" || noneWords[strings.ToLower(n)] {
			continue
		}
		if u := idx().unit(name); u != nil {
			out = append(out, u)
			continue
		}
		if r := b.unitRange(idx, name); r != nil {
			out = append(out, r...)
			continue
		}
		if bare, _, ok := strings.Cut(strings.TrimSpace(name), " ("); ok && strings.HasSuffix(name, ")") {
			// "ENROLL-1 (DONE)": the unit, with a note on how it stands.
			if u := idx().unit(bare); u != nil {
				out = append(out, u)
				continue
			}
		}
		if first, rest, _ := strings.Cut(strings.TrimSpace(name), " "); strings.HasPrefix(first, "#") {
			// "#18", "#18 Chest", "#22 Fishing(재료)": a row's number,
			// alone or with words of its title, in a table keyed by
			// number ("#4 upstream Node bump" is another tracker's).
			if u := idx().unit(first[1:]); u != nil && (rest == "" || sharesWord(rest, u.Title, 2)) {
				out = append(out, u)
				continue
			}
		}
		b.p.warnf(pos, unknown, strings.TrimSpace(name))
	}
	return out
}

// sharesWord reports whether a and b share a word of at least least
// letters or digits, case aside.
func sharesWord(a, b string, least int) bool {
	split := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	words := split(b)
	for _, w := range split(a) {
		if utf8.RuneCountInString(w) >= least && slices.Contains(words, w) {
			return true
		}
	}
	return false
}

// noneWords say a dependency list names nothing: "none", and the same in
// the languages plans are written in.
var noneWords = map[string]bool{"none": true, "n/a": true, "없음": true, "无": true, "無": true, "なし": true, "無し": true,
	"ninguno": true, "ninguna": true, "nenhum": true, "nenhuma": true, "aucun": true, "aucune": true, "keine": true, "нет": true}

// hasArrow reports whether line holds one of arrowRE's arrows, cheaply:
// arrowRE's leading blanks make it scan a line from every position.
func hasArrow(line string) bool {
	return strings.Contains(line, "→") || strings.Contains(line, "->") || strings.Contains(line, "⟶") || strings.Contains(line, "=>")
}

// unitRange reads a name as a range of units, "WP-05-WP-08" or "T3–T6":
// two units split by a dash, the first listed before the second, and every
// unit listed between them. Nil when the name is no such range.
func (b *builder) unitRange(idx func() unitIndex, name string) []*Sprint {
	name = strings.TrimSpace(name)
	for i, r := range name {
		if r != '-' && r != '–' && r != '—' || i == 0 {
			continue
		}
		from, to := idx().unit(name[:i]), idx().unit(name[i+utf8.RuneLen(r):])
		if from == nil || to == nil {
			continue
		}
		first, last := slices.Index(b.p.Sprints, from), slices.Index(b.p.Sprints, to)
		if first < 0 || last <= first {
			return nil
		}
		return slices.Clone(b.p.Sprints[first : last+1])
	}
	return nil
}

// unitAt returns the unit whose section holds offset at.
func (b *builder) unitAt(at int) *Sprint {
	ss := b.p.Sprints
	// The sprints are in file order: the last that starts at or before at.
	i := sort.Search(len(ss), func(i int) bool { return ss[i].Heading.Start > at }) - 1
	if i >= 0 && at < ss[i].End {
		return ss[i]
	}
	return nil
}

var depsColumn = map[string]bool{"depends on": true, "depends-on": true, "depends": true, "deps": true, "dependencies": true, "blocked by": true, "after": true, "prerequisites": true, "dependson": true, "depends_on": true, "blockedby": true, "blocked_by": true,
	"의존성": true, "선행 작업": true, "依赖": true, "前置依赖": true, "依存関係": true}

// depsTable reads a table with a dependency column: the row's first cell
// names the unit, the column the units it waits on.
func (b *builder) depsTable(idx func() unitIndex, t *east.Table) []stated {
	col, own := -1, -1
	var rows []ast.Node
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		if h, ok := r.(*east.TableHeader); ok {
			i := 0
			for c := h.FirstChild(); c != nil; c = c.NextSibling() {
				name := sectionName(plainText(c, b.src))
				if depsColumn[name] {
					col = i
				}
				if idHeaders[name] && own < 0 && i > 0 {
					own = i // a table of units keyed by a later column (tables.go)
				}
				i++
			}
			continue
		}
		rows = append(rows, r)
	}
	if col <= 0 {
		return nil
	}
	var out []stated
	for _, r := range rows {
		cells := rowCells(r)
		if col >= len(cells) {
			continue
		}
		owner := idx().unit(plainText(cells[0], b.src))
		if owner == nil && own > 0 && own < len(cells) {
			owner = idx().unit(plainText(cells[own], b.src))
		}
		if owner == nil {
			continue
		}
		at := nodeStart(cells[col])
		if at < 0 {
			continue
		}
		pos := b.p.Position(at)
		for _, u := range b.namedUnits(idx, plainText(cells[col], b.src), pos, "%q in the dependency column names no unit of the plan; it is left out") {
			out = append(out, stated{from: u, to: owner, pos: pos})
			b.p.diag(Info, pos, "stated dependencies read here: %s", describe([][]*Sprint{{u}, {owner}}))
		}
	}
	return out
}

// traceWords in a heading or a list's label say the list maps requirements
// to units: "## Traceability", "Requirement → step:".
var traceWords = []string{"traceability", "requirement", "coverage", "covered by", "maps to", "mapping"}

// traceLabel returns the label or heading a list stands under when it names
// a requirements mapping, and its line; "" when it does not.
func (b *builder) traceLabel(l *ast.List, section *ast.Heading) (string, int) {
	if _, ok := l.Parent().(*ast.Document); !ok {
		return "", 0
	}
	// An annotation written after an item ends goldmark's list: the
	// parts of the list, each after an HTML block, share its label.
	prev := l.PreviousSibling()
	for {
		html := false
		for prev != nil && prev.Kind() == ast.KindHTMLBlock {
			prev, html = prev.PreviousSibling(), true
		}
		if _, ok := prev.(*ast.List); !ok || !html {
			break
		}
		prev = prev.PreviousSibling()
	}
	if par, ok := prev.(*ast.Paragraph); ok && b.hasTraceWord(par) {
		if text := strings.TrimSpace(plainText(par, b.src)); strings.HasSuffix(text, ":") {
			return text, b.p.Position(b.blockStart(par)).Line
		}
	}
	if section != nil && b.hasTraceWord(section) {
		for h := l.PreviousSibling(); h != nil; h = h.PreviousSibling() {
			if _, ok := h.(*ast.Heading); ok {
				return strings.TrimSpace(plainText(section, b.src)), b.p.Position(b.blockStart(h)).Line
			}
		}
	}
	return "", 0
}

// hasTraceWord reports whether a block's source lines hold a trace word.
func (b *builder) hasTraceWord(n ast.Node) bool {
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := seg.Value(b.src)
		for _, w := range traceWords {
			if containsFold(line, w) {
				return true
			}
		}
	}
	return false
}

// listHasArrows reports whether a line of a list reads as an arrow list
// of units.
func listHasArrows(idx func() unitIndex, l *ast.List, src []byte) bool {
	found := false
	_ = ast.Walk(l, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			for i := 0; i < n.Lines().Len() && !found; i++ {
				seg := n.Lines().At(i)
				if g, _ := arrowGroups(idx, string(seg.Value(src))); g != nil {
					found = true
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return found
}

// sequenceSentence is a sentence that says one unit runs after another:
// "Phase 3 builds on Phase 2".
type sequenceSentence struct {
	later, earlier *Sprint
	text           string
	pos            Pos
}

// sequencePhrase finds the phrases that say the unit before them runs after
// the unit after them.
var sequencePhrase = lazyMustCompile(`(?i)\b(?:builds?\s+on|depends?\s+on|must\s+wait\s+(?:for|on)|waits?\s+(?:for|on)|comes?\s+after|needs?\s+to\s+wait\s+for|requires)\b`)

// maySequence reports whether text may match sequencePhrase: it holds the
// phrase's words in order with blanks between, which is cheaper to find
// than the regexp, and most blocks that hold one of the words ("Build the
// API") hold no phrase (TestPhraseFilters).
func maySequence(text []byte) bool {
	return phraseIn(text, "requires", false) || phraseIn(text, "build", true, "on") ||
		phraseIn(text, "depend", true, "on") || phraseIn(text, "wait", true, "for", "on") ||
		phraseIn(text, "come", true, "after")
}

// sequenceSentences reads the sentences of a block that say one unit runs
// after another: each names one unit before the phrase and one after it.
func (b *builder) sequenceSentences(idx func() unitIndex, n ast.Node) []sequenceSentence {
	lines := n.Lines()
	if lines.Len() == 0 {
		return nil
	}
	cheap := false // the words every phrase of sequencePhrase holds one of
	for i := 0; i < lines.Len() && !cheap; i++ {
		seg := lines.At(i)
		line := seg.Value(b.src)
		for _, w := range []string{"build", "depend", "wait", "after", "require"} {
			if containsFold(line, w) {
				cheap = true
				break
			}
		}
	}
	if !cheap {
		return nil
	}
	var text []byte
	var starts, offs []int
	for i := 0; i < lines.Len(); i++ {
		if i > 0 {
			text = append(text, ' ')
		}
		seg := lines.At(i)
		starts = append(starts, len(text))
		offs = append(offs, seg.Start)
		text = append(text, bytes.TrimRight(seg.Value(b.src), "\r\n")...)
	}
	if !maySequence(text) || !sequencePhrase.Match(text) {
		return nil
	}
	at := func(k int) int { // the source offset of text[k]
		j := sort.Search(len(starts), func(i int) bool { return starts[i] > k }) - 1
		return offs[j] + k - starts[j]
	}
	var out []sequenceSentence
	for _, sn := range splitSentences(text) {
		sentence := strings.TrimSpace(string(text[sn[0]:sn[1]]))
		loc := sequencePhrase.FindStringIndex(sentence)
		if loc == nil {
			continue
		}
		later, earlier := b.oneUnit(idx, sentence[:loc[0]]), b.oneUnit(idx, sentence[loc[1]:])
		if later == nil || earlier == nil || later == earlier {
			continue
		}
		lead := sn[0] + len(text[sn[0]:sn[1]]) - len(bytes.TrimLeft(text[sn[0]:sn[1]], " \t"))
		out = append(out, sequenceSentence{later: later, earlier: earlier, text: sentence, pos: b.p.Position(at(lead))})
	}
	return out
}

// oneUnit returns the one unit a piece of a sentence names by word and id
// ("Phase 3", "Sprint 2.2") or by an id with a dot; nil when it names none
// or several.
func (b *builder) oneUnit(idx func() unitIndex, text string) *Sprint {
	var found *Sprint
	for _, m := range nameRE.FindAllStringSubmatchIndex(text, -1) {
		id := text[m[4]:m[5]]
		var u *Sprint
		if m[2] >= 0 {
			u = idx().unit(text[m[2]:m[3]] + " " + id)
		}
		if u == nil && strings.Contains(id, ".") {
			u = idx().unit(id)
		}
		if u == nil {
			continue
		}
		if found != nil && found != u {
			return nil
		}
		found = u
	}
	return found
}

// stricterWins drops a statement that units run in parallel when another
// sentence says one of them runs after another: the two disagree, and the
// stricter reading, in sequence, is kept, with a warning naming both lines.
func (b *builder) stricterWins(seqs []sequenceSentence) {
	if len(seqs) == 0 || len(b.p.Parallel) == 0 {
		return
	}
	kept := b.p.Parallel[:0]
	for _, st := range b.p.Parallel {
		var clash *sequenceSentence
		for i := range seqs {
			q := &seqs[i]
			if slices.Contains(st.Units, q.later.ID) && slices.Contains(st.Units, q.earlier.ID) {
				clash = q
				break
			}
		}
		if clash == nil {
			kept = append(kept, st)
			continue
		}
		b.p.warnf(st.Pos, "%q says %s run in parallel, but %q (line %d) says %s runs after %s; the stricter reading, in sequence, is kept",
			short(st.Text), strings.Join(st.Units, ", "), short(clash.text), clash.pos.Line, clash.later.ID, clash.earlier.ID)
	}
	b.p.Parallel = kept
}
