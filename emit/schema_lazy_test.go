package emit

import (
	"fmt"
	"sync"
	"testing"
)

// The schema library is a copy (emit/internal/jsonschema) that compiles the
// drafts' metaschemas on first use rather than in its init. A schema of
// every draft is still checked against its metaschema, whichever draft is
// compiled first and however many goroutines compile at once (go test -race
// runs this too).
func TestSchemasCheckedAgainstMetaschemaOnFirstUse(t *testing.T) {
	drafts := []string{
		"http://json-schema.org/draft-04/schema#",
		"http://json-schema.org/draft-06/schema#",
		"http://json-schema.org/draft-07/schema#",
		"https://json-schema.org/draft/2019-09/schema",
		"https://json-schema.org/draft/2020-12/schema",
	}
	var wg sync.WaitGroup
	for i, d := range drafts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			good := fmt.Sprintf(`{"$schema": %q, "type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}`, d)
			s, err := CompileSchema(fmt.Sprintf("good%d.json", i), []byte(good))
			if err != nil {
				t.Errorf("%s: %v", d, err)
				return
			}
			v, _ := DecodeJSON([]byte(`{"n": 0}`))
			if vs := s.Check(v); len(vs) != 1 || vs[0].Field != "/n" {
				t.Errorf("%s: {n: 0} gave %v, want one violation at /n", d, vs)
			}
			bad := fmt.Sprintf(`{"$schema": %q, "type": "object", "minProperties": "two"}`, d)
			if _, err := CompileSchema(fmt.Sprintf("bad%d.json", i), []byte(bad)); err == nil {
				t.Errorf("%s: a schema with minProperties \"two\" compiled; the metaschema was not checked", d)
			}
		}()
	}
	wg.Wait()
}
