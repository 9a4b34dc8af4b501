// Package beyond carries out the applications of resampling that Zakay and
// Feitelson (2013), "Workload resampling for performance evaluation of
// parallel job schedulers", §6.5, propose but do not carry out, as
// experiments with confidence intervals. Its results are our own: every
// ledger entry is made with ledger.Own or ledger.OwnClaim, the "paper
// value" being the hypothesis we tested.
//
// The computations are library calls (analytics/stationarity for §6.5.2,
// sim/shake for the shaking of §6.5.3, analytics/locality for the locality
// manipulations of §6.5.5, sim/lublin.RunEstimateEffect for runtime
// estimates of generated workloads); this package chooses the logs and replicate
// counts, summarises replicates into means with 95% confidence intervals,
// and states the answers. Notebook: notebooks/06-beyond-resampling.ipynb.
package beyond
