# shellcheck shell=sh
# Settings shared by the scripts in this folder: where things live under build/,
# the build knobs, and the step/log helpers. Sourced, never run.

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE_TREE=$BUILD/base           # pristine base, a git repo tagged $BASE_TAG
BASE_TAG=v7.3.4-debian
SRC=${SRC:-$BUILD/src}          # base + series, one git commit per patch
KOUT=${KOUT:-$BUILD/kernel}     # kernel build output (O=)
POUT=${POUT:-$BUILD/perf}       # perf build output
STOUT=${STOUT:-$BUILD/selftests} # kselftest build output
LOGS=$BUILD/logs
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR="${CCACHE_DIR:-$BUILD/ccache}"
export CCACHE_BASEDIR="$BUILD"
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
# Depend mode: a miss costs the compile alone, where the default mode runs
# the preprocessor first to hash its output. 24 kernel objects with an empty
# cache here: 19.6 s with gcc, 31.9 s with ccache's default mode, 22.0 s in
# depend mode (the averages of two runs); CI builds two kernels from an
# empty cache. The kernel and perf builds pass -MD, which depend mode needs.
export CCACHE_DEPEND=1
export KBUILD_BUILD_TIMESTAMP="@0"
export KBUILD_BUILD_USER=vm KBUILD_BUILD_HOST=vm

mkdir -p "$LOGS"

# run_logged NAME CMD...: run CMD with its output in $LOGS/NAME.log; on failure
# name the step and show the log's tail.
run_logged() {
	_name=$1
	shift
	_log=$LOGS/$_name.log
	_t0=$(date +%s)
	printf '[%s] %s ...\n' "$(date +%T)" "$_name"
	if "$@" >"$_log" 2>&1; then
		printf '[%s] %s done in %ss\n' "$(date +%T)" "$_name" $(($(date +%s) - _t0))
		return 0
	fi
	printf '[%s] %s FAILED after %ss; last lines of %s:\n' \
		"$(date +%T)" "$_name" $(($(date +%s) - _t0)) "$_log" >&2
	tail -n 25 "$_log" >&2
	return 1
}

# run_check NAME [ARGS]: run scripts/NAME.sh, which records its own verdicts;
# one FAIL verdict if it stops without (its message says why); say how long
# it took.
run_check() {
	_name=$1
	_t0=$(date +%s)
	shift
	"$TOP/scripts/$_name.sh" "$@" || result FAIL "$_name" "the check stopped; see its message above"
	printf '[%s] %s took %ss\n' "$(date +%T)" "$_name" $(($(date +%s) - _t0))
}

die() {
	echo "error: $*" >&2
	exit 1
}

# result STATUS NAME [REASON]: record one test verdict (PASS, FAIL or SKIP) in
# $RESULTS_FILE, which scripts/check.sh totals at the end.
RESULTS_FILE=$(realpath -m "${RESULTS_FILE:-$BUILD/results.txt}")
result() {
	printf '%s %s%s\n' "$1" "$2" "${3:+ # $3}" | tee -a "$RESULTS_FILE"
}

# git_identity: "Name <email>" of whoever runs the harness, from their git
# configuration (the sender and Signed-off-by of the mails); fails if unset.
git_identity() {
	_name=$(git config user.name || true)
	_email=$(git config user.email || true)
	[ -n "$_name" ] && [ -n "$_email" ] || return 1
	printf '%s <%s>\n' "$_name" "$_email"
}

# require_identity: stop unless git_identity has one
require_identity() {
	git_identity >/dev/null || die "no git identity to send and sign off the mails as:
set it with git config --global user.name 'Your Name' and
git config --global user.email you@example.org (the harness invents none)"
}

# The archives of a perf build (its O= directory) that a program linking
# perf's libraries needs (scripts/fuzz-perf.sh, scripts/fuzz-perf-replay.sh)
PERF_ARCHIVES="libperf-ui.a libperf-util.a libpmu-events.a libperf/libperf.a
libapi/libapi.a libsubcmd/libsubcmd.a libsymbol/libsymbol.a"

# perf_archives DIR: the paths of $PERF_ARCHIVES in the perf build DIR
perf_archives() {
	for _a in $PERF_ARCHIVES; do
		printf '%s\n' "$1/$_a"
	done
}

# perf_link_flags FILE MAKE_ARGS...: write the compiler flags (line 1) and
# the libraries (line 2) of perf's own link to FILE, for the perf build
# that MAKE_ARGS (O=, the build's options) describe. A program that
# includes perf's headers needs the flags, as their structs depend on the
# HAVE_* of the configuration; the rule only prints them. The build must
# exist (FIXDEP_BUILT=1: the pass that would build fixdep first reads no
# Makefile.config, so has neither these flags nor the FORCE target).
perf_link_flags() {
	_file=$1
	shift
	# shellcheck disable=SC2016 # make expands these
	make -C "$SRC/tools/perf" -f Makefile.perf FIXDEP_BUILT=1 "$@" \
		--eval="$_file: FORCE ; @printf '%s\n' \"\$(CFLAGS)\" \"\$(EXTLIBS)\" >\$@" \
		"$_file"
}

# postings: the postings of submission/postings as "NAME|FIRST|LAST|PREFIX|
# VERSION|TREE|WHAT" lines, FIRST and LAST the commits of $SRC that start
# and end each (in series order; the last runs to HEAD). Prints nothing and
# fails if a line is malformed, a first subject matches no commit, or the
# postings are out of order.
postings() {
	git -C "$SRC" log --reverse --format='%H %s' "$BASE_TAG"..HEAD >"$BUILD/.commits" || return 1
	awk -F' [|] ' -v OFS='|' '
		NR == FNR {
			if ($0 ~ /^#/ || $0 == "") next
			if (NF != 6) { err = "malformed line " FNR " of submission/postings"; exit }
			name[++n] = $1; subj[n] = $2; rest[n] = $3 "|" $4 "|" $5 "|" $6
			next
		}
		{
			sp = index($0, " "); c = substr($0, 1, sp - 1); s = substr($0, sp + 1)
			for (i = 1; i <= n; i++)
				if (s == subj[i]) {
					if (i != k + 1) { err = "posting " name[i] " out of order"; exit }
					if (k) out[k] = name[k] "|" first[k] "|" prev "|" rest[k]
					k = i; first[k] = c
				}
			prev = c
		}
		END {
			if (!err && k != n) err = "no commit starts posting " name[k + 1]
			if (err) { print "postings: " err > "/dev/stderr"; exit 1 }
			out[k] = name[k] "|" first[k] "|" prev "|" rest[k]
			for (i = 1; i <= n; i++) print out[i]
		}' "$TOP/submission/postings" "$BUILD/.commits"
}

# posting_made NAME: the patches of posting NAME as made on the files of
# its tree (scripts/tree-posting.sh), one path a line, the cover letter
# left out; nothing for a posting mailed as the series has it
posting_made() {
	[ -d "$TOP/submission/$1" ] || return 0
	find "$TOP/submission/$1" -name '*.patch' ! -name '*0000-cover-letter.patch' | sort
}

# posting_mailed_patches NAME DIR: the patches of posting NAME as they are
# mailed, one file each in DIR, in order (DIR is emptied first): those made
# on its tree (posting_made), else its commits in $SRC
posting_mailed_patches() {
	rm -rf "$2"
	mkdir -p "$2"
	if posting_made "$1" | grep -q .; then
		posting_made "$1" | while read -r _p; do
			cp "$_p" "$2"/ || exit 1
		done
		return
	fi
	_first=$(posting_field "$1" first) || return 1
	_last=$(posting_field "$1" last) || return 1
	git -C "$SRC" format-patch -q -o "$2" "$_first~1..$_last" >/dev/null
}

# patch_subject PATCH: the subject of a patch file, unfolded, without its
# [PATCH ...] prefix
patch_subject() {
	awk '
		/^Subject: / { s = substr($0, 10); on = 1; next }
		on && /^[ \t]/ { sub(/^[ \t]+/, " "); s = s $0; next }
		on { exit }
		END { sub(/^\[[^]]*\] */, "", s); print s }' "$1"
}

# posting_series_ids NAME: the stable patch-ids of the commits of posting
# NAME in $SRC, one a line; fails unless there is one for each commit
posting_series_ids() {
	_first=$(posting_field "$1" first) || return 1
	_last=$(posting_field "$1" last) || return 1
	_count=$(git -C "$SRC" rev-list --count "$_first~1..$_last") || return 1
	_ids=$(git -C "$SRC" format-patch -q --stdout "$_first~1..$_last" |
		git patch-id --stable | cut -d' ' -f1)
	[ "$(printf '%s\n' "$_ids" | grep -c .)" = "$_count" ] || return 1
	printf '%s\n' "$_ids"
}

# posting_patch_ids NAME: the stable patch-ids of the patches of posting
# NAME as they are mailed (posting_mailed_patches), one a line; fails
# unless there is one for each patch
posting_patch_ids() {
	posting_made "$1" | grep -q . || {
		posting_series_ids "$1"
		return
	}
	posting_made "$1" | while read -r _p; do
		git patch-id --stable <"$_p" | cut -d' ' -f1 | grep . || exit 1
	done
}

# posting_applies NAME: whether submission/apply-verified records every
# patch of posting NAME, as it is now, as applying to the files of its tree
# (scripts/check-postings-apply.sh): such a posting needs neither the base
# nor the other postings of this work
posting_applies() {
	_ids=$(posting_patch_ids "$1") || return 1
	printf '%s\n' "$_ids" | awk -F' [|] ' -v n="$1" '
		NR == FNR { if ($2 == n && $4 == "applies") ok[$1] = 1; next }
		{ ids++ }
		!($1 in ok) { bad = 1 }
		END { exit bad || !ids }' "$TOP/submission/apply-verified" -
}

# changed_files PATCH...: the files the patches change and none of them
# creates (a file one of them creates may be changed by a later one), one
# a line, sorted
changed_files() {
	awk '/^--- / { old = $2; next }
	     /^\+\+\+ b\// {
		f = substr($2, 3)
		if (old == "/dev/null") made[f] = 1
		else if (!(f in made)) print f
	     }' "$@" | sort -u
}

# upstream_files POSTING: the lines of build/upstream/MANIFEST ("<path>
# <commit> <chars> <sha256> [POSTINGS]"; "<path> MISSING ..." for a file
# the stored copy lacks) that hold for the tree POSTING goes to, one for
# each path: a fifth field, postings separated by commas, limits a line to
# those postings (the version of perf/urgent's tree, say, where tip's
# perf/core has another); a path whose stored versions are all of other
# trees is MISSING for POSTING too. Fails, saying which, if a path has two
# lines for POSTING.
upstream_files() {
	awk -v p="$1" '
		!($1 in seen) { seen[$1] = 1; order[++n] = $1 }
		NF >= 5 && index("," $5 ",", "," p ",") == 0 { next }
		$1 in line { err = $1; exit }
		{ line[$1] = $0 }
		END {
			if (err) {
				print "upstream_files: two lines of " err " hold for " p " in build/upstream/MANIFEST" > "/dev/stderr"
				exit 1
			}
			for (i = 1; i <= n; i++)
				print (order[i] in line) ? line[order[i]] : order[i] " MISSING"
		}' "$BUILD/upstream/MANIFEST"
}

# upstream_tree DIR POSTING: make DIR a git repository of one commit that
# holds the upstream files fetched into build/upstream that hold for
# POSTING's tree (upstream_files), each at the commit the manifest names;
# the files the stored copy lacks are left out
upstream_tree() {
	rm -rf "$1"
	mkdir -p "$1"
	git -C "$1" init -q
	_files=$(upstream_files "$2") || return 1
	printf '%s\n' "$_files" | grep -v ' MISSING' | while read -r _path _commit _rest; do
		mkdir -p "$1/$(dirname "$_path")"
		cp "$BUILD/upstream/$_commit/$_path" "$1/$_path"
	done
	git -C "$1" add -A
	git -C "$1" -c user.name=upstream -c user.email=upstream@localhost \
		commit -q --allow-empty -m "upstream files of build/upstream/MANIFEST for $2"
}

# posting_field NAME FIELD: the FIELD (first, last, prefix, version, tree or
# what) of posting NAME, as postings() gives it; fails, saying why, if the
# postings cannot be read or NAME is not one of them.
posting_field() {
	postings >"$BUILD/.postings-$1" || return 1
	awk -F'|' -v n="$1" -v f="$2" '
		BEGIN {
			split("first last prefix version tree what", key, " ")
			for (i = 1; i <= 6; i++) col[key[i]] = i + 1
			if (!(f in col)) { err = "no field " f " in a posting"; exit }
		}
		$1 == n { print $col[f]; found = 1 }
		END {
			if (!err && !found) err = "no posting " n " in submission/postings"
			if (err) { print "posting_field: " err > "/dev/stderr"; exit 1 }
		}' "$BUILD/.postings-$1"
}
