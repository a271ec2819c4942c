#!/bin/sh
# Regenerate patches/ from the commits on top of $BASE_TAG in $SRC: one
# git-format-patch file per commit, and patches/series grouped by topic
# (kernel, selftests, perf tool) with comment lines.
set -eu
. "$(dirname "$0")/lib.sh"

cd "$SRC"
n=$(git rev-list --count "$BASE_TAG"..HEAD)
rm -f "$TOP"/patches/*.patch
git format-patch -q --zero-commit --no-signature -o "$TOP/patches" "$BASE_TAG"..HEAD

topic_of() {
	files=$(git show --format= --name-only "$1")
	if printf '%s\n' "$files" | grep -q '^tools/testing/'; then
		echo "Tests: kselftests"
	elif ! printf '%s\n' "$files" | grep -qv '^tools/'; then
		echo "perf tool"
	else
		echo "Kernel: uapi, core and x86"
	fi
}

{
	head -n 2 "$TOP/kernel/series-header"
	last=
	i=0
	for c in $(git rev-list --reverse "$BASE_TAG"..HEAD); do
		i=$((i + 1))
		t=$(topic_of "$c")
		[ "$t" = "$last" ] || printf '\n# %s\n' "$t"
		last=$t
		basename "$(ls "$TOP"/patches/"$(printf '%04d' "$i")"-*.patch)"
	done
} >"$TOP/patches/series"
echo "exported $n patches to patches/"
