package sweep

import (
	"fmt"
	"strings"
)

// DescribeDifference says how two sweep identities (Spec.ID, possibly
// with more ";key=value" fields, as a Slurm array's key has) differ, in
// the terms of their fields: `seed 1 and 5; reps 2 and 4`. The identities
// hold the experiment's whole configuration, too long to quote in a
// message. Values longer than 40 characters are shortened.
func DescribeDifference(a, b string) string {
	fa, fb := idFields(a), idFields(b)
	var diffs []string
	seen := map[string]bool{}
	for _, f := range append(append([][2]string{}, fa...), fb...) {
		k := f[0]
		if seen[k] {
			continue
		}
		seen[k] = true
		va, oka := lookupField(fa, k)
		vb, okb := lookupField(fb, k)
		switch {
		case oka && okb && va != vb:
			diffs = append(diffs, fmt.Sprintf("%s %s and %s", k, shorten(va), shorten(vb)))
		case oka != okb:
			diffs = append(diffs, fmt.Sprintf("%s only in the %s", k, map[bool]string{true: "first", false: "second"}[oka]))
		}
	}
	if len(diffs) == 0 {
		return "the same fields, written differently"
	}
	return strings.Join(diffs, "; ")
}

// idFields splits an identity into key/value fields: the top-level
// ";key=value" parts, and the "key=value" parameters of the experiment's
// "name(…)" part (its name under the key "experiment"). Braces, brackets
// and parentheses nest: a value may hold commas.
func idFields(id string) [][2]string {
	var out [][2]string
	for k, part := range splitTop(id, ';') {
		name, params, hasParams := strings.Cut(part, "(")
		if hasParams && strings.HasSuffix(params, ")") && !strings.Contains(name, "=") {
			out = append(out, [2]string{"experiment", name})
			for _, p := range splitTop(strings.TrimSuffix(params, ")"), ',') {
				out = append(out, keyValue(p, "parameter"))
			}
			continue
		}
		if k == 0 && !strings.Contains(part, "=") {
			out = append(out, [2]string{"experiment", part})
			continue
		}
		out = append(out, keyValue(part, "field"))
	}
	return out
}

func keyValue(s, what string) [2]string {
	if k, v, ok := strings.Cut(s, "="); ok {
		return [2]string{k, v}
	}
	return [2]string{what + " " + s, s}
}

func lookupField(fs [][2]string, k string) (string, bool) {
	for _, f := range fs {
		if f[0] == k {
			return f[1], true
		}
	}
	return "", false
}

// splitTop splits s at the separators that are not inside (), [] or {}.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

func shorten(v string) string {
	if r := []rune(v); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return v
}
