#!/bin/sh
# Guest side of 'make demo': record a real program with cpu-clock sampling and
# user register sampling, then print excerpts of perf report -D and perf script.
# Usage: demo-guest.sh PERF
set -eu
perf=$1
regs=ax,bx,cx,dx,si,di,sp,ip
data=$TMPDIR/perf.data
input=$TMPDIR/input

# Workload: gzip compressing about 10 MiB of text.
seq 1 1500000 >"$input"

echo "== perf record -e cpu-clock:u -c 250000 --user-regs=$regs -- gzip -9 -c input"
"$perf" record -q -o "$data" -e cpu-clock:u -c 250000 --user-regs="$regs" \
	-- gzip -9 -c "$input" >/dev/null

pid=$("$perf" script -i "$data" --comm gzip -F pid 2>/dev/null | head -n 1 | tr -d ' ')
echo "== perf report -D: the first sample of gzip (pid $pid)"
"$perf" report -i "$data" -D 2>/dev/null |
	grep -m 1 -A 12 "PERF_RECORD_SAMPLE.*: $pid/$pid:"

echo "== perf script --comm gzip -F comm,ip,sym,uregs (first 5 samples)"
"$perf" script -i "$data" --comm gzip -F comm,ip,sym,uregs 2>/dev/null | head -n 5
