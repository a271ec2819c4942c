#!/bin/sh
# The in-guest test plan, run by scripts/vm-run.sh under the patched kernel:
# the perf_events kselftests, the KUnit results the kernel logged at boot, and
# the perf tests of selftests/guest-perf-tests, and the FPU integrity stress and
# perf_event_open fuzzer of selftests/reliability. Writes one verdict line per test
# (PASS/FAIL/SKIP NAME [# why]) to $RESULTS/results.txt.
# Usage: guest-tests.sh [-k PROG] [-l LABEL] [-x] [-b BIN] [-P | -N] [-R]
#                       [-s SECS] [-f SECS] [-z SEED] TOP SRC STOUT POUT
#   -k PROG   run only the perf_events kselftest program PROG and collect the
#             KUnit results (no perf tests); scripts/vm-tests.sh uses it for
#             the no-XSAVE runs
#   -l LABEL  add " [LABEL]" to the verdict names ("kselftest PROG [LABEL]:
#             case"), so that runs on different CPUs have names of their own
#   -x        add a verdict that the guest CPU has no XSAVE (no "xsave" flag
#             in /proc/cpuinfo), so that a no-XSAVE run cannot test the wrong CPU
#   -b BIN    also run the benchmark of 'make bench' once in its quick mode
#             (BIN/simd-bench -q, a few seconds): it must write its table,
#             and every sample record must have the size of the formula
#   -P        with -k, run the perf tests too
#   -N        no perf tests: make check's perf suite guard runs them on the
#             same kernel and perf
#   -R        run only the reliability programs (-s, -f): no kselftests, KUnit
#             results or perf tests
#   -s SECS   run the FPU integrity stress (fpu_stress) for SECS seconds;
#             30 in the whole plan, none with -k or -R unless given
#   -f SECS   run the perf_event_open fuzzer (perf_attr_fuzz) for SECS seconds
#   -z SEED   the fuzzer's seed (default: its own, printed)
# The reliability programs are in STOUT/reliability (selftests/reliability).
set -u
only=
label=
noxsave=0
bench=
perf_tests=
no_perf_tests=0
reliability_only=0
stress_secs=
fuzz_secs=0
fuzz_seed=
while getopts k:l:xb:PNRs:f:z: opt; do
	case $opt in
	b) bench=$OPTARG ;;
	k) only=$OPTARG ;;
	l) label=$OPTARG ;;
	x) noxsave=1 ;;
	P) perf_tests=1 ;;
	N) no_perf_tests=1 ;;
	R) reliability_only=1 ;;
	s) stress_secs=$OPTARG ;;
	f) fuzz_secs=$OPTARG ;;
	z) fuzz_seed=$OPTARG ;;
	*) echo "usage: $0 [-k PROG] [-l LABEL] [-x] [-b BIN] [-P | -N] [-R] [-s SECS] [-f SECS] [-z SEED] TOP SRC STOUT POUT" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
top=$1
src=$2
stout=$3
pout=$4
tag=${label:+ [$label]}
out=$RESULTS/results.txt
: >"$out"

verdict() {
	printf '%s %s%s\n' "$1" "$2" "${3:+ # $3}" | tee -a "$out"
}

# run_kselftest.sh gives one "ok N selftests: perf_events: PROG" line per
# program and writes each program's output to a log of its own. The
# kselftest_harness programs report every test case there as "ok N name" or
# "not ok N name" (with "# SKIP why"): each case is a verdict. A program
# without such lines is one verdict.
# With -k PROG only that program runs ("-t perf_events:PROG").
run_kselftests() {
	dir=$RESULTS/kselftests
	mkdir -p "$dir"
	set -- -p "$dir"
	[ -z "$only" ] || set -- "$@" -t "perf_events:$only"
	(cd "$stout/install" && ./run_kselftest.sh "$@") >"$dir/summary.log" 2>&1
	cat "$dir/summary.log"
	grep -E '^(not )?ok [0-9]+ selftests: ' "$dir/summary.log" >"$dir/programs" ||
		verdict FAIL "kselftest ${only:-perf_events}$tag" "no results; see kselftests/summary.log"
	while IFS= read -r l; do
		prog=$(printf '%s' "$l" | sed -E 's/^(not )?ok [0-9]+ selftests: [^:]*: ([^ #]*).*/\2/')
		log=$dir/$prog
		[ -f "$log" ] || log=/dev/null
		case_verdicts "kselftest $prog$tag: " "see kselftests/$prog" "$l" <"$log" |
			tee -a "$out"
	done <"$dir/programs"
}

# case_verdicts PREFIX FAILNOTE LINE <LOG: a verdict line for each test case
# line of LOG ("ok N name", "not ok N name", "ok N name # SKIP why", perhaps
# indented by "# "), named PREFIX name; FAIL verdicts carry FAILNOTE. With no
# case lines, LINE (the program's own result line) is the one verdict. One awk
# for all cases: every process started costs the guest ~0.2 s under TCG.
case_verdicts() {
	awk -v pre="$1" -v note="$2" -v line="$3" '
		function verdict(c,    name, i, why) {
			name = c
			sub(/^(not )?ok [0-9]+ /, "", name)
			sub(/ #.*/, "", name)
			if (c ~ /^not ok/) {
				print "FAIL " pre name " # " note
			} else if (index(c, "# SKIP")) {
				i = index(c, "# SKIP ")
				why = i ? substr(c, i + 7) : c
				print "SKIP " pre name (why == "" ? "" : " # " why)
			} else {
				print "PASS " pre name
			}
		}
		{ c = $0; sub(/^# /, "", c) }
		c ~ /^(not )?ok [0-9]+ / { n++; verdict(c) }
		END { if (!n) verdict(line) }'
}

# KUnit suites print "ok N suite" / "not ok N suite" at the top KTAP level.
collect_kunit() {
	dmesg >"$RESULTS/dmesg.log"
	sed -n 's/^\[[ 0-9.]*\] //p' "$RESULTS/dmesg.log" |
		grep -E '^(not )?ok [0-9]+ [A-Za-z0-9_]+' | while IFS= read -r l; do
		name=$(printf '%s' "$l" | sed -E 's/^(not )?ok [0-9]+ ([A-Za-z0-9_]+).*/kunit \2/')$tag
		case $l in
		not\ ok*) verdict FAIL "$name" "see dmesg.log" ;;
		*'# SKIP'*) verdict SKIP "$name" "${l#*# SKIP}" ;;
		*) verdict PASS "$name" ;;
		esac
	done
}

# -x: no flags line of /proc/cpuinfo may list xsave (QEMU -cpu qemu64 has
# none; "noxsave" on the kernel command line clears it).
check_no_xsave() {
	name="guest CPU has no XSAVE$tag"
	cat /proc/cpuinfo >"$RESULTS/cpuinfo.txt"
	flags=$(grep '^flags' /proc/cpuinfo)
	if [ -z "$flags" ]; then
		verdict FAIL "$name" "no flags line in /proc/cpuinfo"
	elif printf '%s\n' "$flags" | grep -qw xsave; then
		verdict FAIL "$name" "/proc/cpuinfo lists xsave; see cpuinfo.txt"
	else
		verdict PASS "$name"
	fi
}

# -b: simd-bench -q prints a CSV line per request of bench/requests.h (the
# header, then one a request) and exits 0 only if every record it sampled
# had the size and SIMD header of the formula.
bench_quick() {
	name="bench quick mode$tag"
	csv=$RESULTS/bench-quick.csv
	if ! "$bench/simd-bench" -q >"$csv" 2>"$RESULTS/bench-quick.err"; then
		verdict FAIL "$name" "a record differs from the size formula or none was taken; see bench-quick.csv"
	elif [ "$(grep -c ',ok$' "$csv")" = 0 ]; then
		verdict FAIL "$name" "no request measured; see bench-quick.csv"
	else
		verdict PASS "$name"
	fi
}

# reliability NAME ARGS...: run the reliability program NAME (output in
# NAME.log) and give it a verdict; its last lines are the summary.
reliability() {
	_prog=$1
	shift
	_log=$RESULTS/$_prog.log
	if "$stout/reliability/$_prog" "$@" >"$_log" 2>&1; then
		verdict PASS "$_prog$tag"
	else
		verdict FAIL "$_prog$tag" "$( (grep -m 1 '^FAIL' "$_log" || tail -n 1 "$_log") |
			cut -c 1-150); see $_prog.log"
	fi
	grep "^$_prog: " "$_log"
}

[ "$noxsave" = 0 ] || check_no_xsave
if [ "$reliability_only" = 0 ]; then
	run_kselftests
	collect_kunit
	[ -z "$bench" ] || bench_quick
fi
[ -n "$stress_secs" ] || { [ -n "$only" ] || [ "$reliability_only" = 1 ]; } || stress_secs=30
[ "${stress_secs:-0}" = 0 ] || reliability fpu_stress -t "$stress_secs"
[ "$fuzz_secs" = 0 ] || reliability perf_attr_fuzz -t "$fuzz_secs" ${fuzz_seed:+-s "$fuzz_seed"}
{ [ -z "$only" ] || [ -n "$perf_tests" ]; } && [ "$reliability_only" = 0 ] &&
	[ "$no_perf_tests" = 0 ] || exit 0
"$top/scripts/perf-test-verdicts.sh" "$pout/perf" "$src" \
	"$top/selftests/guest-perf-tests" "$RESULTS/perf-tests" | tee -a "$out"
# The verdicts carry the outcome; the run itself succeeded.
exit 0
