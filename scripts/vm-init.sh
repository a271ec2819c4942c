#!/bin/sh
# Init (PID 1) of the test VM started by scripts/vm-run.sh: mounts the pseudo
# file systems, a tmpfs on /tmp, /run and /root, the results share, the writable
# share of VMs run side by side and the host directories vm-run.sh shared
# at their host paths; runs the requested guest
# script with its output on the console and in $RESULTS/guest.log, records its
# exit status and powers off. If the script cannot be found in the guest, says
# so in $RESULTS/init-error (vm-run.sh reports it) instead of running it.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sys /sys
# debugfs and tracefs where the kernel has them (perf's tests use both)
if grep -qw debugfs /proc/filesystems; then
	mount -t debugfs debugfs /sys/kernel/debug
fi
if grep -qw tracefs /proc/filesystems; then
	mount -t tracefs tracefs /sys/kernel/tracing
fi
# devtmpfs lacks the links udev would add; scripts write to /dev/stdout.
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
# The loopback interface, for tests that talk to themselves over it (jshell
# runs its code in a second JVM that it reaches on 127.0.0.1).
ip link set lo up
# The root is read-only; tests write to tmpfs on /tmp, results to the share.
# root's home is a tmpfs too: Java takes it from /etc/passwd, not from $HOME,
# and jshell fails when it cannot save its preferences there.
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mount -t tmpfs home /root
mkdir -p /run/results
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results /run/results
RESULTS=/run/results
TMPDIR=/tmp
HOME=/root
export RESULTS TMPDIR HOME
# The directory VMs run side by side share (vm-run.sh's VM_SHARED): no
# cache, so that what the other VM writes shows at once.
if [ -f "$RESULTS/shared" ]; then
	mkdir -p /run/shared
	if mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 shared /run/shared; then
		SHARED=/run/shared
		export SHARED
	else
		echo "vm-init: cannot mount the shared directory"
	fi
fi

# finish STATUS: record the guest script's status and power off.
finish() {
	echo "$1" >"$RESULTS/exit-status"
	echo "vm-init: script exited with $1"
	sync
	echo o >/proc/sysrq-trigger
	# The power-off runs asynchronously; wait for it without exiting (PID 1).
	while :; do :; done
}

# The tmpfs mounts above hide whatever the shared root has under /tmp, /run
# and /root: mount the host directories vm-run.sh shared (the checkout, the build
# directory, ...; "TAG PATH" a line, parents first) at their host paths, each
# from a 9p share of its own.
if [ -f "$RESULTS/shares" ]; then
	while read -r tag dir; do
		if mkdir -p "$dir" &&
			mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,ro,cache=loose "$tag" "$dir"; then
			echo "vm-init: mounted $tag at $dir"
		else
			echo "vm-init: cannot mount the host directory $dir (share $tag)"
		fi
	done <"$RESULTS/shares"
fi
cd /tmp || exit 1

{
	read -r script
	set --
	while read -r arg; do
		set -- "$@" "$arg"
	done
} <"$RESULTS/command"

if ! [ -r "$script" ]; then
	if [ -e "$script" ]; then
		why="it exists but cannot be read"
	else
		why=$( (: <"$script") 2>&1 | sed 's/.*: //')
	fi
	{
		echo "vm-init: $script is not visible in the guest: $why"
		echo "vm-init: the guest's mounts:"
		cat /proc/mounts
	} | tee "$RESULTS/init-error" "$RESULTS/guest.log"
	finish 127
fi

echo "vm-init: running $script $*"
# dash has no PIPESTATUS: keep the status in a file across the pipe.
{
	/bin/sh "$script" "$@"
	echo $? >/run/status
} 2>&1 | tee "$RESULTS/guest.log"
finish "$(cat /run/status 2>/dev/null || echo 1)"
