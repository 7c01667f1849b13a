package parser

import (
	"fmt"
	"strings"
	"testing"
)

// bdKeyValuePlan is a key-value import file of n issues in one chain, each
// naming the one before by a symbolic key that only title words resolve.
func bdKeyValuePlan(n int) []byte {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "# Issue %d: widget part\ntype: task\npriority: 2\nlabels: bench, phase-a\n", i)
		if i > 1 {
			fmt.Fprintf(&b, "deps: proj-ISSUE_%d\n", i-1)
		}
		fmt.Fprintf(&b, "---\n\n## Overview\nBuild part %d.\n\n## Acceptance Criteria\n- [ ] part %d works\n\n---\n\n", i, i)
	}
	return []byte(b.String())
}

func TestBDKeyValuePlanChain(t *testing.T) {
	p := Parse("bench.md", bdKeyValuePlan(50))
	require := func(ok bool, msg string, args ...any) {
		t.Helper()
		if !ok {
			t.Fatalf(msg, args...)
		}
	}
	require(len(p.Sprints) == 50, "%d sprints", len(p.Sprints))
	for i, s := range p.Sprints[1:] {
		require(len(s.DependsOn) == 1 && s.DependsOn[0].ID == p.Sprints[i].ID, "sprint %s deps %v", s.ID, s.DependsOn)
	}
	require(len(msgs(p, Warning)) == 0, "warnings %v", msgs(p, Warning))
}

// BenchmarkParseBDKeyValue measures reading the key-value shape, symbolic
// keys resolved by title words included.
func BenchmarkParseBDKeyValue(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		src := bdKeyValuePlan(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				if p := Parse("bench.md", src); len(p.Sprints) != n {
					b.Fatalf("%d sprints", len(p.Sprints))
				}
			}
		})
	}
}
