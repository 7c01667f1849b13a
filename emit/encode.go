package emit

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// architect's output is the JSON encoding/json gives for []Bead (two-space
// indent, no HTML escaping) and for bd's Record lines. Reflection makes
// that cost ~16 µs a bead, more than parsing the plan, so beads are
// written here by hand, field by field, to the same bytes. The tests hold
// every golden and every fuzzed bead to encoding/json's output; a bead
// with something this writer does not handle (comments, or a raw JSON
// value that does not parse) is encoded by encoding/json itself.

// jsonWriter appends JSON to buf, either compact or indented the way
// json.Encoder with SetIndent("  ", "  ") indents.
type jsonWriter struct {
	buf      []byte
	indent   bool
	depth    int                       // open objects and arrays
	first    bool                      // nothing written yet in the innermost one
	ok       bool                      // false once a value needs encoding/json
	rendered map[int]map[string][]byte // raw values as written, by depth and text
}

func (w *jsonWriter) newline() {
	if w.indent {
		if n := 1 + 2*(w.depth+1); n <= len(newlineIndent) {
			w.buf = append(w.buf, newlineIndent[:n]...)
			return
		}
		w.buf = append(w.buf, '\n')
		for range w.depth + 1 {
			w.buf = append(w.buf, ' ', ' ')
		}
	}
}

// newlineIndent is a newline and the indent of the deepest lines a bead
// has, and more.
const newlineIndent = "\n                                "

func (w *jsonWriter) open(c byte) {
	w.buf = append(w.buf, c)
	w.depth++
	w.first = true
}

func (w *jsonWriter) close(c byte) {
	w.depth--
	if !w.first {
		w.newline()
	}
	w.buf = append(w.buf, c)
	w.first = false
}

// elem starts an array element.
func (w *jsonWriter) elem() {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	w.newline()
}

// key starts an object member.
func (w *jsonWriter) key(k string) {
	w.elem()
	w.buf = append(append(append(w.buf, '"'), k...), `": `[:2+b2i(w.indent)]...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (w *jsonWriter) null() { w.buf = append(w.buf, "null"...) }

func (w *jsonWriter) int(n int) { w.buf = strconv.AppendInt(w.buf, int64(n), 10) }

func (w *jsonWriter) str(s string) { w.buf = appendJSONString(w.buf, s) }

func (w *jsonWriter) strPtr(s *string) {
	if s == nil {
		w.null()
		return
	}
	w.str(*s)
}

func (w *jsonWriter) intPtr(n *int) {
	if n == nil {
		w.null()
		return
	}
	w.int(*n)
}

// writeList writes items as an array, each with write, or null for a nil
// slice, as encoding/json does.
func writeList[T any](w *jsonWriter, items []T, write func(*T)) {
	if items == nil {
		w.null()
		return
	}
	w.open('[')
	for i := range items {
		w.elem()
		write(&items[i])
	}
	w.close(']')
}

func (w *jsonWriter) strings(ss []string) { writeList(w, ss, func(s *string) { w.str(*s) }) }

// raw writes a json.RawMessage as encoding/json would: compacted, then
// indented to the current depth. The rendering of each distinct text at
// each depth is kept, since most beads carry the same QA output schema;
// null, the usual scrum_result, needs none.
func (w *jsonWriter) raw(m json.RawMessage) {
	if m == nil {
		w.null()
		return
	}
	if string(m) == "null" {
		w.null()
		return
	}
	if out, ok := w.rendered[w.depth][string(m)]; ok {
		w.buf = append(w.buf, out...)
		return
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, m); err != nil {
		w.ok = false
		return
	}
	out := compact.Bytes()
	if w.indent {
		var ind bytes.Buffer
		prefix := string(bytes.Repeat([]byte("  "), w.depth+1))
		if err := json.Indent(&ind, out, prefix, "  "); err != nil {
			w.ok = false
			return
		}
		out = ind.Bytes()
	}
	if w.rendered == nil {
		w.rendered = map[int]map[string][]byte{}
	}
	if w.rendered[w.depth] == nil {
		w.rendered[w.depth] = map[string][]byte{}
	}
	w.rendered[w.depth][string(m)] = out
	w.buf = append(w.buf, out...)
}

func (w *jsonWriter) rawList(ms []json.RawMessage) {
	writeList(w, ms, func(m *json.RawMessage) { w.raw(*m) })
}

func (w *jsonWriter) agentSpec(a *AgentSpec) {
	w.open('{')
	w.key("role")
	w.str(a.Role)
	w.key("agent")
	w.str(a.Agent)
	w.key("model")
	w.str(a.Model)
	w.close('}')
}

func (w *jsonWriter) metadata(m *Metadata) {
	w.open('{')
	w.key("rig")
	w.str(m.Rig)
	w.key("worktree_path")
	w.str(m.WorktreePath)
	w.key("branch")
	w.str(m.Branch)
	w.key("source_branch")
	w.str(m.SourceBranch)
	w.key("phase")
	w.str(m.Phase)
	w.key("sprint")
	w.str(m.Sprint)
	w.key("plan_file")
	w.str(m.PlanFile)
	w.key("plan_section")
	w.str(m.PlanSection)
	w.key("plan_sprint_id")
	w.str(m.PlanSprintID)
	w.key("branches_to_merge")
	w.strings(m.BranchesToMerge)
	w.key("dev_agent_path")
	w.str(m.DevAgentPath)
	w.key("dev_model")
	w.str(m.DevModel)
	w.key("dev_prompts")
	w.strings(m.DevPrompts)
	w.key("qa_agents")
	writeList(w, m.QAAgents, func(q *QAAgent) {
		w.open('{')
		w.key("role")
		w.str(q.Role)
		w.key("agent")
		w.str(q.Agent)
		w.key("agent_path")
		w.str(q.AgentPath)
		w.key("model")
		w.str(q.Model)
		w.key("prompt")
		w.str(q.Prompt)
		w.key("output_schema")
		w.raw(q.OutputSchema)
		w.close('}')
	})
	w.key("max_retry_attempts")
	w.int(m.MaxRetryAttempts)
	w.key("attempt_count")
	w.int(m.AttemptCount)
	w.key("scrum_master_session_id")
	w.strPtr(m.ScrumMasterSessionID)
	w.key("dev_agent_session_id")
	w.strPtr(m.DevAgentSessionID)
	w.key("dev_agent_executions")
	w.rawList(m.DevAgentExecutions)
	w.key("qa_agent_executions")
	w.rawList(m.QAAgentExecutions)
	w.key("pr_url")
	w.strPtr(m.PRURL)
	w.key("pr_number")
	w.intPtr(m.PRNumber)
	w.key("scrum_result")
	w.raw(m.ScrumResult)
	w.key("team_name")
	w.str(m.TeamName)
	w.key("scrum_master_agent")
	w.agentSpec(&m.ScrumMasterAgent)
	w.key("dev_agents")
	writeList(w, m.DevAgents, w.agentSpec)
	w.key("acceptance_criteria")
	w.strings(m.AcceptanceCriteria)
	w.close('}')
}

// issueHead writes the members a Bead and a Record start with alike.
func (w *jsonWriter) issueHead(b *Bead) {
	w.key("id")
	w.str(b.ID)
	w.key("title")
	w.str(b.Title)
	w.key("description")
	w.str(b.Description)
	w.key("status")
	w.str(b.Status)
	w.key("priority")
	w.int(b.Priority)
	w.key("issue_type")
	w.str(b.IssueType)
}

// bead writes b as encoding/json writes a Bead.
func (w *jsonWriter) bead(b *Bead) {
	if len(b.Comments) > 0 {
		w.ok = false
		return
	}
	w.open('{')
	w.issueHead(b)
	w.key("assignee")
	w.str(b.Assignee)
	w.key("owner")
	w.strPtr(b.Owner)
	w.key("dependencies")
	w.strings(b.Dependencies)
	w.key("labels")
	w.strings(b.Labels)
	w.key("comments")
	if b.Comments == nil {
		w.null()
	} else {
		w.buf = append(w.buf, "[]"...)
	}
	w.key("external_ref")
	w.strPtr(b.ExternalRef)
	w.key("created_at")
	w.str(b.CreatedAt)
	w.key("updated_at")
	w.str(b.UpdatedAt)
	w.key("closed_at")
	w.strPtr(b.ClosedAt)
	w.key("acceptance_criteria")
	w.str(b.AcceptanceCriteria)
	w.key("metadata")
	w.metadata(&b.Metadata)
	w.close('}')
}

// record writes b as encoding/json writes ToRecord(b), compact.
func (w *jsonWriter) record(b *Bead) {
	w.open('{')
	w.issueHead(b)
	if b.Assignee != "" {
		w.key("assignee")
		w.str(b.Assignee)
	}
	w.key("labels")
	w.strings(b.Labels)
	w.key("acceptance_criteria")
	w.str(b.AcceptanceCriteria)
	w.key("metadata")
	w.metadata(&b.Metadata)
	w.key("created_at")
	w.str(b.CreatedAt)
	w.key("updated_at")
	w.str(b.UpdatedAt)
	if b.ClosedAt != nil {
		w.key("closed_at")
		w.str(*b.ClosedAt)
	}
	w.key("dependencies")
	w.open('[')
	for _, d := range b.Dependencies {
		w.elem()
		w.open('{')
		w.key("issue_id")
		w.str(b.ID)
		w.key("depends_on_id")
		w.str(d)
		w.key("type")
		w.str("blocks")
		w.close('}')
	}
	w.close(']')
	w.close('}')
}

// plainJSON marks the bytes a JSON string holds as they are: ASCII but
// for control characters, '"' and '\\'.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString appends s as a JSON string the way encoding/json does
// without HTML escaping: control characters escaped, invalid UTF-8 as
// U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainJSON[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// chunk appends beads[lo:hi] to w.buf: as elements of JSON's array
// (indent) or as JSONL lines. A bead the writer cannot take is handed to
// encoding/json, which also gives the error, if any.
func (w *jsonWriter) chunk(beads []Bead, lo, hi int) error {
	var enc *json.Encoder
	var spill bytes.Buffer
	for i := lo; i < hi; i++ {
		b := &beads[i]
		mark := len(w.buf)
		if w.indent {
			w.buf = append(w.buf, ' ', ' ')
		}
		w.depth, w.first, w.ok = 0, true, true
		if w.indent {
			w.bead(b)
		} else {
			w.record(b)
		}
		if !w.ok {
			w.buf = w.buf[:mark]
			if enc == nil {
				enc = json.NewEncoder(&spill)
				enc.SetEscapeHTML(false)
				if w.indent {
					enc.SetIndent("  ", "  ")
				}
			}
			spill.Reset()
			var err error
			if w.indent {
				w.buf = append(w.buf, ' ', ' ')
				err = enc.Encode(b)
			} else {
				err = enc.Encode(ToRecord(*b))
			}
			if err != nil {
				return err
			}
			w.buf = append(w.buf, bytes.TrimSuffix(spill.Bytes(), []byte("\n"))...)
		}
		if w.indent && i < len(beads)-1 {
			w.buf = append(w.buf, ',')
		}
		w.buf = append(w.buf, '\n')
	}
	return nil
}

// encodeChunkSize is how many beads go into one write: about 512 KB of
// indented JSON.
const encodeChunkSize = 256

// beadBytes is the room a chunk's buffer starts with for each of its
// beads: a bead of a generated plan takes about 2 KB indented.
const beadBytes = 5 << 9

// stream writes head, every bead, then tail to out. Chunks of beads are
// encoded on up to GOMAXPROCS goroutines while earlier chunks are being
// written, in order; at most two chunks per goroutine are in memory at
// once, so the output is never held whole.
func stream(out io.Writer, beads []Bead, indent bool, head, tail string) error {
	if _, err := io.WriteString(out, head); err != nil {
		return err
	}
	n := (len(beads) + encodeChunkSize - 1) / encodeChunkSize
	bounds := func(i int) (int, int) { return i * encodeChunkSize, min(len(beads), (i+1)*encodeChunkSize) }
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		w := &jsonWriter{indent: indent, buf: make([]byte, 0, min(len(beads), encodeChunkSize)*beadBytes)}
		for i := range n {
			w.buf = w.buf[:0]
			lo, hi := bounds(i)
			if err := w.chunk(beads, lo, hi); err != nil {
				return err
			}
			if _, err := out.Write(w.buf); err != nil {
				return err
			}
		}
		_, err := io.WriteString(out, tail)
		return err
	}

	type result struct {
		buf []byte
		err error
	}
	done := make([]chan result, n)
	for i := range done {
		done[i] = make(chan result, 1)
	}
	// A worker takes a buffer before it takes a chunk, so the chunks in
	// flight are always the lowest unwritten ones and the writer below
	// never waits on a worker that waits on it.
	free := make(chan []byte, 2*workers)
	for range cap(free) {
		free <- make([]byte, 0, encodeChunkSize*beadBytes)
	}
	stop := make(chan struct{})
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &jsonWriter{indent: indent}
			for {
				select {
				case w.buf = <-free:
				case <-stop:
					return
				}
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				lo, hi := bounds(i)
				err := w.chunk(beads, lo, hi)
				done[i] <- result{w.buf, err}
				w.buf = nil
			}
		}()
	}
	var err error
	for i := 0; i < n && err == nil; i++ {
		r := <-done[i]
		if err = r.err; err == nil {
			_, err = out.Write(r.buf)
		}
		free <- r.buf[:0]
	}
	close(stop)
	wg.Wait()
	if err != nil {
		return err
	}
	_, err = io.WriteString(out, tail)
	return err
}
