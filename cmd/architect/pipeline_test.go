package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// builtinAgents are the agents the built-in settings name.
var builtinAgents = []string{"beads-ralph-scrum-master", "general-purpose-dev", "merge-specialist", "qa-reviewer"}

// readyRepo makes dir a repository beads-ralph can run a plain plan in:
// the built-in agents' files, and qa_agents in .architect.yaml, so that
// compiling a plan with no agents of its own warns about nothing.
func readyRepo(t *testing.T, dir string) {
	t.Helper()
	addAgents(t, dir, builtinAgents...)
	writeFile(t, filepath.Join(dir, configFile), "qa_agents:\n  - name: qa-reviewer\n    model: haiku\n")
}

// addAgents writes an agent file for each name under dir/.claude/agents.
func addAgents(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		writeFile(t, filepath.Join(dir, ".claude", "agents", name+".md"), "# "+name+"\n")
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}
