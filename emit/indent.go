package emit

import "bytes"

// appendIndent appends src, compact JSON as json.Marshal writes it (no
// space outside strings), to dst laid out as json.Indent(dst, src, prefix,
// indent) would: the same bytes, in one pass that copies each string whole
// (json.Indent steps through every byte with its scanner, which took more
// time than the encoding itself). TestAppendIndentIsJSONIndent holds the
// two equal.
func appendIndent(dst, src []byte, prefix, indent string) []byte {
	depth := 0
	open := false // just after { or [: the line break waits for a value
	newline := func(d int) {
		dst = append(dst, '\n')
		dst = append(dst, prefix...)
		for range d {
			dst = append(dst, indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if open && c != '}' && c != ']' {
			open = false
			newline(depth)
		}
		switch c {
		case '"':
			// The closing quote: the first one after i with no backslash
			// before it in the string, found a run at a time.
			j := i + 1
			for j < len(src) {
				q := bytes.IndexByte(src[j:], '"')
				if q < 0 {
					j = len(src)
					break
				}
				e := bytes.IndexByte(src[j:j+q], '\\')
				if e < 0 {
					j += q
					break
				}
				j += e + 2 // past the backslash and the byte it escapes
			}
			j = min(j, len(src)-1)
			dst = append(dst, src[i:j+1]...)
			i = j
		case '{', '[':
			dst = append(dst, c)
			depth++
			open = true
		case '}', ']':
			depth--
			if open {
				open = false // an empty object or array stays on its line
			} else {
				newline(depth)
			}
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline(depth)
		case ':':
			dst = append(dst, c, ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
