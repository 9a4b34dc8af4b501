#!/usr/bin/env bash
# setup-notebooks.sh — install everything needed to run tracelab's notebooks,
# inside the checkout, idempotently:
#
#   1. Debian packages jupyter-nbconvert and jupyter-core (plus python3-pandas
#      and python3-scipy, used by tests for reference values); apt-get runs
#      only when one of them is missing.
#   2. The GoNB kernel and goimports, built from the pinned tools module
#      (tools/go.mod: gonb v0.11.4, golang.org/x/tools v0.52.0) into .tools/bin.
#   3. The Jupyter kernel "Go (tracelab)" (kernel name "tracelab") in
#      .jupyter/kernels/tracelab, with a `go` shim in .tools/kernel/bin that
#      makes every notebook import the checkout's packages
#      (github.com/tracelab/tracelab/...) with no setup cell.
#
# How the no-setup-cell import works: at start-up GoNB runs `go mod init`
# in its temporary directory ($GONB_TMP_DIR) and before every cell a plain
# `go get` (which the shim skips when the cell's imports, as a set, were all
# resolved before with the same go.mod and other inputs: GoNB writes them in
# map order and drops the unused ones). The shim,
# first on the kernel's PATH, passes every call to the real go; after that
# one `go mod init` it adds
#     require github.com/tracelab/tracelab v0.0.0
#     replace github.com/tracelab/tracelab => <checkout>
# and copies the checkout's go.sum, so `go get` resolves gota, gonum, plot and
# gonbui at the versions pinned in the checkout's go.mod, with no version-list
# query to the module proxy (which refuses them here). GoNB's own --go_work
# flag is not enough: in a workspace `go get` still asks the proxy for the
# latest version of every imported module.
#
# Steps 2 and 3 are kernelext/kernelspec.Install (see its documentation).
#
# Usage: scripts/setup-notebooks.sh            (from anywhere)
# Environment: TRACELAB_SKIP_APT=1 skips step 1 (for machines without apt).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"

log() { printf 'setup-notebooks: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# --- 1. Debian packages -------------------------------------------------------
APT_PACKAGES=(jupyter-nbconvert jupyter-core python3-pandas python3-scipy)
if [ "${TRACELAB_SKIP_APT:-}" != 1 ]; then
	missing=()
	for p in "${APT_PACKAGES[@]}"; do
		if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]; then
			missing+=("$p")
		fi
	done
	if [ ${#missing[@]} -gt 0 ]; then
		command -v apt-get >/dev/null || die "apt-get not found; install ${missing[*]} by hand or set TRACELAB_SKIP_APT=1"
		SUDO=()
		if [ "$(id -u)" != 0 ]; then
			command -v sudo >/dev/null || die "need root (or sudo) to apt-get install ${missing[*]}"
			SUDO=(sudo)
		fi
		log "apt-get install ${missing[*]}"
		export DEBIAN_FRONTEND=noninteractive
		"${SUDO[@]}" apt-get update -qq
		"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	fi
fi
[ -x /usr/bin/jupyter ] || die "/usr/bin/jupyter missing (Debian package jupyter-core)"
/usr/bin/python3 -c 'import nbconvert, nbclient, jupyter_client' 2>/dev/null ||
	die "Debian's /usr/bin/python3 cannot import nbconvert (package jupyter-nbconvert)"

# --- 2 and 3. gonb + goimports, the go shim, the kernelspec -------------------------
# kernelext/kernelspec does both (std-lib only, so it builds even while other
# packages of the checkout are mid-edit); `tracelab kernel install` runs the same code.
GO="$(command -v go || true)"
if [ -z "$GO" ] && [ -x /usr/local/go/bin/go ]; then GO=/usr/local/go/bin/go; fi
[ -n "$GO" ] || die "go not found on PATH (nor /usr/local/go/bin/go)"
(cd "$ROOT" && GOWORK=off "$GO" run ./kernelext/kernelspec/install -root "$ROOT" -dir "$ROOT/.jupyter") ||
	die "installing the kernel failed"

# Check that Jupyter sees the kernel.
JUPYTER_DATA_DIR="$ROOT/.jupyter" /usr/bin/python3 -c '
import sys
from jupyter_client.kernelspec import KernelSpecManager
spec = KernelSpecManager().get_kernel_spec("tracelab")
sys.exit(spec.display_name != "Go (tracelab)")' || die "jupyter does not find the kernel in $ROOT/.jupyter"
log "ready: kernel \"Go (tracelab)\" in .jupyter/kernels/tracelab, $(grep -o "janpfeifer/gonb v[0-9.]*" "$ROOT/tools/go.mod")"
