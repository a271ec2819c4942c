#!/bin/sh
# Build and install the perf_events kselftests against the series' uapi headers
# into $STOUT/install (run there by run_kselftest.sh in the guest), and the
# reliability programs of selftests/reliability into $STOUT/reliability.
# Env: KSELFTESTS_ONLY=1 leaves out the reliability programs, which are this
#      repository's and use the fields of the whole series (check-bisect.sh
#      builds the kselftests of each patch alone)
set -eu
. "$(dirname "$0")/lib.sh"

make -C "$SRC" O="$KOUT" ARCH=x86_64 headers
rm -rf "$STOUT"
make -C "$SRC/tools/testing/selftests" TARGETS=perf_events \
	KHDR_INCLUDES="-isystem $KOUT/usr/include" O="$STOUT/build" \
	INSTALL_PATH="$STOUT/install" install
[ "${KSELFTESTS_ONLY:-0}" = 1 ] ||
	make -C "$TOP/selftests/reliability" KHDR="$KOUT/usr/include" O="$STOUT/reliability"
