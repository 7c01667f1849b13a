package emit

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// refJSON and refJSONL are what JSON and JSONL must equal: encoding/json
// on the whole slice, and on each record.
func refJSON(beads []Bead) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if beads == nil {
		beads = []Bead{}
	}
	err := enc.Encode(beads)
	return buf.Bytes(), err
}

func refJSONL(beads []Bead) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, b := range beads {
		if err := enc.Encode(ToRecord(b)); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// sameAsEncodingJSON fails t unless JSON and JSONL give encoding/json's
// bytes for beads, or both fail.
func sameAsEncodingJSON(t *testing.T, beads []Bead, what string) {
	t.Helper()
	for _, f := range []struct {
		name      string
		got, want func([]Bead) ([]byte, error)
	}{{"JSON", JSON, refJSON}, {"JSONL", JSONL, refJSONL}} {
		got, gotErr := f.got(beads)
		want, wantErr := f.want(beads)
		if wantErr != nil || gotErr != nil {
			require.Equal(t, wantErr != nil, gotErr != nil, "%s %s: error %v, encoding/json's %v", what, f.name, gotErr, wantErr)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: %s differs from encoding/json\n got: %q\nwant: %q", what, f.name, got, want)
		}
	}
}

// escapeStrings exercise every branch of appendJSONString.
var escapeStrings = []string{
	"\u2028", "\u2029", "a\u2028b", "<>&", "\b\f\n\r\t", "\x00\x01\x1f\x7f", `"\`, `\u0041`,
	"\xed\xa0\x80", "\xc3", "é\xc3", "€", "😀", "\uFFFD", "line\r\nnext",
}

func TestEncodeGoldenBeads(t *testing.T) {
	beads := goldenBeads(t)
	sameAsEncodingJSON(t, beads, "golden")
	sameAsEncodingJSON(t, nil, "no beads")
	sameAsEncodingJSON(t, beads[:1], "one bead")
}

// TestEncodeMutatedBeads changes one field at a time, to every tricky
// string and raw text, and to every structural oddity.
func TestEncodeMutatedBeads(t *testing.T) {
	base := goldenBeads(t)[:3]
	values := slices.Concat(trickyStrings, escapeStrings)
	for name, set := range fieldSetters {
		vs := values
		if name == "qa_schema" || name == "scrum" {
			vs = slices.Concat(rawTexts, []string{" {\n\t\"a\" : [ 1 , {} , [] ] } ", "{}  ", "[1,2", "\"\xff\"", `{"a":"<&>"}`})
		}
		for _, v := range vs {
			beads := make([]Bead, len(base))
			for i := range base {
				beads[i] = copyBead(base[i])
			}
			set(&beads[1], v)
			sameAsEncodingJSON(t, beads, name+"="+v)
		}
	}
	for name, mutate := range structural {
		b := copyBead(base[0])
		mutate(&b)
		sameAsEncodingJSON(t, []Bead{b}, name)
	}
	b := copyBead(base[0])
	b.Assignee = ""
	b.ExternalRef = new(string)
	n := 7
	b.Metadata.PRNumber = &n
	b.Comments = []any{map[string]any{"a": 1}}
	sameAsEncodingJSON(t, []Bead{b, base[1]}, "comments, pr number, no assignee")
}

// TestEncodeLargeInChunks crosses chunk boundaries on several goroutines.
func TestEncodeLargeInChunks(t *testing.T) {
	beads := plangenBeads(t, 3*encodeChunkSize+17)
	require.Len(t, beads, 3*encodeChunkSize+17)
	sameAsEncodingJSON(t, beads, "plangen")
}

// FuzzEncode sets one field of a golden bead to a fuzzed string and holds
// JSON and JSONL to encoding/json's bytes.
func FuzzEncode(f *testing.F) {
	names := setterNames()
	for i := range names {
		for _, v := range slices.Concat(trickyStrings, escapeStrings, rawTexts) {
			f.Add(uint8(i), v)
		}
	}
	base := goldenBeads(f)[:2]
	f.Fuzz(func(t *testing.T, field uint8, v string) {
		beads := []Bead{copyBead(base[0]), copyBead(base[1])}
		fieldSetters[names[int(field)%len(names)]](&beads[0], v)
		sameAsEncodingJSON(t, beads, names[int(field)%len(names)]+"="+v)
	})
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		f.n = 0
		return 0, errors.New("disk full")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestStreamStops checks that a failed write, or a bead encoding/json
// refuses, ends the stream with that error, on one goroutine or several.
func TestStreamStops(t *testing.T) {
	beads := plangenBeads(t, 20*encodeChunkSize)
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		err := WriteJSON(&failAfter{n: 3 << 20}, beads)
		require.EqualError(t, err, "disk full", "GOMAXPROCS %d", procs)

		bad := slices.Clone(beads)
		bad[7*encodeChunkSize+3].Metadata.ScrumResult = json.RawMessage(`{"a":`)
		_, want := refJSON(bad)
		require.Error(t, want)
		for _, write := range []func(io.Writer, []Bead) error{WriteJSON, WriteJSONL} {
			var out bytes.Buffer
			err = write(&out, bad)
			require.EqualError(t, err, want.Error(), "GOMAXPROCS %d", procs)
			require.Less(t, out.Len(), 8*encodeChunkSize*2500, "stopped near the bad bead")
		}
		runtime.GOMAXPROCS(old)
	}
}
