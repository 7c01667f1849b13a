package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/beads-architect/architect/emit"
)

// Shape is how a file lays out its beads.
type Shape int

const (
	// Array is a JSON array: architect compile, bd list --json, bd show --json.
	Array Shape = iota
	// Object is a file that holds one JSON object.
	Object
	// Lines is one JSON object a line: bd export, architect compile --format jsonl.
	Lines
)

// Row is one JSON value of a file.
type Row struct {
	Pos
	Data json.RawMessage
}

// ErrEmpty is a file that holds nothing but white space.
var ErrEmpty = errors.New("the file is empty")

// A FormatError is a file that starts with neither '[' nor '{', so it is
// none of the shapes Split reads.
type FormatError struct {
	Line int // the line of the file's first character
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("line %d: not a JSON array, a JSON object or JSON lines", e.Line)
}

// A ReadError is a file, or a row of one, that is not what its shape says.
type ReadError struct {
	Pos Pos
	Msg string
}

func (e *ReadError) Error() string {
	if where := e.Pos.String(); where != "" {
		return where + ": " + e.Msg
	}
	return e.Msg
}

var bom = []byte("\xef\xbb\xbf")

// Split cuts a file of beads into its rows: the elements of an array, the
// one object, or the lines of JSON lines (blank lines skipped). A leading
// byte order mark is ignored. Every row is valid JSON; a row of JSON lines
// is an object. Split does not look into the rows.
func Split(data []byte) (Shape, []Row, error) {
	body := bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
	if len(body) == 0 {
		return 0, nil, ErrEmpty
	}
	switch body[0] {
	case '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(body, &elems); err != nil {
			e := &ReadError{Pos: Pos{Index: -1}, Msg: "not a JSON array of beads: " + jsonMsg(err)}
			var se *json.SyntaxError
			if errors.As(err, &se) {
				at := len(data) - len(body) + int(se.Offset)
				e.Pos.Line = 1 + bytes.Count(data[:min(at, len(data))], []byte("\n"))
			}
			return Array, nil, e
		}
		rows := make([]Row, len(elems))
		for i, el := range elems {
			rows[i] = Row{Pos: Pos{Index: i}, Data: el}
		}
		return Array, rows, nil
	case '{':
		if whole := bytes.TrimSpace(body); json.Valid(whole) {
			return Object, []Row{{Pos: Pos{Index: -1}, Data: whole}}, nil
		}
		rows, err := splitLines(data)
		return Lines, rows, err
	}
	return 0, nil, &FormatError{Line: 1 + bytes.Count(data[:len(data)-len(body)], []byte("\n"))}
}

// splitLines reads one JSON object a line.
func splitLines(data []byte) ([]Row, error) {
	var rows []Row
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if n == 1 {
			line = bytes.TrimPrefix(line, bom)
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		pos := Pos{Index: -1, Line: n}
		if line[0] != '{' {
			return nil, &ReadError{Pos: pos, Msg: "want one JSON object a line (bd export)"}
		}
		var v json.RawMessage
		if err := json.Unmarshal(line, &v); err != nil {
			return nil, &ReadError{Pos: pos, Msg: "not a bead: " + jsonMsg(err)}
		}
		rows = append(rows, Row{Pos: pos, Data: line})
	}
	return rows, nil
}

// Read reads the issues in a file that architect compile, bd export, bd
// list --json or bd show --json wrote. Rows that are not issues (bd
// export's header, its memories) are skipped; so are the issues bd show
// embeds as dependencies. Errors are ErrEmpty, a *FormatError or a
// *ReadError.
func Read(data []byte) ([]Issue, error) {
	_, rows, err := Split(data)
	if err != nil {
		return nil, err
	}
	out := make([]Issue, 0, len(rows))
	for _, r := range rows {
		is, ok, err := decodeIssue(r.Data)
		if err != nil {
			return nil, &ReadError{Pos: r.Pos, Msg: err.Error()}
		}
		if ok {
			is.Pos = r.Pos
			out = append(out, is)
		}
	}
	return out, nil
}

// BeadJSON returns the row as a bead for a check against the bead schema,
// and false when the row is no issue (bd export's header, its memories).
// A row bd wrote (it has the counts bd computes) comes back in the shape of
// architect's beads: the fields bd leaves out when they are empty
// (description, labels, dependencies) are there, empty; dependencies are
// edges (bd show embeds whole issues); metadata is an object; and the
// computed counts are gone. Any other row, and a row that does not read as
// an issue, comes back as it is, for the schema to judge.
func (r Row) BeadJSON() (json.RawMessage, bool) {
	is, ok, err := decodeIssue(r.Data)
	if err != nil {
		return r.Data, true
	}
	if !ok {
		return nil, false
	}
	if !is.fromBD() {
		return r.Data, true
	}
	fields := make(map[string]json.RawMessage, len(is.Fields)+3)
	for k, v := range is.Fields {
		fields[k] = v
	}
	for _, k := range bdComputed {
		delete(fields, k)
	}
	for k, empty := range map[string]string{"description": `""`, "labels": `[]`} {
		if isNull(fields[k]) {
			fields[k] = json.RawMessage(empty)
		}
	}
	deps := is.Deps
	if deps == nil {
		deps = []emit.Dep{}
	}
	var merr error
	if fields["dependencies"], merr = json.Marshal(deps); merr != nil {
		return r.Data, true
	}
	if is.Metadata != nil {
		if fields["metadata"], merr = json.Marshal(is.Metadata); merr != nil {
			return r.Data, true
		}
	}
	data, merr := json.Marshal(fields)
	if merr != nil {
		return r.Data, true
	}
	return data, true
}
