# SPDX-License-Identifier: GPL-2.0
# /dev/wmi/<device> exists for every WMI device with methods or events
# (but not for data blocks, not yet reachable from user space), and calls
# through it return every result type marshalled as on Windows.
. /wmibpf/tests/lib.sh

expect_eq "$(ls /dev/wmi | sort | tr '\n' ' ')" \
	"$ACME_ZONES $ACME_EVENT $ACME_DUP $ACME_DUP-1 $ACME_HOTKEY $ACME_STRING $ACME_METHODS " \
	"nodes in /dev/wmi"
expect_eq "$(basename "$(readlink /sys/class/misc/wmi-$ACME_METHODS/device)")" \
	"$ACME_METHODS" "misc device's parent is the WMI device"
run_prog wmi-cdev-test types
finish
