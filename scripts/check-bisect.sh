#!/bin/sh
# Build every commit of the series in $SRC in turn, so that each patch is known
# to build on its own: the kernel always, perf when the commit touches tools/,
# the kselftests when it touches tools/testing/ or a uapi header. Returns
# $SRC to the series tip at the end.
set -eu
. "$(dirname "$0")/lib.sh"

cd "$SRC"
tip=$(git rev-parse --abbrev-ref HEAD)
trap 'git -C "$SRC" checkout -q "$tip"' EXIT
failed=0
for c in $(git rev-list --reverse "$BASE_TAG"..HEAD); do
	git checkout -q "$c"
	name="bisect $(git log -1 --format=%s "$c")"
	files=$(git show --format= --name-only "$c")
	ok=1
	run_logged bisect-kernel "$TOP/scripts/build-kernel.sh" || ok=0
	if printf '%s\n' "$files" | grep -q '^tools/'; then
		run_logged bisect-perf "$TOP/scripts/build-perf.sh" || ok=0
	fi
	if printf '%s\n' "$files" | grep -Eq '^tools/testing/|/uapi/'; then
		run_logged bisect-selftests "$TOP/scripts/build-selftests.sh" || ok=0
	fi
	if [ "$ok" = 1 ]; then
		result PASS "$name"
	else
		result FAIL "$name" "see $LOGS/bisect-*.log"
		failed=1
	fi
done
exit "$failed"
