#!/usr/bin/env bash
# reproduce.sh — the full reproduction of the papers, stored where a reader
# sees it without running anything:
#
#   0. measures the papers' general findings on every log of TRACELAB_DATA
#      (tracelab findings --save out/reproduce/ledger/findings.json);
#   1. executes every notebook (or the ones given) in full mode with
#      scripts/run-notebooks.sh (executed copies in out/reproduce/, the papers'
#      ledgers recorded in out/reproduce/ledger/);
#   2. stores each passing notebook's outputs in the committed notebook
#      (scripts/nbcheck.py store), with the commit and mode it was executed at
#      and, per code cell, the hash of the source its outputs came from, and
#      checks it as CI does (scripts/nbcheck.py committed: outputs complete,
#      renderable, at most 6 MiB);
#   3. regenerates REPRODUCTION.md from the recorded ledgers and findings, computing nothing
#      again (tracelab reproduce --from), saves every paper's ledger as
#      repro/ledgers/KEY.json (and findings.json) with the commit and the hash of the code
#      (tracelab reproduce --save; the stale-ledger test of repro/ then
#      passes), and prints the ledgers to out/reproduce/ledger.txt.
#
# Every ledger is recorded at one commit: the script refuses a checkout with
# changes (unless --force: the ledgers then carry "-dirty" and are saved with
# --allow-dirty), fails when HEAD or the code changed during the run, and
# the report and the saved ledgers refuse ledgers of several commits. A
# notebook that fails keeps its earlier committed content, and then neither
# REPRODUCTION.md nor repro/ledgers is written: the script exits 1. Commit
# the notebooks, REPRODUCTION.md and repro/ledgers it changed, together.
#
# After a full recording, review the verdicts it moved before committing:
# `go test ./repro -run TestFullVerdicts` fails printing each verdict of
# repro/ledgers that differs from the committed list
# repro/testdata/full-verdicts.json (entry verdicts with how they are
# counted — explained or not, discriminating or not —, item statuses,
# findings), old → new. Say why each moved in the commit, then write the
# list again with `go test ./repro -run TestFullVerdicts -update-verdicts`
# and commit it with the ledgers: a moved verdict is then a reviewed diff,
# and CI fails on any verdict moved without it.
#
# Usage: scripts/reproduce.sh [--force] [--slurm] [NOTEBOOK.ipynb ...]   (default: every notebook)
#   --slurm runs the papers' heavy experiments first as Slurm job arrays
#   (tracelab reproduce --slurm --sweeps-only: the §6.1 bootstrap), stores
#   them in out/reproduce/sweeps, and the notebooks load them from there
#   ($TRACELAB_SWEEPS) instead of computing them; SLURM_CONF and sbatch as
#   for tracelab sweep --slurm (the array folders and the program the
#   tasks run are under out/reproduce: a shared file system).
#   With some notebooks only, the ledgers of the others must be in
#   out/reproduce/ledger/ from an earlier run AT THE SAME COMMIT (otherwise
#   the run fails: REPRODUCTION.md and repro/ledgers cover every paper).
# Environment: TRACELAB_DATA (as run-notebooks.sh; default ../shared/pwa
#   beside the checkout when it exists). TRACELAB_NOTEBOOK_JOBS: notebooks
#   executed at once (default 2 here; 1 gives each notebook's time alone).
#   TRACELAB_PGO: a CPU profile the notebooks' cells are built with (go build
#   -pgo, through the kernel's go shim); in full mode it defaults to
#   scripts/bootstrap.pgo, a profile of the §6.1 bootstrap and of the 2021
#   feedback simulations (results are the same; set it empty to build
#   without). Regenerate that profile after the engine changes, with
#   TRACELAB_DATA set, from test binaries built with -pgo=off:
#   `go test -c -pgo=off -o /tmp/res.test ./sim/resample/` and the same for
#   ./sim/feedback/ (/tmp/fb.test); in sim/resample `/tmp/res.test -test.run '^$'
#   -test.bench BenchmarkBootstrapCell -test.benchtime 3x -test.cpu 1
#   -test.cpuprofile /tmp/boot.pprof -cell-variants=30`; in sim/feedback
#   `/tmp/fb.test -test.run '^$' -test.bench 'BenchmarkSimulate/SDSC-SP2/(distribution|fluid)/easy|BenchmarkUserAware'
#   -test.benchtime 36x -test.cpu 1 -test.cpuprofile /tmp/fb.pprof`; then
#   `go tool pprof -proto -hide='runtime\.asyncPreempt' /tmp/boot.pprof /tmp/fb.pprof > scripts/bootstrap.pgo`
#   (-hide gives a sample taken in the preemption stub to the function it
#   interrupted: on a loaded machine 58% of the bootstrap's samples fell there).
#   CGO_ENABLED: full mode sets 0 unless it is set (see below).
#   TRACELAB_QUICK=1 tries the pipeline
#   in quick mode: the notebooks it stores then fail the committed check
#   (stored outputs must be full mode) — strip them afterwards; quick-mode
#   ledgers are not saved in repro/ledgers.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$ROOT"
OUT="$ROOT/out/reproduce"
CHECK="$ROOT/scripts/nbcheck.py"
if [ -z "${TRACELAB_DATA:-}" ] && [ -d "$ROOT/../shared/pwa" ]; then
	export TRACELAB_DATA="$ROOT/../shared/pwa"
fi
mode=full
[ -n "${TRACELAB_QUICK:-}" ] && [ "$TRACELAB_QUICK" != 0 ] && mode=quick

force=
slurm=
while [ $# -gt 0 ]; do
	case "$1" in
	--force) force=--allow-dirty ;;
	--slurm) slurm=yes ;;
	*) break ;;
	esac
	shift
done

# The commit the outputs come from, taken before the notebooks change.
head="$(git rev-parse HEAD)" || { echo "reproduce: not a git checkout" >&2; exit 1; }
commit="${head:0:12}"
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	if [ -z "$force" ]; then
		echo "reproduce: the checkout has changes: commit them first (or --force: the ledgers then say -dirty)" >&2
		git status --short --untracked-files=no >&2
		exit 1
	fi
	commit="$commit-dirty"
fi
export TRACELAB_COMMIT="$commit"
code_dirs=(repro sim analytics datasets confidence internal) # internal/codehash.Dirs
code_before="$(git diff HEAD -- "${code_dirs[@]}" | sha256sum)"
export TRACELAB_LEDGER_DIR="$OUT/ledger"
export TRACELAB_NOTEBOOK_OUT="$OUT"
# Two notebooks at once keep both cores of a 2-core machine busy while one
# of them is in a sequential part (run-notebooks.sh).
export TRACELAB_NOTEBOOK_JOBS="${TRACELAB_NOTEBOOK_JOBS:-2}"
# Full mode builds the cells profile-guided (kernelspec.Shim): ≈10% less CPU
# in the bootstrap (BenchmarkBootstrapCell, SDSC-BLUE); the first such build
# compiles every package once more. Quick mode (CI) builds as usual.
if [ "$mode" = full ] && [ -z "${TRACELAB_PGO+set}" ] && [ -f "$ROOT/scripts/bootstrap.pgo" ]; then
	export TRACELAB_PGO="$ROOT/scripts/bootstrap.pgo"
fi
# Full mode also builds without cgo (nothing here needs it: the pure-Go
# resolver and os/user do the same). The link of a cell then takes ≈9% less
# CPU (0.97 -> 0.89 CPU-s, 8 alternated builds of a cell importing every
# package the notebooks import), ≈8 CPU-s per run over its 89 cells. It is set
# for the whole run, the findings step, the kernels and the last go run alike,
# so that they keep sharing their compiled packages: CGO_ENABLED changes every
# package that imports net (datasets, so all of tracelab). Like a new
# TRACELAB_PGO, the first run compiles the standard library and modules once
# more (≈50 CPU-s); quick mode (CI) keeps the default and shares go test's.
if [ "$mode" = full ] && [ -z "${CGO_ENABLED+set}" ]; then
	export CGO_ENABLED=0
fi

if [ $# -gt 0 ]; then
	notebooks=("$@")
else
	notebooks=(notebooks/*.ipynb)
fi
mkdir -p "$OUT" "$TRACELAB_LEDGER_DIR"
start=$(date +%s)
# The papers' general findings on every log of TRACELAB_DATA (repro/findings),
# measured first, at the same commit: stored beside the ledgers as
# findings.json (REPRODUCTION.md's last section, saved with them into
# repro/ledgers); notebook 08 finds them in the findings cache. Built with
# the cells' profile (TRACELAB_PGO), whose compiled packages they then share.
quick=()
[ "$mode" = quick ] && quick=(--quick)
echo "reproduce: the findings on every log of $TRACELAB_DATA"
if ! go run ${TRACELAB_PGO:+-pgo="$TRACELAB_PGO"} ./cmd/tracelab findings "${quick[@]}" --format csv --save "$TRACELAB_LEDGER_DIR/findings.json" >"$OUT/findings.csv"; then
	echo "reproduce: measuring the findings failed; REPRODUCTION.md not regenerated"
	exit 1
fi
if [ -n "$slurm" ]; then
	# The heavy sweeps on the cluster, stored where the notebooks find them.
	echo "reproduce: the heavy experiments as Slurm job arrays"
	if ! go build -o "$OUT/tracelab" ./cmd/tracelab ||
		! "$OUT/tracelab" reproduce "${notebooks[@]}" "${quick[@]}" --slurm --sweeps-only --sweeps "$OUT/sweeps"; then
		echo "reproduce: the Slurm sweeps failed (rerun to resume them); REPRODUCTION.md not regenerated"
		exit 1
	fi
	export TRACELAB_SWEEPS="$OUT/sweeps"
fi
echo "reproduce: ${#notebooks[@]} notebook(s), $mode mode, commit $commit"
scripts/run-notebooks.sh "${notebooks[@]}" | tee "$OUT/run.log"
run_rc=${PIPESTATUS[0]}

# Store the outputs of every notebook that passed (its line in the log starts with "ok").
stored=0
failed=0
for nb in "${notebooks[@]}"; do
	name="$(basename "$nb" .ipynb)"
	secs="$(awk -v n="$name" '$1 == "ok" && $2 == n { print $3 }' "$OUT/run.log" | tr -d s)"
	if [ -z "$secs" ]; then
		echo "reproduce: $name failed: its committed notebook is left as it was"
		failed=$((failed + 1))
		continue
	fi
	/usr/bin/python3 "$CHECK" store "$OUT/$name.ipynb" "$nb" "$commit" "$mode" "$secs" || { failed=$((failed + 1)); continue; }
	if problems="$(/usr/bin/python3 "$CHECK" committed "$nb")"; then
		printf 'stored %-40s  %s\n' "$name" "$(du -h "$nb" | cut -f1)"
		stored=$((stored + 1))
	else
		printf 'FAIL   %-40s  stored, but:\n%s\n' "$name" "$(printf '%s\n' "$problems" | head -20 | sed 's/^/      /')"
		failed=$((failed + 1))
	fi
done

if [ $failed -gt 0 ] || [ "$run_rc" -ne 0 ]; then
	echo "reproduce: $stored stored, $failed failed; REPRODUCTION.md not regenerated"
	exit 1
fi
# The code the ledgers were computed from must still be the tree's.
if [ "$(git rev-parse HEAD)" != "$head" ] || [ "$(git diff HEAD -- "${code_dirs[@]}" | sha256sum)" != "$code_before" ]; then
	echo "reproduce: HEAD or the code (${code_dirs[*]}) changed during the run: REPRODUCTION.md and repro/ledgers not written; run again"
	exit 1
fi
save=()
[ "$mode" = full ] && save=(--save repro/ledgers $force)
# Built as the findings were (same -pgo): go run then finds that executable in
# the build cache and neither compiles nor links (a plain build would compile
# every package the commit changed once more, without the profile).
if ! go run ${TRACELAB_PGO:+-pgo="$TRACELAB_PGO"} ./cmd/tracelab reproduce --from "$TRACELAB_LEDGER_DIR" -o REPRODUCTION.md "${save[@]}" >"$OUT/ledger.txt"; then
	echo "reproduce: REPRODUCTION.md and repro/ledgers not written (ledgers: ${OUT#"$ROOT"/}/ledger/)"
	exit 1
fi
echo "reproduce: $stored notebook(s) stored, REPRODUCTION.md regenerated${save:+, repro/ledgers saved}, $(($(date +%s) - start)) s in all; ledgers in ${OUT#"$ROOT"/}/ledger.txt"
if [ "$mode" = full ]; then
	echo "reproduce: review the moved verdicts with \`go test ./repro -run TestFullVerdicts\`, then rewrite the list with -update-verdicts (see the top of this script)"
fi
