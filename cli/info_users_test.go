package cli

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestInfoUsersNotCounted: a summary that could not count its users
// (datasets.Summary.Users −1, more distinct ids than a trace holds) is
// printed as not counted, never as the number −1.
func TestInfoUsersNotCounted(t *testing.T) {
	for _, tc := range []struct {
		users int
		want  string
	}{
		{7, "7"},
		{0, "0"},
		{-1, "not counted: more than 10000000 distinct ids"},
	} {
		var got any
		for _, f := range infoRecord(&datasets.Summary{Users: tc.users}) {
			if f.Key == "users" {
				got = f.Value
			}
		}
		if s, _ := got.(string); tc.users < 0 && !strings.HasPrefix(s, tc.want) {
			t.Errorf("users %d printed as %v, want %q…", tc.users, got, tc.want)
		}
		if n, ok := got.(int); tc.users >= 0 && (!ok || n != tc.users) {
			t.Errorf("users %d printed as %v", tc.users, got)
		}
	}
}
