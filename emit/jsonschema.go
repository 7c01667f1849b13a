package emit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/beads-architect/architect/emit/internal/jsonschema"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// Schema is a compiled JSON Schema (draft 2020-12 unless the document says
// otherwise), with formats asserted.
type Schema struct {
	name string
	s    *jsonschema.Schema
}

// CompileSchema compiles a JSON Schema document. name is used in messages
// and as the document's base URL for its own $refs.
func CompileSchema(name string, doc []byte) (*Schema, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, fmt.Errorf("%s is not JSON: %v", name, jsonError(err))
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	url := "file:///" + strings.TrimLeft(strings.ReplaceAll(name, "\\", "/"), "/")
	if err := c.AddResource(url, v); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("%s is not a valid JSON Schema: %v", name, err)
	}
	return &Schema{name: name, s: s}, nil
}

// ShippedSchema returns a function that compiles a schema the program
// ships on its first call, so a run that checks nothing against it never
// pays for it; it panics when the shipped document is broken, which tests
// catch. Local references ("#/$defs/NAME") are written out in place first:
// the schema library allocates for every reference it follows
// (TestInlineKeepsVerdicts holds the verdicts to the schema as written).
func ShippedSchema(name string, doc []byte) func() *Schema {
	return sync.OnceValue(func() *Schema { return compileShipped(name, doc) })
}

func compileShipped(name string, doc []byte) *Schema {
	if inlined, err := inlineRefs(doc); err == nil {
		doc = inlined
	}
	s, err := CompileSchema(name, doc)
	if err != nil {
		panic(err)
	}
	return s
}

// inlineRefs returns a schema document with each local reference to one of
// its $defs replaced by the definition itself, beside the reference's
// other keywords under allOf. It leaves a document with a recursive
// definition as it is.
func inlineRefs(doc []byte) ([]byte, error) {
	var root map[string]any
	if err := json.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	defs, _ := root["$defs"].(map[string]any)
	var expand func(v any, depth int) (any, error)
	expand = func(v any, depth int) (any, error) {
		if depth > 32 {
			return nil, errors.New("recursive definitions")
		}
		switch x := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(x))
			var target any
			for k, e := range x {
				if ref, ok := e.(string); k == "$ref" && ok && strings.HasPrefix(ref, "#/$defs/") {
					def, ok := defs[strings.TrimPrefix(ref, "#/$defs/")]
					if !ok {
						return nil, fmt.Errorf("no definition for %s", ref)
					}
					var err error
					if target, err = expand(def, depth+1); err != nil {
						return nil, err
					}
					continue
				}
				var err error
				if out[k], err = expand(e, depth); err != nil {
					return nil, err
				}
			}
			switch {
			case target == nil:
				return out, nil
			case len(out) == 0:
				return target, nil
			}
			all, _ := out["allOf"].([]any)
			out["allOf"] = append(all, target)
			return out, nil
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				var err error
				if out[i], err = expand(e, depth); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		return v, nil
	}
	body := make(map[string]any, len(root))
	for k, v := range root {
		if k != "$defs" {
			body[k] = v
		}
	}
	out, err := expand(body, 0)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

// Check validates a decoded JSON value (as DecodeJSON returns it) and
// returns every violation, sorted by JSON pointer.
func (s *Schema) Check(v any) []Violation {
	err := s.s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Violation{{Field: "", Message: err.Error()}}
	}
	var out []Violation
	seen := map[Violation]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		vi := Violation{Field: pointer(e.InstanceLocation), Message: e.ErrorKind.LocalizedString(printer)}
		if !seen[vi] {
			seen[vi] = true
			out = append(out, vi)
		}
	}
	walk(ve)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Field != out[j].Field {
			return out[i].Field < out[j].Field
		}
		return out[i].Message < out[j].Message
	})
	if len(out) == 0 {
		out = []Violation{{Field: "/", Message: ve.Error()}}
	}
	return out
}

// CheckValue marshals v to JSON and checks what it decodes to.
func (s *Schema) CheckValue(v any) ([]Violation, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	doc, err := DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	return s.Check(doc), nil
}

// DecodeJSON decodes one JSON value the way the schema library reads
// numbers.
func DecodeJSON(data []byte) (any, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, jsonError(err)
	}
	return v, nil
}

// jsonError words a decoding error for a person.
func jsonError(err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("invalid JSON: it ends inside a value")
	}
	return err
}

// pointer renders an instance location as a JSON pointer (RFC 6901).
func pointer(loc []string) string {
	if len(loc) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, p := range loc {
		b.WriteByte('/')
		p = strings.ReplaceAll(p, "~", "~0")
		b.WriteString(strings.ReplaceAll(p, "/", "~1"))
	}
	return b.String()
}

// JSONRecord is one JSON value of a file being checked: the whole file, an
// element of a top-level array, or a line of JSONL.
type JSONRecord struct {
	// Where names the record: "" for a whole file, "[3]" for an array
	// element, "line 7" for a JSONL line.
	Where string
	Value any
}

// SplitRecords reads a file of JSON, a JSON array, or JSONL into records.
// An array's elements are records of their own.
func SplitRecords(data []byte) ([]JSONRecord, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("the file is empty")
	}
	if v, err := DecodeJSON(trimmed); err == nil {
		if arr, ok := v.([]any); ok {
			out := make([]JSONRecord, len(arr))
			for i, e := range arr {
				out[i] = JSONRecord{Where: "[" + strconv.Itoa(i) + "]", Value: e}
			}
			return out, nil
		}
		return []JSONRecord{{Value: v}}, nil
	} else if !bytes.Contains(trimmed, []byte("\n")) {
		return nil, err
	}
	var out []JSONRecord
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		where := "line " + strconv.Itoa(i+1)
		v, err := DecodeJSON(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		out = append(out, JSONRecord{Where: where, Value: v})
	}
	return out, nil
}
