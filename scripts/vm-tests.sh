#!/bin/sh
# Boot the built kernel in the VM and add the verdicts of its test runs to
# $RESULTS_FILE:
#   [cpu max]     the whole guest test plan (selftests/guest-tests.sh) on QEMU's
#                 -cpu max (XSAVE, AVX2), with the quick mode of 'make bench',
#                 output in build/vm-out; with VM_PERF_TESTS=0 without the
#                 perf tests of selftests/guest-perf-tests, which make
#                 check's perf suite guard runs on the same kernel and perf;
#   [cpu qemu64]  only the simd_regs kselftest, on a CPU without XSAVE at all,
#                 output in build/vm-out-qemu64;
#   [noxsave]     only simd_regs, -cpu max with "noxsave" on the kernel command
#                 line, output in build/vm-out-noxsave.
# The no-XSAVE runs also check that the guest really has no XSAVE. Fails when
# a run as a whole failed (a hang, a kernel warning, the script not starting):
# such a run also gets a verdict "vm-run [LABEL]" with the reason.
set -eu
. "$(dirname "$0")/lib.sh"

bzimage=$KOUT/arch/x86/boot/bzImage
rc=0

# vm LABEL OUT CPU APPEND [GUEST_TESTS_OPTIONS...]: one VM run of the plan.
vm() {
	_label=$1 _out=$2 _cpu=$3 _append=$4
	shift 4
	_r=0
	echo "== VM run [$_label]: -cpu $_cpu${_append:+, kernel command line + $_append}"
	# SRC, STOUT and POUT may lie outside $BUILD: the guest needs them too.
	VM_OUT=$_out VM_CPU=$_cpu VM_APPEND=$_append VM_SHARES="$SRC:$STOUT:$POUT" \
		"$TOP/scripts/vm-run.sh" "$bzimage" "$TOP/selftests/guest-tests.sh" \
		"$@" "$TOP" "$SRC" "$STOUT" "$POUT" || _r=$?
	if [ -f "$_out/results.txt" ]; then
		cat "$_out/results.txt" >>"$RESULTS_FILE"
	fi
	if [ "$_r" != 0 ]; then
		result FAIL "vm-run [$_label]" \
			"$(cat "$_out/failure" 2>/dev/null || echo "exit status $_r; see $_out/serial.log")"
		rc=1
	fi
}

no_perf=
[ "${VM_PERF_TESTS:-1}" = 1 ] || no_perf=-N
# shellcheck disable=SC2086 # $no_perf is empty or one option
vm "cpu max" "$BUILD/vm-out" max "" -b "$BUILD/bench/bin" $no_perf
vm "cpu qemu64" "$BUILD/vm-out-qemu64" qemu64 "" -k simd_regs -l "cpu qemu64" -x
vm "noxsave" "$BUILD/vm-out-noxsave" max noxsave -k simd_regs -l noxsave -x
exit "$rc"
