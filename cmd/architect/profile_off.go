//go:build !profile

package main

import (
	"fmt"
	"os"
)

// profile, in a build without -tags profile, only says how to get one
// (profile.go).
func profile(file string) (stop func()) {
	if file != "" {
		fmt.Fprintln(os.Stderr, "architect: ARCHITECT_CPUPROFILE: this build writes no profile; build with: go build -tags profile ./cmd/architect")
	}
	return func() {}
}
