package main

import (
	"bytes"
	"fmt"

	"github.com/beads-architect/architect/parser"
)

// annotationDiff returns a unified diff (3 lines of context, as diff -u)
// from old to new, where new is old with annotation lines inserted,
// replaced or removed. It walks both files once, lining them up on equal
// lines and treating annotation lines as the edits, so a 10,000-sprint plan
// diffs in linear time and the diff shows exactly the annotation lines. It
// is a correct diff for any two files; it is only minimal for these.
// It returns nil when the files are equal.
func annotationDiff(oldName, newName string, old, new []byte) []byte {
	if bytes.Equal(old, new) {
		return nil
	}
	a, b := splitLines(old), splitLines(new)
	var ops []diffOp
	i, j := 0, 0
	isAnn := func(l []byte) bool { _, ok := parser.IsAnnotationLine(l); return ok }
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && bytes.Equal(a[i], b[j]):
			ops = append(ops, diffOp{' ', i, j})
			i++
			j++
		case j < len(b) && isAnn(b[j]) && (i == len(a) || !isAnn(a[i])):
			ops = append(ops, diffOp{'+', i, j})
			j++
		case i < len(a) && isAnn(a[i]) && (j == len(b) || !isAnn(b[j])):
			ops = append(ops, diffOp{'-', i, j})
			i++
		default:
			if i < len(a) {
				ops = append(ops, diffOp{'-', i, j})
				i++
			}
			if j < len(b) {
				ops = append(ops, diffOp{'+', i, j})
				j++
			}
		}
	}

	var out bytes.Buffer
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	const context = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk runs from context lines before this change to context
		// lines after the last change that is at most 2*context lines
		// from the one before it.
		start := max(k-context, 0)
		end := k
		for m := k; m < len(ops); m++ {
			if ops[m].kind != ' ' {
				end = m
			} else if m-end > 2*context {
				break
			}
		}
		stop := min(end+context+1, len(ops))
		writeHunk(&out, a, b, ops[start:stop])
		k = stop
	}
	return out.Bytes()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	// i and j are the line indexes in old and new: of the line itself for
	// ' ' and of the side it belongs to, and of the next line on the
	// other side.
	i, j int
}

func writeHunk(out *bytes.Buffer, a, b [][]byte, ops []diffOp) {
	na, nb := 0, 0
	for _, op := range ops {
		if op.kind != '+' {
			na++
		}
		if op.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(ops[0].i, na), hunkRange(ops[0].j, nb))
	// Within each run of changes, removed lines come before added ones.
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			writeLine(out, ' ', a[ops[k].i])
			k++
			continue
		}
		m := k
		for m < len(ops) && ops[m].kind != ' ' {
			m++
		}
		for _, op := range ops[k:m] {
			if op.kind == '-' {
				writeLine(out, '-', a[op.i])
			}
		}
		for _, op := range ops[k:m] {
			if op.kind == '+' {
				writeLine(out, '+', b[op.j])
			}
		}
		k = m
	}
}

// hunkRange formats a hunk's line range as diff -u does: "3,7", "3" for
// one line, and "2,0" (the line before) for none.
func hunkRange(first, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", first)
	case 1:
		return fmt.Sprintf("%d", first+1)
	}
	return fmt.Sprintf("%d,%d", first+1, n)
}

func writeLine(out *bytes.Buffer, kind byte, line []byte) {
	out.WriteByte(kind)
	out.Write(line)
	if !bytes.HasSuffix(line, []byte("\n")) {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines splits src after each newline; the last line may lack one.
func splitLines(src []byte) [][]byte {
	var lines [][]byte
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			lines = append(lines, src)
			break
		}
		lines = append(lines, src[:i+1])
		src = src[i+1:]
	}
	return lines
}
