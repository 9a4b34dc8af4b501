package beyond

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
)

// quick is the quick-mode study whose ledger (and figures) the tests share.
var quick = New(study.Options{Quick: true})

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	return studytest.QuickLedger(t, Key, func() (*ledger.Ledger, error) {
		return quick.Ledger(context.Background())
	})
}

// TestMeanCI: Student's t interval, checked against scipy:
// scipy.stats.t.interval(0.95, 3, loc=2.5, scale=stats.sem([1,2,3,4]))
// = (0.4457, 4.5543).
func TestMeanCI(t *testing.T) {
	ci := meanCI([]float64{1, 2, 3, 4})
	if ci.Mean != 2.5 || math.Abs(ci.Lo-0.4457) > 1e-4 || math.Abs(ci.Hi-4.5543) > 1e-4 || ci.N != 4 {
		t.Errorf("meanCI = %+v", ci)
	}
	if one := meanCI([]float64{7}); one.Lo != 7 || one.Hi != 7 {
		t.Errorf("one value: %+v", one)
	}
}

// TestLedger: every entry is ours or a check of a property the
// manipulations are built to have, every item has entries, and the answers
// the library's tests guarantee hold on the real log.
func TestLedger(t *testing.T) {
	l := ledgerOf(t)
	items := map[string]bool{}
	checks := map[string]bool{"locality/SDSC-SP2/marginals-kept": true,
		"shake/SDSC-SP2/session/keeps-dependencies": true, "shake/SDSC-SP2/user/keeps-dependencies": true}
	for _, e := range l.Entries() {
		want := ledger.Ours
		if checks[e.ID] {
			want = ledger.SelfCheck
		}
		if e.Kind != want && e.Verdict != ledger.NotComparable {
			t.Errorf("%s is of kind %s, want %s", e.ID, e.Kind, want)
		}
		items[e.Item] = true
	}
	for _, it := range New(study.Options{}).Paper().Items {
		if !items[it.Name] {
			t.Errorf("%s has no ledger entry", it.Name)
		}
	}
	for _, id := range []string{"locality/SDSC-SP2/marginals-kept", "locality/SDSC-SP2/scramble-raises-depth",
		"shake/SDSC-SP2/session/keeps-dependencies", "shake/SDSC-SP2/user/keeps-dependencies", "shake/SDSC-SP2/job/reorders",
		"stationarity/SDSC-SP2/log-not-stationary", "mixing/mix/easy-beats-fcfs"} {
		if e, ok := l.Lookup(id); !ok || e.Verdict != ledger.Agrees {
			t.Errorf("%s: %+v", id, e)
		}
	}
}

// TestBaseline: every entry that agrees in the quick-mode baseline
// (repro/testdata/quick) still agrees.
func TestBaseline(t *testing.T) {
	studytest.Baseline(t, "../testdata/quick/"+Key+".json", ledgerOf(t).Entries())
}

// TestQuotes: every quote of the ledger is in the 2013 paper's text.
func TestQuotes(t *testing.T) {
	studytest.Quotes(t, New(study.Options{}).Paper(), ledgerOf(t).Entries())
}

// TestRatioCI: the ratios 2, 2, 2 have mean 2 and no spread (closed form);
// 1 and 3 have mean 2 and half-width t(0.975, 1) × 1 = 12.706.
func TestRatioCI(t *testing.T) {
	if ci := ratioCI([]float64{2, 4, 6}, []float64{1, 2, 3}); ci.Mean != 2 || ci.Lo != 2 || ci.Hi != 2 || ci.N != 3 {
		t.Errorf("constant ratios: %+v", ci)
	}
	if ci := ratioCI([]float64{1, 6}, []float64{1, 2}); ci.Mean != 2 || math.Abs(ci.Hi-2-12.7062) > 1e-3 {
		t.Errorf("ratios 1 and 3: %+v", ci)
	}
}

// TestSelective: the default is its own reference (ratio exactly 1), each
// up-weighted class has users in the log, and every variant has the quick
// mode's replicates.
func TestSelective(t *testing.T) {
	needData(t)
	r, err := New(study.Options{Quick: true}).Selective(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Variants) != 4 || r.Frame.Nrow() != 4 {
		t.Fatalf("%d variants, frame of %d rows; want 4", len(r.Variants), r.Frame.Nrow())
	}
	for i, v := range r.Variants {
		if v.Wait.N != 4 {
			t.Errorf("%s: %d replicates, want 4", v.Variant, v.Wait.N)
		}
		if i == 0 {
			if v.Variant != "default" || v.WaitRatio.Mean != 1 || v.WaitRatio.Hi != 1 || v.BSLDRatio.Lo != 1 {
				t.Errorf("default: %+v", v)
			}
			continue
		}
		if v.ClassUsers == 0 || !(v.Wait.Mean > 0) {
			t.Errorf("%s: %d users in the class, wait %v", v.Variant, v.ClassUsers, v.Wait)
		}
	}
}

// TestMixing: the mix is on the largest machine of the logs, every row has
// the quick mode's replicates and finite ratios, and the average row is
// the mean of the logs' rows (closed form, replicate by replicate).
func TestMixing(t *testing.T) {
	needData(t)
	r, err := New(study.Options{Quick: true}).Mixing(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Logs) != 2 || len(r.rows) != 4 || r.Frame.Nrow() != 4 {
		t.Fatalf("logs %v, %d rows, frame of %d", r.Logs, len(r.rows), r.Frame.Nrow())
	}
	if r.rows[0].procs != max(r.rows[1].procs, r.rows[2].procs) {
		t.Errorf("mix on %d processors, logs on %d and %d", r.rows[0].procs, r.rows[1].procs, r.rows[2].procs)
	}
	for _, x := range r.rows {
		if x.bslI.N != 3 || math.IsNaN(x.bslI.Mean) || math.IsInf(x.waitI.Mean, 0) || !(x.jobs > 0) {
			t.Errorf("%s: %+v", x.name, x)
		}
	}
	for k := range 3 {
		if want := (r.rows[1].bsld[k] + r.rows[2].bsld[k]) / 2; math.Abs(r.rows[3].bsld[k]-want) > 1e-12 {
			t.Errorf("replicate %d: average %v, want %v", k, r.rows[3].bsld[k], want)
		}
	}
}

// needData skips a test that reads the shared logs when TRACELAB_DATA is
// not set (without logs an experiment has no rows to check).
func needData(t *testing.T) {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
}
