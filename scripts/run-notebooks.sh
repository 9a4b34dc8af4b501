#!/usr/bin/env bash
# run-notebooks.sh — execute notebooks headlessly with the "Go (tracelab)"
# kernel and fail on any error.
#
# Usage: scripts/run-notebooks.sh [NOTEBOOK.ipynb ...]
#   With no argument, every notebooks/*.ipynb, in name order.
#
# Each notebook is executed by Debian's nbconvert (--allow-errors, so a
# failing cell still leaves an executed notebook to inspect) into
# out/notebooks/NAME.ipynb, with the kernel's stderr in out/notebooks/NAME.log.
# scripts/nbcheck.py then fails a notebook on any error output, failed !shell
# line ("exit status N"), panic, traceback or compile error on stderr, cell
# left unexecuted, or figure some renderer would not show. The executed copies
# are what to look at; the committed notebooks are not changed (their stored
# outputs come from scripts/reproduce.sh).
#
# The notebooks record their papers' ledgers in TRACELAB_LEDGER_DIR
# (repro/notebook). In quick mode the ledgers of the papers whose notebooks ran
# are then checked against the quick-mode baselines (repro/testdata/quick,
# see repro/doc.go), computing nothing again: an entry that is gone, changed
# verdict or moved beyond its tolerance fails the run. The ledgers are
# printed to OUT/ledger.txt. Run with no argument (all notebooks, as CI does),
# the committed notebooks are checked too (nbcheck.py committed: stored
# outputs complete, from the current source, renderable, at most 6 MiB).
#
# Environment:
#   TRACELAB_QUICK=1          quick mode, passed through to the notebooks
#                             (fewer replicates; CI sets it). Default: full.
#   TRACELAB_DATA             data directory of PWA logs; made absolute here,
#                             because notebooks run in their own folder.
#   TRACELAB_CELL_TIMEOUT     seconds per cell (default 1800, quick mode 600).
#   TRACELAB_NOTEBOOK_TIMEOUT seconds per notebook (default 7200, quick 1200).
#   TRACELAB_NOTEBOOK_OUT     output folder (default out/notebooks).
#   TRACELAB_LEDGER_DIR       where the notebooks record their ledgers
#                             (default out/ledger).
#   TRACELAB_FIGURE_LINT      set per notebook to OUT/NAME.figure-lint.txt:
#                             every figure shown is linted (kernelext.LintEnv,
#                             plottest.Lint); a finding fails the notebook in
#                             quick mode, and is a warning line in full mode.
#   TRACELAB_COMMIT           the commit recorded with the ledgers (default:
#                             git's HEAD, "-dirty" when tracked files changed).
#   TRACELAB_MEMO_DIR         where the cells keep expensive intermediate
#                             results (fits, bootstraps) for the later cells,
#                             each a new process, and for the other notebooks
#                             of the run (repro/study.Stored; Zakay 2013's
#                             §6.1 bootstraps are also Feitelson 2021's Fig.
#                             15: a notebook asking for one while another
#                             computes it waits and reads it); default: a new
#                             temporary folder, removed at the end of the run.
#   TRACELAB_NOTEBOOK_JOBS    notebooks executed at once, 1 to 8 (default 1;
#                             scripts/reproduce.sh sets 2). Each notebook's
#                             time is then measured under the others' load.
#
# Prints one status line per notebook and a last line "N passed, N failed";
# exits 1 when any notebook failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
OUT="${TRACELAB_NOTEBOOK_OUT:-$ROOT/out/notebooks}"
CHECK="$ROOT/scripts/nbcheck.py"
export JUPYTER_DATA_DIR="$ROOT/.jupyter"
# No front end answers widgets here: interactive cells show what a stored
# notebook can show (kernelext.Interact).
export TRACELAB_HEADLESS=1
export TRACELAB_LEDGER_DIR="${TRACELAB_LEDGER_DIR:-$ROOT/out/ledger}"
if [ -z "${TRACELAB_COMMIT:-}" ] && TRACELAB_COMMIT="$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null)"; then
	git -C "$ROOT" diff --quiet HEAD 2>/dev/null || TRACELAB_COMMIT="$TRACELAB_COMMIT-dirty"
fi
export TRACELAB_COMMIT
if [ -z "${TRACELAB_MEMO_DIR:-}" ]; then
	TRACELAB_MEMO_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tracelab-memo.XXXXXX")" || exit 1
	trap 'rm -rf "$TRACELAB_MEMO_DIR"' EXIT
fi
export TRACELAB_MEMO_DIR

if [ -n "${TRACELAB_QUICK:-}" ]; then
	mode=quick
	cell_timeout="${TRACELAB_CELL_TIMEOUT:-600}"
	nb_timeout="${TRACELAB_NOTEBOOK_TIMEOUT:-1200}"
else
	mode=full
	cell_timeout="${TRACELAB_CELL_TIMEOUT:-1800}"
	nb_timeout="${TRACELAB_NOTEBOOK_TIMEOUT:-7200}"
fi

# Relative data directories are meant from the caller's directory.
if [ -n "${TRACELAB_DATA:-}" ] && [ "${TRACELAB_DATA#/}" = "$TRACELAB_DATA" ]; then
	if abs="$(cd "$TRACELAB_DATA" 2>/dev/null && pwd -P)"; then
		TRACELAB_DATA="$abs"
	else
		TRACELAB_DATA="$PWD/$TRACELAB_DATA"
	fi
fi
[ -n "${TRACELAB_DATA:-}" ] && export TRACELAB_DATA

# Install the kernel if it is not there yet, was made for another checkout,
# or its go shim is older than the code that writes it (kernelspec.Shim).
spec="$JUPYTER_DATA_DIR/kernels/tracelab/kernel.json"
if [ ! -f "$spec" ] || ! grep -qF "\"$ROOT/.tools/bin/gonb\"" "$spec" || [ ! -x "$ROOT/.tools/bin/gonb" ] ||
	[ "$ROOT/kernelext/kernelspec/kernelspec.go" -nt "$ROOT/.tools/kernel/bin/go" ] || [ ! -x /usr/bin/jupyter ]; then
	"$ROOT/scripts/setup-notebooks.sh" || { echo "run-notebooks: setup failed" >&2; exit 1; }
fi

if [ $# -gt 0 ]; then
	notebooks=("$@")
else
	shopt -s nullglob
	notebooks=("$ROOT"/notebooks/*.ipynb)
	shopt -u nullglob
fi

jobs_n="${TRACELAB_NOTEBOOK_JOBS:-1}"
case "$jobs_n" in
[1-8]) ;;
*) echo "run-notebooks: TRACELAB_NOTEBOOK_JOBS=$jobs_n: want 1 to 8" >&2; exit 2 ;;
esac

mkdir -p "$OUT"
echo "run-notebooks: ${#notebooks[@]} notebook(s), $mode mode, cell timeout ${cell_timeout}s, $jobs_n at once, output in ${OUT#"$ROOT"/}"

# run_one executes one notebook and writes its status lines to OUT/NAME.status
# (first word "ok" or "FAIL"), so that notebooks run at once report in order.
run_one() {
	local nb="$1" name executed logfile lintfile start rc secs problems more lint
	name="$(basename "$nb" .ipynb)"
	executed="$OUT/$name.ipynb"
	logfile="$OUT/$name.log"
	rm -f "$executed"
	if [ ! -f "$nb" ]; then
		printf 'FAIL  %-40s  no such file\n' "$name" >"$OUT/$name.status"
		return
	fi
	# Every figure the notebook shows is linted (kernelext.LintEnv).
	lintfile="$OUT/$name.figure-lint.txt"
	rm -f "$lintfile"
	start=$(date +%s.%N)
	TRACELAB_FIGURE_LINT="$lintfile" timeout --kill-after=30 "$nb_timeout" /usr/bin/jupyter nbconvert --to notebook --execute --allow-errors \
		--ExecutePreprocessor.kernel_name=tracelab \
		--ExecutePreprocessor.timeout="$cell_timeout" \
		--ExecutePreprocessor.startup_timeout=120 \
		--output-dir "$OUT" --output "$name.ipynb" "$nb" >"$logfile" 2>&1
	rc=$?
	secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
	problems=""
	if [ $rc -ne 0 ]; then
		if [ $rc -eq 124 ]; then
			problems="notebook timeout after ${nb_timeout}s"
		else
			problems="nbconvert exit status $rc: $(grep -E 'Error|error' "$logfile" | tail -1 | cut -c1-200)"
		fi
	fi
	if [ -f "$executed" ]; then
		more="$(/usr/bin/python3 "$CHECK" check "$executed" | sed "s|^$executed: ||")"
		[ -n "$more" ] && problems="${problems:+$problems$'\n'}$more"
	elif [ -z "$problems" ]; then
		problems="no executed notebook written"
	fi
	lint=""
	[ -s "$lintfile" ] && lint="figure lint: $(wc -l <"$lintfile") finding(s) in ${lintfile#"$ROOT"/}:"$'\n'"$(head -5 "$lintfile")"
	# In quick mode (the tests' figures) a lint finding fails the notebook; in
	# full mode it is reported below the notebook's line, which still counts.
	[ -n "$lint" ] && [ "$mode" = quick ] && problems="${problems:+$problems$'\n'}$lint"
	{
		if [ -z "$problems" ]; then
			printf 'ok    %-40s  %6ss\n' "$name" "$secs"
			[ -n "$lint" ] && printf '%s\n' "$lint" | sed 's/^/      warning: /'
		else
			printf 'FAIL  %-40s  %6ss  (log: %s)\n' "$name" "$secs" "${logfile#"$ROOT"/}"
			printf '%s\n' "$problems" | head -20 | sed 's/^/      /'
		fi
	} >"$OUT/$name.status"
}

# report prints a notebook's status lines and counts it.
passed=0
failed=0
report() {
	local status="$OUT/$(basename "$1" .ipynb).status"
	cat "$status"
	if [ "$(head -c 2 "$status")" = ok ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
}

if [ "$jobs_n" -eq 1 ]; then
	for nb in "${notebooks[@]}"; do
		run_one "$nb"
		report "$nb"
	done
else
	# Up to jobs_n notebooks at once (their kernels are separate processes;
	# each paper records its own ledger); the status lines in the given order.
	running=0
	for nb in "${notebooks[@]}"; do
		if [ $running -ge "$jobs_n" ]; then
			wait -n
			running=$((running - 1))
		fi
		echo "run-notebooks: started $(basename "$nb" .ipynb)"
		run_one "$nb" &
		running=$((running + 1))
	done
	wait
	for nb in "${notebooks[@]}"; do
		report "$nb"
	done
fi
# The quick-mode ledgers the notebooks recorded, against the baseline: the
# notebooks of a paper are those that record its ledger (notebook.Begin).
papers=()
for nb in "${notebooks[@]}"; do
	grep -qs 'notebook.Begin(' "$nb" && papers+=("$nb")
done
if [ "$mode" = quick ] && [ ${#papers[@]} -gt 0 ]; then
	if (cd "$ROOT" && go run ./cmd/tracelab reproduce --from "$TRACELAB_LEDGER_DIR" --check repro/testdata/quick \
		"${papers[@]}" >"$OUT/ledger.txt" 2>"$OUT/ledger-check.log"); then
		printf 'ok    %-40s\n' "ledger baseline"
	else
		printf 'FAIL  %-40s  (ledgers: %s)\n' "ledger baseline" "${OUT#"$ROOT"/}/ledger.txt"
		failed=$((failed + 1))
	fi
	sed 's/^/      /' "$OUT/ledger-check.log"
fi
# The committed notebooks' stored outputs.
if [ $# -eq 0 ] && [ ${#notebooks[@]} -gt 0 ]; then
	if problems="$(/usr/bin/python3 "$CHECK" committed "${notebooks[@]}")"; then
		printf 'ok    %-40s\n' "committed notebooks"
	else
		printf 'FAIL  %-40s\n' "committed notebooks"
		printf '%s\n' "$problems" | head -20 | sed "s|^$ROOT/||; s/^/      /"
		failed=$((failed + 1))
	fi
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
