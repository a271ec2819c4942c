#!/bin/sh
# Guest side of scripts/fuzz-perf-seeds.sh: record a real program with the
# register sampling options whose samples seed the perf.data fuzzer, one
# perf.data file each in $RESULTS (NAME.data).
# Usage: record-seeds.sh PERF
set -eu
perf=$1
haystack=$TMPDIR/haystack

# Workload of demo-guest.sh, smaller: grep's search loops keep the byte it
# looks for broadcast in a vector register.
{
	head -c 16777216 /dev/zero | tr '\0' a
	echo zzzzzz
} >"$haystack"

# rec NAME OPTION...: perf record the workload on cpu-clock with OPTIONs.
# perf writes from its ring buffer, which the 9p share of $RESULTS cannot
# take (EFAULT): record in $TMPDIR, then copy.
rec() {
	name=$1
	shift
	echo "== $name: perf record $*"
	"$perf" record -q -o "$TMPDIR/$name.data" -e cpu-clock -c 100000 "$@" \
		-- grep -c zzzzzz "$haystack"
	cp "$TMPDIR/$name.data" "$RESULTS/"
}

rec ymm-user-intr --user-regs=ip,sp,ymm -Iip,ymm0-15
rec xmm-intr -Ixmm
rec ymm-user-kernel-intr -e cpu-clock:k --user-regs=ymm -Iax,ymm2
rec legacy-regs -I --user-regs=ip,sp
rec ymm-callchain -g --user-regs=ymm --code-page-size --data-page-size -d \
	--phys-data -T --sample-cpu
rec ymm-read -e '{cpu-clock,task-clock}:S' --user-regs=ymm -Iymm
rec ymm-stack --call-graph=dwarf,256 --user-regs=ymm0-3
