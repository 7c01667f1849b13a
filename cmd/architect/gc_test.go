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
	assert.Equal(t, int64(1<<30), debug.SetMemoryLimit(math.MaxInt64), "memory limit")

	// What the environment sets, the runtime has read already: leave it.
	tuneGC(func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "2GiB"}[k] })
	assert.Equal(t, 100, debug.SetGCPercent(100), "GC percent with GOGC set")
	assert.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1), "memory limit with GOMEMLIMIT set")
}
