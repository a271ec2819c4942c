#!/bin/sh
# Install the Debian packages the harness needs (from the system's own suites).
# Skips apt entirely when everything is present already.
set -eu

pkgs="abigail-tools bc bison ccache clang flex gcc git gnuplot-nox iproute2
iputils-ping libcap-dev libclang-rt-14-dev libdw-dev libelf-dev libnuma-dev
libslang2-dev libssl-dev libtraceevent-dev libunwind-dev libzstd-dev make
pkg-config python3 python3-dev python3-git python3-ply python3-setuptools
qemu-system-x86 quilt rsync sparse valgrind xz-utils zlib1g-dev"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get -q update
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get -q install -y --no-install-recommends $missing
