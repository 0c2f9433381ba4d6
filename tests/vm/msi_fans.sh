# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=msi
# On the MSI-shaped laptop the real in-tree msi-wmi-platform binds, loaded
# at boot from its WMI alias, and its hwmon fans read, as sensors(1) reads
# them, the speeds vmtest/acpi/msi.asl holds, each read a firmware call.
. /wmibpf/tests/lib.sh

# msi_hwmon: the hwmon directory of msi-wmi-platform (it probes
# asynchronously), or nothing yet.
msi_hwmon() {
	local h
	for h in /sys/class/hwmon/hwmon*; do
		[ "$(cat "$h/name" 2>/dev/null)" = msi_wmi_platform ] && echo "$h"
	done
	return 0
}

hwmon_found() {
	[ -n "$(msi_hwmon)" ]
}

expect_ok "msi-wmi-platform's hwmon device" wait_until 10 hwmon_found
hw=$(msi_hwmon)
expect_eq "$(basename "$(readlink $WMI_DEVICES/$MSI_PLATFORM/driver)")" msi-wmi-platform "driver"
expect_match "$(readlink -f "$hw/device")" "*/$MSI_PLATFORM" "hwmon device's parent"
# The probe asked the interface version (0x1D) and EC (0x03) once.
expect_eq "$(msi_fw_calls 0x1d) $(msi_fw_calls 0x03)" "1 1" "probe's firmware calls"
expect_eq "$(fw_state 1)" 200 "fan 1's raw value in the firmware"

# sensors(1) lists each fanN_input of a hwmon device named in "name".
fans=$(msi_fw_calls 0x11)
expect_eq "$(cat "$hw/fan1_input" "$hw/fan2_input" "$hw/fan3_input" "$hw/fan4_input" | tr '\n' ' ')" \
	"2400 3000 0 4800 " "fan speeds, rpm (480000 / raw)"
expect_eq "$(msi_fw_calls 0x11)" $((fans + 4)) "each fan read is one firmware call"

# The firmware's fan 1 speeds up: the next read shows it.
expect_ok "fan 1 at raw 120 in the firmware" fw_set_state 1 120
expect_eq "$(cat "$hw/fan1_input")" 4000 "fan 1 follows the firmware"
expect_ok "fan 1 stopped in the firmware" fw_set_state 1 0
expect_eq "$(cat "$hw/fan1_input")" 0 "a stopped fan reads 0"
expect_eq "$(msi_fw_calls 0x11)" $((fans + 6)) "two more firmware calls"
fw_set_state 1 200
finish
