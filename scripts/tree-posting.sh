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
#                                  build/upstream lacks are the series'
#                                  before the posting, in a commit of
#                                  their own. It refuses
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

# add_series_files TREE PDIR: commit to TREE the version of each file the
# patches in PDIR change, and none of them creates, that TREE lacks (not
# fetched, or not in the stored copy) as the series has it before the
# posting: the base's, with the changes of the earlier postings. git am
# can then make them there, as on the series; the mails name those blobs
# for these files, and check-postings-apply.sh records such a patch as
# checked only partly.
add_series_files() {
	_before=$(posting_field "$name" first)~1
	awk '/^--- / { old = $2; next }
	     /^\+\+\+ b\// {
		f = substr($2, 3)
		if (old == "/dev/null") made[f] = 1
		else if (!(f in made)) print f
	     }' "$2"/*.patch | sort -u | while read -r _f; do
		[ ! -e "$1/$_f" ] || continue
		mkdir -p "$1/$(dirname "$_f")"
		git -C "$SRC" show "$_before:$_f" >"$1/$_f" ||
			die "$_f is neither in $BUILD/upstream nor in the series before $name"
		echo "$_f"
	done >"$BUILD/.series-files"
	if [ -s "$BUILD/.series-files" ]; then
		xargs git -C "$1" add <"$BUILD/.series-files"
		git -C "$1" -c user.name=series -c user.email=series@localhost \
			commit -q -m "files of the series before $name that build/upstream lacks" \
			-m "$(cat "$BUILD/.series-files")"
	fi
	rm -f "$BUILD/.series-files"
}

if [ -z "$export_" ]; then
	# commits made there and not exported yet would be lost
	[ ! -e "$tree" ] || [ "${FORCE:-}" = 1 ] ||
		die "$tree exists: export it ($0 --export $name) or set FORCE=1 to make it again"
	upstream_tree "$tree" "$name"
	pdir=$BUILD/.tree-posting
	posting_mailed_patches "$name" "$pdir" || die "cannot list the patches of posting $name"
	add_series_files "$tree" "$pdir"
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
# the patches start after the upstream files, and the series' for those
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
