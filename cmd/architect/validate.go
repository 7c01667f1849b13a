package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/spf13/cobra"
)

func newCmdValidate() *cobra.Command {
	var schema string
	c := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check bead JSON, or any JSON, against a JSON Schema",
		Long: `Check beads against architect's bead JSON Schema (draft 2020-12). Each FILE
holds a JSON array of beads, one bead object, or JSONL (one bead a line):
what architect compile writes, and what bd export, bd list --json and
bd show --json write. Rows bd wrote are read as beads first: the fields bd
leaves out when empty (description, labels, dependencies) count as empty,
dependencies as edges, and bd's header, memories and computed counts are
skipped. Every violation is reported with the file, the bead and the
failing field.

With --schema, check each FILE's records (a JSON value, the elements of a
JSON array, or JSONL lines) against any JSON Schema 2020-12 file, or a
built-in schema by name: bead, todo, task-input, verdict. Each violation
names the file, the record (:LINE for JSONL, [INDEX] for an array) and the
JSON pointer of the failing value.`,
		Example: `  architect validate beads.json
  bd export | architect validate /dev/stdin
  architect validate --schema todo todos.json
  architect validate --schema handoff.schema.json runs/*.jsonl`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, files []string) error {
			if schema != "" {
				s, err := loadSchema(schema)
				if err != nil {
					return err
				}
				if problems := validateAgainst(s, files); len(problems) > 0 {
					return &checkError{problems}
				}
				return nil
			}
			var problems []string
			for _, f := range files {
				found, err := validateFile(f)
				if err != nil {
					found = []string{fmt.Sprintf("%s: error: %v", f, err)}
				}
				problems = append(problems, found...)
			}
			if len(problems) > 0 {
				return &checkError{problems}
			}
			return nil
		},
	}
	c.Flags().StringVar(&schema, "schema", "", "check against `SCHEMA`: a JSON Schema file, or bead, todo, task-input or verdict")
	return c
}

// validateFile checks the beads of one file against the bead schema and
// returns each violation, and each part of the file that is not a bead, as
// FILE[:LINE | : bead N]: error: MESSAGE.
func validateFile(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("no such file")
		}
		return nil, err
	}
	_, rows, err := bdsync.Split(data)
	var fe *bdsync.FormatError
	var re *bdsync.ReadError
	switch {
	case errors.Is(err, bdsync.ErrEmpty):
		return nil, fmt.Errorf("no beads: the file is empty")
	case errors.As(err, &fe):
		return nil, fmt.Errorf("line %d is not JSON: neither an array, one object, nor JSONL", fe.Line)
	case errors.As(err, &re):
		return []string{fmt.Sprintf("%s: error: %s", re.Pos.In(file), re.Msg)}, nil
	case err != nil:
		return nil, err
	}
	var problems []string
	beads := 0
	for _, r := range rows {
		data, ok := r.BeadJSON()
		if !ok {
			continue
		}
		beads++
		where := r.In(file)
		vs, err := emit.ValidateJSON(data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: error: %v", where, err))
			continue
		}
		var head struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(data, &head)
		name := "bead"
		if head.ID != "" {
			name = "bead " + head.ID
		}
		for _, v := range vs {
			problems = append(problems, fmt.Sprintf("%s: error: %s: %s: %s", where, name, v.Field, v.Message))
		}
	}
	if beads == 0 {
		return nil, fmt.Errorf("no beads: the file holds no issue")
	}
	return problems, nil
}
