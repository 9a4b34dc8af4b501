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
//	                                  or saved ones (--from DIR); prints them (--format
//	                                  table|csv|json); -o REPRODUCTION.md; --save DIR,
//	                                  --write-baseline DIR; --check DIR
//
// Committed notebooks are output-free until the full reproduction is stored
// by scripts/reproduce.sh; scripts/nbcheck.py committed (run by CI) fails a
// notebook with outputs that reproduce.sh did not store, or whose code cell
// changed since.
//
// # Saved ledgers
//
// A saved ledger (ledger.Snapshot, KEY.json) is a paper's whole ledger in
// JSON: mode, commit, the hash of the code (internal/codehash: the non-test
// Go files under repro/, sim/, analytics/, datasets/, confidence/ and internal/), the counts by
// kind, every item's computed status, and every entry with its kind,
// verdict, value, Want, Cell and reason. `tracelab reproduce --from DIR`
// reads them like the notebooks' records. There are two folders of them:
//
//	repro/ledgers/KEY.json        the full-mode ledgers, recorded by scripts/reproduce.sh
//	                              at one commit of a clean tree; REPRODUCTION.md is
//	                              their report. Tests (stored_test.go) fail when their
//	                              code hash is not the tree's (stale: run
//	                              scripts/reproduce.sh and commit them), when they are of
//	                              several commits, or when REPRODUCTION.md is not their report.
//	repro/testdata/quick/KEY.json the quick-mode baselines.
//
// Every stored ledger is tested without computing anything: its counts,
// discrimination marks and statuses must be what the rules give from its
// entries, every numeric verdict must follow from the stored value and
// Want (ledger.Rejudge), no claim may appear twice (ledger.Duplicates, with
// repro/testdata/known-duplicates.txt listing those left to resolve), and
// the discrimination of every table is reported (go test -v -run
// TestDiscrimination ./repro).
//
// # The quick-mode baseline
//
// repro/testdata/quick/KEY.json is the quick-mode ledger of a paper. Each
// paper's go test (studytest.Baseline) and CI's quick notebook run compare
// the ledger with it and fail when a stored entry is gone, changes verdict
// (either way: an improvement is recorded too), or its value moves beyond
// its tolerance (ledger.Drift: the entry's own tolerance, or 5% of the
// stored value for a range or a blanked cell); new entries are reported,
// not failed. After a change that moves entries on purpose, regenerate the
// paper's baseline with one command from the module's root (a quick ledger
// takes from seconds to a minute):
//
//	TRACELAB_DATA=/work/shared/pwa go run ./cmd/tracelab reproduce KEY --quick --write-baseline repro/testdata/quick
//	git diff --stat repro/testdata/quick   # every verdict that changes is explained in the commit
//
// and commit the file with the change. A new paper package lands with its
// baseline. The check as CI's notebook run makes it (no computation, only
// the records of the notebooks that ran):
//
//	go run ./cmd/tracelab reproduce --from out/ledger --check repro/testdata/quick [NB...]
//
// A check that checks nothing fails: an unknown paper or notebook, no
// ledger recorded, or a ledger of another paper.
package repro
