package lublin2003

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

var sizeColumns = columns("p1:p1", "p2:p2", "l:low", "m:med", "h:high", "p:p", "D_n:dn-two-stage",
	"Gamma α:gamma-alpha", "Gamma β:gamma-beta", "Gamma D_n:dn-gamma")

// SizesResult is §4: the size procedure of Fig. 2 checked by sampling the
// paper's model, and Table 1 for the paper's logs.
type SizesResult struct {
	// Table1 compares our fits with the paper's rows (compareFrame).
	Table1 dataframe.DataFrame
	// Rounding is the rounding-aware two-stage fit (lublin.SizeRounding):
	// log, observed_p2, model_p2, l, m, h, p, D_n. The paper treats log2
	// sizes as continuous; sizes are discrete, and a size shared by many
	// jobs can pull a continuous fit's m onto itself.
	Rounding dataframe.DataFrame
	// CDFs draws, per log, the sizes of parallel jobs against the discrete
	// sizes the fitted models make (the D_n of Table 1).
	CDFs *plots.Figure

	fits                      []logFit
	cells                     map[string][]cell // Table 1 per paper log
	conventions               tableConventions  // Table 1's convention matrix
	sampledSerial, sampledPow float64           // Fig. 2: sampled from the paper's model
	samples                   int
	lanlPow2, lanlJobs        int    // LANL's sizes that are powers of two ≥ 32
	lanlStandIn               string // why our LANL stands in for the paper's (logFit.standIn)
	// betterReach is, per stand-in log, the two-stage uniform against the
	// Gamma without the comparable set (Study.reachTurns).
	betterReach map[string]reachOutcome
}

// Sizes fits the size model of Table 1 and samples the paper's model.
func (s *Study) Sizes(ctx context.Context) (*SizesResult, error) {
	return s.sizes.Get(func() (*SizesResult, error) {
		fits, err := s.paperFits(ctx)
		if err != nil {
			return nil, err
		}
		r := &SizesResult{fits: fits, cells: map[string][]cell{}, betterReach: map[string]reachOutcome{}}
		var rows []compareRow
		var cdfs []*plot.Plot
		var rounding []lublin.LogFit
		var roundingLogs []string
		for _, f := range fits {
			if f.missing {
				continue
			}
			sz := f.fit.Size
			ours := []float64{sz.Serial, sz.Pow2, sz.TwoStage.Low, sz.TwoStage.Med, sz.TwoStage.High, sz.TwoStage.P,
				sz.TwoStageKS.D, sz.Gamma.Alpha, sz.Gamma.Beta, sz.GammaKS.D}
			rows = append(rows, compareRow{log: f.log.Paper, ours: ours, paper: table1[f.log.Paper].values()})
			if r.cells[f.log.Paper], err = s.sizeCells(f); err != nil {
				return nil, err
			}
			if s.version(f.log).standIn {
				if rr, err := s.reach(f.log); err == nil {
					d2, dg := rr.fit.Size.TwoStageKS.D, rr.fit.Size.GammaKS.D
					r.betterReach[f.log.Paper] = s.reachTurns(f.log, d2 < dg, fmt.Sprintf("its D_n become %.3f (two-stage) and %.3f (Gamma)", d2, dg))
				}
			}
			rf, err := s.fit(f.log, nil, lublin.AllClasses, true)
			if err != nil {
				return nil, err
			}
			rounding, roundingLogs = append(rounding, rf), append(roundingLogs, f.log.Paper)
			tr, err := s.trace(f.log)
			if err != nil {
				return nil, err
			}
			p, err := sizeCDFs(tr, f.fit)
			if err != nil {
				return nil, err
			}
			p.Title.Text = f.log.Paper + ": " + plots.Label(tr.Name)
			cdfs = append(cdfs, p)
			if f.log.Paper == "LANL" {
				r.lanlPow2, r.lanlJobs = pow2Sizes(tr)
				r.lanlStandIn = f.standIn
			}
		}
		r.CDFs = figure("Table 1 (ours)", "sizes of parallel jobs against the fitted models",
			"the data against both models (Table 1's D_n measures how far apart; the ledger's Table 1 entries); LANL-CM5 allows only powers of two from 32", 3, cdfs...)
		var cells [][]cell
		for _, f := range fits {
			cells = append(cells, r.cells[f.log.Paper])
		}
		r.conventions = s.explainTable("Table 1", cellPointers(cells...))
		r.Table1 = compareFrame(sizeColumns, rows)
		r.Rounding = roundingFrame(roundingLogs, rounding)
		r.sample(s.o.SeedOr(), s.o.Reps(1_000_000, 100_000))
		return r, nil
	})
}

// sizeCells builds Table 1's cells of one log with their standard errors:
// p1 and p2 binomial, l and h rules, m and p bootstrap (the two-stage
// likelihood has kinks), the Gamma's α and β from the Fisher information,
// D_n at most 1/(2√n).
func (s *Study) sizeCells(f logFit) ([]cell, error) {
	tr, err := s.trace(f.log)
	if err != nil {
		return nil, err
	}
	lg, _, _, err := lublin.AttributeValues(tr, datasets.Procs, lublin.AttrOptions{})
	if err != nil {
		return nil, err
	}
	sz := f.fit.Size
	seM, seP := twoStageSE(lg, sz.TwoStage.Low, sz.TwoStage.High, s.o.Reps(200, 50), s.o.SeedOr())
	g := gammaSE(sz.Gamma, sz.Parallel)
	se := []float64{confidence.ShareSE(sz.Serial, sz.N), confidence.ShareSE(sz.Pow2, sz.Parallel), 0, seM, 0, seP, dnSE(sz.Parallel),
		g[0], g[1], dnSE(sz.Parallel)}
	how := []string{"binomial", "binomial", "a rule", "bootstrap", "a rule", "bootstrap", "at most 1/(2√n)",
		"Fisher information", "Fisher information", "at most 1/(2√n)"}
	cells := s.rowCells(f.log, "Table 1", 0, f.fit, table1[f.log.Paper], se, how)
	// On a stand-in, the fractions of the log before the archive's
	// cleaning lie between none and all of the removed jobs counted in:
	// an exact bound, instead of the reach of a comparable set.
	removed, filters, err := removedIn(tr)
	if err != nil {
		return nil, err
	}
	for k := range cells {
		c := &cells[k]
		if c.standIn == "" || removed == 0 {
			continue
		}
		var of, in int // the fraction is in/of
		switch c.col.id {
		case "p1":
			of, in = sz.N, int(math.Round(sz.Serial*float64(sz.N)))
		case "p2":
			of, in = sz.Parallel, int(math.Round(sz.Pow2*float64(sz.Parallel)))
		default:
			continue
		}
		lo, hi := float64(in)/float64(of+removed), float64(in+removed)/float64(of+removed)
		where := "out of"
		if between(c.text, lo, hi) {
			where = "within"
		}
		c.standIn = fmt.Sprintf("a stand-in: %s; counted back (%s), the fraction lies between %.3f (none of them) and %.3f (all), so the paper's %s is %s reach of the log before cleaning",
			s.version(f.log).short, strings.Join(filters, "; "), lo, hi, c.text, where)
	}
	return cells, nil
}

// between reports whether the printed number text lies in [lo, hi].
func between(text string, lo, hi float64) bool {
	v, err := strconv.ParseFloat(text, 64)
	return err == nil && v >= lo && v <= hi
}

// sample draws n sizes from the paper's model (Table 1's model row, 128
// processors) with the procedure of Fig. 2.
func (r *SizesResult) sample(seed uint64, n int) {
	p, err := lublin.PaperParams(128)
	if err != nil {
		panic(err) // 128 processors is a valid machine for the paper's model
	}
	rng := rand.New(rand.NewPCG(seed, 2003))
	serial, parallel, pow := 0, 0, 0
	for range n {
		size := p.Classes[0].Size.Rand(rng)
		switch {
		case size == 1:
			serial++
		default:
			parallel++
			if size&(size-1) == 0 {
				pow++
			}
		}
	}
	r.samples = n
	r.sampledSerial = float64(serial) / float64(n)
	r.sampledPow = float64(pow) / float64(parallel)
}

// pow2Sizes counts the completed jobs (status 1; a code outside SWF's, such
// as an exit code, is not completed) of a log and those whose size is a
// power of two of at least 32.
func pow2Sizes(tr *datasets.Trace) (pow2, jobs int) {
	for i, p := range tr.Procs {
		if tr.Status[i] != datasets.StatusCompleted || p < 1 {
			continue
		}
		jobs++
		if p >= 32 && p&(p-1) == 0 {
			pow2++
		}
	}
	return pow2, jobs
}

// sizeCDFs draws the sizes of a log's completed parallel jobs against the
// discrete sizes the fitted two-stage and Gamma models make.
func sizeCDFs(tr *datasets.Trace, f lublin.LogFit) (*plot.Plot, error) {
	var sizes []float64
	maxSize := 0
	for i, p := range tr.Procs {
		if p > 1 && tr.Status[i] == datasets.StatusCompleted {
			sizes = append(sizes, math.Log2(float64(p)))
			maxSize = max(maxSize, p)
		}
	}
	sz := f.Size
	model := func(cdf func(float64) float64, high float64) func(float64) float64 {
		return func(x float64) float64 {
			var c float64
			for n := 1; float64(n) <= math.Exp2(x)+1e-9 && n <= maxSize; n++ {
				c += lublin.ParallelSizePMF(n, cdf, sz.Pow2, high)
			}
			return c
		}
	}
	p, err := lublinplot.CDFs([]lublinplot.Curve{
		{Label: "data", Values: sizes, Role: plots.Original},
		{Label: "two-stage uniform model", CDF: model(sz.TwoStage.CDF, sz.TwoStage.High)},
		{Label: "Gamma model", CDF: model(sz.Gamma.CDF, math.Inf(1)), Dashed: true},
	}, plots.Axes{XLabel: "job size [processors, log₂ scale]", IntegerX: true})
	if err != nil {
		return nil, err
	}
	// The model works in log₂ of the size, as the paper's; the ticks give
	// the sizes themselves (32, 64, … rather than 5, 6, …).
	p.X.Tick.Marker = plots.Pow2Ticks{}
	return p, nil
}

func roundingFrame(logs []string, fits []lublin.LogFit) dataframe.DataFrame {
	cols := make([][]float64, 7)
	for _, f := range fits {
		sz := f.Size
		for k, v := range []float64{sz.Pow2, sz.Pow2Model, sz.TwoStage.Low, sz.TwoStage.Med, sz.TwoStage.High, sz.TwoStage.P, sz.TwoStageKS.D} {
			cols[k] = append(cols[k], v)
		}
	}
	ss := []series.Series{series.New(logs, series.String, "log")}
	for k, name := range []string{"observed_p2", "model_p2", "l", "m", "h", "p", "D_n"} {
		ss = append(ss, series.New(cols[k], series.Float, name))
	}
	return dataframe.New(ss...)
}

// Claims records Fig. 2's procedure sampled from the paper's model (checks
// of our implementation), every cell of Table 1 (the tolerance rule of
// compare.go), the choice of the two-stage uniform (its fit is better:
// the main claim) and the model row: the paper's own arithmetic (a check:
// p1, p2 and p are the means of its rows) and ours (a stand-in: the mean
// of our logs', without SDSC95).
func (r *SizesResult) Claims(l *ledger.Ledger) {
	l.Check("Fig. 2", "fig2/serial", fmt.Sprintf("fraction of serial jobs among %d sizes drawn from the paper's model", r.samples),
		ledger.Stated("p1 = 0.24", ledger.Near(0.24, 2*confidence.ShareSE(0.24, r.samples))), r.sampledSerial).
		AsCheck("our implementation of Fig. 2's procedure, sampled with the paper's model row (binomial SE)")
	l.Check("Fig. 2", "fig2/pow2-among-parallel",
		fmt.Sprintf("fraction of power-of-two sizes among the parallel jobs of %d sizes drawn from the paper's model (rounded with probability p2, plus unrounded draws that land on a power of two)", r.samples),
		ledger.Stated("≥ p2 = 0.75", ledger.AtLeast(0.75)), r.sampledPow).
		Quoting("note that p2 is not the fration of power-of-two jobs out of the total").
		AsCheck("our implementation of Fig. 2's procedure, sampled with the paper's model row")
	var p1, p2, p []float64
	var better, standIns []string
	allBetter, logs, comparable := true, 0, 0
	for _, f := range r.fits {
		prefix := "table1/" + f.log.Paper
		what := f.log.Paper + ": job sizes"
		if f.missing {
			unavailableRow(l, "Table 1", prefix, what, sizeColumns, table1[f.log.Paper], f.log.Paper, sdsc95)
			continue
		}
		sz := f.fit.Size
		writeCells(l, "Table 1", prefix, what, f.log.Paper, r.cells[f.log.Paper])
		if f.log.Paper != "LANL" {
			p1, p2 = append(p1, sz.Serial), append(p2, sz.Pow2)
		}
		p = append(p, sz.TwoStage.P)
		logs++
		d := fmt.Sprintf("%s %.3f vs %.3f", f.log.Paper, sz.TwoStageKS.D, sz.GammaKS.D)
		if f.standIn != "" {
			// A stand-in's D_n are not the paper's log's: shown, not counted.
			if sz.TwoStageKS.D >= sz.GammaKS.D && r.betterReach[f.log.Paper].note != "" {
				d += " (" + r.betterReach[f.log.Paper].note + ")"
			}
			standIns = append(standIns, d)
			continue
		}
		comparable++
		allBetter = allBetter && sz.TwoStageKS.D < sz.GammaKS.D
		better = append(better, d)
	}
	if logs > 0 {
		writeConventions(l, r.conventions)
		const statement = "the two-stage uniform fits the sizes better than the Gamma (smaller D_n) on every log"
		const quote = "its �t is slightly better"
		if comparable == 0 {
			l.Unavailable("Table 1", "table1/two-stage-fits-better", statement, "holds",
				"every log we have stands in for the paper's: "+strings.Join(standIns, "; ")).Quoting(quote)
		} else {
			evidence := "D_n two-stage vs Gamma: " + strings.Join(better, "; ")
			if len(standIns) > 0 {
				evidence += "; stand-in logs, not counted (another version than the paper's): " + strings.Join(standIns, "; ")
			}
			l.Claim("Table 1", "table1/two-stage-fits-better", statement+" (every log that is not a stand-in)", allBetter, evidence).Quoting(quote).Main()
		}
	}
	if r.lanlJobs == 0 {
		l.MissingLog("Table 1", "table1/LANL/pow2-only", "LANL: every size is a power of two of at least 32", "holds", "LANL", "LANL-CM5 is not available here")
	} else {
		onStandIn(l.Claim("Table 1", "table1/LANL/pow2-only", "LANL: every size is a power of two of at least 32 (why the paper leaves it out of p1 and p2)",
			r.lanlPow2 == r.lanlJobs, fmt.Sprintf("%d of %d completed jobs", r.lanlPow2, r.lanlJobs)).
			Quoting("only allows partitions that are powers of two with at least 32 nodes"), r.lanlStandIn)
	}
	var pp1, pp2, pp []float64
	var h1, h2, hp float64 // the rounding of the printed rows: half a unit each
	for _, name := range paperLogNames {
		v := table1[name].values()
		if name != "LANL" {
			pp1, pp2 = append(pp1, v[0]), append(pp2, v[1])
			h1, h2 = h1+0.005, h2+0.005
		}
		pp = append(pp, v[5])
		hp += 0.005
	}
	for _, m := range []struct {
		id, what, text string
		paper, ours    []float64
		rounding       float64
	}{
		{"p1", "model p1, the mean of the logs' (LANL left out)", table1Model.P1, pp1, p1, h1 / 3},
		{"p2", "model p2, the mean of the logs' (LANL left out)", table1Model.P2, pp2, p2, h2 / 3},
		{"p", "model p, the arithmetic mean of the logs'", table1Model.P, pp, p, hp / 4},
	} {
		paperRowsCheck(l, "Table 1", "table1/model/"+m.id+"/paper-rows", m.what, m.text, mean(m.paper), m.rounding,
			"the paper's arithmetic: the mean of its printed rows")
		standInModel(l, "Table 1", "table1/model/"+m.id+"/ours", m.what+", from our logs", m.text, len(m.ours), mean(m.ours))
	}
}

func mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
