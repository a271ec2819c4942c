#!/bin/sh
# Guest side of 'make demo': record a real program with cpu-clock sampling and
# user register sampling of the YMM registers, then print excerpts of
# perf report -D and perf script.
# Usage: demo-guest.sh PERF
set -eu
perf=$1
data=$TMPDIR/perf.data
haystack=$TMPDIR/haystack

# Workload: GNU grep looking for "needle" in 128 MiB of 'a'. grep scans with
# glibc's memchr, whose AVX2 version broadcasts the byte it looks for ('n',
# 0x6e) into a YMM register: the samples should show 0x6e6e...6e there.
head -c 134217728 /dev/zero | tr '\0' a >"$haystack"

regs=ip,sp,ymm
echo "== perf record -e cpu-clock:u -c 100000 --user-regs=$regs -- grep -c needle haystack"
"$perf" record -q -o "$data" -e cpu-clock:u -c 100000 --user-regs="$regs" \
	-- grep -c needle "$haystack"

pid=$("$perf" script -i "$data" --comm grep -F pid | head -n 1 | tr -d ' ')
echo "== perf report -D: a sample of grep (pid $pid) taken in memchr"
"$perf" report -i "$data" -D 2>/dev/null |
	awk -v pid="$pid" '
		# Print the first sample block of grep that holds the needle.
		/PERF_RECORD_SAMPLE/ {
			if (hit) exit
			block = ""; mine = index($0, ": " pid "/" pid ":")
		}
		mine { block = block $0 "\n" }
		mine && /6e6e6e6e6e6e6e6e/ { hit = 1 }
		END { if (hit) printf "%s", block }
	' | head -n 60

echo "== perf script --comm grep -F comm,ip,sym,uregs (samples holding the needle)"
"$perf" script -i "$data" --comm grep -F comm,ip,sym,uregs |
	grep 6e6e6e6e6e6e6e6e | head -n 3
echo "== samples of grep: $("$perf" script -i "$data" --comm grep -F ip | wc -l)," \
	"holding 0x6e6e..6e in a YMM register:" \
	"$("$perf" script -i "$data" --comm grep -F uregs | grep -c 6e6e6e6e6e6e6e6e)"
