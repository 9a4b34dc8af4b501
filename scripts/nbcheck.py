#!/usr/bin/env python3
"""nbcheck.py — check executed notebooks for failures, or strip outputs.

Standard library only (any python3 will do).

  nbcheck.py check EXECUTED.ipynb...   print one line per problem; exit 1 if any
  nbcheck.py strip NOTEBOOK.ipynb...   remove outputs and execution counts in place
                                       (committed notebooks are kept output-free)
  nbcheck.py outputs NOTEBOOK.ipynb... list notebooks that still hold outputs; exit 1 if any

A code cell fails the check when
  - it has an "error" output (a compile error, a panic, an error returned by
    GoNB, or any Jupyter error);
  - its stderr stream shows a failed shell line ("exit status N": GoNB does
    not turn a failing !command into an error), a Go panic or fatal error,
    a Python traceback, or a Go compiler position "file.go:L:C: ...";
  - it was never executed (the kernel died or the run stopped early).
A cell tagged "raises-exception" (the nbclient convention) may fail on purpose.
"""

import json
import re
import sys

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
        for msg, full in error_msgs:
            # "exit status N" as an error adds nothing to the stderr message.
            if not (stderr_msgs and EXIT_STATUS.match(msg)):
                problems.append(full)
    if code_cells == 0:
        problems.append("no code cells")
    return problems


def strip(path):
    nb = load(path)
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs") or cell.get("execution_count") is not None:
            changed = True
        cell["outputs"] = []
        cell["execution_count"] = None
    if changed:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(nb, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return changed


def has_outputs(path):
    nb = load(path)
    return any(c.get("outputs") or c.get("execution_count") is not None
               for c in nb.get("cells", []) if c.get("cell_type") == "code")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("check", "strip", "outputs"):
        print(__doc__, file=sys.stderr)
        return 2
    cmd, paths = argv[1], argv[2:]
    bad = False
    for p in paths:
        if cmd == "check":
            for prob in check(p):
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
