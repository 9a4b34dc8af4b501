package infile

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestJSONLine: the line of a syntax or type fault, counted from 1; no
// line for an error that tells no offset.
func TestJSONLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		in     string
		line   int
		ok     bool
		custom error
	}{
		{"syntax on line 3", "{\n\"a\": 1,\n\"b\": ]\n}", 3, true, nil},
		{"type on line 2", "{\n\"a\": \"x\"\n}", 2, true, nil},
		{"first line", "]", 1, true, nil},
		{"no offset", "{}", 0, false, errors.New("not from encoding/json")},
	} {
		var v struct{ A, B int }
		err := c.custom
		if err == nil {
			err = json.Unmarshal([]byte(c.in), &v)
		}
		line, ok := JSONLine([]byte(c.in), err)
		if line != c.line || ok != c.ok {
			t.Errorf("%s: JSONLine = %d, %v; want %d, %v (error %v)", c.name, line, ok, c.line, c.ok, err)
		}
	}
}
