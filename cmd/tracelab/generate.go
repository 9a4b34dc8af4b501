package main

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

func init() {
	register(&command{name: "generate",
		usage: "lublin --jobs N --procs P --seed S [--params paper|m_lublin99|m_lublin99_typeless] " +
			"[--fractional] -o FILE (.swf, .swf.gz; - for stdout)",
		summary: "generate a synthetic log from the Lublin–Feitelson model",
		run:     runGenerate})
}

func runGenerate(e *env, args []string) error {
	fs := e.newFlags("generate")
	jobs := fs.Int("jobs", 10000, "number of jobs")
	procs := fs.Int("procs", 128, "machine size (processors)")
	seed := fs.Uint64("seed", 1, "random seed")
	params := fs.String("params", "paper", "parameter set: paper, m_lublin99 (batch and interactive) or m_lublin99_typeless")
	fractional := fs.Bool("fractional", false, "keep fractional seconds (default: whole seconds, as m_lublin99)")
	out := fs.String("o", "", "output file (.swf or .swf.gz); - writes SWF to stdout")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "lublin" {
		return fmt.Errorf("%w: the only generator is lublin", errUsage)
	}
	if *out == "" {
		return fmt.Errorf("%w: -o FILE is required", errUsage)
	}
	if *jobs < 0 {
		return fmt.Errorf("%w: --jobs must be ≥ 0", errUsage)
	}
	p, err := lublin.ParamsByName(*params, *procs)
	if err != nil {
		return err
	}
	p.Fractional = *fractional
	tr, err := lublin.Generate(p, *jobs, *seed)
	if err != nil {
		return err
	}
	if *out == "-" {
		return datasets.WriteSWF(e.stdout, tr)
	}
	if err := datasets.WriteSWFFile(*out, tr); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs (%s, %d processors, seed %d) to %s\n", tr.Len(), p.Name, p.Procs, *seed, *out)
	return nil
}
