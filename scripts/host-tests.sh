#!/bin/sh
# Run the host perf test subset of tools-perf/host-tests with the built perf and
# add the verdicts to $RESULTS_FILE.
set -eu
. "$(dirname "$0")/lib.sh"

verdicts=$("$TOP/scripts/perf-test-verdicts.sh" "$POUT/perf" "$SRC" \
	"$TOP/tools-perf/host-tests" "$LOGS/host-perf-tests")
printf '%s\n' "$verdicts" | tee -a "$RESULTS_FILE"
