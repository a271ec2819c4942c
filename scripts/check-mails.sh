#!/bin/sh
# Write each posting of submission/postings that is mailed (its prefix is
# not "-") as mails into DIR/<posting>-v<N> (scripts/format-mails.sh) and
# run checkpatch with the sign-off check on them; the verdicts go to
# $RESULTS_FILE. make check and make submission both call it.
# Fails when the postings cannot be read or none of them is mailed, so
# that a broken submission/postings cannot pass as "nothing to check".
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: check-mails.sh DIR}
postings >"$BUILD/.postings-mailed" || die "cannot read submission/postings"
awk -F'|' '$4 != "-" { print $1 "|" $5 }' "$BUILD/.postings-mailed" >"$BUILD/.mailed"
[ -s "$BUILD/.mailed" ] || die "submission/postings mails no posting"
rm -rf "$dir"
while IFS='|' read -r name version; do
	mails=$dir/$name-v$version
	if run_logged "format-mails-$name" "$TOP/scripts/format-mails.sh" "$mails" "$name"; then
		run_check checkpatch-series --mails "$mails" "$name"
	else
		result FAIL "checkpatch of the mails ($name)" "the mails could not be written; see $LOGS/format-mails-$name.log"
	fi
done <"$BUILD/.mailed"
