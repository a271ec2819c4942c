#!/bin/sh
# Print the cover letter of posting NAME (submission/postings): its subject
# on the first line, then the text of submission/NAME.cover with its @NAME@
# lines replaced by what is true now: @TESTS@ the verdicts of the latest
# make check (build/check-results.txt, or $CHECK_RESULTS), @CHANGES@ the
# sections of submission/NAME.changes up to its version, @BASE@ what the
# mails apply to, @APPLY@ which of its patches apply to the files of the
# tree it goes to (submission/apply-verified).
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: cover-letter.sh NAME}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$(posting_field "$name" version)
tree=$(posting_field "$name" tree)
results=${CHECK_RESULTS:-$BUILD/check-results.txt}

tests() {
	if ! grep -Eq '^(PASS|FAIL|SKIP) ' "$results" 2>/dev/null; then
		echo "cover-letter: no make check verdicts in $results; run make check first" >&2
		echo "*** make check has not run on this tree: run it and regenerate ***"
		return
	fi
	p=$(grep -c '^PASS ' "$results" || true)
	f=$(grep -c '^FAIL ' "$results" || true)
	s=$(grep -c '^SKIP ' "$results" || true)
	echo "Tests of the whole series (all postings), $(date -u -r "$results" +%Y-%m-%d), in a QEMU"
	echo "TCG guest (-cpu max: AVX2, no AVX-512, APX, CET or PMU; KUnit covers PEBS,"
	echo "arch-PEBS and IBS on synthetic records) and on the host:"
	echo "$p passed, $f failed, $s skipped. Verdicts by kind:"
	echo
	awk '
		/^(PASS|FAIL|SKIP) / {
			k = $2; sub(/:$/, "", k)
			if (!(k in seen)) { seen[k] = 1; order[++n] = k }
			c[k, $1]++
		}
		END {
			printf "  %-22s %6s %6s %7s\n", "", "passed", "failed", "skipped"
			for (i = 1; i <= n; i++) {
				k = order[i]
				printf "  %-22s %6d %6d %7d\n", k, c[k, "PASS"], c[k, "FAIL"], c[k, "SKIP"]
			}
		}' "$results"
	[ "$s" = 0 ] && return
	echo
	echo "Skipped, by reason:"
	echo
	# reasons without the run label and the local log they point to
	grep '^SKIP ' "$results" | sed -n 's/.* # //p' |
		sed -E 's/ \[[^]]*\]$//; s/[;,]? see [^ ]*$//' |
		sort | uniq -c | sort -rn | awk '
			NR <= 12 { printf "  %3d %s\n", $1, substr($0, index($0, $2)) }
			NR > 12 { rest += $1 }
			END { if (rest) printf "  %3d other reasons\n", rest }'
}

changes() {
	# sections v2..v<version> of submission/NAME.changes, newest first
	[ -f "$TOP/submission/$name.changes" ] || return 0
	awk -v max="$version" '
		/^#/ { next }
		/^v[0-9]+$/ { v = substr($0, 2) + 0; next }
		v >= 2 && v <= max { text[v] = text[v] $0 "\n" }
		END {
			for (i = max; i >= 2; i--)
				printf "Changes in v%d:\n%s\n", i, text[i]
		}' "$TOP/submission/$name.changes"
}

base() {
	# shellcheck disable=SC1091 # kernel/base is data: PACKAGE, VERSION, SUITE
	. "$TOP/kernel/base"
	if posting_made "$name" | grep -q .; then
		_checked="as checked below"
		posting_applies "$name" || _checked="as far as checked below"
		cat <<EOT
For: $tree. The patches were made on upstream's files at the commits
named below, $_checked, whose blobs the index lines of the diffs name;
the posting needs none of the other postings of this work. The series
they come from was written and tested on Linux 7.3.4 as Debian ships it
in $PACKAGE $VERSION ($SUITE).
EOT
		return
	fi
	if posting_applies "$name"; then
		cat <<EOT
For: $tree, whose files the posting applies to as checked below; it
needs none of the other postings of this work. It was written on
Linux 7.3.4 as Debian ships it in $PACKAGE $VERSION
($SUITE), whose blobs the index lines of the diffs name.
EOT
		return
	fi
	cat <<EOT
For: $tree. The patches were written and tested on Linux 7.3.4 as Debian
ships it in $PACKAGE $VERSION ($SUITE), imported
from the package's tarball as one commit (tag $BASE_TAG), which has no
upstream history: the base-commit below names that import, and the
prerequisite-patch-id lines the patches of the other postings of this
work that come before these.
EOT
}

# apply_record: what submission/apply-verified says of this posting's
# patches (scripts/check-postings-apply.sh)
apply_record() {
	_rec=$TOP/submission/apply-verified
	if ! grep -q "^[^#]* | $name | " "$_rec" 2>/dev/null; then
		echo "Not checked against the files of $tree."
		return
	fi
	echo "Checked with git apply --check against the files of $tree at the"
	echo "commit named, as far as a stored copy of them was available:"
	echo
	grep "^[^#]* | $name | " "$_rec" | awk -F' [|] ' '{ printf "  %-8s %s (%s)\n", $4, $5, $3 }'
}

tests >"$tmp/TESTS"
changes >"$tmp/CHANGES"
base >"$tmp/BASE"
apply_record >"$tmp/APPLY"
grep -v '^#' "$TOP/submission/$name.cover" | awk -v dir="$tmp" '
	/^@[A-Z]+@$/ {
		f = dir "/" substr($0, 2, length($0) - 2)
		while ((getline line < f) > 0) print line
		close(f)
		next
	}
	{ print }' | cat -s
