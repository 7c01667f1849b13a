// Package bdtest fakes bd for tests: a bdsync.Runner that answers each
// command line from a table.
package bdtest

import "strings"

// Fake answers bd commands from Replies, keyed by the command line
// ("import --json -"), and records what it was asked.
type Fake struct {
	Replies map[string]string // command line → stdout
	Fail    map[string]error  // command line → the error it fails with
	Calls   []string
	Stdin   map[string][]byte // command line → what it was fed
	// OnCall, when set, runs before each reply.
	OnCall func(key string)
}

// Run answers one bd command.
func (f *Fake) Run(stdin []byte, argv ...string) ([]byte, error) {
	key := strings.Join(argv, " ")
	f.Calls = append(f.Calls, key)
	if f.OnCall != nil {
		f.OnCall(key)
	}
	if f.Stdin == nil {
		f.Stdin = map[string][]byte{}
	}
	f.Stdin[key] = stdin
	if err := f.Fail[key]; err != nil {
		return []byte(f.Replies[key]), err
	}
	return []byte(f.Replies[key]), nil
}
