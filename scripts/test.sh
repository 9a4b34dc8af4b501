#!/usr/bin/env bash
# test.sh — the project's whole test suite, exactly as the README prints it
# and CI (.ci/run) runs it, from the checkout root:
#
#   TRACELAB_DATA=../shared/pwa scripts/test.sh
#
# TRACELAB_DATA names a folder of PWA logs, relative to the directory the
# command is run from or absolute; without it the real-log tests skip. It is
# made absolute here, because go test runs each package in its own folder
# and the notebooks run in theirs.
#
# Steps (the first failure stops the script):
#   1. the modules are tidy (go mod tidy -diff, here and in tools/), go vet
#      and staticcheck (pinned in tools/go.mod) are clean;
#   2. go test of every package, under a private single-node Slurm for the
#      sweep tests when the harness can start one (scripts/slurm-harness.sh;
#      with CI set in the environment, Slurm must start and its tests run);
#   3. examples/, a module of its own as a user's would be (replace => ../):
#      tidy, vet, its tests (a scheduler of one's own through the library and
#      through its own tracelab command line) and its loop program run once;
#   4. every notebook executed headlessly in quick mode (fewer replicates,
#      the same code paths; TRACELAB_QUICK=1), checked for errors.
#
# The full reproduction of the papers (full mode: the papers' replicate
# counts) is its own command: scripts/reproduce.sh.
set -euo pipefail

if [ -n "${TRACELAB_DATA:-}" ]; then
	case "$TRACELAB_DATA" in
	/*) ;;
	*) TRACELAB_DATA="$PWD/$TRACELAB_DATA" ;;
	esac
	if [ ! -d "$TRACELAB_DATA" ]; then
		echo "test.sh: TRACELAB_DATA=$TRACELAB_DATA is not a folder" >&2
		exit 2
	fi
	export TRACELAB_DATA
fi
export TRACELAB_QUICK=1
cd "$(dirname "$0")/.."

echo "== go mod tidy -diff, go vet, staticcheck"
go mod tidy -diff
(cd tools && go mod tidy -diff)
go vet ./...
go tool -modfile=tools/go.mod staticcheck ./...

echo "== go test (under a private single-node Slurm for the sweep tests)"
# -count=1: never report cached results. --optional lets a machine without
# root run the rest (the Slurm tests then skip), unless CI is set.
scripts/slurm-harness.sh run --optional -- go test -count=1 -timeout 20m ./...

echo "== examples/ (a scheduler of one's own, as a separate module)"
(cd examples && go mod tidy -diff && go vet ./... && ../scripts/slurm-harness.sh run --optional -- go test -count=1 ./... && go run ./loop --variants 4 --weeks 8 >/dev/null && go run ./loop --variants 4 --weeks 8 --scheduler fairshare:6 >/dev/null)

echo "== notebooks (quick mode)"
scripts/setup-notebooks.sh
scripts/run-notebooks.sh
