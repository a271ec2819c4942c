#!/bin/sh
# Make $SRC a fresh checkout of the base with patches/series applied, one git
# commit per patch (the edit loop in Documentation/workflow.rst works on it).
# Fails when a patch needs fuzz or applies at an offset: the series must be exact.
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$BASE_TREE/.git" ] || die "no base tree; run 'make base' first"

rm -rf "$SRC"
git clone -q --shared "$BASE_TREE" "$SRC"
cd "$SRC"
git checkout -q -b series "$BASE_TAG"
# Debian's top-level .gitignore ignores every top-level entry ("/*"), which
# would hide files our patches add. Drop that stanza locally, never commit it.
git update-index --skip-worktree .gitignore
sed -i '/^# Debian packaging/,$d' .gitignore

n=0
for p in $("$TOP/scripts/series-list.sh"); do
	n=$((n + 1))
	out=$(patch -p1 -F0 --dry-run -f <"$TOP/patches/$p" 2>&1) ||
		die "$p does not apply:
$out"
	if printf '%s\n' "$out" | grep -Eq 'offset|fuzz'; then
		die "$p applies only with offset or fuzz:
$out"
	fi
	git am -q --keep-cr "$TOP/patches/$p" || die "git am failed on $p"
done
echo "applied $n patches onto $BASE_TAG in $SRC"
