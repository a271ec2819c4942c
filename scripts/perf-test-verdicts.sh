#!/bin/sh
# Run the perf tests named in LIST (one name a line, '#' comments) with PERF
# and print one verdict line per test: PASS/FAIL/SKIP "perf test 'NAME'".
# Usage: perf-test-verdicts.sh PERF LIST LOGDIR
set -eu
perf=$1
list=$2
logdir=$3
mkdir -p "$logdir"

sed -e 's/^[[:space:]]*#.*//' "$list" | grep -v '^[[:space:]]*$' |
while IFS= read -r name; do
	log=$logdir/$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '_').log
	"$perf" test -v "$name" >"$log" 2>&1 || true
	# Verdict lines look like " 42: Name   : Ok" (or ": FAILED!", ": Skip (why)").
	verdicts=$(grep -E '^ *[0-9.]+: .*: (Ok|FAILED!|Skip)' "$log" | sed 's/.*: //')
	if [ -z "$verdicts" ]; then
		echo "FAIL perf test '$name' # no such test or no verdict; see $log"
	elif printf '%s\n' "$verdicts" | grep -q FAILED; then
		echo "FAIL perf test '$name' # see $log"
	elif printf '%s\n' "$verdicts" | grep -q '^Ok'; then
		echo "PASS perf test '$name'"
	else
		echo "SKIP perf test '$name' # $(printf '%s\n' "$verdicts" | head -n 1)"
	fi
done
