#!/bin/sh
# Build commits of the series in $SRC in turn, so that each patch is known to
# build on its own: the kernel unless the commit touches only tools/perf/ and
# tools/testing/ (the kernel's build uses neither, so it is the previous
# commit's), perf when the commit touches tools/, the kselftests (not this
# repository's reliability programs, which need the whole series) when it
# touches tools/testing/ or a uapi header. Outputs go
# to their own directories (build/bisect-*), so build/kernel and build/perf
# stay those of the series tip; $SRC is returned to the tip at the end.
#
# A commit is skipped when its patch-id (git patch-id --stable) is listed in
# kernel/bisect-verified (committed: the patches last seen to build) or in
# $BUILD/bisect-verified (this build directory's passes). 'check-bisect.sh
# --all' builds every commit and, if all pass, rewrites kernel/bisect-verified;
# so does a run that built the commits not listed there and saw them pass
# (the series is then verified patch by patch, each since its last change).
# BISECT_MAX=N builds at most N commits (make check: the CI time limit) and
# records the others as skipped.
set -eu
. "$(dirname "$0")/lib.sh"

all=0
[ "${1:-}" = --all ] && all=1
record=$TOP/kernel/bisect-verified
local_record=$BUILD/bisect-verified
KOUT=$BUILD/bisect-kernel POUT=$BUILD/bisect-perf STOUT=$BUILD/bisect-selftests
KCONFIG_ALLOW_UNKNOWN=1
export KOUT POUT STOUT KCONFIG_ALLOW_UNKNOWN

cd "$SRC"
tip=$(git rev-parse --abbrev-ref HEAD)
[ "$tip" != HEAD ] || die "$SRC is not on a branch; check out the series branch first"
patch_id() {
	git show "$1" | git patch-id --stable | cut -d' ' -f1
}

known=$(cat "$record" "$local_record" 2>/dev/null | grep -v '^#' | cut -d' ' -f1)
passed=$(mktemp)
trap 'git -C "$SRC" checkout -q "$tip"; rm -f "$passed"' EXIT
failed=0
skipped=0
unbuilt=0
built=0
for c in $(git rev-list --reverse "$BASE_TAG".."$tip"); do
	id=$(patch_id "$c")
	subject=$(git log -1 --format=%s "$c")
	if [ "$all" = 0 ] && printf '%s\n' "$known" | grep -qx "$id"; then
		echo "$id $subject" >>"$passed"
		skipped=$((skipped + 1))
		continue
	fi
	if [ -n "${BISECT_MAX:-}" ] && [ "$built" -ge "$BISECT_MAX" ]; then
		unbuilt=$((unbuilt + 1))
		continue
	fi
	built=$((built + 1))
	git checkout -q "$c"
	files=$(git show --format= --name-only "$c")
	ok=1
	if printf '%s\n' "$files" | grep -Evq '^tools/(perf|testing)/'; then
		run_logged bisect-kernel "$TOP/scripts/build-kernel.sh" || ok=0
	fi
	if printf '%s\n' "$files" | grep -q '^tools/'; then
		run_logged bisect-perf "$TOP/scripts/build-perf.sh" || ok=0
	fi
	if printf '%s\n' "$files" | grep -Eq '^tools/testing/|/uapi/'; then
		run_logged bisect-selftests env KSELFTESTS_ONLY=1 "$TOP/scripts/build-selftests.sh" || ok=0
	fi
	if [ "$ok" = 1 ]; then
		result PASS "bisect $subject"
		echo "$id $subject" >>"$passed"
	else
		result FAIL "bisect $subject" "see $LOGS/bisect-*.log"
		failed=1
	fi
done
if [ "$unbuilt" -gt 0 ]; then
	result SKIP "bisect: $unbuilt changed patches" \
		"not in the bisect records and not built on their own (BISECT_MAX=$BISECT_MAX): run make check-bisect"
fi
if [ "$skipped" -gt 0 ]; then
	result PASS "bisect: $skipped unchanged patches" \
		"built on their own before (patch-ids in kernel/bisect-verified or build/bisect-verified)"
fi
cp "$passed" "$local_record"
if [ "$failed" = 0 ] && [ "$unbuilt" = 0 ] && { [ "$all" = 1 ] || [ "$built" -gt 0 ]; }; then
	{
		echo "# Patch-ids (git patch-id --stable) of the patches that built on their own"
		echo "# (make check-bisect, or check-bisect.sh for the changed ones since);"
		echo "# make check rebuilds the others."
		cat "$passed"
	} >"$record"
	echo "wrote $record: commit it with the series"
fi
exit "$failed"
