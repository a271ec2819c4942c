#!/bin/sh
# The in-guest test plan, run by scripts/vm-run.sh under the patched kernel:
# the perf_events kselftests, the KUnit results the kernel logged at boot, and
# the perf tests of selftests/guest-perf-tests. Writes one verdict line per test
# (PASS/FAIL/SKIP NAME [# why]) to $RESULTS/results.txt.
# Usage: guest-tests.sh TOP SRC STOUT POUT
set -u
top=$1
src=$2
stout=$3
pout=$4
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
run_kselftests() {
	dir=$RESULTS/kselftests
	mkdir -p "$dir"
	(cd "$stout/install" && ./run_kselftest.sh -p "$dir") >"$dir/summary.log" 2>&1
	cat "$dir/summary.log"
	grep -E '^(not )?ok [0-9]+ selftests: ' "$dir/summary.log" >"$dir/programs" ||
		verdict FAIL "kselftest perf_events" "no results; see kselftests/summary.log"
	while IFS= read -r l; do
		prog=$(printf '%s' "$l" | sed -E 's/^(not )?ok [0-9]+ selftests: [^:]*: ([^ #]*).*/\2/')
		cases=$(sed -n -E 's/^(# )?((not )?ok [0-9]+ .*)/\2/p' "$dir/$prog" 2>/dev/null)
		[ -n "$cases" ] || cases=$l
		printf '%s\n' "$cases" | while IFS= read -r c; do
			name=$(printf '%s' "$c" | sed -E 's/^(not )?ok [0-9]+ //; s/ #.*//')
			case $c in
			not\ ok*) verdict FAIL "kselftest $prog: $name" "see kselftests/$prog" ;;
			*'# SKIP'*) verdict SKIP "kselftest $prog: $name" "${c#*# SKIP }" ;;
			*) verdict PASS "kselftest $prog: $name" ;;
			esac
		done
	done <"$dir/programs"
}

# KUnit suites print "ok N suite" / "not ok N suite" at the top KTAP level.
collect_kunit() {
	dmesg >"$RESULTS/dmesg.log"
	sed -n 's/^\[[ 0-9.]*\] //p' "$RESULTS/dmesg.log" |
		grep -E '^(not )?ok [0-9]+ [A-Za-z0-9_]+' | while IFS= read -r l; do
		name=$(printf '%s' "$l" | sed -E 's/^(not )?ok [0-9]+ ([A-Za-z0-9_]+).*/kunit \2/')
		case $l in
		not\ ok*) verdict FAIL "$name" "see dmesg.log" ;;
		*'# SKIP'*) verdict SKIP "$name" "${l#*# SKIP}" ;;
		*) verdict PASS "$name" ;;
		esac
	done
}

run_kselftests
collect_kunit
"$top/scripts/perf-test-verdicts.sh" "$pout/perf" "$src" \
	"$top/selftests/guest-perf-tests" "$RESULTS/perf-tests" | tee -a "$out"
# The verdicts carry the outcome; the run itself succeeded.
exit 0
