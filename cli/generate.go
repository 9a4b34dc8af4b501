package cli

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/estimates"
	"github.com/tracelab/tracelab/sim/lublin"
)

func init() {
	register(&command{name: "generate",
		usage: "lublin --jobs N --procs P --seed S [--params paper|m_lublin99|m_lublin99_typeless] " +
			"[--fractional] [--estimates-from LOG] -o FILE (.swf, .swf.gz; - for stdout)",
		summary: "generate a synthetic log from the Lublin–Feitelson model",
		run:     runGenerate})
}

// generateArgs is a parsed generate command line.
type generateArgs struct {
	jobs, procs int
	seed        uint64
	params      string
	fractional  bool
	// estimatesFrom is the log an estimate model is fitted to ("": none).
	estimatesFrom string
	out           output
}

func parseGenerate(e *env, args []string) (generateArgs, error) {
	var a generateArgs
	fs := e.newFlags("generate")
	intVar(fs, &a.jobs, "jobs", 10000, 1, lublin.MaxJobs, "", "number of jobs")
	intVar(fs, &a.procs, "procs", 128, 1, maxProcs, "", "machine size (processors)")
	seed := seedFlag(fs, "seed", 1, "random seed")
	params := fs.String("params", "paper", "parameter set: paper, m_lublin99 (batch and interactive) or m_lublin99_typeless")
	fractional := fs.Bool("fractional", false, "keep fractional seconds (default: whole seconds, as m_lublin99)")
	estimatesFrom := fs.String("estimates-from", "", "give the jobs runtime estimates from a model fitted to this log (path or catalog name; Tsafrir, Etsion and Feitelson 2005)")
	out := fs.String("o", "", "output file (.swf or .swf.gz); - writes SWF to stdout")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return a, err
	}
	if len(pos) != 1 || pos[0] != "lublin" {
		return a, usagef("the only generator is lublin")
	}
	switch *out {
	case "":
		return a, usagef("-o FILE is required")
	case "-":
		a.out = output{flag: "-o", path: "-", format: fmtSWF}
	default:
		if a.out, err = newOutput("-o", *out, swfFormats...); err != nil {
			return a, err
		}
	}
	a.seed, a.params, a.fractional, a.estimatesFrom = *seed, *params, *fractional, *estimatesFrom
	return a, distinctFiles([]string{a.estimatesFrom}, a.out)
}

func runGenerate(e *env, args []string) error {
	a, err := parseGenerate(e, args)
	if err != nil {
		return err
	}
	p, err := lublin.ParamsByName(a.params, a.procs)
	if err != nil {
		return usagef("--params: %v", err)
	}
	p.Fractional = a.fractional
	if a.estimatesFrom != "" {
		log, err := loadLog(e, a.estimatesFrom)
		if err != nil {
			return err
		}
		m, err := estimates.Fit(log, estimates.FitOptions{})
		if err != nil {
			return err
		}
		p.Estimates = &m
		fmt.Fprintf(e.stderr, "estimates: %d popular values of %s (%.0f%% of its jobs with an estimate)\n", len(m.Values), log.Name, 100*m.Covered)
	}
	// The jobs go to the output as they are drawn: 10,000,000 jobs once
	// needed 2.5 GB.
	fill := func(w datasets.JobWriter) error { return lublin.GenerateTo(w, p, a.jobs, a.seed) }
	if a.out.path == "-" {
		return datasets.WriteLog(e.stdout, datasets.FormatSWF, false, fill)
	}
	if err := a.out.writeJobs(fill); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs (%s, %d processors, seed %d) to %s\n", a.jobs, p.Name, p.Procs, a.seed, a.out.path)
	return nil
}
