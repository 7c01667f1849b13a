package parser

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
)

var beadIDRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*-[A-Za-z0-9]+(?:\.[0-9]+)*$`)

// ValidBeadID reports whether id looks like a beads issue id ("bd-a3f8",
// "proj-x9k2q1", a child "bd-a3f8.1"). Ids that could break out of an HTML
// comment ("--", ">") never pass.
func ValidBeadID(id string) bool {
	return len(id) <= 64 && beadIDRE.MatchString(id) && !strings.Contains(id, "--")
}

// AnnotationLine returns the comment line annotate writes for a bead id,
// without a line ending.
func AnnotationLine(id string) string { return "<!-- beads-ralph: " + id + " -->" }

// IsAnnotationLine reports whether line (with or without its line ending) is
// a back-annotation comment, and returns the id it names.
func IsAnnotationLine(line []byte) (id string, ok bool) {
	m := annotRE.FindSubmatch(line)
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}

// sprintFields reads the blocks of a sprint's section, which ends at offset
// end.
func (b *builder) sprintFields(s *Sprint, blocks []ast.Node, end int) {
	var desc []string
	addDesc := func(from, to int) {
		if from < 0 || to <= from {
			return
		}
		if t := strings.TrimSpace(string(b.src[from:to])); t != "" {
			desc = append(desc, t)
		}
	}
	i := 0
	if len(blocks) > 0 && blocks[0].Kind() == ast.KindHTMLBlock && b.blockStart(blocks[0]) == s.Heading.End {
		if a := b.annotation(s.Heading.End); a != nil {
			s.Annotation = a
			i = 1
		}
	}
	// A list with only field lines before it, in a sprint with no Tasks
	// field, is the task list (the minimal style).
	onlyFields := true
	seen := map[string]Pos{}
	for ; i < len(blocks); i++ {
		n := blocks[i]
		start := b.blockStart(n)
		stop := end
		if i+1 < len(blocks) {
			stop = b.blockStart(blocks[i+1])
		}
		switch n := n.(type) {
		case *ast.Paragraph:
			lines := paragraphLines(n)
			for j, line := range lines {
				f, ok := b.lineField(line)
				name := ""
				if ok {
					name = sprintLabels[f.label]
				}
				if name == "" {
					onlyFields = false
					addDesc(f.start, f.end)
					continue
				}
				var list *ast.List
				if f.value == "" && j == len(lines)-1 && i+1 < len(blocks) {
					if l, ok := blocks[i+1].(*ast.List); ok {
						list = l
						i++
					}
				}
				if prev, dup := seen[name]; dup && !listField(name) {
					b.p.warnf(f.pos, "%s is given twice in sprint %s (first at line %d); the last one counts", f.label, s.ID, prev.Line)
				}
				seen[name] = f.pos
				b.setField(s, name, f, list)
			}
		case *ast.List:
			if onlyFields && s.Tasks == nil && seen["tasks"] == (Pos{}) {
				s.Tasks = b.listTexts(n)
				continue
			}
			onlyFields = false
			addDesc(start, stop)
		case *ast.ThematicBreak:
		default:
			onlyFields = false
			addDesc(start, stop)
		}
	}
	s.Description = strings.Join(desc, "\n\n")
	if len(s.Tasks) == 0 && !s.Skipped {
		s.Tasks = []string{s.Title}
		s.TasksFromTitle = true
		b.p.warnf(s.Heading.Pos, "sprint %s has no tasks; its title is its one prompt", s.ID)
	}
}

func listField(name string) bool {
	switch name {
	case "dev agents", "qa agents", "tasks", "acceptance criteria", "labels", "depends on":
		return true
	}
	return false
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

func (b *builder) setField(s *Sprint, name string, f field, list *ast.List) {
	word := func() Field {
		v := f.code
		if v == "" {
			if ws := strings.Fields(f.value); len(ws) > 0 {
				v = ws[0]
			}
		}
		if v == "" {
			b.p.errorf(f.pos, "%s of sprint %s is empty", f.label, s.ID)
		}
		return Field{Value: v, Pos: f.pos}
	}
	switch name {
	case "worktree":
		s.Worktree = word()
	case "branch":
		s.Branch = word()
	case "source branch":
		s.SourceBranch = word()
	case "team":
		v := f.code
		if v == "" {
			v = f.value
		}
		s.Team = Field{Value: v, Pos: f.pos}
	case "status":
		st := normalStatus(f.value)
		if st == "skipped" {
			s.Skipped = true
		}
		s.Status = Field{Value: st, Pos: f.pos}
	case "priority":
		if pr, ok := normalPriority(f.value); ok {
			s.Priority = Field{Value: pr, Pos: f.pos}
		} else {
			b.p.errorf(f.pos, "priority %q of sprint %s: want P0-P4 or 0-4", f.value, s.ID)
		}
	case "labels":
		s.Labels = append(s.Labels, splitList(f.value)...)
	case "depends on":
		s.DependsOn = append(s.DependsOn, b.refs(f)...)
	case "dev agents", "qa agents":
		var agents []Agent
		if list != nil {
			for it := list.FirstChild(); it != nil; it = it.NextSibling() {
				if a, ok := b.itemAgent(s, it); ok {
					agents = append(agents, a)
				}
			}
		} else if f.value != "" {
			if a, ok := b.agent(s, f.code, f.value, f.pos); ok {
				agents = append(agents, a)
			}
		}
		if name == "dev agents" {
			s.DevAgents = append(s.DevAgents, agents...)
		} else {
			s.QAAgents = append(s.QAAgents, agents...)
		}
	case "tasks", "acceptance criteria":
		var items []string
		if list != nil {
			items = b.listTexts(list)
		} else if f.value != "" {
			items = []string{f.value}
		}
		if name == "tasks" {
			s.Tasks = append(s.Tasks, items...)
		} else {
			s.Acceptance = append(s.Acceptance, items...)
		}
	}
}

// refs reads the sprint ids of a Depends on field, with the position of each.
func (b *builder) refs(f field) []Ref {
	var out []Ref
	raw := ""
	if f.start >= 0 && f.end > f.start {
		raw = string(b.src[f.start:f.end])
	}
	search := strings.Index(raw, ":") + 1
	for _, tok := range splitList(f.value) {
		for _, id := range strings.Fields(tok) {
			id = strings.Trim(id, ".;`*()")
			if id == "" || strings.EqualFold(id, "sprint") || strings.EqualFold(id, "and") {
				continue
			}
			pos := f.pos
			if k := strings.Index(raw[search:], id); k >= 0 && search >= 0 {
				pos = b.p.Position(f.start + search + k)
				search += k + len(id)
			}
			if _, _, _, ok := splitSprintID(id); !ok {
				b.p.errorf(pos, "malformed sprint id %q in Depends on: want ids like 1.2 or 3a.2b", id)
				continue
			}
			out = append(out, Ref{ID: id, Pos: pos})
		}
	}
	return out
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

// itemAgent reads "`name` (model) - prompt" from a list item.
func (b *builder) itemAgent(s *Sprint, item ast.Node) (Agent, bool) {
	blk := item.FirstChild()
	if blk == nil {
		return Agent{}, false
	}
	code := ""
	for c := blk.FirstChild(); c != nil; c = c.NextSibling() {
		if cs, ok := c.(*ast.CodeSpan); ok {
			code = inlineText(cs, b.src)
			break
		}
	}
	return b.agent(s, code, strings.TrimSpace(plainText(blk, b.src)), b.p.Position(b.blockStart(blk)))
}

// agent splits an agent entry's plain text into name, model and prompt. The
// name is the first code span, or else the first word.
func (b *builder) agent(s *Sprint, code, text string, pos Pos) (Agent, bool) {
	name, tail := code, ""
	if k := strings.Index(text, code); code != "" && k >= 0 {
		tail = text[k+len(code):]
	} else {
		ws := strings.SplitN(text, " ", 2)
		name = ws[0]
		if len(ws) > 1 {
			tail = ws[1]
		}
	}
	if !agentRE.MatchString(name) || strings.Contains(name, "..") {
		b.p.errorf(pos, "agent name %q in sprint %s: want a file name like python-backend-dev", name, s.ID)
		return Agent{}, false
	}
	a := Agent{Name: name, Pos: pos}
	if m := agentTail.FindStringSubmatch(tail); m != nil {
		a.Model, a.Prompt = strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	} else {
		a.Prompt = strings.TrimSpace(tail)
	}
	return a, true
}

// listTexts returns one string per top-level item of a list. Nested items
// are appended to their parent's string as indented lines.
func (b *builder) listTexts(l *ast.List) []string {
	var out []string
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		b.scratch = b.appendItem(b.scratch[:0], it, "")
		if t := bytes.TrimSpace(b.scratch); len(t) > 0 {
			out = append(out, string(t))
		}
	}
	return out
}

// appendItem appends a list item's text to dst: its paragraphs' plain text,
// trimmed, each on a line of its own, and nested lists as indented "- "
// lines.
func (b *builder) appendItem(dst []byte, item ast.Node, indent string) []byte {
	first := true
	for c := item.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.List:
			for it := c.FirstChild(); it != nil; it = it.NextSibling() {
				dst = append(append(append(dst, '\n'), indent...), "  - "...)
				dst = b.appendItem(dst, it, indent+"  ")
			}
		default:
			if !first {
				dst = append(append(append(dst, '\n'), indent...), "  "...)
			}
			if c.Type() == ast.TypeBlock && (c.Kind() == ast.KindParagraph || c.Kind() == ast.KindTextBlock) {
				start := len(dst)
				dst = appendPlain(dst, c, b.src)
				dst = append(dst[:start], bytes.TrimSpace(dst[start:])...) // copy moves left: safe
			} else if st := b.blockStart(c); st >= 0 {
				dst = append(dst, bytes.TrimSpace(b.src[st:lineEnd(b.src, st)])...)
			}
		}
		first = false
	}
	return dst
}

func normalStatus(v string) string {
	l := strings.ToLower(v)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("skip", "⏭"):
		return "skipped"
	case has("✅", "complete", "done", "closed", "finished", "merged"):
		return "closed"
	case has("🔄", "in progress", "in-progress", "in_progress", "wip", "started"):
		if has("not started") {
			return "open"
		}
		return "in_progress"
	case has("blocked", "🚫", "⛔"):
		return "blocked"
	}
	return "open"
}

func normalPriority(v string) (string, bool) {
	w := strings.Fields(v)
	if len(w) == 0 {
		return "", false
	}
	p := strings.TrimPrefix(strings.ToUpper(w[0]), "P")
	if len(p) == 1 && p[0] >= '0' && p[0] <= '4' {
		return p, true
	}
	return "", false
}

// finishPreamble reads the fields before the first phase into the plan's
// defaults, and checks that annotations are unique.
func (b *builder) finishPreamble() {
	var pre Defaults
	for _, n := range b.preamble {
		par, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		for _, line := range paragraphLines(par) {
			f, ok := b.lineField(line)
			if !ok {
				continue
			}
			v := f.code
			if v == "" {
				if ws := strings.Fields(f.value); len(ws) > 0 {
					v = ws[0]
				}
			}
			switch preambleLabels[f.label] {
			case "source branch":
				pre.SourceBranch = v
			case "team":
				pre.Team = v
			case "labels":
				pre.Labels = splitList(f.value)
			case "created":
				pre.Created = v
			case "priority":
				if pr, ok := normalPriority(f.value); ok {
					n := int(pr[0] - '0')
					pre.Priority = &n
				} else {
					b.p.errorf(f.pos, "plan priority %q: want P0-P4 or 0-4", f.value)
				}
			}
		}
	}
	b.p.Defaults = b.p.Defaults.Merge(pre)

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
