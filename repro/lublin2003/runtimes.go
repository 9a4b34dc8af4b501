package lublin2003

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

// RuntimesResult is §5: ln runtime (Table 2) and ln total work (Table 3)
// fitted by a hyper-Gamma with EM, the representative models of §5.2, and
// Fig. 3.
type RuntimesResult struct {
	// Table2 and Table3 compare our fits with the paper's rows
	// (compareFrame).
	Table2, Table3 dataframe.DataFrame
	// Fits has one row per log: log, runtimes (fitted), left_out (≤ 1 s),
	// em_iterations, mean1 and mean2 (α·β of each Gamma), dn, dn_sub and
	// p_sub (the §5.1 re-test on a random subsample of 1000 jobs).
	Fits dataframe.DataFrame
	// Models lays out the model rows of Tables 2 and 3: table, model,
	// source (paper, paper rows, ours), α1, β1, α2, β2, p.
	Models dataframe.DataFrame
	// Fig3 draws the CDFs of ln runtime of our logs and the average model,
	// ours and the paper's; nil when none of the paper's logs is available.
	Fig3 *plots.Figure

	fits        []logFit
	models      []modelRow
	conventions []tableConventions // Tables 2 and 3
	logs        map[string]*runtimeLog
	erlang      *erlangSaving // §5.2's hyper-Erlang timing, full mode only
}

// runtimeLog is one paper log's Table 2 and 3 cells, the means of the
// Gammas with their SEs, and the §5.1 comparisons.
type runtimeLog struct {
	t2, t3       []cell
	means        [2][2]float64 // [table 2, 3][Gamma 1, 2] α·β
	meanSE       [2][2]float64
	seHow        [2]string
	gammaD, hexD float64   // D_n of a Gamma and a hyper-exponential fitted to ln runtime
	sub500       []float64 // p-values of the KS re-test on subsamples of 500 jobs, one per seed (subsampleSeeds)
	// subReach is the re-test on a stand-in log without the comparable
	// set (Study.reachTurns).
	subReach reachOutcome
}

// modelRow is a model row of Table 2 or 3: the paper's printed row, the
// same computed from the paper's rows, and ours.
type modelRow struct {
	table, model             string
	text                     printedRow
	printed, fromPaper, ours fit.HyperGamma
	admissible               int // search model: admissible candidates of ours
	// search and variants: the search on the paper's rows, by default and
	// under its other options (search model only).
	search   lublin.SearchResult
	variants []searchVariant
	rows     []fit.HyperGamma // the paper's rows the search ran on
	logs     int              // our logs behind ours (none: ours is not computed)
}

// Runtimes fits Tables 2 and 3 and the representative models.
func (s *Study) Runtimes(ctx context.Context) (*RuntimesResult, error) {
	return s.runtimes.Get(func() (*RuntimesResult, error) {
		fits, err := s.paperFits(ctx)
		if err != nil {
			return nil, err
		}
		r := &RuntimesResult{fits: fits, logs: map[string]*runtimeLog{}}
		var t2, t3 []compareRow
		var runtimes, works []fit.HyperGamma
		var curves []lublinplot.Curve
		for _, f := range fits {
			if f.missing {
				continue
			}
			t2 = append(t2, compareRow{log: f.log.Paper, ours: mixtureValues(f.fit.Runtime), paper: table2[f.log.Paper].values()})
			t3 = append(t3, compareRow{log: f.log.Paper, ours: mixtureValues(f.fit.Work), paper: table3[f.log.Paper].values()})
			runtimes, works = append(runtimes, f.fit.Runtime.HyperGamma), append(works, f.fit.Work.HyperGamma)
			tr, err := s.trace(f.log)
			if err != nil {
				return nil, err
			}
			x, _, _, err := lublin.AttributeValues(tr, datasets.Runtime, lublin.AttrOptions{})
			if err != nil {
				return nil, err
			}
			curves = append(curves, lublinplot.Curve{Label: f.log.Paper, Values: x})
			if r.logs[f.log.Paper], err = s.runtimeLog(f, tr); err != nil {
				return nil, err
			}
		}
		var c2, c3 [][]cell
		for _, f := range fits {
			if rl := r.logs[f.log.Paper]; rl != nil {
				c2, c3 = append(c2, rl.t2), append(c3, rl.t3)
			}
		}
		r.conventions = []tableConventions{s.explainTable("Table 2", cellPointers(c2...)), s.explainTable("Table 3", cellPointers(c3...))}
		for name, other := range exchangedTable3 {
			if rl := r.logs[name]; rl != nil {
				exchangedRowNotes(rl.t3, name, other)
			}
		}
		r.Table2, r.Table3 = compareFrame(hgColumns, t2), compareFrame(hgColumns, t3)
		for _, t := range []struct {
			table           string
			paperRows       map[string]printedRow
			average, search printedRow
			ours            []fit.HyperGamma
		}{{"Table 2", table2, table2Average, table2Search, runtimes}, {"Table 3", table3, table3Average, table3Search, works}} {
			var paper []fit.HyperGamma
			for _, name := range paperLogNames {
				paper = append(paper, t.paperRows[name].hyperGamma())
			}
			avg := modelRow{table: t.table, model: "average", text: t.average, printed: t.average.hyperGamma(),
				fromPaper: lublin.AverageHyperGamma(paper), logs: len(t.ours)}
			if len(t.ours) > 0 {
				avg.ours = lublin.AverageHyperGamma(t.ours)
			}
			ps, err := lublin.SearchHyperGamma(paper, lublin.SearchOptions{})
			if err != nil {
				return nil, err
			}
			search := modelRow{table: t.table, model: "search", text: t.search, printed: t.search.hyperGamma(), fromPaper: ps.Best,
				search: ps, variants: searchVariants(paper), rows: paper}
			if len(t.ours) >= 2 { // the search needs two data sets
				os, err := lublin.SearchHyperGamma(t.ours, lublin.SearchOptions{})
				if err != nil {
					return nil, err
				}
				search.ours, search.admissible, search.logs = os.Best, os.Admissible, len(t.ours)
			}
			r.models = append(r.models, avg, search)
		}
		if len(curves) > 0 {
			curves = append(curves, lublinplot.Curve{Label: "average model (ours)", CDF: r.models[0].ours.CDF, Dashed: true},
				lublinplot.Curve{Label: "average model (paper)", CDF: r.models[0].printed.CDF, Role: plots.Original})
			p, err := lublinplot.CDFs(curves, plots.Axes{XLabel: "ln runtime [s]"})
			if err != nil {
				return nil, err
			}
			r.Fig3 = figure("Fig. 3", "distributions of ln runtime and the derived model",
				"each log's ln runtime against the average hyper-Gamma model, ours and the paper's (the ledger's Fig. 3 entries)", 1, p)
		}
		r.Fits, r.Models = r.fitFrame(), r.modelFrame()
		if !s.o.Quick {
			e := measureErlangSaving(table2Average.hyperGamma(), 15, 200_000, s.o.SeedOr())
			r.erlang = &e
		}
		return r, nil
	})
}

// runtimeLog computes one log's Table 2 and 3 cells with their standard
// errors (the observed information of the EM fit; D_n at most 1/(2√n)),
// the Gamma and hyper-exponential fits of ln runtime (§5.1's "better than
// other distributions") and the KS re-test on 500 jobs.
func (s *Study) runtimeLog(f logFit, tr *datasets.Trace) (*runtimeLog, error) {
	lr, size := completedRuntimes(tr)
	var lw []float64
	for i, v := range lr {
		if w := v + math.Log(float64(size[i])); w > 0 {
			lw = append(lw, w)
		}
	}
	// Work includes jobs of ≤ 1 s on several processors: ln(r·p) > 0.
	lw = append(lw, shortWork(tr)...)
	rl := &runtimeLog{}
	for t, m := range []lublin.MixtureFit{f.fit.Runtime, f.fit.Work} {
		x := [][]float64{lr, lw}[t]
		se, means, err := hyperGammaSE(m.HyperGamma, x)
		how := "observed information"
		if err != nil {
			how = "observed information not positive definite: the printed digit alone"
		}
		h := m.HyperGamma
		rl.means[t] = [2]float64{h.Alpha1 * h.Beta1, h.Alpha2 * h.Beta2}
		rl.meanSE[t] = [2]float64{seOrZero(means[0]), seOrZero(means[1])}
		rl.seHow[t] = how
		table, rows := []string{"Table 2", "Table 3"}[t], []map[string]printedRow{table2, table3}[t]
		cells := s.rowCells(f.log, table, 0, f.fit, rows[f.log.Paper], append(se, dnSE(m.N)),
			[]string{how, how, how, how, how, "at most 1/(2√n)"})
		if t == 0 {
			rl.t2 = cells
		} else {
			rl.t3 = cells
		}
	}
	g, err1 := lublin.FitAttribute(tr, datasets.Runtime, lublin.DistGamma, lublin.AttrOptions{})
	he, err2 := lublin.FitAttribute(tr, datasets.Runtime, lublin.DistHyperExp, lublin.AttrOptions{EM: s.fitOptions().EM})
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	rl.gammaD, rl.hexD = g.KS.D, he.KS.D
	for k := range uint64(subsampleSeeds) {
		rl.sub500 = append(rl.sub500, fit.KSSubsample(lr, f.fit.Runtime.HyperGamma.CDF, 500, s.o.SeedOr()+1+k).P)
	}
	if s.version(f.log).standIn {
		if r, err := s.reach(f.log); err == nil {
			sub := r.fit.Runtime.KSSub
			rl.subReach = s.reachTurns(f.log, sub.P >= 0.05, fmt.Sprintf("the re-test on 1000 jobs has D_n %.4f, p-value %.3f", sub.D, sub.P))
		}
	}
	return rl, nil
}

// shortWork returns ln(r·p) of the completed jobs that ran at most a
// second on more processors than that product's inverse (work > 1 though
// the runtime is ≤ 1 s): Table 3's values that completedRuntimes leaves out.
func shortWork(tr *datasets.Trace) []float64 {
	var out []float64
	for i := range tr.JobID {
		r, p := tr.Runtime[i], tr.Procs[i]
		if tr.Status[i] != datasets.StatusCompleted || math.IsNaN(r) || r > 1 || p < 1 {
			continue
		}
		if w := r * float64(p); w > 1 {
			out = append(out, math.Log(w))
		}
	}
	return out
}

func mixtureValues(m lublin.MixtureFit) []float64 {
	h := m.HyperGamma
	return []float64{h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P, m.KS.D}
}

func (r *RuntimesResult) fitFrame() dataframe.DataFrame {
	var logs []string
	var n, dropped, iters []int
	cols := make([][]float64, 5)
	for _, f := range r.fits {
		if f.missing {
			continue
		}
		m := f.fit.Runtime
		h := m.HyperGamma
		logs, n, dropped, iters = append(logs, f.log.Paper), append(n, m.N), append(dropped, m.Dropped), append(iters, m.Iterations)
		for k, v := range []float64{h.Alpha1 * h.Beta1, h.Alpha2 * h.Beta2, m.KS.D, m.KSSub.D, m.KSSub.P} {
			cols[k] = append(cols[k], v)
		}
	}
	ss := []series.Series{series.New(logs, series.String, "log"), series.New(n, series.Int, "runtimes"),
		series.New(dropped, series.Int, "left_out"), series.New(iters, series.Int, "em_iterations")}
	for k, name := range []string{"mean1", "mean2", "dn", "dn_sub", "p_sub"} {
		ss = append(ss, series.New(cols[k], series.Float, name))
	}
	return dataframe.New(ss...)
}

func (r *RuntimesResult) modelFrame() dataframe.DataFrame {
	var table, model, source []string
	cols := make([][]float64, 5)
	for _, m := range r.models {
		for _, v := range []struct {
			src string
			h   fit.HyperGamma
		}{{"paper (printed)", m.printed}, {"from the paper's rows", m.fromPaper}, {"ours", m.ours}} {
			table, model, source = append(table, m.table), append(model, m.model), append(source, v.src)
			for k, x := range []float64{v.h.Alpha1, v.h.Beta1, v.h.Alpha2, v.h.Beta2, v.h.P} {
				cols[k] = append(cols[k], x)
			}
		}
	}
	ss := []series.Series{series.New(table, series.String, "table"), series.New(model, series.String, "model"),
		series.New(source, series.String, "source")}
	for k, name := range []string{"α1", "β1", "α2", "β2", "p"} {
		ss = append(ss, series.New(cols[k], series.Float, name))
	}
	return dataframe.New(ss...)
}

// Claims records every cell of Tables 2 and 3 (the tolerance rule of
// compare.go) with the means α·β of their Gammas (ours: meanEntries), §5.1's statements — the hyper-Gamma matches
// better than the other distributions (Table 2's main claim), the sample
// sizes, the subsample re-test — Fig. 3's bimodality (main), and the
// model rows: the paper's own arithmetic (checks) and ours (stand-ins).
func (r *RuntimesResult) Claims(l *ledger.Ledger) {
	var better, standIns []string
	wins, logs := 0, 0
	for _, f := range r.fits {
		name := f.log.Paper
		if f.missing {
			unavailableRow(l, "Table 2", "table2/"+name, name+": ln runtime", hgColumns, table2[name], name, sdsc95)
			unavailableRow(l, "Table 3", "table3/"+name, name+": ln work", hgColumns, table3[name], name, sdsc95)
			continue
		}
		rl := r.logs[name]
		writeCells(l, "Table 2", "table2/"+name, name+": ln runtime", name, rl.t2)
		writeCells(l, "Table 3", "table3/"+name, name+": ln work", name, rl.t3)
		for t, rows := range []map[string]printedRow{table2, table3} {
			meanEntries(l, []string{"Table 2", "Table 3"}[t], fmt.Sprintf("table%d/%s", t+2, name), name+": "+[]string{"ln runtime", "ln work"}[t],
				rows[name], rl.means[t], rl.meanSE[t], rl.seHow[t], f.standIn)
		}
		m := f.fit.Runtime
		modes := countModes(m.HyperGamma)
		onStandIn(l.Claim("Fig. 3", "fig3/"+name+"/bimodal", name+": the runtimes are bimodal in log space (the fitted hyper-Gamma's density has two modes)",
			modes == 2, fmt.Sprintf("%d modes on ln runtime 0–15", modes)).Quoting("the distributions seem to be bimodal in log spae").Main(), f.standIn)
		onStandIn(l.Claim("Table 2", "table2/"+name+"/jobs", name+": runtimes fitted (jobs that completed, runtime > 1 s) between 15000 and 70000",
			m.N >= 15000 && m.N <= 70000, fmt.Sprintf("%d runtimes", m.N)).Quoting("15000 to 70000 jobs in eah log").
			AsCheck("the paper's description of its input, the size of each log's fitted selection: a check by the ledger's kinds (REPRODUCTION.md, Kinds)"), f.standIn)
		e := l.Claim("Table 2", "table2/"+name+"/subsample-passes", name+": the model passes KS at the 95% level on a random subsample of 1000 jobs",
			m.KSSub.P >= 0.05, fmt.Sprintf("D_n %.4f, p-value %.3f", m.KSSub.D, m.KSSub.P)).
			Quoting("the models passed the test at the 95%").
			ExplainedBy(subsampleReason(rl.sub500))
		if e.Reason == "" {
			rl.subReach.apply(e)
		}
		onStandIn(e, f.standIn)
		d := fmt.Sprintf("%s %.3f vs %.3f, %.3f", name, m.KS.D, rl.gammaD, rl.hexD)
		if f.standIn != "" {
			// A stand-in's D_n are not the paper's log's: shown, not counted.
			standIns = append(standIns, d)
			continue
		}
		logs++
		if m.KS.D < rl.gammaD && m.KS.D < rl.hexD {
			wins++
		}
		better = append(better, d)
	}
	const betterWhat = "in most logs the hyper-Gamma matches ln runtime better (smaller D_n) than a Gamma and a hyper-exponential"
	switch {
	case logs > 0:
		evidence := "D_n hyper-Gamma vs Gamma, hyper-exponential: " + strings.Join(better, "; ")
		if len(standIns) > 0 {
			evidence += "; stand-in logs, not counted (another version than the paper's): " + strings.Join(standIns, "; ")
		}
		l.Claim("Table 2", "table2/hypergamma-better", betterWhat+" (the logs that are not stand-ins)", 2*wins > logs, evidence).
			Quoting("provides a better math than other distributions").Main()
	case len(standIns) > 0:
		l.Unavailable("Table 2", "table2/hypergamma-better", betterWhat, "holds",
			"every log we have stands in for the paper's: "+strings.Join(standIns, "; ")).Quoting("provides a better math than other distributions")
	}
	if len(r.logs) > 0 {
		for _, t := range r.conventions {
			writeConventions(l, t)
		}
	}
	for _, m := range r.models {
		r.modelClaims(l, m)
	}
	erlangClaim(l, r.erlang)
}

// exchangedRowNotes adds to the sensitivity of each unexplained differing
// Table 3 cell of log (not a stand-in) whether it lies within the paper's
// row of the other log (the rows exchanged, workConsistency): a
// measurement, not a reason — the exchange is a convention of the paper's
// side that no table-wide count has justified.
func exchangedRowNotes(cells []cell, log, other string) {
	for i := range cells {
		c := &cells[i]
		if c.standIn != "" || c.reason != "" || c.want().Accepts(c.ours) {
			continue
		}
		t := table3[other].text(c.k)
		where := "beyond"
		if ledger.Printed(t, c.se).Accepts(c.ours) {
			where = "within"
		}
		note := fmt.Sprintf("against the paper's %s row, %s, it is %s (the rows exchanged: table3/%s/within-table4-groups)", other, t, where, log)
		if c.sensitivity != "" {
			note = c.sensitivity + "; " + note
		}
		c.sensitivity = note
	}
}

// subsampleSeeds is the number of random subsamples of 500 jobs measured
// for subsampleReason (the rule: a random reason holds at every seed
// measured, at least 3).
const subsampleSeeds = 3

// subsampleReason is the reason of a failed KS re-test on 1000 jobs when
// subsamples of 500 (the paper's "between 500 and 1000") pass, one
// reading measured at len(p500) seeds (their p-values): "" when none
// passes; a reason only when every one passes (ledger.Entry.ExplainedBy).
func subsampleReason(p500 []float64) (ledger.Found, string) {
	held := 0
	ps := make([]string, len(p500))
	for i, p := range p500 {
		if p >= 0.05 {
			held++
		}
		ps[i] = fmt.Sprintf("%.3f", p)
	}
	if held == 0 {
		return ledger.OneReading(), ""
	}
	return ledger.OneReading().AtSeeds(held, len(p500)), fmt.Sprintf("with subsamples of 500 jobs (the paper's lower end) the p-values are %s at %d seeds (it passes at 0.05 or more)",
		strings.Join(ps, ", "), len(p500))
}

// meanEntries records the means α1·β1 and α2·β2 of a hyper-Gamma row
// against the products of the paper's printed α and β: results of our
// own (a diagnostic, not a claim of the paper: it prints α and β, whose
// cells are its claims, and the product repeats them), showing whether a
// shape and scale that differ trade off along the likelihood's ridge
// while the Gamma's mean agrees. Not comparable on a stand-in log
// (standIn, as its α and β). Tolerance: the rounding of the printed α·β
// plus twice the delta-method SE of ours.
func meanEntries(l *ledger.Ledger, item, prefix, what string, paper printedRow, ours, se [2]float64, seHow, standIn string) {
	v := paper.values()
	for k := range 2 {
		a, b := v[2*k], v[2*k+1]
		ha, hb := halfUnit(paper.text(2*k)), halfUnit(paper.text(2*k+1))
		rounding := a*hb + b*ha
		onStandIn(l.Own(item, fmt.Sprintf("%s/mean%d", prefix, k+1),
			fmt.Sprintf("%s, mean of Gamma %d: ours α%d·β%d against the product of the paper's printed α%d and β%d (the shape and scale trade off along the likelihood's ridge and the mean agrees; SE: delta method, %s)", what, k+1, k+1, k+1, k+1, k+1, seHow),
			ledger.Stated(ledger.Format(a*b, 4), ledger.Near(a*b, rounding+2*se[k])), ours[k]).
			Quoting("the salient features of the Gamma distribution depend on produts of these parameters"), standIn)
	}
}

// halfUnit is half a unit of the last digit of a printed number.
func halfUnit(text string) float64 {
	decimals := 0
	if i := strings.IndexByte(text, '.'); i >= 0 {
		decimals = len(text) - i - 1
	}
	return 0.5 * math.Pow(10, -float64(decimals))
}

// modelClaims records a model row of Table 2 or 3: recomputed from the
// paper's rows (checks of its arithmetic) and from ours (stand-ins).
//
// The average model is the geometric mean of the rows' α and β and, the
// text says, the arithmetic mean of p; a cell that differs says what every
// other reading gives (averageMeasured: the other means, weighted by the
// logs' jobs or not, the Gamma's moments, and subsets of the logs). The
// geometric mean of p is an erratum of the paper's arithmetic (pErratum):
// a check, and a reason only as any reading is — the best of the readings
// measured (ledger.AmongReadings), counted apart. The search model
// depends on choices the paper leaves open (lublin.SearchHyperGamma
// documents ours); its tolerance is the printed digit plus the rows'
// rounding carried to the grid point chosen (gridRounding), and a cell
// that differs says whether the printed value is a point of the search
// grid at all and what the search's other options choose (searchMeasured).
func (r *RuntimesResult) modelClaims(l *ledger.Ledger, m modelRow) {
	item := m.table
	tab := map[string]string{"Table 2": "table2", "Table 3": "table3"}[item]
	at := averageTables[0]
	if item == "Table 3" {
		at = averageTables[1]
	}
	for k, col := range hgColumns[:5] {
		id := fmt.Sprintf("%s/%s/%s", tab, m.model, col.id)
		text := m.text.text(k)
		var col4 []float64
		var texts []string
		for _, name := range paperLogNames {
			col4, texts = append(col4, at.rows[name].values()[k]), append(texts, at.rows[name].text(k))
		}
		want, rounding := at.averageWant(k)
		value := hgValue(m.fromPaper, k)
		if m.model == "search" {
			rounding = gridRounding(col4, texts, value, k < 4)
			want = ledger.Printed(text, rounding/2)
		}
		what := fmt.Sprintf("%s model, %s", m.model, col.name)
		e := paperRowsCheck(l, item, id+"/paper-rows", what, text, value, rounding,
			map[string]string{"average": "the paper's arithmetic: the means of its printed rows",
				"search": "our search procedure run on the paper's printed rows"}[m.model])
		switch {
		case e.Verdict != ledger.Differs:
		// A bound that brings nothing within is a measurement, not a reason.
		case m.model == "search":
			e.Measured(searchMeasured(m, k, col4, texts, text))
		case k == 4 && want.Accepts(geoMean(col4)) && pErratum().Justified():
			t := pErratum()
			readings, _, n := averageMeasured(at, k)
			e.ExplainedBy(ledger.AmongReadings(n).WithTally(t), fmt.Sprintf("an erratum of the paper's arithmetic, itself a check: with the geometric mean, as for α and β (the text says the arithmetic mean was used for p), it is %.4g, within %s; "+
				"over the average p of Tables 2 and 3 the geometric mean brings %d of %d within against %d as the text says (ledger.Tally); the best of the %s",
				geoMean(col4), want.Tolerance(), t.Within, t.N, t.AsComputed, readings))
		default:
			readings, best, n := averageMeasured(at, k)
			if best >= 0 { // a reading justified over the 10 cells that brings this one within
				v, _ := averageReadings[best].value(at.hyperGammas(), k)
				e.ExplainedBy(ledger.AmongReadings(n).WithTally(readingTally(best)), fmt.Sprintf("under the reading %q it is %.4g, within %s; the best of the %s", averageReadings[best].name, v, want.Tolerance(), readings))
				break
			}
			e.Measured(fmt.Sprintf("no reading of the paper's printed rows gives it (%s; the rows' rounding moves the text's by at most %s); %s; %s: "+
				"the printed average was computed from other values than the printed rows", readings, ledger.Format(rounding, 2),
				subsetMeans(col4, paperLogNames, m.text.values()[k], want), needsText(col4, m.text.values()[k])))
		}
		standInModel(l, item, id+"/ours", what+", from our logs", text, m.logs, hgValue(m.ours, k))
	}
}

// pErratum counts, over the average models' p of Tables 2 and 3, the
// paper's printed value against the arithmetic mean of its printed rows
// (as the text says) and against their geometric mean (as for α and β):
// the tally of the erratum "the paper averaged p geometrically". It is
// the rule for a value derived from the paper's own numbers: such a value
// is a check, and so is an erratum of the paper's arithmetic, which
// explains a failing check only as any reading does (ledger.Tally), the
// text's description of its own computation being what the check tests.
func pErratum() ledger.Tally {
	var t ledger.Tally
	for _, tab := range []struct {
		rows    map[string]printedRow
		average printedRow
	}{{table2, table2Average}, {table3, table3Average}} {
		var col []float64
		var rounding float64
		for _, name := range paperLogNames {
			col = append(col, tab.rows[name].values()[4])
			rounding += halfUnit(tab.rows[name].text(4)) / 4
		}
		want := ledger.Printed(tab.average.text(4), rounding/2)
		t.Add(want.Accepts(mean(col)), want.Accepts(geoMean(col)))
	}
	return t
}

// subsetMeans measures the model value as a mean over some of the logs
// (as Table 1's model leaves LANL out): every geometric, arithmetic and
// harmonic mean and empirical median (a row's value) of 2 or 3 of the rows (names), and says which
// give want (the printed paper value) or, if none does, which comes
// closest to paper (on a log scale). A subset the text does
// not state is a measurement, never a reason.
func subsetMeans(col []float64, names []string, paper float64, want ledger.Expectation) string {
	type mean struct {
		name string
		f    func([]float64) float64
	}
	means := []mean{{"geometric", geoMean}, {"arithmetic", func(x []float64) float64 { return stat.Mean(x, nil) }},
		{"harmonic", func(x []float64) float64 { return stat.HarmonicMean(x, nil) }}, {"median", median}}
	var hits []string
	best, bestGap := "", math.Inf(1)
	for set := 1; set < 1<<len(col)-1; set++ {
		var x []float64
		var of []string
		for i := range col {
			if set&(1<<i) != 0 {
				x, of = append(x, col[i]), append(of, names[i])
			}
		}
		if len(x) < 2 {
			continue
		}
		for _, m := range means {
			v := m.f(x)
			what := fmt.Sprintf("%s of %s %.4g", m.name, strings.Join(of, ", "), v)
			if want.Accepts(v) {
				hits = append(hits, what)
			}
			if gap := math.Abs(math.Log(v / paper)); gap < bestGap {
				best, bestGap = what, gap
			}
		}
	}
	if len(hits) > 0 {
		return fmt.Sprintf("over 2 or 3 of the %d rows (a subset the text does not state) %s gives it", len(col), strings.Join(hits, "; "))
	}
	return fmt.Sprintf("nor does any of these means or the median over 2 or 3 of the %d rows (closest: %s)", len(col), best)
}

// searchGrids are the readings of §5.2's "three values which divide the
// range into equal parts", as fractions of the range.
var searchGrids = []struct {
	name string
	at   [3]float64
}{
	{"quarter points", [3]float64{1. / 4, 2. / 4, 3. / 4}},
	{"ends and middle", [3]float64{0, 1. / 2, 1}},
	{"centres of thirds", [3]float64{1. / 6, 3. / 6, 5. / 6}},
}

// geoMean is the geometric mean of positive x.
func geoMean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += math.Log(v)
	}
	return math.Exp(s / float64(len(x)))
}

func hgValue(h fit.HyperGamma, k int) float64 {
	return []float64{h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P}[k]
}

// countModes counts the local maxima of h's density on a grid of ln
// runtime 0–15 (0.01 apart).
func countModes(h fit.HyperGamma) int {
	n := 0
	prev, cur := h.Prob(0), h.Prob(0.01)
	for x := 0.02; x <= 15; x += 0.01 {
		next := h.Prob(x)
		if cur > prev && cur >= next {
			n++
		}
		prev, cur = cur, next
	}
	return n
}
