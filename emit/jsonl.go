package emit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// Dep is a dependency as bd's JSONL writes it: IssueID waits on DependsOnID.
type Dep struct {
	IssueID     string `json:"issue_id"`
	DependsOnID string `json:"depends_on_id"`
	Type        string `json:"type"`
}

// Record is one line of the JSONL that `bd import` reads.
type Record struct {
	Issue
	Assignee           string   `json:"assignee,omitempty"`
	Labels             []string `json:"labels"`
	AcceptanceCriteria string   `json:"acceptance_criteria"`
	Design             string   `json:"design,omitempty"`
	EstimatedMinutes   *int     `json:"estimated_minutes,omitempty"`
	Metadata           Metadata `json:"metadata"`
	CreatedAt          string   `json:"created_at"`
	UpdatedAt          string   `json:"updated_at"`
	ClosedAt           *string  `json:"closed_at,omitempty"`
	AwaitType          string   `json:"await_type,omitempty"`
	AwaitID            string   `json:"await_id,omitempty"`
	Timeout            int64    `json:"timeout,omitempty"`
	Dependencies       []Dep    `json:"dependencies"`
}

// Dependency types architect writes.
const (
	DepBlocks      = "blocks"
	DepParentChild = "parent-child"
)

// plainRecord is Record without its MarshalJSON (see plainBead).
type plainRecord Record

// MarshalJSON writes the record, an epic's with its short metadata.
func (r Record) MarshalJSON() ([]byte, error) {
	return marshalNoEscape(epicForm(&r.Metadata, (*plainRecord)(&r), func() any {
		return struct {
			*plainRecord
			Metadata     epicMetadata `json:"metadata"`
			CreatedAt    string       `json:"created_at"`
			UpdatedAt    string       `json:"updated_at"`
			ClosedAt     *string      `json:"closed_at,omitempty"`
			AwaitType    string       `json:"await_type,omitempty"`
			AwaitID      string       `json:"await_id,omitempty"`
			Timeout      int64        `json:"timeout,omitempty"`
			Dependencies []Dep        `json:"dependencies"`
		}{(*plainRecord)(&r), r.Metadata.short(), r.CreatedAt, r.UpdatedAt, r.ClosedAt, r.AwaitType, r.AwaitID, r.Timeout, r.Dependencies}
	}))
}

// ToRecord converts a bead to bd's import shape: dependencies become
// "blocks" objects, and its Parent a "parent-child" one after them.
func ToRecord(b Bead) Record {
	deps := make([]Dep, len(b.Dependencies), len(b.Dependencies)+1)
	for i, d := range b.Dependencies {
		deps[i] = Dep{IssueID: b.ID, DependsOnID: d, Type: DepBlocks}
	}
	if b.Parent != "" {
		deps = append(deps, Dep{IssueID: b.ID, DependsOnID: b.Parent, Type: DepParentChild})
	}
	return Record{
		Issue:              b.Issue,
		Assignee:           b.Assignee,
		Labels:             b.Labels,
		AcceptanceCriteria: b.AcceptanceCriteria,
		Design:             b.Design,
		EstimatedMinutes:   b.EstimatedMinutes,
		Metadata:           b.Metadata,
		CreatedAt:          b.CreatedAt,
		UpdatedAt:          b.UpdatedAt,
		ClosedAt:           b.ClosedAt,
		AwaitType:          b.AwaitType,
		AwaitID:            b.AwaitID,
		Timeout:            b.Timeout,
		Dependencies:       deps,
	}
}

// JSONL renders beads as bd import lines, one bead a line: the bytes
// json.Encoder gives for each ToRecord(b).
func JSONL(beads []Bead) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, beads); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteJSONL writes JSONL(beads) to out.
func WriteJSONL(out io.Writer, beads []Bead) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, b := range beads {
		rec := ToRecord(b)
		if err := enc.Encode(epicOr(&rec.Metadata, rec, (*plainRecord)(&rec))); err != nil {
			return err
		}
	}
	return nil
}

// JSON renders beads as an indented JSON array (two spaces, no HTML
// escaping, a final newline); no beads give "[]".
func JSON(beads []Bead) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, beads); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteJSON writes JSON(beads) to out, a bead at a time: the bytes
// json.Encoder with SetIndent("  ", "  ") gives for the whole array,
// without holding them all (at 100,000 beads the whole array took 2.3 GB
// of allocations). Each bead is encoded compact and laid out by
// appendIndent.
func WriteJSON(out io.Writer, beads []Bead) error {
	if len(beads) == 0 {
		_, err := io.WriteString(out, "[]\n")
		return err
	}
	w := bufio.NewWriterSize(out, 64<<10)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var line []byte
	w.WriteString("[\n")
	for i := range beads {
		buf.Reset()
		if err := enc.Encode(encodable(&beads[i])); err != nil {
			return err
		}
		line = append(line[:0], "  "...)
		line = appendIndent(line, bytes.TrimSuffix(buf.Bytes(), []byte("\n")), "  ", "  ")
		if i < len(beads)-1 {
			line = append(line, ",\n"...)
		} else {
			line = append(line, '\n')
		}
		w.Write(line)
	}
	w.WriteString("]\n")
	return w.Flush()
}
