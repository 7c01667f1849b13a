package bdsync

import (
	"testing"

	"github.com/beads-architect/architect/emit/bdsync/bdtest"
	"github.com/stretchr/testify/assert"
)

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]Version{"1.3.0": {1, 3, 0}, "v1.10.2": {1, 10, 2}, "1.3.0-rc1": {1, 3, 0}, "2.0.0+dev": {2, 0, 0}} {
		got, ok := parseVersion(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "1.3", "dev", "1.x.0", "1.-1.0"} {
		_, ok := parseVersion(in)
		assert.False(t, ok, in)
	}
}

func TestVersionCheck(t *testing.T) {
	for v, ok := range map[string]bool{"1.3.0": true, "1.3.1": true, "1.4.0": true, "2.0.0": true, "1.2.9": false, "0.9.0": false} {
		f := &bdtest.Fake{Replies: map[string]string{"version --json": `{"version":"` + v + `"}`}}
		_, err := NewClient(f).Version()
		assert.Equal(t, ok, err == nil, "%s: %v", v, err)
	}
	_, err := NewClient(&bdtest.Fake{Replies: map[string]string{"version --json": `{"version":"1.2.9"}`}}).Version()
	assert.EqualError(t, err, "bd 1.2.9 is too old: architect apply needs bd v1.3.0 or newer")
}

func TestAddCustomTypes(t *testing.T) {
	for _, c := range []struct {
		in, want string
		added    []string
	}{
		{"", "beads-ralph-work,beads-ralph-merge", []string{"beads-ralph-work", "beads-ralph-merge"}},
		{"foo, bar", "foo,bar,beads-ralph-work,beads-ralph-merge", []string{"beads-ralph-work", "beads-ralph-merge"}},
		{"beads-ralph-merge,x", "beads-ralph-merge,x,beads-ralph-work", []string{"beads-ralph-work"}},
		{"beads-ralph-work,beads-ralph-merge", "beads-ralph-work,beads-ralph-merge", nil},
	} {
		got, added := addCustomTypes(c.in, "beads-ralph-work", "beads-ralph-merge")
		assert.Equal(t, c.want, got, c.in)
		assert.Equal(t, c.added, added, c.in)
	}
}
