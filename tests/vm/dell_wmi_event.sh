# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# dell-wmi gets the firmware's hot key events (Notify on the WMI device,
# the data from _WED) and acts on them: an unknown key is logged, a
# tablet mode switch event creates its switch input device.  The test
# bed's block raises them (method 5 of vmtest/acpi/dell.asl).
. /wmibpf/tests/lib.sh

# Event data are u16 words: length, type, code[, data]; wmi-bed takes
# little-endian dwords, so two words each.
logged() {
	dmesg | grep -q "dell_wmi: Unknown key with type 0x0000 and code 0x1234 pressed"
}
# (dell-wmi gives the switch no parent: it is a virtual input device.)
tablet_switch() {
	grep -qx "Dell tablet mode switch" /sys/class/input/input*/name
}

expect_fail "no such key logged before" logged
expect_eq "$(wmi-bed 5 0x00000002 0x1234)" 0 "raise: key type 0, code 0x1234"
expect_ok "dell-wmi logs the unknown key" wait_until 10 logged

# Type 0x0011 code 0xE070 is the tablet mode switch, its data the mode.
if ! tablet_switch; then
	expect_eq "$(wmi-bed 5 0x00110003 0xe070)" 0 "raise: tablet mode switch"
	expect_ok "dell-wmi creates its tablet mode switch" wait_until 10 tablet_switch
fi
# EV_SW (5) with SW_TABLET_MODE (1).
for d in /sys/class/input/input*; do
	[ "$(cat "$d/name")" = "Dell tablet mode switch" ] &&
		expect_eq "$(cat "$d/capabilities/sw")" 2 "the switch is SW_TABLET_MODE"
done
finish
