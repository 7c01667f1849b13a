package emit

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaJSON is the bead JSON Schema (draft 2020-12).
//
//go:embed bead.schema.json
var SchemaJSON []byte

var printer = message.NewPrinter(language.English)

var (
	schemaOnce   sync.Once
	schema       *jsonschema.Schema
	outputSchema *jsonschema.Schema // the rule for a QA agent's output_schema
	schemaErr    error
)

func beadSchema() (*jsonschema.Schema, error) {
	schemaOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON))
		if err != nil {
			schemaErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		const url = "bead.schema.json"
		if err := c.AddResource(url, doc); err != nil {
			schemaErr = err
			return
		}
		if schema, schemaErr = c.Compile(url); schemaErr != nil {
			return
		}
		outputSchema, schemaErr = c.Compile(url + "#/$defs/qaAgent/properties/output_schema")
	})
	return schema, schemaErr
}

// outputSchemaValid reports whether raw passes the schema's rule for a QA
// agent's output_schema.
func outputSchemaValid(raw json.RawMessage) bool {
	if _, err := beadSchema(); err != nil {
		return false
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	return outputSchema.Validate(v) == nil
}

// Violation is one way a bead breaks the schema.
type Violation struct {
	// Field is the JSON pointer of the failing value ("/metadata/branch").
	Field   string
	Message string
}

func (v Violation) String() string { return v.Field + ": " + v.Message }

// ValidateJSON checks one bead, given as JSON, against the bead schema. It
// returns the violations, most specific first, and an error only when the
// input is not JSON.
func ValidateJSON(data []byte) ([]Violation, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return ValidateValue(v)
}

// ValidateValue checks a decoded JSON value (as jsonschema.UnmarshalJSON
// returns it) against the bead schema.
func ValidateValue(v any) ([]Violation, error) {
	sch, err := beadSchema()
	if err != nil {
		return nil, fmt.Errorf("bead schema: %w", err)
	}
	err = sch.Validate(v)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
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
		field := "/" + strings.Join(e.InstanceLocation, "/")
		vi := Violation{Field: field, Message: e.ErrorKind.LocalizedString(printer)}
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
	return out, nil
}

// Validate checks beads against the schema, and returns an error naming
// the bead and field of every violation, in bead order.
//
// A bead that provablyValid (fastcheck.go) vouches for is done; any other
// goes to the JSON Schema library as the value that decoding its JSON
// would give (see beadValue), without the JSON text in between. Large
// batches are checked by a bounded pool of workers, and the problems are
// put back in bead order, so the result never depends on scheduling.
func Validate(beads []Bead) error {
	problems := make([][]string, len(beads))
	errs := make([]error, len(beads))
	var fast fastChecker
	check := func(i int, cache rawCache) {
		b := &beads[i]
		if fast.provablyValid(b) {
			return
		}
		v, err := beadValue(b, cache)
		if err != nil {
			errs[i] = err
			return
		}
		vs, err := ValidateValue(v)
		if err != nil {
			errs[i] = err
			return
		}
		for _, vi := range vs {
			problems[i] = append(problems[i], fmt.Sprintf("bead %s (sprint %s): %s", b.ID, b.Metadata.Sprint, vi))
		}
	}
	forEachChunk(len(beads), validateChunk, func(_, lo, hi int) {
		cache := rawCache{}
		for i := lo; i < hi; i++ {
			check(i, cache)
		}
	})
	var all []string
	for i := range beads {
		if errs[i] != nil {
			return errs[i]
		}
		all = append(all, problems[i]...)
	}
	if len(all) > 0 {
		return &SchemaError{Problems: all}
	}
	return nil
}

// validateChunk is how many beads a validation worker takes at a time.
const validateChunk = 64

// SchemaError lists beads that break the schema.
type SchemaError struct{ Problems []string }

func (e *SchemaError) Error() string {
	var b bytes.Buffer
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p)
	}
	return b.String()
}

// rawCache holds decoded json.RawMessage values by their text: every QA
// agent carries the same output schema, so it is decoded once per chunk.
type rawCache map[string]any

// beadValue returns the value jsonschema.UnmarshalJSON(json.Marshal(b))
// gives, built straight from the struct: objects as map[string]any, arrays
// as []any, numbers as json.Number, nil pointers and slices as nil, and
// strings with each invalid UTF-8 byte replaced by U+FFFD, as json.Marshal
// does. A value of a kind it does not know is marshalled and decoded, so
// the result is the same in every case. Validating this value instead of
// the JSON text skips an encode and a decode per bead.
func beadValue(b *Bead, cache rawCache) (any, error) {
	return jsonValue(reflect.ValueOf(b).Elem(), cache)
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

func jsonValue(v reflect.Value, cache rawCache) (any, error) {
	if v.Type() == rawMessageType {
		raw := v.Bytes()
		if raw == nil {
			return nil, nil
		}
		if d, ok := cache[string(raw)]; ok {
			return d, nil
		}
		d, err := roundTrip(v)
		if err == nil {
			cache[string(raw)] = d
		}
		return d, err
	}
	switch v.Kind() {
	case reflect.String:
		return validString(v.String()), nil
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(v.Int(), 10)), nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil, nil
		}
		return jsonValue(v.Elem(), cache)
	case reflect.Slice:
		if v.IsNil() {
			return nil, nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return roundTrip(v) // base64 text
		}
		out := make([]any, v.Len())
		for i := range out {
			e, err := jsonValue(v.Index(i), cache)
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	case reflect.Struct:
		fields, ok := plainFields(v.Type())
		if !ok {
			return roundTrip(v)
		}
		out := make(map[string]any, len(fields))
		for _, f := range fields {
			e, err := jsonValue(v.Field(f.index), cache)
			if err != nil {
				return nil, err
			}
			out[f.name] = e
		}
		return out, nil
	}
	return roundTrip(v)
}

// roundTrip is the slow path: encode, then decode as the validator would.
func roundTrip(v reflect.Value) (any, error) {
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

type plainField struct {
	index int
	name  string
}

var fieldCache sync.Map // reflect.Type -> []plainField, or nil when not plain

// plainFields lists a struct's fields and JSON names when every field is
// exported, named by a json tag without options, and not embedded: the
// only shape jsonValue copies by hand. ok is false otherwise.
func plainFields(t reflect.Type) (fields []plainField, ok bool) {
	if c, found := fieldCache.Load(t); found {
		fields = c.([]plainField)
		return fields, fields != nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("json")
		if !f.IsExported() || f.Anonymous || name == "" || name == "-" || strings.Contains(name, ",") {
			fields = nil
			break
		}
		fields = append(fields, plainField{index: i, name: name})
	}
	if fields == nil && t.NumField() == 0 {
		fields = []plainField{}
	}
	fieldCache.Store(t, fields)
	return fields, fields != nil
}

// validString replaces each byte of invalid UTF-8 with U+FFFD, as
// json.Marshal does.
func validString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
