#!/bin/sh
# make submission: run the checks maintainers run on a posting, each against
# the bare base (scripts/check-warnings.sh, check-kernel-doc.sh,
# check-uapi-compat.sh, check-bisect.sh for the patches not built on their
# own before), write the series as mails (scripts/format-mails.sh) and run
# checkpatch with the sign-off check on them. The mails go to
# build/outgoing/v<N> only if every check passed; nothing is sent.
set -eu
. "$(dirname "$0")/lib.sh"

require_identity
[ -d "$SRC/.git" ] || "$TOP/scripts/apply-series.sh"
version=$(cat "$TOP/submission/version")
out=$BUILD/outgoing/v$version
stage=$BUILD/outgoing/.v$version
RESULTS_FILE=$BUILD/submission-checks.txt
export RESULTS_FILE
: >"$RESULTS_FILE"

run_check check-warnings
run_check check-kernel-doc
run_check check-uapi-compat
run_check check-bisect
run_logged format-mails "$TOP/scripts/format-mails.sh" "$stage" ||
	die "could not write the mails; see $LOGS/format-mails.log"
run_check checkpatch-series --mails "$stage"

if grep -q '^FAIL ' "$RESULTS_FILE"; then
	die "not ready to mail: the checks above failed (verdicts in $RESULTS_FILE); the mails are in $stage for a look"
fi
rm -rf "$out"
mv "$stage" "$out"
echo "ready to mail: $(ls "$out"/*.patch | wc -l) mails in $out (cover letter first), nothing sent"
echo "send with: git send-email --no-thread $out/*.patch"
