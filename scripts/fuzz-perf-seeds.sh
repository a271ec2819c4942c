#!/bin/sh
# Regenerate the seed corpus of the perf.data fuzzer (tools-perf/fuzz/corpus):
# record real samples in the VM with the series' kernel and perf
# (tools-perf/fuzz/record-seeds.sh), keep a few of each register dump layout
# with their attrs, and add the hand-made ZMM, opmask, eGPR and SSP samples.
# Regression inputs (crash-*) stay. Needs 'make kernel perf' first.
set -eu
. "$(dirname "$0")/lib.sh"

corpus=$TOP/tools-perf/fuzz/corpus
out=$BUILD/vm-out-fuzz-seeds
bzimage=$KOUT/arch/x86/boot/bzImage
[ -f "$bzimage" ] || die "no kernel at $bzimage: make kernel first"
[ -x "$POUT/perf" ] || die "no perf at $POUT/perf: make perf first"

VM_OUT=$out VM_TIMEOUT=600 run_logged vm-fuzz-seeds "$TOP/scripts/vm-run.sh" \
	"$bzimage" "$TOP/tools-perf/fuzz/record-seeds.sh" "$POUT/perf"

mkdir -p "$corpus"
rm -f "$corpus"/vm-* "$corpus"/synth-*
for data in "$out"/*.data; do
	python3 "$TOP/tools-perf/fuzz/make-corpus.py" data "$data" "$corpus" \
		"vm-$(basename "$data" .data)"
done
python3 "$TOP/tools-perf/fuzz/make-corpus.py" synth "$corpus"
echo "$(find "$corpus" -type f | wc -l) inputs in $corpus"
