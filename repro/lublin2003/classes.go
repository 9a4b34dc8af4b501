package lublin2003

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

// classesLog is the log of §8.1: SDSC's Paragon marks interactive jobs by
// queue 0 ("interactive" in its header).
var classesLog = paperLogs[1] // SDSC96

// ClassesResult is §8: interactive and batch jobs of SDSC96 fitted
// separately, and Fig. 10, their runtime distributions.
type ClassesResult struct {
	Fig10 *plots.Figure // nil when SDSC-Par-1996 is not available
	// Frame has one row per class: class, jobs, p1, p2, α1, β1, α2, β2, p,
	// a, b, peak α, peak β, ARAR, daily α, daily β.
	Frame dataframe.DataFrame

	classes map[lublin.ClassFilter]classStats
	missing bool // SDSC-Par-1996 is not available
	removed int  // jobs the archive's cleaning removed from our version
	// byUser is the jobs the cleaning removed, given each filter's user's
	// larger class among its completed jobs left in our version (a guess:
	// the class of a removed job is not known), and byUserText says so.
	byUser     map[lublin.ClassFilter]int
	byUserText string
	// standIn gives, by entry id, why a number of SDSC96 stands in for
	// the paper's (our version is another, versionOf); nil when it does
	// not.
	standIn map[string]string
	// version says why our SDSC96 stands in for the paper's
	// (logVersion.short), "" when it does not: every statement of §8 is
	// then measured on a stand-in (onStandIn).
	version string
}

// classStats are the numbers §8 compares between the classes.
type classStats struct {
	fit                           lublin.LogFit
	jobs, serial, over32, maxSize int
	everyJob                      int // jobs of the class whatever their status
	// byPartition is the completed jobs of the class by partition rather
	// than queue (interactive: a partition the header names interactive),
	// −1 when the header names none.
	byPartition                int
	meanSize, medianLogRuntime float64
	corr, corrSE               float64 // size and runtime, its bootstrap SE
	dailyCV                    float64 // CV of the 48 slot shares
}

// Classes fits SDSC96's interactive and batch jobs separately.
func (s *Study) Classes(ctx context.Context) (*ClassesResult, error) {
	return s.classes.Get(func() (*ClassesResult, error) {
		r := &ClassesResult{classes: map[lublin.ClassFilter]classStats{}}
		tr, err := s.trace(classesLog)
		if missing(err) {
			r.missing = true
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		var curves []lublinplot.Curve
		for k, cl := range []lublin.ClassFilter{lublin.InteractiveJobs, lublin.BatchJobs} {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			f, err := s.fit(classesLog, nil, cl, false)
			if err != nil {
				return nil, err
			}
			x, _, _, err := lublin.AttributeValues(tr, datasets.Runtime, lublin.AttrOptions{Class: cl})
			if err != nil {
				return nil, err
			}
			st := classStats{fit: f, dailyCV: cv(shares(f.Daily.Counts))}
			if err := st.count(tr, f.InteractiveQueues, cl, s.o.Reps(200, 50), s.o.SeedOr()); err != nil {
				return nil, err
			}
			st.byPartition = partitionCount(tr, cl)
			sorted := slices.Clone(x)
			slices.Sort(sorted)
			st.medianLogRuntime = stat.Quantile(0.5, stat.Empirical, sorted, nil)
			r.classes[cl] = st
			h := f.Runtime.HyperGamma
			curves = append(curves, lublinplot.Curve{Label: cl.String() + " jobs", Values: x, Color: k + 1},
				lublinplot.Curve{Label: cl.String() + " jobs, hyper-Gamma", CDF: h.CDF, Color: k + 1, Dashed: true})
		}
		p, err := lublinplot.CDFs(curves, plots.Axes{Title: "SDSC96: " + plots.Label(classesLog.Catalog), XLabel: "ln runtime [s]"})
		if err != nil {
			return nil, err
		}
		r.Fig10 = figure("Fig. 10", "runtimes of interactive and batch jobs",
			"interactive and batch jobs' runtimes (in log space) against their hyper-Gamma models (the ledger's Fig. 10 entries)", 1, p)
		r.Frame = r.frame()
		if r.removed, _, err = removedIn(tr); err != nil {
			return nil, err
		}
		if r.byUser, r.byUserText, err = removedByUserClass(tr, r.classes[lublin.InteractiveJobs].fit.InteractiveQueues); err != nil {
			return nil, err
		}
		if v := s.version(classesLog); v.standIn {
			r.version = v.short
			if err := s.classesStandIn(r); err != nil {
				return nil, err
			}
		}
		return r, nil
	})
}

// partitionCount counts the completed jobs of class cl by partition
// (interactive: a partition the header's "Partition: N interactive" lines
// name; batch: any other known partition), −1 when no line names one.
func partitionCount(tr *datasets.Trace, cl lublin.ClassFilter) int {
	var interactive []int
	for _, line := range tr.Header.Lines {
		k, v, ok := strings.Cut(line, ":")
		f := strings.Fields(v)
		if !ok || strings.TrimSpace(k) != "Partition" || len(f) != 2 || f[1] != "interactive" {
			continue
		}
		if n, err := strconv.Atoi(f[0]); err == nil {
			interactive = append(interactive, n)
		}
	}
	if len(interactive) == 0 {
		return -1
	}
	n := 0
	for i := range tr.JobID {
		if tr.Status[i] == datasets.StatusCompleted && tr.Partition[i] >= 0 && slices.Contains(interactive, tr.Partition[i]) == (cl == lublin.InteractiveJobs) {
			n++
		}
	}
	return n
}

// removedByUserClass gives the jobs each cleaning filter of tr's header
// removed to its user's larger class among that user's completed jobs left
// in tr (interactive: a queue of interactive), and says how they split; a
// filter without a user is left out (nothing to guess from).
func removedByUserClass(tr *datasets.Trace, interactive []int) (map[lublin.ClassFilter]int, string, error) {
	filters, err := tr.Header.CleaningFilters()
	if err != nil {
		return nil, "", fmt.Errorf("lublin2003: %s: %w", tr.Name, err)
	}
	by := map[lublin.ClassFilter]int{}
	var users []string
	for _, c := range filters {
		if c.User < 0 {
			continue
		}
		var in, ba int
		for i := range tr.JobID {
			if tr.User[i] != c.User || tr.Status[i] != datasets.StatusCompleted || tr.Queue[i] < 0 {
				continue
			}
			if slices.Contains(interactive, tr.Queue[i]) {
				in++
			} else {
				ba++
			}
		}
		cl := lublin.BatchJobs
		if in > ba {
			cl = lublin.InteractiveJobs
		}
		by[cl] += c.Removed
		users = append(users, fmt.Sprintf("user %d (%d removed): %d interactive, %d batch", c.User, c.Removed, in, ba))
	}
	return by, strings.Join(users, "; "), nil
}

// classesStandIn sets the stand-in reasons of §8's numbers of SDSC96 with
// the reach of the version difference on each (the same numbers without
// the most active users' jobs, reach).
func (s *Study) classesStandIn(r *ClassesResult) error {
	rr, err := s.reach(classesLog)
	if err != nil {
		return err
	}
	moved := map[lublin.ClassFilter]classStats{}
	for cl, st := range r.classes {
		var m classStats
		if err := m.count(rr.trace, st.fit.InteractiveQueues, cl, 0, 0); err != nil {
			return err
		}
		moved[cl] = m
	}
	in, ba := lublin.InteractiveJobs, lublin.BatchJobs
	r.standIn = map[string]string{
		"classes/batch/max-size": s.standInText(classesLog, "256", 0, float64(r.classes[ba].maxSize), float64(moved[ba].maxSize)),
		"classes/serial-ratio": s.standInText(classesLog, "2", 0, float64(r.classes[ba].serial)/float64(r.classes[in].serial),
			float64(moved[ba].serial)/float64(moved[in].serial)),
		"classes/batch/corr":       s.standInText(classesLog, "0.35", r.classes[ba].corrSE, r.classes[ba].corr, moved[ba].corr),
		"classes/interactive/corr": s.standInText(classesLog, "0.06", r.classes[in].corrSE, r.classes[in].corr, moved[in].corr),
	}
	return nil
}

// count fills the size statistics of the completed jobs (status 1; a code
// outside SWF's is not completed) of class cl (interactive: a queue of
// interactive; batch: any other known queue).
func (st *classStats) count(tr *datasets.Trace, interactive []int, cl lublin.ClassFilter, reps int, seed uint64) error {
	var size, rt []float64
	for i := range tr.JobID {
		if tr.Queue[i] < 0 || slices.Contains(interactive, tr.Queue[i]) != (cl == lublin.InteractiveJobs) {
			continue
		}
		st.everyJob++
		if tr.Status[i] != datasets.StatusCompleted {
			continue
		}
		st.jobs++
		p := tr.Procs[i]
		if p < 1 {
			continue
		}
		if p == 1 {
			st.serial++
		}
		if p > 32 {
			st.over32++
		}
		st.maxSize = max(st.maxSize, p)
		size = append(size, float64(p))
		if tr.Runtime[i] >= 0 {
			rt = append(rt, tr.Runtime[i])
		} else {
			rt = append(rt, math.NaN())
		}
	}
	if len(size) == 0 {
		return fmt.Errorf("lublin2003: no %s jobs in %s", cl, tr.Name)
	}
	st.meanSize = stat.Mean(size, nil)
	var s2, r2 []float64
	for i := range size {
		if !math.IsNaN(rt[i]) {
			s2, r2 = append(s2, size[i]), append(r2, rt[i])
		}
	}
	st.corr = stat.Correlation(s2, r2, nil)
	if reps > 0 {
		st.corrSE = correlationSE(s2, r2, reps, seed)
	}
	return nil
}

// cv is the coefficient of variation of x.
func cv(x []float64) float64 {
	m, sd := stat.MeanStdDev(x, nil)
	return sd / m
}

func (r *ClassesResult) frame() dataframe.DataFrame {
	names := []string{"class", "jobs", "p1", "p2", "α1", "β1", "α2", "β2", "p", "a", "b", "peak α", "peak β", "ARAR", "daily α", "daily β"}
	var class []string
	var jobs []int
	cols := make([][]float64, len(names)-2)
	for _, cl := range []lublin.ClassFilter{lublin.InteractiveJobs, lublin.BatchJobs} {
		f := r.classes[cl].fit
		h, a, d := f.Runtime.HyperGamma, f.Arrival.Peak.Gamma, f.Daily.Gamma.Gamma
		class, jobs = append(class, cl.String()), append(jobs, f.Selected)
		for k, v := range []float64{f.Size.Serial, f.Size.Pow2, h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P,
			f.PLine.Slope, f.PLine.Intercept, a.Alpha, a.Beta, f.Arrival.ARAR, d.Alpha, d.Beta} {
			cols[k] = append(cols[k], v)
		}
	}
	ss := []series.Series{series.New(class, series.String, names[0]), series.New(jobs, series.Int, names[1])}
	for k, n := range names[2:] {
		ss = append(ss, series.New(cols[k], series.Float, n))
	}
	return dataframe.New(ss...)
}

// Claims checks §8's comparison of interactive and batch jobs on SDSC96
// (SDSC95's figures are not available). The words are read by
// ledger.WordRule: "rarely" (a magnitude) as at most 1% of the jobs;
// "about twice" (a likeness) as within the likeness factor of 2, 1.6 to
// 2.5; "dominated by the lower Gamma" (a direction) as a weight above 1/2;
// "decidedly bimodal" (a magnitude) as each Gamma weighing at least 0.2;
// "a bit more than 20000" by the line the paper's own numbers draw
// (batchJobs1996), tighter than ledger.ABit's factor.
func (r *ClassesResult) Claims(l *ledger.Ledger) {
	if r.missing {
		l.MissingLog("Fig. 10", "classes/batch-longer", "SDSC96: batch jobs run longer", "holds", "SDSC96", classesLog.Catalog+" is not available here")
		return
	}
	in, ba := r.classes[lublin.InteractiveJobs], r.classes[lublin.BatchJobs]
	hi, hb := in.fit.Runtime.HyperGamma, ba.fit.Runtime.HyperGamma
	// number records a number of SDSC96: a stand-in when our version is
	// another than the paper's.
	number := func(id, what string, want ledger.Expectation, got float64) *ledger.Entry {
		if why, ok := r.standIn[id]; ok {
			return l.StandIn("Fig. 10", id, what, want, got, why)
		}
		return l.Check("Fig. 10", id, what, want, got)
	}
	number("classes/batch/max-size", "SDSC96: the largest batch job (processors)", ledger.AtMost(256), float64(ba.maxSize)).
		Quoting("bath jobs used up to 256 nodes")
	onStandIn(l.Check("Fig. 10", "classes/interactive/over-32", "SDSC96: fraction of interactive jobs on more than 32 processors",
		ledger.Stated("rarely (≤ 1%)", ledger.AtMost(0.01)), float64(in.over32)/float64(in.jobs)).
		Quoting("interative jobs rarely used more than 32"), r.version)
	number("classes/serial-ratio", "SDSC96: serial batch jobs per serial interactive job",
		ledger.Like("about twice", 2, 0), float64(ba.serial)/float64(in.serial)).
		Quoting("about twie as many bath serial jobs as interative serial jobs")
	onStandIn(l.Claim("Fig. 10", "classes/batch-larger", "SDSC96: batch jobs are larger (mean size)", ba.meanSize > in.meanSize,
		fmt.Sprintf("batch %.1f, interactive %.1f processors", ba.meanSize, in.meanSize)).Quoting("In general bath jobs were larger").Main(), r.version)
	onStandIn(l.Claim("Fig. 10", "classes/batch-pow2", "SDSC96: batch jobs use more power-of-two sizes (p2)", ba.fit.Size.Pow2 > in.fit.Size.Pow2,
		fmt.Sprintf("batch %.3f, interactive %.3f", ba.fit.Size.Pow2, in.fit.Size.Pow2)).Quoting("at least in the 1996 log"), r.version)
	onStandIn(l.Claim("Fig. 10", "classes/batch-longer", "SDSC96: batch jobs run longer (median ln runtime)", ba.medianLogRuntime > in.medianLogRuntime,
		fmt.Sprintf("batch %.2f, interactive %.2f", ba.medianLogRuntime, in.medianLogRuntime)).Quoting("bath jobs in general ran longer").Main(), r.version)
	onStandIn(l.Check("Fig. 10", "classes/interactive/lower-gamma", "SDSC96: weight of the short Gamma in interactive runtimes",
		ledger.Above("dominant", 0.5, 0), hi.P).Quoting("dominated by the lower Gamma"), r.version)
	onStandIn(l.Check("Fig. 10", "classes/batch/bimodal", "SDSC96: weight of the lighter Gamma in batch runtimes",
		ledger.Stated("decidedly bimodal (≥ 0.2)", ledger.AtLeast(0.2)), math.Min(hb.P, 1-hb.P)).Quoting("deidedly bimodal"), r.version)
	number("classes/batch/corr", "SDSC96: correlation of size and runtime, batch jobs (SE: bootstrap)",
		ledger.Printed("0.35", ba.corrSE), ba.corr).Quoting("0.24 and 0.35 for SDSC95and SDSC96").InTable("Fig. 10", "batch", "correlation")
	number("classes/interactive/corr", "SDSC96: correlation of size and runtime, interactive jobs (SE: bootstrap)",
		ledger.Printed("0.06", in.corrSE), in.corr).Quoting("vs. 0.02 and 0.06").InTable("Fig. 10", "interactive", "correlation")
	l.MissingLog("Fig. 10", "classes/SDSC95/corr", "SDSC95: correlation of size and runtime, batch and interactive jobs", "0.24, 0.02", "SDSC95", sdsc95)
	onStandIn(l.Claim("Fig. 10", "classes/batch-a-smaller", "SDSC96: |a| of the p line is smaller for batch jobs",
		math.Abs(ba.fit.PLine.Slope) < math.Abs(in.fit.PLine.Slope),
		fmt.Sprintf("batch %.5f, interactive %.5f", ba.fit.PLine.Slope, in.fit.PLine.Slope)).
		Quoting("For bath jobs the absolute value of a is smaller"), r.version)
	onStandIn(l.Claim("Fig. 10", "classes/batch-gaps-longer", "SDSC96: batch peak-hour inter-arrivals are shifted towards higher values (mean ln gap)",
		ba.fit.Arrival.Peak.Gamma.Mean() > in.fit.Arrival.Peak.Gamma.Mean(),
		fmt.Sprintf("batch %.2f, interactive %.2f", ba.fit.Arrival.Peak.Gamma.Mean(), in.fit.Arrival.Peak.Gamma.Mean())).
		Quoting("the urve for bath jobs is shifted slightlytowards higher values"), r.version)
	onStandIn(l.Claim("Fig. 10", "classes/batch-flatter-day", "SDSC96: batch jobs' daily cycle is flatter (CV of the 48 slot shares)",
		ba.dailyCV < in.dailyCV, fmt.Sprintf("batch %.3f, interactive %.3f", ba.dailyCV, in.dailyCV)).
		Quoting("the daytime highs and the nighttime lows are smaller for bathjobs"), r.version)
	// The paper's log had the jobs the archive's cleaning removed since:
	// counted back, both counts come within reach only together (our
	// values say how many of the removed jobs each needs). A bound: which
	// class the removed jobs were of is not known, so it is no reason.
	both := max(0, interactive1996-in.jobs) + max(0, batchEachYear-ba.jobs)
	interactive := ledger.Printed("17807", 0)
	batch := batchJobs1996()
	l.Check("§8.2", "classes/interactive/jobs-1996", "SDSC96: interactive jobs (completed)",
		interactive, float64(in.jobs)).Quoting("from 55208 jobs to 17807 jobs").
		Measured(classCountMeasured(interactive, in, interactive1996, both, r.removed, r.byUser[lublin.InteractiveJobs], r.byUserText)).AsCheck(inputBasis)
	l.Check("§8.2", "classes/batch/jobs-1996", "SDSC96: batch jobs (completed)",
		batch, float64(ba.jobs)).Quoting("a bit more than 20000").
		Measured(classCountMeasured(batch, ba, batchEachYear, both, r.removed, r.byUser[lublin.BatchJobs], r.byUserText)).AsCheck(inputBasis)
}

// The paper's counts of SDSC's successful jobs: §2's total over 1995 and
// 1996, §8.2's interactive jobs of each year and its "a bit more than
// 20000" batch jobs in each.
const (
	sdscTotal       = 113515
	interactive1995 = 55208
	interactive1996 = 17807
	batchEachYear   = 20000
)

// batchJobs1996 is §8.2's count of SDSC96's batch jobs, "(the number of
// batch jobs remained about the same, a bit more than 20000)", with the
// line the paper's own numbers draw: §2's 113515 successful jobs less
// §8.2's 55208 and 17807 interactive jobs leave 40500 batch jobs for the
// two years, each year's more than 20000, so 1996's lies between 20000 and
// 40500 − 20000 = 20500, both excluded (when §8.2 counts §2's successful
// jobs, as paperCount reads it). It is the paper's line, tighter than
// ledger.ABit's likeness factor (20000 to 25000, ours), which it replaces.
func batchJobs1996() ledger.Expectation {
	both := float64(sdscTotal - interactive1995 - interactive1996)
	lo := math.Nextafter(batchEachYear, math.Inf(1))
	hi := math.Nextafter(both-batchEachYear, math.Inf(-1))
	return ledger.Stated(fmt.Sprintf("a bit more than %d (%d − %d − %d = %.0f batch jobs in 1995 and 1996, more than %d in each year: %d–%.0f)",
		batchEachYear, sdscTotal, interactive1995, interactive1996, both, batchEachYear, batchEachYear, both-batchEachYear), ledger.Between(lo, hi))
}

// classCountMeasured measures §8.2's count of a class of SDSC96 under the
// other selections the text allows (every job of the class, whatever its
// status: §8.2 does not say "completed"; the class by partition rather than
// queue) and says how many of the jobs the
// archive's cleaning removed (removed) it would need, when both classes
// together (both) can be made up by them, and what the class counts
// with the removed jobs given to their users' larger class (guessed of
// them, byUser: how the removed users' jobs left split): a bound and a
// guess, since the class of a removed job is not known, so never a
// reason. "" when there is nothing to say (ours is within).
func classCountMeasured(want ledger.Expectation, st classStats, paper, both, removed, guessed int, byUser string) string {
	if want.Accepts(float64(st.jobs)) {
		return ""
	}
	within := func(n int) string {
		return fmt.Sprintf("%d (%s)", n, map[bool]string{true: "within", false: "not within"}[want.Accepts(float64(n))])
	}
	every := "every job of the class, whatever its status, " + within(st.everyJob)
	if st.byPartition >= 0 {
		every += "; completed, by partition (the header's interactive partition) rather than queue, " + within(st.byPartition)
	}
	if st.jobs >= paper || both > removed {
		return every
	}
	return fmt.Sprintf("%s; the archive's cleaning removed %d jobs from our version (header): the paper's count is within reach if %d of them were of this class (both classes together need %d); "+
		"given to their user's larger class among the completed jobs left (%s), %d of them are of this class, counted back as completed %s; their class is not known, so this is no reason",
		every, removed, paper-st.jobs, both, byUser, guessed, within(st.jobs+guessed))
}
