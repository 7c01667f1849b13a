//go:build unix

package plangen

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user and system) the process has used so
// far, for benchmarks that report cpu-ns/op next to wall time: on a shared
// machine it is the steadier figure.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
