package pipeline

import (
	"strings"

	"github.com/beads-architect/architect/parser"
	"go.yaml.in/yaml/v3"
)

// DeclaredReading is the reading declared for the plan at planFile (its
// path from the repository root) outside the plan: reading (--reading),
// else the plan's entry under `plans:` in config (.architect.yaml, nil when
// there is none):
//
//	plans:
//	  plans/roadmap.md:
//	    units: "#### Week {n}: {title}"
//
// It is nil when neither declares one; the plan's own front matter is read
// by the parser, and these win over it. Run compiles with it, and commands
// that parse a plan without compiling it (annotate) read it the same way.
func DeclaredReading(reading string, config *File, planFile string) *parser.Declared {
	if reading != "" && !parser.DoneLine(reading) {
		return &parser.Declared{Line: reading, From: "--reading"}
	}
	return configLine(config, planFile, "units", "format")
}

// DeclaredDone is the `done: all` line declared for the plan at planFile
// outside the plan: reading when it is one, else the plan's entry under
// `plans:` in config. It is nil when neither declares one.
func DeclaredDone(reading string, config *File, planFile string) *parser.Declared {
	if parser.DoneLine(reading) {
		return &parser.Declared{Line: reading, From: "--reading"}
	}
	return configLine(config, planFile, "done")
}

// configLine is the first of keys in the plan's entry under `plans:` in
// config, as a declaration line; nil when the entry has none.
func configLine(config *File, planFile string, keys ...string) *parser.Declared {
	if config == nil || planFile == "" || planFile == "-" {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(config.Data, &doc) != nil || len(doc.Content) == 0 {
		return nil // ParseConfig reports it
	}
	plans := mapValue(doc.Content[0], "plans")
	if plans == nil || plans.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(plans.Content); i += 2 {
		if strings.TrimPrefix(plans.Content[i].Value, "./") != planFile {
			continue
		}
		entry := plans.Content[i+1]
		for _, key := range keys {
			if v := mapValue(entry, key); v != nil && v.Kind == yaml.ScalarNode {
				line := key + ": " + v.Value
				if key == "units" {
					line = key + ": " + quote(v.Value)
				}
				return &parser.Declared{Line: line, File: config.Path, Pos: parser.Pos{Line: v.Line, Col: v.Column}, From: ConfigFile}
			}
		}
	}
	return nil
}

// mapValue is the value of key in mapping n, nil when there is none.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if strings.EqualFold(n.Content[i].Value, key) {
			return n.Content[i+1]
		}
	}
	return nil
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
