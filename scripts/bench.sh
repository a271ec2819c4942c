#!/bin/sh
# 'make bench': what SIMD register sampling costs, measured side by side
# into build/bench/ (see Documentation/performance.rst):
#  1. bytes per sample of each request of bench/requests.h, every record
#     checked against the exact size formula, in the VM;
#  2. kernel cost per sample: guest instructions under QEMU -icount shift=0
#     (one boot, which also records the perf.data files of 3.) and
#     wall-clock ns under TCG (another boot), next to one
#     XSAVE and one memcpy of the same registers on the host CPU;
#  3. the perf tool's throughput and peak RSS on perf.data files of GPR
#     and YMM samples at 1x, 10x and 100x the sample count;
#  4. bench.csv, table.txt and bench.png (scripts/bench-report.sh).
# Env: BENCH_RUNS (5) runs of BENCH_SECONDS (0.3) guest seconds per request;
#      BENCH_SAMPLES (1000) samples of the smallest perf.data.
set -eu
. "$(dirname "$0")/lib.sh"

out=$BUILD/bench
runs=${BENCH_RUNS:-5}
seconds=${BENCH_SECONDS:-0.3}
samples=${BENCH_SAMPLES:-1000}
bzimage=$KOUT/arch/x86/boot/bzImage

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/fetch-base.sh"
[ -d "$SRC/.git" ] || run_logged apply-series "$TOP/scripts/apply-series.sh"
run_logged build-kernel "$TOP/scripts/build-kernel.sh"
run_logged build-perf "$TOP/scripts/build-perf.sh"
run_logged build-bench "$TOP/scripts/build-bench.sh"

echo "== host floor: XSAVE and memcpy of each request's registers"
"$out/bin/xsave-floor" >"$out/floor.csv"

# guest MODE: one boot running bench/bench-guest.sh MODE
guest() {
	VM_OUT=$out/vm-$1 VM_SHARES="$POUT" run_logged "bench-vm-$1" \
		"$TOP/scripts/vm-run.sh" "$bzimage" "$TOP/bench/bench-guest.sh" \
		"$2" "$out/bin" "$POUT/perf" "$runs" "$seconds" "$samples"
}
echo "== guest: instructions per sample (-icount shift=0), perf.data files"
VM_ICOUNT=shift=0 guest icount record
echo "== guest: wall-clock per sample"
guest wall timing

echo "== host: perf report -D, perf script, perf report on the perf.data files"
"$TOP/scripts/bench-perf-tool.sh" "$out/vm-icount" >"$out/perf-tool.csv"
"$TOP/scripts/bench-report.sh" "$out"
echo "bench: $out/table.txt, $out/bench.csv, $out/perf-tool-table.csv, $out/bench.png"
