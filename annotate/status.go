package annotate

import (
	"fmt"
	"sort"

	"github.com/beads-architect/architect/parser"
)

// StatusText is what WriteStatus writes for each status: words the parser
// reads back as the same status.
var StatusText = map[string]string{
	parser.StatusOpen:       "Open",
	parser.StatusInProgress: "🔄 In progress",
	parser.StatusBlocked:    "⛔ Blocked",
	parser.StatusClosed:     "✅ Done",
}

// StatusChange is one sprint whose Status line is, or would be, written.
type StatusChange struct {
	Sprint *parser.Sprint
	// Old is the status the plan gives now; New the one written.
	Old, New string
	// Inserted is set when the sprint had no Status line of its own.
	Inserted bool
}

// StatusResult reports what WriteStatus did.
type StatusResult struct {
	Changed []StatusChange
	// Unchanged lists sprints whose plan status is already the one given.
	Unchanged []*parser.Sprint
	// Held lists sprints that a completion log entry closes: their status
	// is the log's, which WriteStatus does not edit.
	Held []StatusChange
	// Unknown lists the sprint ids of the map that name no live sprint,
	// sorted. Skipped sprints are never touched.
	Unknown []string
}

// WriteStatus writes each sprint's status from statuses (sprint id to one
// of the parser's Status constants) into the plan as its **Status**: line:
// the value of the line that is there is replaced, or a line is inserted
// under the heading and its annotation. Sprints whose plan status already
// is the one given are not touched, so a second run changes nothing.
func WriteStatus(p *parser.Plan, statuses map[string]string) ([]byte, StatusResult, error) {
	var res StatusResult
	var edits []edit
	live := map[string]bool{}
	for _, s := range p.Sprints {
		live[s.ID] = true
		want, ok := statuses[s.ID]
		if !ok {
			continue
		}
		text, known := StatusText[want]
		if !known {
			return nil, res, fmt.Errorf("sprint %s: unknown status %q", s.ID, want)
		}
		old := parser.StatusOpen
		if s.Status.Set() {
			old = s.Status.Value
		}
		switch {
		case old == want:
			res.Unchanged = append(res.Unchanged, s)
			continue
		case s.ClosedBy != nil:
			res.Held = append(res.Held, StatusChange{Sprint: s, Old: old, New: want})
			continue
		}
		c := StatusChange{Sprint: s, Old: old, New: want}
		if v := s.StatusValue; v.End > 0 {
			edits = append(edits, edit{start: v.Start, end: v.End, before: " " + text})
		} else {
			c.Inserted = true
			edits = append(edits, statusInsertion(p.Src, s, text))
		}
		res.Changed = append(res.Changed, c)
	}
	for id := range statuses {
		if !live[id] {
			res.Unknown = append(res.Unknown, id)
		}
	}
	sort.Strings(res.Unknown)
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	return splice(p.Src, edits), res, nil
}

// statusInsertion puts a Status line under the sprint's heading, or under
// its annotation when it has one, with the line ending of the line above.
func statusInsertion(src []byte, s *parser.Sprint, text string) edit {
	at, from := s.Heading.End, s.Heading.Start
	if a := s.Annotation; a != nil {
		at, from = a.End, a.Start
	}
	line := "**Status**: " + text
	if eol := lineEnding(src, at); eol != "" {
		return edit{start: at, end: at, before: line + eol}
	}
	// The heading or annotation ends the file without a newline.
	return edit{start: at, end: at, before: fileEnding(src, from) + line}
}
