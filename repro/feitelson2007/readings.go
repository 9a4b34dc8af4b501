package feitelson2007

import (
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// jobReadings are readings of Tables 1 and 2 the paper does not state,
// measured beside them: which jobs enter the runtime distribution (§3 says
// only "runtime"; keep, nil for every job) and where the slices begin
// (slicing, its Shift set by Table 1; the zero value is our default, 3-day
// slices from the log's first whole day as dayCut says). §3.1 step 2,
// "partition the log into d/t successive slices of t time each", read to
// the second starts the slices at the log's first job and has ⌊d/t⌋ of
// them: the last, partial one is left out. §3.2's M'_med = m_(d/2t) read
// literally (orderStat) is the ⌊d/2t⌋-th smallest m_i of the usable
// slices, d/t the number of slices, usable or not; ours is the median of
// the usable slices. epochPhase begins the slices on the local days whose
// number since 1970 is 0 modulo 3, our default until session 21 (a phase
// fitted to SDSC-BLUE, on which it gives the default's slices; dayCut).
var jobReadings = [...]struct {
	words      string
	keep       func(tr *datasets.Trace, i int) bool
	slicing    locality.Slicing
	orderStat  bool
	epochPhase bool
}{
	{"with only jobs of runtime > 0", func(tr *datasets.Trace, i int) bool { return tr.Runtime[i] > 0 }, locality.Slicing{}, false, false},
	{"with only completed jobs (status 1)", func(tr *datasets.Trace, i int) bool { return tr.Status[i] == datasets.StatusCompleted }, locality.Slicing{}, false, false},
	{"without cancelled jobs (status 5)", func(tr *datasets.Trace, i int) bool { return tr.Status[i] != datasets.StatusCancelled }, locality.Slicing{}, false, false},
	{"with d/t successive 3-day slices from the log's first job (§3.1 step 2 read to the second; the last, partial slice left out)", nil,
		locality.Slicing{Align: locality.AlignFirstJob, DropPartial: true}, false, false},
	{"with M'_med the (d/2t)-th smallest m_i, d/t the number of slices (§3.2's m_(d/2t) read literally)", nil, locality.Slicing{}, true, false},
	{"with both: d/t successive 3-day slices from the first job and M'_med their m_(d/2t) (§3.1–3.2 read literally)", nil,
		locality.Slicing{Align: locality.AlignFirstJob, DropPartial: true}, true, false},
	{"with the 3-day slices on the local days whose number since 1970 is 0 modulo 3 (our default until session 21, fitted to SDSC-BLUE, " +
		"on which it gives the same slices as the log's first whole day; written nowhere in the paper)", nil, locality.Slicing{}, false, true},
}

// epochPhaseReading is the reading of jobReadings with the slices on the
// days since 1970 that are 0 modulo 3.
func epochPhaseReading() jobReading {
	for k, rd := range jobReadings {
		if rd.epochPhase {
			return jobReading(k)
		}
	}
	panic("feitelson2007: no epoch-phase reading")
}

// words returns the reading's words.
func (k jobReading) words() string { return jobReadings[k].words }

// jobReading indexes jobReadings.
type jobReading int

// moves says whether reading k can move a cell of metric m ("m_max" or
// "m_med"): the order statistic alone moves only M'_med.
func (k jobReading) moves(m string) bool {
	rd := jobReadings[k]
	return m == "m_med" || rd.keep != nil || rd.slicing != (locality.Slicing{}) || rd.epochPhase
}

// runtimes returns the runtimes of catalog's jobs that reading k keeps.
func (k jobReading) runtimes(catalog string) (locality.Observations, error) {
	tr, err := study.Log(catalog)
	if err != nil {
		return locality.Observations{}, err
	}
	if keep := jobReadings[k].keep; keep != nil {
		tr, _ = tr.Filter(func(i int) bool { return keep(tr, i) })
	}
	return locality.Observe(tr, datasets.Runtime)
}

// measure returns M'_max and M'_med of obs under reading k, the slices
// shifted by shift days.
func (k jobReading) measure(obs locality.Observations, shift float64) (mMax, mMed float64, err error) {
	sl := jobReadings[k].slicing
	sl.Shift = shift
	if sl.Align == locality.AlignCalendar {
		sl.Location = startOffset(obs) // §3's day cut (dayCut)
		if !jobReadings[k].epochPhase {
			sl.Shift += logStartDay(obs.Epoch, sl.Location) // from the log's first whole day (dayCut)
		}
	}
	sr, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: sl})
	if err != nil || !jobReadings[k].orderStat {
		return sr.MMax, sr.MMed, err
	}
	return sr.MMax, orderStatMed(sr.Slices), nil
}

// orderStatMed is §3.2's M'_med = m_(d/2t) read literally: the ⌊n/2⌋-th
// smallest m_i of the usable slices (1-based, at most their number), n the
// number of slices, usable or not. It is NaN without a usable slice.
func orderStatMed(sl []locality.Slice) float64 {
	var m []float64
	for _, s := range sl {
		if s.Usable {
			m = append(m, s.M)
		}
	}
	if len(m) == 0 {
		return math.NaN()
	}
	slices.Sort(m)
	return m[max(1, min(len(sl)/2, len(m)))-1]
}

// table12 is Tables 1 and 2 under each of jobReadings (no bootstrap: M'
// does not depend on it), with §3's slices (dayCut): the cells a reading is counted
// over (ledger.Tally), since both tables measure the same jobs with one
// metric. Table 1 is fig6Log shifted by 0, 1 and 2 days; Table 2 the cells
// the text quotes (table2Quoted).
type table12 struct {
	haveTable1 bool
	table1     [1 + len(jobReadings)][3][2]float64 // [0] ours, [1+k] reading k; shift; max/med
	keys       [][2]string                         // the quoted cells of the logs we have, in runtimeLogs order
	ours       []float64                           // ours, in the order of keys
	quoted     [len(jobReadings)]map[[2]string]float64
}

// readings12 measures table12 (memoised: Table 1 and Tables 2–3 share it).
func (s *Study) readings12() (*table12, error) {
	return s.table12.Get(func() (*table12, error) {
		r := &table12{}
		for k := range r.quoted {
			r.quoted[k] = map[[2]string]float64{}
		}
		all, err := s.observe(fig6Log, datasets.Runtime)
		switch {
		case err == nil:
			if err := r.measureTable1(all); err != nil {
				return nil, err
			}
		case !missing(err):
			return nil, err
		}
		for _, lg := range runtimeLogs {
			if _, ok := table2Quoted[[2]string{lg.Catalog, "m_max"}]; !ok {
				continue
			}
			all, err := s.observe(lg.Catalog, datasets.Runtime)
			if missing(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			sr, err := locality.LocalityOfSampling(all, locality.SamplingOptions{SkipBootstrap: true, Slicing: paperSlicing(all)})
			if err != nil {
				return nil, err
			}
			for _, m := range []string{"m_max", "m_med"} {
				if _, ok := table2Quoted[[2]string{lg.Catalog, m}]; ok {
					r.keys = append(r.keys, [2]string{lg.Catalog, m})
					r.ours = append(r.ours, map[string]float64{"m_max": sr.MMax, "m_med": sr.MMed}[m])
				}
			}
			for k := range jobReadings {
				o := all
				if jobReadings[k].keep != nil {
					if o, err = jobReading(k).runtimes(lg.Catalog); err != nil {
						return nil, err
					}
				}
				mx, md, err := jobReading(k).measure(o, 0)
				if err != nil {
					return nil, err
				}
				r.quoted[k][[2]string{lg.Catalog, "m_max"}], r.quoted[k][[2]string{lg.Catalog, "m_med"}] = mx, md
			}
		}
		return r, nil
	})
}

// measureTable1 fills table1 from all, fig6Log's runtimes: its cells with
// all jobs and under each reading.
func (r *table12) measureTable1(all locality.Observations) error {
	for sh := range 3 {
		sr, err := locality.LocalityOfSampling(all, locality.SamplingOptions{SkipBootstrap: true, Slicing: fromLogStart(all, startOffset(all), float64(sh))})
		if err != nil {
			return err
		}
		r.table1[0][sh] = [2]float64{sr.MMax, sr.MMed}
	}
	for k := range jobReadings {
		obs := all
		if jobReadings[k].keep != nil {
			var err error
			if obs, err = jobReading(k).runtimes(fig6Log); err != nil {
				return err
			}
		}
		for sh := range 3 {
			mx, md, err := jobReading(k).measure(obs, float64(sh))
			if err != nil {
				return err
			}
			r.table1[1+k][sh] = [2]float64{mx, md}
		}
	}
	r.haveTable1 = true
	return nil
}

// conventions counts each reading over the cells of Tables 1 and 2; found
// says among how many readings the cells' reasons are sought.
func (r *table12) conventions(found ledger.Found) [len(jobReadings)]tableConvention {
	var c [len(jobReadings)]tableConvention
	for k := range jobReadings {
		var w []ledger.Expectation
		var was, now []float64
		if r.haveTable1 {
			for sh := range 3 {
				for j := range 2 {
					w = append(w, ledger.Printed(table1Paper[sh][j], 0))
					was, now = append(was, r.table1[0][sh][j]), append(now, r.table1[1+k][sh][j])
				}
			}
		}
		for i, key := range r.keys {
			w = append(w, ledger.Printed(table2Quoted[key].text, 0))
			was, now = append(was, r.ours[i]), append(now, r.quoted[k][key])
		}
		c[k] = countConvention(jobReading(k).words(), "Tables 1 and 2", found, w, was, now)
	}
	return c
}
