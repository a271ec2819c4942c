#!/bin/sh
# Build perf from $SRC/tools/perf into $POUT. NO_RUST: the machine's rustc
# objects break the LLVM gold plugin that ar loads. Python, BPF and the JSON
# event tables (a long compile) are not needed by the tests.
set -eu
. "$(dirname "$0")/lib.sh"

mkdir -p "$POUT"
# libperf's objects do not depend on tools/include/uapi/linux/perf_event.h in
# the base's makefiles: a stale libperf with an older struct perf_event_attr
# crashes perf. It is small; rebuild it every time.
rm -rf "$POUT/libperf"
make -C "$SRC/tools/perf" O="$POUT" NO_RUST=1 NO_LIBPYTHON=1 NO_LIBBPF=1 \
	NO_JEVENTS=1 -j"$JOBS" CC="ccache gcc"
