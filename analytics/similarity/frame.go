package similarity

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// UsersFrame returns one row per user (increasing id): user, sessions,
// jobs (with a known value), qualified (compared in Tables II–IV), and
// sim_0 … sim_D, the similarity at each distance (NaN when undefined).
func (r Result) UsersFrame() dataframe.DataFrame {
	u := r.Users
	cols := []series.Series{
		series.New(u.ID, series.Int, "user"),
		series.New(u.Sessions, series.Int, "sessions"),
		series.New(u.Jobs, series.Int, "jobs"),
		series.New(u.Qualified, series.Bool, "qualified"),
	}
	for d := 0; d <= r.Options.MaxDistance; d++ {
		v := make([]float64, u.Len())
		for k := range v {
			v[k] = u.At(k, d)
		}
		cols = append(cols, series.New(v, series.Float, fmt.Sprintf("sim_%d", d)))
	}
	return dataframe.New(cols...)
}

// DistancesFrame returns the Fig. 1 summary, one row per distance:
// distance, session_pairs, job_pairs, users, mean, median, identical,
// pooled_mean, user_mean, user_median (see Distances).
func (r Result) DistancesFrame() dataframe.DataFrame {
	d := r.Distances
	return dataframe.New(
		series.New(d.Distance, series.Int, "distance"),
		series.New(d.SessionPairs, series.Int, "session_pairs"),
		series.New(d.JobPairs, series.Int, "job_pairs"),
		series.New(d.Users, series.Int, "users"),
		series.New(d.Mean, series.Float, "mean"),
		series.New(d.Median, series.Float, "median"),
		series.New(d.Identical, series.Float, "identical"),
		series.New(d.PooledMean, series.Float, "pooled_mean"),
		series.New(d.UserMean, series.Float, "user_mean"),
		series.New(d.UserMedian, series.Float, "user_median"),
	)
}

// TableFrame returns Tables II–IV, one row per result: trace, attribute,
// users, then for distance 0 vs 1 shorter_01 ("0 larger"), equal_01,
// longer_01 ("1 larger") and for 1 vs 2 shorter_12, equal_12, longer_12.
func TableFrame(results ...Result) dataframe.DataFrame {
	n := len(results)
	trace, attr := make([]string, n), make([]string, n)
	users := make([]int, n)
	cols := make([][]float64, 6)
	for c := range cols {
		cols[c] = make([]float64, n)
	}
	for i, r := range results {
		trace[i], attr[i], users[i] = r.Trace, r.Attribute.String(), r.Table.Users
		a, b := r.Table.D0vsD1, r.Table.D1vsD2
		for c, v := range []float64{a.Shorter, a.Equal, a.Longer, b.Shorter, b.Equal, b.Longer} {
			cols[c][i] = v
		}
	}
	names := []string{"shorter_01", "equal_01", "longer_01", "shorter_12", "equal_12", "longer_12"}
	ss := []series.Series{
		series.New(trace, series.String, "trace"),
		series.New(attr, series.String, "attribute"),
		series.New(users, series.Int, "users"),
	}
	for c, name := range names {
		ss = append(ss, series.New(cols[c], series.Float, name))
	}
	return dataframe.New(ss...)
}

// Frame returns the replicates, one row each: rep, mean, pooled,
// identical (see Within).
func (b Bootstrap) Frame() dataframe.DataFrame {
	rep := make([]int, len(b.Mean))
	for i := range rep {
		rep[i] = i
	}
	return dataframe.New(
		series.New(rep, series.Int, "rep"),
		series.New(b.Mean, series.Float, "mean"),
		series.New(b.Pooled, series.Float, "pooled"),
		series.New(b.Identical, series.Float, "identical"),
	)
}
