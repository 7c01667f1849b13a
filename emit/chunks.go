package emit

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEachChunk calls do(c, lo, hi) for each chunk c of [0, n), the chunk
// [c*size, min(n, (c+1)*size)), on up to GOMAXPROCS goroutines (on the
// caller's alone when there is one chunk or one processor), and returns
// when every call has. Callers that need an order keep results by chunk.
func forEachChunk(n, size int, do func(c, lo, hi int)) {
	chunks := (n + size - 1) / size
	workers := min(runtime.GOMAXPROCS(0), chunks)
	if workers <= 1 {
		for c := range chunks {
			do(c, c*size, min(n, (c+1)*size))
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				do(c, c*size, min(n, (c+1)*size))
			}
		}()
	}
	wg.Wait()
}
