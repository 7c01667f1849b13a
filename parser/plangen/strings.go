package plangen

// Strings returns every string of up to n bytes drawn from alphabet, the
// empty one first, each prefix before its extensions: the inputs of tests
// that hold a hand-written matcher to the rule it implements.
func Strings(alphabet string, n int) []string {
	var out []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		out = append(out, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			grow(prefix+alphabet[i:i+1], n-1)
		}
	}
	grow("", n)
	return out
}
