package locality

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestDailyBins(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 8))
	// Every day, all jobs in one sixteenth of the range: fullest bin 1.
	conc := synthetic(3200, 32, func(i int) float64 { return float64(i/100%16) + rng.Float64() })
	r, err := DailyBins(conc, DailyBinsOptions{Slicing: Slicing{Align: AlignFirstJob}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Days) != 32 {
		t.Fatalf("%d days, want 32", len(r.Days))
	}
	for _, d := range r.Days {
		if !near(d.MaxFraction, 1, 1e-12) {
			t.Errorf("day %d: max fraction %v, want 1", d.Index, d.MaxFraction)
		}
	}
	// Random sampling, 1600 jobs a day: about 1/16 + a few σ.
	random := synthetic(16000, 10, func(int) float64 { return rng.Float64() })
	r, err = DailyBins(random, DailyBinsOptions{Slicing: Slicing{Align: AlignFirstJob}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Days {
		if d.MaxFraction < 1.0/16 || d.MaxFraction > 0.085 {
			t.Errorf("random day %d: max fraction %v", d.Index, d.MaxFraction)
		}
	}
	cdf := r.CDF()
	if p := cdf.Col("cdf").Float(); p[len(p)-1] != 1 {
		t.Errorf("CDF ends at %v", p[len(p)-1])
	}
	if r.Frame().Nrow() != len(r.Days) {
		t.Error("frame rows differ from days")
	}
	// MinJobs leaves out sparse days.
	if _, err := DailyBins(random, DailyBinsOptions{MinJobs: 5000}); !errors.Is(err, ErrNoUsableSlice) {
		t.Errorf("MinJobs above every day: err = %v", err)
	}
	short := synthetic(100, 0.5, func(i int) float64 { return float64(i) })
	if _, err := DailyBins(short, DailyBinsOptions{}); !errors.Is(err, ErrTooShort) {
		t.Errorf("half a day: err = %v", err)
	}
}

// Fig 5 of the 2013 paper: on real logs the fullest of 16 bins holds well
// above 1/16 of a day's jobs.
func TestDailyBinsLog(t *testing.T) {
	t.Parallel()
	tr := loadLog(t, "SDSC-BLUE")
	for _, a := range Attributes {
		r, err := DailyBins(observe(t, tr, a), DailyBinsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m := median(r.Fractions()); m < 0.1 || m > 0.5 {
			t.Errorf("%v: median fullest-bin fraction %v", a, m)
		}
	}
}
