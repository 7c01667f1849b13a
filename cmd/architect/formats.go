package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/beads-architect/architect/emit/runner"
)

// The formats compile writes for agent runners other than beads-ralph.
const (
	formatTodo      = "todo"
	formatTaskInput = "task-input"
)

// writeRunnerFormat writes the plan as a todo list or as task inputs, each
// record checked against the shipped schema before anything is written.
func writeRunnerFormat(opts *compileOptions, c *compiled, stdio streams) error {
	o := runner.Options{Settings: c.settings, PlanFile: c.beads[0].Metadata.PlanFile, ReadFile: repoReader(c.repo.root)}
	var records any
	var check error
	diags := c.diags
	switch opts.format {
	case formatTodo:
		todos := runner.Todos(c.graph, c.beads, o)
		records, check = todos, runner.CheckTodos(todos)
	default:
		tasks, more := runner.TaskInputs(c.graph, c.beads, o)
		diags = append(diags, more...)
		records, check = tasks, runner.CheckTaskInputs(tasks)
	}
	diags.Sort()
	report(stdio.err, diags)
	if check != nil {
		return fmt.Errorf("internal error: %v", check)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(records); err != nil {
		return err
	}
	data := buf.Bytes()
	if opts.output == "" {
		_, err := stdio.out.Write(data)
		return err
	}
	if err := writeAtomic(opts.output, data); err != nil {
		return fmt.Errorf("writing %s: %w", opts.output, err)
	}
	return nil
}

// repoReader reads repository-relative files for context packs. A path
// that leaves the repository reads nothing.
func repoReader(root string) func(string) ([]byte, error) {
	return func(rel string) ([]byte, error) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if r, err := filepath.Rel(root, p); err != nil || r == ".." || filepath.IsAbs(r) || len(r) > 2 && r[:3] == ".."+string(filepath.Separator) {
			return nil, fmt.Errorf("outside the repository")
		}
		data, err := os.ReadFile(p)
		if err != nil {
			if os.IsNotExist(err) {
				return nil, fmt.Errorf("no such file in the repository")
			}
			return nil, err
		}
		return data, nil
	}
}
