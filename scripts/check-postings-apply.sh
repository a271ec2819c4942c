#!/bin/sh
# Check that the patches of each posting that goes to mainline or tip
# apply to the files of the tree they go to: upstream's versions of the
# files they touch, fetched by hand into build/upstream/<commit>/<path>
# (build/upstream/MANIFEST: "<path> <commit> <chars> <sha256> [POSTINGS]"
# a line, see upstream_files in lib.sh and Documentation/submission.rst),
# put together as a scratch git tree for each posting.
# Each patch, as it is mailed (a posting made on its tree, submission/NAME/,
# is checked as made there), is checked with git apply --check on top of
# the patches of its posting before it; the hunks of a patch that changes a file the
# stored copy lacks (listed MISSING in the manifest) are checked without
# those files ("partly"). A patch that also changes a file not fetched at
# all keeps the verdict an earlier run recorded for its patch-id
# ("unchecked" if none) when the rest of it applies, and "fails" when not.
# The verdicts go to submission/apply-verified, "PATCH-ID | POSTING |
# COMMITS | VERDICT | SUBJECT", which the cover letters quote. Without
# build/upstream it records one SKIP and leaves the record as it is. One
# verdict per posting: PASS if every patch applies (or partly), SKIP if
# those that fail are all listed in submission/apply-expected ("POSTING |
# SUBJECT | WHY", the patches still to be rebased onto their tree and
# why) or if some are unchecked, FAIL otherwise. First, without
# build/upstream too, that each posting made on its tree still carries the
# series' patches of that posting (made_check).
# Env: POSTINGS  check only these of the four postings, when
#                build/upstream has the files of these only; the record
#                keeps the lines of the others
set -eu
. "$(dirname "$0")/lib.sh"

up=$BUILD/upstream
record=$TOP/submission/apply-verified
all_checked="perf-urgent x86-fpu perf-core-rfc perf-tools-fixes"
# shellcheck disable=SC2086,SC2116 # word splitting normalizes the list
checked=$(echo ${POSTINGS:-$all_checked})
for name in $checked; do
	case " $all_checked " in
	*" $name "*) ;;
	*) die "POSTINGS: $name is not one of the postings checked here ($all_checked)" ;;
	esac
done
# A posting made on the files of its tree (submission/NAME/, made by
# scripts/tree-posting.sh) must have been made from the series' patches of
# that posting as they are now (submission/NAME/series-ids), so that what
# make check tests is what is mailed; it carries each of them as the
# series has it (by patch-id) or rebased onto its tree under the same
# subject, which only the apply check below covers, and may add patches
# that only its tree needs. submission/NAME.rebased ("SERIES SUBJECT |
# SUBJECT THERE | WHY" a line) names a series patch that the tree takes
# under another subject, or ("-") not at all, and why.
made_check() {
	_what="posting made on its tree carries the series' patches ($1)"
	_now=$(posting_series_ids "$1") || die "cannot list the patch-ids of posting $1"
	if [ "$_now" != "$(cat "$TOP/submission/$1/series-ids" 2>/dev/null)" ]; then
		result FAIL "$_what" "the series' patches of $1 changed since submission/$1 was made: make it again (scripts/tree-posting.sh $1, then --export)"
		return
	fi
	_ids=$(posting_patch_ids "$1") || die "cannot read the patch-ids of submission/$1"
	_subjects=$(posting_made "$1" | while read -r _p; do patch_subject "$_p"; done)
	_n=$(printf '%s\n' "$_ids" | grep -c .)
	# the series' subjects, in the order of its patch-ids in $_now
	_series=$(git -C "$SRC" log --reverse --format=%s \
		"$(posting_field "$1" first)~1..$(posting_field "$1" last)")
	_kept=0 _r=0 _i=0 _out=0 _rebased='' _lost='' _left=''
	for _id in $_now; do
		_i=$((_i + 1))
		_s=$(printf '%s\n' "$_series" | sed -n "${_i}p")
		_there=$(rebased_as "$1" "$_s")
		if printf '%s\n' "$_ids" | grep -qxF "$_id"; then
			_kept=$((_kept + 1))
		elif [ "$_there" = - ]; then
			_out=$((_out + 1))
			_left="$_left${_left:+; }$_s"
		elif printf '%s\n' "$_subjects" | grep -qxF "${_there:-$_s}"; then
			_r=$((_r + 1))
			_rebased="$_rebased${_rebased:+; }$_s${_there:+ as \"$_there\"}"
		else
			_lost="$_lost${_lost:+; }$_s"
		fi
	done
	if [ -n "$_lost" ]; then
		result FAIL "$_what" "submission/$1 lacks: $_lost (make it again with scripts/tree-posting.sh $1)"
	else
		result PASS "$_what" "$_kept as the series has them, $_r rebased onto its tree${_rebased:+ ($_rebased)}, $_out left out${_left:+ ($_left; submission/$1.rebased says why)}, $((_n - _kept - _r)) for its tree only"
	fi
}

# rebased_as NAME SUBJECT: the subject the series patch SUBJECT has in
# posting NAME made on its tree, "-" if the posting leaves it out, nothing
# if it is the same (submission/NAME.rebased)
rebased_as() {
	[ -f "$TOP/submission/$1.rebased" ] || return 0
	awk -F' [|] ' -v s="$2" '!/^#/ && $1 == s { print $2; exit }' \
		"$TOP/submission/$1.rebased"
}
postings >"$BUILD/.postings-made" || die "cannot read submission/postings"
for name in $(cut -d'|' -f1 "$BUILD/.postings-made"); do
	posting_made "$name" | grep -q . || continue
	made_check "$name"
done

if [ ! -s "$up/MANIFEST" ]; then
	result SKIP "postings apply to their trees" "no upstream files in $up (fetched by hand, see Documentation/submission.rst); submission/apply-verified kept"
	exit 0
fi

tree=$BUILD/upstream-tree

# commits_of PATCH: the upstream commits of the stored files PATCH touches
# (upstream_files of the posting checked, in $files)
commits_of() {
	grep '^+++ b/' "$1" | sed 's|^+++ b/||' | while read -r f; do
		awk -v f="$f" '$1 == f { print substr($2, 1, 12) }' "$files"
	done | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# missing PATCH: the files PATCH changes (not creates) that the stored
# copy lacks, one a line
missing() {
	changed_files "$1" | while read -r f; do
		[ -f "$tree/$f" ] || echo "$f"
	done
}

# unfetched PATCH: the files PATCH changes that build/upstream/MANIFEST
# does not list at all: not fetched yet, which says nothing of upstream
# (a file the stored copy lacks is listed as MISSING; one that an earlier
# patch of the posting created is in the tree)
unfetched() {
	changed_files "$1" | while read -r f; do
		awk -v f="$f" '$1 == f { found = 1 } END { exit !found }' "$files" ||
			[ -f "$tree/$f" ] || echo "$f"
	done
}

expected=$TOP/submission/apply-expected

# verdict NAME: the verdict of posting NAME from its lines in $new
verdict() {
	awk -F' [|] ' -v name="$1" '
		NR == FNR { if ($0 !~ /^#/ && NF == 3) why[$1 "|" $2] = $3; next }
		$2 != name { next }
		{ n++ }
		$4 == "unchecked" { unchecked++ }
		$4 != "fails" { next }
		($2 "|" $5) in why { known = known sep $5 " (" why[$2 "|" $5] ")"; sep = "; "; next }
		{ bad = bad sep2 $5; sep2 = "; " }
		END {
			what = "postings apply to their trees (" name ")"
			if (bad != "") print "FAIL|" what "|does not apply: " bad
			else if (known != "") print "SKIP|" what "|to be rebased onto its tree: " known
			else if (unchecked) print "SKIP|" what "|" unchecked " of " n " patches unchecked: files not fetched"
			else print "PASS|" what "|" n " patches"
		}' "$expected" "$new"
}

new=$(mktemp)
files=$(mktemp)
trap 'rm -f "$new" "$new.ids" "$files"' EXIT
n=0
for name in $checked; do
	upstream_files "$name" >"$files" || die "cannot read build/upstream/MANIFEST"
	upstream_tree "$tree" "$name"
	pdir=$BUILD/.posting-patches
	posting_mailed_patches "$name" "$pdir"
	for p in "$pdir"/*.patch; do
		id=$(git patch-id --stable <"$p" | cut -d' ' -f1)
		subject=$(patch_subject "$p")
		n=$((n + 1))
		lacks=$(missing "$p")
		excl=$(printf '%s\n' "$lacks" | sed -n 's/^./--exclude=&/p')
		notyet=$(unfetched "$p" | paste -sd' ' -)
		# shellcheck disable=SC2086 # $excl is a list of options
		if git -C "$tree" apply --check $excl "$p" 2>/dev/null; then
			# shellcheck disable=SC2086
			git -C "$tree" apply $excl "$p"
			# On files not fetched, what an earlier run found stands
			old=$(awk -F' [|] ' -v id="$id" -v n="$name" '$1 == id && $2 == n' "$record")
			if [ -n "$notyet" ] && [ -n "$old" ]; then
				printf '%s\n' "$old" >>"$new"
				continue
			fi
			verdict="applies"
			why=$subject
			if [ -n "$notyet" ]; then
				verdict="unchecked"
				why="$subject; not fetched: $notyet"
			elif [ -n "$lacks" ]; then
				verdict="partly"
				why="$subject; no stored version for this tree: $(printf '%s' "$lacks" | tr '\n' ' ')"
			fi
		else
			verdict="fails"
			why=$subject
		fi
		printf '%s | %s | %s | %s | %s\n' "$id" "$name" "$(commits_of "$p")" "$verdict" "$why" >>"$new"
	done
done
# old_lines NAME: the lines of the record for the patches posting NAME
# has now (by patch-id), as an earlier run found them
old_lines() {
	posting_patch_ids "$1" >"$new.ids" || die "cannot list the patch-ids of posting $1"
	awk -F' [|] ' -v n="$1" 'NR == FNR { now[$0] = 1; next } $2 == n && ($1 in now)' \
		"$new.ids" "$record"
	rm -f "$new.ids"
}

# the record in posting order: the new lines of the postings checked, the
# old ones of the others
{
	sed -n '1,/^# ---/p' "$record"
	for name in $all_checked; do
		case " $checked " in
		*" $name "*) awk -F' [|] ' -v n="$name" '$2 == n' "$new" ;;
		*) old_lines "$name" ;;
		esac
	done
} >"$record.new"
mv "$record.new" "$record"
for name in $checked; do
	v=$(verdict "$name")
	result "${v%%|*}" "$(printf '%s' "$v" | cut -d'|' -f2)" "${v#*|*|}"
done
rm -rf "$pdir"
echo "$n patches checked against build/upstream; verdicts in submission/apply-verified"
