#!/bin/sh
# Boot the built kernel in the VM, run the guest test plan there and add its
# verdicts to $RESULTS_FILE. Fails when the run as a whole failed (a hang, a
# kernel warning, a failing test).
set -eu
. "$(dirname "$0")/lib.sh"

rc=0
VM_OUT=$BUILD/vm-out "$TOP/scripts/vm-run.sh" "$KOUT/arch/x86/boot/bzImage" \
	"$TOP/selftests/guest-tests.sh" "$TOP" "$SRC" "$STOUT" "$POUT" || rc=$?
if [ -f "$BUILD/vm-out/results.txt" ]; then
	cat "$BUILD/vm-out/results.txt" >>"$RESULTS_FILE"
fi
exit "$rc"
