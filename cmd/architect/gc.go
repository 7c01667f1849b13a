package main

import "runtime/debug"

// architect reads one plan, writes its beads and exits, so the garbage
// collector's default pace (collect when the heap doubles) spends work
// keeping small a heap that is about to be dropped whole. It collects when
// the heap triples instead: on a 10,000-sprint plan half the collections
// (42 against 81 over 21 compiles and the benchmark's set-up) and a
// compile about a fifth faster. The soft memory limit keeps that
// pace from growing the heap on the largest plans: a plan at the 32 MiB
// size limit (215,000 generated sprints) peaks at 0.8 GB of RSS with it,
// 0.92 GB at the default pace and 1.02 GB at the triple pace without it;
// a 100,000-sprint plan (0.5 GB) never reaches it. GOGC and GOMEMLIMIT,
// when set, win.
const (
	gcPercent     = 200
	gcMemoryLimit = 768 << 20
)

// tuneGC sets architect's garbage collector pace and memory limit, unless
// the environment sets them.
func tuneGC(getenv env) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcMemoryLimit)
	}
}
