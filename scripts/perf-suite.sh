#!/bin/sh
# Regression guard over the whole 'perf test' suite, with the series' perf:
# every suite runs, one at a time, in the VM on the series' kernel ($KOUT);
# the suites with a failure that selftests/perf-suite-environment does not
# explain run once more there, and those that fail again (or give no
# result) run on the bare base's kernel (scripts/build-base-kernel.sh,
# built only then). One verdict per test (per case of a suite that has
# several), "perf suite: NAME", added to $RESULTS_FILE:
#   PASS  Ok on the series' kernel, or Ok on the retry (flaky, said so)
#   SKIP  skipped there; or FAILED on the checks that
#         selftests/perf-suite-environment expects to fail here, at first
#         or on the retry; or failing twice, and on the base's kernel the
#         same way (the same result, no check failing only on the series')
#   FAIL  anything else that failed twice on the series' kernel: passing
#         or skipped on the base's kernel, failing in another way there, or
#         no result there or on the retry; and every suite with no result
# The first run shares the suites out among $SUITE_SHARDS VMs side by side,
# the slowest (selftests/perf-suite-slow) first so that the VMs end
# together; the retry and the base's run use one VM, with no other VM of
# the guard beside it, which gives the tests that are sensitive to load
# their best chance.
# Exits non-zero on any FAIL. Output under $SUITE_OUT (build/perf-suite).
# Env: SUITE_LIMIT   time limit of one suite in seconds (default 300, more
#                    than twice the slowest)
#      SUITE_SHARDS  VMs of the first run (default 2)
#      SUITE_ONLY    run only these suite numbers (default: all)
set -eu
. "$(dirname "$0")/lib.sh"

out=${SUITE_OUT:-$BUILD/perf-suite}
limit=${SUITE_LIMIT:-300}
shards=${SUITE_SHARDS:-2}
envlist=$TOP/selftests/perf-suite-environment
slowlist=$TOP/selftests/perf-suite-slow
series_bz=$KOUT/arch/x86/boot/bzImage
base_bz=$out/base/kernel/arch/x86/boot/bzImage
[ -f "$series_bz" ] || die "no kernel at $series_bz; run 'make kernel' first"
[ -x "$POUT/perf" ] || die "no perf at $POUT/perf; run 'make perf' first"
mkdir -p "$out"
rm -rf "$out"/run-* "$out"/*.txt
verdicts=$out/verdicts.txt
: >"$verdicts"

# verdict STATUS NAME [REASON]: one line of $verdicts
verdict() {
	printf '%s %s%s\n' "$1" "$2" "${3:+ # $3}" >>"$verdicts"
}

# watch_vms DIR SUITES VMS: wait until the VMS VMs of the run in DIR have
# ended (DIR/vmI.rc). Once the SUITES suites are all claimed, each VM has
# at most its last one to finish, which the guest stops at the suite limit:
# a VM still running $limit + 120 seconds later is hung, and its QEMU
# (found by the path of its serial log) is stopped.
watch_vms() {
	_deadline=
	while [ "$(ls "$1"/vm*.rc 2>/dev/null | wc -l)" -lt "$3" ]; do
		if [ -z "$_deadline" ] && [ "$(ls "$1/queue" | wc -l)" -ge "$2" ]; then
			_deadline=$(($(date +%s) + limit + 120))
		fi
		if [ -n "$_deadline" ] && [ "$(date +%s)" -ge "$_deadline" ]; then
			_j=0
			while [ "$_j" -lt "$3" ]; do
				if [ ! -f "$1/vm$_j.rc" ]; then
					echo "VM $_j still ran $((limit + 120))s after the last suite was claimed: stopped"
					pkill -f "$1/vm$_j/serial.log" || true
				fi
				_j=$((_j + 1))
			done >>"$1/failure"
			return 0
		fi
		sleep 5
	done
}

# run LABEL BZIMAGE VMS NUM...: run these suites on that kernel in up to VMS
# VMs side by side, which take them from the list in its order
# (selftests/guest-perf-suite.sh -q); their result lines ("NUM | RESULT |
# SECONDS | NAME") go to $out/LABEL.txt, their logs to
# $out/run-LABEL/NUM.log. Fails when a VM run failed (a hang, a kernel
# warning: the reasons are in $out/run-LABEL/failure), after collecting
# what every VM gave.
run() {
	_label=$1 _bz=$2 _k=$3
	shift 3
	_dir=$out/run-$_label
	mkdir -p "$_dir/queue"
	[ "$#" -ge "$_k" ] || _k=$#
	# the last resort against a hung guest that watch_vms did not stop
	_t=$((300 + $# * limit))
	[ "$_t" -le 5400 ] || _t=5400
	_i=0
	while [ "$_i" -lt "$_k" ]; do
		{
			_r=0
			VM_OUT=$_dir/vm$_i VM_SHARES="$SRC:$POUT" VM_SHARED=$_dir/queue VM_TIMEOUT=$_t \
				"$TOP/scripts/vm-run.sh" "$_bz" "$TOP/selftests/guest-perf-suite.sh" \
				-t "$limit" -q -n "$*" "$SRC" "$POUT" >"$_dir/vm$_i.log" 2>&1 || _r=$?
			echo "$_r" >"$_dir/vm$_i.rc"
		} &
		_i=$((_i + 1))
	done
	watch_vms "$_dir" "$(printf '%s\n' "$@" | sort -u | wc -l)" "$_k"
	wait
	_rc=0
	_i=0
	while [ "$_i" -lt "$_k" ]; do
		if [ "$(cat "$_dir/vm$_i.rc" 2>/dev/null)" != 0 ]; then
			_rc=1
			cat "$_dir/vm$_i/failure" 2>/dev/null ||
				echo "failed; see $_dir/vm$_i.log"
		fi >>"$_dir/failure"
		cat "$_dir/vm$_i/perf-suite.txt" >>"$out/$_label.txt" 2>/dev/null || true
		cp "$_dir/vm$_i"/perf-suite/*.log "$_dir/" 2>/dev/null || true
		_i=$((_i + 1))
	done
	touch "$out/$_label.txt"
	return "$_rc"
}

# slowest_first NUM...: these suites, those selftests/perf-suite-slow names
# first in its order, then the others in theirs ($out/list has the names).
slowest_first() {
	awk -v nums="$*" '
		FNR == NR { if ($0 !~ /^#/ && NF) rank[$0] = ++r; next }
		match($0, /^ *[0-9]+: /) {
			n = substr($0, 1, RLENGTH - 2); sub(/^ */, "", n)
			name[n] = substr($0, RLENGTH + 1)
		}
		END {
			k = split(nums, a)
			for (i = 1; i <= k; i++)
				print (rank[name[a[i]]] ? rank[name[a[i]]] : r + i), a[i]
		}' "$slowlist" "$out/list" | sort -n | cut -d' ' -f2
}

t0=$(date +%s)
(cd "$SRC" && "$POUT/perf" test list) >"$out/list" 2>/dev/null || true
all=${SUITE_ONLY:-$(sed -n 's/^ *\([0-9][0-9]*\): .*/\1/p' "$out/list")}
[ -n "$all" ] || die "'perf test list' listed nothing"
order=$(slowest_first "$all")
[ -n "$order" ] || die "cannot order the suites by selftests/perf-suite-slow"
# shellcheck disable=SC2086 # the suite numbers are words
run series "$series_bz" "$shards" $order ||
	verdict FAIL "perf suite vm-run [series]" "$(cat "$out/run-series/failure")"
echo "perf suite: $(printf %s "$all" | wc -w) suites on the series' kernel in $(($(date +%s) - t0))s"

# checks LOG: the checks a suite's log reports as failed (the shell tests'
# "NAME [Failed ...]", "-- [ FAIL ] --" and "FAILED: WHAT" lines), one a
# line, sorted.
checks() {
	grep -E '\[ *(FAIL|Failed)|^FAILED: ' "$1" 2>/dev/null | sort -u || true
}

# listed NAME FIELD: field FIELD (2: the pattern, 3: the reason) of the
# entry for NAME in selftests/perf-suite-environment, if any. Its entries
# are "NAME | PATTERN | WHY".
listed() {
	awk -F' [|] ' -v n="$1" -v f="$2" '$0 !~ /^#/ && NF == 3 && $1 == n { print $f }' "$envlist"
}

# explained LABEL NUM NAME RESULT: case NAME of suite NUM had RESULT in
# the run LABEL, and that is what selftests/perf-suite-environment expects
# here: perf called it FAILED (not a timeout or a crash) and each failed
# check in the suite's log matches the listed pattern; or, for a test that
# names no checks (perf's C tests), a line of its log does. A suite that
# fails in another way is not explained, so new failures in a listed suite
# count.
explained() {
	[ "$4" = FAILED ] || return 1
	_re=$(listed "$3" 2)
	[ -n "$_re" ] || return 1
	_f=$(checks "$out/run-$1/$2.log")
	if [ -z "$_f" ]; then
		grep -qE "$_re" "$out/run-$1/$2.log"
		return
	fi
	! printf '%s\n' "$_f" | grep -qvE "$_re"
}

# new_checks NUM: the checks that failed in suite NUM on the series' kernel,
# in both runs when the retry has a log, and not on the base's.
new_checks() {
	checks "$out/run-series/$1.log" >"$out/checks.series"
	if [ -f "$out/run-retry/$1.log" ]; then
		checks "$out/run-retry/$1.log" | comm -12 "$out/checks.series" - >"$out/checks.both"
		mv "$out/checks.both" "$out/checks.series"
	fi
	checks "$out/run-base/$1.log" >"$out/checks.base"
	comm -23 "$out/checks.series" "$out/checks.base"
}

bad() {
	case $1 in Ok | Skip*) return 1 ;; esac
}

# result_of FILE ID: the result of case ID in FILE (series/base/retry.txt).
result_of() {
	awk -F' [|] ' -v id="$2" '$1 == id { print $2 }' "$1"
}

# The cases that failed on the series' kernel in a way that
# selftests/perf-suite-environment does not explain, "ID|NAME" a line.
while IFS='|' read -r id r _ name; do
	id=${id% } r=${r# } r=${r% } name=${name# }
	if bad "$r" && ! explained series "${id%%.*}" "$name" "$r"; then
		printf '%s|%s\n' "$id" "$name"
	fi
done <"$out/series.txt" >"$out/suspects.txt"
# suite_nums: the suite numbers of the case ids on stdin, once each.
suite_nums() {
	sed 's/[.|].*//' | sort -un
}
suspects=$(suite_nums <"$out/suspects.txt")

: >"$out/retry.txt"
: >"$out/base.txt"
repeat=
if [ -n "$suspects" ]; then
	t1=$(date +%s)
	# shellcheck disable=SC2086 # the suite numbers are words
	run retry "$series_bz" 1 $suspects ||
		verdict FAIL "perf suite vm-run [series, retry]" "$(cat "$out/run-retry/failure")"
	echo "perf suite: $(printf %s "$suspects" | wc -w) suites again on the series' kernel in $(($(date +%s) - t1))s"
	# The suites of those cases that were not Ok on the retry, nor failed
	# there as expected (no result included)
	repeat=$(while IFS='|' read -r id name; do
		again=$(result_of "$out/retry.txt" "$id")
		if [ "$again" != Ok ] && ! explained retry "${id%%.*}" "$name" "$again"; then
			echo "$id"
		fi
	done <"$out/suspects.txt" | suite_nums)
fi
if [ -n "$repeat" ]; then
	t1=$(date +%s)
	if "$TOP/scripts/build-base-kernel.sh" >"$LOGS/perf-suite-base-kernel.log" 2>&1; then
		echo "perf suite: base's kernel built in $(($(date +%s) - t1))s"
		t1=$(date +%s)
		# shellcheck disable=SC2086 # the suite numbers are words
		run base "$base_bz" 1 $repeat ||
			echo "perf suite: the run on the base's kernel failed: $(cat "$out/run-base/failure")"
		echo "perf suite: $(printf %s "$repeat" | wc -w) suites on the base's kernel in $(($(date +%s) - t1))s"
	else
		verdict FAIL "perf suite base kernel" "does not build; see $LOGS/perf-suite-base-kernel.log"
	fi
fi

# One verdict per case of the series' run.
while IFS='|' read -r id r _ name; do
	id=${id% } r=${r# } r=${r% } name=${name# }
	n=${id%%.*}
	v="perf suite: $name"
	log=$out/run-series/$n.log
	if ! bad "$r"; then
		case $r in
		Ok) verdict PASS "$v" ;;
		*) verdict SKIP "$v" "$r" ;;
		esac
		continue
	fi
	if explained series "$n" "$name" "$r"; then
		verdict SKIP "$v" "expected here ($r): $(listed "$name" 3)"
		continue
	fi
	again=$(result_of "$out/retry.txt" "$id")
	b=$(result_of "$out/base.txt" "$id")
	if [ "$again" = Ok ]; then
		verdict PASS "$v" "flaky: $r at first, Ok on a retry; see $log"
	elif explained retry "$n" "$name" "$again"; then
		verdict SKIP "$v" "expected here ($again on a retry after $r): $(listed "$name" 3)"
	elif [ -z "$b" ]; then
		verdict FAIL "$v" "$r on the series' kernel, ${again:-no result} on a retry, no result on the base's kernel; see $log"
	elif bad "$b" && { [ "$b" = "$r" ] || [ "$b" = "$again" ]; } &&
		[ -z "$(new_checks "$n")" ]; then
		verdict SKIP "$v" "fails on the base's kernel too ($r, then ${again:-no result}; base: $b), no check failing only on the series' kernel; see $log"
	else
		verdict FAIL "$v" "regression: $b on the base's kernel, $r on the series' kernel and ${again:-no result} on a retry; checks failing only on the series' kernel: $(new_checks "$n" | tr '\n' ';'); see $log and $out/run-retry/$n.log"
	fi
done <"$out/series.txt"

# A suite with no result line (its VM died before it) fails by name.
for n in $all; do
	grep -q "^${n}[ .]" "$out/series.txt" ||
		verdict FAIL "perf suite: suite $n" "no result on the series' kernel; see $out/run-series/failure and $out/run-series/vm*.log"
done

tee -a "$RESULTS_FILE" <"$verdicts" | grep -E '^FAIL|flaky' || true
p=$(grep -c '^PASS ' "$verdicts" || true)
f=$(grep -c '^FAIL ' "$verdicts" || true)
s=$(grep -c '^SKIP ' "$verdicts" || true)
echo "perf suite: $p passed, $f failed, $s skipped in $(($(date +%s) - t0))s (verdicts in $verdicts)"
[ "$f" = 0 ]
