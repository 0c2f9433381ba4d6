# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# /dev/wmi/dell-smbios, dell-smbios-wmi's own node, keeps from user space
# what dell_smbios_call_filter() refuses, and the firmware never sees it
# (its own counters, vmtest/acpi/dell.asl): the diagnostics class 19, a
# token only the kernel may use (brightness), the thermal management call
# dell-pc owns.  What the filter lets through reaches the firmware.
. /wmibpf/tests/lib.sh

total=$(fw_calls_total)
diag=$(dell_fw_calls 19 0)
diag7=$(dell_fw_calls 19 7)
reads=$(dell_fw_calls 0 0)
writes=$(dell_fw_calls 1 0)
thermal=$(dell_fw_calls 17 19)

expect_eq "$(dell_call 19 0)" "error EINVAL (Invalid argument)" "diagnostics 19/0 refused"
expect_eq "$(dell_call 19 7 1 2 3 4)" "error EINVAL (Invalid argument)" "diagnostics 19/7 refused"
# Location 0x101 is BRIGHTNESS_TOKEN's (dell-smbios.py).
expect_eq "$(dell_call 0 0 0x101)" "error EINVAL (Invalid argument)" "kernel-only token read refused"
expect_eq "$(dell_call 1 0 0x101 3)" "error EINVAL (Invalid argument)" "kernel-only token write refused"
expect_eq "$(dell_call 17 19 1 8)" "error EINVAL (Invalid argument)" "thermal mode set refused"
expect_eq "$(dell_call 0 0 0x777)" "error EINVAL (Invalid argument)" "a location no token has"

expect_eq "$(dell_fw_calls 19 0)" "$diag" "diagnostics 19/0: firmware untouched"
expect_eq "$(dell_fw_calls 19 7)" "$diag7" "diagnostics 19/7: firmware untouched"
expect_eq "$(dell_fw_calls 0 0)" "$reads" "token reads: firmware untouched"
expect_eq "$(dell_fw_calls 1 0)" "$writes" "token writes: firmware untouched"
expect_eq "$(dell_fw_calls 17 19)" "$thermal" "thermal management: firmware untouched"
expect_eq "$(fw_calls_total)" "$total" "no call at all reached the firmware"
expect_eq "$(fw_state 4)" 7 "brightness unchanged in the firmware"
expect_eq "$(fw_state 1)" 1 "thermal mode unchanged in the firmware"

# What the filter allows goes through: the WSMT token (location 0x102)
# needs no capability; the firmware answers its value, 1.
expect_eq "$(dell_call 0 0 0x102)" "ok 0x00000000 0x00000001 0x00000000 0x00000000" "WSMT token read"
expect_eq "$(dell_fw_calls 0 0)" $((reads + 1)) "the allowed token read reached the firmware"
expect_eq "$(fw_calls_total)" $((total + 1)) "one call reached the firmware"
finish
