package bdsync

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Field-level writes: how apply changes beads that exist.
//
// A bead that exists is never imported again: bd import replaces a whole
// row, and only when the incoming updated_at is newer, so it races every
// agent that writes the bead while apply runs. Instead each changed bead
// gets one `bd update`, which names only the plan-owned fields that
// change (--title, --body-file, --priority, --type, --acceptance), merges
// the metadata keys that change into the stored metadata (--metadata, a
// merge that bd makes inside its own transaction, against the row as it is
// then), and adds and removes labels (--add-label, --remove-label). What
// the plan does not own (status, assignee, notes, comments, close reason,
// runtime metadata, other labels) is not in the call, so bd leaves it as
// it is at the moment of the write. Beads whose writes are the same (a
// new source branch for every bead, say) share one call. Dependencies go
// through one `bd batch` (one transaction): removals first, then the
// additions, last bead first.

// updateChunk is the most bead ids one shared `bd update` names.
const updateChunk = 100

// ErrGuard is the exit code of `bd update` when every failure is a stale
// --if-status guard: nothing was written.
const exitGuardMismatch = 13

// updateCall is one `bd update`: the ids, the flags, and what bd reads on
// standard input (the description), if anything.
type updateCall struct {
	ids   []string
	flags []string
	stdin []byte
	// guarded is set when the call carries --if-status: it names one bead.
	guarded bool
}

func (u updateCall) argv() []string {
	return append(append([]string{"update"}, u.ids...), u.flags...)
}

// updateCalls turns the writes into `bd update` calls, in the order of
// the writes: writes that are the same but for the id share a call (at
// most updateChunk ids), a guarded write has a call of its own.
func updateCalls(ws []FieldWrite) ([]updateCall, error) {
	var calls []updateCall
	open := map[string]int{} // flags and stdin -> the call that takes more ids
	for _, w := range ws {
		flags, stdin, err := w.flags()
		if err != nil {
			return nil, err
		}
		if w.IfStatus != "" {
			calls = append(calls, updateCall{ids: []string{w.ID}, flags: flags, stdin: stdin, guarded: true})
			continue
		}
		key := strings.Join(flags, "\x00") + "\x01" + string(stdin)
		if i, ok := open[key]; ok && len(calls[i].ids) < updateChunk {
			calls[i].ids = append(calls[i].ids, w.ID)
			continue
		}
		open[key] = len(calls)
		calls = append(calls, updateCall{ids: []string{w.ID}, flags: flags, stdin: stdin})
	}
	return calls, nil
}

// flags renders a write as `bd update` flags, each as --name=value so
// that no value is read as a flag, and the description as standard input
// (--body-file=-), which bd takes byte for byte, however long.
func (w *FieldWrite) flags() (flags []string, stdin []byte, err error) {
	str := func(f string) (string, error) {
		var s string
		if raw := w.Fields[f]; !isNull(raw) {
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", fmt.Errorf("bead %s: %s is not a string: %v", w.ID, f, err)
			}
		}
		return s, nil
	}
	for _, f := range PlanFields {
		if _, ok := w.Fields[f]; !ok {
			continue
		}
		switch f {
		case "priority":
			var n int
			if raw := w.Fields[f]; !isNull(raw) {
				if err := json.Unmarshal(raw, &n); err != nil {
					return nil, nil, fmt.Errorf("bead %s: priority is not a whole number: %v", w.ID, err)
				}
			}
			flags = append(flags, "--priority="+strconv.Itoa(n))
		case "description":
			s, err := str(f)
			if err != nil {
				return nil, nil, err
			}
			if s == "" {
				flags = append(flags, "--description=")
			} else {
				flags = append(flags, "--body-file=-")
				stdin = []byte(s)
			}
		default:
			s, err := str(f)
			if err != nil {
				return nil, nil, err
			}
			name := map[string]string{"title": "title", "issue_type": "type", "acceptance_criteria": "acceptance"}[f]
			flags = append(flags, "--"+name+"="+s)
		}
	}
	if len(w.Metadata) > 0 {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(w.Metadata); err != nil { // keys sorted
			return nil, nil, err
		}
		flags = append(flags, "--metadata="+strings.TrimSpace(b.String()))
	}
	for _, l := range w.AddLabels {
		flags = append(flags, "--add-label="+csvQuote(l))
	}
	for _, l := range w.RemoveLabels {
		flags = append(flags, "--remove-label="+csvQuote(l))
	}
	if w.IfStatus != "" {
		flags = append(flags, "--if-status="+w.IfStatus)
	}
	return flags, stdin, nil
}

// csvQuote quotes a label for bd's --add-label and --remove-label, which
// read their value as comma-separated values.
func csvQuote(s string) string {
	if !strings.ContainsAny(s, ",\"\n\r") && strings.TrimSpace(s) == s {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// guardFailed reports whether bd refused a guarded update because the
// bead's status changed since apply read it (bd exits 13; nothing was
// written).
func guardFailed(err error) bool {
	var ec interface{ ExitCode() int }
	return errors.As(err, &ec) && ec.ExitCode() == exitGuardMismatch
}

// writeFields makes the field-level writes, with at most workers calls
// of bd at once, and returns the beads whose guard failed: they changed
// status since apply read them, and nothing of their write was made.
func (c *Client) writeFields(ws []FieldWrite, workers int, report func(done, total int)) ([]string, error) {
	calls, err := updateCalls(ws)
	if err != nil {
		return nil, err
	}
	workers = max(1, min(workers, len(calls)))
	var (
		mu       sync.Mutex
		stale    []string
		firstErr error
		done     int
	)
	next := make(chan updateCall)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for call := range next {
				_, err := c.r.Run(call.stdin, call.argv()...)
				mu.Lock()
				switch {
				case err == nil:
				case call.guarded && guardFailed(err):
					stale = append(stale, call.ids...)
				case firstErr == nil:
					firstErr = err
				}
				done += len(call.ids)
				if report != nil {
					report(done, len(ws))
				}
				mu.Unlock()
			}
		}()
	}
	for _, call := range calls {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		next <- call
	}
	close(next)
	wg.Wait()
	return stale, firstErr
}

// depLines are the `bd batch` lines of the dependency edits: the removals
// first (so that a reversed edge is never a cycle), then the additions,
// last first, so that bd's cycle check walks from a bead whose own new
// edges are not in yet.
func depLines(p *SyncPlan) []string {
	var lines []string
	for _, d := range p.RemoveDeps {
		lines = append(lines, "dep remove "+d.IssueID+" "+d.DependsOnID)
	}
	for i := len(p.AddDeps) - 1; i >= 0; i-- {
		d := p.AddDeps[i]
		line := "dep add " + d.IssueID + " " + d.DependsOnID
		if d.Type != "" && d.Type != depBlocks {
			line += " " + d.Type
		}
		lines = append(lines, line)
	}
	return lines
}
