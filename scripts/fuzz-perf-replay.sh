#!/bin/sh
# Replay every input of tools-perf/fuzz/corpus (the seeds and the inputs of
# crashes found before) through the fuzz-perf harness under valgrind's
# memcheck: tools-perf/fuzz/sample-fuzz.c with replay-main.c as main(),
# built with gcc into $BUILD/fuzz-perf-replay against the archives of the
# normal perf build in $POUT (make perf), so perf's libraries are not built
# a second time, and run once, one process for all inputs. 'make check' runs
# this instead of fuzz-perf.sh, whose sanitizer build of perf costs CI 10-17
# minutes. One verdict, "fuzz-perf corpus replay": FAIL naming the input on
# any memcheck error, crash or hang; SKIP when valgrind or the perf build is
# missing.
# Usage: fuzz-perf-replay.sh
set -eu
. "$(dirname "$0")/lib.sh"

name="fuzz-perf corpus replay"
rout=$BUILD/fuzz-perf-replay
fuzz=$TOP/tools-perf/fuzz
bin=$rout/sample-replay
log=$LOGS/fuzz-perf-replay.log
# A replay takes well under a minute; stop one that hangs long before CI's
# time is up.
limit=900

if ! command -v valgrind >/dev/null; then
	result SKIP "$name" "no valgrind (apt-get install valgrind)"
	exit 0
fi
for f in $(perf_archives "$POUT") "$POUT/.build-options"; do
	if [ ! -f "$f" ]; then
		result SKIP "$name" "no perf build in $POUT ($f is missing; make perf)"
		exit 0
	fi
done

# The compiler flags and libraries of perf's own link (perf_link_flags in
# lib.sh), for the options build-perf.sh built $POUT with; with $POUT up to
# date, perf's make builds nothing.
opts=$(cat "$POUT/.build-options")
# shellcheck disable=SC2317 # called through run_logged
build() {
	# shellcheck disable=SC2086 # $opts is a list of make variables
	perf_link_flags "$rout/perf-flags" O="$POUT" $opts CC=gcc || return 1
	perf_cflags=$(sed -n 1p "$rout/perf-flags")
	extlibs=$(sed -n 2p "$rout/perf-flags")
	# shellcheck disable=SC2086 # flag lists; -g: lines in valgrind's reports
	gcc $perf_cflags -g -c -o "$rout/sample-fuzz.o" "$fuzz/sample-fuzz.c" || return 1
	# shellcheck disable=SC2086
	gcc $perf_cflags -g -c -o "$rout/replay-main.o" "$fuzz/replay-main.c" || return 1
	# shellcheck disable=SC2046,SC2086 # lists of paths and flags
	gcc -o "$bin" "$rout/sample-fuzz.o" "$rout/replay-main.o" \
		-Wl,--start-group $(perf_archives "$POUT") -Wl,--end-group $extlibs
}
mkdir -p "$rout"
if ! run_logged build-fuzz-perf-replay build; then
	result FAIL "$name" "the build failed, see $LOGS/build-fuzz-perf-replay.log"
	exit 1
fi

# The inputs in a fixed order; replay-main.c writes "replay: FILE" to stderr
# before each, so the first memcheck error after it, between the markers,
# is that input's. Only definite leaks count: the harness keeps its session.
set -- "$fuzz"/corpus/*
n=$#
printf '[%s] %s of %s inputs ...\n' "$(date +%T)" "$name" "$n"
t0=$(date +%s)
status=0
timeout "$limit" valgrind --tool=memcheck --error-exitcode=99 \
	--error-markers=VALGRIND-ERROR-BEGIN,VALGRIND-ERROR-END \
	--track-origins=yes --leak-check=full --errors-for-leak-kinds=definite \
	--show-leak-kinds=definite "$bin" "$@" >"$log" 2>&1 || status=$?
secs=$(($(date +%s) - t0))

if [ "$status" = 0 ] && grep -q "^replay: $n inputs done" "$log"; then
	result PASS "$name" "$n inputs, no memcheck errors, ${secs}s"
	exit 0
fi
# The input running at the first error, or at the end of the log (a crash,
# an exit, a timeout); none for a leak found at the exit.
input=$(awk '
	/^replay: [0-9]+ inputs done$/ { cur = ""; next }
	/^replay: / { cur = substr($0, 9); next }
	/VALGRIND-ERROR-BEGIN/ { exit }
	END { print cur }
' "$log")
case $status in
0) why="no end of the replay" ;;
99) why="memcheck errors" ;;
124) why="timed out after ${limit}s" ;;
129 | 1[3-9][0-9]) why="signal $((status - 128))" ;;
*) why="status $status" ;;
esac
where="the exit (a leak?)"
[ -z "$input" ] || where="input $(basename "$input")"
# The first error, or what valgrind said at the end
sed -n '/VALGRIND-ERROR-BEGIN/,/VALGRIND-ERROR-END/p' "$log" | head -n 20 >&2
grep -E '^==[0-9]+== (Process terminating|ERROR SUMMARY)' "$log" >&2 || true
result FAIL "$name" "$why at $where; see $log"
exit 1
