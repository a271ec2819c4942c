#!/bin/sh
# make submission: run the checks maintainers run on a posting, each against
# the bare base (scripts/check-warnings.sh, check-kernel-doc.sh,
# check-uapi-compat.sh, check-bisect.sh for the patches not built on their
# own before), check the postings against the files of their trees
# (scripts/check-postings-apply.sh), then write each posting of
# submission/postings as mails and run checkpatch with the sign-off check
# on them (scripts/check-mails.sh). The mails go to
# build/outgoing/<posting>-v<N>/ only if every check passed; nothing is sent.
set -eu
. "$(dirname "$0")/lib.sh"

require_identity
[ -d "$SRC/.git" ] || "$TOP/scripts/apply-series.sh"
RESULTS_FILE=$BUILD/submission-checks.txt
export RESULTS_FILE
: >"$RESULTS_FILE"

run_check check-warnings
run_check check-kernel-doc
run_check check-uapi-compat
run_check check-bisect
run_check check-postings-apply

stage=$BUILD/outgoing/.stage
run_check check-mails "$stage"

if grep -q '^FAIL ' "$RESULTS_FILE"; then
	die "not ready to mail: the checks above failed (verdicts in $RESULTS_FILE); the mails are in $stage for a look"
fi
for d in "$stage"/*/; do
	d=${d%/}
	rm -rf "$BUILD/outgoing/${d##*/}"
	mv "$d" "$BUILD/outgoing/"
	n=$(ls "$BUILD/outgoing/${d##*/}"/*.patch | wc -l)
	what="$n mails in $BUILD/outgoing/${d##*/} (cover letter first)"
	[ "$n" != 1 ] || what="1 mail in $BUILD/outgoing/${d##*/} (no cover letter)"
	echo "ready to mail: $what"
done
echo "nothing sent; send each with: git send-email --no-thread --suppress-cc=bodycc build/outgoing/<posting>-v<N>/*.patch"
