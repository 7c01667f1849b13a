package parser

// ParseInPieces is Parse with the source cut wherever it may be, into
// pieces of about pieceSize bytes, whatever its size.
func ParseInPieces(file string, src []byte, pieceSize int) *Plan {
	return parse(file, src, cutting{minSize: 0, pieceSize: pieceSize})
}

// ParseWhole is Parse without cutting the source.
func ParseWhole(file string, src []byte) *Plan {
	return parse(file, src, cutting{minSize: 1 << 62})
}

// CutPoints exposes cutPoints for tests.
func CutPoints(src []byte, pieceSize int) []int {
	return cutPoints(src, cutting{minSize: 0, pieceSize: pieceSize})
}
