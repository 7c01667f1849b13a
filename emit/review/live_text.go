package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/planner"
	"github.com/mattn/go-runewidth"
)

// liveMark is the marker of each live state in the waves.
var liveMark = map[string]string{
	StateClosed:     "✓",
	StateInProgress: "◐",
	StateReady:      "○",
	StateBlocked:    "●",
	StateMissing:    "◌",
}

// liveColor colours text by a live state.
func liveColor(st emit.Style, state, text string) string {
	switch state {
	case StateClosed:
		return st.Green(text)
	case StateInProgress:
		return st.Yellow(text)
	case StateReady:
		return st.Cyan(text)
	case StateBlocked:
		return st.Red(text)
	}
	return st.Dim(text)
}

// liveRow is a line of a sprint list: the sprint's id and title, and a note.
type liveRow struct {
	id, state, title string
	note             string // already styled
}

// WriteText renders the live view for people: the counts, the sprints
// ready now, in progress, blocked (and by what) and not in the database,
// the waves with each sprint's live state, the remaining critical path, the
// merge points still waiting, and the drift between plan and database.
func (l *Live) WriteText(w io.Writer, st emit.Style) error {
	var b strings.Builder
	title := l.Title
	if title == "" {
		title = l.Plan
	}
	fmt.Fprintf(&b, "%s  %s\n", st.Bold(title), st.Dim("("+l.Plan+")"))
	if db := l.Database; db != nil {
		fmt.Fprintf(&b, "%s\n", st.Dim(fmt.Sprintf("bd %s, database %s, prefix %s", db.BDVersion, db.Path, db.Prefix)))
	}
	c := l.Counts
	counts := []string{
		liveColor(st, StateClosed, fmt.Sprintf("%d closed", c.Closed)),
		liveColor(st, StateInProgress, fmt.Sprintf("%d in progress", c.InProgress)),
		liveColor(st, StateReady, fmt.Sprintf("%d ready", c.Ready)),
		liveColor(st, StateBlocked, fmt.Sprintf("%d blocked", c.Blocked)),
		liveColor(st, StateMissing, fmt.Sprintf("%d not in the database", c.Missing)),
	}
	fmt.Fprintf(&b, "%s: %s; %s\n", emit.Plural(c.Sprints, "sprint", "sprints"), strings.Join(counts, ", "), st.Bold(fmt.Sprintf("%d%% done", c.DonePercent)))

	section := func(name string) { fmt.Fprintf(&b, "\n%s\n", st.Bold(name)) }
	byID := make(map[string]*LiveSprint, len(l.Sprints))
	for i := range l.Sprints {
		byID[l.Sprints[i].ID] = &l.Sprints[i]
	}
	list := func(name string, rows []liveRow) {
		if len(rows) == 0 {
			return
		}
		section(fmt.Sprintf("%s (%d)", name, len(rows)))
		idW, titleW := 0, 0
		for _, r := range rows {
			idW = max(idW, runewidth.StringWidth(r.id))
			titleW = max(titleW, runewidth.StringWidth(cut(r.title, 40)))
		}
		for _, r := range rows {
			b.WriteString("  ")
			pad(&b, cell{r.id, liveColor(st, r.state, r.id)}, idW)
			b.WriteString("  ")
			if r.note == "" {
				b.WriteString(cut(r.title, 40) + "\n")
				continue
			}
			pad(&b, plain(cut(r.title, 40)), titleW)
			b.WriteString("  " + r.note + "\n")
		}
	}
	sprintRows := func(ids []string, note func(s *LiveSprint) string) []liveRow {
		rows := make([]liveRow, len(ids))
		for i, id := range ids {
			s := byID[id]
			rows[i] = liveRow{id: id, state: s.State, title: s.Title, note: note(s)}
		}
		return rows
	}
	list("Ready now: what bd ready releases", sprintRows(l.Ready, func(s *LiveSprint) string { return st.Dim(s.Bead) }))
	list("In progress", sprintRows(l.InProgress, func(s *LiveSprint) string {
		if s.Assignee != "" {
			return st.Dim(s.Bead + ", assigned to " + s.Assignee)
		}
		return st.Dim(s.Bead)
	}))
	blocked := make([]liveRow, len(l.Blocked))
	for i, bl := range l.Blocked {
		blocked[i] = liveRow{id: bl.Sprint, state: StateBlocked, title: byID[bl.Sprint].Title, note: l.blockedNote(bl, st)}
	}
	list("Blocked", blocked)
	list("Not in the database", sprintRows(l.Missing, func(s *LiveSprint) string {
		return st.Dim("architect apply creates " + s.Bead)
	}))

	section("Waves: each sprint's live state")
	l.writeWaves(&b, st)

	if len(l.RemainingCriticalPath) == 0 {
		section("Remaining critical path: none; every sprint is closed")
	} else {
		section("Remaining critical path: " + emit.Plural(len(l.RemainingCriticalPath), "sprint", "sprints"))
		writeChain(&b, l.RemainingCriticalPath, st)
	}

	if len(l.Merges) > 0 {
		section(fmt.Sprintf("Merge points waiting (%d)", len(l.Merges)))
		for _, m := range l.Merges {
			fmt.Fprintf(&b, "  %s %s  %s\n", liveColor(st, m.State, m.Sprint), m.Title, st.Dim(m.Bead+" on "+m.Branch))
			fromW, brW := 0, 0
			for _, f := range m.WaitingFor {
				fromW = max(fromW, runewidth.StringWidth(f.Sprint))
				brW = max(brW, runewidth.StringWidth(f.Branch))
			}
			for _, f := range m.WaitingFor {
				b.WriteString("    " + st.Yellow("←") + " ")
				pad(&b, cell{f.Sprint, liveColor(st, f.State, f.Sprint)}, fromW)
				b.WriteString("  ")
				pad(&b, plain(f.Branch), brW)
				b.WriteString("  " + liveColor(st, f.State, liveLabel[f.State]) + "\n")
			}
		}
	}

	if err := l.writeDrift(&b, st, section); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// blockedNote says what holds a blocked sprint back.
func (l *Live) blockedNote(bl LiveBlocked, st emit.Style) string {
	var parts []string
	for _, by := range bl.By {
		switch {
		case by.Sprint != "":
			parts = append(parts, liveColor(st, by.State, by.Sprint)+" ("+liveLabel[by.State]+")")
		case by.Resolve != "":
			parts = append(parts, fmt.Sprintf("%s gate %s (%s; %s)", by.Gate, by.Bead, strings.TrimPrefix(by.Title, "Gate: "), by.Resolve))
		default:
			parts = append(parts, "bead "+by.Bead+" ("+by.State+", not in this plan)")
		}
	}
	note := ""
	if len(parts) > 0 {
		note = "waits on " + strings.Join(parts, ", ")
	}
	if bl.Reason != "" {
		if note != "" {
			note += "; "
		}
		note += bl.Reason
	}
	return note
}

// writeWaves draws the plan's waves with each sprint's live state, as the
// preview draws them, and a legend of the markers used.
func (l *Live) writeWaves(b *strings.Builder, st emit.Style) {
	used := map[string]bool{}
	var anyMerge bool
	writeWaveRows(b, l.g, st, func(n *planner.Node) cell {
		s := l.Sprints[n.Order]
		used[s.State] = true
		c := join(cell{s.ID, liveColor(st, s.State, s.ID)}, plain(" "+cut(s.Title, previewTitleWidth)))
		if s.Merge {
			c = join(c, cell{" ⋈", st.Yellow(" ⋈")})
			anyMerge = true
		}
		mark := " " + liveMark[s.State]
		c = join(c, cell{mark, liveColor(st, s.State, mark)})
		if s.RemainingCritical {
			c = join(c, cell{" *", st.BoldRed(" *")})
		}
		return c
	})
	var legend []string
	for _, state := range liveStates {
		if used[state] {
			legend = append(legend, liveColor(st, state, liveMark[state])+" "+liveLabel[state])
		}
	}
	if anyMerge {
		legend = append(legend, st.Yellow("⋈")+" merges branches")
	}
	if len(l.RemainingCriticalPath) > 0 {
		legend = append(legend, st.BoldRed("*")+" remaining critical path")
	}
	writeLegend(b, st, legend)
}

// writeDrift lists the drift: what architect apply would change, in the
// words apply uses, then the annotations and statuses that disagree.
func (l *Live) writeDrift(b *strings.Builder, st emit.Style, section func(string)) error {
	if len(l.Drift) == 0 {
		section("No drift: the database matches the plan")
		return nil
	}
	section(fmt.Sprintf("Drift (%d)", len(l.Drift)))
	if p := l.sync; p != nil && (!p.Empty() || len(p.Orphans) > 0) {
		b.WriteString("  architect apply would change the database:\n")
		var plan strings.Builder
		if err := p.WriteText(&plan, st); err != nil {
			return err
		}
		for _, line := range strings.SplitAfter(plan.String(), "\n") {
			if strings.TrimSpace(line) != "" {
				b.WriteString("    ")
			}
			b.WriteString(strings.TrimPrefix(line, "  "))
		}
	}
	groups := []struct {
		kind, head string
		note       func(d Drift) string
	}{
		{DriftAnnotation, "Annotations naming a bead the database does not hold:", func(d Drift) string {
			return fmt.Sprintf("%s:%d names %s", l.Plan, d.Line, d.Bead)
		}},
		{DriftClosedInPlan, "Done in the plan, open in the database (architect apply closes them):", func(d Drift) string {
			return d.Bead + " is " + l.sprint(d.Sprint).BDStatus
		}},
		{DriftClosedInDatabase, "Closed in the database, not done in the plan (architect status --write records them):", func(d Drift) string {
			return d.Bead + "; the plan says " + l.sprint(d.Sprint).PlanStatus
		}},
	}
	for _, g := range groups {
		var rows []Drift
		idW := 0
		for _, d := range l.Drift {
			if d.Kind == g.kind {
				rows = append(rows, d)
				idW = max(idW, runewidth.StringWidth(d.Sprint))
			}
		}
		if len(rows) == 0 {
			continue
		}
		b.WriteString("  " + g.head + "\n")
		for _, d := range rows {
			b.WriteString("    ")
			pad(b, plain(d.Sprint), idW)
			b.WriteString("  " + st.Dim(g.note(d)) + "\n")
		}
	}
	return nil
}

// sprint returns the sprint with the given id.
func (l *Live) sprint(id string) *LiveSprint { return &l.Sprints[l.g.Node(id).Order] }

// LiveJSON renders the live view as indented JSON.
func LiveJSON(l *Live) ([]byte, error) { return indentJSON(l) }
