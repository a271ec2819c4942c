#!/bin/sh
# Init (PID 1) of the test VM started by scripts/vm-run.sh: mounts the pseudo
# file systems and the results share, runs the requested guest script with its
# output on the console and in $RESULTS/guest.log, records its exit status and
# powers off.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmp /tmp
mkdir -p /tmp/results
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results /tmp/results
RESULTS=/tmp/results
HOME=/tmp
export RESULTS HOME
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
	echo $? >/tmp/status
} 2>&1 | tee "$RESULTS/guest.log"
status=$(cat /tmp/status 2>/dev/null || echo 1)
echo "$status" >"$RESULTS/exit-status"
echo "vm-init: script exited with $status"
sync
echo o >/proc/sysrq-trigger
sleep 10
