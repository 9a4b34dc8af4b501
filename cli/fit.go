package cli

import (
	"flag"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

func init() {
	register(&command{name: "fit",
		usage: "[LOG] --attr runtime|procs|interarrival|work --dist gamma|hypergamma|hyperexp|twostage " +
			"[--space log|raw] [--jobs completed|all] [--class all|interactive|batch] [--format json|table|csv]",
		summary: "fit a distribution to a job attribute (Lublin & Feitelson 2003, sec. 3)",
		run:     runFit})
}

// jobFlags adds the job-selection flags shared by fit and model.
func jobFlags(fs *flag.FlagSet) (jobs, class *string) {
	jobs = fs.String("jobs", "completed", "jobs to use: completed (status 1, as the paper) or all")
	class = fs.String("class", "all", "job class: all, interactive or batch (needs a queue named interactive)")
	return jobs, class
}

func parseJobFlags(jobs, class string) (lublin.JobFilter, lublin.ClassFilter, error) {
	var jf lublin.JobFilter
	switch jobs {
	case "completed":
		jf = lublin.CompletedJobs
	case "all":
		jf = lublin.AllJobs
	default:
		return 0, 0, usagef("--jobs must be completed or all, not %q", jobs)
	}
	var cf lublin.ClassFilter
	switch class {
	case "all":
		cf = lublin.AllClasses
	case "interactive":
		cf = lublin.InteractiveJobs
	case "batch":
		cf = lublin.BatchJobs
	default:
		return 0, 0, usagef("--class must be all, interactive or batch, not %q", class)
	}
	return jf, cf, nil
}

// selectionRecord describes which jobs a fit used.
func selectionRecord(s lublin.Selection) record {
	r := record{{"log", s.Log}, {"jobs", s.Filter}, {"class", s.Class}, {"total_jobs", s.Total},
		{"selected_jobs", s.Selected}, {"status_unknown", s.StatusUnknown},
		{"non_standard_status", record{{"jobs", s.NonStandardStatus}, {"treatment", nonStandardTreatment(s)}}}}
	if s.InteractiveQueues != nil {
		r = append(r, field{"interactive_queues", s.InteractiveQueues})
	}
	return r
}

// nonStandardTreatment says what the fit did with jobs whose status is
// not an SWF code.
func nonStandardTreatment(s lublin.Selection) string {
	if s.Filter == lublin.AllJobs.String() || s.StatusUnknown {
		return "kept (all jobs fitted)"
	}
	return "left out (only status 1, completed, is fitted)"
}

func runFit(e *env, args []string) error {
	fs := e.newFlags("fit")
	format := fs.String("format", "json", "output format: json, table or csv")
	attr := fs.String("attr", "runtime", "attribute: runtime, procs, interarrival or work")
	dist := fs.String("dist", "hypergamma", "distribution: gamma, hypergamma, hyperexp or twostage")
	space := fs.String("space", "log", "log: the paper's space (ln of times and work, log2 of procs); raw: the values")
	jobs, class := jobFlags(fs)
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	if *space != "log" && *space != "raw" {
		return usagef("--space must be log or raw, not %q", *space)
	}
	attribute, err := datasets.ParseAttribute(*attr, lublin.Attributes...)
	if err != nil {
		return usagef("--attr: %v", err)
	}
	switch *dist {
	case lublin.DistGamma, lublin.DistHyperGamma, lublin.DistHyperExp, lublin.DistTwoStage:
	default:
		return usagef("--dist must be gamma, hypergamma, hyperexp or twostage, not %q", *dist)
	}
	jf, cf, err := parseJobFlags(*jobs, *class)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	af, err := lublin.FitAttribute(tr, attribute, *dist, lublin.AttrOptions{Jobs: jf, Class: cf, Raw: *space == "raw"})
	if err != nil {
		return err
	}
	params := make(record, len(af.Params))
	for i, p := range af.Params {
		params[i] = field{p.Name, p.Value}
	}
	return writeRecord(e.stdout, *format, record{
		{"log", tr.Name}, {"attr", af.Attribute}, {"dist", af.Dist}, {"space", af.Space},
		{"parameters", params},
		{"loglik", af.LogLik}, {"ks_d", af.KS.D}, {"ks_p", af.KS.P},
		{"n", af.N}, {"dropped", af.Dropped}, {"iterations", af.Iterations}, {"converged", af.Converged},
		{"selection", selectionRecord(af.Selection)},
	})
}
