package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestRunes: cuts counted by hand ("é" is 2 bytes, "€" 3, one rune each).
func TestRunes(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"éé€x", 3, "éé€…"},
		{"éé€", 3, "éé€"},
		{"abc", 0, "…"},
	} {
		if got := Runes(c.s, c.n); got != c.want {
			t.Errorf("Runes(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// TestBytes: the result never exceeds max bytes and never splits a rune.
func TestBytes(t *testing.T) {
	for _, c := range []struct {
		b    string
		max  int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcdef", 5, "ab…"}, // 2 + 3 bytes
		{"éééé", 6, "é…"},    // 2 + 3; a second é would end at byte 4, the ellipsis needs 3
		{"€€€", 7, "€…"},     // cut at byte 4 falls inside the second €: back to 3
		{"€€€", 3, "…"},      // no room for a rune
		{"\xff\xfe\xfd\xfc", 4, "\xff\xfe\xfd\xfc"},
	} {
		got := Bytes([]byte(c.b), c.max)
		if got != c.want {
			t.Errorf("Bytes(%q, %d) = %q, want %q", c.b, c.max, got, c.want)
		}
		if len(got) > c.max {
			t.Errorf("Bytes(%q, %d) is %d bytes", c.b, c.max, len(got))
		}
		if utf8.ValidString(c.b) && !utf8.ValidString(got) {
			t.Errorf("Bytes(%q, %d) = %q split a rune", c.b, c.max, got)
		}
	}
	if got := Bytes([]byte(strings.Repeat("x", 10)), 10); got != strings.Repeat("x", 10) {
		t.Errorf("exact fit cut: %q", got)
	}
}
