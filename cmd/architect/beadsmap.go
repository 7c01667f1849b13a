package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/beads-architect/architect/parser"
)

// beadRef is what annotate needs of one bead: its id, and the plan sprint
// it was compiled from.
type beadRef struct {
	ID       string
	PlanFile string // "" when the bead names no plan
	SprintID string // metadata.plan_sprint_id
	// Where the bead was read, for messages: "beads.jsonl:3",
	// "beads.json: bead 2", "--map 1.2=bd-x".
	Source string
}

// readBeads reads beads from any of the files architect and bd write:
//
//   - architect compile output, a JSON array of beads;
//   - bd list --json and bd show --json, JSON arrays of issues;
//   - bd export (and architect compile --format jsonl), one issue a line.
//
// metadata may be an object or a string holding one. Rows of bd export
// that are not issues (a "_type" other than "issue") are skipped. A file
// in another format is a usage error; a file in one of these formats that
// is broken is a data error.
func readBeads(name string, data []byte) ([]beadRef, error) {
	body := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(body) == 0 {
		return nil, fmt.Errorf("--from %s: the file is empty; want the output of architect compile, bd export, or bd list --json", name)
	}
	switch body[0] {
	case '[':
		var rows []json.RawMessage
		if err := json.Unmarshal(body, &rows); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				at := len(data) - len(body) + int(se.Offset)
				line := 1 + bytes.Count(data[:min(at, len(data))], []byte("\n"))
				return nil, fmt.Errorf("--from %s:%d: not a JSON array of beads: %v", name, line, se)
			}
			return nil, fmt.Errorf("--from %s: not a JSON array of beads: %v", name, jsonMsg(err))
		}
		var out []beadRef
		for i, row := range rows {
			b, ok, err := beadOf(row, fmt.Sprintf("%s: bead %d", name, i+1))
			if err != nil {
				return nil, err
			}
			if ok {
				out = append(out, b)
			}
		}
		return out, nil
	case '{':
		return readJSONL(name, data)
	}
	return nil, usagef("--from %s: unknown format: want a JSON array (architect compile, bd list --json, bd show --json) or JSON lines (bd export)", name)
}

// readJSONL reads one JSON object a line; blank lines are allowed.
func readJSONL(name string, data []byte) ([]beadRef, error) {
	var out []beadRef
	line := 0
	for len(data) > 0 {
		line++
		row := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			row, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		row = bytes.TrimSpace(row)
		if line == 1 {
			row = bytes.TrimPrefix(row, []byte("\xef\xbb\xbf"))
		}
		if len(row) == 0 {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, line)
		if row[0] != '{' {
			return nil, fmt.Errorf("--from %s: want one JSON object a line (bd export)", where)
		}
		b, ok, err := beadOf(row, where)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, b)
		}
	}
	return out, nil
}

// beadOf reads one issue. ok is false for rows that are not issues.
func beadOf(row json.RawMessage, where string) (b beadRef, ok bool, err error) {
	var raw struct {
		Type     *string         `json:"_type"`
		ID       *string         `json:"id"`
		Metadata json.RawMessage `json:"metadata"`
	}
	if err := json.Unmarshal(row, &raw); err != nil {
		return b, false, fmt.Errorf("--from %s: not a bead: %v", where, jsonMsg(err))
	}
	if raw.Type != nil && *raw.Type != "issue" {
		return b, false, nil
	}
	if raw.ID == nil || *raw.ID == "" {
		return b, false, fmt.Errorf("--from %s: the bead has no id", where)
	}
	b = beadRef{ID: *raw.ID, Source: where}
	md := raw.Metadata
	var s string
	if json.Unmarshal(md, &s) == nil { // metadata as a string holding JSON
		md = json.RawMessage(s)
		if strings.TrimSpace(s) == "" {
			md = nil
		}
	}
	if len(md) == 0 || string(md) == "null" {
		return b, true, nil
	}
	var m struct {
		PlanFile     *string `json:"plan_file"`
		PlanSprintID *string `json:"plan_sprint_id"`
	}
	if err := json.Unmarshal(md, &m); err != nil {
		return b, false, fmt.Errorf("--from %s: metadata of bead %s: %v", where, b.ID, jsonMsg(err))
	}
	if m.PlanFile != nil {
		b.PlanFile = *m.PlanFile
	}
	if m.PlanSprintID != nil {
		b.SprintID = *m.PlanSprintID
	}
	return b, true, nil
}

// jsonMsg shortens encoding/json's errors for users.
func jsonMsg(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("%s is a JSON %s, want a %s", te.Field, te.Value, te.Type)
		}
		return fmt.Sprintf("found a JSON %s, want a %s", te.Value, te.Type)
	}
	return err.Error()
}

// parseMapFlag reads a --map SPRINT=ID flag.
func parseMapFlag(v string) (beadRef, error) {
	sprint, id, ok := strings.Cut(v, "=")
	sprint, id = strings.TrimSpace(sprint), strings.TrimSpace(id)
	if !ok || sprint == "" || id == "" {
		return beadRef{}, usagef("--map %q: want SPRINT=ID, like --map 1.2a=bd-a3f8", v)
	}
	if !parser.ValidBeadID(id) {
		return beadRef{}, usagef("--map %q: %q is not a bead id (want ids like bd-a3f8)", v, id)
	}
	return beadRef{ID: id, SprintID: sprint, Source: "--map " + v}, nil
}

// beadMap picks the beads of one plan and maps sprint ids to bead ids.
// From files it takes only beads whose plan_file is planFile; --map
// entries name no plan and always count, and win over the files. A sprint
// given two different beads is an error.
func beadMap(planFile string, fromFiles, flags []beadRef) (map[string]string, error) {
	ids := map[string]string{}
	src := map[string]string{}
	var errs []string
	add := func(b beadRef) {
		if prev, ok := ids[b.SprintID]; ok && prev != b.ID {
			errs = append(errs, fmt.Sprintf("sprint %s has two beads: %s (%s) and %s (%s)", b.SprintID, prev, src[b.SprintID], b.ID, b.Source))
			return
		}
		ids[b.SprintID] = b.ID
		src[b.SprintID] = b.Source
	}
	for _, b := range fromFiles {
		if b.PlanFile == planFile && b.SprintID != "" {
			if !parser.ValidBeadID(b.ID) {
				errs = append(errs, fmt.Sprintf("%s: %q is not a bead id (want ids like bd-a3f8)", b.Source, b.ID))
				continue
			}
			add(b)
		}
	}
	// --map wins over the files.
	for _, b := range flags {
		delete(ids, b.SprintID)
	}
	for _, b := range flags {
		add(b)
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no bead belongs to plan %s: %s", planFile, otherPlans(fromFiles))
	}
	return ids, nil
}

// otherPlans says which plans the beads read do belong to.
func otherPlans(beads []beadRef) string {
	if len(beads) == 0 {
		return "--from holds no beads"
	}
	seen := map[string]bool{}
	var plans []string
	for _, b := range beads {
		if b.PlanFile != "" && !seen[b.PlanFile] {
			seen[b.PlanFile] = true
			plans = append(plans, b.PlanFile)
		}
	}
	if len(plans) == 0 {
		return fmt.Sprintf("none of the %d beads read has a metadata.plan_file (use --map SPRINT=ID for those)", len(beads))
	}
	sort.Strings(plans)
	const most = 5
	more := ""
	if len(plans) > most {
		more = fmt.Sprintf(" and %d more", len(plans)-most)
		plans = plans[:most]
	}
	return fmt.Sprintf("the %d beads read belong to %s%s (plan_file is relative to the repository root; see --repo)", len(beads), strings.Join(plans, ", "), more)
}

// readFrom reads --from FILE, or standard input for "-".
func readFrom(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return readSmall(name)
}
