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
// computes nothing again. A Study's Ledger is study.Ledger(ctx, s.Paper(),
// study.ItemOf(s.TableI), …), and its tests use repro/study/studytest
// (every numbered item listed, every quote in the paper's text, the quick
// ledger computed once). Paper-specific code lives only here: the generic
// packages (datasets, analytics, sim) know nothing of any paper's tables.
// Notebooks call these methods and display through kernelext (plots as PNG:
// kernelext.Plot, and kernelext.Grid for several plots in one figure; no
// SVG, which nbconvert's HTML shows blank) and repro/notebook.
//
// # The pipeline
//
// Each notebook records its paper's ledger as it runs: the first cell calls
// notebook.Begin (clears the paper's records, notes the mode and commit),
// every item's cell notebook.Claims, the last notebook.Ledger. The records
// go to $TRACELAB_LEDGER_DIR, which the scripts set:
//
//	scripts/run-notebooks.sh [NB...]  executed copies in out/notebooks, ledgers in out/ledger;
//	                                  in quick mode, checked against the baseline (below);
//	                                  with no argument (CI), the committed notebooks are checked
//	scripts/reproduce.sh [NB...]      full mode: stores the outputs in the committed notebooks
//	                                  (with commit, mode and each code cell's source hash),
//	                                  ledgers in out/reproduce/ledger, regenerates REPRODUCTION.md
//	scripts/render-notebooks.sh       the stored notebooks as nbconvert HTML + Chromium screenshots
//	tracelab reproduce [PAPER...]     computes the ledgers (--quick), or reads the recorded
//	                                  ones (--from DIR); prints them (--format table|csv|json);
//	                                  -o REPRODUCTION.md; --check / --write-baseline DIR
//
// Committed notebooks are output-free until the full reproduction is stored
// by scripts/reproduce.sh; scripts/nbcheck.py committed (run by CI) fails a
// notebook with outputs that reproduce.sh did not store, or whose code cell
// changed since.
//
// # The quick-mode baseline
//
// repro/testdata/quick/<key>.json holds the verdict of every entry of a
// paper's quick-mode ledger, by entry id (ledger.Baseline). CI's quick
// notebook run fails when an entry that agrees there no longer agrees, or is
// gone (ids are stable, so this is a real change of result). To make or
// update a paper's baseline, after a change that moves verdicts on purpose
// (new entries, a better method, an id renamed):
//
//	TRACELAB_QUICK=1 TRACELAB_DATA=/work/shared/pwa scripts/run-notebooks.sh notebooks/NN-….ipynb
//	go run ./cmd/tracelab reproduce --from out/ledger --write-baseline repro/testdata/quick KEY
//	git diff repro/testdata/quick   # every "agrees" that disappears must be explained in the commit
//
// and commit the file with the change. A new paper package lands with its
// baseline. The check itself, as CI runs it (no computation, only the
// records of the notebooks that ran):
//
//	go run ./cmd/tracelab reproduce --from out/ledger --check repro/testdata/quick [NB...]
//
// It also reports entries that newly agree or are new (the baseline can be
// brought up to date); those do not fail.
package repro
