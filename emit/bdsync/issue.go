package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/beads-architect/architect/emit"
)

// Issue is one bead as bd or architect wrote it, read by Read.
type Issue struct {
	ID        string
	Title     string
	Status    string
	UpdatedAt time.Time
	Labels    []string
	// Deps are the issue's dependencies, of every type.
	Deps []emit.Dep
	// Metadata is the metadata object, key by key; nil when there is none.
	Metadata map[string]json.RawMessage
	// Fields holds every field of the row as it was written, so a rewrite
	// carries over everything architect does not own.
	Fields map[string]json.RawMessage
	// Pos is where the issue was read.
	Pos Pos
}

// bdComputed are the keys bd computes as it writes an issue (bd export, bd
// list --json, bd show --json); no bead of architect's has them.
var bdComputed = []string{"_type", "dependency_count", "dependent_count", "comment_count"}

// IsGate reports whether the issue is a bd gate.
func (is *Issue) IsGate() bool { return string(is.Fields["issue_type"]) == `"gate"` }

// fromBD reports whether bd wrote the issue: it has a key bd computes.
func (is *Issue) fromBD() bool {
	for _, k := range bdComputed {
		if _, ok := is.Fields[k]; ok {
			return true
		}
	}
	return false
}

// Pos is where a row is in its file: an element of an array, a line of JSON
// lines, or (the zero Line outside an array) the whole file.
type Pos struct {
	Index int // the element of an array, from 0; -1 outside one
	Line  int // the line, from 1, outside an array; 0 for the whole file
}

// String names the row in a message: "bead 2", "line 3", or "".
func (p Pos) String() string {
	switch {
	case p.Index >= 0:
		return fmt.Sprintf("bead %d", p.Index+1)
	case p.Line > 0:
		return fmt.Sprintf("line %d", p.Line)
	}
	return ""
}

// In names the row of file in a message: "beads.json: bead 2",
// "export.jsonl:3", or "bead.json".
func (p Pos) In(file string) string {
	switch {
	case p.Index >= 0:
		return fmt.Sprintf("%s: bead %d", file, p.Index+1)
	case p.Line > 0:
		return fmt.Sprintf("%s:%d", file, p.Line)
	}
	return file
}

// PlanFile returns the plan_file the issue's metadata names, or "".
func (is *Issue) PlanFile() string { return is.metaString("plan_file") }

// Sprint returns the sprint id the issue's metadata names, or "": its
// sprint (the id with its numbers' leading zeros dropped, as the parser
// compares ids), else its plan_sprint_id (the id as written).
func (is *Issue) Sprint() string {
	if s := is.metaString("sprint"); s != "" {
		return s
	}
	return is.metaString("plan_sprint_id")
}

// Pending reports whether a sync wrote the issue ahead of its run and has
// not yet written it whole (see SyncPlan.Imports).
func (is *Issue) Pending() bool {
	_, ok := is.Metadata[PendingKey]
	return ok
}

// stringField returns a top-level string field, or "".
func (is *Issue) stringField(key string) string {
	var s string
	_ = decodeField(is.Fields, key, &s)
	return s
}

func (is *Issue) metaString(key string) string {
	raw, ok := is.Metadata[key]
	if !ok {
		return ""
	}
	if s, ok := plainString(raw); ok {
		return s
	}
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

// plainString is the string a JSON string with nothing to unescape holds:
// no backslash, no control character, valid UTF-8, as plan_file and
// plan_sprint_id nearly always are. ok is false for any other value, which
// encoding/json decodes.
func plainString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c < 0x20 || c == '\\' || c == '"' {
			return "", false
		}
	}
	if !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// pruneMark ends the reason apply --prune closes an orphan with.
const pruneMark = " (architect apply --prune)"

// ClosedByPrune reports whether the issue is closed, and closed by apply
// --prune: its close_reason is the one --prune writes.
func (is *Issue) ClosedByPrune() bool {
	reason := is.stringField("close_reason")
	return is.Status == "closed" && (strings.HasPrefix(reason, "sprint ") || strings.HasPrefix(reason, "epic ")) && strings.HasSuffix(reason, pruneMark)
}

// Started reports whether the runtime has begun work on the issue: it is in
// progress or closed, or an attempt was made.
func (is *Issue) Started() bool {
	if is.Status == "in_progress" || is.Status == "closed" {
		return true
	}
	var n float64
	if raw, ok := is.Metadata["attempt_count"]; ok {
		_ = json.Unmarshal(raw, &n)
	}
	return n > 0
}

// decodeIssue reads one row. ok is false for rows that are not issues.
//
// The shapes differ: dependencies are ids in architect's JSON, objects in
// bd's, and whole issues in bd show's; metadata is an object, or a string
// holding one in some bd versions' list output.
func decodeIssue(data json.RawMessage) (is Issue, ok bool, err error) {
	if len(data) == 0 || data[0] != '{' {
		return is, false, errors.New("not a bead: want a JSON object")
	}
	if err := json.Unmarshal(data, &is.Fields); err != nil {
		return is, false, fmt.Errorf("not a bead: %s", jsonMsg(err))
	}
	if _, header := is.Fields["_schema"]; header {
		return is, false, nil
	}
	var typ, id, updated string
	var deps []json.RawMessage
	for _, f := range []struct {
		key string
		v   any
	}{{"_type", &typ}, {"id", &id}, {"title", &is.Title}, {"status", &is.Status}, {"updated_at", &updated}, {"labels", &is.Labels}, {"dependencies", &deps}} {
		if err := decodeField(is.Fields, f.key, f.v); err != nil {
			return is, false, fmt.Errorf("not a bead: %s", err)
		}
	}
	if typ != "" && typ != "issue" {
		return is, false, nil
	}
	if id == "" {
		return is, false, errors.New("the bead has no id")
	}
	is.ID = id
	if updated != "" {
		if is.UpdatedAt, err = time.Parse(time.RFC3339Nano, updated); err != nil {
			return is, false, fmt.Errorf("bead %s: updated_at %q is not an RFC 3339 time", is.ID, updated)
		}
	}
	for _, raw := range deps {
		d, err := decodeDep(is.ID, raw)
		if err != nil {
			return is, false, fmt.Errorf("dependencies of bead %s: %s", is.ID, jsonMsg(err))
		}
		is.Deps = append(is.Deps, d)
	}
	if is.Metadata, err = decodeMetadata(is.Fields["metadata"]); err != nil {
		return is, false, fmt.Errorf("metadata of bead %s: %s", is.ID, err)
	}
	return is, true, nil
}

// decodeField decodes the value of key in fields into v; a missing key or
// a null leaves v as it is.
func decodeField(fields map[string]json.RawMessage, key string, v any) error {
	raw, ok := fields[key]
	if !ok || isNull(raw) {
		return nil
	}
	err := json.Unmarshal(raw, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field == "" {
		te.Field = key
	}
	if err != nil {
		return errors.New(jsonMsg(err))
	}
	return nil
}

// decodeDep reads a dependency of issue id: an id it waits on (architect's
// JSON), an edge object (bd export), or the issue it waits on (bd show).
func decodeDep(id string, raw json.RawMessage) (emit.Dep, error) {
	var to string
	if json.Unmarshal(raw, &to) == nil {
		return emit.Dep{IssueID: id, DependsOnID: to, Type: "blocks"}, nil
	}
	var d struct {
		emit.Dep
		ID             string `json:"id"`
		DependencyType string `json:"dependency_type"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return emit.Dep{}, err
	}
	if d.IssueID == "" {
		d.IssueID = id
	}
	if d.DependsOnID == "" {
		d.DependsOnID = d.ID
	}
	if d.Type == "" {
		d.Type = d.DependencyType
	}
	return d.Dep, nil
}

// decodeMetadata reads a metadata object, or a string holding one. The
// keys that name a bead's plan and sprint must be strings.
func decodeMetadata(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	raw = bytes.TrimSpace(raw)
	if isNull(raw) {
		return nil, nil
	}
	if raw[0] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, errors.New(jsonMsg(err))
	}
	for _, key := range []string{"plan_file", "plan_sprint_id", "sprint"} {
		var name string
		if err := decodeField(m, key, &name); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// isNull reports whether a JSON value is missing or null.
func isNull(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }

// jsonMsg shortens encoding/json's errors for people.
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
