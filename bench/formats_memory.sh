#!/bin/sh
# Peak resident memory per job of reading and converting a large log (issue 25, class 3: goal
# at most 150 B/job for info, 200 B/job for convert to any format, the writers streaming).
# Generates an N-job log (default 10,000,000 jobs) with GEN, then runs, each as its own process
# under /usr/bin/time -v: info on the SWF, convert SWF → CSV, JSON, Parquet, SWF (gzip), and info
# and convert → SWF of each of those files (the SWF read back must equal the original).
# GEN is one of
#   genlog        bench/genlog: every field known, 1,000 users, a year long (the default)
#   genlog-users  bench/genlog with as many users as jobs (the worst case of info's user set)
#   lublin        tracelab generate lublin --procs 128 --seed 1 (10 M jobs span about 300
#                 years: the reader leaves out the rows beyond 200 years and lists them)
# Prints, per run, the peak RSS (MB and bytes per job), the CPU time (user + system), the wall
# time and the output size, with the load average before and after (the machine is shared:
# quote it beside every figure).
#
# Usage: bench/formats_memory.sh [JOBS] [GEN] [DIR]   (DIR: where the files go, default a
# temporary folder removed at the end; the 10 M-job files take about 8 GB)
set -eu
jobs=${1:-10000000}
gen=${2:-genlog}
dir=${3:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi
go build -o "$dir/tracelab" ./cmd/tracelab
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
case $gen in
genlog) go run ./bench/genlog -jobs "$jobs" -users 1000 -seed 1 > "$dir/big.swf" ;;
genlog-users) go run ./bench/genlog -jobs "$jobs" -users "$jobs" -seed 1 > "$dir/big.swf" ;;
lublin) "$dir/tracelab" generate lublin --jobs "$jobs" --procs 128 --seed 1 -o "$dir/big.swf" 2>/dev/null ;;
*) echo "unknown generator $gen" >&2; exit 2 ;;
esac
echo "$gen: $jobs jobs, $(stat -c %s "$dir/big.swf") bytes of SWF"
printf '%-34s %9s %9s %9s %9s %10s\n' run peak_MB B/job cpu_s wall_s out_MB
measure() { # name output-file command...
	name=$1
	out=$2
	shift 2
	/usr/bin/time -v -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/err.txt" || { cat "$dir/err.txt" >&2; exit 1; }
	kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
	user=$(awk -F': ' '/User time/ {print $2}' "$dir/time.txt")
	sys=$(awk -F': ' '/System time/ {print $2}' "$dir/time.txt")
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")
	size=0
	if [ -n "$out" ] && [ -f "$out" ]; then size=$(stat -c %s "$out"); fi
	awk -v n="$name" -v kb="$kb" -v jobs="$jobs" -v u="$user" -v s="$sys" -v w="$wall" -v size="$size" 'BEGIN {
		k = split(w, p, ":"); secs = 0; for (i = 1; i <= k; i++) secs = secs * 60 + p[i]
		printf "%-34s %9.0f %9.1f %9.2f %9.2f %10.0f\n", n, kb / 1024, kb * 1024 / jobs, u + s, secs, size / 1048576 }'
}
measure "info big.swf" "" "$dir/tracelab" info "$dir/big.swf"
for f in csv json parquet swf.gz; do
	measure "convert big.swf -o x.$f" "$dir/x.$f" "$dir/tracelab" convert "$dir/big.swf" -o "$dir/x.$f"
done
for f in csv json parquet; do
	measure "info x.$f" "" "$dir/tracelab" info "$dir/x.$f"
	measure "convert x.$f -o back.swf" "$dir/back.swf" "$dir/tracelab" convert "$dir/x.$f" -o "$dir/back.swf"
	cmp -s "$dir/big.swf" "$dir/back.swf" && echo "  back.swf = big.swf (byte for byte)" || echo "  back.swf differs from big.swf"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
