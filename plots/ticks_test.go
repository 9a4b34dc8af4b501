package plots

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// labels lists the labelled ticks as "value:label".
func labels(ts []plot.Tick) string {
	var s []string
	for _, t := range ts {
		if t.Label != "" {
			s = append(s, fmt.Sprintf("%g:%s", t.Value, t.Label))
		}
	}
	return strings.Join(s, " ")
}

func TestTicks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		ticker   plot.Ticker
		min, max float64
		want     string
	}{
		{"fractions without trailing zeros", Ticks{}, 0, 1, "0:0 0.2:0.2 0.4:0.4 0.6:0.6 0.8:0.8 1:1"},
		// Steps of 1, 2 or 5 times a power of ten, never 2.5 (the
		// quickstart's arrivals per hour read 0, 2.5, 5, 7.5, 10, 12.5;
		// 2013 Fig. 9's HPC2N wait 0, 0.25M, 0.5M, 0.75M, 1M, 1.25M).
		{"no quarter step", Ticks{}, 0, 1.5, "0:0 0.5:0.5 1:1 1.5:1.5"},
		{"no 2.5 step", Ticks{}, 0, 12.8, "0:0 5:5 10:10"},
		{"no 2.5 step, finer", Ticks{}, 0, 9.5, "0:0 2:2 4:4 6:6 8:8"},
		{"no 0.25M step", Ticks{}, -20000, 1.3e6, "0:0 500000:0.5M 1e+06:1M"},
		{"a narrow panel's range keeps room", Ticks{}, 0.735, 0.865, "0.75:0.75 0.8:0.8 0.85:0.85"},
		{"thousands as k", Ticks{}, 0, 60000, "0:0 20000:20k 40000:40k 60000:60k"},
		// Below 10,000 an axis is in k when every label is whole
		// thousands (2021 Fig. 5 read 2000–8000 beside 5k, 10k), and
		// plain otherwise: 2021 Fig. 17's throughput read 0.4k … 1.2k,
		// 2013 Fig. 13's jobs per week 0.5k, 1k, 1.5k.
		{"whole thousands as k", Ticks{}, 0, 8000, "0:0 2000:2k 4000:4k 6000:6k 8000:8k"},
		{"half thousands plain", Ticks{}, 0, 1600, "0:0 500:500 1000:1000 1500:1500"},
		{"below 1000 plain", Ticks{}, 0, 950, "0:0 200:200 400:400 600:600 800:800"},
		{"hundreds plain", Ticks{}, 350, 1250, "400:400 600:600 800:800 1000:1000 1200:1200"},
		{"half thousands plain, 2021 Fig. 15 (ours)", Ticks{}, 3400, 5900, "3500:3500 4000:4000 4500:4500 5000:5000 5500:5500"},
		// Labels of six characters take one step fewer: 2013 Fig. 16's
		// non-rare jobs read 116.5k to 119k in 0.5k steps in a narrow
		// panel, Fig. 8's SDSC-BLUE throughput 242.5k to 245k.
		{"wide labels, one step fewer", Ticks{}, 116300, 119400, "117000:117k 118000:118k 119000:119k"},
		{"wide labels, 2013 Fig. 8", Ticks{}, 242200, 245200, "243000:243k 244000:244k 245000:245k"},
		// 2021 Fig. 19's throughput in quick mode read 1.04k, 1.05k, ….
		{"tens plain", Ticks{}, 1035, 1085, "1040:1040 1050:1050 1060:1060 1070:1070 1080:1080"},
		{"tens of thousands in k", Ticks{}, 10350, 10850, "10400:10.4k 10500:10.5k 10600:10.6k 10700:10.7k 10800:10.8k"},
		{"a narrow range of large values", Ticks{}, 26000, 28500, "26000:26k 26500:26.5k 27000:27k 27500:27.5k 28000:28k 28500:28.5k"},
		{"millions as M", Ticks{}, 0, 3e6, "0:0 1e+06:1M 2e+06:2M 3e+06:3M"},
		{"negative values", Ticks{}, -1, 1, "-1:−1 -0.5:−0.5 0:0 0.5:0.5 1:1"},
		{"counts: integers only", IntegerTicks{}, 0, 3, "0:0 1:1 2:2 3:3"},
		{"counts: a step of 20", IntegerTicks{}, 0, 100, "0:0 20:20 40:40 60:60 80:80 100:100"},
		{"counts: weeks, no step of 25", IntegerTicks{}, 0, 145, "0:0 50:50 100:100"},
		{"hours of a day: every 3", HourTicks{}, 0, 24, "0:0 3:3 6:6 9:9 12:12 15:15 18:18 21:21 24:24"},
		{"hours of a week: every day", HourTicks{}, 0, 168, "0:0 24:24 48:48 72:72 96:96 120:120 144:144 168:168"},
		{"a week: the days' names at noon", WeekTicks{}, 0, 168, "12:Mon 36:Tue 60:Wed 84:Thu 108:Fri 132:Sat 156:Sun"},
		{"part of a week", WeekTicks{}, 30, 70, "36:Tue 60:Wed"},
		{"log: every decade labelled", LogTicks{}, 1, 1e5, "1:1 10:10 100:100 1000:1k 10000:10k 100000:100k"},
		{"log: one decade, 2× and 5× too", LogTicks{}, 3, 80, "5:5 10:10 20:20 50:50"},
		{"log: less than a decade, 1, 2 and 5", LogTicks{}, 190, 1500, "200:200 500:500 1000:1k"},
		// Ranges of less than a decade take a finer ladder of round values,
		// never even steps (2021 Fig. 11's axes, 2013 Fig. 12's OSC-cluster
		// response time).
		{"log: a narrow range, 1-1.5-2-3-4-5-6-8", LogTicks{}, 300, 700, "300:300 400:400 500:500 600:600"},
		{"log: under a decade, 1-2-3-5", LogTicks{}, 270, 1250, "300:300 500:500 1000:1k"},
		{"log: under a decade, one suffix for all", LogTicks{}, 27000, 90000, "30000:30k 40000:40k 50000:50k 60000:60k 80000:80k"},
		{"log: under a decade, 1.5 too", LogTicks{}, 5.3, 16, "6:6 8:8 10:10 15:15"},
		{"log: narrower than the ladders, even steps", LogTicks{}, 1000, 1100, "1000:1000 1020:1020 1040:1040 1060:1060 1080:1080 1100:1100"},
		{"log: small values", LogTicks{}, 0.001, 1, "0.001:0.001 0.01:0.01 0.1:0.1 1:1"},
		// Beyond §6.5.4's ratios (0.3–0.9 below the first label, 1) and
		// 2013 Fig. 4's sessions per user (to 700, above 100); a partial
		// decade of less than a factor 2 or 5 stays bare, and so do those
		// of an axis of more than four decades (2013 Fig. 11's CPU work
		// per user, 0.0002 to 50k, had 0.0002 on top of 0.001).
		{"log: 2× in a partial first decade", LogTicks{}, 0.15, 200, "0.2:0.2 1:1 10:10 100:100"},
		{"log: 5× in a partial last decade", LogTicks{}, 1, 700, "1:1 10:10 100:100 500:500"},
		{"log: short partial decades bare", LogTicks{}, 0.7, 150, "1:1 10:10 100:100"},
		// Partial end decades too short for their usual value but more
		// than 0.15 of the axis (0.52 and 0.6 of 3.1 decades; 2007 Fig.
		// 2's processors, 1 to about 330) are labelled at the other one.
		{"log: long partial decades at the other round value", LogTicks{}, 0.3, 400, "0.5:0.5 1:1 10:10 100:100 200:200"},
		// The same at an end of any axis bare for more than 0.15 of it and
		// 0.2 decades: 2013 Fig. 12's OSC-cluster response time (25.7k to
		// 2.72M, two powers; 0.43 decades, 21%, above 1M) and 1.3 to 14k
		// (4 decades, powers alone; 0.89 decades, 22%, below 10).
		{"log: a bare top past two powers", LogTicks{}, 25687, 2.716e6, "50000:50k 100000:100k 500000:500k 1e+06:1M 2e+06:2M"},
		{"log: a bare bottom of a wide axis", LogTicks{}, 1.3, 1.4e4, "2:2 10:10 100:100 1000:1k 10000:10k"},
		{"log: wide axes' partial decades bare", LogTicks{}, 0.00015, 6e4, "0.001:0.001 0.01:0.01 0.1:0.1 1:1 10:10 100:100 1000:1k 10000:10k"},
		// 2013 Fig. 12's SDSC-BLUE slowdown (100 and 1000 alone) and 2021
		// Fig. 11's CTC-SP2 jobs per week (1500 and 2000 alone).
		// The 2× below the first power is labelled too: the lowest
		// slowdowns (15–50; OSC-cluster's 1.2–5) were on bare ticks.
		{"log: two powers of ten over two decades, 5× too", LogTicks{}, 15, 1600, "20:20 50:50 100:100 500:500 1000:1k"},
		{"log: two powers of ten, 2× of the first decade", LogTicks{}, 1.2, 700, "2:2 5:5 10:10 50:50 100:100 500:500"},
		{"log: two powers of ten, no 2× in range", LogTicks{}, 40, 5000, "50:50 100:100 500:500 1000:1k 5000:5k"},
		{"log: a narrow range, 1-1.2-1.5-2-2.5-3-4-5-6-8", LogTicks{}, 1100, 2400, "1200:1.2k 1500:1.5k 2000:2k"},
	} {
		if got := labels(tt.ticker.Ticks(tt.min, tt.max)); got != tt.want {
			t.Errorf("%s: %T(%g, %g)\ngot  %s\nwant %s", tt.name, tt.ticker, tt.min, tt.max, got, tt.want)
		}
	}
}

// TestTickLabelSmallValues: an axis' small labels are written in the
// decimal form of their neighbours down to 0.00001 (notebook 07's wait
// axis read "5e−05" under "0.0001"), in e-notation below.
func TestTickLabelSmallValues(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		v, big float64
		want   string
	}{
		{0.001, 1, "0.001"},
		{0.0001, 1, "0.0001"},
		{5e-5, 1, "0.00005"},
		{2e-5, 1, "0.00002"},
		{1e-5, 1, "0.00001"},
		{5e-6, 1, "5e−06"},
		{-5e-5, 1, "−0.00005"},
		{1e-7, 1, "1e−07"},
	} {
		if got := TickLabel(tt.v, tt.big); got != tt.want {
			t.Errorf("TickLabel(%g, %g) = %q, want %q", tt.v, tt.big, got, tt.want)
		}
	}
}

// TestPow2Ticks: an axis of log₂ sizes is labelled with the sizes
// (notebook 03's Lublin Table 1 figure read 5, 6, …, 10 for LANL-CM5's 32 to 1024
// processors).
func TestPow2Ticks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		min, max float64
		want     string
	}{
		{5, 10, "5:32 6:64 7:128 8:256 9:512 10:1024"},
		{0.8, 3.3, "1:2 2:4 3:8"},
		{-1, 1, "-1:0.5 0:1 1:2"},
		{2.2, 2.8, ""},
	} {
		if got := labels(Pow2Ticks{}.Ticks(tt.min, tt.max)); got != tt.want {
			t.Errorf("Pow2Ticks(%g, %g)\ngot  %s\nwant %s", tt.min, tt.max, got, tt.want)
		}
	}
}
