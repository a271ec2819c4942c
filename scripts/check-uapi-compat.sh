#!/bin/sh
# The uapi headers the series changes stay compatible with the base: after
# 'make headers_install' of both, each changed header is compiled as the
# kernel's scripts/check-uapi.sh does and compared with abidiff, and every
# change abidiff reports must be an addition (a new type, a member inserted
# past the end of a struct that grows, a new enumerator); no macro of the
# base's header may change its value. One verdict; details in
# $LOGS/uapi-compat.log.
#
# scripts/check-uapi.sh itself wants libabigail 2.4, and Debian 12 has 2.2,
# whose abidiff crashes on some of the ~960 headers it compares; this check
# runs 2.2 on the headers the series changes only, where it works.
set -eu
. "$(dirname "$0")/lib.sh"

log=$LOGS/uapi-compat.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$log"

headers=$(git -C "$SRC" diff --name-only "$BASE_TAG" HEAD -- \
	'include/uapi/*.h' 'arch/x86/include/uapi/*.h' | sed 's,.*/uapi/,,')
if [ -z "$headers" ]; then
	result PASS "uapi compatibility" "the series changes no uapi header"
	exit 0
fi

for t in base series; do
	tree=$BASE_TREE
	[ "$t" = base ] || tree=$SRC
	make -s -C "$tree" O="$tmp/o-$t" ARCH=x86_64 -j"$JOBS" headers_install \
		INSTALL_HDR_PATH="$tmp/$t" >>"$log" 2>&1 ||
		die "headers_install of the $t failed; see $log"
done

# compile TREE HEADER: the object scripts/check-uapi.sh compares
compile() {
	printf 'int f(void) { return 0; }\n' |
		gcc -shared -nostdlib -fPIC -o "$tmp/$1.so" -x c -O0 -std=c90 \
			-fno-eliminate-unused-debug-types -g -I"$tmp/$1/include" \
			-include "$tmp/$1/include/$2" -
}

# macros TREE HEADER: every macro the header defines, one "name value" a line
macros() {
	gcc -E -dM -x c -I"$tmp/$1/include" -include "$tmp/$1/include/$2" /dev/null |
		sed 's/^#define //' | sort
}

# Reads abidiff's report; prints every line that is not an addition.
not_additions() {
	awk '
	/^$/ || /changes summary: 0 Removed, 0 Changed/ { next }
	/^Unreachable types summary: 0 removed,/ { next }
	/ types? unreachable from any public interface:$/ { next }
	/^ *\[A\] / { next }
	/^ *\[C\] .* changed:$/ { old = -1; next }
	/^ *type size hasn.t changed$/ { next }
	/^ *type size changed from [0-9]+ to [0-9]+ \(in bits\)$/ {
		if ($7 + 0 > $5 + 0) { old = $5 + 0; next }
	}
	/^ *[0-9]+ (data member|enumerator) insertions?:$/ { next }
	/^ *.*, at offset [0-9]+ \(in bits\)/ {
		o = $0; sub(/.*, at offset /, "", o); sub(/ .*/, "", o)
		if (o + 0 >= old) next
	}
	/^ *.[A-Za-z0-9_]+. value .-?[0-9]+.$/ { next }
	{ print }
	'
}

bad=0
for h in $headers; do
	printf '== %s\n' "$h" >>"$log"
	if [ ! -f "$tmp/base/include/$h" ]; then
		echo "new header" >>"$log"
		continue
	fi
	compile base "$h"
	compile series "$h"
	abidiff --non-reachable-types "$tmp/base.so" "$tmp/series.so" >"$tmp/report" || true
	cat "$tmp/report" >>"$log"
	macros base "$h" >"$tmp/m-base"
	macros series "$h" >"$tmp/m-series"
	changed=$(comm -23 "$tmp/m-base" "$tmp/m-series")
	wrong=$(not_additions <"$tmp/report")
	if [ -n "$wrong$changed" ]; then
		bad=$((bad + 1))
		printf 'NOT AN ADDITION:\n%s\n' "$wrong" >>"$log"
		[ -z "$changed" ] || printf 'base macros changed or removed:\n%s\n' "$changed" >>"$log"
	fi
done

n=$(printf '%s\n' "$headers" | wc -l)
if [ "$bad" -gt 0 ]; then
	result FAIL "uapi compatibility" "$bad of $n changed uapi headers change more than additions; see $log"
else
	result PASS "uapi compatibility" "$n changed uapi headers: additions only, base macros unchanged"
fi
