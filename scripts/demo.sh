#!/bin/sh
# 'make demo': build what is missing, boot the VM and record a real program
# with register sampling (selftests/demo-guest.sh), then show the excerpts of
# perf report -D and perf script that the guest wrote.
set -eu
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/fetch-base.sh"
[ -d "$SRC/.git" ] || run_logged apply-series "$TOP/scripts/apply-series.sh"
run_logged build-kernel "$TOP/scripts/build-kernel.sh"
run_logged build-perf "$TOP/scripts/build-perf.sh"
VM_OUT=$BUILD/demo-out run_logged vm-demo "$TOP/scripts/vm-run.sh" \
	"$KOUT/arch/x86/boot/bzImage" "$TOP/selftests/demo-guest.sh" "$POUT/perf"
cat "$BUILD/demo-out/guest.log"
