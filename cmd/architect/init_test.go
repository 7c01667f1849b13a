package main

import (
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

// initBudget is what package initialisation may allocate in this test
// binary (architect's packages, their libraries and the test libraries),
// counted by GODEBUG=inittrace=1. Every command pays for initialisation
// before main runs, so start-up work belongs in the command that needs it
// (a sync.Once, lazyMustCompile). Measured 2026-11-26: 3,904 allocations
// (3,968 before lazyMustCompile allocated once a regexp, not four times;
// 27,313 at 3d332ab: the JSON Schema library's init allocated 21,285
// before it compiled its metaschemas on first use, emit/internal/jsonschema,
// and goldmark/extension's 2,049, Linkify's regexps, before parser/gfm).
// 3,718 on the speed4 branch (bdsync's and pipeline's regexps compiled on
// first use). One package may allocate at most initPackageBudget.
const (
	initBudget        = 4100
	initPackageBudget = 1200 // goldmark/parser: 935
)

func TestInitAllocBudget(t *testing.T) {
	if os.Getenv("ARCHITECT_INIT_CHILD") != "" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitAllocBudget$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "ARCHITECT_INIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	type pkg struct {
		name   string
		allocs int
	}
	var pkgs []pkg
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^init (\S+) @.* (\d+) allocs$`).FindAllSubmatch(out, -1) {
		n, _ := strconv.Atoi(string(m[2]))
		pkgs = append(pkgs, pkg{string(m[1]), n})
		total += n
	}
	if len(pkgs) == 0 {
		t.Fatalf("no inittrace lines in\n%s", out)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].allocs > pkgs[j].allocs })
	t.Logf("%d packages, %d allocations; most: %v", len(pkgs), total, pkgs[:min(5, len(pkgs))])
	if total > initBudget {
		t.Errorf("package initialisation allocates %d times, over its budget of %d: what now runs at start-up? most: %v", total, initBudget, pkgs[:min(5, len(pkgs))])
	}
	for _, p := range pkgs {
		if p.allocs > initPackageBudget {
			t.Errorf("%s allocates %d times in its initialisation, over %d: make it lazy", p.name, p.allocs, initPackageBudget)
		}
	}
}
