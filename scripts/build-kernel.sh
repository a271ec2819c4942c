#!/bin/sh
# Configure (scripts/kernel-config.sh) and build the VM kernel (bzImage) out of
# tree in $KOUT with ccache; incremental when $KOUT already holds a build.
set -eu
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/kernel-config.sh"
make -C "$SRC" O="$KOUT" ARCH=x86_64 CC="ccache gcc" -j"$JOBS" bzImage
