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
# line ("exit status N"), panic, traceback or compile error on stderr, or cell
# left unexecuted. The committed notebooks stay output-free; the executed
# copies are what to look at.
#
# Environment:
#   TRACELAB_QUICK=1          quick mode, passed through to the notebooks
#                             (fewer replicates; CI sets it). Default: full.
#   TRACELAB_DATA             data directory of PWA logs; made absolute here,
#                             because notebooks run in their own folder.
#   TRACELAB_CELL_TIMEOUT     seconds per cell (default 1800, quick mode 600).
#   TRACELAB_NOTEBOOK_TIMEOUT seconds per notebook (default 7200, quick 1200).
#   TRACELAB_NOTEBOOK_OUT     output folder (default out/notebooks).
#
# Prints one status line per notebook and a last line "N passed, N failed";
# exits 1 when any notebook failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
OUT="${TRACELAB_NOTEBOOK_OUT:-$ROOT/out/notebooks}"
CHECK="$ROOT/scripts/nbcheck.py"
export JUPYTER_DATA_DIR="$ROOT/.jupyter"

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

# Install the kernel if it is not there yet, or was made for another checkout.
spec="$JUPYTER_DATA_DIR/kernels/tracelab/kernel.json"
if [ ! -f "$spec" ] || ! grep -qF "\"$ROOT/.tools/bin/gonb\"" "$spec" || [ ! -x "$ROOT/.tools/bin/gonb" ] ||
	[ ! -x /usr/bin/jupyter ]; then
	"$ROOT/scripts/setup-notebooks.sh" || { echo "run-notebooks: setup failed" >&2; exit 1; }
fi

if [ $# -gt 0 ]; then
	notebooks=("$@")
else
	shopt -s nullglob
	notebooks=("$ROOT"/notebooks/*.ipynb)
	shopt -u nullglob
fi

mkdir -p "$OUT"
echo "run-notebooks: ${#notebooks[@]} notebook(s), $mode mode, cell timeout ${cell_timeout}s, output in ${OUT#"$ROOT"/}"
passed=0
failed=0
for nb in "${notebooks[@]}"; do
	name="$(basename "$nb" .ipynb)"
	executed="$OUT/$name.ipynb"
	logfile="$OUT/$name.log"
	rm -f "$executed"
	if [ ! -f "$nb" ]; then
		printf 'FAIL  %-40s  no such file\n' "$name"
		failed=$((failed + 1))
		continue
	fi
	start=$(date +%s.%N)
	timeout --kill-after=30 "$nb_timeout" /usr/bin/jupyter nbconvert --to notebook --execute --allow-errors \
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
	if [ -z "$problems" ]; then
		printf 'ok    %-40s  %6ss\n' "$name" "$secs"
		passed=$((passed + 1))
	else
		printf 'FAIL  %-40s  %6ss  (log: %s)\n' "$name" "$secs" "${logfile#"$ROOT"/}"
		printf '%s\n' "$problems" | head -20 | sed 's/^/      /'
		failed=$((failed + 1))
	fi
done
# Committed notebooks are kept output-free (the executed copies are in $OUT).
if [ $# -eq 0 ] && [ ${#notebooks[@]} -gt 0 ]; then
	/usr/bin/python3 "$CHECK" outputs "${notebooks[@]}" | sed 's/^/warning: /' || true
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
