package feedback

import (
	"math"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
)

// WeeklyActivity returns, for each calendar week of t (Monday 00:00 in the
// log's zone; weeks without jobs left out), how the load is shared between
// the week's most active user and the others — the data of 2021 Fig. 11
// ("when one user loads the system, others tend to back off"; "when there
// are many jobs, all of them, by all users, are small"): week (0 the
// week of the first job), jobs, users, top_user_jobs, other_jobs, and
// mean_procs, mean_runtime (s) and mean_procs_others (the other users'
// jobs) over the jobs whose value is known (NaN when none is). Rows are
// ordered by week.
func WeeklyActivity(t *datasets.Trace) dataframe.DataFrame {
	c := datasets.NewClock(t)
	first := math.Inf(1)
	for _, s := range t.Submit {
		first = math.Min(first, s)
	}
	type wk struct {
		jobs    int
		perUser map[int]int
		rows    []int
	}
	weeks := map[int]*wk{}
	for i, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		k := c.WeekIndex(first, s)
		w, ok := weeks[k]
		if !ok {
			w = &wk{perUser: map[int]int{}}
			weeks[k] = w
		}
		w.jobs++
		w.perUser[t.User[i]]++
		w.rows = append(w.rows, i)
	}
	keys := make([]int, 0, len(weeks))
	for k := range weeks {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	n := len(keys)
	week, jobs, nusers, top, others := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	mp, mr, mpo := make([]float64, n), make([]float64, n), make([]float64, n)
	for r, k := range keys {
		w := weeks[k]
		topUser, topJobs := -1, -1
		for u, c := range w.perUser {
			if c > topJobs || (c == topJobs && u < topUser) {
				topUser, topJobs = u, c
			}
		}
		var sp, sr, spo float64
		var np, nr, npo int
		for _, i := range w.rows {
			if p := t.Procs[i]; p > 0 {
				sp += float64(p)
				np++
				if t.User[i] != topUser {
					spo += float64(p)
					npo++
				}
			}
			if rt := t.Runtime[i]; rt >= 0 {
				sr += rt
				nr++
			}
		}
		week[r], jobs[r], nusers[r], top[r], others[r] = k, w.jobs, len(w.perUser), topJobs, w.jobs-topJobs
		mp[r], mr[r], mpo[r] = sp/float64(np), sr/float64(nr), spo/float64(npo)
	}
	return dataframe.New(
		series.New(week, series.Int, "week"),
		series.New(jobs, series.Int, "jobs"),
		series.New(nusers, series.Int, "users"),
		series.New(top, series.Int, "top_user_jobs"),
		series.New(others, series.Int, "other_jobs"),
		series.New(mp, series.Float, "mean_procs"),
		series.New(mr, series.Float, "mean_runtime"),
		series.New(mpo, series.Float, "mean_procs_others"),
	)
}

// StateTimes splits each user's activity into the three states of 2021
// Fig. 13: waiting (at least one of the user's jobs is in the system,
// from submission to end), thinking (in a session, Definition 1, with no
// job in the system) and away (between sessions), from the user's first
// submission to the last job's end, for a trace with known waits and
// runtimes (a logged or simulated workload). It returns one row per user
// in increasing user id: user, waiting_hours, thinking_hours, away_hours;
// and the errors of session.Analyze. Jobs of unknown end count as ending
// at submission (session.EndAtSubmit).
func StateTimes(t *datasets.Trace) (dataframe.DataFrame, error) {
	st, err := session.Analyze(t, session.Options{})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	nu := len(st.Users.ID)
	wait, think, away := make([]float64, nu), make([]float64, nu), make([]float64, nu)
	for u := range nu {
		rows := st.Order[st.Users.FirstJob[u] : st.Users.FirstJob[u]+st.Users.Jobs[u]]
		jobs := make([][2]float64, len(rows))
		for k, i := range rows {
			jobs[k] = [2]float64{t.Submit[i], st.JobEnd[i]}
		}
		busy := union(jobs)
		fs, ns := st.Users.FirstSession[u], st.Users.Sessions[u]
		sess := make([][2]float64, ns)
		for k := range ns {
			sess[k] = [2]float64{st.Sessions.Start[fs+k], st.Sessions.End[fs+k]}
		}
		insession := union(sess)
		all := union(append(slices.Clone(jobs), sess...))
		span := all[len(all)-1][1] - all[0][0]
		wait[u] = length(busy)
		think[u] = length(insession) - length(intersect(busy, insession))
		away[u] = span - wait[u] - think[u]
	}
	for u := range nu {
		wait[u], think[u], away[u] = wait[u]/datasets.Hour, think[u]/datasets.Hour, math.Max(0, away[u])/datasets.Hour
	}
	return dataframe.New(
		series.New(slices.Clone(st.Users.ID), series.Int, "user"),
		series.New(wait, series.Float, "waiting_hours"),
		series.New(think, series.Float, "thinking_hours"),
		series.New(away, series.Float, "away_hours"),
	), nil
}

// union returns the union of intervals [a, b] as sorted disjoint intervals.
func union(iv [][2]float64) [][2]float64 {
	iv = slices.Clone(iv)
	sort.Slice(iv, func(a, b int) bool { return iv[a][0] < iv[b][0] })
	var out [][2]float64
	for _, x := range iv {
		if n := len(out); n > 0 && x[0] <= out[n-1][1] {
			out[n-1][1] = math.Max(out[n-1][1], x[1])
			continue
		}
		out = append(out, x)
	}
	return out
}

// intersect returns the intersection of two unions of sorted disjoint
// intervals.
func intersect(a, b [][2]float64) [][2]float64 {
	var out [][2]float64
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := math.Max(a[i][0], b[j][0]), math.Min(a[i][1], b[j][1])
		if hi > lo {
			out = append(out, [2]float64{lo, hi})
		}
		if a[i][1] < b[j][1] {
			i++
		} else {
			j++
		}
	}
	return out
}

func length(iv [][2]float64) float64 {
	s := 0.0
	for _, x := range iv {
		s += x[1] - x[0]
	}
	return s
}
