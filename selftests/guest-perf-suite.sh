#!/bin/sh
# Guest side of the perf test suite guard (scripts/perf-suite.sh): runs the
# suites of 'perf test' one at a time, each under a time limit, and writes
# one line per test, or per case of a suite that has several, to
# $RESULTS/perf-suite.txt:
#   NUM | RESULT | SECONDS | NAME
# RESULT is Ok, FAILED, Skip (why), Timeout or "No verdict"; SECONDS is the
# suite's wall time; NAME is the description, "SUITE: CASE" for a case.
# The output of suite NUM is in $RESULTS/perf-suite/NUM.log.
# Usage: guest-perf-suite.sh [-t SECS] [-n NUMS] [-q] SRC POUT
#   -t SECS  time limit of one suite (default 300)
#   -n NUMS  only these suite numbers, in this order (space-separated;
#            default: every suite 'perf test list' gives)
#   -q       share the suites out with other VMs that go through the same
#            list: run only those this VM claims first, by creating
#            $SHARED/NUM (the directory they share, vm-run.sh's VM_SHARED)
# perf finds its shell tests below ./tools/perf/tests/shell: the suites run
# from a directory on the guest's tmpfs in which tools links to SRC's, so
# that tests that write to the current directory can.
set -u
limit=300
nums=
queue=
while getopts t:n:q opt; do
	case $opt in
	t) limit=$OPTARG ;;
	n) nums=$OPTARG ;;
	q) queue=${SHARED:?"-q: no shared directory (VM_SHARED)"} ;;
	*) echo "usage: $0 [-t SECS] [-n NUMS] [-q] SRC POUT" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
src=$1
pout=$2
perf=$pout/perf
out=$RESULTS/perf-suite.txt
logs=$RESULTS/perf-suite
mkdir -p "$logs" /tmp/perf-suite
: >"$out"
PATH=$pout:$PATH
# perf gives up reading a process's /proc/PID/maps after 500 ms; under TCG,
# about 60 times slower than the host, and beside a second VM that is too
# short and tests fail at random ("Reading /proc/.../maps time out"). The
# few tests that set PERF_CONFIG themselves keep the 500 ms. Outside the
# tests' working directory, which they may clean.
printf '[core]\n\tproc-map-timeout = 5000\n' >/tmp/perf-suite.perfconfig
PERF_CONFIG=/tmp/perf-suite.perfconfig
export PATH PERF_CONFIG
ln -sfn "$src/tools" /tmp/perf-suite/tools
cd /tmp/perf-suite || exit 1

# The suites of selftests/perf-suite-one-cpu ("NAME | WHY" lines) run with
# every CPU but CPU 0 offline: they turn on the function tracer, whose int3
# patching QEMU TCG gets wrong with two vCPUs online (Documentation/
# testing.rst, "The perf test suite guard").
one_cpu_list=$(dirname "$0")/perf-suite-one-cpu

# one_cpu NAME: whether suite NAME is one of those
one_cpu() {
	awk -F' [|] ' -v n="$1" '$0 !~ /^#/ && $1 == n { f = 1 } END { exit !f }' \
		"$one_cpu_list"
}

# set_cpus 0|1: take every CPU but CPU 0 offline, or bring them back
set_cpus() {
	for c in /sys/devices/system/cpu/cpu[1-9]*/online; do
		[ ! -f "$c" ] || echo "$1" >"$c" ||
			echo "perf-suite: cannot write $1 to $c"
	done
}

"$perf" test list >"$logs/list" 2>&1
[ -n "$nums" ] || nums=$(sed -n 's/^ *\([0-9][0-9]*\): .*/\1/p' "$logs/list")

for n in $nums; do
	# mkdir is atomic on the host: one VM alone gets each suite. A
	# failure other than "claimed already" is said in the log.
	if [ -n "$queue" ] && ! mkdir "$queue/$n" 2>/dev/null; then
		[ -d "$queue/$n" ] || echo "perf-suite: cannot claim suite $n in $queue"
		continue
	fi
	log=$logs/$n.log
	cpus="all CPUs"
	if one_cpu "$(sed -n "s/^ *$n: //p" "$logs/list")"; then
		cpus="CPU 0 alone"
		set_cpus 0
	fi
	t0=$(date +%s)
	rc=0
	# timeout(1) runs perf in a process group of its own and signals the
	# group; perf then prints the output of the test it was running.
	timeout -k 10 "$limit" "$perf" test -v --failure-snippet-lines=100000 \
		"$n" >"$log" 2>&1 </dev/null || rc=$?
	t=$(($(date +%s) - t0))
	[ "$cpus" = "all CPUs" ] || set_cpus 1
	echo "perf-suite: $n exit $rc in ${t}s ($cpus)"
	# The cases of suite n come from the list, their results from the
	# verdict lines "  n: DESC   : Ok" / "  n.m: DESC : FAILED!" / ": Skip (why)".
	awk -v n="$n" -v rc="$rc" -v t="$t" '
		FNR == NR {
			if (match($0, /^ *[0-9]+(\.[0-9]+)?: /)) {
				id = substr($0, 1, RLENGTH - 2); sub(/^ */, "", id)
				desc = substr($0, RLENGTH + 1)
				split(id, p, ".")
				if (p[1] != n) next
				if (id == n) { suite = desc; next }
				ids[++k] = id; name[id] = suite ": " desc
			}
			next
		}
		match($0, /^ *[0-9]+(\.[0-9]+)?: /) {
			id = substr($0, 1, RLENGTH - 2); sub(/^ */, "", id)
			split(id, p, ".")
			if (p[1] != n) next
			if (match($0, /: (Ok|FAILED!|Skip.*)$/)) {
				r = substr($0, RSTART + 2)
				sub(/!$/, "", r)
				res[id] = r
			}
		}
		END {
			if (!k) { ids[++k] = n; name[n] = suite }
			for (i = 1; i <= k; i++) {
				id = ids[i]
				r = res[id]
				# perf calls the test it had to stop FAILED
				if (rc == 124 || rc == 137) { if (r == "" || r == "FAILED") r = "Timeout" }
				else if (r == "") r = "No verdict"
				printf "%s | %s | %s | %s\n", id, r, t, name[id]
			}
		}' "$logs/list" "$log" | tee -a "$out"
done
exit 0
