package parser

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// This file finds units that are already beads: a heading that opens with a
// bead id ("### bd-4uv.3 - Transport", "## bd-si19: Retry") or a field in
// the unit's section that names one ("**Issue**: bd-si19", "**Bead**:",
// "**Bead ID**:"). The unit's bead keeps that id, so apply updates the bead
// the database holds instead of creating a second one.

var (
	// headBeadRE is a bead id at the start of a heading, before a
	// separator: a prefix, a dash, a hash, dotted children.
	headBeadRE = lazyMustCompile(`^(([A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)-([a-z0-9]{3,12})((?:\.[0-9]+)*))(?:\s*(?:[:—–]|\s-\s)|$)`)
	// fieldBeadRE is an "Issue:" (or "Bead:", "Bead ID:") line.
	fieldBeadRE = lazyMustCompile(`^\s*(?i:issue|bead|bead id|beads id|bd id|bd)\s*:\s*` + "`?" + `([A-Za-z][A-Za-z0-9_.-]*)` + "`?" + `\s*$`)
)

// looksLikeBead tells a bead id at the start of a heading from words such as
// "read-only": its hash has a digit, or it names a child (".3"), or its
// prefix is the plan's (settings prefix, else bd); a zero-padded number
// ("TASK-SCHEMA-001") is a tracker's key, never a bead's.
func (b *builder) looksLikeBead(prefix, hash, children string) bool {
	if hash[0] == '0' && strings.Trim(hash, "0123456789") == "" {
		// "TASK-SCHEMA-001", "FE-007": a tracker's zero-padded key; bd
		// numbers its ids without padding ("bd-1") or hashes them.
		return false
	}
	if children != "" || strings.ContainsAny(hash, "0123456789") {
		return true
	}
	want := b.p.Defaults.Prefix
	if want == "" {
		want = "bd"
	}
	return prefix == want
}

// beadRefs sets each unit's BeadID from its heading or its section's
// fields.
func (b *builder) beadRefs(doc ast.Node) {
	p := b.p
	if len(p.Sprints) == 0 {
		return
	}
	for _, s := range p.Sprints {
		// The heading's text, or the title after the unit's own id
		// ("Sprint 1.1: bd-4uv.3 - Transport").
		for _, text := range []string{strings.TrimSpace(s.Heading.Text), strings.TrimSpace(s.Title)} {
			// A bead id is the first word, and has a dash.
			if w := strings.IndexAny(text, " :"); !strings.Contains(text[:max(w, 0)], "-") && !(w < 0 && strings.Contains(text, "-")) {
				continue
			}
			if m := headBeadRE.FindStringSubmatch(text); m != nil && ValidBeadID(m[1]) && b.looksLikeBead(m[2], m[3], m[4]) {
				s.BeadID = Field{Value: m[1], Pos: s.Heading.Pos}
				// The bead's title is the rest: "Transport".
				if rest := strings.TrimSpace(s.Title[min(len(m[0]), len(s.Title)):]); strings.HasPrefix(s.Title, m[0]) && rest != "" {
					s.Title = rest
				}
				break
			}
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Paragraph, *ast.TextBlock:
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		default:
			return ast.WalkContinue, nil
		}
		if _, field := mayHold(n, b.src, "issue", "bead", "bd"); !field {
			return ast.WalkSkipChildren, nil
		}
		for _, line := range paragraphLines(n, b.src) {
			var text []byte
			for _, c := range line {
				text = appendNode(text, c, b.src)
			}
			m := fieldBeadRE.FindStringSubmatch(string(text))
			if m == nil {
				continue
			}
			at := nodeStart(line[0])
			s := b.unitAt(at)
			if s == nil {
				continue
			}
			pos := p.Position(at)
			switch {
			case !ValidBeadID(m[1]):
				p.warnf(pos, "%q is not a bead id; the unit's bead gets its own", m[1])
			case s.BeadID.Set() && s.BeadID.Value != m[1]:
				p.warnf(pos, "unit %s names bead %s, but its heading names %s (line %d); the heading's is used", s.ID, m[1], s.BeadID.Value, s.BeadID.Pos.Line)
			default:
				s.BeadID = Field{Value: m[1], Pos: pos}
			}
		}
		return ast.WalkSkipChildren, nil
	})
	owner := map[string]*Sprint{}
	annotated := map[string]*Sprint{}
	for _, s := range p.Sprints {
		if a := s.Annotation; a != nil && a.ID != "" {
			annotated[a.ID] = s
		}
	}
	for _, s := range p.Sprints {
		if !s.BeadID.Set() {
			continue
		}
		if a := s.Annotation; a != nil && a.ID != "" && a.ID != s.BeadID.Value {
			p.warnf(a.Pos, "sprint %s is annotated with %s, but names bead %s (line %d); the annotation is used", s.ID, a.ID, s.BeadID.Value, s.BeadID.Pos.Line)
		}
		if o := annotated[s.BeadID.Value]; o != nil && o != s {
			p.errorf(s.BeadID.Pos, "sprint %s names bead %s, which annotates sprint %s (line %d)", s.ID, s.BeadID.Value, o.ID, o.Annotation.Pos.Line)
			continue
		}
		if o, dup := owner[s.BeadID.Value]; dup {
			p.errorf(s.BeadID.Pos, "bead %s is named by sprint %s (line %d) and sprint %s", s.BeadID.Value, o.ID, o.BeadID.Pos.Line, s.ID)
			continue
		}
		owner[s.BeadID.Value] = s
	}
}
