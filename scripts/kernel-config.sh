#!/bin/sh
# Configure the VM kernel in $KOUT: tinyconfig plus kernel/vm.config (and
# kernel/debug.config when DEBUG=1), then check every requested option stuck.
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$SRC" ] || die "no source tree at $SRC; run 'make apply' first"
mkdir -p "$KOUT"
frags="$TOP/kernel/vm.config"
[ "${DEBUG:-0}" = 1 ] && frags="$frags $TOP/kernel/debug.config"

make -s -C "$SRC" O="$KOUT" ARCH=x86_64 tinyconfig
# shellcheck disable=SC2086 # $frags is a list of paths
(cd "$KOUT" && "$SRC/scripts/kconfig/merge_config.sh" -m -O "$KOUT" \
	"$KOUT/.config" $frags)
make -s -C "$SRC" O="$KOUT" ARCH=x86_64 olddefconfig

missing=0
for f in $frags; do
	for opt in $(grep -o '^CONFIG_[A-Z0-9_]*=[^ ]*' "$f"); do
		grep -qx "$opt" "$KOUT/.config" || { echo "not set: $opt" >&2; missing=1; }
	done
done
[ "$missing" = 0 ] || die "kernel config lacks options from $frags"
