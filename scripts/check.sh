#!/bin/sh
# The whole test run behind 'make check': fetch the base, apply the series,
# checkpatch it, build kernel, perf and kselftests, run the guest test plan in
# the VM, the host perf tests and the whole perf test suite in the VM
# (scripts/perf-suite.sh), with CHECK_DEBUG=1 the debug kernel's
# run (make check-debug), replay the fuzz corpus of perf's sample parser under
# valgrind (make fuzz-perf-replay; make fuzz-perf fuzzes it), then the
# submission checks (W=1, sparse, kernel-doc, uapi compatibility, checkpatch
# of the mails, the patches not built on their own before); end with
# "N passed, N failed, N skipped".
set -eu
. "$(dirname "$0")/lib.sh"

: >"$RESULTS_FILE"
rm -f "$BUILD/check-results.txt"
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
	# The cover letter's copy, which scripts run by hand later do not add to
	cp "$RESULTS_FILE" "$BUILD/check-results.txt"
	# Again at the end, where a log cut short in the middle still shows them
	grep '^FAIL ' "$RESULTS_FILE" || true
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
step build-bench "$TOP/scripts/build-bench.sh" || built=0

if [ "$built" = 1 ]; then
	# The perf suite guard below runs the perf tests of the guest plan too
	step vm-tests env VM_PERF_TESTS=0 "$TOP/scripts/vm-tests.sh" || true
	for d in vm-out vm-out-qemu64 vm-out-noxsave; do
		cat "$BUILD/$d/results.txt" 2>/dev/null || true
	done
	"$TOP/scripts/host-tests.sh" || true
	run_logged perf-suite "$TOP/scripts/perf-suite.sh" || true
	# The debug kernel's run (scripts/check-debug.sh) takes longer than a
	# local 'make check' should; CI asks for it.
	if [ "${CHECK_DEBUG:-0}" = 1 ]; then
		"$TOP/scripts/check-debug.sh" || true
	fi
else
	result SKIP "vm-tests" "a build step failed"
	result SKIP "host perf tests" "a build step failed"
	result SKIP "perf suite" "a build step failed"
fi
# The fuzz corpus of perf's sample parser and printers (tools-perf/fuzz)
# replayed under valgrind against build-perf's perf; not a minute of
# fuzzing, whose sanitizer build of perf cost CI 10-17 minutes. Fuzzing
# stays 'make fuzz-perf FUZZ_SECS=N'. It runs on one core, beside the
# submission checks below, most of which leave the other idle; its
# output follows theirs.
"$TOP/scripts/fuzz-perf-replay.sh" >"$LOGS/fuzz-perf-replay.out" 2>&1 &
replay=$!

# The checks of 'make submission' (Documentation/submission.rst)
run_check check-warnings
run_check check-kernel-doc
run_check check-uapi-compat
run_check check-postings-apply
# The mails of each posting (submission/postings), with sign-off
if ! git_identity >/dev/null; then
	result SKIP "checkpatch of the mails" "no git identity (user.name, user.email) to sign off with"
else
	run_check check-mails "$BUILD/mails"
fi
wait "$replay" || true
cat "$LOGS/fuzz-perf-replay.out"
# Last, as it checks out older commits in build/src. Only patches missing
# from the bisect records are built, BISECT_MAX of them (default none: each
# is a kernel build, and until kernel/bisect-verified has the series, CI's
# time would not allow them); the rest are skipped, naming make check-bisect.
BISECT_MAX=${BISECT_MAX:-0}
export BISECT_MAX
run_check check-bisect
totals
