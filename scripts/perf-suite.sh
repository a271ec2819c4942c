#!/bin/sh
# Regression guard over the whole 'perf test' suite, with the series' perf:
# every suite runs, one at a time, in the VM on the series' kernel ($KOUT);
# the failures not explained in selftests/perf-suite-environment run again
# on the bare base's kernel (scripts/build-base-kernel.sh, built meanwhile),
# and those that did not fail there, or failed fewer checks there, once more
# on the series' kernel with twice the time limit. One verdict per test (per
# case of a suite that has several), "perf suite: NAME", added to
# $RESULTS_FILE:
#   PASS  Ok on the series' kernel (or Ok on the retry: flaky, said so)
#   SKIP  skipped there; or failing only the checks that
#         selftests/perf-suite-environment expects to fail here, or the
#         same checks as on the base's kernel
#   FAIL  passing on the base's kernel, or failing fewer checks there, and
#         failing twice on the series': a regression
# Exits non-zero on any FAIL. Output under $SUITE_OUT (build/perf-suite).
# Env: SUITE_LIMIT   time limit of one suite in seconds (default 300)
#      SUITE_SHARDS  VMs that share out the suites side by side (default 2)
#      SUITE_ONLY    run only these suite numbers (default: all)
set -eu
. "$(dirname "$0")/lib.sh"

out=${SUITE_OUT:-$BUILD/perf-suite}
limit=${SUITE_LIMIT:-300}
shards=${SUITE_SHARDS:-2}
envlist=$TOP/selftests/perf-suite-environment
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

# run LABEL BZIMAGE LIMIT NUM...: run these suites on that kernel in up to
# $shards VMs side by side (the suites dealt out in turn); their result
# lines ("NUM | RESULT | SECONDS | NAME", selftests/guest-perf-suite.sh) go
# to $out/LABEL.txt, their logs to $out/run-LABEL/NUM.log. Fails when a VM
# run failed (a hang, a kernel warning: the reasons are in
# $out/run-LABEL/failure), after collecting what every VM gave.
run() {
	_label=$1 _bz=$2 _limit=$3
	shift 3
	_dir=$out/run-$_label
	mkdir -p "$_dir"
	_k=$shards
	[ "$#" -ge "$_k" ] || _k=$#
	_pids=
	_i=0
	while [ "$_i" -lt "$_k" ]; do
		_nums=$(printf '%s\n' "$@" | awk -v k="$_k" -v i="$_i" '(NR - 1) % k == i' | tr '\n' ' ')
		# the guest enforces the limit of each suite; this one catches a
		# hung guest
		_t=$((300 + $(printf '%s' "$_nums" | wc -w) * _limit))
		[ "$_t" -le 5400 ] || _t=5400
		VM_OUT=$_dir/vm$_i VM_SHARES="$SRC:$POUT" VM_TIMEOUT=$_t \
			"$TOP/scripts/vm-run.sh" "$_bz" "$TOP/selftests/guest-perf-suite.sh" \
			-t "$_limit" -n "$_nums" "$SRC" "$POUT" >"$_dir/vm$_i.log" 2>&1 &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	_rc=0
	_i=0
	for _p in $_pids; do
		if ! wait "$_p"; then
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

# The base's kernel builds while the series' kernel runs the suite, niced:
# the VMs have the processors first. setsid: a process group of its own, to
# stop it, make and all, when no test needs the base.
t0=$(date +%s)
setsid nice -n 10 "$TOP/scripts/build-base-kernel.sh" \
	>"$LOGS/perf-suite-base-kernel.log" 2>&1 &
build=$!

all=${SUITE_ONLY:-$(cd "$SRC" && "$POUT/perf" test list 2>/dev/null |
	sed -n 's/^ *\([0-9][0-9]*\): .*/\1/p')}
[ -n "$all" ] || die "'perf test list' listed nothing"
# shellcheck disable=SC2086 # the suite numbers are words
run series "$series_bz" "$limit" $all ||
	verdict FAIL "perf suite vm-run [series]" "$(cat "$out/run-series/failure")"
echo "perf suite: $(printf %s "$all" | wc -w) suites on the series' kernel in $(($(date +%s) - t0))s"

# checks LOG: the checks a suite's log reports as failed (the shell tests'
# "NAME [Failed ...]" and "-- [ FAIL ] --" lines), one a line, sorted.
checks() {
	grep -E '\[ *(FAIL|Failed)' "$1" 2>/dev/null | sort -u || true
}

# regex NAME: the pattern selftests/perf-suite-environment gives NAME, if
# any. Its entries are "NAME | PATTERN | WHY".
regex() {
	awk -F' [|] ' -v n="$1" '$0 !~ /^#/ && NF == 3 && $1 == n { print $2 }' "$envlist"
}

# explained NUM NAME: the failure of case NAME of suite NUM is what
# selftests/perf-suite-environment expects here: the suite's log reports
# failed checks and each matches the listed pattern. A suite that fails in
# another way is not explained, so new failures in a listed suite count.
explained() {
	_re=$(regex "$2")
	[ -n "$_re" ] || return 1
	_f=$(checks "$out/run-series/$1.log")
	[ -n "$_f" ] && ! printf '%s\n' "$_f" | grep -qvE "$_re"
}

# new_checks NUM: the checks that failed in suite NUM on the series' kernel
# and not on the base's.
new_checks() {
	checks "$out/run-series/$1.log" >"$out/checks.series"
	checks "$out/run-base/$1.log" >"$out/checks.base"
	comm -23 "$out/checks.series" "$out/checks.base"
}

bad() {
	case $1 in Ok | Skip*) return 1 ;; esac
}

# The suites with a failing case that is not explained.
suspects=
while IFS='|' read -r id r _ name; do
	id=${id% } r=${r# } r=${r% } name=${name# }
	n=${id%%.*}
	if bad "$r" && ! explained "$n" "$name"; then
		case " $suspects " in *" $n "*) ;; *) suspects="$suspects $n" ;; esac
	fi
done <"$out/series.txt"

: >"$out/base.txt"
: >"$out/retry.txt"
if [ -z "$suspects" ]; then
	kill -- -"$build" 2>/dev/null || true
	wait "$build" 2>/dev/null || true
elif wait "$build"; then
	echo "perf suite: base's kernel built $(($(stat -c %Y "$LOGS/perf-suite-base-kernel.log") - t0))s after the start"
	t1=$(date +%s)
	# shellcheck disable=SC2086
	run base "$base_bz" "$limit" $suspects ||
		echo "perf suite: the run on the base's kernel failed: $(cat "$out/run-base/failure")"
	echo "perf suite: $(printf %s "$suspects" | wc -w) suites on the base's kernel in $(($(date +%s) - t1))s"
	# Run again on the series' kernel the suites that failed there and not
	# on the base's, or that failed checks there that the base's passed.
	retry=
	for n in $suspects; do
		if awk -F' [|] ' -v n="$n" '
			FILENAME == ARGV[1] { base[$1] = $2; next }
			{ s = $1; sub(/\..*/, "", s) }
			s == n && $2 !~ /^(Ok|Skip)/ && (!($1 in base) || base[$1] ~ /^(Ok|Skip)/) { found = 1 }
			END { exit !found }' "$out/base.txt" "$out/series.txt" ||
			[ -n "$(new_checks "$n")" ]; then
			retry="$retry $n"
		fi
	done
	if [ -n "$retry" ]; then
		t1=$(date +%s)
		# shellcheck disable=SC2086
		run retry "$series_bz" $((2 * limit)) $retry ||
			verdict FAIL "perf suite vm-run [series, retry]" "$(cat "$out/run-retry/failure")"
		echo "perf suite: $(printf %s "$retry" | wc -w) suites again on the series' kernel in $(($(date +%s) - t1))s"
	fi
else
	verdict FAIL "perf suite base kernel" "does not build; see $LOGS/perf-suite-base-kernel.log"
fi

# result_of FILE ID: the result of case ID in FILE (series/base/retry.txt).
result_of() {
	awk -F' [|] ' -v id="$2" '$1 == id { print $2 }' "$1"
}

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
	if explained "$n" "$name"; then
		verdict SKIP "$v" "expected here ($r): $(awk -F' [|] ' -v n="$name" \
			'$0 !~ /^#/ && NF == 3 && $1 == n { print $3 }' "$envlist")"
		continue
	fi
	b=$(result_of "$out/base.txt" "$id")
	again=$(result_of "$out/retry.txt" "$id")
	if [ -z "$b" ]; then
		verdict FAIL "$v" "$r on the series' kernel, no result on the base's kernel; see $log"
	elif bad "$b" && [ -z "$(new_checks "$n")" ]; then
		verdict SKIP "$v" "fails on the base's kernel too ($r; base: $b), the same checks; see $log"
	elif [ -z "$again" ]; then
		verdict FAIL "$v" "$r on the series' kernel, $b on the base's kernel, no retry result; see $log"
	elif [ "$again" = Ok ]; then
		verdict PASS "$v" "flaky: $r at first, Ok on a retry; base's kernel: $b; see $log"
	elif ! bad "$again"; then
		verdict SKIP "$v" "$again on a retry after $r; base's kernel: $b"
	else
		verdict FAIL "$v" "regression: $b on the base's kernel, $r on the series' kernel and $again on a retry; checks failing only on the series' kernel: $(new_checks "$n" | tr '\n' ';'); see $log and $out/run-retry/$n.log"
	fi
done <"$out/series.txt"

tee -a "$RESULTS_FILE" <"$verdicts" | grep -E '^FAIL|flaky' || true
p=$(grep -c '^PASS ' "$verdicts" || true)
f=$(grep -c '^FAIL ' "$verdicts" || true)
s=$(grep -c '^SKIP ' "$verdicts" || true)
echo "perf suite: $p passed, $f failed, $s skipped in $(($(date +%s) - t0))s (verdicts in $verdicts)"
[ "$f" = 0 ]
