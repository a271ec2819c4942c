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

run_kselftests() {
	log=$RESULTS/kselftest.log
	(cd "$stout/install" && ./run_kselftest.sh) >"$log" 2>&1
	cat "$log"
	# Top-level lines: "ok N selftests: perf_events: NAME [# SKIP ...]".
	grep -E '^(not )?ok [0-9]+ selftests: ' "$log" | while IFS= read -r l; do
		name=$(printf '%s' "$l" | sed -E 's/^(not )?ok [0-9]+ selftests: ([^#]*[^# ]).*/kselftest \2/')
		case $l in
		not\ ok*) verdict FAIL "$name" "see kselftest.log" ;;
		*'# SKIP'*) verdict SKIP "$name" "${l#*# SKIP}" ;;
		*) verdict PASS "$name" ;;
		esac
	done
	grep -qE '^(not )?ok [0-9]+ selftests: ' "$log" ||
		verdict FAIL "kselftest perf_events" "no results; see kselftest.log"
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
