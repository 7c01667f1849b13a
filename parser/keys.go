package parser

import (
	"slices"
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
	units []*Sprint
	// byName maps lower-cased keys, ids, titles and title slugs to the
	// issues they name, in file order.
	byName map[string][]*Sprint
	// whole and starts index the titles' words: whole holds every run of
	// a word's parts ("on", "ondone", "done" of "onDone"), starts every
	// start of three or more letters of a run to the word's end; each maps
	// to the units (by index) whose titles hold it.
	whole, starts map[string][]int
	prefix        string
	// claimed are the issues one symbolic name alone matches fully.
	claimed map[*Sprint]string
}

func newKeyResolver(units []*bdUnit) *keyResolver {
	r := &keyResolver{claimed: map[*Sprint]string{}, byName: map[string][]*Sprint{},
		whole: map[string][]int{}, starts: map[string][]int{}}
	add := func(m map[string][]int, k string, i int) {
		if l := m[k]; len(l) == 0 || l[len(l)-1] != i {
			m[k] = append(l, i)
		}
	}
	for i, u := range units {
		s := u.s
		r.units = append(r.units, s)
		for _, parts := range titleTokens(s.Title) {
			for a := range parts {
				run := ""
				for _, p := range parts[a:] {
					run += p
					add(r.whole, run, i)
				}
				for l := 3; l < len(run); l++ {
					add(r.starts, run[:l], i)
				}
			}
		}
		names := []string{strings.ToLower(s.ID), strings.ToLower(s.Title), slugOf(s.Title)}
		if s.Issue != nil && s.Issue.Key != "" {
			names = append(names, strings.ToLower(s.Issue.Key))
		}
		for i, n := range names {
			if n == "" || slices.Contains(names[:i], n) {
				continue
			}
			r.byName[n] = append(r.byName[n], s)
		}
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
	hits := r.byName[strings.ToLower(name)]
	if slug := slugOf(name); slug != "" {
		for _, s := range r.byName[slug] {
			if !slices.Contains(hits, s) {
				hits = append(hits[:len(hits):len(hits)], s)
			}
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
	// The units that hold every word: the shortest list, checked against
	// the others (the lists are in unit order). Common words ("issue")
	// hold most units; this stays linear in the rarest.
	size := func(w string) int { return len(r.whole[w]) + len(r.starts[w]) }
	shortest := 0
	for k, w := range words {
		if size(w) < size(words[shortest]) {
			shortest = k
		}
	}
	score := func(i int, only bool) (n, sc int) {
		for _, w := range words {
			switch {
			case hasSorted(r.whole[w], i):
				n, sc = n+1, sc+2
			case hasSorted(r.starts[w], i):
				n, sc = n+1, sc+1
			case only:
				return 0, 0
			}
		}
		return n, sc
	}
	bestN, bestScore := 0, 0
	var best []int
	consider := func(i int, n, sc int) {
		switch {
		case n == 0 || r.units[i] == self:
		case n > bestN || n == bestN && sc > bestScore:
			bestN, bestScore, best = n, sc, append(best[:0], i)
		case n == bestN && sc == bestScore:
			best = append(best, i)
		}
	}
	w := words[shortest]
	for _, i := range mergeSorted(r.whole[w], r.starts[w]) {
		n, sc := score(i, true)
		consider(i, n, sc)
	}
	if len(best) == 0 {
		// No unit holds them all: the units that hold most of them.
		seen := map[int]bool{}
		for _, w := range words {
			for _, i := range mergeSorted(r.whole[w], r.starts[w]) {
				if !seen[i] {
					seen[i] = true
					n, sc := score(i, false)
					consider(i, n, sc)
				}
			}
		}
		slices.Sort(best)
	}
	for _, i := range best {
		hits = append(hits, r.units[i])
	}
	return hits, bestN == len(words)
}

// mergeSorted returns the union of two ascending lists, ascending.
func mergeSorted(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return out
}

func hasSorted(l []int, i int) bool {
	_, ok := slices.BinarySearch(l, i)
	return ok
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
