package bdsync

import (
	"encoding/json"
	"unicode/utf8"
)

// refScan reads a JSON array of beads for readRefsArray in one pass over
// the bytes, validating all of them as encoding/json would and decoding only
// the fields ReadRefs keeps; the rest of each bead is skipped where it lies.
// encoding/json took 230 ms on a 10,000-bead compile output (29 MB), two
// passes (its validity scan, then the decode) of a byte-at-a-time state
// machine.
//
// Whatever refScan is unsure of it gives up on (ok false), and ReadRefs then
// reads the file row by row with encoding/json, which decides and words the
// error: a key written with an escape or a byte outside ASCII, a key that
// differs from a wanted one only in case (encoding/json would match it), a
// wanted key twice, a wanted field of another type, nesting deeper than
// encoding/json allows.
type refScan struct {
	b   []byte
	i   int
	bad bool
}

// maxDepth is how deep a value inside a bead may nest before the scan gives
// up: below encoding/json's limit of 10,000 levels, counting the array and
// the bead, so that whatever the scan reads encoding/json would read too.
const maxDepth = 10000 - 8

func (s *refScan) fail() bool { s.bad = true; return false }

func (s *refScan) ws() {
	i := s.i
	for i < len(s.b) && isSpace[s.b[i]] {
		i++
	}
	s.i = i
}

var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// peek skips white space and returns the next byte, 0 at the end.
func (s *refScan) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// strByte marks the bytes a string's scan stops at: its closing quote, an
// escape's backslash, and the control characters JSON forbids in it.
var strByte = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// str reads a string at s.i (its opening quote) and returns its body as
// written and whether it holds an escape.
func (s *refScan) str() (body []byte, escaped bool, ok bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false, s.fail()
	}
	start := s.i + 1
	for i := start; i < len(s.b); i++ {
		for i < len(s.b) && !strByte[s.b[i]] {
			i++
		}
		if i >= len(s.b) {
			break
		}
		switch c := s.b[i]; {
		case c == '"':
			s.i = i + 1
			return s.b[start:i], escaped, true
		case c == '\\':
			escaped = true
			i++
			if i >= len(s.b) {
				return nil, false, s.fail()
			}
			switch s.b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(s.b) {
					return nil, false, s.fail()
				}
				for _, h := range s.b[i+1 : i+5] {
					if !isHex(h) {
						return nil, false, s.fail()
					}
				}
				i += 4
			default:
				return nil, false, s.fail()
			}
		default:
			return nil, false, s.fail()
		}
	}
	return nil, false, s.fail()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// num reads a number as JSON's grammar writes it.
func (s *refScan) num() bool {
	b, i := s.b, s.i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return s.fail()
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return s.fail()
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return s.fail()
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	s.i = i
	return true
}

func (s *refScan) lit(word string) bool {
	if len(s.b)-s.i < len(word) || string(s.b[s.i:s.i+len(word)]) != word {
		return s.fail()
	}
	s.i += len(word)
	return true
}

// skip reads any value and keeps nothing of it.
func (s *refScan) skip(depth int) bool {
	switch s.peek() {
	case '"':
		_, _, ok := s.str()
		return ok
	case '{':
		if depth >= maxDepth {
			return s.fail()
		}
		return s.object(func(key []byte) bool { return s.skip(depth + 1) })
	case '[':
		if depth >= maxDepth {
			return s.fail()
		}
		s.i++
		if s.peek() == ']' {
			s.i++
			return true
		}
		for {
			if !s.skip(depth + 1) {
				return false
			}
			switch s.peek() {
			case ',':
				s.i++
			case ']':
				s.i++
				return true
			default:
				return s.fail()
			}
		}
	case 't':
		return s.lit("true")
	case 'f':
		return s.lit("false")
	case 'n':
		return s.lit("null")
	default:
		return s.num()
	}
}

// object reads an object at s.i, calling member for each key with s.i at
// the key's value, which member must read.
func (s *refScan) object(member func(key []byte) bool) bool {
	if s.peek() != '{' {
		return s.fail()
	}
	s.i++
	if s.peek() == '}' {
		s.i++
		return true
	}
	for {
		s.ws()
		key, _, ok := s.str()
		if !ok {
			return false
		}
		if s.peek() != ':' {
			return s.fail()
		}
		s.i++
		s.ws()
		if !member(key) {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			return s.fail()
		}
	}
}

// wanted says which of the names key is: its index, -1 for none. A key that
// encoding/json might match to a name but is not that name exactly (another
// case, an escape, a byte outside ASCII that might fold) gives up the scan.
func (s *refScan) wanted(key []byte, names []string) int {
	for _, c := range key {
		if c == '\\' || c >= utf8.RuneSelf {
			s.bad = true
			return -1
		}
	}
	for n, name := range names {
		if string(key) == name {
			return n
		}
	}
	for _, name := range names {
		if len(key) == len(name) && asciiFold(key, name) {
			s.bad = true
			return -1
		}
	}
	return -1
}

func asciiFold(key []byte, name string) bool {
	for i, c := range key {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

// optString reads a string or null: the string decoded, and whether it was
// a string.
func (s *refScan) optString() (string, bool, bool) {
	switch s.peek() {
	case 'n':
		return "", false, s.lit("null")
	case '"':
		start := s.i
		body, escaped, ok := s.str()
		if !ok {
			return "", false, false
		}
		if !escaped && utf8.Valid(body) {
			return string(body), true, true
		}
		var v string
		if json.Unmarshal(s.b[start:s.i], &v) != nil {
			return "", false, s.fail()
		}
		return v, true, true
	default:
		return "", false, s.fail()
	}
}

// optRaw reads a string or null as optString does, and returns the string
// as json.Marshal writes it, nil for null. A string of printable ASCII with
// no escape and nothing Marshal escapes is its own bytes in the file.
func (s *refScan) optRaw() (json.RawMessage, bool) {
	if s.peek() == '"' {
		start := s.i
		body, escaped, ok := s.str()
		if !ok {
			return nil, false
		}
		if !escaped && plainASCII(body) {
			return json.RawMessage(s.b[start:s.i:s.i]), true
		}
		s.i = start
	}
	v, isStr, ok := s.optString()
	if !isStr || !ok {
		return nil, ok
	}
	raw, _ := json.Marshal(v)
	return raw, true
}

// plainASCII reports whether json.Marshal writes b's bytes, as a string,
// unchanged: printable ASCII without the characters it escapes for HTML.
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= utf8.RuneSelf || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

var (
	beadKeys = []string{"_schema", "_type", "id", "metadata"}
	refKeys  = []string{"plan_file", "sprint", "plan_sprint_id"}
)

// bead reads one array element, which must be an object, into what
// readRefsArray keeps: whether it is an issue, its id, and the metadata
// values of refKeys as JSON (nil where absent or null).
func (s *refScan) bead() (issue bool, id string, meta [3]json.RawMessage, ok bool) {
	issue = true
	var seen [4]bool
	ok = s.object(func(key []byte) bool {
		n := s.wanted(key, beadKeys)
		if s.bad {
			return false
		}
		if n >= 0 {
			if seen[n] {
				return s.fail()
			}
			seen[n] = true
		}
		switch n {
		case 0: // _schema: any value, null included, marks a header row
			issue = false
			return s.skip(1)
		case 1:
			v, _, ok := s.optString()
			if v != "" && v != "issue" {
				issue = false
			}
			return ok
		case 2:
			v, _, ok := s.optString()
			id = v
			return ok
		case 3:
			if s.peek() == 'n' {
				return s.lit("null")
			}
			var mseen [3]bool
			return s.object(func(key []byte) bool {
				m := s.wanted(key, refKeys)
				if s.bad {
					return false
				}
				if m < 0 {
					return s.skip(2)
				}
				if mseen[m] {
					return s.fail()
				}
				mseen[m] = true
				var ok bool
				meta[m], ok = s.optRaw()
				return ok
			})
		default:
			return s.skip(1)
		}
	})
	return issue, id, meta, ok
}
