package emit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestAppendIndentIsJSONIndent holds appendIndent to json.Indent on the
// golden beads and on JSON with every kind of token.
func TestAppendIndentIsJSONIndent(t *testing.T) {
	cases := []string{
		`{}`, `[]`, `""`, `0`, `null`, `{"a":{}}`, `{"a":[]}`, `[[],{},[{}]]`,
		`{"a":"b\"c","d":["e\\","f\\\"g"],"h":{"i":null,"j":-1.5e+3,"k":true}}`,
		`{"x":"a,b:c{d}[e]","y":"\u2028 é ✓ \n\t"}`,
		`[1,[2,[3,[4]]],{"a":{"b":{"c":{}}}}]`,
	}
	golden, _ := filepath.Glob("../testdata/golden/*.beads.json")
	if len(golden) == 0 {
		t.Fatal("no golden beads")
	}
	for _, f := range golden {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c bytes.Buffer
		if err := json.Compact(&c, data); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, c.String())
	}
	for _, src := range cases {
		checkIndent(t, []byte(src))
	}
}

func checkIndent(t *testing.T, src []byte) {
	t.Helper()
	for _, pi := range [][2]string{{"  ", "  "}, {"", "  "}, {">", "\t"}} {
		var want bytes.Buffer
		if err := json.Indent(&want, src, pi[0], pi[1]); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got := appendIndent([]byte("x"), src, pi[0], pi[1]); !bytes.Equal(got[1:], want.Bytes()) {
			t.Fatalf("appendIndent(%q, %q, %q):\n%s\nwant\n%s", src, pi[0], pi[1], got[1:], want.Bytes())
		}
	}
}

// FuzzAppendIndent holds appendIndent to json.Indent on any JSON value,
// compacted as json.Marshal writes it.
func FuzzAppendIndent(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"c\"d"}],"e":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c bytes.Buffer
		if json.Compact(&c, data) != nil {
			return
		}
		checkIndent(t, c.Bytes())
	})
}
