package bdsync

import (
	"encoding/json"
)

// ReadRefs reads what annotate needs of each issue in a file Read reads: its
// id, and the plan file and sprint its metadata names. It splits the file
// as Read does and skips the same rows, but decodes only those fields, so
// a 10,000-bead compile output is read several times faster. The issues it
// returns hold ID, Metadata (those keys alone) and Pos.
func ReadRefs(data []byte) ([]Issue, error) {
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
