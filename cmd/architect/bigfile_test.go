package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFiftyMegabytePlan: a plan over the size limit is refused before it is
// read, with a positioned error and exit 1, and no output file.
func TestFiftyMegabytePlan(t *testing.T) {
	dir := t.TempDir()
	plan := filepath.Join(dir, "big.md")
	f, err := os.Create(plan)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(50<<20)) // sparse: 50 MiB of NUL bytes
	require.NoError(t, f.Close())

	var out, errb bytes.Buffer
	code := Main([]string{"compile", "--repo", dir, "-o", filepath.Join(dir, "out.json"), plan}, streams{out: &out, err: &errb}, noEnv)
	assert.Equal(t, exitData, code)
	assert.Equal(t, plan+":1:1: error: file is 50.0 MiB; plans are limited to 32 MiB\n", errb.String())
	assert.Empty(t, out.String())
	assert.NoFileExists(t, filepath.Join(dir, "out.json"))
}
