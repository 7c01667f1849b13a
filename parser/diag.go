package parser

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a plan file. Line and Col are 1-based; Col counts
// bytes, as Go's own tools do. Offset is the 0-based byte offset.
type Pos struct {
	Line, Col, Offset int
}

// IsValid reports whether p was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Severity says whether a diagnostic stops the compile.
type Severity int

const (
	// Error diagnostics make the compile fail.
	Error Severity = iota
	// Warning diagnostics are reported, and the compile goes on.
	Warning
	// Info diagnostics are shown only in verbose mode.
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "info"
	}
}

// Diagnostic is one problem found in a plan, with the place it points at.
type Diagnostic struct {
	File     string
	Pos      Pos
	Severity Severity
	Msg      string
}

// Error formats the diagnostic as FILE:LINE:COL: SEVERITY: MESSAGE.
func (d Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Pos.IsValid() {
		fmt.Fprintf(&b, ":%d:%d", d.Pos.Line, d.Pos.Col)
	}
	fmt.Fprintf(&b, ": %s: %s", d.Severity, d.Msg)
	return b.String()
}

// Diagnostics is an ordered list of problems. As an error it stands for its
// error-severity entries.
type Diagnostics []Diagnostic

// HasErrors reports whether any entry is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns only the error-severity entries.
func (ds Diagnostics) Errors() Diagnostics { return ds.Only(Error) }

// Warnings returns only the warning-severity entries.
func (ds Diagnostics) Warnings() Diagnostics { return ds.Only(Warning) }

// Only returns the entries of one severity.
func (ds Diagnostics) Only(s Severity) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// Sort orders diagnostics by file and position, keeping the order of entries
// at the same place.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Pos.Col < b.Pos.Col
	})
}

// Error joins the error-severity entries, one per line.
func (ds Diagnostics) Error() string {
	var lines []string
	for _, d := range ds {
		if d.Severity == Error {
			lines = append(lines, d.Error())
		}
	}
	return strings.Join(lines, "\n")
}

// String joins every entry, one per line.
func (ds Diagnostics) String() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.Error()
	}
	return strings.Join(lines, "\n")
}
