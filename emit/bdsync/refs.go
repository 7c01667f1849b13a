package bdsync

import (
	"bytes"
	"encoding/json"
)

// ReadRefs reads what annotate needs of each issue in a file Read reads: its
// id, and the plan file and sprint its metadata names. It splits the file
// as Read does and skips the same rows, but decodes only those fields, so
// a 10,000-bead compile output is read several times faster. The issues it
// returns hold ID, Metadata (those keys alone) and Pos.
func ReadRefs(data []byte) ([]Issue, error) {
	if out, ok := readRefsArray(data); ok {
		return out, nil
	}
	_, rows, err := Split(data)
	if err != nil {
		return nil, err
	}
	out := make([]Issue, 0, len(rows))
	for _, r := range rows {
		var row struct {
			Schema   json.RawMessage `json:"_schema"`
			Type     string          `json:"_type"`
			ID       string          `json:"id"`
			Metadata json.RawMessage `json:"metadata"`
		}
		if len(r.Data) == 0 || r.Data[0] != '{' {
			return nil, &ReadError{Pos: r.Pos, Msg: "not a bead: want a JSON object"}
		}
		if err := json.Unmarshal(r.Data, &row); err != nil {
			return nil, &ReadError{Pos: r.Pos, Msg: "not a bead: " + jsonMsg(err)}
		}
		if row.Schema != nil || (row.Type != "" && row.Type != "issue") {
			continue
		}
		if row.ID == "" {
			return nil, &ReadError{Pos: r.Pos, Msg: "the bead has no id"}
		}
		m, err := decodeMetadata(row.Metadata)
		if err != nil {
			return nil, &ReadError{Pos: r.Pos, Msg: "metadata of bead " + row.ID + ": " + err.Error()}
		}
		is := Issue{ID: row.ID, Pos: r.Pos, Metadata: map[string]json.RawMessage{}}
		for _, k := range []string{"plan_file", "sprint", "plan_sprint_id"} {
			if v, ok := m[k]; ok {
				is.Metadata[k] = v
			}
		}
		out = append(out, is)
	}
	return out, nil
}

// readRefsArray reads a JSON array of beads whose metadata are objects,
// as architect compile writes them, in one pass (refScan): a 10,000-bead
// file several times faster than encoding/json decodes it. It reports false
// for anything else (JSON lines, metadata written as a string, a bead
// without an id, a field of another type, invalid JSON), and ReadRefs then
// reads the file row by row, which words the error.
func readRefsArray(data []byte) ([]Issue, bool) {
	s := refScan{b: bytes.TrimPrefix(data, bom)}
	if s.peek() != '[' {
		return nil, false
	}
	s.i++
	var out []Issue
	if s.peek() == ']' {
		s.i++
	} else {
		for i := 0; ; i++ {
			if s.peek() != '{' {
				return nil, false
			}
			start := s.i
			issue, id, refs, ok := s.bead()
			if !ok {
				return nil, false
			}
			if issue {
				if out == nil && s.i-start >= 256 {
					// The first issue's length sizes the slice for the rest:
					// one allocation where growing it copied 180-byte issues.
					// (A short one, of a file of short ones, sizes nothing.)
					n := (len(s.b)-start)/(s.i-start) + 1
					out = make([]Issue, 0, n+n/8)
				}
				if id == "" {
					return nil, false
				}
				is := Issue{ID: id, Pos: Pos{Index: i}, Metadata: make(map[string]json.RawMessage, 3)}
				// The values are copied out, in one allocation, so that the
				// file's bytes are not kept alive by them: annotate parses a
				// plan while the file is read, and a 10,000-bead file is 29 MB.
				buf := make([]byte, 0, len(refs[0])+len(refs[1])+len(refs[2]))
				for k, raw := range refs {
					if raw != nil {
						n := len(buf)
						buf = append(buf, raw...)
						is.Metadata[refKeys[k]] = buf[n:len(buf):len(buf)]
					}
				}
				out = append(out, is)
			}
			c := s.peek()
			s.i++
			if c == ']' {
				break
			}
			if c != ',' {
				return nil, false
			}
		}
	}
	if s.peek() != 0 || s.i < len(s.b) {
		return nil, false
	}
	if out == nil {
		out = []Issue{}
	}
	return out, true
}
