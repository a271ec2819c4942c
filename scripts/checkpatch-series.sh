#!/bin/sh
# Run the base's checkpatch.pl --strict on every patch of the series (without
# the sign-off check: sign-off is added at submission) and record a verdict per
# patch. Findings listed in kernel/checkpatch-exceptions are accepted and
# counted; any other ERROR, WARNING or CHECK fails the patch. The full output
# is in $LOGS/checkpatch.log.
# 'checkpatch-series.sh --mails DIR [NAME]' checks the mails that
# scripts/format-mails.sh wrote to DIR instead, those of posting NAME, with
# the sign-off check, and records one verdict for all of them (log:
# $LOGS/checkpatch-mails[-NAME].log).
set -eu
. "$(dirname "$0")/lib.sh"

exceptions=$TOP/kernel/checkpatch-exceptions

# is_exception "FILE:LINE: TYPE: MESSAGE"
is_exception() {
	_file=${1%%:*}
	_msg=$(printf '%s' "$1" | sed -E 's/^[^:]*:[0-9]+: //')
	grep -v '^#' "$exceptions" | while IFS='|' read -r glob message _why; do
		glob=$(printf '%s' "$glob" | sed 's/[[:space:]]*$//')
		message=$(printf '%s' "$message" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		# shellcheck disable=SC2254 # the glob is a pattern on purpose
		# shellcheck disable=SC2254 # so is the message
		case $_file in $glob) case $_msg in $message) echo yes ;; esac ;; esac
	done | grep -q yes
}

mails=
if [ "${1:-}" = --mails ]; then
	mails=${2:?usage: checkpatch-series.sh [--mails DIR [NAME]]}
	posting=${3:-}
	log=$LOGS/checkpatch-mails${posting:+-$posting}.log
	files=$(for m in "$mails"/*.patch; do
		case $m in */*0000-cover-letter.patch) ;; *) echo "$m" ;; esac
	done)
	signoff=
else
	log=$LOGS/checkpatch.log
	files=$("$TOP/scripts/series-list.sh" | sed "s|^|$TOP/patches/|")
	signoff=--no-signoff
fi

# checkpatch.pl is slow Perl, one patch at a time: run $JOBS of them at
# once into $out_dir, one output file per patch, and judge them in order
# afterwards. PATH: the system python3, which has python3-ply for
# checkpatch's SPDX check, before any other python3 the user has.
out_dir=$(mktemp -d)
trap 'rm -rf "$out_dir"' EXIT
# shellcheck disable=SC2086 # $files is a list of paths
printf '%s\n' $files | PATH="/usr/bin:$PATH" xargs -P "$JOBS" -I{} sh -c '
	"$1/scripts/checkpatch.pl" --strict ${2:+"$2"} --showfile --root="$1" "$3" \
		>"$4/$(basename "$3").out" 2>&1 || true' sh "$SRC" "$signoff" {} "$out_dir"

# check FILE: judge the checkpatch output of FILE; sets $bad and $known,
# false without a summary
check() {
	out=$(cat "$out_dir/$(basename "$1").out")
	printf '== %s\n%s\n' "$(basename "$1")" "$out" >>"$log"
	bad=0
	known=0
	findings=$(printf '%s\n' "$out" | grep -E '^[^ ]*:[0-9]+: (ERROR|WARNING|CHECK):' || true)
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		if is_exception "$f"; then
			known=$((known + 1))
		else
			bad=$((bad + 1))
		fi
	done <<EOF_FINDINGS
$findings
EOF_FINDINGS
	printf '%s\n' "$out" | grep -q '^total: '
}

: >"$log"
n=0
failed=
accepted=0
for file in $files; do
	p=$(basename "$file")
	n=$((n + 1))
	if ! check "$file"; then
		[ -n "$mails" ] || result FAIL "checkpatch $p" "checkpatch gave no summary; see $log"
		failed="$failed $p"
	elif [ "$bad" -gt 0 ]; then
		[ -n "$mails" ] || result FAIL "checkpatch $p" "$bad findings; see $log"
		failed="$failed $p"
	elif [ -z "$mails" ]; then
		why=
		[ "$known" = 0 ] || why="$known accepted exceptions"
		result PASS "checkpatch $p" "$why"
	fi
	accepted=$((accepted + known))
done
[ -n "$mails" ] || exit 0
if [ -n "$failed" ]; then
	result FAIL "checkpatch of the mails${posting:+ ($posting)}" "with sign-off check; fails:$failed; see $log"
	exit 1
fi
result PASS "checkpatch of the mails${posting:+ ($posting)}" "$n mails, with sign-off check; $accepted accepted exceptions"
