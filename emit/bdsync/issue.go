package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

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

// PlanFile returns the plan_file the issue's metadata names, or "".
func (is *Issue) PlanFile() string { return is.metaString("plan_file") }

// Sprint returns the sprint id the issue's metadata names, or "".
func (is *Issue) Sprint() string {
	if s := is.metaString("plan_sprint_id"); s != "" {
		return s
	}
	return is.metaString("sprint")
}

func (is *Issue) metaString(key string) string {
	var s string
	if raw, ok := is.Metadata[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
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
	var head struct {
		Type      *string           `json:"_type"`
		ID        *string           `json:"id"`
		Title     string            `json:"title"`
		Status    string            `json:"status"`
		UpdatedAt string            `json:"updated_at"`
		Labels    []string          `json:"labels"`
		Deps      []json.RawMessage `json:"dependencies"`
		Metadata  json.RawMessage   `json:"metadata"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return is, false, fmt.Errorf("not a bead: %s", jsonMsg(err))
	}
	if head.Type != nil && *head.Type != "issue" {
		return is, false, nil
	}
	if head.ID == nil || *head.ID == "" {
		return is, false, errors.New("the bead has no id")
	}
	is.ID, is.Title, is.Status, is.Labels = *head.ID, head.Title, head.Status, head.Labels
	if head.UpdatedAt != "" {
		if is.UpdatedAt, err = time.Parse(time.RFC3339Nano, head.UpdatedAt); err != nil {
			return is, false, fmt.Errorf("bead %s: updated_at %q is not an RFC 3339 time", is.ID, head.UpdatedAt)
		}
	}
	for _, raw := range head.Deps {
		d, err := decodeDep(is.ID, raw)
		if err != nil {
			return is, false, fmt.Errorf("dependencies of bead %s: %s", is.ID, jsonMsg(err))
		}
		is.Deps = append(is.Deps, d)
	}
	if is.Metadata, err = decodeMetadata(head.Metadata); err != nil {
		return is, false, fmt.Errorf("metadata of bead %s: %s", is.ID, err)
	}
	return is, true, nil
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
		if strings.TrimSpace(s) == "" {
			return nil, nil
		}
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
	var names struct {
		PlanFile     *string `json:"plan_file"`
		PlanSprintID *string `json:"plan_sprint_id"`
		Sprint       *string `json:"sprint"`
	}
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, errors.New(jsonMsg(err))
	}
	return m, nil
}
