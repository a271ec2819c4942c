#!/bin/sh
# Guest side of 'make demo': record a real program with cpu-clock sampling and
# user register sampling of the YMM registers, then print excerpts of
# perf report -D and perf script.
# Usage: demo-guest.sh PERF
set -eu
perf=$1
data=$TMPDIR/perf.data
haystack=$TMPDIR/haystack

# Workload: GNU grep finding "zzzzzz" after 128 MiB of 'a'. Its search loops
# (grep's own and glibc's memchr) broadcast the byte they look for ('z', 0x7a)
# into a vector register: the samples should show 0x7a7a...7a there.
{
	head -c 134217728 /dev/zero | tr '\0' a
	echo zzzzzz
} >"$haystack"

regs=ip,sp,ymm
echo "== perf record -e cpu-clock:u -c 100000 --user-regs=$regs -- grep -c zzzzzz haystack"
"$perf" record -q -o "$data" -e cpu-clock:u -c 100000 --user-regs="$regs" \
	-- grep -c zzzzzz "$haystack"

pid=$("$perf" script -i "$data" --comm grep -F pid | head -n 1 | tr -d ' ')
echo "== perf report -D: the first sample of grep (pid $pid) holding 0x7a7a..7a"
"$perf" report -i "$data" -D 2>/dev/null |
	awk -v pid="$pid" '
		# Print the first sample block of grep that holds the broadcast byte.
		/PERF_RECORD_SAMPLE/ {
			if (hit) exit
			block = ""; mine = index($0, ": " pid "/" pid ":")
		}
		mine { block = block $0 "\n" }
		mine && /7a7a7a7a7a7a7a7a/ { hit = 1 }
		END { if (hit) printf "%s", block }
	' | head -n 60

echo "== perf script --comm grep -F comm,ip,sym,uregs (samples holding the broadcast byte)"
"$perf" script -i "$data" --comm grep -F comm,ip,sym,uregs |
	grep 7a7a7a7a7a7a7a7a | head -n 3
echo "== samples of grep: $("$perf" script -i "$data" --comm grep -F ip | wc -l)," \
	"holding 0x7a7a..7a in a YMM register:" \
	"$("$perf" script -i "$data" --comm grep -F uregs | grep -c 7a7a7a7a7a7a7a7a)"
