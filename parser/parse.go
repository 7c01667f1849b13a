package parser

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gparser "github.com/yuin/goldmark/parser"
)

// MaxSize is the largest plan the parser reads, in bytes. A plan of 100,000
// sprints in the minimal style is about 6 MiB; anything past this limit is
// not a plan someone wrote.
const MaxSize = 32 << 20

var (
	agentRE    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	annotRE    = regexp.MustCompile(`^<!--[ \t]*beads-ralph:[ \t]*(\S*)[ \t]*-->[ \t]*\r?\n?$`)
	parallelRE = regexp.MustCompile(`(?i)\s*\((parallel|skipped)\)\s*$`)
	agentTail  = regexp.MustCompile(`^\s*(?:\(([^)]*)\))?\s*(?:[-–—:]\s*(.*))?$`)
)

var markdown = goldmark.New(goldmark.WithExtensions(extension.Strikethrough, extension.TaskList, extension.Table))

// NewMarkdown returns the goldmark parser the plan parser uses, for
// benchmarks that measure the parse floor.
func NewMarkdown() gparser.Parser { return markdown.Parser() }

// Parse reads a plan. It never fails outright: every problem is in the
// returned plan's Diags, and a plan with error diagnostics must not be
// compiled.
func Parse(file string, src []byte) *Plan { return parse(file, src, defaultCutting) }

func parse(file string, src []byte, cut cutting) (plan *Plan) {
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
	// What goldmark reads: the source with a byte order mark and front
	// matter blanked out. Where it may be cut is worked out on another
	// core while the source is checked (a file the checks refuse has paid
	// for one linear scan it did not need).
	parseSrc := src
	body := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) { // a byte order mark
		parseSrc = blank(src, 0, 3)
		body = 3
	}
	fmEnd, yml, hasFM := frontMatter(src, body)
	if hasFM {
		parseSrc = blank(parseSrc, body, fmEnd)
	}
	type cutResult struct {
		cuts  []int
		panic any
	}
	cuts := make(chan cutResult, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				cuts <- cutResult{panic: r} // re-raised below, as parse's own
			}
		}()
		cuts <- cutResult{cuts: cutPoints(parseSrc, cut)}
	}()

	if !p.checkText() || !p.checkShape() {
		return p
	}
	if hasFM {
		fm, diags := ParseConfig(file, yml, p.Position(lineEnd(src, body)))
		p.Diags = append(p.Diags, diags...)
		p.Defaults = fm
	} else if fmEnd < 0 {
		p.errorf(p.Position(body), "front matter starts with --- but has no closing --- line")
		return p
	}

	b := &builder{p: p, src: src, first: map[string]*Sprint{}}
	cr := <-cuts
	if cr.panic != nil {
		panic(cr.panic)
	}
	parseBlocks(parseSrc, cr.cuts, p.lines, b.block)
	b.closeSprint(len(src))
	b.finishPreamble()
	if len(p.Sprints) == 0 && !p.Diags.HasErrors() {
		p.errorf(Pos{Line: 1, Col: 1}, "plan has no sprints: expected headings like \"## Phase 1: Title\" and \"### Sprint 1.1: Title\"")
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
	first := lineEnd(src, start)
	if strings.TrimRight(string(src[start:first]), "\r\n") != "---" {
		return 0, nil, false
	}
	for i := first; i < len(src); {
		e := lineEnd(src, i)
		line := strings.TrimRight(string(src[i:e]), " \t\r\n")
		if line == "---" || line == "..." {
			return e, src[first:i], true
		}
		i = e
	}
	return -1, nil, false
}

type builder struct {
	p        *Plan
	src      []byte
	phase    *Phase
	sprint   *Sprint
	blocks   []ast.Node // the open sprint's blocks
	preamble []ast.Node // top-level blocks before the first phase
	seen     bool       // a phase heading was seen
	first    map[string]*Sprint
	scratch  []byte // text being built, before it becomes a string
}

func (b *builder) block(n ast.Node) {
	h, ok := n.(*ast.Heading)
	if !ok {
		switch {
		case b.sprint != nil:
			b.blocks = append(b.blocks, n)
		case !b.seen:
			b.preamble = append(b.preamble, n)
		}
		return
	}
	head := b.heading(h)
	start := head.Start
	if b.sprint != nil && h.Level <= b.sprint.Heading.Level {
		b.closeSprint(start)
	}
	if b.phase != nil && h.Level <= b.phase.Heading.Level {
		b.phase = nil
	}
	struck := startsStruck(h)
	if id, title, ok := b.splitHeading(head, "phase"); ok {
		b.closeSprint(start)
		b.openPhase(head, id, title, struck)
		return
	}
	if id, title, ok := b.splitHeading(head, "sprint"); ok {
		b.closeSprint(start)
		if b.phase == nil {
			b.p.Ignored = append(b.p.Ignored, &head)
			b.p.diag(Info, head.Pos, "%q is outside any phase section, so it is not compiled", head.Text)
			return
		}
		b.openSprint(head, id, title, struck)
		return
	}
	if h.Level == 1 && b.p.Title == "" {
		b.p.Title = head.Text
	}
	if b.sprint != nil {
		b.blocks = append(b.blocks, n)
	}
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
	if b.src[pos] != '#' && h.Lines().Len() > 0 { // setext: the underline ends it
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

// splitHeading recognises "Phase <id>: title" or "Sprint <id>: title". ok is
// false when the heading is not meant as one: the keyword is missing, or the
// id neither fits the pattern nor is followed by a colon.
func (b *builder) splitHeading(h Heading, keyword string) (id, title string, ok bool) {
	t := h.Text
	if len(t) <= len(keyword) || !strings.EqualFold(t[:len(keyword)], keyword) {
		return "", "", false
	}
	rest := t[len(keyword):]
	trimmed := strings.TrimLeftFunc(rest, unicode.IsSpace)
	if len(trimmed) == len(rest) {
		return "", "", false // "Phases", "Sprinting"
	}
	end := strings.IndexFunc(trimmed, func(r rune) bool { return unicode.IsSpace(r) || r == ':' })
	if end < 0 {
		end = len(trimmed)
	}
	id, rest = trimmed[:end], strings.TrimSpace(trimmed[end:])
	colon := strings.HasPrefix(rest, ":")
	for _, sep := range []string{":", "-", "–", "—"} {
		if strings.HasPrefix(rest, sep) {
			rest = strings.TrimSpace(rest[len(sep):])
			break
		}
	}
	var valid bool
	if keyword == "sprint" {
		_, _, _, valid = splitSprintID(id)
	} else {
		_, _, valid = splitNum(id)
	}
	if !valid && !colon {
		return "", "", false
	}
	if strings.Contains(rest, "(") { // the marker's regexp backtracks on every title
		rest = parallelRE.ReplaceAllString(rest, "")
	}
	return id, rest, true
}

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

func (b *builder) openPhase(h Heading, id, title string, struck bool) {
	b.seen = true
	ph := &Phase{ID: id, Title: title, Heading: h, Skipped: struck, Valid: true}
	num, letters, ok := splitNum(id)
	if !ok {
		ph.Valid = false
		b.p.errorf(h.Pos, "malformed phase id %q: want a number and optional lowercase letters, like 3 or 3a", id)
	} else if n, err := strconv.ParseInt(num, 10, 32); err != nil {
		ph.Valid = false
		b.p.errorf(h.Pos, "phase number %s is too large", num)
	} else {
		ph.Num, ph.Letters = int(n), letters
	}
	b.phase = ph
	b.p.Phases = append(b.p.Phases, ph)
}

func (b *builder) openSprint(h Heading, id, title string, struck bool) {
	s := &Sprint{ID: id, Title: title, Heading: h, Phase: b.phase, Skipped: struck || b.phase.Skipped}
	phase, num, letters, ok := splitSprintID(id)
	valid := b.phase.Valid
	switch {
	case !ok:
		valid = false
		b.p.errorf(h.Pos, "malformed sprint id %q: want <phase>.<number>[letters], like 1.2 or 3a.2b", id)
	case phase != b.phase.ID:
		valid = false
		b.p.errorf(h.Pos, "sprint %s is under Phase %s (line %d): its id must start with %q", id, b.phase.ID, b.phase.Heading.Pos.Line, b.phase.ID+".")
	default:
		n, err := strconv.ParseInt(num, 10, 32)
		if err != nil {
			valid = false
			b.p.errorf(h.Pos, "sprint number %s is too large", num)
		}
		s.Num, s.Letters = int(n), letters
	}
	if prev, dup := b.first[id]; dup {
		valid = false
		b.p.errorf(h.Pos, "duplicate sprint %s: first defined at %s:%d", id, b.p.File, prev.Heading.Pos.Line)
	} else {
		b.first[id] = s
	}
	b.sprint = s
	b.blocks = b.blocks[:0]
	if !valid {
		s.Phase = nil // parsed for its own diagnostics, never compiled
	}
}

// closeSprint finishes the open sprint, whose section ends at offset end.
func (b *builder) closeSprint(end int) {
	s := b.sprint
	if s == nil {
		return
	}
	b.sprint = nil
	b.sprintFields(s, b.blocks, end)
	if s.Phase == nil {
		return
	}
	if s.Skipped {
		b.p.Skipped = append(b.p.Skipped, s)
		return
	}
	if s.Title == "" { // a bead's title may not be empty
		b.p.errorf(s.Heading.Pos, "sprint %s has no title: write one after the colon, like \"Sprint %s: Setup\"", s.ID, s.ID)
	}
	s.Phase.Sprints = append(s.Phase.Sprints, s)
	b.p.Sprints = append(b.p.Sprints, s)
}

// startsStruck reports whether the heading's text opens with struck-through
// text, as "~~Sprint 3.1a: X~~ (SKIPPED)" does.
func startsStruck(h *ast.Heading) bool {
	c := h.FirstChild()
	return c != nil && c.Kind() == east.KindStrikethrough
}

// plainText returns the text of n's inline content with markup dropped and
// code spans kept. Line breaks become spaces.
func plainText(n ast.Node, src []byte) string {
	return string(appendPlain(nil, n, src))
}

// trimmedText is strings.TrimSpace(plainText(n, b.src)), built in the
// builder's scratch buffer.
func (b *builder) trimmedText(n ast.Node) string {
	b.scratch = appendPlain(b.scratch[:0], n, b.src)
	return string(bytes.TrimSpace(b.scratch))
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
