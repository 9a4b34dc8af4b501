#!/usr/bin/env bash
# The project's whole test suite, as a newcomer or CI runs it:
#   scripts/test.sh            full mode (notebooks with the papers' replicate counts)
#   TRACELAB_QUICK=1 scripts/test.sh   quick mode (fewer replicates, same code paths; CI)
# Go tests need TRACELAB_DATA (a folder of PWA logs) for the real-log tests;
# without it those tests skip. Notebooks need the logs too.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== go vet"
go vet ./...

echo "== go test (under a private single-node Slurm for the sweep tests)"
# -count=1: never report cached results. The harness installs and starts
# Slurm (Debian packages) when it can; --optional lets a machine without
# root run the rest (the Slurm tests then skip), but with CI set Slurm must
# start and its tests must run.
scripts/slurm-harness.sh run --optional -- go test -count=1 -timeout 40m ./...

echo "== notebooks"
scripts/setup-notebooks.sh
scripts/run-notebooks.sh
