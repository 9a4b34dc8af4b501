package zakay2013

import (
	"context"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/resample"
)

// Study is the reproduction of the paper. Its item methods memoise their
// results, so Ledger after them computes nothing again. Safe for
// concurrent use.
type Study struct {
	o study.Options

	tableI     study.Once[*TableIResult]
	similarity study.Memo[similarityKey, similarity.Result]
	tables     study.Once[*TablesResult]
	fig1       study.Once[*Fig1Result]
	fig2       study.Once[*Fig2Result]

	populations study.Memo[populationKey, users.Population]
	tableV      study.Once[*TableVResult]
	fig3        study.Once[*Fig3Result]

	poolsMemo      study.Memo[string, *resample.Pools]
	variantsMemo   study.Memo[variantsKey, []*resample.Packed]
	readingMemo    study.Memo[readingKey, readingSet]
	fig4           study.Once[*Fig4Result]
	tableVI        study.Once[*TableVIResult]
	fig5           study.Once[*Fig5Result]
	localitySEMemo study.Memo[string, localitySE]
	hurstMemo      study.Memo[hurstKey, *hurstSet]
	resampledHMemo study.Memo[resampledHKey, []float64]
	fig6           study.Once[*Fig6Result]
	fig7           study.Once[*Fig7Result]
	tableVII       study.Once[*TableVIIResult]
	bootstrapMemo  study.Memo[bootstrapKey, map[string]*resample.Bootstrap]
	fig8           study.Once[*Fig8Result]
	fig9           study.Once[*Fig9Result]
	readings       study.Once[*BootstrapReadingsResult]
	diagnostic     study.Once[*BootstrapDiagnosticResult]
	commonMemo     study.Memo[commonKey, *resample.Bootstrap]
	fig10          study.Once[*Fig10Result]
	fig11          study.Once[*Fig11Result]
	fig12          study.Once[*Fig12Result]

	burstsMemo    study.Memo[string, []resample.Burst]
	rarePoolsMemo study.Memo[string, *resample.Pools]
	fig13         study.Once[*Fig13Result]
	fig14         study.Once[*Fig14Result]
	fig15         study.Once[*Fig15Result]
	fig16         study.Once[*Fig16Result]
}

// New returns the study with options o (quick or full mode, seed, workers).
func New(o study.Options) *Study { return &Study{o: o} }

// Options returns the study's options.
func (s *Study) Options() study.Options { return s.o }

// seed is the base seed of the study's random procedures (Options.Seed, or
// the paper's year when it is 0, as the notebook always used).
func (s *Study) seed() uint64 {
	if s.o.Seed == 0 {
		return 2013
	}
	return s.o.Seed
}

// File is the paper's text in the project's papers folder.
const File = "zakay-feitelson-2013-workload-resampling.txt"

// Paper describes the paper and how each of its numbered items is
// reproduced.
func (s *Study) Paper() ledger.Paper {
	return ledger.Paper{
		Key: "zakay2013",
		Citation: "N. Zakay and D. G. Feitelson, Workload resampling for performance evaluation of parallel " +
			"job schedulers, Concurrency and Computation: Practice and Experience (2013)",
		File:     File,
		Notebook: "notebooks/01-workload-resampling.ipynb",
		Items:    items,
	}
}

// items lists every numbered figure and table of the paper, in the order
// of the notebook.
var items = []ledger.Item{
	{Name: "Table I", Title: "logs used", Section: "Table I",
		Note: "SDSC-Par-1995, ANL-Intrepid and PIK-IPLEX are not in the archive copy we have; newer versions of some logs (re-cleaned, a few jobs fewer)"},
	{Name: "Fig. 1", Title: "similarity vs. distance in sessions", Section: "§3 Fig. 1, Tables II–IV",
		Note: "the figure is lost from our copy of the text (only its caption); its logs are not named, we show four"},
	{Name: "Fig. 2", Title: "within-session similarity vs. randomised jobs (CEA-Curie)", Section: "§3 Fig. 2"},
	{Name: "Table II", Title: "users more similar at the shorter distance: processors", Section: "§3 Fig. 1, Tables II–IV",
		Note: "ANL-Intrepid is not available"},
	{Name: "Table III", Title: "users more similar at the shorter distance: requested runtime", Section: "§3 Fig. 1, Tables II–IV",
		Note: "ANL-Intrepid is not available"},
	{Name: "Table IV", Title: "users more similar at the shorter distance: runtime", Section: "§3 Fig. 1, Tables II–IV",
		Note: "ANL-Intrepid is not available"},
	{Name: "Fig. 3", Title: "long-term and temporary users", Section: "§4 Fig. 3, Table V",
		Note: "the paper's figure is a conceptual drawing; we draw the users' periods of activity by class"},
	{Name: "Table V", Title: "users and jobs by class", Section: "§4 Fig. 3, Table V",
		Note: "the values are blanked in our copy of the text; SDSC-Par-1995, ANL-Intrepid and PIK-IPLEX are not available. " +
			"Temporary users are discarded when their activity touches the first or last 4 weeks (users.TouchesEdge): a reading, " +
			"not §4's words, which discard only users \"whose full period of activity falls within\" those weeks (users.WithinEdge). " +
			"It was chosen by an earlier comparison with the published Table V, which our copy lacks, so we cannot recheck it here " +
			"(reported: the literal rule up to 36% above the paper's temporary-user counts, CTC-SP2 320; TouchesEdge within 13% on seven logs). " +
			"§4's own sentence on the table (more long-term than temporary users) is judged under both rules and with " +
			"every temporary user counted, which the text's order (Table V before the pools' discarding) allows (table5/more_long_term_users " +
			"counts the logs where it holds under each; repro/findings' long-term-users counts every temporary user and judges each log's share by its 95% interval): " +
			"a claim, not evidence for the reading. " +
			"The literal rule's counts are entries of ours (table5/*/within_edge/*); the resampling pools use the literal rule"},
	{Name: "Fig. 4", Title: "per-user marginals, original and 16 resampled logs", Section: "§5.1 Fig. 4",
		Note: "the paper shows ANL-Intrepid, not available; we show KTH-SP2, SDSC-SP2 and SDSC-DS. " +
			"We compare 16 resampled logs, twice the paper's eight (its 8 seeds and 8 more): the bound of \"very similar\" is the spread of " +
			"a resampled log in the original's place, mean + 3 SD over the 16, a 5% test (with 8 it was not). " +
			"The paper's entries start the resampled logs' long-term users as §4 says, each in a week of its own traced activity; " +
			"the library's common week and the other generation readings are measured beside it at three seeds, a reason only by the ledger's rule"},
	{Name: "Table VI", Title: "locality by stack depth, original and resampled", Section: "§5.2 Table VI, Fig. 5",
		Note: "the values are blanked in our copy of the text; ANL-Intrepid is not available. " +
			"The stack depth is counted from 0 at the top (locality.StackOptions.TopDepth): a reading, since §5.2 (\"we note the depth " +
			"in the stack where it was found\") does not fix the origin. The evidence in our copies is the stack distance of the paper §5.2 " +
			"cites ([17], Feitelson 2007 §1: \"the average number of distinct items since seeing this one the last time\"), 0 for the top; " +
			"§5.2's \"between 13 and 36\" is judged counted from 0 (table6/*/runtime/range); counted from 1 each value is one more. An earlier session compared it " +
			"with the published Table VI, which our copy lacks, so we cannot recheck that here (reported: from 0 all 24 cells within 7%, " +
			"from 1 every cell one too high). Counted from 1 every mean depth is ours plus exactly 1, so no entry is computed for it. " +
			"The resampled logs (here and in Fig. 5) start their long-term users as §4 says, each in a week of its own traced activity; " +
			"the library's common week is measured beside them in one entry of ours per item (*/common-week/more_claims_within)"},
	{Name: "Fig. 5", Title: "daily bins locality, original and resampled", Section: "§5.2 Table VI, Fig. 5",
		Note: "the figure is lost from our copy (caption only); its four logs are not named, we show LANL-CM5, SDSC-SP2, HPC2N, CEA-Curie"},
	{Name: "Fig. 6", Title: "pox plots, original and two resampled logs", Section: "§5.3 Figs 6–7, Table VII",
		Note: "ANL-Intrepid is not available: CEA-Curie instead (quick mode draws and judges LANL-CM5 alone). In full mode the resampled logs' H is judged over " +
			"24 resampled logs, 8 at each of three seeds, the study's and two more (ledger.SeedsRule); the figure draws two of the study seed's. " +
			"The common-week entry of ours (fig6/common-week/more_claims_within) counts over the same seeds"},
	{Name: "Fig. 7", Title: "pox-plot regression lines, original and resampled", Section: "§5.3 Figs 6–7, Table VII",
		Note:      "§5.3's statements about its slopes (none below 0.6 or above 0.9) are Table VII's entries, which carry its status",
		CarriedBy: []string{"table7/*/resampled_min", "table7/*/resampled_max"}},
	{Name: "Table VII", Title: "Hurst parameter, original and resampled", Section: "§5.3 Figs 6–7, Table VII",
		Note: "the values are blanked in our copy of the text; ANL-Intrepid and PIK-IPLEX are not available, SDSC-Par is the 1996 log. " +
			"The cells and their 0.6–0.9 checks are the study seed's 8 resampled logs per log; in full mode the counts over the logs " +
			"(table7/fraction_below, table7/fraction_within_sd) are made at three seeds, the study's and two more, each seed's as the table's, " +
			"and judged on their mean (ledger.SeedsRule); quick mode measures two logs, too few for the counts. " +
			"The resampled logs (here and in Figs 6–7) start their long-term users as §4 says, each in a week of its own traced activity; " +
			"the library's common week is measured beside them in one entry of ours per item (table7/ and fig6/common-week/more_claims_within), " +
			"over the same seeds as the paper's entries"},
	{Name: "Fig. 8", Title: "bootstrap: throughput and utilisation", Section: "§6.1 Figs 8–9",
		Note: "ANL-Intrepid and PIK-IPLEX are not available; LANL-CM5's estimates are partial: we show KTH-SP2, SDSC-SP2, CTC-SP2, SDSC-DS, SDSC-BLUE, HPC2N and CEA-Curie. " +
			"The paper's entries use §4's literal start and are judged over three seeds, the study's and two more, 1000 variants each " +
			"(ledger.SeedsRule; the figure draws the study's seed); ours beside them use the common week, at the same 1000 variants"},
	{Name: "Fig. 9", Title: "bootstrap: slowdown and wait under EASY", Section: "§6.1 Figs 8–9",
		Note: "ANL-Intrepid and PIK-IPLEX are not available; LANL-CM5's estimates are partial: we show KTH-SP2, SDSC-SP2, CTC-SP2, SDSC-DS, SDSC-BLUE, HPC2N and CEA-Curie. " +
			"The paper's entries use §4's literal start (each long-term user in its own random week of its traced activity) and are judged over " +
			"three seeds, the study's and two more, 1000 variants each (ledger.SeedsRule; the figure draws the study's seed); " +
			"our common-week reading (the library's default) gives entries of ours beside them, at the same 1000 variants; " +
			"the diagnostic measures the covariance of the users' weekly loads, on which the two differ. The verdicts stay as they fall under §4's start; " +
			"a differing paper entry is explained by the common week only where it meets the ledger's rule for a reason at every seed measured " +
			"(the study's seed and two more), its reason giving that mechanism per log: the paper's claim would hold had its implementation kept the users' common calendar"},
	{Name: "Fig. 10", Title: "SDSC-DS extended five times", Section: "§6.2 Fig. 10",
		Note: "the paper's entries start the extended logs' long-term users as §4 says, each in a week of its own traced activity; " +
			"the library's common week and the other generation readings are measured beside it at three seeds, a reason only by the ledger's rule"},
	{Name: "Fig. 11", Title: "OSC-cluster with six times the users", Section: "§6.3 Figs 11–12",
		Note: "the resampled logs start their long-term users as §4 says, each in a week of its own traced activity; " +
			"the library's common week is measured beside them at the study's seed in one entry of ours (fig11/common-week/more_claims_within)"},
	{Name: "Fig. 12", Title: "EASY under different loads, with saturation", Section: "§6.3 Figs 11–12",
		Note: "the sweeps' resampled logs (every seed, and the split step) start their long-term users as §4 says, each in a week of its own " +
			"traced activity; the library's common week is measured beside them at the study's seed in one entry of ours (fig12/common-week/more_claims_within)"},
	{Name: "Fig. 13", Title: "flurries in the original logs", Section: "§6.4 Figs 13–14",
		Note: "the uncleaned logs with the paper's flurries are not available: the heaviest single-user bursts left in the cleaned logs stand in; SDSC-Par-1996 for SDSC-Par-1995"},
	{Name: "Fig. 14", Title: "flurries added to SDSC-SP2", Section: "§6.4 Figs 13–14",
		Note: "bursts of the cleaned log stand in for the removed flurry of user 374: its entries are not comparable (our values shown)"},
	{Name: "Fig. 15", Title: "workloads with different RB_NPW (LANL-CM5)", Section: "§6.4 Figs 15–16",
		Note: "bursts of the cleaned log stand in for the removed flurries: its entries are not comparable (our values shown)"},
	{Name: "Fig. 16", Title: "EASY with different frequencies of flurries (LANL-CM5)", Section: "§6.4 Figs 15–16",
		Note: "bursts of the cleaned log stand in for the removed flurries: its entries are not comparable (our values shown); RB_NPW 1/2 exceeds our LANL-CM5's arrival rate of temporary users"},
}

// Ledger computes every item (memoised), in the order of the notebook, and
// returns the paper's ledger. An item method added for a new figure or
// table goes in this list.
func (s *Study) Ledger(ctx context.Context) (*ledger.Ledger, error) {
	return study.Ledger(ctx, s.Paper(),
		study.ItemOf(s.TableI),
		study.ItemOf(s.Fig1),
		study.ItemOf(s.Fig2),
		study.ItemOf(s.Tables),
		study.ItemOf(s.Fig3),
		study.ItemOf(s.TableV),
		study.ItemOf(s.Fig4),
		study.ItemOf(s.TableVI),
		study.ItemOf(s.Fig5),
		study.ItemOf(s.Fig6),
		study.ItemOf(s.Fig7),
		study.ItemOf(s.TableVII),
		study.ItemOf(s.Fig8),
		study.ItemOf(s.Fig9),
		study.ItemOf(s.BootstrapReadings),
		study.ItemOf(s.BootstrapDiagnostic),
		study.ItemOf(s.Fig10),
		study.ItemOf(s.Fig11),
		study.ItemOf(s.Fig12),
		study.ItemOf(s.Fig13),
		study.ItemOf(s.Fig14),
		study.ItemOf(s.Fig15),
		study.ItemOf(s.Fig16),
	)
}
