//go:build !unix

package plangen

import "time"

// ProcessCPU returns 0 where getrusage is not available.
func ProcessCPU() time.Duration { return 0 }
