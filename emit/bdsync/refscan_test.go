package bdsync

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// refRowStd is what encoding/json decodes of a bead for readRefsStd.
type refRowStd struct {
	Schema   json.RawMessage `json:"_schema"`
	Type     string          `json:"_type"`
	ID       string          `json:"id"`
	Metadata *struct {
		PlanFile     *string `json:"plan_file"`
		Sprint       *string `json:"sprint"`
		PlanSprintID *string `json:"plan_sprint_id"`
	} `json:"metadata"`
}

// readRefsStd is readRefsArray written with encoding/json, as it was before
// refScan: the reference refScan is held to.
func readRefsStd(data []byte) ([]Issue, bool) {
	body := bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
	if len(body) == 0 || body[0] != '[' {
		return nil, false
	}
	var rows []refRowStd
	if json.Unmarshal(body, &rows) != nil {
		return nil, false
	}
	out := make([]Issue, 0, len(rows))
	for i, r := range rows {
		if r.Schema != nil || (r.Type != "" && r.Type != "issue") {
			continue
		}
		if r.ID == "" {
			return nil, false
		}
		is := Issue{ID: r.ID, Pos: Pos{Index: i}, Metadata: map[string]json.RawMessage{}}
		if m := r.Metadata; m != nil {
			for k, v := range map[string]*string{"plan_file": m.PlanFile, "sprint": m.Sprint, "plan_sprint_id": m.PlanSprintID} {
				if v != nil {
					raw, _ := json.Marshal(*v)
					is.Metadata[k] = raw
				}
			}
		}
		out = append(out, is)
	}
	return out, true
}

// checkRefScan holds readRefsArray to readRefsStd on data: where the scan
// reads the file, encoding/json reads it and gives the same issues; where
// encoding/json cannot, neither does the scan. (The scan may give up on a
// file encoding/json reads; ReadRefs then reads it row by row.)
func checkRefScan(t *testing.T, data []byte) (scanned bool) {
	t.Helper()
	got, ok := readRefsArray(data)
	want, okStd := readRefsStd(data)
	if !okStd {
		require.False(t, ok, "the scan read what encoding/json refuses: %q", data)
		return false
	}
	if !ok {
		return false
	}
	require.Equal(t, want, got, "%q", data)
	return true
}

// TestRefScanAgrees: the scan reads every array of beads the tests hold as
// encoding/json does, and each edge case as encoding/json does or gives up.
func TestRefScanAgrees(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.json*")
	require.NoError(t, err)
	more, err := filepath.Glob("../../testdata/golden/*.beads.json")
	require.NoError(t, err)
	arrays := 0
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		if checkRefScan(t, data) {
			arrays++
		}
	}
	require.Greater(t, arrays, 10, "the scan read too few of the tests' files")

	for _, c := range []struct {
		in      string
		scanned bool
	}{
		{`[]`, true},
		{"\ufeff [ ] \n", true},
		{`[{"id":"a"}]`, true},
		{`[{"id":"a","metadata":{"sprint":"1.1","plan_file":"p.md","plan_sprint_id":"1.1","x":[1,2,{"y":null}]}}]`, true},
		{`[{"_schema":null},{"id":"b"}]`, true},
		{`[{"_type":"header","x":1},{"_type":"issue","id":"c"},{"_type":null,"id":"d"}]`, true},
		{`[{"id":"a","metadata":null}]`, true},
		{`[{"id":"a","metadata":{"sprint":null}}]`, true},
		{`[{"id":"a\u00e9\n","metadata":{"sprint":"<1.1> & \u2028"}}]`, true},
		{`[{"id":"a","n":-0.5e+10,"m":0,"t":true,"f":false}]`, true},
		{"[{\"id\":\"\xff\xfe\"}]", true},
		{`[{"id":""}]`, false},
		{`[{"id":null}]`, false},
		{`[null]`, false},
		{`[{"id":"a"},]`, false},
		{`[{"id":"a"}] x`, false},
		{`[{"id":"a","n":01}]`, false},
		{`[{"id":"a","n":1.}]`, false},
		{`[{"id":"a","n":.5}]`, false},
		{`[{"id":"a","s":"\x"}]`, false},
		{`[{"id":"a","s":"\u12G4"}]`, false},
		{"[{\"id\":\"a\",\"s\":\"\t\"}]", false},
		{`[{"id":1}]`, false},
		{`[{"id":"a","metadata":"{}"}]`, false},
		{`[{"id":"a","metadata":{"sprint":1}}]`, false},
		{`[{"ID":"a"}]`, false},
		{`[{"Id":"a","id":"b"}]`, false},
		{`[{"id":"a","id":"b"}]`, false},
		{`[{"\u0069d":"a"}]`, false},
		{`[{"id":"a","metadata":{"Sprint":"1"}}]`, false},
		{`[{"id":"a"}`, false},
		{`{"id":"a"}`, false},
		{`[{"id":"a","x":tru}]`, false},
		{`[{"id":"a","x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}]`, false},
		{`[{"id":"a","x":` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `}]`, true},
	} {
		require.Equal(t, c.scanned, checkRefScan(t, []byte(c.in)), "%s", c.in)
	}
}

// FuzzRefScan holds the scan to encoding/json on any input.
//
//	go test ./emit/bdsync -run '^$' -fuzz '^FuzzRefScan$' -fuzztime 1m
func FuzzRefScan(f *testing.F) {
	for _, s := range []string{`[]`, `[{"id":"a","metadata":{"sprint":"1.1","plan_file":"p.md"}}]`, `[{"_schema":1},{"id":"b","x":[1,{"y":"\u00e9"}]}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRefScan(t, data)
	})
}

// FuzzPlainString: the fast path of metaString gives what encoding/json
// gives, or declines.
//
//	go test ./emit/bdsync -run '^$' -fuzz '^FuzzPlainString$' -fuzztime 30s
func FuzzPlainString(f *testing.F) {
	for _, s := range []string{`"plans/x.md"`, `"1.2a"`, `""`, `"a\"b"`, `"\u00e9"`, `"é"`, "\"\xff\"", "\"a\tb\"", `"x`, `3`, `null`, `"a"b"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := plainString(raw)
		if !ok {
			return
		}
		var want string
		require.NoError(t, json.Unmarshal(raw, &want), "plainString took %q", raw)
		require.Equal(t, want, got, "%q", raw)
	})
}

func TestPlainString(t *testing.T) {
	for raw, want := range map[string]bool{`"plans/x.md"`: true, `"1.2a"`: true, `""`: true, `"é"`: true,
		`"a\"b"`: false, `"\u00e9"`: false, "\"\xff\"": false, "\"a\tb\"": false, `"x`: false, `3`: false, `"a"b"`: false} {
		s, ok := plainString([]byte(raw))
		require.Equal(t, want, ok, "%q", raw)
		if ok {
			require.Equal(t, raw[1:len(raw)-1], s)
		}
	}
}
