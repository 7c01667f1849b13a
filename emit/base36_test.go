package emit

import (
	"crypto/sha256"
	"math/big"
	"strconv"
	"testing"
)

// TestBase36IsBigText holds base36 to math/big's Text(36).
func TestBase36IsBigText(t *testing.T) {
	var cases [][32]byte
	cases = append(cases, [32]byte{}, [32]byte{31: 1}, [32]byte{31: 35}, [32]byte{31: 36}, [32]byte{0: 0xff})
	var all [32]byte
	for i := range all {
		all[i] = 0xff
	}
	cases = append(cases, all)
	for i := range 5000 {
		cases = append(cases, sha256.Sum256([]byte(strconv.Itoa(i))))
	}
	for i := range 32 { // numbers of every length
		var c [32]byte
		copy(c[i:], all[i:])
		cases = append(cases, c)
	}
	for _, c := range cases {
		if got, want := base36(c), new(big.Int).SetBytes(c[:]).Text(36); got != want {
			t.Fatalf("base36(%x) = %s, want %s", c, got, want)
		}
	}
}
