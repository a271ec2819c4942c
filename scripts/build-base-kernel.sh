#!/bin/sh
# Build the VM kernel from the bare base, for the perf test suite guard
# (scripts/perf-suite.sh): $BASE_TAG checked out in $SUITE_OUT/base/src,
# configured like the series' kernel (tinyconfig + kernel/vm.config, minus
# the options that only the series adds), built in $SUITE_OUT/base/kernel
# through the same ccache. src and kernel sit side by side like $SRC and
# $KOUT, so that ccache's relative paths match and every file the series
# does not change comes from the cache of the series' kernel build.
set -eu
. "$(dirname "$0")/lib.sh"

dir=${SUITE_OUT:-$BUILD/perf-suite}/base
src=$dir/src
kout=$dir/kernel
[ -d "$BASE_TREE/.git" ] || die "no base tree; run 'make base' first"

# A checkout of the base tag, kept while it is one and unchanged.
want=$(git -C "$BASE_TREE" rev-parse "$BASE_TAG^{commit}")
if [ "$(git -C "$src" rev-parse -q --verify HEAD 2>/dev/null)" != "$want" ] ||
	! git -C "$src" diff --quiet HEAD; then
	rm -rf "$src"
	mkdir -p "$dir"
	git -c advice.detachedHead=false clone -q --shared -b "$BASE_TAG" \
		"$BASE_TREE" "$src"
fi

# kernel/vm.config without the options whose symbol the base's Kconfig
# lacks (the series' KUnit test); every other option must stick.
mkdir -p "$kout"
frag=$kout/vm-base.config
git -C "$src" grep -h -E '^[[:space:]]*(menu)?config [A-Z0-9_]+' -- '*Kconfig*' |
	awk '{ print "CONFIG_" $2 }' |
	awk -F= 'NR == FNR { known[$1] = 1; next }
		/^CONFIG_/ && !($1 in known) { print "# not in the base: " $0 > "/dev/stderr"; next }
		{ print }' - "$TOP/kernel/vm.config" >"$frag"

make -s -C "$src" O="$kout" ARCH=x86_64 tinyconfig
(cd "$kout" && "$src/scripts/kconfig/merge_config.sh" -m -O "$kout" \
	"$kout/.config" "$frag")
make -s -C "$src" O="$kout" ARCH=x86_64 olddefconfig
missing=0
# shellcheck disable=SC2013 # one option a word
for opt in $(grep -o '^CONFIG_[A-Z0-9_]*=[^ ]*' "$frag"); do
	grep -qx "$opt" "$kout/.config" || { echo "not set: $opt" >&2; missing=1; }
done
[ "$missing" = 0 ] || die "base kernel config lacks options from $frag"

make -C "$src" O="$kout" ARCH=x86_64 CC="ccache gcc" -j"$JOBS" bzImage
