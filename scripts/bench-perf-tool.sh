#!/bin/sh
# Part 3 of 'make bench': the perf tool's throughput on the perf.data files
# that bench/bench-guest.sh recorded (perf-{gpr,ymm}-{1,10,100}.data in DIR):
# time and peak memory of perf report -D, perf script -F uregs,iregs and
# perf report, run on the host with the series' perf, the best time of 3
# runs. Peak memory twice: the peak RSS (getrusage, through /usr/bin/time),
# which includes the pages of perf.data that perf maps, and the peak of
# the anonymous RSS (RssAnon of /proc/PID/status, polled every 20 ms),
# perf's own memory. One CSV line per file and command on stdout.
# Usage: bench-perf-tool.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
perf=$POUT/perf
tout=$dir/time.out

# measure CMD FILE: sets secs, rss and anon (kB) of one run of perf CMD
measure() {
	# shellcheck disable=SC2086 # $1 is a perf command line
	/usr/bin/time -f '%e %M' -o "$tout" "$perf" $1 -i "$2" >/dev/null 2>&1 &
	_t=$!
	anon=0
	while kill -0 "$_t" 2>/dev/null; do
		for _c in $(pgrep -P "$_t"); do
			_a=$(awk '/^RssAnon:/ { print $2 }' "/proc/$_c/status" 2>/dev/null || true)
			[ "${_a:-0}" -le "$anon" ] || anon=$_a
		done
		sleep 0.02
	done
	wait "$_t" || die "perf $1 -i $2 failed"
	read -r secs rss <"$tout"
}

echo "data,kind,scale,samples,bytes,command,seconds,peak_rss_kb,peak_anon_kb"
for kind in gpr ymm; do
	for x in 1 10 100; do
		f=$dir/perf-$kind-$x.data
		[ -f "$f" ] || die "no $f: run bench/bench-guest.sh record first"
		samples=$("$perf" report -i "$f" --stats 2>/dev/null |
			awk '/SAMPLE events:/ { print $3; exit }')
		bytes=$(wc -c <"$f")
		for cmd in "report -D" "script -F uregs,iregs" "report --stdio"; do
			best= max_rss=0 max_anon=0
			for _ in 1 2 3; do
				measure "$cmd" "$f"
				best=$(echo "$secs ${best:-$secs}" | awk '{ print ($1 < $2) ? $1 : $2 }')
				[ "$rss" -le "$max_rss" ] || max_rss=$rss
				[ "$anon" -le "$max_anon" ] || max_anon=$anon
			done
			# No comma in the CSV field: "-F uregs+iregs"
			printf '%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$(basename "$f")" "$kind" \
				"$x" "$samples" "$bytes" "perf $(echo "$cmd" | tr , +)" \
				"$best" "$max_rss" "$max_anon"
		done
	done
done
rm -f "$tout"
