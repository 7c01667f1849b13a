package parser

import "testing"

// TestLazyRegexpsCompile compiles every regexp the parser declares, which
// regexp.MustCompile at start-up used to do in every run.
func TestLazyRegexpsCompile(t *testing.T) {
	if len(lazyRegexps) == 0 {
		t.Fatal("no lazy regexps")
	}
	for _, l := range lazyRegexps {
		l.re()
	}
}
