#!/bin/sh
# Times the whole `tracelab info` process on a gzipped log beside zcat on the same file and
# pandas reading the same log (a whole python3 process on the gzip file, and read_csv alone on
# the plain file, best of 5: bench/pandas_read.py) (issue 14's targets: info on the gzip log within 2× zcat's
# time; peak heap at most 200 bytes per job, see BenchmarkRead's B/job). The runs are
# interleaved so that a change in the machine's load hits every command alike; the median
# wall time, CPU time (user + system) and peak RSS of each are printed, with the load
# average before and after (the machine is shared: quote it beside every figure; under
# load the CPU time is the steadier figure).
#
# Usage: bench/info_process.sh [LOG.swf.gz] [RUNS]   (default HPC2N-2002-2.2-cln, 11 runs)
set -eu
log=${1:-${TRACELAB_DATA:-../shared/pwa}/HPC2N-2002-2.2-cln.swf.gz}
runs=${2:-11}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tracelab" ./cmd/tracelab
zcat "$log" > "$tmp/plain.swf"
whats="info-gzip zcat info-plain"
pandas=
if /usr/bin/python3 -c 'import pandas' 2>/dev/null; then
	pandas=yes
	whats="$whats pandas-gzip"
fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ "$i" -lt "$runs" ]; do
	if [ -n "$pandas" ]; then
		# The whole pandas process on the same gzip file: start-up, import, read_csv.
		/usr/bin/time -f "pandas-gzip %e %M %U %S" -a -o "$tmp/times" /usr/bin/python3 -c \
			'import sys, pandas; pandas.read_csv(sys.argv[1], sep=r"\s+", comment=";", header=None)' "$log"
	fi
	/usr/bin/time -f "info-gzip %e %M %U %S" -a -o "$tmp/times" "$tmp/tracelab" info "$log" > /dev/null
	/usr/bin/time -f "zcat %e %M %U %S" -a -o "$tmp/times" zcat "$log" > /dev/null
	/usr/bin/time -f "info-plain %e %M %U %S" -a -o "$tmp/times" "$tmp/tracelab" info "$tmp/plain.swf" > /dev/null
	i=$((i + 1))
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
for what in $whats; do
	grep "^$what " "$tmp/times" | awk -v w="$what" '
		{ t[NR] = $2; m[NR] = $3; c[NR] = $4 + $5 }
		END {
			n = asort(t); asort(m); asort(c)
			printf "%-11s wall median %.3f s (min %.3f), CPU median %.3f s, peak RSS %.1f MB, %d runs\n", w, t[int((n+1)/2)], t[1], c[int((n+1)/2)], m[int((n+1)/2)]/1024, n
		}'
done
if [ -n "$pandas" ]; then
	/usr/bin/python3 bench/pandas_read.py "$tmp/plain.swf" 5
fi
