#!/bin/sh
# 'make demo': build what is missing, boot the VM and record a program that
# holds known values in YMM0-15 (selftests/demo-ymm.c) with register
# sampling (selftests/demo-guest.sh), then show the sample as perf report -D
# and perf script print it, and whether every sample held those values.
set -eu
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/fetch-base.sh"
[ -d "$SRC/.git" ] || run_logged apply-series "$TOP/scripts/apply-series.sh"
run_logged build-kernel "$TOP/scripts/build-kernel.sh"
run_logged build-perf "$TOP/scripts/build-perf.sh"
mkdir -p "$BUILD/demo"
cc -O2 -Wall -o "$BUILD/demo/demo-ymm" "$TOP/selftests/demo-ymm.c"
rc=0
VM_OUT=$BUILD/demo-out run_logged vm-demo "$TOP/scripts/vm-run.sh" \
	"$KOUT/arch/x86/boot/bzImage" "$TOP/selftests/demo-guest.sh" "$POUT/perf" \
	"$BUILD/demo/demo-ymm" || rc=$?
cat "$BUILD/demo-out/guest.log"
exit "$rc"
