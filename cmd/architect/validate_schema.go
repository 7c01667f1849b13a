package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/runner"
)

// builtinSchemas are the schemas validate --schema knows by name.
func builtinSchemas() map[string][]byte {
	out := map[string][]byte{"bead": emit.SchemaJSON}
	for k, v := range runner.Schemas {
		out[k] = v
	}
	return out
}

// loadSchema compiles a built-in schema by name, or a JSON Schema file.
func loadSchema(arg string) (*emit.Schema, error) {
	if doc, ok := builtinSchemas()[arg]; ok {
		return emit.CompileSchema(arg+".schema.json", doc)
	}
	doc, err := os.ReadFile(arg)
	if err != nil {
		names := make([]string, 0, 4)
		for k := range builtinSchemas() {
			names = append(names, k)
		}
		sort.Strings(names)
		return nil, usagef("--schema %s: not a built-in schema (%s) and not a readable file: %v", arg, strings.Join(names, ", "), err)
	}
	s, err := emit.CompileSchema(arg, doc)
	if err != nil {
		return nil, usagef("--schema: %v", err)
	}
	return s, nil
}

// validateAgainst checks every record of each file (a JSON value, a JSON
// array's elements, or JSONL lines) against a schema, and returns each
// violation as FILE[:line N | [i]]: error: POINTER: MESSAGE.
func validateAgainst(s *emit.Schema, files []string) []string {
	var problems []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: error: %v", f, err))
			continue
		}
		recs, err := emit.SplitRecords(data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: error: %v", f, err))
			continue
		}
		for _, r := range recs {
			where := f
			switch {
			case strings.HasPrefix(r.Where, "["):
				where += r.Where
			case r.Where != "":
				where += ":" + strings.TrimPrefix(r.Where, "line ")
			}
			for _, v := range s.Check(r.Value) {
				problems = append(problems, fmt.Sprintf("%s: error: %s: %s", where, v.Field, v.Message))
			}
		}
	}
	return problems
}
