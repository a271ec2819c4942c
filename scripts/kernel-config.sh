#!/bin/sh
# Configure the VM kernel in $KOUT: tinyconfig plus kernel/vm.config (and
# kernel/debug.config when DEBUG=1), then check every requested option stuck.
# With KCONFIG_ALLOW_UNKNOWN=1 (scripts/check-bisect.sh, for commits before
# the one that adds an option) an option this tree's Kconfig does not know is
# only reported.
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
		grep -qx "$opt" "$KOUT/.config" && continue
		if [ "${KCONFIG_ALLOW_UNKNOWN:-0}" = 1 ] &&
			! grep -Eq "^(# )?${opt%%=*}[= ]" "$KOUT/.config"; then
			echo "not in this tree's Kconfig: $opt" >&2
			continue
		fi
		echo "not set: $opt" >&2
		missing=1
	done
done
[ "$missing" = 0 ] || die "kernel config lacks options from $frags"
