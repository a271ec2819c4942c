#!/bin/sh
# The in-guest test plan, run by scripts/vm-run.sh under the patched kernel:
# the perf_events kselftests, the KUnit results the kernel logged at boot, and
# the perf tests of selftests/guest-perf-tests. Writes one verdict line per test
# (PASS/FAIL/SKIP NAME [# why]) to $RESULTS/results.txt.
# Usage: guest-tests.sh [-k PROG] [-l LABEL] [-x] [-b BIN] TOP SRC STOUT POUT
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
set -u
only=
label=
noxsave=0
bench=
while getopts k:l:xb: opt; do
	case $opt in
	b) bench=$OPTARG ;;
	k) only=$OPTARG ;;
	l) label=$OPTARG ;;
	x) noxsave=1 ;;
	*) echo "usage: $0 [-k PROG] [-l LABEL] [-x] [-b BIN] TOP SRC STOUT POUT" >&2; exit 2 ;;
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

[ "$noxsave" = 0 ] || check_no_xsave
run_kselftests
collect_kunit
[ -z "$bench" ] || bench_quick
[ -z "$only" ] || exit 0
"$top/scripts/perf-test-verdicts.sh" "$pout/perf" "$src" \
	"$top/selftests/guest-perf-tests" "$RESULTS/perf-tests" | tee -a "$out"
# The verdicts carry the outcome; the run itself succeeded.
exit 0
