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
// them, and writes each call whole or not at all; bd update writes only
// the fields it names, merges --metadata into the stored metadata key by
// key, and refuses a bead whose status is not --if-status with exit code
// 13; bd batch takes dep add and dep remove lines in one transaction. It
// answers version, where, context, config get/set, export, import,
// update, batch, close, reopen and comments add; anything else fails.
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
	// Clock stamps what update, batch, close, reopen and comments add
	// write; nil is time.Now.
	Clock func() time.Time
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
	case argv[0] == "update":
		return m.update(argv[1:], stdin)
	case key == "batch":
		return m.batch(stdin)
	case argv[0] == "close":
		return m.closeIssues(argv[1:])
	case argv[0] == "reopen":
		return m.reopen(argv[1:])
	case len(argv) == 4 && argv[0] == "comments" && argv[1] == "add":
		return m.comment(argv[2], argv[3])
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
			// bd keeps a row's dependencies and comments: import only
			// adds them.
			keep := cur["dependencies"]
			m.rows[id] = row
			if keep != nil {
				row["dependencies"] = keep
			}
			if _, ok := row["comments"]; !ok && cur["comments"] != nil {
				row["comments"] = cur["comments"]
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

// ExitError is a failed command's exit code, as exec.ExitError reports it.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// ExitCode returns the code.
func (e *ExitError) ExitCode() int { return e.Code }

func (m *Memory) now() time.Time {
	if m.Clock != nil {
		return m.Clock()
	}
	return time.Now()
}

func (m *Memory) touch(row map[string]json.RawMessage) {
	row["updated_at"], _ = json.Marshal(m.now().UTC().Format(time.RFC3339))
}

// splitArgs splits a command's arguments into its positional ids and its
// flags, --name=value (a flag without = is true).
func splitArgs(args []string) (ids []string, flags [][2]string) {
	for _, a := range args {
		if !strings.HasPrefix(a, "--") {
			ids = append(ids, a)
			continue
		}
		name, value, ok := strings.Cut(a[2:], "=")
		if !ok {
			value = "true"
		}
		flags = append(flags, [2]string{name, value})
	}
	return ids, flags
}

// update writes the named fields of each issue, as bd update does, with
// the flags apply uses: --title, --description, --body-file=- (stdin),
// --priority, --type, --acceptance, --metadata (merged key by key),
// --add-label, --remove-label, --if-status, --status, --assignee, --notes.
func (m *Memory) update(args []string, stdin []byte) ([]byte, error) {
	ids, flags := splitArgs(args)
	var failed, guard int
	for _, id := range ids {
		row, ok := m.rows[id]
		if !ok {
			failed++
			continue
		}
		var status string
		_ = json.Unmarshal(row["status"], &status)
		ok = true
		for _, f := range flags {
			if f[0] == "if-status" && f[1] != status {
				ok = false
			}
		}
		if !ok {
			failed++
			guard++
			continue
		}
		for _, f := range flags {
			name, value := f[0], f[1]
			switch name {
			case "title", "description", "notes", "assignee", "status":
				row[name], _ = json.Marshal(value)
			case "body-file":
				row["description"], _ = json.Marshal(string(stdin))
			case "type":
				row["issue_type"], _ = json.Marshal(value)
			case "acceptance":
				row["acceptance_criteria"], _ = json.Marshal(value)
			case "priority":
				row["priority"] = json.RawMessage(value)
			case "metadata":
				var add, meta map[string]json.RawMessage
				if err := json.Unmarshal([]byte(value), &add); err != nil {
					return nil, fmt.Errorf("invalid JSON in --metadata: %v", err)
				}
				_ = json.Unmarshal(row["metadata"], &meta)
				if meta == nil {
					meta = map[string]json.RawMessage{}
				}
				for k, v := range add {
					meta[k] = v
				}
				row["metadata"], _ = json.Marshal(meta)
			case "add-label", "remove-label":
				label := strings.Trim(value, `"`)
				var labels []string
				_ = json.Unmarshal(row["labels"], &labels)
				labels = slices.DeleteFunc(labels, func(l string) bool { return l == label })
				if name == "add-label" {
					labels = append(labels, label)
				}
				row["labels"], _ = json.Marshal(labels)
			case "if-status", "allow-empty-description":
			default:
				return nil, fmt.Errorf("bdtest.Memory: update: unknown flag --%s", name)
			}
		}
		m.touch(row)
	}
	if failed > 0 {
		code := 1
		if guard == failed {
			code = 13
		}
		return nil, &ExitError{Code: code}
	}
	return nil, nil
}

// batch runs dep add and dep remove lines, all or none.
func (m *Memory) batch(stdin []byte) ([]byte, error) {
	type edit struct {
		add          bool
		from, to, ty string
	}
	var edits []edit
	for _, line := range strings.Split(string(stdin), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case len(f) >= 4 && f[0] == "dep" && f[1] == "add":
			ty := "blocks"
			if len(f) > 4 {
				ty = f[4]
			}
			edits = append(edits, edit{true, f[2], f[3], ty})
		case len(f) == 4 && f[0] == "dep" && f[1] == "remove":
			edits = append(edits, edit{false, f[2], f[3], ""})
		default:
			return nil, fmt.Errorf("bdtest.Memory: batch: unknown line %q", line)
		}
	}
	for _, e := range edits {
		if m.rows[e.from] == nil || m.rows[e.to] == nil {
			return nil, fmt.Errorf("batch: no issue %s or %s", e.from, e.to)
		}
	}
	for _, e := range edits {
		row := m.rows[e.from]
		var have []map[string]any
		_ = json.Unmarshal(row["dependencies"], &have)
		have = slices.DeleteFunc(have, func(h map[string]any) bool { return h["depends_on_id"] == e.to })
		if e.add {
			have = append(have, map[string]any{"issue_id": e.from, "depends_on_id": e.to, "type": e.ty})
		}
		row["dependencies"], _ = json.Marshal(have)
	}
	return []byte("batch: ok\n"), nil
}

// closeIssues closes issues: close ID... [--force] --reason R..., one
// reason an issue in order (the last for the rest).
func (m *Memory) closeIssues(args []string) ([]byte, error) {
	var ids, reasons []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--reason" && i+1 < len(args):
			reasons = append(reasons, args[i+1])
			i++
		case strings.HasPrefix(args[i], "--"):
		default:
			ids = append(ids, args[i])
		}
	}
	for _, id := range ids {
		if m.rows[id] == nil {
			return nil, fmt.Errorf("close: no issue %s", id)
		}
	}
	for i, id := range ids {
		row := m.rows[id]
		reason := "Closed"
		if len(reasons) > 0 {
			reason = reasons[min(i, len(reasons)-1)]
		}
		row["status"] = json.RawMessage(`"closed"`)
		row["close_reason"], _ = json.Marshal(reason)
		row["closed_at"], _ = json.Marshal(m.now().UTC().Format(time.RFC3339))
		m.touch(row)
	}
	return nil, nil
}

// reopen reopens closed issues: reopen ID... --reason R.
func (m *Memory) reopen(args []string) ([]byte, error) {
	var ids []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--reason" {
			i++
			continue
		}
		ids = append(ids, args[i])
	}
	for _, id := range ids {
		row := m.rows[id]
		if row == nil {
			return nil, fmt.Errorf("reopen: no issue %s", id)
		}
		row["status"] = json.RawMessage(`"open"`)
		delete(row, "closed_at")
		delete(row, "close_reason")
		m.touch(row)
	}
	return nil, nil
}

// comment adds a comment to an issue.
func (m *Memory) comment(id, text string) ([]byte, error) {
	row := m.rows[id]
	if row == nil {
		return nil, fmt.Errorf("comments add: no issue %s", id)
	}
	var cs []map[string]any
	_ = json.Unmarshal(row["comments"], &cs)
	cs = append(cs, map[string]any{"issue_id": id, "text": text, "created_at": m.now().UTC().Format(time.RFC3339)})
	row["comments"], _ = json.Marshal(cs)
	m.touch(row)
	return nil, nil
}
