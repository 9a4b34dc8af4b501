#!/usr/bin/env python3
"""nbcheck.py — check executed and committed notebooks, store or strip outputs.

Standard library only (any python3 will do).

  nbcheck.py check EXECUTED.ipynb...     print one line per problem; exit 1 if any
  nbcheck.py committed NOTEBOOK.ipynb... check committed notebooks' stored outputs (below); exit 1 if any problem
  nbcheck.py store EXECUTED.ipynb NOTEBOOK.ipynb COMMIT MODE SECONDS
                                         copy the outputs of an executed copy into the committed
                                         notebook, with the provenance below (scripts/reproduce.sh)
  nbcheck.py strip NOTEBOOK.ipynb...     remove outputs, execution counts and provenance in place
  nbcheck.py outputs NOTEBOOK.ipynb...   list notebooks that hold outputs; exit 1 if any

A code cell fails the check when
  - it has an "error" output (a compile error, a panic, an error returned by
    GoNB, or any Jupyter error);
  - its stderr stream shows a failed shell line ("exit status N": GoNB does
    not turn a failing !command into an error), a Go panic or fatal error,
    a Python traceback, or a Go compiler position "file.go:L:C: ...";
  - it was never executed (the kernel died or the run stopped early).
A cell tagged "raises-exception" (the nbclient convention) may fail on purpose.
It also fails when a figure is an image that some renderer does not show
(FIGURE_PROBLEMS): image/svg+xml output, which nbconvert's HTML export blanks
(it prefers SVG to PNG and strips SVG drawing elements with lxml's
clean_html), or an image with no PNG or JPEG beside it. Inline SVG inside an
HTML output is reported as a warning (code-hosting sites may not show it).

Stored outputs. scripts/reproduce.sh executes the notebooks in full mode and
stores their outputs in the committed notebooks (store): the notebook's
metadata gets "tracelab": {"stored_by": "scripts/reproduce.sh", "commit",
"mode", "executed", "seconds"}, and each code cell's metadata
"tracelab": {"source_sha256": …}, the hash of the source its outputs came
from. `committed` then requires, of a notebook stored so: full mode, every
code cell executed with outputs from its current source (same hash), no
error output (as check), every figure an image the renderers show, and at
most MAX_NOTEBOOK_BYTES. A committed notebook with outputs but no such
provenance fails. One without outputs passes while REQUIRE_STORED_OUTPUTS is
False (until the full reproduction is stored); set it to True to require
stored outputs in every committed notebook.
"""

import hashlib
import json
import os
import re
import sys
from datetime import datetime, timezone

# Set to True once every committed notebook carries the outputs of the full
# reproduction (scripts/reproduce.sh): then a notebook without them fails.
REQUIRE_STORED_OUTPUTS = True

# 6 MiB: 01 is the largest at 5.3 MB (2026-11-28): 21 figures (2.8 MB of base64
# PNG, already paletted at best compression) and its 555-claim ledger in HTML
# and text (0.84 MB), so every renderer shows it; 5 MiB left no room for a
# longer reason.
MAX_NOTEBOOK_BYTES = 6 * 1024 * 1024
STORED_BY = "scripts/reproduce.sh"

STDERR_PATTERNS = [  # most informative first; one message per stderr stream
    (re.compile(r"^panic: ", re.M), "Go panic"),
    (re.compile(r"^fatal error: ", re.M), "Go fatal error"),
    (re.compile(r"^Traceback \(most recent call last\)", re.M), "Python traceback"),
    (re.compile(r"\.go:\d+:\d+: ", re.M), "Go compile error"),
    (re.compile(r"^failed to run ", re.M), "GoNB failure"),
    (re.compile(r"^goroutine \d+ \[", re.M), "Go stack trace"),
    (re.compile(r"^exit status \d+", re.M), "failed shell line or program"),
]
EXIT_STATUS = re.compile(r"^exit status \d+$")


def text(v):
    return "".join(v) if isinstance(v, list) else (v or "")


def first_line(s, limit=200):
    for line in s.splitlines():
        line = line.strip()
        if line:
            return line[:limit]
    return ""


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check(path):
    """Returns a list of problem strings for the executed notebook at path."""
    try:
        nb = load(path)
    except (OSError, ValueError) as e:
        return [f"cannot read executed notebook: {e}"]
    problems = []
    code_cells = 0
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        code_cells += 1
        if "raises-exception" in cell.get("metadata", {}).get("tags", []):
            continue
        where = f"cell {i}"
        src = first_line("\n".join(l for l in text(cell.get("source")).splitlines()
                                    if l.strip() not in ("%%", "%main")), 60)
        if src:
            where += f" ({src})"
        if not text(cell.get("source")).strip():
            continue
        if cell.get("execution_count") is None and not cell.get("outputs"):
            problems.append(f"{where}: not executed")
            continue
        stderr_msgs, error_msgs = [], []
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "error":
                lines = [l for l in out.get("evalue", "").splitlines() if l.strip() and not l.startswith("#")]
                msg = lines[0].strip()[:200] if lines else first_line("\n".join(out.get("traceback", [])))
                # GoNB maps compile errors to cells: "Cell[3]: Line 2 ... <message>".
                mapped = [t.strip().splitlines() for t in out.get("traceback", []) if t.startswith("Cell[")]
                if mapped:
                    msg = "; ".join(f"{t[0]}: {t[-1]}" for t in mapped[:3])[:300]
                error_msgs.append((msg, f"{where}: error {out.get('ename', '')}: {msg}"))
            elif kind == "stream" and out.get("name") == "stderr":
                s = text(out.get("text"))
                for pat, what in STDERR_PATTERNS:
                    m = pat.search(s)
                    if m:
                        line = s[s.rfind("\n", 0, m.start()) + 1:].split("\n", 1)[0]
                        stderr_msgs.append(f"{where}: {what} on stderr: {line.strip()[:200]}")
                        break
        problems.extend(stderr_msgs)
        problems.extend(f"{where}: {p}" for p in figure_problems(cell))
        for msg, full in error_msgs:
            # "exit status N" as an error adds nothing to the stderr message.
            if not (stderr_msgs and EXIT_STATUS.match(msg)):
                problems.append(full)
    if code_cells == 0:
        problems.append("no code cells")
    return problems


def figure_problems(cell):
    """Figures of a code cell that some renderer would not show."""
    problems = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        images = [k for k in data if k.startswith("image/")]
        if "image/svg+xml" in data:
            problems.append("figure as image/svg+xml: nbconvert's HTML shows it blank "
                            "(display plots with kernelext.Plot or kernelext.Grid: PNG)")
        elif images and not ("image/png" in data or "image/jpeg" in data):
            problems.append(f"figure as {images[0]} only: not every renderer shows it (use PNG)")
    return problems


def inline_svg_warnings(cell):
    """HTML outputs that draw with inline SVG (code-hosting sites may not show it)."""
    return ["figure as inline SVG in HTML: code-hosting sites may not show it "
            "(display plots with kernelext.Plot or kernelext.Grid: PNG)"
            for out in cell.get("outputs", [])
            if "<svg" in text(out.get("data", {}).get("text/html"))]


def source_hash(cell):
    return hashlib.sha256(text(cell.get("source")).encode("utf-8")).hexdigest()


def write(path, nb):
    """Writes a notebook as Jupyter does (one-space indent, UTF-8), atomically."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(nb, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def store(executed_path, path, commit, mode, seconds):
    """Copies the outputs of the executed copy into the committed notebook,
    with their provenance. The two must have the same cells."""
    executed, nb = load(executed_path), load(path)
    cells, done = nb.get("cells", []), executed.get("cells", [])
    if [text(c.get("source")) for c in cells] != [text(c.get("source")) for c in done]:
        raise SystemExit(f"nbcheck store: {executed_path} was not executed from the current {path}")
    for cell, ran in zip(cells, done):
        if cell.get("cell_type") != "code":
            continue
        cell["outputs"] = ran.get("outputs", [])
        cell["execution_count"] = ran.get("execution_count")
        md = cell.setdefault("metadata", {})
        md.pop("execution", None)  # nbclient's timings: noise in diffs
        md["tracelab"] = {"source_sha256": source_hash(cell)}
    nb.setdefault("metadata", {})["tracelab"] = {
        "stored_by": STORED_BY,
        "commit": commit,
        "mode": mode,
        "executed": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "seconds": round(float(seconds), 1),
    }
    write(path, nb)


def committed(path):
    """Problems of a committed notebook's stored outputs (see the module doc)."""
    try:
        nb = load(path)
    except (OSError, ValueError) as e:
        return [f"cannot read notebook: {e}"]
    prov = nb.get("metadata", {}).get("tracelab")
    code = [(i, c) for i, c in enumerate(nb.get("cells", [])) if c.get("cell_type") == "code"]
    if not isinstance(prov, dict) or prov.get("stored_by") != STORED_BY:
        if has_outputs(path):
            return [f"has outputs but was not stored by {STORED_BY} (no provenance in its metadata): "
                    f"store them with {STORED_BY}, or strip them with scripts/nbcheck.py strip {path}"]
        if REQUIRE_STORED_OUTPUTS:
            return [f"no stored outputs: run {STORED_BY}"]
        return []
    problems = []
    if prov.get("mode") != "full":
        problems.append(f"outputs stored in {prov.get('mode')!r} mode, not full: run {STORED_BY}")
    size = os.path.getsize(path)
    if size > MAX_NOTEBOOK_BYTES:
        problems.append(f"{size / 1e6:.1f} MB, more than {MAX_NOTEBOOK_BYTES / 1e6:.1f} MB (smaller or fewer figures)")
    for i, cell in code:
        if not text(cell.get("source")).strip():
            continue
        where = f"cell {i}"
        want = cell.get("metadata", {}).get("tracelab", {}).get("source_sha256")
        if want != source_hash(cell):
            problems.append(f"{where}: its source changed since its outputs were stored: run {STORED_BY}")
        problems.extend(f"{where}: {w}" for w in inline_svg_warnings(cell))
    # Unexecuted cells, errors, failed shell lines, panics, figures no
    # renderer shows: as for an executed copy.
    return problems + check(path)


def strip(path):
    nb = load(path)
    changed = nb.get("metadata", {}).pop("tracelab", None) is not None
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs") or cell.get("execution_count") is not None:
            changed = True
        if cell.get("metadata", {}).pop("tracelab", None) is not None:
            changed = True
        cell["outputs"] = []
        cell["execution_count"] = None
    if changed:
        write(path, nb)
    return changed


def load_or_empty(path):
    try:
        return load(path)
    except (OSError, ValueError):
        return {}


def has_outputs(path):
    nb = load(path)
    return any(c.get("outputs") or c.get("execution_count") is not None
               for c in nb.get("cells", []) if c.get("cell_type") == "code")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("check", "committed", "store", "strip", "outputs"):
        print(__doc__, file=sys.stderr)
        return 2
    cmd, paths = argv[1], argv[2:]
    if cmd == "store":
        if len(paths) != 5:
            print(__doc__, file=sys.stderr)
            return 2
        store(*paths)
        return 0
    bad = False
    for p in paths:
        if cmd == "check":
            for prob in check(p):
                print(f"{p}: {prob}")
                bad = True
            for cell_i, cell in enumerate(load_or_empty(p).get("cells", [])):
                for w in inline_svg_warnings(cell):
                    print(f"{p}: warning: cell {cell_i}: {w}", file=sys.stderr)
        elif cmd == "committed":
            for prob in committed(p):
                print(f"{p}: {prob}")
                bad = True
        elif cmd == "strip":
            if strip(p):
                print(f"stripped {p}")
        elif has_outputs(p):
            print(f"{p}: has outputs (run scripts/nbcheck.py strip {p})")
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
