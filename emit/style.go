package emit

import "fmt"

// Style colours the text architect prints for people; the zero Style
// prints plain text. The caller decides: colour only on a terminal, and
// never under NO_COLOR.
type Style struct{ Color bool }

func (s Style) wrap(code, text string) string {
	if !s.Color || text == "" {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

// The colours, each wrapping its text in an ANSI escape sequence when the
// style has colour.
func (s Style) Bold(t string) string    { return s.wrap("1", t) }
func (s Style) Dim(t string) string     { return s.wrap("2", t) }
func (s Style) Red(t string) string     { return s.wrap("31", t) }
func (s Style) BoldRed(t string) string { return s.wrap("1;31", t) }
func (s Style) Yellow(t string) string  { return s.wrap("33", t) }
func (s Style) Cyan(t string) string    { return s.wrap("36", t) }
func (s Style) Green(t string) string   { return s.wrap("32", t) }

// Plural counts things in words: "no beads", "1 bead", "2 beads".
func Plural(n int, one, many string) string {
	switch n {
	case 0:
		return "no " + many
	case 1:
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
