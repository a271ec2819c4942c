#!/bin/sh
# Build the kernel objects whose C files the series changes with W=1, then run
# sparse over them (C=2), for the bare base and for the series with the same
# configuration (the VM kernel's), in build/warnings/{base,series}. Record one
# verdict for W=1 and one for sparse: no warning of the series' build that the
# base's lacks. Warnings compare by file and message, without line numbers, so
# that text the series moves does not count; logs in $LOGS/warnings-*.log.
set -eu
. "$(dirname "$0")/lib.sh"

wdir=$BUILD/warnings
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The objects: C files the series adds or changes outside tools/ that the
# configuration builds (a file it does not build has no .o rule: skipped).
objs=$(git -C "$SRC" diff --name-only --diff-filter=AM "$BASE_TAG" HEAD -- '*.c' ':!tools/' |
	sed 's/\.c$/.o/')

KOUT=$wdir/series "$TOP/scripts/kernel-config.sh" >"$LOGS/warnings-config.log" 2>&1 ||
	die "configuring $wdir/series failed; see $LOGS/warnings-config.log"
mkdir -p "$wdir/base"
cp "$wdir/series/.config" "$wdir/base/.config"

# kmake TREE ARGS...: make in build/warnings/TREE, the source of TREE
kmake() {
	_src=$SRC
	[ "$1" = base ] && _src=$BASE_TREE
	_out=$wdir/$1
	shift
	make -C "$_src" O="$_out" ARCH=x86_64 CC="ccache gcc" -j"$JOBS" "$@"
}

# Warning and error lines as "file: message", the tree's path prefix and the
# line and column numbers removed; sorted, so comm(1) can subtract them.
normalize() {
	sed -E -n "s,^($BASE_TREE|$SRC)/,,; s,^\\.\\./,,
		s/^([^ :]+):[0-9]+(:[0-9]+)?: (warning|error): /\\1: \\3: /p
		s/^Warning: ([^ :]+):[0-9]+ /\\1: warning: /p" | sort
}

for t in base series; do
	kmake "$t" -s olddefconfig
	# -k: an object this configuration does not build has no rule
	log=$LOGS/warnings-w1-$t.log
	(cd "$wdir/$t" && rm -f $objs)
	# shellcheck disable=SC2086 # $objs is a list of targets
	kmake "$t" -k W=1 $objs >"$log" 2>&1 || true
	norule=$(sed -n "s/.*No rule to make target '\([^']*\)'.*/\1/p" "$log")
	built=
	for o in $objs; do
		if [ -f "$wdir/$t/$o" ]; then
			built="$built $o"
		elif ! printf '%s\n' "$norule" | grep -qxF "$o"; then
			die "$o did not build in the $t; see $log"
		fi
	done
	[ -n "$built" ] || die "the $t built none of$objs; see $log"
	# the objects are up to date: this runs sparse only
	# shellcheck disable=SC2086
	kmake "$t" W=1 C=2 $built >"$LOGS/warnings-sparse-$t.log" 2>&1 ||
		die "sparse run on the $t failed; see $LOGS/warnings-sparse-$t.log"
	[ "$t" = series ] && nobjs=$(echo $built | wc -w)
	for k in w1 sparse; do
		normalize <"$LOGS/warnings-$k-$t.log" >"$tmp/$k-$t"
	done
done

for k in w1 sparse; do
	name="W=1 warnings"
	[ "$k" = sparse ] && name="sparse warnings"
	new=$(comm -13 "$tmp/$k-base" "$tmp/$k-series")
	if [ -n "$new" ]; then
		printf '%s\n' "$new" >"$LOGS/warnings-$k-new.log"
		result FAIL "$name" "$(printf '%s\n' "$new" | wc -l) new in the series' $nobjs objects; see $LOGS/warnings-$k-new.log"
	else
		result PASS "$name" "none new in the series' $nobjs objects ($(wc -l <"$tmp/$k-series") there, as on the base)"
	fi
done
