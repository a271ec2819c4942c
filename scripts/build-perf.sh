#!/bin/sh
# Build perf from $SRC/tools/perf into $POUT. NO_RUST: the machine's rustc
# objects break the LLVM gold plugin that ar loads. Python, BPF and the JSON
# event tables (a long compile) are not needed by the tests.
set -eu
. "$(dirname "$0")/lib.sh"

mkdir -p "$POUT"
make -C "$SRC/tools/perf" O="$POUT" NO_RUST=1 NO_LIBPYTHON=1 NO_LIBBPF=1 \
	NO_JEVENTS=1 -j"$JOBS" CC="ccache gcc"
