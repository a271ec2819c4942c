#!/bin/sh
# Build a tinyconfig kernel with perf events for other architectures than
# the VM's, from $SRC: the series changes generic perf code that every
# architecture with perf registers builds, and the x86-32 paths of
# arch/x86/kernel/perf_regs.c, which the x86_64 VM kernel does not build. One verdict per architecture; the log of each is in $LOGS.
# Usage: cross-build.sh [ARCH...]   (default: every one listed below)
set -eu
. "$(dirname "$0")/lib.sh"

# name, kernel ARCH, compiler prefix ('-': the host's gcc) and package
targets="
i386 i386 - gcc
arm64 arm64 aarch64-linux-gnu- gcc-aarch64-linux-gnu
arm arm arm-linux-gnueabi- gcc-arm-linux-gnueabi
riscv riscv riscv64-linux-gnu- gcc-riscv64-linux-gnu
mips mips mips-linux-gnu- gcc-mips-linux-gnu
parisc parisc hppa-linux-gnu- gcc-hppa-linux-gnu
"

# build_arch KARCH PREFIX OUT: tinyconfig + PERF_EVENTS, then vmlinux. Runs
# as an 'if' condition, where set -e does not act: every step says || return.
build_arch() {
	_config=$3/.config
	set -- -C "$SRC" O="$3" ARCH="$1" CROSS_COMPILE="$2" CC="ccache ${2}gcc"
	make "$@" tinyconfig || return 1
	"$SRC/scripts/config" --file "$_config" -e PERF_EVENTS || return 1
	make "$@" olddefconfig || return 1
	for _opt in CONFIG_PERF_EVENTS CONFIG_HAVE_PERF_REGS; do
		grep -qx "$_opt=y" "$_config" || { echo "$_opt is not set"; return 1; }
	done
	make "$@" -j"$JOBS" vmlinux
}

want=${*:-$(printf '%s\n' "$targets" | awk 'NF { print $1 }')}

# Install the compilers that are missing, from the system's own suites
missing=
for name in $want; do
	pkg=$(printf '%s\n' "$targets" | awk -v n="$name" '$1 == n { print $4 }')
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $pkg"
done
if [ -n "$missing" ]; then
	echo "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get -q update >/dev/null
	# shellcheck disable=SC2086 # word splitting of the package list is intended
	apt-get -q install -y --no-install-recommends $missing >/dev/null || true
fi

failed=0
for name in $want; do
	line=$(printf '%s\n' "$targets" | awk -v n="$name" '$1 == n')
	[ -n "$line" ] || die "unknown architecture $name"
	# shellcheck disable=SC2086 # split the table line into its fields
	set -- $line
	prefix=${3#-}
	if ! command -v "${prefix}gcc" >/dev/null 2>&1; then
		result SKIP "cross-build $name" "no ${prefix}gcc: install $4"
		continue
	fi
	if run_logged "cross-build-$name" build_arch "$2" "$prefix" "$BUILD/cross/$name"; then
		result PASS "cross-build $name"
	else
		result FAIL "cross-build $name" "see $LOGS/cross-build-$name.log"
		failed=1
	fi
done
exit "$failed"
