package main

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTuneGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})

	tuneGC(func(string) string { return "" })
	assert.Equal(t, 200, debug.SetGCPercent(100), "GC percent")
	assert.Equal(t, int64(768<<20), debug.SetMemoryLimit(math.MaxInt64), "memory limit")

	// What the environment sets, the runtime has read already: leave it,
	// each on its own.
	for _, tc := range []struct {
		env     map[string]string
		percent int
		limit   int64
	}{
		{map[string]string{"GOGC": "50", "GOMEMLIMIT": "2GiB"}, 100, math.MaxInt64},
		{map[string]string{"GOGC": "50"}, 100, 768 << 20},
		{map[string]string{"GOMEMLIMIT": "2GiB"}, 200, math.MaxInt64},
	} {
		tuneGC(func(k string) string { return tc.env[k] })
		assert.Equal(t, tc.percent, debug.SetGCPercent(100), "GC percent with %v", tc.env)
		assert.Equal(t, tc.limit, debug.SetMemoryLimit(math.MaxInt64), "memory limit with %v", tc.env)
	}
}
