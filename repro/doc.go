// Package repro is the reproduction layer of tracelab: one package per
// paper of papers/ holds that paper's experiments — a method per figure and
// table returning frames and plots, in full mode with the paper's
// replicate counts or in quick mode — and the claims ledger of the paper
// (package repro/ledger). This package lists the papers (Keys, New) and
// writes REPRODUCTION.md (WriteReport).
//
// The paper packages:
//
//	repro/zakay2013     Zakay & Feitelson 2013, workload resampling
//	repro/zakay2014     Zakay & Feitelson 2014, preserving user behavior
//	repro/lublin2003    Lublin & Feitelson 2003, the rigid-jobs model
//	repro/feitelson2021 Feitelson 2021, resampling with feedback
//	repro/feitelson2007 Feitelson 2007, locality of sampling
//
// Each has the same shape:
//
//	s := zakay2013.New(study.FromEnv())  // *Study; study.Options: quick/full, seed, workers
//	s.Paper()                            // ledger.Paper: citation, notebook, every numbered item
//	r, err := s.TableVI(ctx)             // one method per figure or table; r has frames,
//	                                     // plots, and Claims(*ledger.Ledger) adding its entries
//	l, err := s.Ledger(ctx)              // every item's claims: the paper's whole ledger
//
// Results are memoised in the Study, so Ledger after the item methods
// computes nothing again. Paper-specific code lives only here: the generic
// packages (datasets, analytics, sim) know nothing of any paper's tables.
// Notebooks call these methods and display through kernelext and
// repro/notebook.
package repro
