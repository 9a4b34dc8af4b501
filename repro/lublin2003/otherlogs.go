package lublin2003

import (
	"context"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/sim/lublin"
)

// otherLogs are the catalog's other logs that the archive has cleaned
// versions of: the paper's tables for them are ours alone.
var otherLogs = []string{"CTC-SP2", "SDSC-SP2", "HPC2N", "SDSC-BLUE", "SDSC-DS", "OSC-Clust", "LLNL-Thunder", "CEA-Curie"}

// OtherLogsResult is Tables 1, 2, 5, 6 and 7 for logs the paper did not
// have (completed jobs, whole logs): results of our own, not in the
// ledger.
type OtherLogsResult struct {
	// Sizes: log, jobs, p1, p2, l, m, h, p, D_n, gamma_alpha, gamma_beta,
	// gamma_dn, and the rounding-aware fit's model_p2, round_m, round_p,
	// round_dn.
	Sizes dataframe.DataFrame
	// Runtimes: log, α1, β1, α2, β2, p, D_n, D_n_sub, a, b.
	Runtimes dataframe.DataFrame
	// Arrivals: log, peak_alpha, peak_beta, peak_dn, arar, daily_alpha,
	// daily_beta, daily_dn.
	Arrivals dataframe.DataFrame
	// Failed lists the logs whose fit failed, with the reason.
	Failed []string
}

// OtherLogs fits the model to the other logs (two in quick mode); logs not
// available here are left out.
func (s *Study) OtherLogs(ctx context.Context) (*OtherLogsResult, error) {
	return s.others.Get(func() (*OtherLogsResult, error) {
		logs := otherLogs
		if s.o.Quick {
			logs = logs[:2]
		}
		r := &OtherLogsResult{}
		var names []string
		var jobs []int
		var sizes, runtimes, arrivals [][]float64
		for _, name := range logs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			l := paperLog{Paper: name, Catalog: name}
			f, err := s.fit(l, nil, lublin.AllClasses, false)
			if missing(err) {
				continue
			}
			if err != nil {
				r.Failed = append(r.Failed, name+": "+err.Error())
				continue
			}
			rf, err := s.fit(l, nil, lublin.AllClasses, true)
			if err != nil {
				r.Failed = append(r.Failed, name+" (rounding-aware sizes): "+err.Error())
				continue
			}
			sz, rs, h := f.Size, rf.Size, f.Runtime.HyperGamma
			a, d := f.Arrival, f.Daily.Gamma
			names, jobs = append(names, name), append(jobs, f.Selected)
			sizes = append(sizes, []float64{sz.Serial, sz.Pow2, sz.TwoStage.Low, sz.TwoStage.Med, sz.TwoStage.High, sz.TwoStage.P,
				sz.TwoStageKS.D, sz.Gamma.Alpha, sz.Gamma.Beta, sz.GammaKS.D, rs.Pow2Model, rs.TwoStage.Med, rs.TwoStage.P, rs.TwoStageKS.D})
			runtimes = append(runtimes, []float64{h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P, f.Runtime.KS.D, f.Runtime.KSSub.D,
				f.PLine.Slope, f.PLine.Intercept})
			arrivals = append(arrivals, []float64{a.Peak.Gamma.Alpha, a.Peak.Gamma.Beta, a.Peak.KS.D, a.ARAR, d.Gamma.Alpha, d.Gamma.Beta, d.KS.D})
		}
		r.Sizes = rowsFrame(names, jobs, sizes, "p1", "p2", "l", "m", "h", "p", "D_n", "gamma_alpha", "gamma_beta", "gamma_dn",
			"model_p2", "round_m", "round_p", "round_dn")
		r.Runtimes = rowsFrame(names, nil, runtimes, "α1", "β1", "α2", "β2", "p", "D_n", "D_n_sub", "a", "b")
		r.Arrivals = rowsFrame(names, nil, arrivals, "peak_alpha", "peak_beta", "peak_dn", "arar", "daily_alpha", "daily_beta", "daily_dn")
		return r, nil
	})
}

// rowsFrame lays rows of values out as a frame: log, jobs (when given),
// then one float column per name.
func rowsFrame(logs []string, jobs []int, rows [][]float64, names ...string) dataframe.DataFrame {
	ss := []series.Series{series.New(logs, series.String, "log")}
	if jobs != nil {
		ss = append(ss, series.New(jobs, series.Int, "jobs"))
	}
	for k, n := range names {
		col := make([]float64, len(rows))
		for i, row := range rows {
			col[i] = row[k]
		}
		ss = append(ss, series.New(col, series.Float, n))
	}
	return dataframe.New(ss...)
}
