// Package repetitions generates workloads with locality of sampling by
// repeating jobs, the generative model of Feitelson, "Locality of sampling
// and diversity in parallel system workloads" (ICS 2007), §4 (Figs 10–11):
// items are sampled from a global distribution (the jobs of a source log),
// each is repeated R times with P(R = r) ∝ r^−θ (r ≤ 1000), and the
// repetitions of an item arrive one after the other, each when the previous
// one ends, so that concurrent sequences interleave.
//
// Generate returns the synthetic log as a datasets.Trace; ThetaSweep
// measures M'_med of the output against θ (Fig 11). Symmetric builds the
// synthetic data of Fig 3 (locality of sampling without autocorrelation).
package repetitions
