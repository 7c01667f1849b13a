package parser

import (
	"fmt"
	"strings"
)

// reading renders what a plan compiles to, one line a unit, for the trap
// tests: "1.2 in_progress "Title"", skipped units as "1.3 skipped
// "Title" (reason)", then every warning and error, as printed.
func reading(p *Plan) string {
	var b strings.Builder
	for _, s := range p.Sprints {
		st := s.Status.Value
		if st == "" {
			st = StatusOpen
		}
		fmt.Fprintf(&b, "%s %s %q\n", s.ID, st, s.Title)
	}
	for _, s := range p.Skipped {
		fmt.Fprintf(&b, "%s skipped %q (%s)\n", s.ID, s.Title, s.SkipReason)
	}
	for _, d := range p.Diags {
		if d.Severity != Info {
			fmt.Fprintln(&b, d.Error())
		}
	}
	return b.String()
}
