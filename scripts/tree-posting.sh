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
#                                  series); change and commit there. It
#                                  refuses to replace an existing tree
#                                  unless FORCE=1
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

if [ -z "$export_" ]; then
	# commits made there and not exported yet would be lost
	[ ! -e "$tree" ] || [ "${FORCE:-}" = 1 ] ||
		die "$tree exists: export it ($0 --export $name) or set FORCE=1 to make it again"
	upstream_tree "$tree"
	pdir=$BUILD/.tree-posting
	posting_mailed_patches "$name" "$pdir" || die "cannot list the patches of posting $name"
	git -C "$tree" am -q "$pdir"/*.patch ||
		die "the patches of posting $name do not apply to the upstream files; see git -C $tree am --show-current-patch"
	rm -rf "$pdir"
	echo "$tree: the upstream files, the patches of $name on top; commit there, then: $0 --export $name"
	exit 0
fi

[ -d "$tree/.git" ] || die "no $tree; run $0 $name first"
prefix=$(posting_field "$name" prefix)
version=$(posting_field "$name" version)
root=$(git -C "$tree" rev-list --max-parents=0 HEAD)
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
