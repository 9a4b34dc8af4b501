package zakay2014

import (
	"context"
	"errors"
	"fmt"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/feedback"
)

// Study is the reproduction of the paper. Its item methods memoise their
// results, so Ledger after them computes nothing again. Safe for
// concurrent use.
type Study struct {
	o study.Options

	workloads   study.Memo[string, *feedback.Workload]
	comparisons study.Memo[comparisonKey, *feedback.Comparison]
	// parts are the logs simulated with each partition's nodes a machine
	// of its own, by log and scheduler (partitionedRun).
	parts study.Memo[string, *partitioned]

	structure study.Once[*StructureResult]
	fig3      study.Once[*Fig3Result]
	invariant study.Once[*InvariantResult]
	models    study.Once[*ModelsResult]
	tableI    study.Once[*TableIResult]
	fig10     study.Once[*Fig10Result]
}

// New returns the study with options o (quick or full mode, seed, workers).
func New(o study.Options) *Study { return &Study{o: o} }

// seed is the base seed of the random user models (Options.Seed, or the
// paper's year when it is 0, as the notebook always used).
func (s *Study) seed() uint64 {
	if s.o.Seed == 0 {
		return 2014
	}
	return s.o.Seed
}

// File is the paper's text in the project's papers folder.
const File = "zakay-feitelson-2014-preserving-user-behavior.txt"

// Paper describes the paper and how each of its numbered items is
// reproduced.
func (s *Study) Paper() ledger.Paper {
	return ledger.Paper{
		Key: "zakay2014",
		Citation: "N. Zakay and D. G. Feitelson, Preserving user behavior characteristics in trace-based " +
			"simulation of parallel job scheduling, MASCOTS 2014",
		File:     File,
		Notebook: "notebooks/02-preserving-user-behavior.ipynb",
		Items:    items,
	}
}

// items lists every numbered figure and table of the paper, in the order
// of the notebook.
var items = []ledger.Item{
	{Name: "Fig. 1", Title: "sessions and batches", Section: "§IV Figs 1, 2, 4",
		Note: "the paper's figure is a drawing; we draw a stretch of a real KTH-SP2 user"},
	{Name: "Fig. 2", Title: "the follows relation", Section: "§IV Figs 1, 2, 4",
		Note: "drawn for the same KTH-SP2 user as Fig. 1"},
	{Name: "Fig. 4", Title: "the depends-on relation", Section: "§IV Figs 1, 2, 4",
		Note: "drawn for the same KTH-SP2 user as Fig. 1"},
	{Name: "Fig. 3", Title: "toy schedule: log, conventional and feedback FCFS", Section: "§V Fig. 3",
		Note: "the paper's jobs are drawn without numbers; ours are built by hand to show the same situation"},
	{Name: "Fig. 5", Title: "arrivals per hour of the week, adjusted model", Section: "§VII Figs 5–9",
		Note: "the paper does not name the trace; we show KTH-SP2 (and SDSC-SP2 in full mode)"},
	{Name: "Fig. 6", Title: "arrivals per hour of the week, distribution-based model", Section: "§VII Figs 5–9",
		Note: "as Fig. 5"},
	{Name: "Fig. 7", Title: "activity length per user, distribution-based model", Section: "§VII Figs 5–9",
		Note: "as Fig. 5"},
	{Name: "Fig. 8", Title: "arrivals per hour of the week, fluid model", Section: "§VII Figs 5–9",
		Note: "as Fig. 5"},
	{Name: "Fig. 9", Title: "activity length per user, fluid model", Section: "§VII Figs 5–9",
		Note: "as Fig. 5"},
	{Name: "Table I", Title: "average wait: conventional and each user model", Section: "§VII Table I",
		Note: "the values are blanked in our copy of the text (bullets); ANL-Intrepid is not available; " +
			"quick mode simulates SDSC-SP2 and KTH-SP2 only"},
	{Name: "Fig. 10", Title: "queue length distributions, EASY and FCFS", Section: "§VIII Fig. 10",
		Note: "ANL-Intrepid is not available; quick mode simulates KTH-SP2 only"},
}

// paperLog is a log of the paper's Table I: its name in the paper and the
// catalog name of our version ("" when the archive has none).
type paperLog struct {
	Paper, Catalog string
}

// tableILogs are the logs of Table I, in the paper's order.
var tableILogs = []paperLog{
	{"SDSC-DS", "SDSC-DS"}, {"CEA", "CEA-Curie"}, {"SDSC-SP2", "SDSC-SP2"}, {"BLUE", "SDSC-BLUE"},
	{"Intrepid", ""}, {"KTH", "KTH-SP2"}, {"HPC2N", "HPC2N"}, {"CM5", "LANL-CM5"},
}

// notAvailable is why the paper's Intrepid rows have no counterpart.
const notAvailable = "ANL-Intrepid (ANL-Intrepid-2009-1) is not available here"

// logsFor returns the logs of tableILogs simulated in this mode: all in
// full mode, the catalog names quick in quick mode (Intrepid always, to
// record it as not available).
func (s *Study) logsFor(quick ...string) []paperLog {
	if !s.o.Quick {
		return tableILogs
	}
	var out []paperLog
	for _, l := range tableILogs {
		for _, q := range quick {
			if l.Catalog == "" || l.Catalog == q {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// prepared is a log prepared for feedback simulation under a convention,
// and the number of jobs the convention left out before.
type prepared struct {
	c       convention
	w       *feedback.Workload
	dropped int
}

// workload returns the log prepared for feedback simulation as logged
// (package sim's defaults), memoised; an error wrapping study.ErrMissing
// when the log is not available.
func (s *Study) workload(name string) (*feedback.Workload, error) {
	return s.workloads.Get(name, func() (*feedback.Workload, error) {
		p, err := prepare(name, asLogged)
		if err != nil {
			return nil, err
		}
		return p.w, nil
	})
}

// prepare returns the log prepared under convention c (not memoised: the
// conventions other than asLogged are measured once and let go).
func prepare(name string, c convention) (*prepared, error) {
	tr, err := study.Log(name)
	if err != nil {
		return nil, err
	}
	tr, dropped := c.prepare(tr)
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{Sim: c.prep})
	if err != nil {
		return nil, err
	}
	return &prepared{c: c, w: w, dropped: dropped}, nil
}

// comparisonKey names a memoised comparison of one log as logged.
type comparisonKey struct {
	log, scheduler string
	fluidOnly      bool // only the fluid model (Fig. 10), else the three models
	timeline       bool
}

// comparison returns the simulations of a log as logged under a
// scheduler: conventional and each user model (feedback.Compare),
// memoised.
func (s *Study) comparison(k comparisonKey) (*feedback.Comparison, error) {
	return s.comparisons.Get(k, func() (*feedback.Comparison, error) {
		w, err := s.workload(k.log)
		if err != nil {
			return nil, err
		}
		return s.compare(&prepared{c: asLogged, w: w}, k)
	})
}

// compare simulates p under k's scheduler, conventionally and with the
// user models (the fluid one of p's convention), not memoised.
func (s *Study) compare(p *prepared, k comparisonKey) (*feedback.Comparison, error) {
	o := feedback.ComparisonOptions{Scheduler: k.scheduler, Seed: s.seed(), Timeline: k.timeline,
		Models: []feedback.Model{feedback.Adjusted{}, feedback.Distribution{}, p.c.fluid}}
	if k.fluidOnly {
		o.Models = []feedback.Model{p.c.fluid}
	}
	s.o.Report(fmt.Sprintf("simulating %s (%s, %s)", k.log, k.scheduler, p.c.label), 0, 0)
	return feedback.Compare(p.w, o)
}

// missing reports whether err says a log is not available; other errors
// stay errors.
func missing(err error) bool { return errors.Is(err, study.ErrMissing) }

// Ledger computes every item (memoised), in the order of the notebook, and
// returns the paper's ledger.
func (s *Study) Ledger(ctx context.Context) (*ledger.Ledger, error) {
	return study.Ledger(ctx, s.Paper(),
		study.ItemOf(s.Structure),
		study.ItemOf(s.Fig3),
		study.ItemOf(s.Invariant),
		study.ItemOf(s.Models),
		study.ItemOf(s.TableI),
		study.ItemOf(s.Fig10),
	)
}
