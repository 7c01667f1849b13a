package pipeline

import (
	"testing"

	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
)

// A plan's entry in .architect.yaml may hold a units line and a done line
// both; --reading gives one line, which wins over the entry's line of its
// own kind and leaves the other kind to the entry.
func TestDeclaredReadingAndDone(t *testing.T) {
	config := &File{Path: ".architect.yaml", Data: []byte("plans:\n  plans/x.md:\n    units: \"### Task {n}: {title}\"\n    done: all\n")}
	units := &parser.Declared{Line: `units: "### Task {n}: {title}"`, File: ".architect.yaml", Pos: parser.Pos{Line: 3, Col: 12}, From: ConfigFile}
	done := &parser.Declared{Line: "done: all", File: ".architect.yaml", Pos: parser.Pos{Line: 4, Col: 11}, From: ConfigFile}
	assert.Equal(t, units, DeclaredReading("", config, "plans/x.md"))
	assert.Equal(t, done, DeclaredDone("", config, "plans/x.md"))

	flag := &parser.Declared{Line: "done: all", From: "--reading"}
	assert.Equal(t, units, DeclaredReading("done: all", config, "plans/x.md"))
	assert.Equal(t, flag, DeclaredDone("done: all", config, "plans/x.md"))

	assert.Equal(t, &parser.Declared{Line: "units: phases", From: "--reading"}, DeclaredReading("units: phases", config, "plans/x.md"))
	assert.Equal(t, done, DeclaredDone("units: phases", config, "plans/x.md"))

	assert.Nil(t, DeclaredDone("", config, "plans/y.md"))
	assert.Nil(t, DeclaredReading("", nil, "plans/x.md"))
}
