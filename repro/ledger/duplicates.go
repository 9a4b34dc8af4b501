package ledger

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Duplicate is a pair of entries of one paper and item that state the same
// claim under two ids.
type Duplicate struct {
	Paper, Item string
	First, Then string // the ids, in ledger order
	Why         string // "same statement" or "same table cell"
}

func (d Duplicate) String() string {
	return fmt.Sprintf("%s %s: %s and %s: %s", d.Paper, d.Item, d.First, d.Then, d.Why)
}

// Duplicates finds pairs of entries of the same paper, item and kind that
// are one claim under two ids:
//
//   - same statement: their statements are equal once parenthesised
//     remarks are dropped and case, white space and punctuation folded
//     (so the same paper value compared under two readings, "… M'_max (log
//     zone)" and "… M'_max (UTC−7)", is one claim twice);
//   - same table cell: both are placed in the same Cell.
//
// Each pair is reported once, at the later entry.
func Duplicates(entries []Entry) []Duplicate {
	type key struct {
		paper, item string
		kind        Kind
		what        string
	}
	first := map[key]string{}
	var out []Duplicate
	note := func(k key, e Entry, why string) {
		if f, ok := first[k]; ok {
			if f != e.ID {
				out = append(out, Duplicate{Paper: e.Paper, Item: e.Item, First: f, Then: e.ID, Why: why})
			}
			return
		}
		first[k] = e.ID
	}
	for _, e := range entries {
		note(key{e.Paper, e.Item, e.Kind, "statement\x00" + normalizeStatement(e.Statement)}, e, "same statement")
		if c := e.Cell; c != nil {
			note(key{e.Paper, e.Item, e.Kind, "cell\x00" + c.Table + "\x00" + c.Row + "\x00" + c.Column}, e, "same table cell")
		}
	}
	return out
}

var parenthesised = regexp.MustCompile(`\([^()]*\)`)

// normalizeStatement drops parenthesised remarks and folds case, white
// space and punctuation.
func normalizeStatement(s string) string {
	for {
		t := parenthesised.ReplaceAllString(s, " ")
		if t == s {
			break
		}
		s = t
	}
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r) && !strings.ContainsRune(".%-'/", r)
	}), " ")
}
