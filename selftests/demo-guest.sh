#!/bin/sh
# Guest side of 'make demo': record a real program with cpu-clock sampling and
# user register sampling, then print excerpts of perf report -D and perf script.
# Usage: demo-guest.sh PERF
set -eu
perf=$1
regs=ax,bx,cx,dx,si,di,sp,ip
data=/tmp/perf.data

# Workload: GNU grep scanning 64 MiB for a byte string that is not there.
head -c 67108864 /dev/zero | tr '\0' 'a' >/tmp/haystack

echo "== $perf record -e cpu-clock -c 200000 --user-regs=$regs -- grep -c needle /tmp/haystack"
"$perf" record -q -o "$data" -e cpu-clock -c 200000 --user-regs="$regs" \
	-- grep -c needle /tmp/haystack || true

echo "== perf report -D: the first sample with user registers"
"$perf" report -i "$data" -D 2>/dev/null |
	grep -A 12 -m 1 'PERF_RECORD_SAMPLE.*grep' || true

echo "== perf script -F comm,ip,sym,uregs (first 5 samples)"
"$perf" script -i "$data" -F comm,ip,sym,uregs 2>/dev/null | head -n 5
