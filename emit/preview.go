package emit

import (
	"fmt"
	"io"
	"strings"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// Preview is what `architect compile --dry-run --json` prints.
type Preview struct {
	Plan         string           `json:"plan"`
	Title        string           `json:"title"`
	Sprints      int              `json:"sprints"`
	Phases       []PreviewPhase   `json:"phases"`
	Waves        [][]string       `json:"waves"`
	CriticalPath []string         `json:"critical_path"`
	Merges       []PreviewMerge   `json:"merges"`
	Skipped      []PreviewSkipped `json:"skipped"`
	Warnings     []PreviewDiag    `json:"warnings"`
}

// PreviewPhase is one phase and its sprints, in execution order.
type PreviewPhase struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Sprints []string `json:"sprints"`
}

// PreviewMerge is a sprint that starts from several branches.
type PreviewMerge struct {
	Sprint   string   `json:"sprint"`
	Bead     string   `json:"bead"`
	Branch   string   `json:"branch"`
	Branches []string `json:"branches"`
}

// PreviewSkipped is a skipped sprint.
type PreviewSkipped struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Line  int    `json:"line"`
}

// PreviewDiag is a warning with its position.
type PreviewDiag struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// NewPreview summarises a compiled plan. beads are the plan's beads in
// execution order; warnings are every warning of the compile.
func NewPreview(g *planner.Graph, beads []Bead, warnings parser.Diagnostics) Preview {
	p := Preview{
		Plan:         g.Plan.File,
		Title:        g.Plan.Title,
		Sprints:      len(g.Nodes),
		Phases:       []PreviewPhase{},
		Waves:        make([][]string, len(g.Waves)),
		CriticalPath: ids(g.CriticalPath),
		Merges:       []PreviewMerge{},
		Skipped:      []PreviewSkipped{},
		Warnings:     []PreviewDiag{},
	}
	var cur *PreviewPhase
	for _, n := range g.Nodes {
		ph := n.Sprint.Phase
		if cur == nil || cur.ID != ph.ID {
			p.Phases = append(p.Phases, PreviewPhase{ID: ph.ID, Title: ph.Title})
			cur = &p.Phases[len(p.Phases)-1]
		}
		cur.Sprints = append(cur.Sprints, n.ID())
		if n.IsMerge() {
			b := beads[n.Order]
			p.Merges = append(p.Merges, PreviewMerge{Sprint: n.ID(), Bead: b.ID, Branch: b.Metadata.Branch, Branches: b.Metadata.BranchesToMerge})
		}
	}
	for i, w := range g.Waves {
		p.Waves[i] = ids(w)
	}
	for _, s := range g.Plan.Skipped {
		p.Skipped = append(p.Skipped, PreviewSkipped{ID: s.ID, Title: s.Title, Line: s.Heading.Pos.Line})
	}
	for _, w := range warnings {
		p.Warnings = append(p.Warnings, PreviewDiag{File: w.File, Line: w.Pos.Line, Col: w.Pos.Col, Message: w.Msg})
	}
	return p
}

func ids(ns []*planner.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.ID()
	}
	return out
}

// Style colours the preview; the zero Style prints plain text.
type Style struct{ Color bool }

func (s Style) wrap(code, text string) string {
	if !s.Color {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

func (s Style) bold(t string) string   { return s.wrap("1", t) }
func (s Style) dim(t string) string    { return s.wrap("2", t) }
func (s Style) yellow(t string) string { return s.wrap("33", t) }
func (s Style) cyan(t string) string   { return s.wrap("36", t) }
func (s Style) green(t string) string  { return s.wrap("32", t) }

// WriteText renders the preview for people.
func (p Preview) WriteText(w io.Writer, g *planner.Graph, st Style) error {
	var b strings.Builder
	title := p.Title
	if title == "" {
		title = p.Plan
	}
	fmt.Fprintf(&b, "%s  %s\n", st.bold(title), st.dim("("+p.Plan+")"))
	fmt.Fprintf(&b, "%s in %s, %s; nothing written (dry run)\n", plural(p.Sprints, "sprint"), plural(len(p.Phases), "phase"), plural(len(p.Waves), "wave"))

	section := func(name string) { fmt.Fprintf(&b, "\n%s\n", st.bold(name)) }

	section("Phases")
	width := 0
	for _, ph := range p.Phases {
		width = max(width, len(ph.ID))
	}
	for _, ph := range p.Phases {
		fmt.Fprintf(&b, "  %-*s  %s  %s\n", width, ph.ID, ph.Title, st.dim(strings.Join(ph.Sprints, " ")))
	}

	section("Waves")
	merge := map[string]bool{}
	for _, m := range p.Merges {
		merge[m.Sprint] = true
	}
	onPath := map[string]bool{}
	for _, id := range p.CriticalPath {
		onPath[id] = true
	}
	numW := len(fmt.Sprint(len(p.Waves)))
	for i, wave := range g.Waves {
		cells := make([]string, len(wave))
		for j, n := range wave {
			cell := st.cyan(n.ID()) + " " + n.Sprint.Title
			if merge[n.ID()] {
				cell += " " + st.yellow("(merge)")
			}
			if onPath[n.ID()] {
				cell += " " + st.green("*")
			}
			cells[j] = cell
		}
		fmt.Fprintf(&b, "  %*d  %s\n", numW, i+1, strings.Join(cells, st.dim("  |  ")))
	}

	section(fmt.Sprintf("Critical path (%d sprints, marked *)", len(p.CriticalPath)))
	fmt.Fprintf(&b, "  %s\n", strings.Join(p.CriticalPath, " → "))

	if len(p.Merges) > 0 {
		section("Merge points")
		for _, m := range p.Merges {
			fmt.Fprintf(&b, "  %s %s\n", st.cyan(m.Sprint), st.dim("→ "+m.Branch))
			for _, br := range m.Branches {
				fmt.Fprintf(&b, "      ← %s\n", br)
			}
		}
	}
	if len(p.Skipped) > 0 {
		section("Skipped")
		for _, s := range p.Skipped {
			fmt.Fprintf(&b, "  %s %s %s\n", st.dim(s.ID), s.Title, st.dim(fmt.Sprintf("(line %d)", s.Line)))
		}
	}
	if len(p.Warnings) > 0 {
		section(fmt.Sprintf("Warnings (%d)", len(p.Warnings)))
		for _, d := range p.Warnings {
			fmt.Fprintf(&b, "  %s:%d:%d: %s %s\n", d.File, d.Line, d.Col, st.yellow("warning:"), d.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
