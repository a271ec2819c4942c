#!/bin/sh
# Run the base's checkpatch.pl --strict on every patch of the series (without
# the sign-off check: sign-off is added at submission) and record a verdict per
# patch. The full output is in $LOGS/checkpatch.log.
set -eu
. "$(dirname "$0")/lib.sh"

log=$LOGS/checkpatch.log
: >"$log"
for p in $("$TOP/scripts/series-list.sh"); do
	out=$("$SRC/scripts/checkpatch.pl" --strict --no-signoff --showfile \
		--root="$SRC" "$TOP/patches/$p" 2>&1) || true
	printf '== %s\n%s\n' "$p" "$out" >>"$log"
	total=$(printf '%s\n' "$out" | grep '^total:' || echo "total: no summary")
	case $total in
	"total: 0 errors, 0 warnings, 0 checks"*) result PASS "checkpatch $p" ;;
	*) result FAIL "checkpatch $p" "$total; see $log" ;;
	esac
done
