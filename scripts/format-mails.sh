#!/bin/sh
# Write the series in $SRC as mails to DIR, ready for 'git send-email
# --no-thread DIR/*': git format-patch with the version of
# submission/version (-v N from v2 on), --base=v7.3.4-debian, threaded under
# a cover letter from scripts/cover-letter.sh, sent from and signed off by
# the git identity of whoever runs it (none set: it stops). To: and Cc: of
# each patch come from the series' scripts/get_maintainer.pl: To: the
# maintainers of the files it touches, Cc: their reviewers and lists and
# the maintainers it matched by keyword only; the cover letter goes to all.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:?usage: format-mails.sh DIR}
require_identity
me=$(git_identity)
version=$(cat "$TOP/submission/version")
grep -qx "v$version" "$TOP/submission/changes" ||
	die "submission/changes has no section v$version: write what changed since the previous posting"

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
reroll=
[ "$version" = 1 ] || reroll="--reroll-count=$version"
cd "$SRC"
# shellcheck disable=SC2086 # $reroll is empty or one option
git format-patch -q -s --from --thread=shallow --cover-letter --base="$BASE_TAG" \
	$reroll -o "$out" "$BASE_TAG"..HEAD
echo "sender and sign-off: $me"

cover=$(ls "$out"/*0000-cover-letter.patch)
"$TOP/scripts/cover-letter.sh" >"$out/.cover"
awk -v text="$out/.cover" '
	/\*\*\* SUBJECT HERE \*\*\*/ { getline subject < text; sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline line < text) > 0) print line; next }
	{ print }' "$cover" >"$cover.new"
mv "$cover.new" "$cover"
rm "$out/.cover"

# recipients MAIL: "To ADDRESS" and "Cc ADDRESS" lines from get_maintainer.pl
recipients() {
	# stderr: it cannot look up the commits of Fixes: tags, the base has no history
	./scripts/get_maintainer.pl --no-git --no-git-fallback "$1" 2>/dev/null |
		awk '{
			addr = $0; sub(/ \(.*$/, "", addr)
			role = $0; sub(/^[^(]*\(/, "", role)
			if (role ~ /^(maintainer|supporter):/ && role !~ /:Keyword:/)
				print "To " addr
			else
				print "Cc " addr
		}'
}

# headers KIND FILE: a folded To: or Cc: header of the KIND lines of FILE
headers() {
	awk -v kind="$1" '
		$1 == kind { a = $0; sub(/^[^ ]+ /, "", a); if (!(a in seen)) { seen[a] = 1; l[++n] = a } }
		END { for (i = 1; i <= n; i++) printf "%s%s%s\n", i == 1 ? kind ": " : " ", l[i], i < n ? "," : "" }' "$2"
}

# add_headers MAIL LIST: insert To: and Cc: (less those in To:) at the end
# of the mail's header
add_headers() {
	awk '$1 == "To" { to[$0] = 1; print; next } !(("To " substr($0, 4)) in to) { print }' "$2" >"$2.dedup"
	headers To "$2.dedup" >"$2.hdr"
	headers Cc "$2.dedup" >>"$2.hdr"
	awk -v hdr="$2.hdr" '
		!done && /^$/ { while ((getline line < hdr) > 0) print line; done = 1 }
		{ print }' "$1" >"$1.new"
	mv "$1.new" "$1"
	rm "$2.dedup" "$2.hdr"
}

: >"$out/.all"
for m in "$out"/*.patch; do
	[ "$m" = "$cover" ] && continue
	recipients "$m" >"$out/.one"
	add_headers "$m" "$out/.one"
	cat "$out/.one" >>"$out/.all"
done
# the cover letter: maintainers of any patch in To:, everyone else in Cc:
sort -u "$out/.all" | sort -s -k1,1r >"$out/.one"
add_headers "$cover" "$out/.one"
rm "$out/.all" "$out/.one"
echo "wrote $(ls "$out"/*.patch | wc -l) mails to $out"
