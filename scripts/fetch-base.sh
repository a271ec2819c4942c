#!/bin/sh
# Fetch the pinned base (kernel/base) through the private apt configuration,
# verify its checksums, and turn it into the git repo $BASE_TREE tagged $BASE_TAG.
# If the pinned version is no longer served, take the newest 7.3.x, say so
# loudly and record it in build/base-version.
set -eu
. "$(dirname "$0")/lib.sh"
. "$TOP/kernel/base"

if git -C "$BASE_TREE" rev-parse -q --verify "$BASE_TAG" >/dev/null 2>&1; then
	echo "base already at $BASE_TREE ($(cat "$BUILD/base-version"))"
	exit 0
fi

apt=$TOP/scripts/apt-private.sh
"$apt" apt-get -q update
served=$("$apt" apt-cache madison "$PACKAGE" | awk '{print $3}' | sort -V | tail -n 1)
[ -n "$served" ] || die "$PACKAGE is not served by trixie/trixie-backports"
want=$VERSION
if ! "$apt" apt-cache madison "$PACKAGE" | awk '{print $3}' | grep -qxF "$VERSION"; then
	echo "WARNING: $PACKAGE $VERSION is no longer served; using $served instead." >&2
	echo "WARNING: checksums in kernel/base do not apply; update kernel/base." >&2
	want=$served
fi

dl=$BUILD/dl
rm -rf "$dl"
mkdir -p "$dl"
(cd "$dl" && "$TOP/scripts/apt-private.sh" apt-get -q download "$PACKAGE=$want")
deb=$(ls "$dl"/*.deb)
tarball=$dl/$PACKAGE.tar.xz
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$PACKAGE.tar.xz" >"$tarball"
if [ "$want" = "$VERSION" ]; then
	echo "$DEB_SHA256  $deb" | sha256sum -c --quiet ||
		die "checksum mismatch for $deb"
	echo "$TARBALL_SHA256  $tarball" | sha256sum -c --quiet ||
		die "checksum mismatch for $tarball"
fi

rm -rf "${BASE_TREE:?}" "${BUILD:?}/$PACKAGE"
tar -xJf "$tarball" -C "$BUILD"
mv "$BUILD/$PACKAGE" "$BASE_TREE"
rm -rf "$dl"
cd "$BASE_TREE"
git init -q -b base
git config gc.auto 0
# -f: Debian's .gitignore ignores every top-level entry; track the tarball as is.
git add -f -A .
git -c user.name=base -c user.email=base@localhost commit -q \
	-m "Linux $want (Debian $PACKAGE)"
git tag "$BASE_TAG"
echo "$PACKAGE $want" >"$BUILD/base-version"
echo "base: $PACKAGE $want at $BASE_TREE"
