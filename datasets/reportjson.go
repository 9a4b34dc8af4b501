package datasets

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
)

// The JSON form of ReadReport: every value encodes, and decodes back.
//
//	UnreadableValue.Why   the error's message ("not a number"); decoded to
//	                      the package's error value of that message
//	                      (ErrNotNumber, ErrNotFinite, ErrNotInteger,
//	                      ErrIntegerRange), else to errors.New(message)
//	ReplacedValue.Value   a JSON number when finite; "NaN", "+Inf" or "-Inf"
//	                      otherwise (JSON has no such numbers)

// unreadableJSON is UnreadableValue with its reason as a message.
type unreadableJSON struct {
	Row   int
	Line  int
	JobID int
	Field string
	Token string
	Why   string
	Text  string
}

// MarshalJSON encodes v with Why as its message ("" for a nil error).
func (v UnreadableValue) MarshalJSON() ([]byte, error) {
	j := unreadableJSON{Row: v.Row, Line: v.Line, JobID: v.JobID, Field: v.Field, Token: v.Token, Text: v.Text}
	if v.Why != nil {
		j.Why = v.Why.Error()
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes MarshalJSON's form; a known message becomes the
// package's error value, so that errors.Is holds after a round trip.
func (v *UnreadableValue) UnmarshalJSON(b []byte) error {
	var j unreadableJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*v = UnreadableValue{Row: j.Row, Line: j.Line, JobID: j.JobID, Field: j.Field, Token: j.Token, Text: j.Text}
	if j.Why != "" {
		v.Why = errors.New(j.Why)
		for _, e := range []error{ErrNotNumber, ErrNotFinite, ErrNotInteger, ErrIntegerRange} {
			if e.Error() == j.Why {
				v.Why = e
				break
			}
		}
	}
	return nil
}

// replacedJSON is ReplacedValue with its value as a JSON number or, when
// not finite, a string.
type replacedJSON struct {
	Row   int
	Line  int
	JobID int
	Field string
	Value json.RawMessage
}

// MarshalJSON encodes v; a value that is not finite is written "NaN",
// "+Inf" or "-Inf" (encoding/json refuses it as a number).
func (v ReplacedValue) MarshalJSON() ([]byte, error) {
	j := replacedJSON{Row: v.Row, Line: v.Line, JobID: v.JobID, Field: v.Field}
	switch {
	case math.IsNaN(v.Value):
		j.Value = json.RawMessage(`"NaN"`)
	case math.IsInf(v.Value, 1):
		j.Value = json.RawMessage(`"+Inf"`)
	case math.IsInf(v.Value, -1):
		j.Value = json.RawMessage(`"-Inf"`)
	default:
		b, err := json.Marshal(v.Value)
		if err != nil {
			return nil, err
		}
		j.Value = b
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes MarshalJSON's form.
func (v *ReplacedValue) UnmarshalJSON(b []byte) error {
	var j replacedJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*v = ReplacedValue{Row: j.Row, Line: j.Line, JobID: j.JobID, Field: j.Field}
	if len(j.Value) == 0 || string(j.Value) == "null" {
		return fmt.Errorf("datasets: replaced value without a Value")
	}
	if j.Value[0] == '"' {
		var s string
		if err := json.Unmarshal(j.Value, &s); err != nil {
			return err
		}
		switch s {
		case "NaN", "+Inf", "-Inf":
			v.Value, _ = strconv.ParseFloat(s, 64)
			return nil
		}
		return fmt.Errorf("datasets: replaced value %q, want a number, \"NaN\", \"+Inf\" or \"-Inf\"", s)
	}
	return json.Unmarshal(j.Value, &v.Value)
}
