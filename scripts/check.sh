#!/bin/sh
# The whole test run behind 'make check': fetch the base, apply the series,
# checkpatch it, build kernel, perf and kselftests, run the guest test plan in
# the VM and the host perf tests, and with CHECK_DEBUG=1 (.ci/run) the debug
# kernel's run (make check-debug); end with "N passed, N failed, N skipped".
set -eu
. "$(dirname "$0")/lib.sh"

: >"$RESULTS_FILE"
t0=$(date +%s)

# step NAME CMD...: a build step; its verdict counts like a test's.
step() {
	_n=$1
	shift
	if run_logged "$_n" "$@"; then
		result PASS "$_n"
	else
		result FAIL "$_n" "see $LOGS/$_n.log"
		return 1
	fi
}

# Turn the FAIL verdicts of tests listed in selftests/expected-failures into
# SKIPs that carry the listed reason.
apply_expected_failures() {
	awk -F' [|] ' '
		NR == FNR { if ($0 !~ /^#/ && NF == 2) why[$1] = $2; next }
		/^FAIL / {
			name = substr($0, 6); sub(/ # .*/, "", name)
			if (name in why) { print "SKIP " name " # expected here: " why[name]; next }
		}
		{ print }
	' "$TOP/selftests/expected-failures" "$RESULTS_FILE" >"$RESULTS_FILE.new"
	mv "$RESULTS_FILE.new" "$RESULTS_FILE"
}

totals() {
	apply_expected_failures
	p=$(grep -c '^PASS ' "$RESULTS_FILE" || true)
	f=$(grep -c '^FAIL ' "$RESULTS_FILE" || true)
	s=$(grep -c '^SKIP ' "$RESULTS_FILE" || true)
	echo "verdicts in $RESULTS_FILE; total time $(($(date +%s) - t0))s"
	echo "$p passed, $f failed, $s skipped"
	[ "$f" = 0 ]
}

run_logged install-deps "$TOP/scripts/install-deps.sh"
run_logged fetch-base "$TOP/scripts/fetch-base.sh"
step apply-series "$TOP/scripts/apply-series.sh" || { totals; exit 1; }
"$TOP/scripts/checkpatch-series.sh"

built=1
step build-kernel "$TOP/scripts/build-kernel.sh" || built=0
step build-perf "$TOP/scripts/build-perf.sh" || built=0
step build-selftests "$TOP/scripts/build-selftests.sh" || built=0

if [ "$built" = 1 ]; then
	step vm-tests "$TOP/scripts/vm-tests.sh" || true
	for d in vm-out vm-out-qemu64 vm-out-noxsave; do
		cat "$BUILD/$d/results.txt" 2>/dev/null || true
	done
	"$TOP/scripts/host-tests.sh" || true
	# The debug kernel's run (scripts/check-debug.sh) takes longer than a
	# local 'make check' should; CI asks for it.
	if [ "${CHECK_DEBUG:-0}" = 1 ]; then
		"$TOP/scripts/check-debug.sh" || true
	fi
else
	result SKIP "vm-tests" "a build step failed"
	result SKIP "host perf tests" "a build step failed"
fi
totals
