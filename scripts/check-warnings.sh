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

KOUT=$wdir/series "$TOP/scripts/kernel-config.sh" >"$LOGS/warnings-config.log" 2>&1 ||
	die "configuring $wdir/series failed; see $LOGS/warnings-config.log"
mkdir -p "$wdir/base"
cp "$wdir/series/.config" "$wdir/base/.config"

# The objects: the C files the series adds or changes outside tools/ that
# their directory's Makefile lists on a line whose CONFIG_ options are all
# set. The others are #included by one of these (the KUnit suites) or not
# built by this configuration.
objs=
for f in $(git -C "$SRC" diff --name-only --diff-filter=AM "$BASE_TAG" HEAD -- '*.c' ':!tools/'); do
	o=$(basename "$f" .c).o
	line=$(cat "$SRC/$(dirname "$f")/Makefile" "$SRC/$(dirname "$f")/Kbuild" 2>/dev/null |
		grep -E "(^|[[:space:]=])$o([[:space:]]|\$)" | head -n 1)
	[ -n "$line" ] || continue
	for opt in $(printf '%s\n' "$line" | grep -o 'CONFIG_[A-Z0-9_]*' || true); do
		grep -qx "$opt=y" "$wdir/series/.config" || continue 2
	done
	objs="$objs ${f%.c}.o"
done
[ -n "$objs" ] || die "the series changes no C file that this configuration builds"

# The kernel's headers use __typeof_unqual__ under sparse (__CHECKER__),
# which Debian's sparse 0.6.4 cannot parse; it is sparse's plain typeof there.
sparse_flags=-D__typeof_unqual__=__typeof__

# kmake TREE ARGS...: make in build/warnings/TREE, the source of TREE
kmake() {
	_src=$SRC
	[ "$1" = base ] && _src=$BASE_TREE
	_out=$wdir/$1
	shift
	make -C "$_src" O="$_out" ARCH=x86_64 CC="ccache gcc" -j"$JOBS" "$@"
}

# normalize TREE: warning and error lines as "file: message", without the
# tree's path (as written absolute, real or relative to the build directory)
# and without line and column numbers; sorted, so comm(1) can subtract them.
normalize() {
	_tree=$SRC
	[ "$1" = base ] && _tree=$BASE_TREE
	sed -E -n -e "s#^($_tree|$(realpath "$_tree")|$(realpath --relative-to="$wdir/$1" "$_tree"))/##" \
		-e 's/^([^ :]+):[0-9]+(:[0-9]+)?: (warning|error): /\1: \3: /p' \
		-e 's/^Warning: ([^ :]+):[0-9]+ /\1: warning: /p' | sort
}

# is_exception "FILE: TYPE: MESSAGE": listed in kernel/sparse-exceptions
is_exception() {
	grep -v '^#' "$TOP/kernel/sparse-exceptions" | while IFS='|' read -r glob message _why; do
		glob=$(printf '%s' "$glob" | sed 's/[[:space:]]*$//')
		message=$(printf '%s' "$message" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		# shellcheck disable=SC2254 # the globs are patterns on purpose
		case ${1%%: *} in $glob) case ${1#*: } in $message) echo yes ;; esac ;; esac
	done | grep -q yes
}

for t in base series; do
	kmake "$t" -s olddefconfig
	built=
	for o in $objs; do
		[ "$t" = base ] && [ ! -f "$BASE_TREE/${o%.o}.c" ] && continue
		built="$built $o"
	done
	# rebuilt every time (from ccache), so that the warnings are printed
	# shellcheck disable=SC2086 # $built is a list of targets
	(cd "$wdir/$t" && rm -f $built)
	# shellcheck disable=SC2086
	kmake "$t" W=1 $built >"$LOGS/warnings-w1-$t.log" 2>&1 ||
		die "W=1 build of the $t failed; see $LOGS/warnings-w1-$t.log"
	# the objects are up to date: this runs sparse only
	# shellcheck disable=SC2086 # $built is a list of targets
	kmake "$t" W=1 C=2 CF="$sparse_flags" $built >"$LOGS/warnings-sparse-$t.log" 2>&1 ||
		die "sparse run on the $t failed; see $LOGS/warnings-sparse-$t.log"
	# shellcheck disable=SC2086 # one object a line
	[ "$t" = series ] && nobjs=$(printf '%s\n' $built | wc -l)
	for k in w1 sparse; do
		normalize "$t" <"$LOGS/warnings-$k-$t.log" >"$tmp/$k-$t"
	done
done

for k in w1 sparse; do
	name="W=1 warnings"
	[ "$k" = sparse ] && name="sparse warnings"
	comm -13 "$tmp/$k-base" "$tmp/$k-series" >"$tmp/new"
	: >"$LOGS/warnings-$k-new.log"
	known=0
	while IFS= read -r w; do
		if [ "$k" = sparse ] && is_exception "$w"; then
			known=$((known + 1))
		else
			printf '%s\n' "$w" >>"$LOGS/warnings-$k-new.log"
		fi
	done <"$tmp/new"
	why="$(wc -l <"$tmp/$k-series") in the series' $nobjs objects, $(wc -l <"$tmp/$k-base") on the base"
	[ "$known" = 0 ] || why="$why; $known new ones in kernel/sparse-exceptions"
	if [ -s "$LOGS/warnings-$k-new.log" ]; then
		result FAIL "$name" "$(wc -l <"$LOGS/warnings-$k-new.log") new ($why); see $LOGS/warnings-$k-new.log"
	else
		result PASS "$name" "none new ($why)"
	fi
done
