package locality

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

func TestSlicingFirstJob(t *testing.T) {
	t.Parallel()
	// Jobs at days 0.5, 1.5, …, 9.5 after the first at day 0.
	tm := []float64{0}
	for d := 0.5; d < 10; d++ {
		tm = append(tm, d*datasets.Day)
	}
	obs, _ := NewObservations("x", datasets.Runtime, tm, make([]float64, len(tm)))
	tests := []struct {
		name  string
		s     Slicing
		start []float64 // days
		jobs  []int
	}{
		{"3 days", Slicing{Align: AlignFirstJob}, []float64{0, 3, 6, 9}, []int{4, 3, 3, 1}},
		{"shift 1", Slicing{Align: AlignFirstJob, Shift: 1}, []float64{-2, 1, 4, 7}, []int{2, 3, 3, 3}},
		{"shift 4 = shift 1", Slicing{Align: AlignFirstJob, Shift: 4}, []float64{-2, 1, 4, 7}, []int{2, 3, 3, 3}},
		{"drop partial", Slicing{Align: AlignFirstJob, Shift: 1, DropPartial: true}, []float64{1, 4}, []int{3, 3}},
		{"5 days", Slicing{Align: AlignFirstJob, Days: 5}, []float64{0, 5}, []int{6, 5}},
	}
	for _, tt := range tests {
		sl, err := tt.s.cut(obs)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var start []float64
		var jobs []int
		for k := range sl.start {
			start = append(start, sl.start[k]/datasets.Day)
			jobs = append(jobs, sl.jobs(k))
		}
		if !slices.Equal(start, tt.start) || !slices.Equal(jobs, tt.jobs) {
			t.Errorf("%s: starts %v jobs %v, want %v %v", tt.name, start, jobs, tt.start, tt.jobs)
		}
	}
	if _, err := (Slicing{Days: 11}).cut(obs); !errors.Is(err, ErrTooShort) {
		t.Errorf("slices longer than the log: err = %v, want ErrTooShort", err)
	}
	for _, s := range []Slicing{{Days: -1}, {Shift: -1}, {Align: 9}} {
		if _, err := s.cut(obs); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

func TestSlicingCalendar(t *testing.T) {
	t.Parallel()
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	// Log time 0 is 2000-04-25 15:00:03 PDT (SDSC-BLUE's UnixStartTime);
	// jobs every 6 hours for 20 days, across no DST change.
	const epoch = 956700003
	var tm []float64
	for h := 0.0; h < 20*24; h += 6 {
		tm = append(tm, h*3600)
	}
	obs, _ := NewObservations("x", datasets.Runtime, tm, make([]float64, len(tm)))
	obs.Epoch, obs.Location = epoch, la
	sl, err := Slicing{}.cut(obs)
	if err != nil {
		t.Fatal(err)
	}
	// Local day numbers since 1970-01-01 divisible by 3 start a slice:
	// 2000-04-26 is day 11073 = 3·3691.
	for k, s := range sl.start {
		w := time.Unix(epoch+int64(s), 0).In(la)
		if w.Hour() != 0 || w.Minute() != 0 || w.Second() != 0 {
			t.Errorf("slice %d starts at %v, not local midnight", k, w)
		}
		days := time.Date(w.Year(), w.Month(), w.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400
		if days%3 != 0 {
			t.Errorf("slice %d starts on local day %d, not a multiple of 3", k, days)
		}
	}
	if first := time.Unix(epoch+int64(sl.start[1]), 0).In(la); first.Day() != 26 || first.Month() != time.April {
		t.Errorf("second slice starts %v, want 2000-04-26", first)
	}
	// Across the 2000-10-29 fall-back, a 3-day slice lasts 73 hours.
	obs.Epoch = time.Date(2000, 10, 20, 12, 0, 0, 0, la).Unix()
	sl, err = Slicing{}.cut(obs)
	if err != nil {
		t.Fatal(err)
	}
	long := false
	for k := range sl.start {
		switch d := sl.end[k] - sl.start[k]; d {
		case 3 * datasets.Day:
		case 3*datasets.Day + 3600:
			long = true
		default:
			t.Errorf("slice %d lasts %v hours", k, d/3600)
		}
	}
	if !long {
		t.Error("no 73-hour slice across the DST change")
	}
}
