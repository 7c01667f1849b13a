package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/beads-architect/architect/emit"
	"github.com/spf13/cobra"
)

func newCmdValidate(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check bead JSON against the bead schema",
		Long: `Check beads against architect's bead JSON Schema (draft 2020-12). Each FILE
holds a JSON array of beads, one bead object, or JSONL (one bead a line).
Every violation is reported with the file, the bead and the failing field.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, files []string) error {
			bad := false
			for _, f := range files {
				problems, err := validateFile(f)
				if err != nil {
					fmt.Fprintf(io.err, "%s: error: %v\n", f, err)
					bad = true
					continue
				}
				for _, p := range problems {
					fmt.Fprintln(io.err, p)
				}
				if len(problems) > 0 {
					bad = true
				}
			}
			if bad {
				return &silentError{code: exitData}
			}
			return nil
		},
	}
}

// beadDoc is one bead found in a file, with where it was.
type beadDoc struct {
	where string // "FILE:LINE" for JSONL, "FILE[i]" in an array, "FILE"
	data  json.RawMessage
}

func splitBeads(file string, data []byte) ([]beadDoc, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("no beads: the file is empty")
	}
	if trimmed[0] == '[' {
		var arr []json.RawMessage
		if err := json.Unmarshal(trimmed, &arr); err != nil {
			return nil, fmt.Errorf("not a JSON array of beads: %v", err)
		}
		docs := make([]beadDoc, len(arr))
		for i, a := range arr {
			docs[i] = beadDoc{where: fmt.Sprintf("%s[%d]", file, i), data: a}
		}
		return docs, nil
	}
	if json.Valid(trimmed) {
		return []beadDoc{{where: file, data: trimmed}}, nil
	}
	var docs []beadDoc
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		where := fmt.Sprintf("%s:%d", file, i+1)
		if !json.Valid(line) {
			return nil, fmt.Errorf("line %d is not JSON: neither an array, one object, nor JSONL", i+1)
		}
		docs = append(docs, beadDoc{where: where, data: line})
	}
	return docs, nil
}

func validateFile(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("no such file")
		}
		return nil, err
	}
	docs, err := splitBeads(file, data)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, d := range docs {
		vs, err := emit.ValidateJSON(d.data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: error: %v", d.where, err))
			continue
		}
		var head struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(d.data, &head)
		name := "bead"
		if head.ID != "" {
			name = "bead " + head.ID
		}
		for _, v := range vs {
			problems = append(problems, fmt.Sprintf("%s: error: %s: %s: %s", d.where, name, v.Field, v.Message))
		}
	}
	return problems, nil
}
