#!/usr/bin/env bash
# A real single-node Slurm (slurmctld + slurmd + munge, with accounting:
# slurmdbd + MariaDB; Debian packages) whose configuration, state, database,
# sockets, pid files and logs all live in one temporary directory, for the
# tests that submit job arrays or read sacct, and for CI.
#
#   scripts/slurm-harness.sh run [--optional] -- CMD [ARG...]
#       start Slurm, run CMD with SLURM_CONF exported, stop Slurm (always,
#       also when CMD fails or the script is interrupted); exits with CMD's
#       status. With --optional and CI unset, a Slurm that cannot be started
#       (not root and not installed) is not an error: CMD runs without it.
#       This is what CI uses:
#         scripts/slurm-harness.sh run -- go test -count=1 ./...
#   eval "$(scripts/slurm-harness.sh start)"
#       start Slurm and print the export lines (SLURM_CONF, TRACELAB_SLURM_DIR)
#       for an interactive shell; then use sbatch, squeue, tracelab ... --slurm.
#   scripts/slurm-harness.sh status
#       daemons, node state and queue of the running harness.
#   scripts/slurm-harness.sh stop
#       cancel its jobs, stop its daemons by their own pid files, remove the
#       directory.
#
# start/status/stop find the harness through TRACELAB_SLURM_DIR, else through
# the pointer file ${TMPDIR:-/tmp}/tracelab-slurm.current written by start.
#
# Choices:
#   - Authentication is munge with a private key created in the directory
#     (mungekey), a private munged on its own socket: the setup of a real
#     cluster, and no host-wide /etc/munge is touched.
#   - No cgroups (PID 1 need not be systemd): proctrack/linuxproc, task/none,
#     jobacct_gather/linux; select/cons_tres with CR_Core; one node
#     "localhost" with CPUs = nproc and RealMemory = 90% of MemTotal; one
#     default partition "debug"; batch_sched_delay=0,sched_min_interval=0 so
#     array tasks start at once.
#   - Accounting (sacct): a private MariaDB (mariadbd on 127.0.0.1 only,
#     data in the directory, --skip-grant-tables: a throw-away database that
#     only this machine can reach) behind slurmdbd; the cluster is
#     registered with sacctmgr before slurmctld starts.
#   - Ports: the first free four from 6817 upwards (slurmctld, slurmd,
#     slurmdbd, MariaDB), so two harnesses (or a system Slurm) can coexist.
#   - The packages are installed with apt-get (update once) when a daemon or
#     client is missing; that needs root.
#
# Environment: TRACELAB_SLURM_DIR (use this directory instead of a new
# temporary one), TRACELAB_SLURM_KEEP=1 (stop keeps the directory: logs),
# TRACELAB_SLURM_TIMEOUT (seconds to wait for the node to be idle; 60).
set -euo pipefail

prog=slurm-harness
pointer="${TMPDIR:-/tmp}/tracelab-slurm.current"

log() { echo "$prog: $*" >&2; }
die() { log "$*"; exit 1; }

# now prints the time in seconds with milliseconds.
now() { date +%s.%N; }

# elapsed T0 [T1] prints T1 (default now) − T0 in seconds, two decimals.
elapsed() { awk -v a="$1" -v b="${2:-$(now)}" 'BEGIN { printf "%.2f", b - a }'; }

ensure_packages() {
	local missing=0
	for c in slurmctld slurmd slurmdbd sbatch squeue sinfo scancel sacct sacctmgr munged mungekey \
		mariadbd mariadb-admin; do
		command -v "$c" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin" command -v "$c" >/dev/null 2>&1 || missing=1
	done
	export PATH="$PATH:/usr/sbin:/sbin"
	[[ $missing == 0 ]] && return 0
	[[ $(id -u) == 0 ]] || die "Slurm is not installed and installing it needs root: apt-get install slurmctld slurmd slurmdbd slurm-client munge mariadb-server"
	log "installing slurmctld slurmd slurmdbd slurm-client munge mariadb-server (apt-get)"
	local t0; t0=$(now)
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		slurmctld slurmd slurmdbd slurm-client munge mariadb-server >&2
	log "installed in $(elapsed "$t0")s"
}

# port_free PORT succeeds when nothing listens on 127.0.0.1:PORT.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_ports() {
	local p=6817
	while ((p < 7817)); do
		if port_free "$p" && port_free $((p + 1)) && port_free $((p + 2)) && port_free $((p + 3)); then
			ctld_port=$p
			slurmd_port=$((p + 1))
			dbd_port=$((p + 2))
			db_port=$((p + 3))
			return 0
		fi
		p=$((p + 4))
	done
	die "no four free ports in 6817..7817"
}

# wait_file FILE SECONDS waits until FILE exists and is not empty.
wait_file() {
	local i=0
	while [[ ! -s $1 ]]; do
		((i++ < $2 * 20)) || return 1
		sleep 0.05
	done
}

# pid_alive PIDFILE succeeds when the process of PIDFILE runs.
pid_alive() { [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }

# stop_pids NAME=PIDFILE...: SIGTERM to each running process of a PIDFILE at
# once (each Slurm daemon takes 1–2 s to shut down), then wait for all of
# them; SIGKILL to any still running after 10 s.
stop_pids() {
	local spec name f pid i
	local -a names=() pids=()
	for spec in "$@"; do
		name=${spec%%=*}
		f=${spec#*=}
		[[ -s $f ]] || continue
		pid=$(cat "$f")
		kill -0 "$pid" 2>/dev/null || continue
		kill -TERM "$pid" 2>/dev/null || true
		names+=("$name")
		pids+=("$pid")
	done
	for ((i = 0; i < 200; i++)); do
		local alive=0 k
		for k in "${!pids[@]}"; do
			kill -0 "${pids[$k]}" 2>/dev/null && alive=1
		done
		((alive)) || break
		sleep 0.05
	done
	for k in "${!pids[@]}"; do
		if kill -0 "${pids[$k]}" 2>/dev/null; then
			log "${names[$k]} (pid ${pids[$k]}) ignored SIGTERM for 10 s: SIGKILL"
			kill -KILL "${pids[$k]}" 2>/dev/null || true
		else
			log "stopped ${names[$k]} (pid ${pids[$k]})"
		fi
	done
}

write_conf() {
	local d=$1 cpus mem_kb mem_mb user
	cpus=$(nproc)
	mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
	mem_mb=$((mem_kb * 9 / 10 / 1024))
	user=$(id -un)
	cat >"$d/slurm.conf" <<EOF
# Written by scripts/slurm-harness.sh: a single-node Slurm for tests.
ClusterName=tracelab
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.socket.2
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$dbd_port
AccountingStoragePass=$d/munge/munge.socket.2
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MpiDefault=none
ReturnToService=2
MinJobAge=300
MaxArraySize=10001
NodeName=localhost CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
	# slurmdbd reads slurmdbd.conf beside slurm.conf; it must be private.
	cat >"$d/slurmdbd.conf" <<EOF
# Written by scripts/slurm-harness.sh: accounting for the test Slurm.
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.socket.2
DbdHost=localhost
DbdPort=$dbd_port
SlurmUser=$user
PidFile=$d/slurmdbd.pid
LogFile=$d/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$db_port
StorageUser=$user
StorageLoc=slurm_acct_db
EOF
	chmod 600 "$d/slurmdbd.conf"
}

# start_db starts a private MariaDB on 127.0.0.1:$db_port with its data in
# $1/db and waits until it answers. Without grant tables (a throw-away
# database, local only) it needs no mariadb-install-db (which takes 10 s
# or more); durability is off (nosync, no doublewrite, small redo log): the
# data dies with the harness.
start_db() {
	local d=$1 i
	mkdir -p "$d/db/data"
	mariadbd --no-defaults --user="$(id -un)" --datadir="$d/db/data" --socket="$d/db/mysqld.sock" \
		--pid-file="$d/db/mysqld.pid" --log-error="$d/log/mariadb.log" --bind-address=127.0.0.1 \
		--port="$db_port" --skip-grant-tables --skip-name-resolve --skip-log-bin \
		--innodb-buffer-pool-size=32M --innodb-log-file-size=8M --innodb-flush-method=nosync \
		--innodb-doublewrite=0 --innodb-flush-log-at-trx-commit=0 >/dev/null 2>&1 &
	for ((i = 0; i < 600; i++)); do
		mariadb-admin --no-defaults --socket="$d/db/mysqld.sock" ping >/dev/null 2>&1 && return 0
		sleep 0.05
	done
	tail -n 20 "$d/log/mariadb.log" >&2 || true
	die "MariaDB did not start"
}

# start_dbd starts slurmdbd and registers the cluster.
start_dbd() {
	local d=$1 i
	slurmdbd >&2
	wait_file "$d/slurmdbd.pid" 20 || { tail -n 20 "$d/log/slurmdbd.log" >&2 || true; die "slurmdbd did not start"; }
	# slurmdbd answers once it has set up its tables (a few seconds).
	local t0 up=0; t0=$(now)
	while awk -v a="$t0" -v b="$(now)" 'BEGIN { exit !(b - a < 30) }'; do
		if timeout 5 sacctmgr -i -n list cluster >/dev/null 2>&1; then
			up=1
			break
		fi
		sleep 0.1
	done
	((up)) || { tail -n 20 "$d/log/slurmdbd.log" >&2 || true; die "slurmdbd does not answer sacctmgr after 30 s"; }
	if ! timeout 10 sacctmgr -i -n list cluster format=cluster 2>/dev/null | grep -qw tracelab; then
		timeout 10 sacctmgr -i add cluster tracelab >&2 || { tail -n 20 "$d/log/slurmdbd.log" >&2 || true; die "sacctmgr add cluster failed"; }
	fi
}

start() {
	ensure_packages
	local d t0 t1 i state
	if [[ -n ${TRACELAB_SLURM_DIR:-} ]]; then
		d=$TRACELAB_SLURM_DIR
		mkdir -p "$d"
		if pid_alive "$d/slurmctld.pid" || pid_alive "$d/slurmd.pid" || pid_alive "$d/munge/munged.pid" ||
			pid_alive "$d/slurmdbd.pid" || pid_alive "$d/db/mysqld.pid"; then
			die "$d: a harness is already running there (stop it first)"
		fi
	else
		d=$(mktemp -d "${TMPDIR:-/tmp}/tracelab-slurm.XXXXXX")
	fi
	d=$(cd "$d" && pwd)
	# munged refuses group/world-writable directories; clients must reach the socket.
	chmod 755 "$d"
	mkdir -p "$d/state" "$d/spool" "$d/log" "$d/munge" "$d/db"
	chmod 755 "$d/munge"
	pick_ports
	write_conf "$d"
	t0=$(now)
	# Whatever goes wrong from here on, stop what was started (logs kept).
	starting_dir=$d
	trap 'log "start failed; stopping what was started (logs kept in $starting_dir/log)";
		TRACELAB_SLURM_KEEP=1 stop_dir "$starting_dir" || true' EXIT

	rm -f "$d/munge/munge.key"
	mungekey --create --keyfile="$d/munge/munge.key" >&2
	chmod 600 "$d/munge/munge.key"
	munged --force --key-file="$d/munge/munge.key" --socket="$d/munge/munge.socket.2" \
		--pid-file="$d/munge/munged.pid" --log-file="$d/log/munged.log" \
		--seed-file="$d/munge/munged.seed" >&2
	wait_file "$d/munge/munged.pid" 10 || die "munged did not start; see $d/log/munged.log"

	export SLURM_CONF="$d/slurm.conf"
	local tdb tdbd; tdb=$(now)
	start_db "$d"
	tdbd=$(now)
	start_dbd "$d"
	log "accounting up in $(elapsed "$tdb")s (MariaDB $(elapsed "$tdb" "$tdbd")s, slurmdbd and cluster $(elapsed "$tdbd")s)"
	slurmctld -f "$SLURM_CONF" -c >&2
	wait_file "$d/slurmctld.pid" 20 || { tail -n 20 "$d/log/slurmctld.log" >&2 || true; die "slurmctld did not start"; }
	slurmd -f "$SLURM_CONF" -N localhost >&2
	wait_file "$d/slurmd.pid" 20 || { tail -n 20 "$d/log/slurmd.log" >&2 || true; die "slurmd did not start"; }
	echo "$d" >"$pointer"

	local timeout=${TRACELAB_SLURM_TIMEOUT:-60}
	state=
	for ((i = 0; i < timeout * 10; i++)); do
		state=$(sinfo -h -n localhost -o %T 2>/dev/null || true)
		[[ $state == idle ]] && break
		sleep 0.1
	done
	if [[ $state != idle ]]; then
		log "node not idle after ${timeout}s (state: ${state:-none}); last log lines:"
		tail -n 20 "$d/log/slurmctld.log" "$d/log/slurmd.log" >&2 || true
		die "Slurm did not come up"
	fi
	trap - EXIT
	t1=$(now)
	log "Slurm 'idle' $(elapsed "$t0" "$t1")s after the daemons were started" \
		"(ports $ctld_port/$slurmd_port, $(nproc) CPUs, dir $d)"
	printf 'export SLURM_CONF=%q\nexport TRACELAB_SLURM_DIR=%q\n' "$SLURM_CONF" "$d"
}

# find_dir prints the directory of the running harness.
find_dir() {
	if [[ -n ${TRACELAB_SLURM_DIR:-} ]]; then
		echo "$TRACELAB_SLURM_DIR"
	elif [[ -s $pointer ]]; then
		cat "$pointer"
	else
		die "no harness found (TRACELAB_SLURM_DIR unset and no $pointer)"
	fi
}

stop_dir() {
	local d=$1
	[[ -f $d/slurm.conf ]] || die "$d is not a harness directory (no slurm.conf)"
	export SLURM_CONF="$d/slurm.conf"
	if pid_alive "$d/slurmctld.pid"; then
		timeout 10 scancel --user="$(id -un)" >/dev/null 2>&1 || true
		# Let the cancelled steps end before their slurmd goes.
		for ((i = 0; i < 40; i++)); do
			[[ -z $(timeout 5 squeue -h -o %i 2>/dev/null || true) ]] && break
			sleep 0.1
		done
	fi
	stop_pids slurmd="$d/slurmd.pid" slurmctld="$d/slurmctld.pid"
	# slurmdbd after slurmctld (which sends it the last job records), the
	# database after slurmdbd, munged last: the daemons use it until they exit.
	stop_pids slurmdbd="$d/slurmdbd.pid"
	stop_pids mariadb="$d/db/mysqld.pid"
	stop_pids munged="$d/munge/munged.pid"
	if [[ -s $pointer && $(cat "$pointer") == "$d" ]]; then
		rm -f "$pointer"
	fi
	if [[ ${TRACELAB_SLURM_KEEP:-} == 1 ]]; then
		log "kept $d"
	else
		rm -rf "$d"
	fi
}

status() {
	local d p name f
	d=$(find_dir)
	[[ -f $d/slurm.conf ]] || die "$d: no harness there (stopped?)"
	export SLURM_CONF="$d/slurm.conf"
	printf '%-11s%s\n' dir "$d"
	for p in slurmctld="$d/slurmctld.pid" slurmd="$d/slurmd.pid" slurmdbd="$d/slurmdbd.pid" \
		mariadb="$d/db/mysqld.pid" munged="$d/munge/munged.pid"; do
		name=${p%%=*}
		f=${p#*=}
		if pid_alive "$f"; then
			printf '%-11srunning (pid %s)\n' "$name" "$(cat "$f")"
		else
			printf '%-11snot running\n' "$name"
		fi
	done
	printf '%-11s%s\n' node "$(sinfo -h -n localhost -o %T 2>/dev/null || echo unreachable)"
	squeue 2>/dev/null || true
	echo "export SLURM_CONF=$SLURM_CONF"
}

run_cmd() {
	local optional=0
	if [[ ${1:-} == --optional ]]; then
		optional=1
		shift
	fi
	[[ ${1:-} == -- ]] && shift
	(($# > 0)) || die "usage: $0 run [--optional] -- CMD [ARG...]"
	local exports d rc
	if ! exports=$(start); then
		if ((optional)) && [[ -z ${CI:-} ]]; then
			log "no Slurm (see above): running the command without it; the tests that need Slurm will skip"
			exec "$@"
		fi
		die "could not start Slurm"
	fi
	eval "$exports"
	d=$TRACELAB_SLURM_DIR
	trap 'stop_dir "$d"' EXIT
	# CMD runs in the background so that a signal to this script is handled
	# at once: CMD (the process we started) is stopped, then Slurm.
	local child=
	trap '[[ -n $child ]] && kill -TERM "$child" 2>/dev/null; exit 130' INT
	trap '[[ -n $child ]] && kill -TERM "$child" 2>/dev/null; exit 143' TERM
	set +e
	"$@" <&0 &
	child=$!
	wait "$child"
	rc=$?
	child=
	set -e
	if ((rc != 0)); then
		log "command failed (status $rc); Slurm logs:"
		tail -n 40 "$d/log/slurmctld.log" "$d/log/slurmd.log" "$d/log/slurmdbd.log" 2>/dev/null | grep -v -e pmix -e "MPI:" | tail -n 20 >&2 || true
	fi
	exit "$rc"
}

case ${1:-} in
start) start ;;
stop)
	dir=$(find_dir) || exit 1
	stop_dir "$dir"
	;;
status) status ;;
run)
	shift
	run_cmd "$@"
	;;
*)
	sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
