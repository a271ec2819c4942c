#!/bin/sh
# Fuzz perf's parsing and printing of samples with the SIMD register ABI:
# build perf's libraries from $SRC with clang, ASan, UBSan and libFuzzer's
# coverage into $BUILD/fuzz-perf, link tools-perf/fuzz/sample-fuzz.c
# against them and run it for SECS seconds (default $FUZZ_SECS, else 60)
# from the seeds in tools-perf/fuzz/corpus. One verdict, "fuzz-perf": FAIL
# on any crash or sanitizer report, with the input saved under
# $BUILD/fuzz-perf/crashes/; SKIP when clang's libFuzzer is missing.
# Usage: fuzz-perf.sh [SECS]
set -eu
. "$(dirname "$0")/lib.sh"

secs=${1:-${FUZZ_SECS:-60}}
fout=$BUILD/fuzz-perf
obj=$fout/obj
fuzz=$TOP/tools-perf/fuzz
bin=$fout/sample-fuzz
log=$LOGS/fuzz-perf.log
sanitize=fuzzer-no-link,address,undefined

if ! command -v clang >/dev/null ||
	[ ! -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; then
	result SKIP fuzz-perf "no clang with libFuzzer (clang, libclang-rt-dev)"
	exit 0
fi

# Only what the sample parsers and printers need: no Python, Perl, BPF,
# libtraceevent, unwinders, TUI/GTK or disassemblers. DEBUG=1 keeps perf's
# assert()s; -O1 and no recovery from UBSan reports, so that each is a crash.
# No alignment checks: the fields after a user stack dump are misaligned
# when its size is not a multiple of 8, which perf writes itself (perf
# inject synthesizes the dump at the size the kernel could copy), and perf
# reads them with plain loads, as x86 allows.
opts="DEBUG=1 NO_RUST=1 NO_LIBPYTHON=1 NO_LIBPERL=1 NO_LIBBPF=1 NO_JEVENTS=1
NO_LIBTRACEEVENT=1 NO_LIBUNWIND=1 NO_LIBDW=1 NO_SLANG=1 NO_GTK2=1 NO_LIBLLVM=1
NO_CAPSTONE=1 NO_LIBDEBUGINFOD=1 NO_LIBNUMA=1 NO_LIBCAP=1 NO_LIBBABELTRACE=1
NO_DEMANGLE=1 PYTHON=/usr/bin/python3"
cflags="-O1 -fno-omit-frame-pointer -fsanitize=$sanitize -fno-sanitize=alignment"
cflags="$cflags -fno-sanitize-recover=all"
if [ "$(cat "$obj/.build-options" 2>/dev/null)" != "$opts $cflags" ]; then
	rm -rf "$obj"
fi
mkdir -p "$obj" "$fout/crashes" "$fout/corpus"
echo "$opts $cflags" >"$obj/.build-options"
# As in build-perf.sh: libperf does not depend on the UAPI header it uses.
rm -rf "$obj/libperf"

# perfmake ARGS...: perf's make with the options above
# shellcheck disable=SC2317 # called through run_logged
perfmake() {
	# shellcheck disable=SC2086 # $opts is a list of make variables
	make -C "$SRC/tools/perf" O="$obj" $opts CC="ccache clang" HOSTCC=gcc \
		EXTRA_CFLAGS="$cflags" -j"$JOBS" "$@"
}

# The archives (one make per goal: perf's Makefile runs a make for each goal
# in parallel, which then race); the compiler flags and libraries of perf's
# own link; the harness linked against them.
# shellcheck disable=SC2317 # called through run_logged
build() {
	for a in libperf-util.a libperf-ui.a libpmu-events.a; do
		perfmake "$obj/$a" || return 1
	done
	# shellcheck disable=SC2086 # $opts is a list of make variables
	perf_link_flags "$obj/fuzz-flags" O="$obj" $opts CC="ccache clang" \
		HOSTCC=gcc EXTRA_CFLAGS="$cflags" || return 1
	perf_cflags=$(sed -n 1p "$obj/fuzz-flags")
	extlibs=$(sed -n 2p "$obj/fuzz-flags")
	# shellcheck disable=SC2086 # flag lists
	clang $perf_cflags -c -o "$fout/sample-fuzz.o" "$fuzz/sample-fuzz.c" || return 1
	# shellcheck disable=SC2046,SC2086 # lists of paths and flags
	clang -fsanitize=fuzzer,address,undefined -fno-sanitize=alignment -o "$bin" "$fout/sample-fuzz.o" \
		-Wl,--start-group $(perf_archives "$obj") -Wl,--end-group $extlibs
}
if ! run_logged build-fuzz-perf build; then
	result FAIL fuzz-perf "the build failed, see $LOGS/build-fuzz-perf.log"
	exit 1
fi

# New inputs go to the first corpus directory, in build/: the seeds in the
# checkout are only read. A crash stops the run; its input is saved as
# crashes/crash-SHA1 (leak-, timeout-, oom- for the other findings).
printf '[%s] fuzz-perf for %ss ...\n' "$(date +%T)" "$secs"
status=0
nice -n 5 "$bin" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
	-artifact_prefix="$fout/crashes/" "$fout/corpus" "$fuzz/corpus" \
	>"$log" 2>&1 || status=$?

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1 ft \2/p')
if [ "$status" = 0 ]; then
	result PASS fuzz-perf "${secs}s: ${execs:-?} executions, ${cov:-no coverage line}, 0 crashes"
	exit 0
fi
saved=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -n 1)
grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5 >&2 || true
result FAIL fuzz-perf "status $status: ${saved:-no input saved}; see $log"
exit 1
