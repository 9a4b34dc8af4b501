#!/usr/bin/env bash
# browser-check.sh — check the notebooks in a real browser, as a person would
# (not run by CI; needs a few minutes):
#
#   1. Starts Debian's classic Jupyter Notebook server (package jupyter-notebook,
#      apt-installed when missing) on 127.0.0.1, on a free port, without a token,
#      with JUPYTER_DATA_DIR=.jupyter so it finds the "Go (tracelab)" kernel
#      (installed by scripts/setup-notebooks.sh when missing). The server works on
#      COPIES of the notebooks in a temporary folder, so autosave never writes
#      outputs into notebooks/.
#   2. Drives Debian's headless Chromium (/usr/bin/chromium, or $CHROMIUM) with
#      Playwright (npm package playwright-core, installed into the temporary
#      folder) through scripts/browser-check.js: Run All in 00-quickstart (no
#      errors, both figures), and the interactive fitting cell of 03-lublin-model
#      (live sliders redraw the plot and change D_n, "stop" ends the cell, running
#      it again works).
#   3. Writes PNG screenshots to out/browser-check/ and the server's log (with the
#      kernel's) to out/browser-check/server.log; prints "N passed, N failed".
#
# Known GoNB v0.11.4 limitations it reports as warnings (not failures), both
# seen only when the machine is busy: the widget connection can fail (GoNB's
# front end waits 500 ms for the kernel to acknowledge it; the cell then says
# "no live front end answered" and running it again works), and a fast drag can
# leave the plot one slider message behind (GoNB handles comm messages in
# concurrent goroutines, so they can arrive out of order; nudging the slider
# fixes it).
#
# Usage: scripts/browser-check.sh [--widget-only]
#   --widget-only  in 03, run only the declarations cell and the interactive
#                  cell instead of Run All (about 1 minute less).
# Environment: TRACELAB_DATA (default ../shared/pwa beside the checkout, as in
#   the README, when it exists; otherwise the notebooks download the logs),
#   TRACELAB_QUICK (default 1), BROWSER_CHECK_OUT (default out/browser-check),
#   CHROMIUM (default /usr/bin/chromium), PLAYWRIGHT_VERSION (default 1.65.1).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
OUT="${BROWSER_CHECK_OUT:-$ROOT/out/browser-check}"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
PLAYWRIGHT_VERSION="${PLAYWRIGHT_VERSION:-1.65.1}"

log() { printf 'browser-check: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ -x "$CHROMIUM" ] || die "$CHROMIUM not found (Debian package chromium)"
command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (Debian packages nodejs, npm)"
if [ ! -x /usr/bin/jupyter-notebook ]; then
	[ "$(id -u)" = 0 ] || die "install Debian's jupyter-notebook (apt-get install --no-install-recommends jupyter-notebook)"
	log "apt-get install jupyter-notebook"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends jupyter-notebook >/dev/null
fi
spec="$ROOT/.jupyter/kernels/tracelab/kernel.json"
if [ ! -f "$spec" ] || ! grep -qF "\"$ROOT/.tools/bin/gonb\"" "$spec" || [ ! -x "$ROOT/.tools/bin/gonb" ]; then
	"$ROOT/scripts/setup-notebooks.sh"
fi

if [ -z "${TRACELAB_DATA:-}" ] && [ -d "$ROOT/../shared/pwa" ]; then TRACELAB_DATA="$ROOT/../shared/pwa"; fi
if [ -n "${TRACELAB_DATA:-}" ]; then
	TRACELAB_DATA="$(cd "$TRACELAB_DATA" && pwd -P)" || die "TRACELAB_DATA: no such folder"
	export TRACELAB_DATA
fi
export TRACELAB_QUICK="${TRACELAB_QUICK-1}"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/tracelab-browser-check.XXXXXX")"
server=""
cleanup() {
	if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
		kill -- "-$server" 2>/dev/null || kill "$server" 2>/dev/null || true
		wait "$server" 2>/dev/null || true
	fi
	rm -rf "$TMP"
}
trap cleanup EXIT

mkdir -p "$OUT" "$TMP/notebooks" "$TMP/runtime" "$TMP/node"
rm -f "$OUT"/*.png
cp "$ROOT"/notebooks/00-quickstart.ipynb "$ROOT"/notebooks/03-lublin-model.ipynb "$TMP/notebooks/"

log "npm install playwright-core@$PLAYWRIGHT_VERSION"
(cd "$TMP/node" && npm init -y >/dev/null 2>&1 && npm install --no-audit --no-fund --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION" >/dev/null) ||
	die "npm install playwright-core failed"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
log "starting jupyter-notebook on $base"
# setsid: the server and its kernels form one process group, ended together by cleanup.
JUPYTER_DATA_DIR="$ROOT/.jupyter" JUPYTER_RUNTIME_DIR="$TMP/runtime" JUPYTER_CONFIG_DIR="$TMP/config" \
	setsid /usr/bin/jupyter-notebook --no-browser --ip=127.0.0.1 --port="$port" --port-retries=0 --allow-root \
	--NotebookApp.token= --NotebookApp.password= --NotebookApp.notebook_dir="$TMP/notebooks" \
	--NotebookNotary.db_file=:memory: --NotebookNotary.secret_file="$TMP/runtime/notebook_secret" \
	>"$OUT/server.log" 2>&1 &
server=$!
for _ in $(seq 60); do
	curl -fs "$base/api/status" >/dev/null 2>&1 && break
	kill -0 "$server" 2>/dev/null || die "jupyter-notebook exited; see $OUT/server.log"
	sleep 0.5
done
curl -fs "$base/api/kernelspecs" | grep -q '"tracelab"' || die "the server does not list the tracelab kernel; see $OUT/server.log"

start=$(date +%s)
rc=0
NODE_PATH="$TMP/node/node_modules" CHROMIUM="$CHROMIUM" node "$ROOT/scripts/browser-check.js" "$base" "$OUT" "$@" || rc=$?
log "done in $(($(date +%s) - start))s; screenshots and server.log in ${OUT#"$ROOT"/}"
exit $rc
