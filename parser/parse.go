package parser

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beads-architect/architect/parser/gfm"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// MaxSize is the largest plan the parser reads, in bytes. A plan of 100,000
// sprints in the minimal style is about 6 MiB; anything past this limit is
// not a plan someone wrote.
const MaxSize = 32 << 20

var (
	agentRE = lazyMustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	annotRE = lazyMustCompile(`^<!--[ \t]*beads-ralph:[ \t]*(\S*)[ \t]*-->[ \t]*\r?\n?$`)
)

// NewMarkdown returns the goldmark parser the plan parser uses, for
// benchmarks that measure the parse floor.
func NewMarkdown() gparser.Parser { return gfm.Parser() }

// Parse reads a plan. It never fails outright: every problem is in the
// returned plan's Diags, and a plan with error diagnostics must not be
// compiled.
func Parse(file string, src []byte) *Plan { return ParseWith(file, src, Options{}) }

// ParseWith is Parse with options: a reading declared outside the plan.
func ParseWith(file string, src []byte, opts Options) (plan *Plan) {
	p := &Plan{File: file, Src: src, lines: newLineIndex(src)}
	defer func() {
		if r := recover(); r != nil {
			p.errorf(Pos{Line: 1, Col: 1}, "internal error while parsing: %v", r)
			plan = p
		}
	}()
	if len(src) > MaxSize {
		p.errorf(Pos{Line: 1, Col: 1}, "file is %.1f MiB; plans are limited to %d MiB", float64(len(src))/(1<<20), MaxSize>>20)
		return p
	}
	if !p.checkText() || !p.checkShape() {
		return p
	}
	// What goldmark reads: the source with a byte order mark and front
	// matter blanked out, so every offset stays.
	parseSrc := src
	body := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) { // a byte order mark
		parseSrc = blank(src, 0, 3)
		body = 3
	}
	fmEnd, yml, hasFM := frontMatter(src, body)
	if hasFM && bytes.Contains(yml, []byte("##")) && mdHeading(yml) && !yamlParses(yml) {
		// "---", "milestone: v2.6", "### Phase 50: …", "---": a rule and
		// Markdown, a phase among its lines, not settings that fail ("#
		// note" alone is a YAML comment).
		open := body + bytes.Index(src[body:], []byte("---"))
		p.warnf(p.Position(open), "the lines between this --- and the next (line %d) hold a Markdown heading and are not YAML: read as part of the document, not as front matter", p.Position(fmEnd-1).Line)
		fmEnd, yml, hasFM = 0, nil, false
	}
	var fmBase Pos
	fmTitle := ""
	skill, guide, summary := false, "", ""
	switch {
	case hasFM:
		skill, guide, summary = skillFrontMatter(yml), guidePermalink(yml), summaryFrontMatter(yml)
		parseSrc = blank(parseSrc, body, fmEnd)
		fmBase = p.Position(fmEnd - len(yml) - (fmEnd - lineStart(src, max(fmEnd-1, 0))))
		fm, diags, title := parseConfig(file, yml, fmBase, true)
		fmTitle = title
		p.Diags = append(p.Diags, diags...)
		p.Defaults = fm
	case fmEnd < 0:
		p.errorf(p.Position(body), "front matter starts with --- but has no closing --- line")
		return p
	default:
		if end, title, ok := tomlFrontMatter(src, body); ok {
			// Hugo's and Zola's "+++" front matter: settings of the
			// site, not the plan's; only its title says what the
			// document is.
			parseSrc = blank(parseSrc, body, end)
			fmTitle = title
		}
	}
	ctx := gparser.NewContext()
	doc := gfm.Parser().Parse(text.NewReader(parseSrc), gparser.WithContext(ctx))
	b := &builder{p: p, src: src, byID: map[string][]*Sprint{}, linkRefs: map[string]gparser.Reference{}, contenders: opts.Contenders, fmTitle: fmTitle, skillFM: skill, guidePage: guide, summaryDone: summary}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if n.Kind() == ast.KindHeading {
			b.topHeads++
		}
	}
	for _, r := range ctx.References() {
		b.linkRefs[refKey(string(r.Label()))] = r
	}
	// The reading of the plan: every candidate reading, one arbiter, one
	// build (reading.go).
	b.fmBase = fmBase
	reading := opts.Reading
	var doneDecl *Declared
	if reading != nil && DoneLine(reading.Line) {
		// "--reading 'done: all'": the units are read as the front
		// matter says, or as guessed.
		reading, doneDecl = nil, reading
	}
	done, _ := b.doneDeclared(yml, fmBase, cmp.Or(doneDecl, opts.Done))
	decl := b.declaration(yml, fmBase, reading)
	b.declared = decl
	b.tickedSteps = b.superpowersPlan(doc)
	b.readPlan(doc, yml, decl)
	// Units that name their beads (beadref.go), and dependencies the plan
	// states outside the units' fields (deps.go).
	b.beadRefs(doc)
	b.sectionStatuses(doc) // issue 26: board columns, done headings over open boxes
	b.fenceSlips(doc)
	b.readAllDone(doc, done)
	if !opts.Units {
		b.statedDeps(doc)
		b.checkpointSections(doc)
	}
	switch {
	case len(p.Sprints) > 0 || p.Diags.HasErrors():
	case decl != nil && len(p.Skipped) == 0:
		at := decl.Pos
		if !at.IsValid() {
			at = Pos{Line: 1, Col: 1}
		}
		p.diag(Error, at, "the declared reading %s (%s) finds no unit in the plan", decl.Line, decl.where())
	case len(p.Skipped) == 0:
		msg := file + " is not a plan: no heading, list item or table row reads as a unit of work (a plan has headings like \"## Phase 1: Title\" and \"### Sprint 1.1: Title\", or another shape of docs/plan-shapes.md)"
		if c := b.unitCandidates(doc); c != "" {
			msg += "; the lines that look like units, and what each needs: " + c
		}
		p.errorf(Pos{Line: 1, Col: 1}, "%s", msg)
	default:
		p.warnf(Pos{Line: 1, Col: 1}, "every unit of the plan is skipped (%d), so it compiles to no bead", len(p.Skipped))
	}
	return p
}

func (p *Plan) diag(sev Severity, pos Pos, format string, args ...any) {
	p.Diags = append(p.Diags, Diagnostic{File: p.File, Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

func (p *Plan) errorf(pos Pos, format string, args ...any) { p.diag(Error, pos, format, args...) }
func (p *Plan) warnf(pos Pos, format string, args ...any)  { p.diag(Warning, pos, format, args...) }

// checkText reports NUL bytes and invalid UTF-8. A file with either is not
// parsed further: it is not text, and its positions would mislead.
func (p *Plan) checkText() bool {
	if utf8.Valid(p.Src) && bytes.IndexByte(p.Src, 0) < 0 {
		return true
	}
	const most = 5
	found := 0
	for i := 0; i < len(p.Src) && found < most; {
		c := p.Src[i]
		if c == 0 {
			p.errorf(p.Position(i), "NUL byte: this is a binary file, not a Markdown plan")
			found++
			i++
			continue
		}
		r, size := utf8.DecodeRune(p.Src[i:])
		if r == utf8.RuneError && size <= 1 {
			p.errorf(p.Position(i), "invalid UTF-8 (byte 0x%02x): plans must be UTF-8 text", c)
			found++
			// Skip the rest of this line, so one bad run is one message.
			i = lineEnd(p.Src, i)
			continue
		}
		i += size
	}
	return false
}

// blank returns a copy of src with the bytes in [from, to) other than line
// endings replaced by spaces, so goldmark skips them and every offset stays.
func blank(src []byte, from, to int) []byte {
	out := bytes.Clone(src)
	for i := from; i < to; i++ {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	return out
}

// frontMatter finds YAML front matter starting at offset start. It returns
// the end offset of the closing line and the YAML between. end is -1 when an
// opening line has no closing line.
func frontMatter(src []byte, start int) (end int, yml []byte, ok bool) {
	// Blank lines before the opening line are passed over: front matter
	// after a blank line is still front matter.
	open := start
	for open < len(src) {
		e := lineEnd(src, open)
		if !blankBytes(src[open:e]) {
			break
		}
		open = e
	}
	first := lineEnd(src, open)
	if strings.TrimRight(string(src[open:first]), "\r\n") != "---" {
		return 0, nil, false
	}
	if at, e := closingLine(src, first, "---", "..."); at >= 0 {
		body := src[first:at]
		if !yamlKeys(body) && (open > start || mdHeading(body)) {
			// "---", "# Title", "---": Markdown between two rules, not
			// settings.
			return 0, nil, false
		}
		return e, body, true
	}
	if open > start {
		return 0, nil, false
	}
	return -1, nil, false
}

// tomlTitleRE is the title key of TOML front matter: title = "…".
var tomlTitleRE = lazyMustCompile(`(?m)^title\s*=\s*["']([^"'\n]*)["']\s*$`)

// tomlFrontMatter reads the TOML front matter a static site generator
// puts between "+++" lines at the top of a page: where it ends, and its
// title.
func tomlFrontMatter(src []byte, start int) (end int, title string, ok bool) {
	first := lineEnd(src, start)
	if strings.TrimRight(string(src[start:first]), " \t\r\n") != "+++" {
		return 0, "", false
	}
	at, e := closingLine(src, first, "+++")
	if at < 0 {
		return 0, "", false
	}
	if m := tomlTitleRE.FindSubmatch(src[first:at]); m != nil {
		title = string(m[1])
	}
	return e, title, true
}

// closingLine finds, from offset from, the first line that is one of marks
// (trailing blanks aside): where it starts and where it ends, -1 and -1
// when no line is.
func closingLine(src []byte, from int, marks ...string) (at, end int) {
	for i := from; i < len(src); {
		e := lineEnd(src, i)
		if slices.Contains(marks, strings.TrimRight(string(src[i:e]), " \t\r\n")) {
			return i, e
		}
		i = e
	}
	return -1, -1
}

// yamlKeys reports whether text has a line that starts a YAML mapping key
// ("prefix: bd", "labels:").
func yamlKeys(text []byte) bool {
	for _, line := range strings.Split(string(text), "\n") {
		if yamlKeyRE.MatchString(line) {
			return true
		}
	}
	return false
}

// mdHeading reports whether text has an ATX heading line.
func mdHeading(text []byte) bool {
	for _, line := range strings.Split(string(text), "\n") {
		if atxLine([]byte(strings.TrimRight(line, "\r"))) && strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#")) != "" {
			return true
		}
	}
	return false
}

var yamlKeyRE = lazyMustCompile(`^[A-Za-z_][A-Za-z0-9_ -]*:(\s|$)`)

// splitSprintID splits a sprint id, <phase>.<number>[letters] as in
// "3a.2b", into "3a", "2" and "b". ok is false when id is not of that form
// (TestSplitIDs holds it to the regular expression
// ^([0-9]+[a-z]*)\.([0-9]+)([a-z]*)$).
func splitSprintID(id string) (phase, num, letters string, ok bool) {
	dot := strings.IndexByte(id, '.')
	if dot < 0 {
		return "", "", "", false
	}
	if _, _, ok := splitNum(id[:dot]); !ok {
		return "", "", "", false
	}
	if num, letters, ok = splitNum(id[dot+1:]); !ok {
		return "", "", "", false
	}
	return id[:dot], num, letters, true
}

// splitNum splits a number with optional lowercase letters, as in "3a" (a
// phase id, or a sprint's part of its id), into "3" and "a" (the regular
// expression ^([0-9]+)([a-z]*)$).
func splitNum(s string) (num, letters string, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return "", "", false
	}
	for j := i; j < len(s); j++ {
		if s[j] < 'a' || s[j] > 'z' {
			return "", "", false
		}
	}
	return s[:i], s[i:], true
}

// plainText returns the text of n's inline content with markup dropped and
// code spans kept. Line breaks become spaces.
func plainText(n ast.Node, src []byte) string {
	return string(appendPlain(nil, n, src))
}

// trimmedText is strings.TrimSpace(plainText(n, b.src)), built in the
// builder's scratch buffer.
func (b *builder) trimmedText(n ast.Node) string {
	if c := n.FirstChild(); c != nil && c.NextSibling() == nil {
		if text, ok := b.lineText(c); ok {
			return strings.TrimSpace(text)
		}
	}
	b.scratch = appendPlain(b.scratch[:0], n, b.src)
	return string(bytes.TrimSpace(b.scratch))
}

// lineText returns the text appendNode gives for c and the nodes after
// it up to the end of the line, as a piece of the source, when c is a run
// of text that ends the line or its block; ok is false otherwise. (The
// space appendNode puts after a line break is left out: every caller trims
// it.)
func (b *builder) lineText(c ast.Node) (text string, ok bool) {
	t, ok := c.(*ast.Text)
	if !ok || t.Segment.Padding != 0 || t.NextSibling() != nil && !t.SoftLineBreak() && !t.HardLineBreak() {
		return "", false
	}
	return b.source()[t.Segment.Start:t.Segment.Stop], true
}

// source is src as a string, made once: texts cut from it are not copied.
func (b *builder) source() string {
	if b.srcText == "" {
		b.srcText = string(b.src)
	}
	return b.srcText
}

// plain is plainText(n, b.src): a piece of the source when n holds one run
// of text.
func (b *builder) plain(n ast.Node) string {
	if t, ok := n.FirstChild().(*ast.Text); ok && t.NextSibling() == nil && !t.SoftLineBreak() && !t.HardLineBreak() && t.Segment.Padding == 0 {
		return b.source()[t.Segment.Start:t.Segment.Stop]
	}
	return plainText(n, b.src)
}

// appendPlain appends plainText(n) to dst.
func appendPlain(dst []byte, n ast.Node, src []byte) []byte {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		dst = appendNode(dst, c, src)
	}
	return dst
}

// inlineText returns the plain text of one inline node.
func inlineText(n ast.Node, src []byte) string {
	return string(appendNode(nil, n, src))
}

func appendNode(b []byte, c ast.Node, src []byte) []byte {
	switch c := c.(type) {
	case *ast.Text:
		b = append(b, c.Segment.Value(src)...)
		if c.SoftLineBreak() || c.HardLineBreak() {
			b = append(b, ' ')
		}
	case *ast.String:
		b = append(b, c.Value...)
	case *ast.CodeSpan:
		for t := c.FirstChild(); t != nil; t = t.NextSibling() {
			if tx, ok := t.(*ast.Text); ok {
				b = append(b, tx.Segment.Value(src)...)
			} else if s, ok := t.(*ast.String); ok {
				b = append(b, s.Value...)
			}
		}
	case *ast.AutoLink:
		b = append(b, c.URL(src)...)
	case *ast.RawHTML, *east.TaskCheckBox:
	default:
		b = appendPlain(b, c, src)
	}
	return b
}

// fenceSlips warns of a fenced code block that runs on to the end of the
// document past the line its author meant to close it with: a fence with
// an info string ("```text", "```bash"), which CommonMark reads as code,
// when headings or list items follow it inside the block. Their plan is
// not read, and never in silence.
func (b *builder) fenceSlips(doc ast.Node) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		fb, ok := n.(*ast.FencedCodeBlock)
		if !ok || fb.Lines().Len() == 0 || len(bytes.TrimSpace(b.src[fb.Lines().At(fb.Lines().Len()-1).Stop:])) > 0 {
			// A block its fence closes: an inner "```bash" in a
			// "```markdown" example is the example's own.
			continue
		}
		start := b.blockStart(fb)
		if start < 0 {
			continue
		}
		opening := strings.TrimLeft(string(b.src[start:lineEnd(b.src, start)]), " ")
		marker := opening[:len(opening)-len(strings.TrimLeft(opening, string(opening[0])))]
		lines := fb.Lines()
		slip, first := -1, -1
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			l := strings.TrimLeft(string(seg.Value(b.src)), " ")
			switch {
			case slip < 0 && strings.HasPrefix(l, marker) && len(l) > len(marker) && unicode.IsLetter(rune(l[len(marker)])):
				slip = seg.Start
			case slip >= 0 && lines.Len() >= 3 && (strings.HasPrefix(l, "#") && strings.HasPrefix(strings.TrimLeft(l, "#"), " ") || strings.HasPrefix(l, "- [")):
				last := lines.At(lines.Len() - 1)
				b.p.warnf(b.p.Position(lineStart(b.src, slip)), "%q reads as code, not as the end of the code block that opens at line %d: a closing fence takes no info string, so the block runs on to line %d, and the headings and items in it (the first at line %d) are not read",
					strings.TrimSpace(string(b.src[slip:lineEnd(b.src, slip)])), b.p.Position(start).Line, b.p.Position(last.Start).Line, b.p.Position(seg.Start).Line)
				i = lines.Len()
			case slip < 0 && (strings.HasPrefix(l, "#") && strings.HasPrefix(strings.TrimLeft(l, "#"), " ") || strings.HasPrefix(l, "- [")):
				if first < 0 {
					first = seg.Start
				}
			}
		}
		if slip < 0 && first >= 0 && fb.Info == nil {
			// "```" closing nothing: an earlier slip paired the fences
			// off by one, and this one opens a block that swallows the
			// rest of the document.
			last := lines.At(lines.Len() - 1)
			b.p.warnf(b.p.Position(start), "the code block that opens here is never closed, so it runs on to line %d, the end of the document, and the headings and items in it (the first at line %d) are not read: an earlier fence may have been taken for this one's",
				b.p.Position(last.Start).Line, b.p.Position(first).Line)
		}
	}
}
