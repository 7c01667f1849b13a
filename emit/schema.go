package emit

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
)

// SchemaJSON is the bead JSON Schema (draft 2020-12).
//
//go:embed bead.schema.json
var SchemaJSON []byte

// beadSchema is the compiled bead schema.
var beadSchema = ShippedSchema("bead.schema.json", SchemaJSON)

// Violation is one way a bead breaks the schema.
type Violation struct {
	// Field is the JSON pointer of the failing value ("/metadata/branch").
	Field   string
	Message string
}

func (v Violation) String() string { return v.Field + ": " + v.Message }

// ValidateJSON checks one bead, given as JSON, against the bead schema. It
// returns the violations, sorted by field, and an error only when the input
// is not JSON.
func ValidateJSON(data []byte) ([]Violation, error) {
	v, err := DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	return beadSchema().Check(v), nil
}

// Validate checks beads against the schema, and returns an error naming
// the bead and field of every violation, in bead order. Each bead is
// checked as the JSON it is written as.
func Validate(beads []Bead) error {
	// The schema library allocates much per bead; the beads are checked on
	// every core (a 10,000-sprint plan: 0.85 s on one core).
	problems := make([][]string, len(beads))
	errs := make([]error, len(beads))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(beads)/64))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(beads); i += workers {
				b := &beads[i]
				data, err := json.Marshal(encodable(b))
				if err == nil {
					var vs []Violation
					if vs, err = ValidateJSON(data); err == nil {
						for _, vi := range vs {
							problems[i] = append(problems[i], fmt.Sprintf("bead %s (sprint %s): %s", b.ID, b.Metadata.Sprint, vi))
						}
					}
				}
				errs[i] = err
			}
		}()
	}
	wg.Wait()
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
