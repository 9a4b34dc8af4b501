package zakay2013

import (
	"context"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestCommonWeekTwin checks the entry of ours that sets a table's claims
// made from common-week resampled logs beside the paper's (§4's start):
// the count of entries within under each, the verdicts that move, the
// values shown, and no entry when nothing is judged. Values by hand: two
// claims within 0.1 ± 0.01, a blanked cell, a check and an entry of ours
// (neither counted: the check moves from differs to differs).
func TestCommonWeekTwin(t *testing.T) {
	entries := func(a, b, blank float64) []ledger.Entry {
		l := ledger.New("zakay2013")
		l.Check("Table X", "tx/A/resampled_vs_original", "a", ledger.Like("similar", 0.1, 0.005), a)
		l.Check("Table X", "tx/B/resampled_vs_original", "b", ledger.Like("similar", 0.1, 0.005), b)
		l.Blanked("Table X", "tx/A/resampled_mean", "a, mean", blank)
		l.Check("Table X", "tx/A/check", "a check", ledger.Like("similar", 0.1, 0.005), blank).AsCheck("not counted")
		l.OwnClaim("Table X", "tx/ours", "ours", true, "")
		return l.Entries()
	}
	for _, c := range []struct {
		name         string
		paper, cw    []ledger.Entry
		entry        bool
		want         ledger.Verdict
		text, absent []string
	}{
		{"common week gains one", entries(0.2, 0.1, 1), entries(0.1, 0.1, 2), true, ledger.Agrees,
			[]string{"seed 7: 2 of 2 within, against 1 under §4's start", "tx/A/resampled_vs_original differs → agrees", "A/resampled_mean 2 (§4's start 1)"},
			[]string{"tx/B/resampled_vs_original differs", "tx/ours", "tx/A/check"}},
		{"same count", entries(0.2, 0.1, 1), entries(0.1, 0.2, 1), true, ledger.Differs,
			[]string{"1 of 2 within, against 1", "tx/A/resampled_vs_original differs → agrees", "tx/B/resampled_vs_original agrees → differs"}, nil},
		{"common week loses", entries(0.1, 0.1, 1), entries(0.1, 0.1, 1), true, ledger.Differs,
			[]string{"2 of 2 within, against 2", "no verdict moves"}, nil},
		{"only the check moves", entries(0.1, 0.1, 1), entries(0.1, 0.1, 0.1), true, ledger.Differs,
			[]string{"2 of 2 within, against 2", "no verdict moves"}, []string{"tx/A/check"}},
		{"nothing judged", nil, nil, false, "", nil, nil},
	} {
		l := ledger.New("zakay2013")
		commonWeekTwin(l, "Table X", "tx", 7, c.paper, c.cw, "/resampled_mean")
		e, ok := l.Lookup("tx/common-week/more_claims_within")
		if ok != c.entry {
			t.Fatalf("%s: entry %v, want %v", c.name, ok, c.entry)
		}
		if !ok {
			continue
		}
		if e.Verdict != c.want || e.Kind != ledger.Ours {
			t.Errorf("%s: %s %s, want %s, ours", c.name, e.Verdict, e.Kind, c.want)
		}
		checkOurValue(t, c.name, e, c.text, c.absent)
	}
}

// TestResampledStartAsSection4: the paper's entries of Tables VI–VII and
// Fig. 5 are made from resampled logs whose long-term users start as §4
// says (paperStart), their common-week twins from the library's common
// week: each value equals the measure recomputed here from the variants of
// that start (SDSC-SP2, measured by all three in quick mode), and the two
// starts give different values.
func TestResampledStartAsSection4(t *testing.T) {
	needData(t)
	ctx := context.Background()
	const log = "SDSC-SP2"
	tracesOf := func(start resample.LongTermStart) []*resample.Resampled {
		vs, err := quick.variants(ctx, variantsKey{log: log, start: start})
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	t6, err := quick.TableVI(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t7, err := quick.TableVII(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f5, err := quick.Fig5(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var depth6, common6 float64 // runtime, Table VI
	for i, row := range t6.rows {
		if row.log == log {
			depth6 = row.mean[0]
		}
		if i < len(t6.common) && t6.common[i].log == log {
			common6 = t6.common[i].mean[0]
		}
	}
	var h7, common7 float64
	for _, x := range t7.sets {
		if x.log == log {
			h7 = x.stats().mean
		}
	}
	for _, x := range t7.common {
		if x.log == log {
			common7 = x.stats().mean
		}
	}
	var bins5, common5 float64 // runtime, Fig. 5
	for i, x := range f5.rows {
		if x.log == log && i == 0 {
			bins5, common5 = x.resampled, f5.common[i].resampled
		}
	}
	for _, c := range []struct {
		start              resample.LongTermStart
		depth, h, binShare float64
	}{{paperStart, depth6, h7, bins5}, {resample.StartInCommonWeek, common6, common7, common5}} {
		var d, h, b []float64
		for _, v := range tracesOf(c.start) {
			x, err := stackDepths(v.Trace)
			if err != nil {
				t.Fatal(err)
			}
			hr, err := selfsim.Hurst(v.Trace.SortBySubmit(), selfsim.HurstOptions{})
			if err != nil {
				t.Fatal(err)
			}
			o, err := locality.Observe(v.Trace, stackAttributes[0])
			if err != nil {
				t.Fatal(err)
			}
			db, err := locality.DailyBins(o, locality.DailyBinsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, h, b = append(d, x[0]), append(h, hr.H), append(b, median(db.Fractions()))
		}
		for _, w := range []struct {
			name      string
			got, want float64
		}{{"Table VI runtime depth", c.depth, stat.Mean(d, nil)}, {"Table VII H", c.h, stat.Mean(h, nil)}, {"Fig. 5 runtime share", c.binShare, stat.Mean(b, nil)}} {
			if math.Abs(w.got-w.want) > 1e-12 {
				t.Errorf("start %v, %s: %v, recomputed %v", c.start, w.name, w.got, w.want)
			}
		}
	}
	if depth6 == common6 || h7 == common7 || bins5 == common5 {
		t.Errorf("§4's start and the common week give the same values: depth %v %v, H %v %v, share %v %v", depth6, common6, h7, common7, bins5, common5)
	}
}
