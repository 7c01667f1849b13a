package parser

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// phraseFilters pairs each prose regexp with its cheap filter, which must
// pass every text the regexp matches.
var phraseFilters = []struct {
	name   string
	re     *lazyRegexp
	filter func([]byte) bool
}{
	{"sequencePhrase", sequencePhrase, maySequence},
	{"parallelWords", parallelWords, mayParallelText},
}

// phrasePieces are what the generated texts are made of: the regexps'
// words in every case, with ſ and the Kelvin sign, blanks and other text.
var phrasePieces = []string{
	"build", "Builds", "BUILD", "buildſ", "depend", "Depends", "dependſ", "wait", "WAITS", "waitſ", "must", "come", "Comes",
	"needs", "need", "to", "requires", "REQUIREſ", "require", "on", "ON", "for", "For", "after", "AFTER",
	"parallel", "Parallel", "parallelized", "PARALLELISED", "paralleliſable", "izable", "in", "In", "concurrently",
	"independent", "independently", "of", "each", "other", "one", "another", "side", "ſide", "by", "BY", "with",
	" ", " ", " ", "  ", "\t", "\n", "\r", "\f", "\v", ".", ",", ")", "-", "_", "é", "\u212a", "k", "s", "ſ", "x", "1.2", "Sprint",
}

// TestPhraseFilters: maySequence and mayParallelText pass every text
// their regexps match, on the plans' own sentences and on generated ones.
func TestPhraseFilters(t *testing.T) {
	texts := []string{
		"Phase 3 builds on Phase 2.", "Sprint 2.2 depends\ton 2.1", "2.3 must wait for 2.2", "3 waits on 2", "4 comes  after 3",
		"5 needs to wait for 4", "6 requires 5", "6 REQUIREſ 5", "7 buildſ on 6", "Epics 1 and 2 can be parallelized.",
		"run in parallel.", "in\nparallel with 3", "run concurrently", "independent of each other", "side by side",
		"ſide by ſide", "Build the API", "Parallel a of stage 1", "Step 1 of stage 1 works",
	}
	rng := rand.New(rand.NewPCG(28, 3))
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(phrasePieces[rng.IntN(len(phrasePieces))])
		}
		texts = append(texts, b.String())
	}
	matched := map[string]int{}
	for _, s := range texts {
		for _, f := range phraseFilters {
			if !f.re.MatchString(s) {
				continue
			}
			matched[f.name]++
			if !f.filter([]byte(s)) {
				t.Errorf("%s matches %q, but its filter does not pass it", f.name, s)
			}
		}
	}
	for _, f := range phraseFilters {
		if matched[f.name] < 1000 {
			t.Errorf("%s matched %d texts: too few to test its filter", f.name, matched[f.name])
		}
	}
	for _, s := range []string{"Build the API", "Parallel a of stage 1", "- Build the Parallel b of stage 2 part"} {
		for _, f := range phraseFilters {
			if f.filter([]byte(s)) {
				t.Errorf("%s's filter passes %q", f.name, s)
			}
		}
	}
}

// FuzzPhraseFilters: whatever the text, a regexp's match passes its filter.
func FuzzPhraseFilters(f *testing.F) {
	for _, s := range []string{"Phase 3 builds on Phase 2.", "in parallel", "ſide\tby side", "dependſ\non"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, pf := range phraseFilters {
			if pf.re.MatchString(s) && !pf.filter([]byte(s)) {
				t.Errorf("%s matches %q, but its filter does not pass it", pf.name, s)
			}
		}
	})
}
