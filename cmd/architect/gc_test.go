package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// delayGC raises GOGC until the first collection, which sets it back to
// Go's default, and leaves a GOGC or GOMEMLIMIT from the environment alone.
func TestDelayGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))

	delayGC(func(k string) string { return map[string]string{"GOGC": "50"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("with GOGC set in the environment, GOGC became %d", got)
	}

	delayGC(func(string) string { return "" })
	if got := debug.SetGCPercent(-1); got != 1600 {
		t.Fatalf("GOGC %d, want 1600 (a first heap goal of firstGC)", got)
	}
	debug.SetGCPercent(1600)
	for i := 0; i < 500; i++ {
		runtime.GC() // the cleanup runs after the collection, on its own goroutine
		time.Sleep(10 * time.Millisecond)
		if got := debug.SetGCPercent(-1); got != 1600 {
			debug.SetGCPercent(got)
			break
		}
		debug.SetGCPercent(1600)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("after a collection GOGC is %d, want 100", got)
	}
}
