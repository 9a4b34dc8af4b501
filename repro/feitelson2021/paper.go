package feitelson2021

import (
	"context"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// File is the paper's text in the project's papers folder.
const File = "feitelson-2021-resampling-with-feedback.txt"

// Notebook sections that show several items, computed in one cell (a
// cell cannot reuse another's results, and each cell is compiled anew).
const (
	sectionEstimates    = "§3.2 Figs 2–3"
	sectionFlurries     = "§3.4 Figs 5–7"
	sectionPopulation   = "§4.2 Figs 9–11"
	sectionThroughput   = "§4.3–4.4 Figs 12, 17 and Table 1"
	sectionUsers        = "§4.3 Figs 13–14"
	sectionContinuation = "§4.4 Figs 18–19"
	sectionUserAware    = "§4.4 Figs 20–21"
)

// Paper describes the paper and how each of its numbered items is
// reproduced.
func (s *Study) Paper() ledger.Paper {
	return ledger.Paper{
		Key: Key,
		Citation: "D. G. Feitelson, Resampling with feedback: a new paradigm of using workload data for performance " +
			"evaluation, Job Scheduling Strategies for Parallel Processing (JSSPP 2021, keynote)",
		File:     File,
		Notebook: "notebooks/04-resampling-with-feedback.ipynb",
		Items:    items,
	}
}

// items lists every numbered figure and table of the paper, in the order
// of the notebook.
var items = []ledger.Item{
	{Name: "Fig. 1", Title: "FCFS and EASY schedules of a sequence of jobs", Section: "§2 Fig. 1",
		Note: "the figure's jobs are not given in the text: a toy workload of ours with the same features (a wide job blocking FCFS, small jobs EASY backfills)"},
	{Name: "Fig. 2", Title: "estimate accuracy (CTC, KTH)", Section: sectionEstimates},
	{Name: "Fig. 3", Title: "CDFs of estimates and runtimes (CTC, BLUE)", Section: sectionEstimates},
	{Name: "Fig. 4", Title: "citations of the Parallel Workloads Archive", Section: "§3.3 Fig. 4",
		Note: "Google Scholar citation counts are not part of the project's data (no log holds them), and no value of the figure survives in our copy of the text: there is nothing to compute or compare"},
	{Name: "Fig. 5", Title: "arrivals per week with flurries", Section: sectionFlurries,
		Note: "the cleaned logs no longer hold the flurries; their jobs' weeks are reconstructed from the cleaning filters in the logs' headers (job-number ranges and counts, exact) and the submit times of the neighbouring jobs; the caption does not name the two machines: we show SDSC-SP2 and LANL-CM5, a choice of ours, not the logs with the largest filtered flurries (the cleaning filters in the headers remove 118,014 jobs of CEA-Curie's user 288 and 12,333 of HPC2N's user 60, more than SDSC-SP2's largest, user 374's 11,740)"},
	{Name: "Fig. 6", Title: "effect of CTC's flurry on slowdown", Section: sectionFlurries,
		Note: "the cleaned CTC-SP2 lacks exactly user 135's 2,080 flurry jobs (its header's filter), so it is the paper's log without the flurry (the paper counts one user fewer: the check fig6/users); the flurry's job attributes are lost, so the curve with it uses a stand-in: 2,080 copies of user 135's last job before the flurry at the reconstructed submit times"},
	{Name: "Fig. 7", Title: "HPC2N's dominant user 2", Section: sectionFlurries,
		Note: "the cleaned HPC2N lacks all of user 2's jobs (header filter, 305,178 jobs): their count is the header's, their weeks are reconstructed as for Fig. 5"},
	{Name: "Fig. 8", Title: "cross-simulation of FCFS and EASY workloads", Section: "§3.4 Fig. 8",
		Note: "the generating simulations are our feedback simulations (fluid user model) of KTH-SP2 and SDSC-SP2, not the paper's site-level simulation"},
	{Name: "Fig. 9", Title: "long-term and temporary users, reused in a generated workload", Section: sectionPopulation,
		Note: "a conceptual drawing in the paper; we draw the users of KTH-SP2 and of a resampled KTH-SP2 from the actual pools"},
	{Name: "Fig. 10", Title: "semi-open queueing model of the simulation", Section: sectionPopulation,
		Note: "a diagram in the paper; we measure its flows (long-term population, temporary arrivals and departures, queue, think times) in a feedback simulation of a resampled KTH-SP2 and plot them per week"},
	{Name: "Fig. 11", Title: "when one user loads the system, others back off", Section: sectionPopulation,
		Note: "the figure and the start of its caption are lost from our copy; we test its statements on the weeks of four logs"},
	{Name: "Fig. 12", Title: "equilibrium of workload generation and performance", Section: sectionThroughput,
		Note: "the figure is lost from our copy (only its mention); we draw response time against achieved load for open and feedback simulations of resampled KTH-SP2"},
	{Name: "Fig. 13", Title: "user states: submitting, waiting, away", Section: sectionUsers,
		Note: "an illustration in the paper; we measure the share of the users' time in each state, as logged and under feedback"},
	{Name: "Fig. 14", Title: "order and potential-dependence constraints", Section: sectionUsers,
		Note: "an illustration in the paper (its caption is mostly lost); we draw one user's day of KTH-SP2 with its constraints and count them in several logs"},
	{Name: "Fig. 15", Title: "validation: waits over a thousand resampled workloads", Section: "§4.4 Fig. 15",
		Note: "the left log is not named in our copy: KTH-SP2; the open simulations are zakay2013's §6.1 bootstrap of the same logs and readings (its 1000 variants in full mode, its seed); the same validation with feedback (KTH-SP2, 50 replicates) is ours"},
	{Name: "Fig. 16", Title: "oversampling flurries", Section: "§4.4 Fig. 16",
		Note: "the figure and its caption are lost from our copy; the flurries are gone from the cleaned logs, so SDSC-SP2's three heaviest single-user 7-day bursts stand in for them (as in notebook 01)"},
	{Name: "Fig. 17", Title: "throughput under feedback, FCFS and EASY", Section: sectionThroughput,
		Note: "the figure is lost from our copy (only its mention); resampled KTH-SP2 with 0.5–3 times its users (0.5–2.5 in quick mode), fluid user model; in full mode the sweep with feedback is continued to 4× and 5× users, measured beside the load-ceases entries, not drawn"},
	{Name: "Fig. 18", Title: "continuation against response time and slowdown", Section: sectionContinuation},
	{Name: "Fig. 19", Title: "user-aware scheduler: throughput and session length against α", Section: sectionContinuation,
		Note: "our user-aware scheduler (sim/feedback.UserAware, after CREASY) and the distribution-based user model with office hours, on resampled KTH-SP2 with 1.5–2.5 times its users"},
	{Name: "Fig. 20", Title: "response time per job class", Section: sectionUserAware},
	{Name: "Fig. 21", Title: "queue length through the day, with and without a daily cycle", Section: sectionUserAware,
		Note: "users are active only from 8:00 to 18:00 every day (office hours, sim/feedback.OfficeHours), the paper's simple model where jobs arrive only then; a session under way at 18:00 continues, so a few jobs arrive outside the window"},
	{Name: "Table 1", Title: "performance metrics, oblivious and with resampling and feedback", Section: sectionThroughput,
		Note: "the table's cells are statements; we give the measurement behind each (user frustration is not modelled)"},
}

// itemMethods lists the item methods whose results make the ledger, in the
// order of the notebook.
func (s *Study) itemMethods() []study.Item {
	return []study.Item{
		study.ItemOf(s.Fig1), study.ItemOf(s.Fig2), study.ItemOf(s.Fig3), study.ItemOf(s.Open),
		study.ItemOf(s.Fig5), study.ItemOf(s.Fig6), study.ItemOf(s.Fig7), study.ItemOf(s.Fig8),
		study.ItemOf(s.Fig9), study.ItemOf(s.Fig10), study.ItemOf(s.Fig11),
		study.ItemOf(s.Fig17), study.ItemOf(s.Fig12), study.ItemOf(s.Table1),
		study.ItemOf(s.Fig13), study.ItemOf(s.Fig14), study.ItemOf(s.Fig15), study.ItemOf(s.Fig16),
		study.ItemOf(s.Fig18), study.ItemOf(s.Fig19), study.ItemOf(s.Fig20), study.ItemOf(s.Fig21),
	}
}

// Ledger computes every item (memoised) and returns the paper's ledger.
func (s *Study) Ledger(ctx context.Context) (*ledger.Ledger, error) {
	return study.Ledger(ctx, s.Paper(), s.itemMethods()...)
}
