# SPDX-License-Identifier: GPL-2.0
# /dev/wmi/<device> exists for every WMI device, data blocks included
# (wmi_block_io tests those), and method calls through it return every
# result type marshalled as on Windows.
. /wmibpf/tests/lib.sh

expect_eq "$(ls /dev/wmi | sort | tr '\n' ' ')" \
	"$WMI_BMOF $ACME_ZONES $ACME_INFO $ACME_EVENT $ACME_OWNER $ACME_DUP $ACME_DUP-1 $ACME_HOTKEY $ACME_STRING $ACME_DATA $ACME_METHODS " \
	"nodes in /dev/wmi: one for every WMI device"
expect_eq "$(basename "$(readlink /sys/class/misc/wmi-$ACME_METHODS/device)")" \
	"$ACME_METHODS" "misc device's parent is the WMI device"
run_prog wmi-cdev-test types
finish
