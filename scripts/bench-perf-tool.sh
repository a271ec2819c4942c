#!/bin/sh
# Part 3 of 'make bench': the perf tool's throughput on the perf.data files
# that bench/bench-guest.sh recorded (perf-{gpr,ymm}-{1,10,100}.data in DIR):
# time and peak RSS of perf report -D, perf script -F uregs,iregs and
# perf report, run on the host with the series' perf. One CSV line per
# file and command on stdout.
# Usage: bench-perf-tool.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
perf=$POUT/perf
echo "data,kind,scale,samples,bytes,command,seconds,peak_rss_kb"
for kind in gpr ymm; do
	for x in 1 10 100; do
		f=$dir/perf-$kind-$x.data
		[ -f "$f" ] || die "no $f: run bench/bench-guest.sh record first"
		samples=$("$perf" report -i "$f" --stats 2>/dev/null |
			awk '/SAMPLE events:/ { print $NF; exit }')
		bytes=$(wc -c <"$f")
		for cmd in "report -D" "script -F uregs,iregs" "report --stdio"; do
			# shellcheck disable=SC2086 # $cmd is a perf command line
			/usr/bin/time -f '%e %M' -o "$dir/time.out" \
				"$perf" $cmd -i "$f" >/dev/null 2>&1 ||
				die "perf $cmd -i $f failed"
			read -r secs rss <"$dir/time.out"
			printf '%s,%s,%s,%s,%s,%s,%s,%s\n' "$(basename "$f")" "$kind" \
				"$x" "$samples" "$bytes" "perf $cmd" "$secs" "$rss"
		done
	done
done
rm -f "$dir/time.out"
