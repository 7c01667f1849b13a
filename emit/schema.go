package emit

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

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
	schemaOnce sync.Once
	schema     *jsonschema.Schema
	schemaErr  error
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
		schema, schemaErr = c.Compile(url)
	})
	return schema, schemaErr
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
// the bead and field of every violation, in bead order. Each bead is
// checked as the JSON it is written as.
func Validate(beads []Bead) error {
	var all []string
	for i := range beads {
		b := &beads[i]
		data, err := json.Marshal(b)
		if err != nil {
			return err
		}
		vs, err := ValidateJSON(data)
		if err != nil {
			return err
		}
		for _, vi := range vs {
			all = append(all, fmt.Sprintf("bead %s (sprint %s): %s", b.ID, b.Metadata.Sprint, vi))
		}
	}
	if len(all) > 0 {
		return &SchemaError{Problems: all}
	}
	return nil
}

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
