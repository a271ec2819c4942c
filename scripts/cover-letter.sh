#!/bin/sh
# Print the cover letter of the series: its subject on the first line, then
# the text of submission/cover-letter with its @NAME@ lines replaced by what
# is true now: @TESTS@ the verdicts of the latest make check
# (build/check-results.txt, or $CHECK_RESULTS), @CHANGES@ the sections of
# submission/changes up to this version, @BASE@ what the base-commit of the
# mails is.
set -eu
. "$(dirname "$0")/lib.sh"

version=$(cat "$TOP/submission/version")
results=${CHECK_RESULTS:-$BUILD/check-results.txt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tests() {
	if ! grep -Eq '^(PASS|FAIL|SKIP) ' "$results" 2>/dev/null; then
		echo "cover-letter: no make check verdicts in $results; run make check first" >&2
		echo "*** make check has not run on this tree: run it and regenerate ***"
		return
	fi
	p=$(grep -c '^PASS ' "$results" || true)
	f=$(grep -c '^FAIL ' "$results" || true)
	s=$(grep -c '^SKIP ' "$results" || true)
	echo "make check of the harness the series is developed in, $(date -u -r "$results" +%Y-%m-%d):"
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
	# sections v2..v<version>, newest first
	awk -v max="$version" '
		/^#/ { next }
		/^v[0-9]+$/ { v = substr($0, 2) + 0; next }
		v >= 2 && v <= max { text[v] = text[v] $0 "\n" }
		END {
			for (i = max; i >= 2; i--)
				printf "Changes in v%d:\n%s\n", i, text[i]
		}' "$TOP/submission/changes"
}

base() {
	# shellcheck disable=SC1091 # kernel/base is data: PACKAGE, VERSION, SUITE
	. "$TOP/kernel/base"
	cat <<EOT
Base: Linux 7.3.4 as Debian ships it in $PACKAGE
$VERSION ($SUITE), imported from the package's tarball as
one commit (tag $BASE_TAG). That import has no upstream history: the
base-commit below names it, not a commit of any public tree. The series
was developed and tested on that tree; upstream it is meant for the tip
tree's perf/core branch.
EOT
}

tests >"$tmp/TESTS"
changes >"$tmp/CHANGES"
base >"$tmp/BASE"
grep -v '^#' "$TOP/submission/cover-letter" | awk -v dir="$tmp" '
	/^@[A-Z]+@$/ {
		f = dir "/" substr($0, 2, length($0) - 2)
		while ((getline line < f) > 0) print line
		close(f)
		next
	}
	{ print }' | cat -s
