package plangen

import "sync"

// Size is a named plan size for benchmarks: "sprints=1k" and so on, the same
// names in every package so that benchstat lines them up.
type Size struct {
	Name string
	N    int
}

// Sizes are the plan sizes every benchmark runs at: the sizes people write
// (20 and 200 sprints), and 1k, 10k and 100k for scale.
var Sizes = []Size{{"sprints=20", 20}, {"sprints=200", 200}, {"sprints=1k", 1000}, {"sprints=10k", 10000}, {"sprints=100k", 100000}}

var (
	cacheMu sync.Mutex
	cache   = map[int][]byte{}
)

// Cached returns Plan(n), generating it once per process. Callers must not
// modify the returned bytes.
func Cached(n int) []byte {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	src, ok := cache[n]
	if !ok {
		src = Plan(n)
		cache[n] = src
	}
	return src
}
