package cli

import (
	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/lublin"
)

func init() {
	register(&command{name: "model",
		usage: "lublin [LOG] [--jobs completed|all] [--class all|interactive|batch] [--procs P] [--restarts N] [--seed S] " +
			"[--size-fit continuous|rounding] [--format json|table|csv]",
		summary: "fit the Lublin–Feitelson model to a log: every parameter of Tables 1–7",
		run:     runModel})
}

func mixtureRecord(m lublin.MixtureFit) record {
	h := m.HyperGamma
	return record{{"alpha1", h.Alpha1}, {"beta1", h.Beta1}, {"alpha2", h.Alpha2}, {"beta2", h.Beta2}, {"p", h.P},
		{"ks_d", m.KS.D}, {"ks_p", m.KS.P}, {"ks_sub_d", m.KSSub.D}, {"ks_sub_p", m.KSSub.P}, {"ks_sub_n", m.KSSub.N},
		{"loglik", m.LogLik}, {"n", m.N}, {"dropped", m.Dropped}, {"iterations", m.Iterations}, {"converged", m.Converged}}
}

func gammaRecord(g lublin.GammaFit) record {
	return record{{"alpha", g.Gamma.Alpha}, {"beta", g.Gamma.Beta}, {"ks_d", g.KS.D}, {"ks_p", g.KS.P},
		{"ks_sub_d", g.KSSub.D}, {"ks_sub_p", g.KSSub.P}, {"loglik", g.LogLik}, {"n", g.N}, {"dropped", g.Dropped}}
}

func ksD(k fit.KSResult) float64 { return k.D }

func sizeMethodName(m lublin.SizeMethod) string {
	if m == lublin.SizeRounding {
		return "rounding"
	}
	return "continuous"
}

func workRecord(f lublin.LogFit) record {
	if f.WorkErr != "" {
		return record{{"error", f.WorkErr}, {"dropped", f.Work.Dropped}}
	}
	return mixtureRecord(f.Work)
}

// lublinRecord lays out a LogFit table by table.
func lublinRecord(f lublin.LogFit, rule datasets.SizeRule) record {
	s := f.Size
	groups := make([]record, len(f.RuntimeGroups))
	for i, g := range f.RuntimeGroups {
		r := record{{"min_size", g.MinSize}, {"max_size", g.MaxSize}, {"jobs", g.Jobs}, {"mean_size", g.MeanSize}}
		r = append(r, mixtureRecord(g.Runtime)...)
		if g.Err != "" {
			r = append(r, field{"error", g.Err})
		}
		groups[i] = r
	}
	pgroups := make([]record, len(f.PLine.Groups))
	for i, g := range f.PLine.Groups {
		pgroups[i] = record{{"min_size", g.MinSize}, {"max_size", g.MaxSize}, {"jobs", g.Jobs},
			{"mean_size", g.MeanSize}, {"p", g.P}}
	}
	return record{
		{"model", "lublin"},
		{"selection", selectionRecord(f.Selection)},
		{"procs", f.Procs},
		{"procs_rule", rule.String()},
		{"table1_sizes", record{
			{"p1", s.Serial}, {"p2", s.Pow2}, {"n", s.N}, {"parallel", s.Parallel}, {"unknown", s.Unknown},
			{"two_stage", record{{"low", s.TwoStage.Low}, {"med", s.TwoStage.Med}, {"high", s.TwoStage.High},
				{"p", s.TwoStage.P}, {"ks_d", ksD(s.TwoStageKS)}, {"method", sizeMethodName(s.Method)},
				{"p2_model", s.Pow2Model}}},
			{"gamma", record{{"alpha", s.Gamma.Alpha}, {"beta", s.Gamma.Beta}, {"ks_d", ksD(s.GammaKS)}}},
		}},
		{"table2_runtime", mixtureRecord(f.Runtime)},
		{"table3_work", workRecord(f)},
		{"table4_size_groups", groups},
		{"table5_p_line", record{{"a", f.PLine.Slope}, {"b", f.PLine.Intercept}, {"mean_p", f.PLine.MeanP},
			{"ks_d", f.PLine.KS.D}, {"ks_p", f.PLine.KS.P}, {"groups", pgroups}}},
		{"table6_peak_interarrival", append(gammaRecord(f.Arrival.Peak),
			field{"arar", f.Arrival.ARAR}, field{"mean_log_all", f.Arrival.MeanLogAll},
			field{"mean_log_peak", f.Arrival.MeanLogPeak}, field{"all_n", f.Arrival.AllN},
			field{"peak_start_hour", f.Options.PeakStart}, field{"peak_end_hour", f.Options.PeakEnd})},
		{"table7_daily_cycle", append(gammaRecord(f.Daily.Gamma),
			field{"day_start_slot", f.Daily.DayStart}, field{"slot_counts", f.Daily.Counts})},
	}
}

func runModel(e *env, args []string) error {
	fs := e.newFlags("model")
	format := fs.String("format", "json", "output format: json, table or csv")
	procs := intFlag(fs, "procs", 0, 0, maxProcs, "the header's MaxProcs or MaxNodes, else the peak processors in use in the logged schedule", "machine size")
	restarts := intFlag(fs, "restarts", 0, 0, 100, "", "random EM restarts besides the middle-minimum start")
	sizeFit := fs.String("size-fit", "continuous", "two-stage size fit: continuous (the paper's) or rounding (ML of the generated sizes)")
	seed := seedFlag(fs, "seed", 0, "seed of the KS subsamples")
	jobs, class := jobFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if len(pos) == 0 || pos[0] != "lublin" {
		return usagef("the only model is lublin")
	}
	jf, cf, err := parseJobFlags(*jobs, *class)
	if err != nil {
		return err
	}
	var sm lublin.SizeMethod
	switch *sizeFit {
	case "continuous":
		sm = lublin.SizeContinuous
	case "rounding":
		sm = lublin.SizeRounding
	default:
		return usagef("--size-fit must be continuous or rounding, not %q", *sizeFit)
	}
	logArg, err := oneOptionalLog(pos[1:])
	if err != nil {
		return err
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	f, err := lublin.FitLog(tr, lublin.FitOptions{Jobs: jf, Class: cf, Procs: *procs, Seed: *seed, SizeMethod: sm,
		EM: fit.EMOptions{Restarts: *restarts, Seed: *seed}})
	if err != nil {
		return err
	}
	return writeRecord(e.stdout, *format, lublinRecord(f, sim.Options{Procs: *procs}.Machine(tr).Rule))
}
