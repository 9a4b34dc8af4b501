#!/usr/bin/python3
"""Times pandas' C parser on an SWF log, the reference for tracelab's reader.

Usage: bench/pandas_read.py FILE.swf [repeats]   (Debian python3-pandas)
Prints jobs/s of read_csv(sep=r"\\s+", comment=";", header=None) on the
uncompressed file read from the page cache.
"""
import sys
import time

import pandas as pd

path = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
best = float("inf")
for _ in range(repeats):
    t0 = time.perf_counter()
    df = pd.read_csv(path, sep=r"\s+", comment=";", header=None)
    best = min(best, time.perf_counter() - t0)
print(f"pandas {pd.__version__}: {len(df)} jobs in {best:.3f} s (best of {repeats}) = {len(df)/best:,.0f} jobs/s")
