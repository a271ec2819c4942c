#!/bin/sh
# kernel-doc on every C file whose kernel-doc the series adds or changes: the
# series' scripts/kernel-doc -none -Wall must report nothing there that it does
# not report on the base's version of the file. A file's kernel-doc counts as
# changed when its -rst rendering differs between the base and the series.
# One verdict; the findings are in $LOGS/kernel-doc.log.
set -eu
. "$(dirname "$0")/lib.sh"

kdoc=$SRC/scripts/kernel-doc
log=$LOGS/kernel-doc.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# kdoc_of REF FILE MODE...: scripts/kernel-doc MODE... on FILE as of REF,
# run where the path in its messages is FILE; nothing for a file REF lacks.
kdoc_of() {
	_dir=$tmp/$1
	_file=$2
	mkdir -p "$_dir/$(dirname "$_file")"
	git -C "$SRC" show "$1:$_file" >"$_dir/$_file" 2>/dev/null || return 0
	shift 2
	(cd "$_dir" && PYTHONDONTWRITEBYTECODE=1 "$kdoc" "$@" "$_file" 2>&1)
}

# Messages without line numbers, so that moved text compares equal.
normalize() {
	sed -E 's/([^ :]+):[0-9]+(:[0-9]+)?/\1/g; s/ line [0-9]+/ line/g' | sort
}

: >"$log"
files=0
new=0
for f in $(git -C "$SRC" diff --name-only --diff-filter=AM "$BASE_TAG" HEAD -- '*.c' '*.h'); do
	# a file with no "/**" in either version has no kernel-doc
	git -C "$SRC" grep -q -F '/**' "$BASE_TAG" HEAD -- "$f" || continue
	[ "$(kdoc_of "$BASE_TAG" "$f" -rst | grep -v '^$' || true)" != \
		"$(kdoc_of HEAD "$f" -rst | grep -v '^$' || true)" ] || continue
	files=$((files + 1))
	kdoc_of "$BASE_TAG" "$f" -none -Wall | normalize >"$tmp/before"
	kdoc_of HEAD "$f" -none -Wall >"$tmp/after.raw"
	normalize <"$tmp/after.raw" >"$tmp/after"
	added=$(comm -13 "$tmp/before" "$tmp/after")
	printf '== %s: %s findings, %s on the base\n' "$f" \
		"$(wc -l <"$tmp/after")" "$(wc -l <"$tmp/before")" >>"$log"
	cat "$tmp/after.raw" >>"$log"
	[ -n "$added" ] || continue
	new=$((new + $(printf '%s\n' "$added" | wc -l)))
	printf 'new in the series:\n%s\n' "$added" >>"$log"
done

if [ "$new" -gt 0 ]; then
	result FAIL "kernel-doc" "$new new findings in the $files files whose kernel-doc the series changes; see $log"
else
	result PASS "kernel-doc" "-none -Wall: no new findings in the $files files whose kernel-doc the series changes"
fi
