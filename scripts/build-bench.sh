#!/bin/sh
# Build the programs of 'make bench' (bench/): simd-bench, which samples in
# the guest, and xsave-floor, which measures on the host, against the
# series' uapi headers, into $BUILD/bench/bin.
set -eu
. "$(dirname "$0")/lib.sh"

bin=$BUILD/bench/bin
make -C "$SRC" O="$KOUT" ARCH=x86_64 headers
mkdir -p "$bin"
for p in simd-bench xsave-floor; do
	gcc -O2 -Wall -Wextra -Werror -isystem "$KOUT/usr/include" \
		-o "$bin/$p" "$TOP/bench/$p.c"
done
