package parser

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regexp compiled on its first use, not when the program
// starts: every command would otherwise compile all of the parser's
// regexps (1.8 million instructions, 6% of `architect version`; see
// docs/performance.md), and a compile uses only some of them. Its methods
// are those of regexp.Regexp that the parser calls.
type lazyRegexp struct {
	expr     string
	once     sync.Once
	compiled *regexp.Regexp
}

// lazyMustCompile returns a lazyRegexp of expr; it panics on first use if
// expr does not compile, as regexp.MustCompile would at start-up
// (TestLazyRegexpsCompile compiles them all). It allocates once, at
// start-up; with a sync.OnceValue it was four times.
func lazyMustCompile(expr string) *lazyRegexp {
	r := &lazyRegexp{expr: expr}
	lazyRegexps = append(lazyRegexps, r)
	return r
}

// lazyRegexps are all of them, for the test.
var lazyRegexps []*lazyRegexp

// re is the regexp, compiled on the first call.
func (l *lazyRegexp) re() *regexp.Regexp {
	l.once.Do(l.compile)
	return l.compiled
}

func (l *lazyRegexp) compile() { l.compiled = regexp.MustCompile(l.expr) }

func (l *lazyRegexp) Find(b []byte) []byte { return l.re().Find(b) }
func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.re().FindAllStringIndex(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.re().FindAllStringSubmatch(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.re().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRegexp) FindIndex(b []byte) []int             { return l.re().FindIndex(b) }
func (l *lazyRegexp) FindString(s string) string           { return l.re().FindString(s) }
func (l *lazyRegexp) FindStringIndex(s string) []int       { return l.re().FindStringIndex(s) }
func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.re().FindStringSubmatch(s) }
func (l *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l.re().FindStringSubmatchIndex(s)
}
func (l *lazyRegexp) FindSubmatch(b []byte) [][]byte   { return l.re().FindSubmatch(b) }
func (l *lazyRegexp) FindSubmatchIndex(b []byte) []int { return l.re().FindSubmatchIndex(b) }
func (l *lazyRegexp) Match(b []byte) bool              { return l.re().Match(b) }
func (l *lazyRegexp) MatchString(s string) bool        { return l.re().MatchString(s) }
func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	return l.re().ReplaceAllString(src, repl)
}
func (l *lazyRegexp) Split(s string, n int) []string { return l.re().Split(s, n) }
