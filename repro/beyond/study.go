package beyond

import (
	"context"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// Key is the key of this package in the reproduction layer.
const Key = "beyond"

// Study runs the experiments. Its item methods memoise their results, so
// Ledger after them computes nothing again. Safe for concurrent use.
type Study struct {
	o        study.Options
	locality study.Once[*LocalityResult]
	shake    study.Once[*ShakeResult]
	// stationarity of §6.5.2
	stationarity study.Once[*StationarityResult]
	estimates    study.Once[*EstimatesResult]
	// mixing traces of §6.5.1
	mixing study.Once[*MixingResult]
	// selective manipulation of §6.5.4
	selective study.Once[*SelectiveResult]
}

// New returns the study with options o (quick or full mode, seed, workers).
func New(o study.Options) *Study { return &Study{o: o} }

// Paper describes the experiments as items of the ledger: one per
// application of §6.5 that is carried out.
func (s *Study) Paper() ledger.Paper {
	return ledger.Paper{
		Key: Key,
		Citation: "Our experiments on the open applications of N. Zakay and D. G. Feitelson, Workload resampling " +
			"for performance evaluation of parallel job schedulers (2013), §6.5",
		File:     "zakay-feitelson-2013-workload-resampling.txt",
		Notebook: "notebooks/06-beyond-resampling.ipynb",
		Items:    items,
	}
}

var items = []ledger.Item{
	{Name: "§6.5.1", Title: "mixing traces: resampling from the pools of several logs",
		Section: "§6.5.1 mixing traces", Note: "our experiment: the paper raises the question without results"},
	{Name: "§6.5.2", Title: "stationarity of logs and of resampled versions",
		Section: "§6.5.2 stationarity", Note: "our experiment: the paper raises the question without results"},
	{Name: "§6.5.3", Title: "shaking at the job, session and user levels",
		Section: "§6.5.3 shaking", Note: "our experiment: the paper proposes it without results"},
	{Name: "§6.5.4", Title: "selective manipulation: resampling with user classes weighted",
		Section: "§6.5.4 selective manipulation", Note: "our experiment: the paper proposes it without results"},
	{Name: "§6.5.5", Title: "reducing or enhancing locality with the marginals kept",
		Section: "§6.5.5 locality", Note: "our experiment: the paper proposes it without results"},
	{Name: "estimates", Title: "runtime estimates for generated workloads",
		Section: "Runtime estimates", Note: "our experiment: generated workloads carry no estimates; sim/estimates models them (Tsafrir, Etsion and Feitelson 2005)"},
}

// logsFor returns the logs of an experiment: the first in quick mode, all
// in full mode.
func (s *Study) logsFor(names ...string) []string {
	if s.o.Quick {
		return names[:1]
	}
	return names
}

// fourLogs are the logs of the experiments: SDSC-SP2 first (the log of the
// 2013 paper's examples), then CTC-SP2, KTH-SP2 and SDSC-BLUE.
var fourLogs = []string{"SDSC-SP2", "CTC-SP2", "KTH-SP2", "SDSC-BLUE"}

// Ledger computes every experiment and returns the ledger of their claims.
func (s *Study) Ledger(ctx context.Context) (*ledger.Ledger, error) {
	return study.Ledger(ctx, s.Paper(), study.ItemOf(s.Mixing), study.ItemOf(s.Stationarity), study.ItemOf(s.Shake), study.ItemOf(s.Selective), study.ItemOf(s.Locality), study.ItemOf(s.Estimates))
}
