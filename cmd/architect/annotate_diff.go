package main

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/rogpeppe/go-internal/diff"
)

// unifiedDiff returns the change from old to new in the unified format of
// `diff -u` (3 lines of context), or nil when they are equal.
//
// go-internal's diff finds the hunks: it lines the files up on the lines
// that occur once in each, so for annotate's edits, each next to a sprint
// heading (a line no other line repeats), the hunks are the ones diff -u
// finds; for any two files it is a correct diff. They are written as diff
// -u writes them: without go-internal's leading "diff" line, a range of one
// line as "N" rather than "N,1", and two hunks whose context lines meet
// joined into one.
func unifiedDiff(oldName, newName string, old, new []byte) []byte {
	d := diff.Diff(oldName, old, newName, new)
	if d == nil {
		return nil
	}
	var hunks []hunk
	for at := 0; at < len(d); {
		end := len(d)
		if i := bytes.IndexByte(d[at:], '\n'); i >= 0 {
			end = at + i + 1
		}
		h, ok := parseHunk(d[at:end])
		switch {
		case !ok && len(hunks) > 0:
			last := &hunks[len(hunks)-1]
			last.body = append(last.body, [2]int{at, end})
		case !ok: // the header, before any hunk
		case len(hunks) > 0 && hunks[len(hunks)-1].follows(h):
			last := &hunks[len(hunks)-1]
			last.old[1] += h.old[1]
			last.new[1] += h.new[1]
		default:
			hunks = append(hunks, h)
		}
		at = end
	}
	var out bytes.Buffer
	out.Grow(len(d))
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks {
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(h.old), hunkRange(h.new))
		for _, span := range h.body {
			out.Write(d[span[0]:span[1]])
		}
	}
	return out.Bytes()
}

// hunk is a hunk of a unified diff: the first line and the length of its
// range in each file, and where its lines are in the diff.
type hunk struct {
	old, new [2]int
	body     [][2]int
}

// follows reports whether next starts where h ends, in both files.
func (h *hunk) follows(next hunk) bool {
	return h.old[0]+h.old[1] == next.old[0] && h.new[0]+h.new[1] == next.new[0]
}

// parseHunk reads a hunk header as go-internal writes it:
// "@@ -first,len +first,len @@\n".
func parseHunk(line []byte) (hunk, bool) {
	rest, ok := bytes.CutPrefix(line, []byte("@@ -"))
	if !ok {
		return hunk{}, false
	}
	var h hunk
	for i, r := range []*[2]int{&h.old, &h.new} {
		sep := []byte(" +")
		if i == 1 {
			sep = []byte(" @@\n")
		}
		field, after, ok := bytes.Cut(rest, sep)
		first, n, ok2 := bytes.Cut(field, []byte(","))
		var err1, err2 error
		r[0], err1 = strconv.Atoi(string(first))
		r[1], err2 = strconv.Atoi(string(n))
		if !ok || !ok2 || err1 != nil || err2 != nil {
			panic("go-internal/diff wrote a hunk header that is not -N,N +N,N: " + string(line))
		}
		rest = after
	}
	return h, true
}

// hunkRange writes a hunk's range as diff -u does: "N" for one line.
func hunkRange(r [2]int) string {
	if r[1] == 1 {
		return strconv.Itoa(r[0])
	}
	return strconv.Itoa(r[0]) + "," + strconv.Itoa(r[1])
}
