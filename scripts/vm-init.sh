#!/bin/sh
# Init (PID 1) of the test VM started by scripts/vm-run.sh: mounts the pseudo
# file systems and the results share, runs the requested guest script with its
# output on the console and in $RESULTS/guest.log, records its exit status and
# powers off.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sys /sys
# devtmpfs lacks the links udev would add; scripts write to /dev/stdout.
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
# The root is read-only; tests write to tmpfs on /tmp, results to the share.
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mkdir -p /run/results /run/home
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results /run/results
RESULTS=/run/results
TMPDIR=/tmp
HOME=/run/home
export RESULTS TMPDIR HOME
cd /tmp || exit 1

{
	read -r script
	set --
	while read -r arg; do
		set -- "$@" "$arg"
	done
} <"$RESULTS/command"

echo "vm-init: running $script $*"
# dash has no PIPESTATUS: keep the status in a file across the pipe.
{
	/bin/sh "$script" "$@"
	echo $? >/run/status
} 2>&1 | tee "$RESULTS/guest.log"
status=$(cat /run/status 2>/dev/null || echo 1)
echo "$status" >"$RESULTS/exit-status"
echo "vm-init: script exited with $status"
sync
echo o >/proc/sysrq-trigger
# The power-off runs asynchronously; wait for it without exiting (PID 1).
while :; do :; done
