package parser

import (
	"strings"
	"unicode"
)

// keyResolver maps the names a bd-shaped file's deps give to its issues.
// A name is tried, in turn, as an issue's key ("id:"/"key:" line), its
// sprint id, its title, and the slug of its title; then as a symbolic key
// such as "event-machine-LOCK_INFRA": the prefix every symbolic name shares
// ("event-machine-") is dropped and the words left ("lock", "infra") are
// looked for in the titles, each as a title word, a run of a camelCase
// word's parts ("onDone" in "processParallelOnDone"), or the start of one
// ("infra" in "Infrastructure"). The issue whose title holds most of the
// words wins, whole words over starts; an issue that another name alone
// matches fully is left to that name; a tie that remains waits on all.
type keyResolver struct {
	units  []*Sprint
	tokens [][][]string // by unit: the title's words, each split into its parts
	prefix string
	// claimed are the issues one symbolic name alone matches fully.
	claimed map[*Sprint]string
}

func newKeyResolver(units []*bdUnit) *keyResolver {
	r := &keyResolver{claimed: map[*Sprint]string{}}
	for _, u := range units {
		r.units = append(r.units, u.s)
		r.tokens = append(r.tokens, titleTokens(u.s.Title))
	}
	var symbolic []string
	seen := map[string]bool{}
	for _, u := range units {
		for _, d := range u.deps {
			name := depName(d.name)
			if seen[name] {
				continue
			}
			seen[name] = true
			if len(r.exact(name)) == 0 && !strings.ContainsAny(name, " \t") {
				symbolic = append(symbolic, name)
			}
		}
	}
	r.prefix = commonDashPrefix(symbolic)
	for _, name := range symbolic {
		if hits, full := r.byWords(name, nil); len(hits) == 1 && full {
			if prev, ok := r.claimed[hits[0]]; ok && prev != name {
				r.claimed[hits[0]] = "" // two names claim it: neither does
				continue
			}
			r.claimed[hits[0]] = name
		}
	}
	return r
}

const partialMatch = "matching only some of its words"

// depName is a dependency's target without a "type:" prefix.
func depName(s string) string {
	if i := strings.IndexByte(s, ':'); i > 0 {
		return s[i+1:]
	}
	return s
}

// resolve returns the issues name stands for, other than self when it can,
// and how they were found when it was by title words ("" when by key, id or
// title).
func (r *keyResolver) resolve(name string, self *bdUnit) ([]*Sprint, string) {
	if hits := r.exact(name); len(hits) > 0 {
		return hits, ""
	}
	hits, full := r.byWords(name, self.s)
	if len(hits) > 1 {
		var left []*Sprint
		for _, h := range hits {
			if c, ok := r.claimed[h]; !ok || c == "" || c == name {
				left = append(left, h)
			}
		}
		if len(left) > 0 {
			hits = left
		}
	}
	if len(hits) == 0 {
		return nil, ""
	}
	if !full {
		return hits, partialMatch
	}
	return hits, "by the words of its title"
}

// exact returns the issues whose key, id, title or title slug is name.
func (r *keyResolver) exact(name string) []*Sprint {
	var hits []*Sprint
	slug := slugOf(name)
	for _, s := range r.units {
		switch {
		case s.Issue != nil && s.Issue.Key != "" && strings.EqualFold(s.Issue.Key, name),
			s.ID == name,
			strings.EqualFold(s.Title, name),
			slug != "" && slugOf(s.Title) == slug:
			hits = append(hits, s)
		}
	}
	return hits
}

// slugOf lower-cases s and joins its runs of letters and digits with '-'.
func slugOf(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// byWords finds the issues (other than self) whose titles hold most of
// name's words; full says whether they hold all of them.
func (r *keyResolver) byWords(name string, self *Sprint) (hits []*Sprint, full bool) {
	words := keyWords(strings.TrimPrefix(name, r.prefix))
	if len(words) == 0 {
		return nil, false
	}
	bestN, bestScore := 0, 0
	for i, s := range r.units {
		if s == self {
			continue
		}
		n, score := 0, 0
		for _, w := range words {
			if m := matchWord(r.tokens[i], w); m > 0 {
				n++
				score += m
			}
		}
		switch {
		case n == 0:
		case n > bestN || n == bestN && score > bestScore:
			bestN, bestScore, hits = n, score, []*Sprint{s}
		case n == bestN && score == bestScore:
			hits = append(hits, s)
		}
	}
	return hits, bestN == len(words)
}

// keyWords splits a symbolic key into lower-case words: at '_', '-', '.',
// blanks and camelCase boundaries.
func keyWords(key string) []string {
	var out []string
	for _, parts := range titleTokens(key) {
		if isUpperKey(key) {
			out = append(out, strings.Join(parts, ""))
			continue
		}
		out = append(out, parts...)
	}
	return out
}

// isUpperKey reports whether s has no lower-case letters (LOCK_INFRA).
func isUpperKey(s string) bool { return strings.ToUpper(s) == s }

// matchWord scores word w against a title's tokens: 2 when a token, or a
// run of a token's parts, is w; 1 when one starts with w; 0 otherwise.
func matchWord(tokens [][]string, w string) int {
	best := 0
	for _, parts := range tokens {
		for i := range parts {
			run := ""
			for j := i; j < len(parts); j++ {
				run += parts[j]
				if run == w {
					return 2
				}
			}
			if len(w) >= 3 && strings.HasPrefix(run, w) {
				best = 1
			}
		}
	}
	return best
}

// titleTokens splits text into words (runs of letters and digits), each
// split into its lower-cased camelCase parts: "processParallelOnDone()" is
// [[process parallel on done]].
func titleTokens(text string) [][]string {
	var out [][]string
	var word []rune
	flush := func() {
		if len(word) > 0 {
			out = append(out, camelParts(word))
			word = word[:0]
		}
	}
	for _, c := range text {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			word = append(word, c)
		} else {
			flush()
		}
	}
	flush()
	return out
}

func camelParts(w []rune) []string {
	var parts []string
	start := 0
	for i := 1; i < len(w); i++ {
		prev, c := w[i-1], w[i]
		boundary := unicode.IsLower(prev) && unicode.IsUpper(c) ||
			unicode.IsUpper(prev) && unicode.IsUpper(c) && i+1 < len(w) && unicode.IsLower(w[i+1]) ||
			unicode.IsDigit(prev) != unicode.IsDigit(c)
		if boundary {
			parts = append(parts, strings.ToLower(string(w[start:i])))
			start = i
		}
	}
	return append(parts, strings.ToLower(string(w[start:])))
}

// commonDashPrefix is the longest prefix ending in '-' that every name
// shares, when there are two or more ("event-machine-"); else, for one
// name in the shape "prefix-KEY_WORDS", its part up to the last '-'.
func commonDashPrefix(names []string) string {
	if len(names) == 0 {
		return ""
	}
	if len(names) == 1 {
		n := names[0]
		if i := strings.LastIndexByte(n, '-'); i > 0 && isUpperKey(n[i+1:]) && strings.ContainsRune(n[i+1:], '_') {
			return n[:i+1]
		}
		return ""
	}
	p := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, p) {
			p = p[:len(p)-1]
		}
	}
	if i := strings.LastIndexByte(p, '-'); i >= 0 {
		return p[:i+1]
	}
	return ""
}
