package parser

import "sort"

// lineIndex maps byte offsets to line and column.
type lineIndex []int // offsets of line starts

func newLineIndex(src []byte) lineIndex {
	idx := make(lineIndex, 1, len(src)/32+1)
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (li lineIndex) pos(offset int) Pos {
	if len(li) == 0 {
		return Pos{Line: 1, Col: offset + 1, Offset: offset}
	}
	i := sort.Search(len(li), func(i int) bool { return li[i] > offset }) - 1
	if i < 0 {
		i = 0
	}
	return Pos{Line: i + 1, Col: offset - li[i] + 1, Offset: offset}
}

// lineStart returns the offset of the start of the line holding offset.
func lineStart(src []byte, offset int) int {
	for offset > 0 && src[offset-1] != '\n' {
		offset--
	}
	return offset
}

// lineEnd returns the offset just past the line ending of the line holding
// offset, or len(src) for a last line without one.
func lineEnd(src []byte, offset int) int {
	for offset < len(src) {
		if src[offset] == '\n' {
			return offset + 1
		}
		offset++
	}
	return len(src)
}
