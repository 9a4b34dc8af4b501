package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Numbers for people (the report page): counts with thousands separators,
// shares as percentages, measures to three significant digits, durations
// in the unit that reads best. A missing value (NaN) reads "—".

const missing = "—"

// humanCount writes n with thousands separators: 20,178.
func humanCount(n int) string { return groupDigits(n) }

// humanPercent writes a fraction as a percentage, whole from 10% on, to
// two significant digits below: 0.6395 → "64%", 0.0626 → "6.3%",
// 0.0042 → "0.42%".
func humanPercent(f float64) string {
	switch p := 100 * f; {
	case math.IsNaN(p) || math.IsInf(p, 0):
		return missing
	case math.Abs(p) >= 10 || p == 0:
		return strconv.FormatFloat(math.Round(p), 'f', 0, 64) + "%"
	default:
		return strconv.FormatFloat(p, 'g', 2, 64) + "%"
	}
}

// humanNumber writes x to three significant digits, without exponent for
// ordinary magnitudes: 135.24 → "135", 0.06299 → "0.063", 2.5 → "2.5".
func humanNumber(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return missing
	case x == 0:
		return "0"
	case math.Abs(x) >= 1e6 || math.Abs(x) < 1e-3:
		return strconv.FormatFloat(x, 'g', 3, 64)
	case math.Abs(x) >= 1000:
		return groupDigits(int(math.Round(x)))
	}
	digits := 2 - int(math.Floor(math.Log10(math.Abs(x))))
	s := strconv.FormatFloat(x, 'f', max(digits, 0), 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// humanDuration writes seconds in the unit that reads best: "42 s",
// "2 min 15 s", "3 h 20 min", "2.4 days", "19.3 weeks".
func humanDuration(s float64) string {
	const minute, hour, day, week = 60.0, 3600.0, 86400.0, 7 * 86400.0
	switch a := math.Abs(s); {
	case math.IsNaN(s) || math.IsInf(s, 0):
		return missing
	case a < minute:
		return humanNumber(s) + " s"
	case a < 10*minute:
		t := math.Round(a)
		return sign(s) + pair(math.Floor(t/minute), "min", math.Mod(t, minute), "s")
	case a < 2*day:
		t := math.Round(a / minute)
		if t < 60 {
			return sign(s) + fmt.Sprintf("%.0f min", t)
		}
		return sign(s) + pair(math.Floor(t/60), "h", math.Mod(t, 60), "min")
	case a < 3*week:
		return humanNumber(s/day) + " days"
	}
	return humanNumber(s/week) + " weeks"
}

func sign(s float64) string {
	if s < 0 {
		return "−"
	}
	return ""
}

// pair writes "2 min 15 s", or "2 min" when the second part is 0.
func pair(a float64, au string, b float64, bu string) string {
	if b == 0 {
		return fmt.Sprintf("%.0f %s", a, au)
	}
	return fmt.Sprintf("%.0f %s %.0f %s", a, au, b, bu)
}
