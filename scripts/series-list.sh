#!/bin/sh
# Print the patch file names of patches/series in order (comments and blank lines dropped).
set -eu
series=$(dirname "$0")/../patches/series
[ -f "$series" ] || exit 0
sed -e 's/#.*//' -e 's/[[:space:]].*//' "$series" | grep -v '^$' || true
