#!/bin/sh
# The debug kernel's share of the test plan: build the VM kernel with
# kernel/debug.config (KASAN, KFENCE, UBSAN, lockdep, DEBUG_ATOMIC_SLEEP,
# DEBUG_PREEMPT) in $BUILD/kernel-debug, boot it and run the simd_regs
# kselftest, the KUnit suites, the perf tests of selftests/guest-perf-tests,
# the FPU integrity stress and a share of the perf_event_open fuzzer; their
# verdicts, named "... [debug]", go to $RESULTS_FILE, and a kernel warning,
# KASAN or lockdep report fails the run ("vm-run [debug]").
# 'check-debug.sh fuzz' ('make fuzz') runs only the fuzzer, for FUZZ_SECS.
# Needs the applied series, perf and the selftests (make apply perf selftests).
# Env: STRESS_SECS (default 60), FUZZ_SECS (default 120), FUZZ_SEED (default
#      random; the run prints it, and the same seed tries the same attrs)
set -eu
. "$(dirname "$0")/lib.sh"

mode=${1:-plan}
kdout=$BUILD/kernel-debug
stress_secs=${STRESS_SECS:-60}
fuzz_secs=${FUZZ_SECS:-120}
seed=${FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
[ -x "$STOUT/reliability/perf_attr_fuzz" ] || die "no reliability programs in $STOUT; run 'make selftests'"

if run_logged build-kernel-debug env KOUT="$kdout" DEBUG=1 "$TOP/scripts/build-kernel.sh"; then
	[ "$mode" = fuzz ] || result PASS build-kernel-debug
else
	result FAIL build-kernel-debug "see $LOGS/build-kernel-debug.log"
	exit 1
fi

echo "perf_attr_fuzz seed $seed (replay: FUZZ_SEED=$seed FUZZ_SECS=$fuzz_secs make fuzz)"
if [ "$mode" = fuzz ]; then
	label=fuzz
	set -- -R -f "$fuzz_secs" -z "$seed"
else
	label=debug
	set -- -k simd_regs -P -s "$stress_secs" -f "$fuzz_secs" -z "$seed"
fi
out=$BUILD/vm-out-$label
rc=0
# Boot, kselftest, KUnit and perf tests take up to 25 minutes on the debug
# kernel on a busy 2-core host. acpi=noirq: the PCI interrupts come from the BIOS's routing table,
# not from ACPI's _PRT, whose AML loop the debug kernel on a busy TCG host
# can run past ACPICA's 30-second loop timeout, which leaves the 9p devices
# without an interrupt and the boot hanging on the root file system.
# no5lvl: with 5-level paging, the boot CPU's identify_cpu() clears its
# feature bits, LA57 included, for a moment with interrupts on; an
# interrupt then makes KASAN take the 5-level direct map for a wild
# address ("BUG: KASAN: wild-memory-access in do_raw_spin_lock" from
# handle_edge_irq, once in about 20 boots here; none of it is perf code).
VM_APPEND="acpi=noirq no5lvl" VM_OUT=$out VM_TIMEOUT=$((stress_secs + fuzz_secs + 1800)) \
	VM_SHARES="$SRC:$STOUT:$POUT" \
	"$TOP/scripts/vm-run.sh" "$kdout/arch/x86/boot/bzImage" \
	"$TOP/selftests/guest-tests.sh" "$@" -l "$label" \
	"$TOP" "$SRC" "$STOUT" "$POUT" || rc=$?
if [ "$mode" = fuzz ]; then
	# No verdicts for make check: say what the fuzzer found.
	cat "$out/results.txt" 2>/dev/null || true
	grep -h '^perf_attr_fuzz: ' "$out/perf_attr_fuzz.log" 2>/dev/null || true
	if [ "$rc" = 0 ] && grep -q '^FAIL' "$out/results.txt"; then
		rc=1
	fi
	[ "$rc" = 0 ] || echo "fuzzing failed; see $out/perf_attr_fuzz.log and $out/serial.log" >&2
	exit "$rc"
fi
[ ! -f "$out/results.txt" ] || tee -a "$RESULTS_FILE" <"$out/results.txt"
if [ "$rc" != 0 ]; then
	result FAIL "vm-run [$label]" \
		"$(cat "$out/failure" 2>/dev/null || echo "exit status $rc; see $out/serial.log")"
fi
exit "$rc"
