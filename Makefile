# Top-level entry points of the series workspace; every target calls one
# script under scripts/. 'make help' lists them.

S := scripts

.PHONY: help deps base apply export kernel perf selftests vm-tests host-tests perf-suite \
	checkpatch check check-debug fuzz check-bisect check-cross check-postings check-mails tree-posting submission demo bench fuzz-perf fuzz-perf-replay \
	fuzz-perf-seeds clean

help:
	@echo 'make check        - everything, from a fresh clone: ends with "N passed, N failed, N skipped"'
	@echo 'make demo         - build, boot the VM, record a program with register sampling, show perf report -D / perf script'
	@echo 'make deps         - install the Debian packages the harness needs'
	@echo 'make base         - fetch and verify the pinned base (kernel/base) into build/base'
	@echo 'make apply        - fresh build/src: base + patches/series, one commit per patch (no fuzz, no offset)'
	@echo 'make export       - regenerate patches/ and patches/series from the commits in build/src'
	@echo 'make kernel       - configure (tinyconfig + kernel/vm.config) and build the VM kernel'
	@echo 'make perf         - build perf from build/src'
	@echo 'make selftests    - build the perf_events kselftests'
	@echo 'make vm-tests     - run the guest test plan (selftests/guest-tests.sh) in the VM'
	@echo 'make host-tests   - run the host perf test subset (tools-perf/host-tests)'
	@echo 'make perf-suite   - run every perf test in the VM; fail on what passes on the base kernel only'
	@echo 'make checkpatch   - checkpatch.pl --strict on every patch'
	@echo 'make check-debug  - build the debug kernel (kernel/debug.config) and run the simd_regs kselftest,'
	@echo '                    KUnit, the recording perf tests, the FPU stress and 2 minutes of the fuzzer on it'
	@echo 'make fuzz         - the perf_event_open fuzzer on the debug kernel for FUZZ_SECS (default 120),'
	@echo '                    FUZZ_SEED=N replays a run'
	@echo 'make check-bisect - build the kernel, perf and selftests at every patch; record them in kernel/bisect-verified'
	@echo 'make check-cross  - build tinyconfig+PERF_EVENTS kernels for i386, arm64, arm, riscv, mips, parisc'
	@echo 'make submission   - W=1, sparse, kernel-doc, uapi, bisect and apply checks, then the mails of each posting of'
	@echo '                    submission/postings in build/outgoing/<posting>-vN (sends nothing)'
	@echo 'make check-postings - check the postings against the upstream files in build/upstream (submission/apply-verified)'
	@echo 'make check-mails   - write the mails of each posting to build/mails and checkpatch them with sign-off'
	@echo 'make tree-posting POSTING=NAME [EXPORT=1] [FORCE=1] - make a posting on the upstream files of build/upstream in'
	@echo '                    build/tree-NAME; EXPORT=1 writes its commits there as submission/NAME/'
	@echo 'make bench        - measure bytes and time per sample of each register request, perf tool throughput: build/bench/ (Documentation/performance.rst)'
	@echo 'make fuzz-perf    - fuzz perf'"'"'s sample parser and printers (libFuzzer, ASan, UBSan) for FUZZ_SECS (default 60)'
	@echo 'make fuzz-perf-replay - replay the fuzz-perf corpus under valgrind against build/perf (what make check runs)'
	@echo 'make fuzz-perf-seeds - record the seed corpus of fuzz-perf in the VM (after make kernel perf)'
	@echo 'make clean        - remove build/ outputs but keep the base and ccache'

deps:
	$(S)/install-deps.sh
base: deps
	$(S)/fetch-base.sh
apply: base
	$(S)/apply-series.sh
export:
	$(S)/export-series.sh
kernel:
	$(S)/build-kernel.sh
perf:
	$(S)/build-perf.sh
selftests:
	$(S)/build-selftests.sh
vm-tests:
	$(S)/vm-tests.sh
host-tests:
	$(S)/host-tests.sh
perf-suite:
	$(S)/perf-suite.sh
checkpatch:
	$(S)/checkpatch-series.sh
check:
	$(S)/check.sh
check-debug:
	$(S)/check-debug.sh
fuzz:
	$(S)/check-debug.sh fuzz
check-bisect:
	$(S)/check-bisect.sh --all
check-cross:
	$(S)/cross-build.sh
submission: base
	$(S)/submission.sh
check-postings:
	$(S)/check-postings-apply.sh
tree-posting:
	$(S)/tree-posting.sh $(if $(EXPORT),--export) $(POSTING)
check-mails:
	$(S)/check-mails.sh $(CURDIR)/build/mails
fuzz-perf:
	$(S)/fuzz-perf.sh $(FUZZ_SECS)
fuzz-perf-replay:
	$(S)/fuzz-perf-replay.sh
fuzz-perf-seeds:
	$(S)/fuzz-perf-seeds.sh
demo:
	$(S)/demo.sh
bench:
	$(S)/bench.sh
clean:
	rm -rf build/src build/kernel build/kernel-debug build/perf build/selftests build/bench build/vm-out build/vm-out-* build/demo build/demo-out build/perf-suite build/fuzz-perf build/fuzz-perf-replay build/logs build/results.txt build/check-results.txt \
		build/warnings build/bisect-* build/mails build/outgoing build/submission-checks.txt
