#!/bin/sh
# Run the base's checkpatch.pl --strict on every patch of the series (without
# the sign-off check: sign-off is added at submission) and record a verdict per
# patch. Findings listed in kernel/checkpatch-exceptions are accepted and
# counted; any other ERROR, WARNING or CHECK fails the patch. The full output
# is in $LOGS/checkpatch.log.
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

log=$LOGS/checkpatch.log
: >"$log"
for p in $("$TOP/scripts/series-list.sh"); do
	# PATH: the system python3, which has python3-ply for checkpatch's
	# SPDX check, before any other python3 the user has
	out=$(PATH="/usr/bin:$PATH" "$SRC/scripts/checkpatch.pl" --strict --no-signoff --showfile \
		--root="$SRC" "$TOP/patches/$p" 2>&1) || true
	printf '== %s\n%s\n' "$p" "$out" >>"$log"
	bad=0
	known=0
	findings=$(printf '%s\n' "$out" | grep -E '^[^ ]+:[0-9]+: (ERROR|WARNING|CHECK):' || true)
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
	if ! printf '%s\n' "$out" | grep -q '^total: '; then
		result FAIL "checkpatch $p" "checkpatch gave no summary; see $log"
	elif [ "$bad" -gt 0 ]; then
		result FAIL "checkpatch $p" "$bad findings; see $log"
	else
		[ "$known" = 0 ] && known= || known="$known accepted exceptions"
		result PASS "checkpatch $p" "$known"
	fi
done
