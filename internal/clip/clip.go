package clip

import "unicode/utf8"

// Ellipsis marks text that was cut.
const Ellipsis = "…"

// Runes returns s cut to its first n runes followed by Ellipsis, or s
// itself when it has at most n runes.
func Runes(s string, n int) string {
	for i := range s {
		if n <= 0 {
			return s[:i] + Ellipsis
		}
		n--
	}
	return s
}

// Bytes returns b as a string of at most max bytes: b itself when it fits,
// else its longest prefix that ends at a rune boundary and leaves room for
// Ellipsis, followed by Ellipsis. max must be at least len(Ellipsis).
func Bytes(b []byte, max int) string {
	if max < len(Ellipsis) {
		panic("clip: max shorter than the ellipsis")
	}
	if len(b) <= max {
		return string(b)
	}
	n := max - len(Ellipsis)
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + Ellipsis
}
