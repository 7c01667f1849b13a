package parser

import (
	"bytes"
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// goldmark parses one document on one core. A large plan is cut into
// pieces at lines where goldmark's own parse of the whole file is known to
// start a new top-level block, and the pieces are parsed side by side; the
// builder walks their blocks in file order while later pieces are still
// being parsed. Each piece is parsed in place, by a reader over the source
// up to the piece's end that starts at the piece's offset, so every
// position is the same as in a parse of the whole.
//
// A line is such a cut only when it is an ATX heading ("## ...") in column
// 0 outside any fenced code block or HTML comment. Such a heading closes
// every open list and block quote (it can be neither indented content nor
// a paragraph's lazy continuation) and interrupts any paragraph. Constructs
// that could still hold the line are ruled out by refusing to cut the file
// at all: link reference definitions (a piece would not see another's),
// HTML blocks other than comments, and fences or HTML comments indented by
// one to three spaces (they may belong to a list item, which column-0 lines
// close, so their extent cannot be told from the lines alone).

// cutting says when and how finely a source is cut.
type cutting struct {
	minSize   int // the smallest source that is cut at all
	pieceSize int // the size aimed at for each piece
}

// defaultCutting cuts plans from 256 KiB (about 1,800 generated sprints)
// into pieces of about 128 KiB.
var defaultCutting = cutting{minSize: 256 << 10, pieceSize: 128 << 10}

// cutPoints returns the offsets at which src may be cut, aiming at pieces
// of about c.pieceSize bytes, or nil when src must be parsed whole.
func cutPoints(src []byte, c cutting) []int {
	if len(src) < c.minSize || bytes.Contains(src, []byte("]:")) {
		return nil
	}
	size := max(c.pieceSize, 1)
	var cuts []int
	next := size
	var fenceChar byte
	fenceLen := 0
	inComment := false
	for start := 0; start < len(src); {
		end := lineEnd(src, start)
		line := src[start:end]
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		rest := line[indent:]
		switch {
		case inComment:
			if bytes.Contains(line, []byte("-->")) {
				inComment = false
			}
		case fenceLen > 0:
			if n, _ := fence(rest); n > 0 {
				if indent > 0 {
					return nil // may close the fence; see above
				}
				if rest[0] == fenceChar && n >= fenceLen && len(bytes.TrimSpace(rest[n:])) == 0 {
					fenceLen = 0
				}
			}
		case indent > 3:
		case len(rest) > 0 && rest[0] == '<':
			if indent > 0 || !bytes.HasPrefix(rest, []byte("<!--")) ||
				bytes.HasPrefix(rest, []byte("<!-->")) || bytes.HasPrefix(rest, []byte("<!--->")) {
				return nil
			}
			inComment = !bytes.Contains(rest[4:], []byte("-->"))
		default:
			if n, info := fence(rest); n > 0 {
				if indent > 0 {
					return nil
				}
				if rest[0] == '`' && bytes.IndexByte(info, '`') >= 0 {
					break // not a fence: a paragraph line
				}
				fenceChar, fenceLen = rest[0], n
				break
			}
			if indent == 0 && start >= next && isATXHeading(line) {
				cuts = append(cuts, start)
				next = start + size
			}
		}
		start = end
	}
	return cuts
}

// fence returns the length of the run of three or more '`' or '~' that
// starts line, and what follows it; n is 0 when line starts no such run.
func fence(line []byte) (n int, info []byte) {
	if len(line) == 0 || line[0] != '`' && line[0] != '~' {
		return 0, nil
	}
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return 0, nil
	}
	return n, line[n:]
}

// isATXHeading reports whether line, starting in column 0, is an ATX
// heading: one to six '#' then a blank or the end of the line.
func isATXHeading(line []byte) bool {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 {
		return false
	}
	return n == len(line) || line[n] == ' ' || line[n] == '\t' || line[n] == '\r' || line[n] == '\n'
}

// piece is one parsed piece of the source.
type piece struct {
	doc   ast.Node
	panic any // what goldmark panicked with, as text, if it did
}

// parseBlocks parses src with goldmark and calls visit with each top-level
// block in file order. When cuts (from cutPoints) are given, src is parsed
// in pieces on up to GOMAXPROCS goroutines; visit runs on the calling
// goroutine, piece by piece, as soon as each piece is ready. lines indexes
// src, for the line numbers goldmark keeps. A goldmark panic is re-raised
// on the calling goroutine.
func parseBlocks(src []byte, cuts []int, lines lineIndex, visit func(ast.Node)) {
	workers := min(runtime.GOMAXPROCS(0), len(cuts)+1)
	if len(cuts) == 0 || workers < 2 {
		walk(markdown.Parser().Parse(text.NewReader(src)), visit)
		return
	}
	bounds := append(append([]int{0}, cuts...), len(src))
	n := len(bounds) - 1
	ready := make([]chan piece, n)
	for i := range ready {
		ready[i] = make(chan piece, 1)
	}
	var next atomic.Int64
	for range workers {
		go func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				ready[i] <- parsePiece(src, bounds[i], bounds[i+1], lines)
			}
		}()
	}
	for i := range n {
		p := <-ready[i]
		if p.panic != nil {
			// The other workers finish their pieces into buffered
			// channels, so none is left blocked.
			panic(p.panic)
		}
		walk(p.doc, visit)
	}
}

// parsePiece parses src[start:end] as goldmark would parse that part of
// the whole file: the reader sees the source up to end and starts at start.
func parsePiece(src []byte, start, end int, lines lineIndex) (p piece) {
	defer func() {
		if r := recover(); r != nil {
			p.panic = fmt.Sprint(r)
		}
	}()
	r := text.NewReader(src[:end])
	if start > 0 {
		line := lines.pos(start).Line - 1 // 0-based, as goldmark counts
		r.SetPosition(line-1, text.NewSegment(start, start))
		r.AdvanceLine()
	}
	return piece{doc: markdown.Parser().Parse(r)}
}

func walk(doc ast.Node, visit func(ast.Node)) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		visit(n)
	}
}
