# shellcheck shell=sh
# Settings shared by the scripts in this folder: where things live under build/,
# the build knobs, and the step/log helpers. Sourced, never run.

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE_TREE=$BUILD/base           # pristine base, a git repo tagged $BASE_TAG
BASE_TAG=v7.3.4-debian
SRC=${SRC:-$BUILD/src}          # base + series, one git commit per patch
KOUT=${KOUT:-$BUILD/kernel}     # kernel build output (O=)
POUT=${POUT:-$BUILD/perf}       # perf build output
STOUT=${STOUT:-$BUILD/selftests} # kselftest build output
LOGS=$BUILD/logs
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR="${CCACHE_DIR:-$BUILD/ccache}"
export CCACHE_BASEDIR="$BUILD"
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP="@0"
export KBUILD_BUILD_USER=vm KBUILD_BUILD_HOST=vm

mkdir -p "$LOGS"

# run_logged NAME CMD...: run CMD with its output in $LOGS/NAME.log; on failure
# name the step and show the log's tail.
run_logged() {
	_name=$1
	shift
	_log=$LOGS/$_name.log
	_t0=$(date +%s)
	printf '[%s] %s ...\n' "$(date +%T)" "$_name"
	if "$@" >"$_log" 2>&1; then
		printf '[%s] %s done in %ss\n' "$(date +%T)" "$_name" $(($(date +%s) - _t0))
		return 0
	fi
	printf '[%s] %s FAILED after %ss; last lines of %s:\n' \
		"$(date +%T)" "$_name" $(($(date +%s) - _t0)) "$_log" >&2
	tail -n 25 "$_log" >&2
	return 1
}

die() {
	echo "error: $*" >&2
	exit 1
}

# result STATUS NAME [REASON]: record one test verdict (PASS, FAIL or SKIP) in
# $RESULTS_FILE, which scripts/check.sh totals at the end.
RESULTS_FILE=$(realpath -m "${RESULTS_FILE:-$BUILD/results.txt}")
result() {
	printf '%s %s%s\n' "$1" "$2" "${3:+ # $3}" | tee -a "$RESULTS_FILE"
}
