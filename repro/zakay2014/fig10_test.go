package zakay2014

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
)

// TestQueueSeen checks the queue each arriving job finds on a hand-made
// timeline: the queue holds from each sample to the next, a job arriving
// at a sample's time finds the state before it.
func TestQueueSeen(t *testing.T) {
	tl := sim.Timeline{Time: []float64{0, 10, 20, 30}, Queue: []int{1, 3, 0, 2}}
	for _, tt := range []struct {
		name   string
		submit []float64
		want   []int
	}{
		{"before the first sample", []float64{-5}, []int{0}},
		{"at a sample, the state before it", []float64{10, 20, 30}, []int{0, 1, 3}},
		{"between samples", []float64{5, 15, 25, 35}, []int{0, 1, 2, 3}},
		{"never arrived", []float64{math.NaN(), 15}, []int{3}},
	} {
		got := queueSeen(&sim.Result{Submit: tt.submit, Timeline: tl})
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestCleaningNote checks the share of each log's original jobs the
// archive's cleaning removed (header counts as in SDSC-DS-2004-2.1-cln,
// 20 of 96089, and HPC2N-2002-2.2-cln, 324500 of 527371) and whether the
// share separates the logs where conventional FCFS's queue is huge for
// half of the time (convHuge ≥ 0.5) from the others. Shares computed by
// hand: 20/96089 = 0.02%, 324500/527371 = 61.53%, 14/28490 = 0.05%.
func TestCleaningNote(t *testing.T) {
	log := func(name string, huge float64, removed, original int) fig10Log {
		return fig10Log{log: paperLog{Paper: name}, ok: true, m: fig10Measures{convHuge: huge}, removed: removed, original: original}
	}
	for _, c := range []struct {
		name string
		logs []fig10Log
		want string // "" when no note
	}{
		{"a failing log cleaned less than a holding one", []fig10Log{log("DS", 0.25, 20, 96089), log("HPC2N", 0.04, 324500, 527371), log("KTH", 0.6, 14, 28490)},
			"DS 20 of 96089 (0.02%), HPC2N 324500 of 527371 (61.53%), KTH 14 of 28490 (0.05%); the share does not separate the 1 logs where"},
		{"failing logs cleaned more", []fig10Log{log("HPC2N", 0.04, 324500, 527371), log("KTH", 0.6, 14, 28490)}, "the share separates the 1 logs"},
		{"no failing log", []fig10Log{log("KTH", 0.6, 14, 28490)}, ""},
		{"a log without a header count is left out", []fig10Log{log("X", 0.1, 0, 0), log("KTH", 0.6, 14, 28490)}, ""},
	} {
		got := (&Fig10Result{logs: c.logs}).cleaningNote()
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: cleaningNote = %q, want it to contain %q", c.name, got, c.want)
		}
	}
}

// TestFig10ModelOnlyAsLogged: a model-only convention whose fluid model is
// the paper's reproduces the measures as logged (the conventional runs
// reused, the fluid ones run again at the same seed), on KTH-SP2.
func TestFig10ModelOnlyAsLogged(t *testing.T) {
	s := New(study.Options{Quick: true})
	want, err := s.fig10Measure("KTH-SP2", asLogged)
	if missing(err) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	c := convention{key: "same-model", label: "the paper's fluid model", modelOnly: true}
	got, err := s.fig10Measure("KTH-SP2", c)
	if err != nil {
		t.Fatal(err)
	}
	got.c = asLogged
	if !reflect.DeepEqual(got, want) {
		t.Errorf("model-only with the paper's model: %+v, want %+v", got, want)
	}
}
