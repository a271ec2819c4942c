#!/bin/sh
# Guest side of 'make demo': record a program that holds known values in
# YMM0-15 (selftests/demo-ymm.c) with cpu-clock sampling of its user
# registers, show one sample as perf report -D and perf script print it,
# and check that every sample of its loop holds those values. Exits
# non-zero if one does not.
# Usage: demo-guest.sh PERF DEMO_YMM
set -eu
perf=$1
workload=$2
data=$TMPDIR/perf.data
script=$TMPDIR/script.txt

regs=ip,sp,ymm
echo "== perf record -e cpu-clock:u -c 1000000 --user-regs=$regs -- demo-ymm 300000000"
"$perf" record -q -o "$data" -e cpu-clock:u -c 1000000 --user-regs="$regs" \
	-- "$workload" 300000000

# The samples of the loop: those of load_and_spin() after its loads
"$perf" script -i "$data" --comm demo-ymm -F comm,ip,sym,uregs |
	grep ' load_and_spin' >"$script" || true

echo "== perf report -D: the first sample of demo-ymm's loop"
"$perf" report -i "$data" -D 2>/dev/null |
	awk '
		/PERF_RECORD_SAMPLE/ { inblk = 1; block = "" }
		inblk { block = block $0 "\n" }
		inblk && /^$/ {
			inblk = 0
			# In the loop, qword 3 of YMM15 is 0x0f03 repeated
			if (block ~ /thread: demo-ymm/ &&
			    block ~ /YMM\[15\]\[3\] 0x0f030f030f030f03/) {
				printf "%s", block
				exit
			}
		}
	' | head -n 80

echo "== perf script -F comm,ip,sym,uregs: the first sample of the loop"
head -n 1 "$script"

# What perf script prints of YMMn: qword k is the bytes n and k repeated,
# most significant qword first (selftests/demo-ymm.c)
expected=$(awk 'BEGIN {
	for (n = 0; n < 16; n++) {
		s = sprintf("YMM%d:0x", n)
		for (k = 3; k >= 0; k--)
			s = s sprintf("%02x%02x%02x%02x%02x%02x%02x%02x%s",
				      n, k, n, k, n, k, n, k, k ? "_" : "")
		print s
	}
}')
total=$(wc -l <"$script")
good=$(printf '%s\n' "$expected" | awk '
	NR == FNR { want[NR] = $0; n = NR; next }
	{ for (i = 1; i <= n; i++) if (index($0, want[i]) == 0) next; good++ }
	END { print good + 0 }
' - "$script")
echo "== samples of the loop: $total, holding the values demo-ymm put in YMM0-15: $good"
if [ "$total" = 0 ] || [ "$good" != "$total" ]; then
	echo "demo: not every sample of the loop holds the registers the workload set" >&2
	exit 1
fi
