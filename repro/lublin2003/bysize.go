package lublin2003

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

var lineColumns = columns("a:a", "b:b", "D_n:dn")

// BySizeResult is §6: the correlation of size and runtime, runtimes by
// size group (Fig. 4, Table 4, Fig. 5), p linear in size (Table 5, Fig. 7)
// and the runtime procedure (Fig. 6, checked by sampling the paper's model).
type BySizeResult struct {
	// Fig4 and Fig7 have one plot per log: runtime CDFs of three size
	// groups of roughly equal job counts, and (Fig. 7) the model with p
	// from the line beside each group's data.
	Fig4, Fig7 []*plot.Plot
	// Fig5 draws each of SDSC96's Table 4 groups against its own model.
	Fig5 []*plot.Plot
	// Table4 and Table5 compare our fits with the paper's rows
	// (compareFrame); Table 4 uses the paper's size groups.
	Table4, Table5 dataframe.DataFrame
	// PGroups lists the 8 groups of the p line per log: log, sizes, jobs,
	// mean_size, p.
	PGroups dataframe.DataFrame

	logs        []bySizeLog
	fig6        []fig6Size
	fig6Samples int
}

type bySizeLog struct {
	log          paperLog
	missing      bool
	corr         float64           // Pearson correlation of size and runtime, completed jobs
	medians      []float64         // median ln runtime of each default size group
	groups       []lublin.GroupFit // Table 4: the paper's groups
	line         lublin.PLineFit
	lineBetter   int // default groups where p from the line fits better than the single model (Fig. 7)
	groupBetter  int // Table 4 groups whose own model fits better than the log's single model (Fig. 5)
	defaultCount int
}

// fig6Size is the runtime procedure sampled for one size.
type fig6Size struct {
	size           int
	mean, expected float64 // sample mean of ln runtime; p·α1β1 + (1−p)·α2β2
}

// BySize fits §6 on the paper's logs.
func (s *Study) BySize(ctx context.Context) (*BySizeResult, error) {
	return s.bySize.Get(func() (*BySizeResult, error) {
		fits, err := s.paperFits(ctx)
		if err != nil {
			return nil, err
		}
		r := &BySizeResult{}
		var t4, t5 []compareRow
		for _, f := range fits {
			bl := bySizeLog{log: f.log, missing: f.missing}
			if f.missing {
				r.logs = append(r.logs, bl)
				continue
			}
			tr, err := s.trace(f.log)
			if err != nil {
				return nil, err
			}
			if err := r.logFigures(&bl, tr, f.fit); err != nil {
				return nil, err
			}
			var bounds []int
			for _, g := range table4[f.log.Paper][:len(table4[f.log.Paper])-1] {
				bounds = append(bounds, g.MaxSize)
			}
			gf, err := s.fit(f.log, bounds, lublin.AllClasses, false)
			if err != nil {
				return nil, err
			}
			bl.groups, bl.line = gf.RuntimeGroups, f.fit.PLine
			for g, grp := range bl.groups {
				if g < len(table4[f.log.Paper]) && grp.Err == "" {
					t4 = append(t4, compareRow{log: fmt.Sprintf("%s %d–%d", f.log.Paper, grp.MinSize, grp.MaxSize),
						ours: mixtureValues(grp.Runtime), paper: table4[f.log.Paper][g].values()})
				}
			}
			if f.log.Paper == "SDSC96" {
				if err := r.fig5(&bl, tr, f.fit); err != nil {
					return nil, err
				}
			}
			t5 = append(t5, compareRow{log: f.log.Paper, ours: []float64{bl.line.Slope, bl.line.Intercept, bl.line.KS.D},
				paper: []float64{table5[f.log.Paper].A, table5[f.log.Paper].B, table5[f.log.Paper].D}})
			r.logs = append(r.logs, bl)
		}
		r.Table4, r.Table5 = compareFrame(hgColumns, t4), compareFrame(lineColumns, t5)
		r.PGroups = r.pGroupFrame()
		r.sampleFig6(s.o.SeedOr(), s.o.Reps(400_000, 40_000))
		return r, nil
	})
}

// completedRuntimes returns ln runtime and size of the completed jobs
// (status 1; a code outside SWF's is not completed) of tr that ran more
// than a second and have a known size.
func completedRuntimes(tr *datasets.Trace) (lr []float64, size []int) {
	for i := range tr.JobID {
		if tr.Status[i] == datasets.StatusCompleted && tr.Runtime[i] > 1 && tr.Procs[i] >= 1 {
			lr, size = append(lr, math.Log(tr.Runtime[i])), append(size, tr.Procs[i])
		}
	}
	return lr, size
}

// inGroup returns the values of x whose size lies in [lo, hi].
func inGroup(x []float64, size []int, lo, hi int) []float64 {
	var out []float64
	for i, v := range x {
		if size[i] >= lo && size[i] <= hi {
			out = append(out, v)
		}
	}
	return out
}

// logFigures computes the correlation, Fig. 4 and Fig. 7 of one log.
func (r *BySizeResult) logFigures(bl *bySizeLog, tr *datasets.Trace, f lublin.LogFit) error {
	lr, size := completedRuntimes(tr)
	var rt, sz []float64
	for i := range tr.JobID {
		if tr.Status[i] == datasets.StatusCompleted && tr.Runtime[i] >= 0 && tr.Procs[i] >= 1 {
			rt, sz = append(rt, tr.Runtime[i]), append(sz, float64(tr.Procs[i]))
		}
	}
	bl.corr = stat.Correlation(sz, rt, nil)
	h := f.Runtime.HyperGamma
	line := f.Class("all", 0).Runtime
	var c4, c7 []lublinplot.Curve
	for _, g := range f.RuntimeGroups {
		v := inGroup(lr, size, g.MinSize, g.MaxSize)
		sorted := slices.Clone(v)
		slices.Sort(sorted)
		bl.medians = append(bl.medians, stat.Quantile(0.5, stat.Empirical, sorted, nil))
		c4 = append(c4, lublinplot.Curve{Label: fmt.Sprintf("sizes %d–%d (%d jobs)", g.MinSize, g.MaxSize, len(v)), Values: v})
		// Fig. 7: the group's model has the mean p of its jobs from the line.
		psum := 0.0
		for i := range lr {
			if size[i] >= g.MinSize && size[i] <= g.MaxSize {
				psum += line.P(size[i])
			}
		}
		hl := h
		hl.P = psum / float64(len(v))
		if fit.KS(v, hl.CDF).D < fit.KS(v, h.CDF).D {
			bl.lineBetter++
		}
		bl.defaultCount++
		c7 = append(c7, lublinplot.Curve{Label: fmt.Sprintf("%d–%d data", g.MinSize, g.MaxSize), Values: v},
			lublinplot.Curve{Label: fmt.Sprintf("%d–%d model (p = %.2f)", g.MinSize, g.MaxSize, hl.P), CDF: hl.CDF})
	}
	p4, err := lublinplot.CDFs(c4, plots.Axes{Title: "Fig. 4: " + bl.log.Paper + ", runtime by size", XLabel: "ln runtime [s]", LegendLeft: true})
	if err != nil {
		return err
	}
	p7, err := lublinplot.CDFs(c7, plots.Axes{Title: "Fig. 7: " + bl.log.Paper + ", model with p linear in size", XLabel: "ln runtime [s]", LegendLeft: true})
	if err != nil {
		return err
	}
	r.Fig4, r.Fig7 = append(r.Fig4, p4), append(r.Fig7, p7)
	return nil
}

// fig5 draws each Table 4 group of the log against its own model.
func (r *BySizeResult) fig5(bl *bySizeLog, tr *datasets.Trace, f lublin.LogFit) error {
	lr, size := completedRuntimes(tr)
	for _, g := range bl.groups {
		if g.Err != "" {
			continue
		}
		v := inGroup(lr, size, g.MinSize, g.MaxSize)
		if g.Runtime.KS.D < fit.KS(v, f.Runtime.HyperGamma.CDF).D {
			bl.groupBetter++
		}
		p, err := lublinplot.CDFs([]lublinplot.Curve{{Label: "data", Values: v},
			{Label: "hyper-Gamma of the group", CDF: g.Runtime.HyperGamma.CDF},
			{Label: "hyper-Gamma of the whole log", CDF: f.Runtime.HyperGamma.CDF}},
			plots.Axes{Title: fmt.Sprintf("Fig. 5: %s sizes %d–%d, D_n = %.3f", bl.log.Paper, g.MinSize, g.MaxSize, g.Runtime.KS.D),
				XLabel: "ln runtime [s]", LegendLeft: true})
		if err != nil {
			return err
		}
		r.Fig5 = append(r.Fig5, p)
	}
	return nil
}

// sampleFig6 draws n ln runtimes for a serial job and a 128-processor job
// from the paper's model with the procedure of Fig. 6.
func (r *BySizeResult) sampleFig6(seed uint64, n int) {
	p, err := lublin.PaperParams(128)
	if err != nil {
		panic(err) // 128 processors is a valid machine for the paper's model
	}
	rt := p.Classes[0].Runtime
	rng := rand.New(rand.NewPCG(seed, 6))
	r.fig6Samples = n
	for _, size := range []int{1, 128} {
		sum := 0.0
		for range n {
			sum += rt.LogRand(rng, size, 0)
		}
		q := rt.P(size)
		r.fig6 = append(r.fig6, fig6Size{size: size, mean: sum / float64(n),
			expected: q*rt.Alpha1*rt.Beta1 + (1-q)*rt.Alpha2*rt.Beta2})
	}
}

func (r *BySizeResult) pGroupFrame() dataframe.DataFrame {
	var logs, sizes []string
	var jobs []int
	var meanSize, p []float64
	for _, bl := range r.logs {
		for _, g := range bl.line.Groups {
			logs, sizes = append(logs, bl.log.Paper), append(sizes, fmt.Sprintf("%d–%d", g.MinSize, g.MaxSize))
			jobs, meanSize, p = append(jobs, g.Jobs), append(meanSize, g.MeanSize), append(p, g.P)
		}
	}
	return dataframe.New(series.New(logs, series.String, "log"), series.New(sizes, series.String, "sizes"),
		series.New(jobs, series.Int, "jobs"), series.New(meanSize, series.Float, "mean_size"), series.New(p, series.Float, "p"))
}

// correlationText is what §6.1 says of the correlation coefficients.
var correlationText = map[string]ledger.Expectation{
	"KTH":    ledger.Stated("0.02", ledger.Near(0.02, 0.05)),
	"SDSC96": ledger.Stated("0.40", ledger.Approx(0.40, paramTolerance)),
	"LANL":   ledger.Stated("between 0.02 and 0.40", ledger.Between(0.02, 0.40)),
}

// Claims checks §6: the correlations of §6.1, Figs 4, 5 and 7 as the
// paper reads them, every cell of Tables 4 and 5 with Table 5's model row,
// and the runtime procedure of Fig. 6.
func (r *BySizeResult) Claims(l *ledger.Ledger) {
	var as, bs []float64
	for _, bl := range r.logs {
		name := bl.log.Paper
		if bl.missing {
			for g, row := range table4[name] {
				unavailableRow(l, "Table 4", fmt.Sprintf("table4/%s/%d", name, g+1), fmt.Sprintf("%s sizes %d–%d: ln runtime", name, row.MinSize, row.MaxSize),
					hgColumns, row.values(), sdsc95)
			}
			t5 := table5[name]
			unavailableRow(l, "Table 5", "table5/"+name, name+": p = a·size + b", lineColumns, []float64{t5.A, t5.B, t5.D}, sdsc95)
			continue
		}
		l.Check("§6.1", "corr/"+name, name+": correlation coefficient of size and runtime (completed jobs)",
			correlationText[name], bl.corr).Quoting("ranging from 0.02 for KTH to 0.40 for SDSC96")
		largest := bl.medians[len(bl.medians)-1]
		longest := true
		for _, m := range bl.medians[:len(bl.medians)-1] {
			longest = longest && largest > m
		}
		l.Claim("Fig. 4", "fig4/"+name+"/large-jobs-longer", name+": the largest jobs run longer (the largest size group's median ln runtime exceeds the others')",
			longest, fmt.Sprintf("medians %s", fmtList(bl.medians))).Quoting("larger jobsgenerally have a longer runtime")
		if name == "SDSC96" {
			l.Claim("Fig. 4", "fig4/SDSC96/ordered", "SDSC96: median runtime grows from group to group (clearly seen in the SDSC logs)",
				slices.IsSorted(bl.medians), fmt.Sprintf("medians %s", fmtList(bl.medians))).Quoting("This is learly seen in the SDSC logs.")
		}
		for g, grp := range bl.groups {
			if g >= len(table4[name]) {
				break
			}
			row := table4[name][g]
			prefix := fmt.Sprintf("table4/%s/%d", name, g+1)
			what := fmt.Sprintf("%s sizes %d–%d (paper %d–%d): ln runtime", name, grp.MinSize, grp.MaxSize, row.MinSize, row.MaxSize)
			if grp.Err != "" {
				l.Failed("Table 4", prefix+"/alpha1", what+", α1", ledger.Approx(row.Alpha1, paramTolerance), fmt.Errorf("%s", grp.Err))
				continue
			}
			checkHyperGamma(l, "Table 4", prefix, what, mixtureValues(grp.Runtime), row.hgRow)
		}
		if n := len(bl.groups); n >= 2 && bl.groups[0].Err == "" && bl.groups[n-1].Err == "" {
			p0, p1 := bl.groups[0].Runtime.HyperGamma.P, bl.groups[n-1].Runtime.HyperGamma.P
			l.Claim("Table 4", "table4/"+name+"/weights-shift", name+": the weight p of the short Gamma falls from the smallest to the largest size group",
				p0 > p1, fmt.Sprintf("p %.2f → %.2f", p0, p1)).Quoting("aording to the range of sizes")
		}
		if name == "SDSC96" {
			l.Claim("Fig. 5", "fig5/SDSC96/groups-fit-better", "SDSC96: each size group's own model fits its runtimes better than the whole log's model",
				bl.groupBetter == len(bl.groups), fmt.Sprintf("%d of %d groups", bl.groupBetter, len(bl.groups))).
				Quoting("This yields a good �t as measured by the Kolmogorov-Smirnov method")
		}
		t5 := table5[name]
		checkRow(l, "Table 5", "table5/"+name, name+": p = a·size + b", lineColumns,
			[]float64{bl.line.Slope, bl.line.Intercept, bl.line.KS.D}, []float64{t5.A, t5.B, t5.D})
		l.Claim("Table 5", "table5/"+name+"/a-negative", name+": a < 0 (p falls as size grows)", bl.line.Slope < 0,
			fmt.Sprintf("a = %.5f", bl.line.Slope)).Quoting("Given that p should derease as s inreases, a will be negative")
		as, bs = append(as, bl.line.Slope), append(bs, bl.line.Intercept)
		l.Claim("Fig. 7", "fig7/"+name+"/line-better", name+": with p from the line, the model fits more size groups than the same model for all sizes",
			2*bl.lineBetter > bl.defaultCount, fmt.Sprintf("better on %d of %d groups", bl.lineBetter, bl.defaultCount)).
			Quoting("it is muh moreaurate than using the same model for all sizes")
	}
	var pa, pb []float64
	for _, name := range paperLogNames {
		pa, pb = append(pa, table5[name].A), append(pb, table5[name].B)
	}
	l.Check("Table 5", "table5/model/a/paper-rows", "model a, the mean of the paper's rows", ledger.Approx(table5Model.A, 0.03), mean(pa))
	l.Check("Table 5", "table5/model/b/paper-rows", "model b, the mean of the paper's rows", ledger.Approx(table5Model.B, 0.03), mean(pb))
	checkOurs(l, "Table 5", "table5/model/a/ours", "model a, the mean of our logs' (no SDSC95)", ledger.Approx(table5Model.A, paramTolerance), len(as), mean(as))
	checkOurs(l, "Table 5", "table5/model/b/ours", "model b, the mean of our logs' (no SDSC95)", ledger.Approx(table5Model.B, paramTolerance), len(bs), mean(bs))
	for _, f := range r.fig6 {
		l.Check("Fig. 6", fmt.Sprintf("fig6/size%d/mean", f.size),
			fmt.Sprintf("mean ln runtime of %d jobs of size %d drawn from the paper's model (Fig. 6's procedure)", r.fig6Samples, f.size),
			ledger.Stated(fmt.Sprintf("p·α1β1 + (1−p)·α2β2 = %.3f", f.expected), ledger.Approx(f.expected, 0.01)), f.mean).
			Quoting("is orrelated with the job size")
	}
}

func fmtList(x []float64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = fmt.Sprintf("%.2f", v)
	}
	return strings.Join(s, ", ")
}
