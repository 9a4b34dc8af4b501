// Package lublin implements the workload model of rigid parallel jobs of
// Lublin and Feitelson: fitting its parameters to a log, and generating
// synthetic workloads from it.
//
// Reference: U. Lublin and D. G. Feitelson, "The workload on parallel
// supercomputers: modeling the characteristics of rigid jobs", J. Parallel
// Distrib. Comput. 63(11), 2003 (papers/lublin-feitelson-2003-rigid-jobs-model.txt),
// and the reference program published with it on the Parallel Workloads
// Archive (m_lublin99.c).
//
// The model (Section 9.1) has three parts, each for one job class (the whole
// workload, or interactive and batch jobs separately, Section 8.1):
//
//   - sizes (Section 4, Table 1): a job is serial with probability p1;
//     otherwise log2 of its size is drawn from a two-stage uniform
//     distribution (l, m, h, p) and, with probability p2, rounded to an
//     integer (a power-of-two job); the size is 2 to that power, rounded;
//   - runtimes (Sections 5–6, Tables 2, 5): ln runtime follows a hyper-Gamma
//     distribution whose mixing probability depends linearly on the size,
//     p = a·size + b, clipped to [0, 1];
//   - arrivals (Section 7, Tables 6, 7): ln of the inter-arrival time at peak
//     hours follows a Gamma distribution whose mean is multiplied by ARAR;
//     a second Gamma over 48 half-hour slots (shifted cyclically by five
//     hours) gives the daily cycle, which the "slot weight" method imposes
//     (Section 7.3).
//
// Generating: Generate draws a trace from a Params value; PaperParams
// holds the paper's model rows, M99Params and M99TypelessParams the
// defaults of the reference program (typed and typeless), and Compare /
// CompareGenerated measure two-sample KS distances between logs (the PWA
// file lublin_256.swf was made by the typeless program for 256 nodes).
//
// Fitting: FitLog estimates every table of the paper from a log (Tables
// 1–7, ARAR, interactive vs batch by queue), from completed jobs by
// default as the paper did; FitSizeRounding is a rounding-aware
// alternative for the size model; FitAttribute fits one distribution to one
// attribute (the "tracelab fit" command). Representative, AverageHyperGamma
// and SearchHyperGamma combine several logs into one model (Section 5.2).
// Package lublinplot draws the figures.
//
// Runtime estimates: the model generates none (SWF field 9 unknown, so a
// simulation runs on exact estimates). Params.Estimates adds estimates
// from a model fitted to a log (estimates.Model, after Tsafrir, Etsion and
// Feitelson 2005); RunEstimateEffect measures what they change in EASY's
// average wait, against the log with its users' estimates.
//
// Gamma distributions follow the paper's parameterisation: shape α and
// scale β, density x^(α−1) e^(−x/β) / (Γ(α) β^α), mean αβ (gonum's
// distuv.Gamma takes a rate, 1/β).
package lublin
