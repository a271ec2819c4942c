#!/bin/sh
# Guest side of 'make bench' (scripts/bench.sh), run by scripts/vm-run.sh:
# simd-bench's table (CSV) into $RESULTS/simd-bench.csv, and with "record"
# then perf.data files for the perf tool throughput part: cpu-clock samples
# of the general registers only, and of the general registers and YMM0-15,
# both in REGS_USER and REGS_INTR, of about SAMPLES, 10 x SAMPLES and
# 100 x SAMPLES samples, as $RESULTS/perf-{gpr,ymm}-{1,10,100}.data.
# Record under -icount (scripts/bench.sh does): under plain TCG a sample
# costs more wall-clock time than the 20 us period, and perf record with
# such a rate hardly gets to run.
# Usage: bench-guest.sh timing|record BIN PERF RUNS SECONDS SAMPLES
set -eu
mode=$1
bin=$2
perf=$3
runs=$4
seconds=$5
samples=$6
period=20000

"$bin/simd-bench" -r "$runs" -d "$seconds" -p "$period" >"$RESULTS/simd-bench.csv"
cat "$RESULTS/simd-bench.csv"
[ "$mode" = record ] || exit 0

# Size the runs in samples of $period ns: the loop's speed, in ps per
# iteration, without sampling (the difference of a run of 2 x 10^8 and one
# of 10^8 iterations, without the start of the process); a sample costs the task the time per sample
# simd-bench measured for the same registers, so one comes every $period
# minus that of the loop's own time. perf record runs on the CPU of the
# workload: under -icount the other CPU's instructions would advance the
# clock of cpu-clock too.
t0=$(date +%s%N)
"$bin/simd-bench" -w 100000000
t1=$(date +%s%N)
"$bin/simd-bench" -w 200000000
ps_per_iter=$((($(date +%s%N) - 2 * t1 + t0) / 100000 + 1))
gprs=ax,bx,cx,dx,si,di,bp,sp,ip,flags,cs,ss,r8,r9,r10,r11,r12,r13,r14,r15
for kind in gpr ymm; do
	regs=$gprs
	[ "$kind" = gpr ] || regs=$gprs,ymm
	cost=$(awk -F, -v r="$kind user+intr" '$1 == r { printf "%d", $10 }' \
		"$RESULTS/simd-bench.csv")
	for x in 1 10 100; do
		iters=$((samples * x * (period - cost) / ps_per_iter * 1000))
		echo "== perf record $kind, ~$((samples * x)) samples"
		# perf record cannot write to the 9p share ("Bad address")
		taskset -c 0 "$perf" record -B -o "$TMPDIR/perf.data" -e cpu-clock:u \
			-c "$period" --user-regs="$regs" -I"$regs" \
			-- "$bin/simd-bench" -w "$iters"
		cp "$TMPDIR/perf.data" "$RESULTS/perf-$kind-$x.data"
		rm "$TMPDIR/perf.data"
	done
done
