package resample

import (
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/analytics/users"
)

// HourOfWeek names the job arrivals per hour of the week, the last panel
// of Fig. 4, among the marginal names of MarginalKS.
const HourOfWeek = "hour_of_week"

// MarginalNames lists the names of MarginalKS's distances in order: the
// per-user marginals of users.Metrics, then HourOfWeek.
func MarginalNames() []string {
	out := make([]string, 0, len(users.Metrics)+1)
	for _, m := range users.Metrics {
		out = append(out, m.String())
	}
	return append(out, HourOfWeek)
}

// MarginalKS returns the two-sample Kolmogorov–Smirnov distances between
// the Fig. 4 marginals of two logs (2013 §5.1): for each per-user metric
// of users.Metrics, the distance between the two logs' distributions over
// users (fit.KSTwoSample; NaN values, such as unknown session lengths, are
// left out by it), then the distance between their distributions of job
// arrivals over the 168 hours of the week. The order is MarginalNames.
func MarginalKS(a, b users.Marginals) []float64 {
	out := make([]float64, 0, len(users.Metrics)+1)
	for _, m := range users.Metrics {
		out = append(out, fit.KSTwoSample(a.Values[m], b.Values[m]))
	}
	return append(out, hourKS(a.HourOfWeek, b.HourOfWeek))
}

// MarginalCritical returns, in the order of MarginalKS, the distance at
// which the two-sample KS test rejects at 5% that a and b's marginal come
// from one distribution (fit.KSTwoSampleCritical of the numbers of users
// with a value, or of jobs for the arrivals per hour of the week): below
// it, a difference between a log and a resampled one is within sampling
// noise.
func MarginalCritical(a, b users.Marginals) []float64 {
	out := make([]float64, 0, len(users.Metrics)+1)
	for _, m := range users.Metrics {
		out = append(out, fit.KSTwoSampleCritical(finiteCount(a.Values[m]), finiteCount(b.Values[m])))
	}
	return append(out, fit.KSTwoSampleCritical(jobsOf(a.HourOfWeek), jobsOf(b.HourOfWeek)))
}

// finiteCount is the number of values that are not NaN (KS leaves NaN out).
func finiteCount(x []float64) int {
	n := 0
	for _, v := range x {
		if !math.IsNaN(v) {
			n++
		}
	}
	return n
}

// jobsOf is the number of jobs counted over the hours of the week.
func jobsOf(h [168]int) int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// hourKS is the KS distance between two distributions given as counts
// over the same ordered bins; NaN when either is empty.
func hourKS(a, b [168]int) float64 {
	na, nb := 0, 0
	for h := range a {
		na += a[h]
		nb += b[h]
	}
	if na == 0 || nb == 0 {
		return math.NaN()
	}
	var ca, cb, d float64
	for h := range a {
		ca += float64(a[h]) / float64(na)
		cb += float64(b[h]) / float64(nb)
		d = max(d, math.Abs(ca-cb))
	}
	return d
}

// KSFrame compares the marginals of variants with those of orig: one row
// per variant and marginal with columns variant (its Name), metric (as
// MarginalNames), ks, users (the variant's) and users_original; rows in
// the order of variants, then of MarginalNames.
func KSFrame(orig users.Marginals, variants []users.Marginals) dataframe.DataFrame {
	names := MarginalNames()
	var vn, met []string
	var ks []float64
	var nu, no []int
	for i, v := range variants {
		name := v.Name
		if name == "" {
			name = fmt.Sprintf("variant %d", i+1)
		}
		for k, d := range MarginalKS(orig, v) {
			vn = append(vn, name)
			met = append(met, names[k])
			ks = append(ks, d)
			nu = append(nu, v.Users())
			no = append(no, orig.Users())
		}
	}
	return dataframe.New(
		series.New(vn, series.String, "variant"),
		series.New(met, series.String, "metric"),
		series.New(ks, series.Float, "ks"),
		series.New(nu, series.Int, "users"),
		series.New(no, series.Int, "users_original"),
	)
}
