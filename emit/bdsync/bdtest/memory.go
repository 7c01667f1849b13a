package bdtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Memory is a fake bd that keeps a database in memory and follows bd
// v1.3.0's rules where a sync depends on them: bd import replaces a row
// only when the incoming updated_at is newer to the second (older rows are
// reported in stale_skipped_ids, ties with other content in
// tie_kept_local_ids), adds dependencies and labels and never removes
// them, and writes each call whole or not at all. It answers version,
// where, context, config get/set, export and import; anything else fails.
type Memory struct {
	mu     sync.Mutex
	Prefix string
	Config map[string]string
	// Mode is what `bd context --json` reports as dolt_mode: "embedded"
	// unless set.
	Mode  string
	rows  map[string]map[string]json.RawMessage
	order []string
	// Before, when set, runs before each command with its argv and
	// stdin; an error fails the command before it writes anything.
	Before func(argv []string, stdin []byte) error
	// Calls are the command lines run.
	Calls []string
}

// NewMemory returns an empty database with the prefix.
func NewMemory(prefix string) *Memory {
	return &Memory{Prefix: prefix, Config: map[string]string{}, rows: map[string]map[string]json.RawMessage{}}
}

// Run answers one bd command.
func (m *Memory) Run(stdin []byte, argv ...string) ([]byte, error) {
	key := strings.Join(argv, " ")
	m.mu.Lock()
	m.Calls = append(m.Calls, key)
	before := m.Before
	m.mu.Unlock()
	if before != nil {
		if err := before(argv, stdin); err != nil {
			return nil, err
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case key == "version --json":
		return []byte(`{"version":"1.3.0"}`), nil
	case key == "where --json":
		return []byte(fmt.Sprintf(`{"path":"/mem/.beads","prefix":%q}`, m.Prefix)), nil
	case len(argv) == 4 && argv[0] == "config" && argv[1] == "get":
		return json.Marshal(map[string]string{"key": argv[2], "value": m.Config[argv[2]]})
	case len(argv) == 4 && argv[0] == "config" && argv[1] == "set":
		m.Config[argv[2]] = argv[3]
		return []byte("Set\n"), nil
	case key == "export":
		return m.export(), nil
	case key == "context --json":
		mode := m.Mode
		if mode == "" {
			mode = "embedded"
		}
		return json.Marshal(map[string]string{"dolt_mode": mode})
	case key == "import --json -":
		return m.importJSONL(stdin)
	}
	return nil, fmt.Errorf("bdtest.Memory: unknown command %q", key)
}

func (m *Memory) export() []byte {
	var b bytes.Buffer
	for _, id := range m.order {
		line, _ := json.Marshal(m.rows[id])
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Export returns the database as bd export writes it.
func (m *Memory) Export() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.export()
}

// Change sets fields of an issue as a bd command would, stamping it
// updated_at at.
func (m *Memory) Change(id string, at time.Time, fields map[string]any) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	row, ok := m.rows[id]
	if !ok {
		return fmt.Errorf("no issue %s", id)
	}
	for k, v := range fields {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		row[k] = raw
	}
	row["updated_at"], _ = json.Marshal(at.UTC().Format(time.RFC3339))
	return nil
}

func stamp(row map[string]json.RawMessage) time.Time {
	var s string
	_ = json.Unmarshal(row["updated_at"], &s)
	t, _ := time.Parse(time.RFC3339, s)
	return t.UTC().Truncate(time.Second)
}

func (m *Memory) importJSONL(data []byte) ([]byte, error) {
	var in []map[string]json.RawMessage
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var row map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			return nil, errors.New("failed to parse JSONL line")
		}
		in = append(in, row)
	}
	var res struct {
		Created int      `json:"created"`
		Stale   []string `json:"stale_skipped_ids,omitempty"`
		Tie     []string `json:"tie_kept_local_ids,omitempty"`
	}
	for _, row := range in {
		var id string
		_ = json.Unmarshal(row["id"], &id)
		deps := row["dependencies"]
		delete(row, "dependencies")
		cur, ok := m.rows[id]
		switch {
		case !ok:
			m.rows[id] = row
			m.order = append(m.order, id)
			res.Created++
		case stamp(row).Before(stamp(cur)):
			res.Stale = append(res.Stale, id)
			continue
		case stamp(row).Equal(stamp(cur)):
			res.Tie = append(res.Tie, id)
		default:
			keep := cur["dependencies"]
			m.rows[id] = row
			if keep != nil {
				row["dependencies"] = keep
			}
		}
		if len(deps) > 0 && string(deps) != "null" {
			var add, have []map[string]any
			_ = json.Unmarshal(deps, &add)
			_ = json.Unmarshal(m.rows[id]["dependencies"], &have)
			for _, d := range add {
				if !slices.ContainsFunc(have, func(h map[string]any) bool { return h["depends_on_id"] == d["depends_on_id"] }) {
					have = append(have, d)
				}
			}
			m.rows[id]["dependencies"], _ = json.Marshal(have)
		}
	}
	return json.Marshal(res)
}
