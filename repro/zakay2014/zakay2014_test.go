package zakay2014

import (
	"context"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
)

// TestItems: every numbered figure and table of the paper is listed, and
// an item not fully reproduced says why.
func TestItems(t *testing.T) {
	studytest.Items(t, New(study.Options{}).Paper())
}

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	return studytest.QuickLedger(t, "zakay2014", func() (*ledger.Ledger, error) {
		return New(study.Options{Quick: true}).Ledger(context.Background())
	})
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) {
	studytest.Quotes(t, New(study.Options{}).Paper(), ledgerOf(t).Entries())
}

// TestLedger: entries whose verdict follows from the definitions or from
// the toy log worked by hand, and the entries of the log we do not have.
func TestLedger(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
	}{
		{"obs5/KTH", ledger.Agrees},  // batches are split where a job arrives after every earlier job ended
		{"obs7/KTH", ledger.Agrees},  // batches are built in arrival order
		{"obs11/KTH", ledger.Agrees}, // every edge points to an earlier batch
		{"fig3/conventional/red-waits-for-cyan", ledger.Agrees},
		{"fig3/feedback/red-paced-by-ends", ledger.Agrees},
		{"fig3/feedback/red-finishes-later", ledger.Agrees},
		{"invariant/KTH-SP2/arrivals-equal", ledger.Agrees}, // tested in sim/feedback too
		{"table1/KTH/fluid", ledger.NotComparable},          // blanked in our copy
		{"table1/Intrepid/fluid", ledger.NotComparable},     // not in the archive copy
		{"fig10/Intrepid/feedback-long-queues", ledger.NotComparable},
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict {
			t.Errorf("%s: %+v, want %s", tt.id, e, tt.verdict)
		}
	}
	// Every item of the paper has entries, in its notebook section.
	items := map[string]bool{}
	for _, e := range l.Entries() {
		items[e.Item] = true
	}
	for _, it := range New(study.Options{}).Paper().Items {
		if !items[it.Name] {
			t.Errorf("%s has no ledger entry", it.Name)
		}
	}
}

// TestFig3 works the toy log of Fig. 3 by hand (see ToyTrace): under FCFS
// conventionally red's jobs arrive at 15, 30, 45 and all start with cyan's
// at 60; with feedback they arrive at 15, 75, 90 and start at 60, 75, 90.
func TestFig3(t *testing.T) {
	r, err := New(study.Options{}).Fig3(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) []float64 { return r.Frame.Col(name).Float() }
	reds := r.redJobs()
	pick := func(v []float64) []float64 {
		var out []float64
		for _, k := range reds {
			out = append(out, v[k])
		}
		return out
	}
	for _, tt := range []struct {
		col  string
		want []float64
	}{
		{"conventional_submit", []float64{15, 30, 45}},
		{"conventional_start", []float64{60, 60, 60}},
		{"feedback_submit", []float64{15, 75, 90}},
		{"feedback_start", []float64{60, 75, 90}},
		{"log_start", []float64{15, 30, 45}},
	} {
		if got := pick(col(tt.col)); !slices.Equal(got, tt.want) {
			t.Errorf("red's %s = %v, want %v", tt.col, got, tt.want)
		}
	}
	if r.Top == nil || r.Middle == nil || r.Bottom == nil {
		t.Error("missing plot")
	}
}
