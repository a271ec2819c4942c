#!/bin/sh
# Run the perf tests named in LIST (one name a line, '#' comments) with PERF
# and print one verdict line per test: PASS/FAIL/SKIP "perf test 'NAME'".
# perf finds its shell tests below ./tools/perf/tests/shell, so the tests run
# from SRC, the source tree perf was built from; perf's own directory goes
# first in PATH for the shell tests that call 'perf'.
# Usage: perf-test-verdicts.sh PERF SRC LIST LOGDIR
set -eu
perf=$1
src=$2
list=$3
logdir=$4
mkdir -p "$logdir"
PATH=$(dirname "$perf"):$PATH
export PATH
cd "$src"

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
