#!/bin/sh
# Regenerate patches/ from the commits on top of $BASE_TAG in $SRC: one
# git-format-patch file per commit, and patches/series grouped by the
# postings of submission/postings, with comment lines.
set -eu
. "$(dirname "$0")/lib.sh"

cd "$SRC"
n=$(git rev-list --count "$BASE_TAG"..HEAD)
rm -f "$TOP"/patches/*.patch
git format-patch -q --zero-commit --no-signature -o "$TOP/patches" "$BASE_TAG"..HEAD

# The series file groups the patches by the posting they leave as
# (submission/postings), each group headed by its name, tree and contents.
postings >"$BUILD/.groups"
{
	head -n 2 "$TOP/kernel/series-header"
	i=0
	for c in $(git rev-list --reverse "$BASE_TAG"..HEAD); do
		i=$((i + 1))
		awk -F'|' -v c="$c" '$2 == c {
			prefix = $4 == "-" ? "" : " [" $4 "]"
			printf "\n# %s: %s%s\n# %s\n", $1, $6, prefix, $7
		}' "$BUILD/.groups"
		basename "$(ls "$TOP"/patches/"$(printf '%04d' "$i")"-*.patch)"
	done
} >"$TOP/patches/series"
echo "exported $n patches to patches/"
