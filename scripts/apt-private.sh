#!/bin/sh
# Run apt-get/apt-cache against Debian trixie and trixie-backports through a
# private configuration under build/apt, leaving the system's sources alone.
# Usage: apt-private.sh apt-get|apt-cache ARGS...   (run 'update' first)
set -eu
. "$(dirname "$0")/lib.sh"

dir=$BUILD/apt
if [ ! -f "$dir/sources.list" ]; then
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	key=/usr/share/keyrings/debian-archive-keyring.gpg
	cat >"$dir/sources.list" <<EOS
deb [signed-by=$key] http://deb.debian.org/debian trixie-backports main
deb [signed-by=$key] http://deb.debian.org/debian trixie main
EOS
fi
tool=$1
shift
exec "$tool" -o Dir::Etc::SourceList="$dir/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$dir/lists" \
	-o Dir::Cache="$dir/cache" \
	-o Debug::NoLocking=1 \
	-o APT::Sandbox::User=root "$@"
