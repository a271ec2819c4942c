#!/bin/sh
# The report of 'make bench': join what scripts/bench.sh measured in DIR
# (floor.csv from the host, vm-icount/simd-bench.csv and
# vm-wall/simd-bench.csv from the guest, perf-tool.csv) into DIR/bench.csv
# and DIR/table.txt, the perf tool figures into DIR/perf-tool.txt, and plot
# the cost per sample against the requested bytes into DIR/bench.png.
# Usage: bench-report.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
for f in floor.csv vm-icount/simd-bench.csv vm-wall/simd-bench.csv perf-tool.csv; do
	[ -f "$dir/$f" ] || die "no $dir/$f"
done

# One line per request: sizes and their check, guest instructions per
# sample (-icount), wall-clock ns per sample, and the host floor.
awk -F, -v OFS=, '
	FNR == 1 { file++; next }
	file == 1 { xsave[$1] = $4; xsavec[$1] = $6; mcpy[$1] = $8; next }
	file == 2 { ic[$1] = $0; next }
	file == 3 { wall[$1] = $10; if (!wref) wref = $10; next }
	file == 4 {
		split(ic[$1], a, ",")
		if (!ref) ref = $5
		req = $5 - ref
		check = $14 == "ok" ? "ok" : $14
		if (a[14] != "ok") check = a[14]
		if ($14 ~ /^not here/) check = "formula only (" substr($14, 11) ")"
		extra = a[13]
		per_byte = (req > 0 && a[10] != "") ? sprintf("%.1f", extra / req) : ""
		ratio = (wall[$1] != "" && wref > 0) ? sprintf("%.2f", wall[$1] / wref) : ""
		print $1, $2, $5, $4, req, check, a[6], a[10], a[11], a[12], extra, \
			per_byte, wall[$1], ratio, xsave[$1], xsavec[$1], mcpy[$1]
	}
	BEGIN {
		print "request,dumps,formula_bytes,record_bytes,requested_bytes,size_check," \
			"icount_samples,insns_per_sample,insns_min,insns_max,extra_insns," \
			"extra_insns_per_byte,wall_ns_per_sample,wall_ratio," \
			"host_xsave_ns,host_xsavec_ns,host_memcpy_ns"
	}
' "$dir/floor.csv" "$dir/vm-icount/simd-bench.csv" "$dir/vm-wall/simd-bench.csv" \
	"$dir/vm-icount/simd-bench.csv" >"$dir/bench.csv"

# perf tool: per command and file, MB/s, samples/s, and the cost per byte
# and per sample of the YMM file relative to the GPR file of that scale.
awk -F, -v OFS=, '
	NR == 1 { next }
	{
		k = $6 SUBSEP $3
		mbs = $7 > 0 ? $5 / 1e6 / $7 : 0
		sps = $7 > 0 ? $4 / $7 : 0
		line[NR] = $0; mb[NR] = mbs; sp[NR] = sps
		if ($2 == "gpr") { gb[k] = $7 / $5; gs[k] = $7 / $4 }
		key[NR] = k; n = NR
	}
	END {
		print "command,data,samples,MB,seconds,MB_per_s,samples_per_s,peak_rss_MB," \
			"peak_anon_MB,ymm_vs_gpr_per_byte,ymm_vs_gpr_per_sample"
		for (i = 2; i <= n; i++) {
			split(line[i], f, ",")
			rb = rs = ""
			if (f[2] == "ymm" && gb[key[i]] > 0 && f[7] > 0) {
				rb = sprintf("%.2f", f[7] / f[5] / gb[key[i]])
				rs = sprintf("%.2f", f[7] / f[4] / gs[key[i]])
			}
			print f[6], f[1], f[4], sprintf("%.1f", f[5] / 1e6), f[7], \
				sprintf("%.1f", mb[i]), sprintf("%.0f", sp[i]), \
				sprintf("%.1f", f[8] / 1024), sprintf("%.1f", f[9] / 1024), rb, rs
		}
	}
' "$dir/perf-tool.csv" >"$dir/perf-tool-table.csv"

{
	echo "Bytes per sample and kernel cost per sample (guest instructions under"
	echo "QEMU -icount shift=0; wall-clock ns under TCG), host floor per sample"
	echo
	column -t -s, "$dir/bench.csv"
	echo
	echo "perf tool throughput (host, series perf)"
	echo
	column -t -s, "$dir/perf-tool-table.csv"
} >"$dir/table.txt"

# Requests measured in the guest: extra guest instructions per sample over
# GPRs only against the requested bytes, and the host floor in ns.
awk -F, 'NR > 1 && $11 != "" && $5 > 0 { gsub(/ /, "_", $1); print $5, $11, $15, $17, $1 }' \
	"$dir/bench.csv" >"$dir/plot.dat"
gnuplot <<EOG
set terminal pngcairo size 900,600 noenhanced
set output "$dir/bench.png"
set title "SIMD register sampling: cost per sample vs requested bytes"
set xlabel "requested bytes per sample (beyond GPRs only)"
set ylabel "extra guest instructions per sample (-icount)"
set y2label "host ns per operation"
set y2tics
set key top left
set grid
plot "$dir/plot.dat" using 1:2 with points pt 7 ps 1.5 title "kernel, extra instructions (guest)", \
     "" using 1:2:5 with labels offset 0,1 notitle, \
     "" using 1:3 axes x1y2 with points pt 5 title "host XSAVE of the components (ns)", \
     "" using 1:4 axes x1y2 with points pt 9 title "host memcpy of the bytes (ns)"
EOG
rm -f "$dir/plot.dat"
cat "$dir/table.txt"
