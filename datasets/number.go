package datasets

import (
	"bytes"
	"errors"
	"math"
	"strconv"
)

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseField parses the field that starts at line[i] and returns its value
// and the index just past it. The fast path reads [-+]digits[.digits] with at
// most 15 digits in one pass: the mantissa is exact and one division by an
// exact power of ten rounds correctly, so the value equals
// strconv.ParseFloat's. Any other token goes through parseNumber.
func parseField(line []byte, i int, integer bool) (float64, int, error) {
	start := i
	neg := false
	if c := line[i]; c == '-' || c == '+' {
		neg = c == '-'
		i++
	}
	var mant uint64
	digits, frac := 0, 0
	for ; i < len(line); i++ {
		d := line[i] - '0'
		if d > 9 {
			break
		}
		mant = mant*10 + uint64(d)
		digits++
	}
	if i < len(line) && line[i] == '.' {
		for i++; i < len(line); i++ {
			d := line[i] - '0'
			if d > 9 {
				break
			}
			mant = mant*10 + uint64(d)
			digits++
			frac++
		}
	}
	if (i == len(line) || line[i] == ' ' || line[i] == '\t') && digits > 0 && digits <= 15 {
		v := float64(mant)
		if frac > 0 {
			v /= pow10[frac]
			if integer && v != math.Trunc(v) {
				return 0, i, ErrNotInteger
			}
		}
		if neg {
			v = -v
		}
		return v, i, nil
	}
	j := i
	for j < len(line) && line[j] != ' ' && line[j] != '\t' {
		j++
	}
	v, err := parseNumber(line[start:j], integer)
	return v, j, err
}

// errMoreFields reports a job line of more than 18 fields.
var errMoreFields = errors.New("more than 18 fields")

// parseFields reads the blank-separated fields of a job line from line[i:]
// (i at the first field, the line without its newline) into vals and
// returns their number. On a field it cannot read it returns the fields
// read before it, the bad token's bounds and parseField's error; after an
// 18th field it returns errMoreFields.
//
// The common field, [-]digits with at most 15 digits, is read in this loop
// (a function call per field costs a tenth of the parse); its value is
// parseField's, which reads every other token.
func parseFields(line []byte, i int, vals *[18]float64) (nf int, bad [2]int, err error) {
	for i < len(line) {
		if nf == 18 {
			return nf, [2]int{i, len(line)}, errMoreFields
		}
		k := i
		neg := line[k] == '-'
		if neg {
			k++
		}
		d := k
		var mant uint64
		for ; k < len(line) && line[k]-'0' <= 9; k++ {
			mant = mant*10 + uint64(line[k]-'0')
		}
		if k > d && k-d <= 15 && (k == len(line) || line[k] == ' ' || line[k] == '\t') {
			v := float64(mant)
			if neg {
				v = -v
			}
			vals[nf] = v
		} else {
			var v float64
			v, k, err = parseField(line, i, integerField[nf])
			if err != nil {
				return nf, [2]int{i, k}, err
			}
			vals[nf] = v
		}
		nf++
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		i = k
	}
	return nf, [2]int{}, nil
}

// parseNumber parses one SWF field: a base-10 decimal number,
// [-+](digits[.digits]|.digits)[(e|E)[-+]digits]. Go's other syntaxes (hex,
// digit separators as in "1_000", "Inf", "NaN") are refused: NaN and Inf as
// not finite, the rest as not a number. In an integer field the value must
// be an integer (else ErrNotInteger) below 2^53 in magnitude, exact in a
// float64 (else ErrIntegerRange).
func parseNumber(tok []byte, integer bool) (float64, error) {
	if !isDecimal(tok) {
		word := bytes.ToLower(bytes.TrimLeft(tok, "+-"))
		switch string(word) {
		case "nan", "inf", "infinity":
			return 0, ErrNotFinite
		}
		return 0, ErrNotNumber
	}
	v, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, ErrNotFinite
		}
		return 0, ErrNotNumber
	}
	if math.IsInf(v, 0) {
		return 0, ErrNotFinite
	}
	if integer && v != math.Trunc(v) {
		return 0, ErrNotInteger
	}
	if integer && math.Abs(v) >= 1<<53 {
		return 0, ErrIntegerRange
	}
	return v, nil
}

// isDecimal reports whether tok is [-+](digits[.digits]|.digits)[(e|E)[-+]digits].
func isDecimal(tok []byte) bool {
	i := 0
	if i < len(tok) && (tok[i] == '-' || tok[i] == '+') {
		i++
	}
	digits := 0
	for ; i < len(tok) && tok[i] >= '0' && tok[i] <= '9'; i++ {
		digits++
	}
	if i < len(tok) && tok[i] == '.' {
		for i++; i < len(tok) && tok[i] >= '0' && tok[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		if i < len(tok) && (tok[i] == '-' || tok[i] == '+') {
			i++
		}
		exp := 0
		for ; i < len(tok) && tok[i] >= '0' && tok[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(tok)
}
