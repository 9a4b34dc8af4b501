package zakay2014

import (
	"cmp"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// queueUsageAbove returns the share of the logged schedule's span (the
// first arrival to the last end, jobs of known wait and runtime) during
// which the jobs of the given queues (SWF field 15) together held more
// than limit processors.
func queueUsageAbove(tr *datasets.Trace, queues []int, limit int) float64 {
	type event struct {
		t  float64
		dp int
	}
	var evs []event
	from, to := math.Inf(1), math.Inf(-1)
	for i := range tr.JobID {
		if !(tr.Wait[i] >= 0) || !(tr.Runtime[i] >= 0) || tr.Procs[i] <= 0 {
			continue
		}
		start := tr.Submit[i] + tr.Wait[i]
		from, to = min(from, tr.Submit[i]), max(to, start+tr.Runtime[i])
		if slices.Contains(queues, tr.Queue[i]) {
			evs = append(evs, event{start, tr.Procs[i]}, event{start + tr.Runtime[i], -tr.Procs[i]})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		if a.t != b.t {
			return cmp.Compare(a.t, b.t)
		}
		return cmp.Compare(a.dp, b.dp)
	})
	used, above := 0, 0.0
	for i, ev := range evs {
		if i > 0 && used > limit {
			above += ev.t - evs[i-1].t
		}
		used += ev.dp
	}
	return above / (to - from)
}

// TestQueueUsageAbove by hand: queue 1's jobs hold 4 processors over
// 0–10 and 4 more over 5–15, queue 2's 8 over 0–20 (the span 0–20):
// queue 1 holds more than 4 over 5–10 (0.25 of the span), more than 8
// never; queues 1 and 2 together more than 12 over 5–10.
func TestQueueUsageAbove(t *testing.T) {
	tr := &datasets.Trace{
		JobID: []int{1, 2, 3}, Submit: []float64{0, 5, 0}, Wait: []float64{0, 0, 0},
		Runtime: []float64{10, 10, 20}, Procs: []int{4, 4, 8}, Queue: []int{1, 1, 2},
	}
	for _, c := range []struct {
		queues []int
		limit  int
		want   float64
	}{{[]int{1}, 4, 0.25}, {[]int{1}, 8, 0}, {[]int{1, 2}, 12, 0.25}, {[]int{2}, 7, 1}} {
		if got := queueUsageAbove(tr, c.queues, c.limit); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("queues %v above %d: %v, want %v", c.queues, c.limit, got, c.want)
		}
	}
}

// TestSDSCDSQueueRules: SDSC-DS's header documents its queues' rules
// (express "p655 / 2hr / 8nodes / weekdays", high and normal "p655 / 18hr
// / 164nodes", the p690 queues 7 nodes); none is a hold the logged
// schedule shows. The express queues (1, 4, 7, 10) started 16.9% of their
// jobs on Saturdays and Sundays (the header's zone, US/Pacific with its
// daylight saving), as many as were submitted then (17.1%): "weekdays" did not hold them. Read as
// limits on the queues' jobs together, the node counts were exceeded:
// express (queue 1) held more than 8 p655 nodes (64 processors) 7.0% of
// the span, high and normal more than 164 nodes (1,312 processors) 10.2%;
// read as limits per job, high and normal ran jobs of 1,360 processors
// (170 nodes). So there is no documented queue rule to simulate that the
// log obeys, and the express queues carry 1.1% of the logged wait anyway.
// Reference values: a Python scan of the raw log (fields 2–5, 15; in a fixed
// UTC−8 zone 0.171 and 0.171), session 26.
func TestSDSCDSQueueRules(t *testing.T) {
	tr := rawLog(t, "SDSC-DS")
	loc, err := tr.Header.Location()
	if err != nil {
		t.Fatal(err)
	}
	weekend := func(s float64) bool {
		d := time.Unix(tr.Header.UnixStartTime+int64(s), 0).In(loc).Weekday()
		return d == time.Saturday || d == time.Sunday
	}
	express := []int{1, 4, 7, 10}
	var n, startsWE, submitsWE, widest int
	var wait, expressWait float64
	for i := range tr.JobID {
		if !(tr.Wait[i] >= 0) || !(tr.Runtime[i] >= 0) {
			continue
		}
		wait += tr.Wait[i]
		if (tr.Queue[i] == 2 || tr.Queue[i] == 3) && tr.Procs[i] > widest {
			widest = tr.Procs[i]
		}
		if !slices.Contains(express, tr.Queue[i]) {
			continue
		}
		n++
		expressWait += tr.Wait[i]
		if weekend(tr.Submit[i] + tr.Wait[i]) {
			startsWE++
		}
		if weekend(tr.Submit[i]) {
			submitsWE++
		}
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"express jobs", float64(n), 11631},
		{"express starts on weekends", float64(startsWE) / float64(n), 0.169},
		{"express submits on weekends", float64(submitsWE) / float64(n), 0.171},
		{"express share of the wait", expressWait / wait, 0.011},
		{"widest high or normal job", float64(widest), 1360},
		{"express above 8 nodes", queueUsageAbove(tr, []int{1}, 64), 0.070},
		{"high and normal above 164 nodes", queueUsageAbove(tr, []int{2, 3}, 1312), 0.102},
	} {
		if math.Abs(c.got-c.want) > 0.0015 {
			t.Errorf("%s: %.4f, want %.3f", c.name, c.got, c.want)
		}
	}
}
