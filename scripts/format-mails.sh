#!/bin/sh
# Write posting NAME of submission/postings as mails to DIR, ready for
# 'git send-email --no-thread --suppress-cc=bodycc DIR/*': git
# format-patch of its patches in $SRC (or, for a posting made on its
# tree, the mails of submission/NAME/ that scripts/tree-posting.sh wrote
# there) with its subject prefix and
# version, threaded under its cover letter
# (scripts/cover-letter.sh NAME; a posting of one patch has no cover
# letter, its text goes below the patch's "---" line instead, as tip's
# maintainers ask), based on v7.3.4-debian with the patches of the
# postings before it as prerequisites, unless submission/apply-verified
# shows all its patches applying to its tree (then it names no base: it
# needs neither), sent from and signed off by
# the git identity of whoever runs it (none set: it stops), who is also
# their author (git format-patch's in-body From: of the commits' author
# is dropped). The sign-off
# goes where tip's tag order puts it: after the tags of the changelog,
# before its Cc: and Link: tags. To: and Cc: of each patch come from the
# series' scripts/get_maintainer.pl: To: the maintainers of the files it
# touches (for a patch of files no maintainer covers, those of the rest of
# the posting), Cc: their reviewers and lists and the maintainers it
# matched by keyword only, and the Cc: tags of its changelog but stable's
# (body_ccs); the cover letter goes to all of them.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:?usage: format-mails.sh DIR NAME}
name=${2:?usage: format-mails.sh DIR NAME}
require_identity
me=$(git_identity)
first=$(posting_field "$name" first)
last=$(posting_field "$name" last)
prefix=$(posting_field "$name" prefix)
version=$(posting_field "$name" version)
[ "$prefix" != - ] || die "posting $name is not posted (its prefix is -)"

# A posting that applies to its tree as it is needs neither the base
# import nor the other postings
base_opt=--base=$BASE_TAG
if posting_applies "$name"; then
	base_opt=
fi

mkdir -p "$out"
rm -f "$out"/*.patch
out=$(cd "$out" && pwd)
reroll=
[ "$version" = 1 ] || reroll="--reroll-count=$version"
made=$(posting_made "$name")
cd "$SRC"
single=
if [ -n "$made" ]; then
	[ "$(printf '%s\n' "$made" | wc -l)" != 1 ] || single=1
else
	[ "$(git rev-list --count "$first~1..$last")" != 1 ] || single=1
fi
cover_opts="--thread=shallow --cover-letter"
[ -z "$single" ] || cover_opts="--no-thread --no-cover-letter"

# set_sender MAIL: make the sender the From: of a mail made on the tree
set_sender() {
	awk -v me="$me" '
		!inbody && /^From: / { print "From: " me; skip = 1; next }
		skip && /^[ \t]/ { next }
		{ skip = 0 }
		!inbody && /^$/ { inbody = 1 }
		{ print }' "$1" >"$1.new"
	mv "$1.new" "$1"
}

if [ -n "$made" ]; then
	# made on the files of its tree (scripts/tree-posting.sh), numbered and
	# threaded there: the prefix and version must still be the posting's
	tag=$prefix
	[ "$version" = 1 ] || tag="$prefix v$version"
	for m in "$TOP/submission/$name"/*.patch; do
		grep -q "^Subject: \[${tag}[] ]" "$m" ||
			die "$m is not [$tag ...]: make the posting again (scripts/tree-posting.sh $name)"
		cp "$m" "$out/"
		set_sender "$out/${m##*/}"
	done
else
	# shellcheck disable=SC2086 # $reroll, $cover_opts, $base_opt: lists of options
	git format-patch -q --from="$me" $cover_opts $base_opt \
		--subject-prefix="$prefix" $reroll -o "$out" "$first~1..$last"
fi
echo "posting $name: sender and sign-off: $me"

# sign_off MAIL: make the sender the author (drop the in-body From: line)
# and add their Signed-off-by to the changelog, unless it has it: into its
# closing block of tags, before the first Cc: or Link: of them (or after
# them all), else as a block of its own
sign_off() {
	awk -v sob="Signed-off-by: $me" '
		function flush(i, start, tags, put, first) {
			start = n
			while (start > 0 && body[start] != "")
				start--
			tags = start < n
			for (i = start + 1; i <= n; i++)
				if (body[i] !~ /^[A-Za-z-]+: /)
					tags = 0
			for (i = 1; i <= n; i++)
				if (body[i] == sob)
					put = 1
			first = 1
			if (body[1] ~ /^From: / && body[2] == "")
				first = 3
			for (i = first; i <= n; i++) {
				if (tags && !put && i > start && body[i] ~ /^(Cc|Link): /) {
					print sob
					put = 1
				}
				print body[i]
			}
			if (!put) {
				if (!tags)
					print ""
				print sob
			}
		}
		!inbody && /^$/ { inbody = 1; print; next }
		inbody && !done && /^---$/ { flush(); done = 1; print; next }
		inbody && !done { body[++n] = $0; next }
		{ print }
		END { if (!done) { print "no --- line in " FILENAME > "/dev/stderr"; exit 1 } }' "$1" >"$1.new"
	mv "$1.new" "$1"
}

"$TOP/scripts/cover-letter.sh" "$name" >"$out/.cover"
if [ -n "$single" ]; then
	# the text without its subject line, below the "---" of the patch
	cover=
	m=$(ls "$out"/*.patch)
	awk -v text="$out/.cover" '
		!done && /^---$/ {
			print; getline line < text
			while ((getline line < text) > 0) print line
			if (line != "") print ""
			done = 1; next
		}
		{ print }' "$m" >"$m.new"
	mv "$m.new" "$m"
else
	cover=$(ls "$out"/*0000-cover-letter.patch)
	awk -v text="$out/.cover" '
		/\*\*\* SUBJECT HERE \*\*\*/ { getline subject < text; sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline line < text) > 0) print line; next }
		{ print }' "$cover" >"$cover.new"
	mv "$cover.new" "$cover"
fi
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

# body_ccs MAIL: "Cc ADDRESS" lines of the Cc: tags of its changelog but
# stable's: the tag is what asks for a backport, and tip's maintainers
# (maintainer-tip.rst) ask that stable not be Cc'd on the mail itself.
# The mails carry these addresses in their headers and are sent with
# --suppress-cc=bodycc.
body_ccs() {
	sed -n '/^$/,/^---$/s/^Cc: /Cc /p' "$1" | grep -v '^Cc stable@vger\.kernel\.org\([ #]\|$\)' || :
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
	recipients "$m" >"$m.rcpt"
	[ -s "$m.rcpt" ] || die "get_maintainer.pl found no recipient for $m"
	body_ccs "$m" >>"$m.rcpt"
	cat "$m.rcpt" >>"$out/.all"
done
# A patch that no maintainer covers (the header copies under tools/include)
# goes to the maintainers of the rest of the posting
for m in "$out"/*.patch; do
	[ "$m" = "$cover" ] && continue
	sign_off "$m"
	grep -q '^To ' "$m.rcpt" || awk '$1 == "To" && !seen[$0]++' "$out/.all" >>"$m.rcpt"
	add_headers "$m" "$m.rcpt"
	rm "$m.rcpt"
done
# the cover letter: maintainers of any patch in To:, everyone else in Cc:
if [ -n "$cover" ]; then
	sort -u "$out/.all" | sort -s -k1,1r >"$out/.one"
	add_headers "$cover" "$out/.one"
fi
rm -f "$out/.all" "$out/.one"
echo "wrote $(ls "$out"/*.patch | wc -l) mails to $out"
