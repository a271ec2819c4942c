#!/bin/sh
# Build perf from $SRC/tools/perf into $POUT. NO_RUST: the machine's rustc
# objects break the LLVM gold plugin that ar loads. BPF and the JSON event
# tables (a long compile) are not needed by the tests. Nor is libLLVM (perf
# then disassembles with objdump and finds source lines with libdw), whose
# loading at every start costs about 3 seconds under QEMU TCG: five times
# what the rest of a 'perf version' there costs, and the VM tests run perf
# thousands of times.
# Python is, for perf script -s and the perf python module: built against
# Debian's python3-dev through /usr/bin/python3, not whichever python3 comes
# first in PATH.
set -eu
. "$(dirname "$0")/lib.sh"

opts="NO_RUST=1 PYTHON=/usr/bin/python3 NO_LIBBPF=1 NO_JEVENTS=1 NO_LIBLLVM=1"
# Objects of a build with other options, e.g. one from before perf was
# built with Python, break the link of the perf python module: start afresh.
if [ "$(cat "$POUT/.build-options" 2>/dev/null)" != "$opts" ]; then
	rm -rf "$POUT"
fi
mkdir -p "$POUT"
echo "$opts" >"$POUT/.build-options"
# libperf's objects do not depend on tools/include/uapi/linux/perf_event.h in
# the base's makefiles: a stale libperf with an older struct perf_event_attr
# crashes perf. It is small; rebuild it every time.
rm -rf "$POUT/libperf"
# shellcheck disable=SC2086 # $opts is a list of make variables
make -C "$SRC/tools/perf" O="$POUT" $opts -j"$JOBS" CC="ccache gcc"
