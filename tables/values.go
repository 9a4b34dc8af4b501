package tables

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Missing is how a missing value (NaN, an unknown) reads.
const Missing = "—"

// Count writes n with thousands separators: 28476 → "28,476".
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteString("−")
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Measure writes x to digits significant digits (at least 1), in fixed
// notation: whole values and values of digits integer digits or more as
// integers with thousands separators (31,234), smaller ones without
// trailing zeros (0.4217, 2.5; 5,296.3 to 5 digits, grouped as whole
// values are),
// values below 0.0001 in e-notation (2.2e-14); NaN is Missing, ±Inf "∞"
// with its sign, and "−" the minus sign.
func Measure(x float64, digits int) string {
	digits = max(digits, 1)
	switch a := math.Abs(x); {
	case math.IsNaN(x):
		return Missing
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return "−∞"
	case x == 0:
		return "0"
	case a >= 1e15:
		return minus(strconv.FormatFloat(x, 'g', digits, 64))
	case a < 1e-4:
		return minus(strconv.FormatFloat(x, 'g', min(digits, 3), 64))
	}
	decimals := max(digits-1-int(math.Floor(math.Log10(math.Abs(x)))), 0)
	if decimals == 0 || x == math.Trunc(x) {
		return signOf(x) + Count(int(math.Round(math.Abs(x))))
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if whole, frac, ok := strings.Cut(s, "."); ok && len(whole) > 3 {
		// The integer digits grouped as a whole value's are (5,296.3 in a
		// column of 12,872).
		n, _ := strconv.Atoi(whole)
		s = Count(n) + "." + frac
	}
	if s == "0" {
		return s
	}
	return signOf(x) + s
}

// Number writes x to three significant digits (Measure).
func Number(x float64) string { return Measure(x, 3) }

// Percent writes a fraction as a percentage, whole from 10% on, to two
// significant digits below: 0.6395 → "64%", 0.0626 → "6.3%", 0.0042 →
// "0.42%".
func Percent(f float64) string {
	switch p := 100 * f; {
	case math.IsNaN(p) || math.IsInf(p, 0):
		return Missing
	case math.Abs(p) >= 10 || p == 0:
		return minus(strconv.FormatFloat(math.Round(p), 'f', 0, 64)) + "%"
	default:
		return minus(strconv.FormatFloat(p, 'g', 2, 64)) + "%"
	}
}

// Duration writes seconds in the unit that reads best: "42 s", "2 min
// 15 s", "3 h 20 min", "2.4 days", "19.3 weeks".
func Duration(s float64) string {
	const minute, hour, day, week = 60.0, 3600.0, 86400.0, 7 * 86400.0
	switch a := math.Abs(s); {
	case math.IsNaN(s) || math.IsInf(s, 0):
		return Missing
	case a < minute:
		return Number(s) + " s"
	case a < 10*minute:
		t := math.Round(a)
		return signOf(s) + pair(math.Floor(t/minute), "min", math.Mod(t, minute), "s")
	case a < 2*day:
		t := math.Round(a / minute)
		if t < 60 {
			return signOf(s) + fmt.Sprintf("%.0f min", t)
		}
		return signOf(s) + pair(math.Floor(t/60), "h", math.Mod(t, 60), "min")
	case a < 3*week:
		return Number(s/day) + " days"
	}
	return Number(s/week) + " weeks"
}

// Date writes a Unix time (seconds) as a date and time of day in loc
// (nil: UTC): "1996-07-08 12:07".
func Date(unix float64, loc *time.Location) string {
	if math.IsNaN(unix) || math.IsInf(unix, 0) {
		return Missing
	}
	if loc == nil {
		loc = time.UTC
	}
	sec := math.Floor(unix)
	return time.Unix(int64(sec), int64((unix-sec)*1e9)).In(loc).Format("2006-01-02 15:04")
}

func signOf(x float64) string {
	if x < 0 {
		return "−"
	}
	return ""
}

// minus writes a leading minus sign as "−".
func minus(s string) string {
	if strings.HasPrefix(s, "-") {
		return "−" + s[1:]
	}
	return s
}

// pair writes "2 min 15 s", or "2 min" when the second part is 0.
func pair(a float64, au string, b float64, bu string) string {
	if b == 0 {
		return fmt.Sprintf("%.0f %s", a, au)
	}
	return fmt.Sprintf("%.0f %s %.0f %s", a, au, b, bu)
}

// MonthSpan writes a period of whole months, from the month of first to
// the month of last, as every table of tracelab writes periods: month
// and year joined by an en dash, "Dec 1994–Dec 1995".
func MonthSpan(first, last time.Time) string {
	return first.Format("Jan 2006") + "–" + last.Format("Jan 2006")
}

// MonthPeriod rewrites with MonthSpan a period printed as two months in
// layout (time.Parse's) joined by sep, as the papers print them:
// "12/94-12/95" (layout "01/06", sep "-") or "1/1995–12/1995" (layout
// "1/2006", sep "–"). It returns an error when s is not such a period.
func MonthPeriod(s, layout, sep string) (string, error) {
	a, b, ok := strings.Cut(s, sep)
	if ok {
		first, err1 := time.Parse(layout, a)
		last, err2 := time.Parse(layout, b)
		if err1 == nil && err2 == nil {
			return MonthSpan(first, last), nil
		}
	}
	return "", fmt.Errorf("tables: period %q is not two months %q joined by %q", s, layout, sep)
}
