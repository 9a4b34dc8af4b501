package zakay2013

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// TestOriginStartWords checks the words shown beside a Fig. 6 difference:
// the start noise counted in the standard error, √(SE² + SD²), and the
// paper's version's first jobs at each time t judged as the entry is (the
// mean difference less the shift, within 2 SE). Reference values by hand.
func TestOriginStartWords(t *testing.T) {
	p := ledger.OverSeeds{Mean: 0.0092, SE: 0.0037, N: 24}
	cases := []struct {
		name string
		o    originStart
		want []string
	}{
		{
			// drops 0.710 and 0.716: mean 0.713, SD 0.0042426 (n − 1);
			// √(0.0037² + 0.0042426²) = 0.0056294, 2 SE 0.01126 ≥ 0.0092.
			name: "start noise brings it within",
			o:    originStart{log: "X", h: 0.713, drops: []float64{0.710, 0.716}},
			want: []string{"SD 0.0042", "= 0.0056", "+0.0092 is within 2 SE"},
		},
		{
			// drops 0.7130 and 0.7132: SD 0.00014; √(…) = 0.0037026, 2 SE
			// 0.0074 < 0.0092.
			name: "start noise leaves it beyond",
			o:    originStart{log: "X", h: 0.713, drops: []float64{0.7130, 0.7132}},
			want: []string{"SD 0.0001", "= 0.0037", "+0.0092 is beyond 2 SE"},
		},
		{
			// shifts +0.0090 (0.0002 left: within), −0.0015 (0.0107:
			// beyond), +0.0020 (0.0072 ≤ 0.0074: within): 2 of 3.
			name: "first jobs at three times",
			o:    originStart{log: "X", h: 0.713, lacks: 5, latest: 2 * originStep, shifts: []float64{0.0090, 0.0020, -0.0015}},
			want: []string{"5 jobs more than ours", "+0.0090 at t = 0 (the mean difference +0.0002, within 2 SE)",
				"-0.0015 at the latest (+0.0107, beyond 2 SE)", "within for 2 of 3 times (every 4 hours, and the latest)", "not a reason"},
		},
		{
			name: "nothing to say",
			o:    originStart{log: "X", h: 0.713},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := strings.Join(c.o.words(p), " | ")
			if len(c.want) == 0 && got != "" {
				t.Fatalf("got %q, want nothing", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in %q", w, got)
				}
			}
		})
	}
}

// TestOriginStartHPC2N measures originStart on HPC2N, whose paper version
// has 5 first jobs ours lacks (Table I: 202,876 against our 202,871; the
// header's filter "job<=10 (5 jobs removed)"), and on LANL-CM5, whose
// paper version has as many jobs as ours. Reference values: the latest
// start Table I's "07/02" allows is 1 August 2002 00:00 CEST, 3 d 14 h 55
// min 55 s = 312,955 s after the header's 28 July 2002 09:04:05 CEST, so 23
// times: every 4 hours (0 … 84 h) and 312,955 s; H of our HPC2N original
// 0.71732, with 5 jobs at time 0 0.72632 and at 312,955 s 0.71581 (a
// scratch program computing the arrival counts and pox plot of the submit
// times directly).
func TestOriginStartHPC2N(t *testing.T) {
	needData(t)
	s := New(study.Options{Quick: true})
	o, err := s.originStartOf(context.Background(), "HPC2N")
	if err != nil {
		t.Fatal(err)
	}
	if o.lacks != 5 || o.latest != 312955 || len(o.shifts) != 23 {
		t.Fatalf("lacks %d, latest %v s, %d times; want 5, 312955 s, 23", o.lacks, o.latest, len(o.shifts))
	}
	if math.Abs(o.h-0.71732) > 5e-6 || math.Abs(o.shifts[0]-(0.72632-0.71732)) > 1e-5 || math.Abs(o.shifts[22]-(0.71581-0.71732)) > 1e-5 {
		t.Errorf("H %.5f, shift at 0 %+.5f, at the latest %+.5f; want 0.71732, +0.00900, -0.00151", o.h, o.shifts[0], o.shifts[22])
	}
	if len(o.drops) != originDrops || o.drops[0] != o.h {
		t.Errorf("%d drops, the first %.5f; want %d, the first the original's H %.5f", len(o.drops), o.drops[0], originDrops, o.h)
	}
	l, err := s.originStartOf(context.Background(), "LANL-CM5")
	if err != nil {
		t.Fatal(err)
	}
	if l.lacks != 0 || len(l.shifts) != 0 {
		t.Errorf("LANL-CM5: lacks %d, %d times; want none (the paper's version has as many jobs as ours)", l.lacks, len(l.shifts))
	}
}
