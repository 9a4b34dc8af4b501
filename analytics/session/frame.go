package session

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// JobsFrame returns t's job frame (datasets.Trace.Frame, in trace row
// order) with the columns session and batch (ids of s) and end_used (the
// end time the analysis used; see Options.UnknownEnd). s must come from
// Analyze(t, …); JobsFrame panics otherwise.
func (s Structure) JobsFrame(t *datasets.Trace) dataframe.DataFrame {
	if t.Len() != len(s.JobSession) {
		panic("session: JobsFrame: trace and structure differ in length")
	}
	df := t.Frame()
	return df.Mutate(series.New(s.JobSession, series.Int, "session")).
		Mutate(series.New(s.JobBatch, series.Int, "batch")).
		Mutate(series.New(s.JobEnd, series.Float, "end_used"))
}

// SessionsFrame returns one row per session, by id: session, user, seq
// (position among the user's sessions), start (first arrival),
// last_arrival, end (latest end), length (end − start), jobs, batches.
func (s Structure) SessionsFrame() dataframe.DataFrame {
	ss := s.Sessions
	n := ss.Len()
	id := make([]int, n)
	length := make([]float64, n)
	for i := range n {
		id[i] = i
		length[i] = ss.Length(i)
	}
	return dataframe.New(
		series.New(id, series.Int, "session"),
		series.New(ss.User, series.Int, "user"),
		series.New(ss.Seq, series.Int, "seq"),
		series.New(ss.Start, series.Float, "start"),
		series.New(ss.LastArrival, series.Float, "last_arrival"),
		series.New(ss.End, series.Float, "end"),
		series.New(length, series.Float, "length"),
		series.New(ss.Jobs, series.Int, "jobs"),
		series.New(ss.Batches, series.Int, "batches"),
	)
}

// BatchesFrame returns one row per batch, by id: batch, user, session, seq
// (position among the user's batches: the follows order), first_arrival,
// last_arrival, end, jobs, think_time and inter_arrival (§VII; NaN when
// undefined), and depends_on (the number of batches it depends on).
func (s Structure) BatchesFrame() dataframe.DataFrame {
	bs := s.Batches
	n := bs.Len()
	id := make([]int, n)
	deps := make([]int, n)
	for b := range n {
		id[b] = b
		deps[b] = len(s.Deps.Of(b))
	}
	return dataframe.New(
		series.New(id, series.Int, "batch"),
		series.New(bs.User, series.Int, "user"),
		series.New(bs.Session, series.Int, "session"),
		series.New(bs.Seq, series.Int, "seq"),
		series.New(bs.FirstArrival, series.Float, "first_arrival"),
		series.New(bs.LastArrival, series.Float, "last_arrival"),
		series.New(bs.End, series.Float, "end"),
		series.New(bs.Jobs, series.Int, "jobs"),
		series.New(bs.ThinkTime, series.Float, "think_time"),
		series.New(bs.InterArrival, series.Float, "inter_arrival"),
		series.New(deps, series.Int, "depends_on"),
	)
}

// EdgesFrame returns the follows and depends-on relations as edges from a
// batch to an earlier batch of the same user: columns user, batch, on,
// relation ("follows" or "depends_on") and rule (1 or 2 of Definition 12;
// 0 for follows). Rows are ordered by batch, follows first.
func (s Structure) EdgesFrame() dataframe.DataFrame {
	var user, batch, on, rule []int
	var rel []string
	for b := range s.Batches.Len() {
		if f := s.Follows(b); f >= 0 {
			user = append(user, s.Batches.User[b])
			batch = append(batch, b)
			on = append(on, f)
			rel = append(rel, "follows")
			rule = append(rule, 0)
		}
		lo := s.Deps.Start[b]
		for k, o := range s.Deps.Of(b) {
			user = append(user, s.Batches.User[b])
			batch = append(batch, b)
			on = append(on, o)
			rel = append(rel, "depends_on")
			rule = append(rule, int(s.Deps.Rule[lo+k]))
		}
	}
	return dataframe.New(
		series.New(user, series.Int, "user"),
		series.New(batch, series.Int, "batch"),
		series.New(on, series.Int, "on"),
		series.New(rel, series.String, "relation"),
		series.New(rule, series.Int, "rule"),
	)
}

// Summary condenses a Structure: counts, and the medians and means of the
// main quantities. Medians and means skip undefined (NaN) values: think
// times of batches that depend on nothing, inter-arrival times of users'
// first batches.
type Summary struct {
	Gap                 float64
	Jobs, Users         int
	Sessions, Batches   int
	UnknownEnds         int
	DependencyEdges     int
	Rule2Edges          int
	JobsPerSession      float64 // mean
	BatchesPerSession   float64 // mean
	JobsPerBatch        float64 // mean
	MeanSessionLength   float64 // s
	MedianSessionLength float64 // s
	MedianThinkTime     float64 // s, batches with a think time
	MedianInterArrival  float64 // s, batches with an inter-arrival time
	// ThinkTimes and InterArrivals count the batches with a defined value.
	ThinkTimes, InterArrivals int
}

// Summarize returns the Summary of s.
func (s Structure) Summarize() Summary {
	ns, nb := s.Sessions.Len(), s.Batches.Len()
	sum := Summary{Gap: s.Options.Gap, Jobs: len(s.JobSession), Users: len(s.Users.ID),
		Sessions: ns, Batches: nb, UnknownEnds: s.UnknownEnds, DependencyEdges: s.Deps.Edges()}
	for _, r := range s.Deps.Rule {
		if r == 2 {
			sum.Rule2Edges++
		}
	}
	nan := math.NaN()
	sum.JobsPerSession, sum.BatchesPerSession, sum.JobsPerBatch = nan, nan, nan
	sum.MeanSessionLength, sum.MedianSessionLength = nan, nan
	if ns > 0 {
		sum.JobsPerSession = float64(sum.Jobs) / float64(ns)
		sum.BatchesPerSession = float64(nb) / float64(ns)
		sum.JobsPerBatch = float64(sum.Jobs) / float64(nb)
		lengths := make([]float64, ns)
		total := 0.0
		for i := range ns {
			lengths[i] = s.Sessions.Length(i)
			total += lengths[i]
		}
		sum.MeanSessionLength = total / float64(ns)
		sum.MedianSessionLength = medianOf(lengths)
	}
	tt := defined(s.Batches.ThinkTime)
	ia := defined(s.Batches.InterArrival)
	sum.ThinkTimes, sum.InterArrivals = len(tt), len(ia)
	sum.MedianThinkTime = medianOf(tt)
	sum.MedianInterArrival = medianOf(ia)
	return sum
}

// defined returns the non-NaN values of x in a new slice.
func defined(x []float64) []float64 {
	out := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			out = append(out, v)
		}
	}
	return out
}

// medianOf returns the median of x (NaN for none); it reorders x.
func medianOf(x []float64) float64 {
	n := len(x)
	if n == 0 {
		return math.NaN()
	}
	slices.Sort(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

// String prints the summary on one line.
func (s Summary) String() string {
	return fmt.Sprintf("%d jobs, %d users, %d sessions, %d batches (gap %gs, %d unknown ends, %d dependency edges)",
		s.Jobs, s.Users, s.Sessions, s.Batches, s.Gap, s.UnknownEnds, s.DependencyEdges)
}
