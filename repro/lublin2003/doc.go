// Package lublin2003 reproduces U. Lublin and D. G. Feitelson, "The
// workload on parallel supercomputers: modeling the characteristics of
// rigid jobs", J. Parallel & Distributed Comput. 63(11), 2003,
// papers/lublin-feitelson-2003-rigid-jobs-model.txt, in notebook
// notebooks/03-lublin-model.ipynb.
//
// Every numbered figure and table of the paper (Tables 1–7, Figs 1–10) is an
// item of Paper, computed by a method of Study:
//
//	§2     —               the logs: jobs and machine sizes (Logs)
//	§3.1   Fig. 1          Gamma densities (Fig1)
//	§4     Fig. 2, Table 1 the size model (Sizes)
//	§5     Tables 2–3, Fig. 3 runtimes and total work, the representative models (Runtimes)
//	§6     Figs 4–7, Tables 4–5 runtime by size, p linear in size (BySize)
//	§7     Figs 8–9, Tables 6–7 arrivals: peak hours, the daily cycle (Arrivals)
//	§8.1   Fig. 10         interactive and batch jobs (Classes)
//	§9.1   —               the generator against the reference program's output (Generator)
//	—      —               Tables 1, 2, 6, 7 for the other logs (OtherLogs), and the
//	                       interactive fitting cell's data (Fitting)
//
// The fits are the library's (sim/lublin: FitLog and the model's parameter
// sets; analytics/fit: distributions, EM, goodness of fit); this package
// holds only what is specific to the paper: its logs, its published rows
// (the Greek letters of Tables 2–7 were lost from our copy of the text: the
// columns are α1 β1 α2 β2 p D_n, and every Gamma has shape α and scale β),
// its table layouts and its claims.
//
// Our logs are the archive's versions. Where the paper's counts of
// completed jobs in its period show ours to be another input than the
// paper's (ledger.InputRule: more than 1% apart, under every selection the
// paper's text allows; versionOf) — SDSC-Par-1996 and LANL-CM5, whose
// difference the jobs the archive's cleaning removed make up, and KTH-SP2,
// with 26% more than the paper's, which neither the cleaning nor any
// allowed selection makes up — every number fitted on it is a stand-in:
// not comparable, agreeing or not, ours shown, with the counts and, where
// the cleaning makes up the difference, the reach of a version difference
// of that size (versions.go). Conventions, other
// readings of the procedure or the data, are sensitivity analyses applied
// to whole tables; one explains a cell only when the paper states it or it
// improves its table as a whole (conventions.go; the matrix: Conventions).
package lublin2003
