#!/bin/sh
# Make a posting on the files of the tree it goes to, for a posting whose
# mails must apply there as they are (index lines naming that tree's blobs,
# patches that only that tree needs): submission/NAME/ then holds its mails
# as git format-patch wrote them there, which scripts/format-mails.sh sends
# instead of the series' commits. Needs the upstream files in build/upstream
# (Documentation/submission.rst).
#   tree-posting.sh NAME           make $BUILD/tree-NAME: a git tree of the
#                                  upstream files with the patches of
#                                  submission/NAME/ as commits (the first
#                                  time, the posting's patches of the
#                                  series); change and commit there. The
#                                  files its patches change that
#                                  build/upstream lacks are the base's,
#                                  in a commit of their own. It refuses
#                                  to replace an existing tree unless
#                                  FORCE=1
#   tree-posting.sh --export NAME  write the commits of $BUILD/tree-NAME to
#                                  submission/NAME/ with the posting's
#                                  prefix and version, with a cover letter
#                                  and threading if there are several, and
#                                  the patch-ids the series' patches of the
#                                  posting have then (series-ids)
set -eu
. "$(dirname "$0")/lib.sh"

export_=
if [ "${1:-}" = --export ]; then
	export_=1
	shift
fi
name=${1:?usage: tree-posting.sh [--export] NAME}
tree=$BUILD/tree-$name
made=$TOP/submission/$name
[ -s "$BUILD/upstream/MANIFEST" ] || die "no upstream files in $BUILD/upstream (see Documentation/submission.rst)"

# add_base_files TREE PDIR: commit to TREE the base's version of each file
# the patches in PDIR change, and none of them creates, that TREE lacks (not
# fetched, or not in the stored copy), so that git am can make them there.
# Their mails then name the base's blobs for these files, and
# check-postings-apply.sh records such a patch as checked only partly, or
# not at all if the file was not fetched. A file the base lacks too (one
# the series adds before the posting) is left out, and named: a patch that
# changes it does not apply, which is the point where the posting needs a
# form of its own for that tree.
add_base_files() {
	_list=$BUILD/.base-files-$name
	changed_files "$2"/*.patch >"$_list.all"
	: >"$_list"
	while read -r _f; do
		[ ! -e "$1/$_f" ] || continue
		if ! git -C "$BASE_TREE" cat-file -e "$BASE_TAG:$_f" 2>/dev/null; then
			echo "$_f: neither in $BUILD/upstream nor in the base; the patches that change it will not apply" >&2
			continue
		fi
		mkdir -p "$1/$(dirname "$_f")"
		git -C "$BASE_TREE" show "$BASE_TAG:$_f" >"$1/$_f"
		echo "$_f" >>"$_list"
	done <"$_list.all"
	if [ -s "$_list" ]; then
		xargs git -C "$1" add <"$_list"
		git -C "$1" -c user.name=base -c user.email=base@localhost \
			commit -q -m "files of $BASE_TAG that build/upstream lacks" \
			-m "$(cat "$_list")"
	fi
	rm -f "$_list" "$_list.all"
}

if [ -z "$export_" ]; then
	# commits made there and not exported yet would be lost
	[ ! -e "$tree" ] || [ "${FORCE:-}" = 1 ] ||
		die "$tree exists: export it ($0 --export $name) or set FORCE=1 to make it again"
	upstream_tree "$tree" "$name"
	pdir=$BUILD/.tree-posting
	posting_mailed_patches "$name" "$pdir" || die "cannot list the patches of posting $name"
	add_base_files "$tree" "$pdir"
	git -C "$tree" tag posting-base
	git -C "$tree" am -q "$pdir"/*.patch ||
		die "the patches of posting $name do not apply to the upstream files; see git -C $tree am --show-current-patch"
	rm -rf "$pdir"
	echo "$tree: the upstream files, the patches of $name on top; commit there, then: $0 --export $name"
	exit 0
fi

[ -d "$tree/.git" ] || die "no $tree; run $0 $name first"
prefix=$(posting_field "$name" prefix)
version=$(posting_field "$name" version)
# the patches start after the upstream files, and the base's for those
# build/upstream lacks (trees made before that commit existed: the root)
root=$(git -C "$tree" rev-parse -q --verify posting-base ||
	git -C "$tree" rev-list --max-parents=0 HEAD)
count=$(git -C "$tree" rev-list --count "$root..HEAD")
[ "$count" -gt 0 ] || die "$tree has no commits on the upstream files"
opts="--no-thread --no-cover-letter"
[ "$count" = 1 ] || opts="--thread=shallow --cover-letter"
reroll=
[ "$version" = 1 ] || reroll="--reroll-count=$version"
new=$BUILD/.tree-posting-$name
rm -rf "$new"
# shellcheck disable=SC2086 # $opts and $reroll are lists of options
git -C "$tree" format-patch -q $opts $reroll --subject-prefix="$prefix" \
	-o "$new" "$root..HEAD"
# what the series had when the posting was made: check-postings-apply.sh
# asks for the posting to be made again once the series' patches change
posting_series_ids "$name" >"$new/series-ids" ||
	die "cannot list the patch-ids of posting $name in $SRC"
rm -rf "$made"
mv "$new" "$made"
echo "wrote $count patches of $name to submission/$name"
