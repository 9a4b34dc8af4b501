package infile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// JSONLine returns the line of b (from 1) where encoding/json found the
// fault err while decoding b, and false when err tells no offset (it is
// not a *json.SyntaxError or *json.UnmarshalTypeError, or its offset lies
// outside b).
func JSONLine(b []byte, err error) (int, bool) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	if off < 0 || off > int64(len(b)) {
		return 0, false
	}
	return 1 + bytes.Count(b[:off], []byte{'\n'}), true
}

// JSONError prefixes err, a fault encoding/json found while decoding b
// read from path, with the path and, when err tells it, the line:
// "dir/KEY.json:12: …".
func JSONError(path string, b []byte, err error) error {
	if line, ok := JSONLine(b, err); ok {
		return fmt.Errorf("%s:%d: %w", path, line, err)
	}
	return fmt.Errorf("%s: %w", path, err)
}
