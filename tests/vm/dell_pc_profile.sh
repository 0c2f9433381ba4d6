# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# dell-pc's platform_profile, set and read as a user would, goes through
# dell-smbios to the firmware's thermal mode (class 17, select 19) in
# vmtest/acpi/dell.asl, and reads back what the firmware holds.
. /wmibpf/tests/lib.sh

profile=/sys/firmware/acpi/platform_profile
# Thermal mode bits: 1 balanced, 2 cool bottom, 4 quiet, 8 performance.
expect_ok "firmware starts balanced" fw_set_state 1 1
expect_ok "AAC mode 1 in the firmware" fw_set_state 2 1
calls=$(dell_fw_calls 17 19)

expect_eq "$(cat $profile)" balanced "profile read"
expect_eq "$(dell_fw_calls 17 19)" $((calls + 1)) "a read asks the firmware"

set_profile() {
	echo "$1" >$profile
}

for p in performance:8 quiet:4 cool:2 balanced:1; do
	calls=$(dell_fw_calls 17 19)
	expect_ok "set ${p%:*}" set_profile "${p%:*}"
	expect_eq "$(fw_state 1)" "${p#*:}" "firmware thermal mode after setting ${p%:*}"
	# dell-pc reads the AAC mode, then sets it back with the mode.
	expect_eq "$(dell_fw_calls 17 19)" $((calls + 2)) "setting ${p%:*}: two firmware calls"
	expect_eq "$(cat $profile)" "${p%:*}" "read back ${p%:*}"
done
expect_eq "$(fw_state 2)" 1 "the AAC mode was kept"

expect_fail "a profile the firmware lacks" set_profile low-power
expect_eq "$(fw_state 1)" 1 "firmware unchanged by the refused profile"

# The firmware changes the mode itself (a Fn key): the driver reads it.
expect_ok "firmware switches to quiet" fw_set_state 1 4
expect_eq "$(cat $profile)" quiet "profile follows the firmware"

fw_set_state 1 1
fw_set_state 2 0
finish
