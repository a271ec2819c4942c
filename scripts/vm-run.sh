#!/bin/sh
# Boot BZIMAGE under QEMU TCG with the host's root shared read-only over 9p and
# run GUEST_SCRIPT in it (scripts/vm-init.sh is the guest's init). Exits with the
# script's status; fails when the guest hangs, panics or logs a kernel warning.
# Usage: vm-run.sh BZIMAGE GUEST_SCRIPT [ARGS...]
# Env: VM_OUT (guest's writable $RESULTS, default build/vm-out), VM_TIMEOUT (s).
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 BZIMAGE GUEST_SCRIPT [ARGS...]"
kernel=$1
script=$(realpath "$2")
shift 2
[ -f "$kernel" ] || die "no kernel image at $kernel"
[ -f "$script" ] || die "no guest script at $script"
out=${VM_OUT:-$BUILD/vm-out}
timeout=${VM_TIMEOUT:-900}
serial=$out/serial.log

rm -rf "$out"
mkdir -p "$out"
# The guest's init reads its script and arguments from here.
printf '%s\n' "$script" "$@" >"$out/command"

rc=0
timeout --foreground -k 10 "$timeout" qemu-system-x86_64 \
	-accel tcg,thread=multi -cpu max -smp 2 -m 2G \
	-nographic -no-reboot -nodefaults -serial "file:$serial" \
	-kernel "$kernel" \
	-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
	-device virtio-9p-pci,fsdev=root,mount_tag=/dev/root \
	-fsdev local,id=res,path="$out",security_model=none \
	-device virtio-9p-pci,fsdev=res,mount_tag=results \
	-append "console=ttyS0 root=/dev/root rootfstype=9p \
rootflags=trans=virtio,version=9p2000.L,msize=512000 ro \
init=$TOP/scripts/vm-init.sh panic=-1 oops=panic softlockup_panic=1" || rc=$?

[ "$rc" = 124 ] && die "guest timed out after ${timeout}s; see $serial"
[ "$rc" = 0 ] || die "qemu exited with $rc; see $serial"

# Once init has asked for the power-off ("sysrq: Power Off") the run is over:
# init may die on the way out, which is no finding.
if sed '/sysrq: Power Off/q' "$serial" |
	grep -En 'WARNING:|BUG:|KASAN:|UBSAN:|Kernel panic|Oops|possible (recursive )?(circular )?locking|lockdep|Call Trace:' \
		>"$out/kernel-problems.txt"; then
	cat "$out/kernel-problems.txt" >&2
	die "the guest kernel logged problems; see $serial"
fi
[ -f "$out/exit-status" ] || die "guest script did not finish; see $serial"
exit "$(cat "$out/exit-status")"
