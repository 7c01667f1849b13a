package parser

// Limits on the shape of a plan. goldmark's work grows with the square of a
// line's length for some inputs (an unclosed link destination repeated,
// "[a](" over and over) and with the square of the nesting depth for lists
// and block quotes, so a file under MaxSize could still take minutes. No
// plan a person writes comes near either limit.
const (
	// MaxLineLen is the longest line a plan may have, in bytes.
	MaxLineLen = 16 << 10
	// MaxNesting is how deeply one line may nest lists and block quotes.
	// Each list marker or '>' at the start of the line counts one level,
	// and every two columns of blanks before and among them one more, but
	// never more than the lines before it reached plus its own markers.
	MaxNesting = 64
)

// checkShape reports lines over MaxLineLen and lines nested deeper than
// MaxNesting, five at most. A plan with either is not parsed further.
func (p *Plan) checkShape() bool {
	const most = 5
	found := 0
	src := p.Src
	open := 0 // the depth the last line with a container marker reached, at most
	for start := 0; start < len(src) && found < most; {
		end := lineEnd(src, start)
		line := src[start:end]
		switch n := len(trimEOL(line)); {
		case n > MaxLineLen:
			p.errorf(p.Position(start), "line is %d bytes long; plan lines are limited to %d KiB", n, MaxLineLen>>10)
			found++
		default:
			markers, d := nesting(line)
			if markers == 0 {
				break
			}
			// A line nests no deeper than the containers open before
			// it and the markers it opens: blanks alone open none (a
			// list item indented 320 columns under "- should:").
			d = min(d, open+markers)
			open = d
			if d > MaxNesting {
				p.errorf(p.Position(start), "lists and block quotes nested %d deep; plans are limited to %d levels", d, MaxNesting)
				found++
			}
		}
		start = end
	}
	return found == 0
}

func trimEOL(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
	}
	return line
}

// nesting counts the container markers at a line's start ('>', "-", "*",
// "+", "1." or "1)" followed by a blank) and estimates the depth the line
// nests to: the markers plus one level per two columns of blanks before
// and among them. It never underestimates the depth goldmark would build
// from the line.
func nesting(line []byte) (markers, depth int) {
	depth, col, blank, i := 0, 0, 0, 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			w := 1
			if line[i] == '\t' {
				w = 4 - col%4
			}
			col += w
			blank += w
			i++
		}
		if i >= len(line) {
			break
		}
		j := i
		switch c := line[i]; {
		case c == '>':
			j++
		case c == '-' || c == '*' || c == '+':
			j++
			if j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\n' && line[j] != '\r' {
				j = i
			}
		case c >= '0' && c <= '9':
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line) && (line[j] == '.' || line[j] == ')') &&
				(j+1 == len(line) || line[j+1] == ' ' || line[j+1] == '\t' || line[j+1] == '\n' || line[j+1] == '\r') {
				j++
			} else {
				j = i
			}
		}
		if j == i {
			break
		}
		depth++
		col += j - i
		i = j
	}
	if depth == 0 {
		return 0, 0
	}
	return depth, depth + blank/2
}
