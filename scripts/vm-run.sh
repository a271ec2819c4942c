#!/bin/sh
# Boot BZIMAGE under QEMU TCG with the host's root shared read-only over 9p and
# run GUEST_SCRIPT in it (scripts/vm-init.sh is the guest's init). Exits with the
# script's status; fails when the guest hangs, panics or logs a kernel warning,
# or when the guest script cannot be run there.
# Usage: vm-run.sh BZIMAGE GUEST_SCRIPT [ARGS...]
# Env: VM_OUT    the guest's writable $RESULTS (default build/vm-out)
#      VM_TIMEOUT hard limit in seconds (default 900)
#      VM_CPU    QEMU CPU model (default max; e.g. qemu64 has no XSAVE)
#      VM_APPEND extra words for the kernel command line (e.g. noxsave)
#      VM_SHARES more host directories the guest needs, ':'-separated
#      VM_SHARED a host directory the guest may write, for VMs run side by
#                side to share (scripts/perf-suite.sh deals out its suites
#                there); the guest finds it at $SHARED (/run/shared)
#      VM_ICOUNT QEMU -icount options, e.g. shift=0: the guest clock then
#                advances one nanosecond per guest instruction, so guest
#                time is an instruction count (single-threaded TCG)
# The guest mounts a tmpfs on /tmp, /run and /root over the shared root,
# which hides what the host has there. So the checkout ($TOP), the build
# directory ($BUILD), the guest script's directory and VM_SHARES are also
# shared read-only as 9p devices of their own, which the guest's init mounts
# at their host paths after its tmpfs mounts: the harness then works from a
# checkout anywhere, /tmp included.
# On failure the reason is also in $VM_OUT/failure (scripts/vm-tests.sh uses it).
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
cpu=${VM_CPU:-max}
append=${VM_APPEND:-}
icount=${VM_ICOUNT:-}
shared=${VM_SHARED:-}
[ -z "$shared" ] || [ -d "$shared" ] || die "VM_SHARED: no directory $shared"
# -icount cannot run a vCPU per host thread
accel=tcg,thread=multi
[ -z "$icount" ] || accel=tcg,thread=single

rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
serial=$out/serial.log

# fail MESSAGE: record why the run failed (for the caller) and stop.
fail() {
	printf '%s\n' "$*" >"$out/failure"
	die "$*"
}

# The guest's init reads its script and arguments from here.
printf '%s\n' "$script" "$@" >"$out/command"

# share_dirs: the host directories to share, one a line, as real paths (the
# guest then follows symlinks into them), parents before children, and none
# that lies inside another one (that one's share shows it already). Never /,
# /tmp, /run or /root themselves: that would hide the guest's own writable
# ones.
share_dirs() {
	{
		printf '%s\n' "$TOP" "$BUILD" "$(dirname "$script")"
		printf '%s\n' "${VM_SHARES:-}" | tr ':' '\n'
	} | while IFS= read -r d; do
		if [ -n "$d" ] && [ -d "$d" ]; then realpath "$d"; fi
	done | LC_ALL=C sort -u | while IFS= read -r d; do
		case $d in
		/ | /tmp | /run | /root) echo "vm-run: not sharing $d as a whole" >&2 ;;
		*) printf '%s\n' "$d" ;;
		esac
	done | awk '
		{
			for (i = 1; i <= n; i++)
				if (index($0 "/", kept[i] "/") == 1) next
			kept[++n] = $0
			print
		}'
}

# One virtio-9p device per directory, tagged shareN; the guest's init mounts
# "TAG PATH" of each line of $out/shares. QEMU options double a literal comma.
set --
n=0
share_dirs >"$out/share-dirs"
while IFS= read -r d; do
	tag=share$n
	n=$((n + 1))
	printf '%s %s\n' "$tag" "$d" >>"$out/shares"
	set -- "$@" \
		-fsdev "local,id=$tag,path=$(printf '%s' "$d" | sed 's/,/,,/g'),security_model=none,readonly=on,multidevs=remap" \
		-device "virtio-9p-pci,fsdev=$tag,mount_tag=$tag"
done <"$out/share-dirs"
rm -f "$out/share-dirs"
if [ -n "$shared" ]; then
	set -- "$@" -fsdev "local,id=shared,path=$(realpath "$shared" | sed 's/,/,,/g'),security_model=none" \
		-device virtio-9p-pci,fsdev=shared,mount_tag=shared
	: >"$out/shared"
fi

# The guest caches the read-only root as it caches the other shares
# (cache=loose): nothing the guest reads there changes while it runs, and
# without the page cache every exec reads its binary and libraries over 9p
# again (measured beside a loaded host: 'perf version' 3.3 s -> 0.35 s,
# 'python3 -c pass' 6.5 s -> 0.5 s).
echo "vm-run: -cpu $cpu${icount:+, -icount $icount}${append:+, kernel command line + $append};" \
	"9p shares: $(tr '\n' ' ' <"$out/shares")${shared:+, writable: $shared}"
# -d cpu_reset: QEMU logs each vCPU's registers at every reset, those of
# the boot among them. A guest that triple-faults resets without a word on
# its console and, with -no-reboot, QEMU exits 0: that log then holds the
# faulting state (seen once: the debug kernel's guest gone mid-test).
rc=0
timeout --foreground -k 10 "$timeout" qemu-system-x86_64 \
	-accel "$accel" ${icount:+-icount "$icount"} -cpu "$cpu" -smp 2 -m 2G \
	-nographic -no-reboot -nodefaults -serial "file:$serial" \
	-d cpu_reset -D "$out/cpu-resets.log" \
	-kernel "$kernel" \
	-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
	-device virtio-9p-pci,fsdev=root,mount_tag=/dev/root \
	-fsdev local,id=res,path="$out",security_model=none \
	-device virtio-9p-pci,fsdev=res,mount_tag=results \
	"$@" \
	-append "console=ttyS0 root=/dev/root rootfstype=9p \
rootflags=trans=virtio,version=9p2000.L,msize=512000,cache=loose ro \
init=$TOP/scripts/vm-init.sh panic=-1 oops=panic softlockup_panic=1${append:+ $append}" || rc=$?

[ "$rc" = 124 ] && fail "guest timed out after ${timeout}s; see $serial"
[ "$rc" = 0 ] || fail "qemu exited with $rc; see $serial"

# Once init has asked for the power-off ("sysrq: Power Off") the run is over:
# init may die on the way out, which is no finding.
if sed '/sysrq: Power Off/q' "$serial" |
	grep -En 'WARNING:|BUG:|KASAN:|UBSAN:|Kernel panic|Oops|possible (recursive )?(circular )?locking|turning off the locking correctness validator|Call Trace:' \
		>"$out/kernel-problems.txt"; then
	cat "$out/kernel-problems.txt" >&2
	fail "the guest kernel logged problems; see $serial"
fi
# The guest's init could not start the script (e.g. it is not visible there).
if [ -s "$out/init-error" ]; then
	cat "$out/init-error" >&2
	fail "$(head -n 1 "$out/init-error")"
fi
[ -f "$out/exit-status" ] ||
	fail "guest script did not finish; see $serial, and for a reset of the guest $out/cpu-resets.log"
exit "$(cat "$out/exit-status")"
