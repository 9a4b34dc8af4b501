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

echo "== go test"
# -count=1: never report cached results in CI; 2 cores: one package at a time
# keeps the heavier packages' own parallel tests from fighting.
go test -count=1 -timeout 30m ./...

echo "== notebooks"
scripts/setup-notebooks.sh
scripts/run-notebooks.sh
