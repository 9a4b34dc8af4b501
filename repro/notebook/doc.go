// Package notebook is what the reproduction notebooks call to show a
// paper's claims beside its figures and to assemble the paper's ledger.
//
// GoNB runs every cell as a separate program, so results cannot be kept in
// memory from one cell to the next. Each cell that computes an item shows
// the ledger entries of that item (Claims) and records them in a
// ledger.Store; the last cell (Ledger) shows the whole ledger of the paper
// from what the cells recorded, computing nothing again. The first cell
// (Begin) clears what an earlier run recorded and records the run's mode
// and commit. `tracelab reproduce --from`
// builds REPRODUCTION.md from the same records.
//
// Claims shows a section compactly (ClaimsHTML): its items' computed
// statuses, its claims with ours beside them (collapsed below the main
// claims when there are many), its checks collapsed; Ledger shows, once,
// every item's computed status and the whole ledger collapsed. ClaimsHTML, StatusHTML, SectionHTML (the items of one notebook
// section), DetailsHTML and EntriesHTML build the same HTML for cells that
// lay out their own display.
//
// The store is the folder $TRACELAB_LEDGER_DIR (scripts/run-notebooks.sh
// and scripts/reproduce.sh set it), else tracelab-ledger in the system's
// temporary folder.
package notebook
