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
	if n == 0 {
		return "no " + many
	}
	return fmt.Sprintf("%d %s", n, Noun(n, one, many))
}

// Noun is the form of a noun that n of it takes: one for 1, else many.
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
