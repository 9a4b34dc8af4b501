package findings

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestLackingStep: an error of a shared step keeps its step's label in the
// outcome's reason, and a lacking-data sentinel under it still makes the
// finding not applicable (errors.Is through the label).
func TestLackingStep(t *testing.T) {
	other := errors.New("disk on fire")
	cases := []struct {
		name    string
		err     error
		verdict Verdict
		reason  string
	}{
		{"lacking, labelled", &stepError{"resampling", datasets.ErrNoUsers}, NotApplicable, "resampling: " + datasets.ErrNoUsers.Error()},
		{"lacking, wrapped twice", fmt.Errorf("log X: %w", &stepError{"marginals of a resampled log", datasets.ErrNoUsers}), NotApplicable, "marginals of a resampled log: " + datasets.ErrNoUsers.Error()},
		{"unexpected, labelled", &stepError{"marginals", other}, Error, "marginals: disk on fire"},
		{"unlabelled", other, Error, "marginals: disk on fire"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := lackingStep(c.err)
			if o.verdict != c.verdict || o.reason != c.reason {
				t.Errorf("lackingStep(%v) = %v %q, want %v %q", c.err, o.verdict, o.reason, c.verdict, c.reason)
			}
		})
	}
}
