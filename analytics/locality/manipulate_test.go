package locality

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"pgregory.net/rapid"
)

// drawObservations draws a small log: non-decreasing submit times, values
// from a few distinct numbers so that they repeat.
func drawObservations(t *rapid.T) Observations {
	n := rapid.IntRange(1, 300).Draw(t, "n")
	gaps := rapid.SliceOfN(rapid.Float64Range(0, 5000), n, n).Draw(t, "gaps")
	vals := rapid.SliceOfN(rapid.IntRange(1, 30), n, n).Draw(t, "vals")
	obs := Observations{Name: "drawn", Attr: datasets.Runtime}
	now := 0.0
	for i := range n {
		now += gaps[i]
		obs.Time = append(obs.Time, now)
		obs.Value = append(obs.Value, float64(vals[i]*60))
	}
	return obs
}

func sortedCopy(v []float64) []float64 { return slices.Sorted(slices.Values(v)) }

// TestManipulationsKeepMarginals: both manipulations keep the submit times
// and the multiset of values exactly, and leave their input unchanged;
// Concentrate keeps the multiset of every window; Scramble moves no value
// at fraction 0.
func TestManipulationsKeepMarginals(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		obs := drawObservations(t)
		orig := obs.clone()
		frac := rapid.Float64Range(0, 1).Draw(t, "fraction")
		window := rapid.Float64Range(1, 50000).Draw(t, "window")
		s, err := ScramblePart(obs, frac, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Concentrate(obs, window)
		if err != nil {
			t.Fatal(err)
		}
		for name, m := range map[string]Observations{"scramble": s, "concentrate": c} {
			if !slices.Equal(m.Time, orig.Time) {
				t.Fatalf("%s changed the submit times", name)
			}
			if !slices.Equal(sortedCopy(m.Value), sortedCopy(orig.Value)) {
				t.Fatalf("%s changed the multiset of values", name)
			}
		}
		if !slices.Equal(obs.Value, orig.Value) || !slices.Equal(obs.Time, orig.Time) {
			t.Fatal("the input was modified")
		}
		for lo := 0; lo < len(obs.Time); {
			w := math.Floor((obs.Time[lo] - obs.Time[0]) / window)
			hi := lo
			for hi < len(obs.Time) && math.Floor((obs.Time[hi]-obs.Time[0])/window) == w {
				hi++
			}
			if !slices.Equal(c.Value[lo:hi], sortedCopy(orig.Value[lo:hi])) {
				t.Fatalf("window %v: %v, want the window's values sorted %v", w, c.Value[lo:hi], sortedCopy(orig.Value[lo:hi]))
			}
			lo = hi
		}
		if z, _ := ScramblePart(obs, 0, 7); !slices.Equal(z.Value, orig.Value) {
			t.Fatal("scramble of fraction 0 moved values")
		}
	})
}

func TestManipulationErrors(t *testing.T) {
	obs := Observations{Time: []float64{0, 1}, Value: []float64{1, 2}}
	for _, f := range []float64{-0.1, 1.1, math.NaN()} {
		if _, err := ScramblePart(obs, f, 1); err == nil {
			t.Errorf("ScramblePart(%v): no error", f)
		}
	}
	for _, w := range []float64{0, -1, math.Inf(1), math.NaN(), 1e-9} {
		if _, err := Concentrate(Observations{Time: []float64{0, 1e6}, Value: []float64{1, 2}}, w); err == nil {
			t.Errorf("Concentrate(%v): no error", w)
		}
	}
	if _, err := Manipulations(context.Background(), obs, ManipulationOptions{Reps: -1}); err == nil {
		t.Error("Manipulations with −1 replicates: no error")
	}
}

// weeklyLog is a year of jobs, 100 a day, whose runtimes in each week come
// from a tenth of their global range (strong locality), with repeats.
func weeklyLog() Observations {
	rng := rand.New(rand.NewPCG(1, 1))
	var submit, runtime []float64
	for i := range 36500 {
		t := float64(i) * 864
		week := int(t / (7 * datasets.Day))
		submit = append(submit, t)
		runtime = append(runtime, float64(week%10*360+rng.IntN(12)*30))
	}
	obs, err := NewObservations("weekly", datasets.Runtime, submit, runtime)
	if err != nil {
		panic(err)
	}
	return obs
}

// TestManipulationsDirection: on a log with strong locality, scrambling
// raises the stack depth and lowers M'_med monotonically in the fraction,
// down to about M'_g when all is scrambled; concentrating in 30-day windows
// lowers the depth below the log's and raises M'_med.
func TestManipulationsDirection(t *testing.T) {
	obs := weeklyLog()
	df, err := Manipulations(context.Background(), obs, ManipulationOptions{
		Fractions: []float64{1, 0.5}, Windows: []float64{30 * datasets.Day}, Reps: 2, Seed: 3,
		Sampling: SamplingOptions{Reps: 50}, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	kind := df.Col("manipulation").Records()
	level, depth, mMed, gMed := df.Col("level").Float(), df.Col("mean_depth").Float(), df.Col("m_med").Float(), df.Col("g_med").Float()
	if want := []string{"none", "scramble", "scramble", "scramble", "scramble", "concentrate"}; !slices.Equal(kind, want) {
		t.Fatalf("rows %v, want %v", kind, want)
	}
	if !slices.Equal(level, []float64{0, 0.5, 0.5, 1, 1, 30 * datasets.Day}) {
		t.Fatalf("levels %v not sorted", level)
	}
	none, half, full, conc := 0, 1, 3, 5
	if !(depth[none] < depth[half] && depth[half] < depth[full]) {
		t.Errorf("stack depth %v: want rising with the scrambled fraction", depth)
	}
	if !(mMed[none] > mMed[half] && mMed[half] > mMed[full]) {
		t.Errorf("M'_med %v: want falling with the scrambled fraction", mMed)
	}
	if math.Abs(mMed[full]-gMed[0]) > 0.02 {
		t.Errorf("fully scrambled M'_med %v, want ≈ M'_g %v", mMed[full], gMed[0])
	}
	if !(depth[conc] < depth[none] && mMed[conc] > mMed[none]) {
		t.Errorf("concentrated: depth %v M'_med %v, log %v %v: want less depth, more M'", depth[conc], mMed[conc], depth[none], mMed[none])
	}
	// The same frame whatever the number of workers.
	df1, err := Manipulations(context.Background(), obs, ManipulationOptions{
		Fractions: []float64{0.5, 1}, Windows: []float64{30 * datasets.Day}, Reps: 2, Seed: 3,
		Sampling: SamplingOptions{Reps: 50}, Workers: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(df1.Col("m_max").Float(), df.Col("m_max").Float()) || !slices.Equal(df1.Col("mean_depth").Float(), depth) {
		t.Error("the frame depends on the number of workers")
	}
}
