# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=msi
# vmtest: own-boot
# Under lockdown msi-wmi-platform refuses the calls it would pass through
# raw to the firmware (its set methods write the EC), as the WMI core
# refuses raw calls; its own hwmon readings keep working.
. /wmibpf/tests/lib.sh
zeros="00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
hw=
for h in /sys/class/hwmon/hwmon*; do
	[ "$(cat "$h/name")" = msi_wmi_platform ] && hw=$h
done
expect_match "$(wmibpf call $MSI_PLATFORM 17 --input "$zeros")" "buffer *" "unlocked, get_fan passes"
lock_down integrity
# (The test bed's counters are raw calls too: locked down they cannot be read.)
expect_match "$(wmibpf call $MSI_PLATFORM 17 --input "$zeros" 2>&1)" "*Operation not permitted*" \
	"locked down, a pass-through call is refused"
expect_match "$(wmibpf call $MSI_PLATFORM 18 --input "$zeros" 2>&1)" "*Operation not permitted*" \
	"and so is a set"
expect_eq "$(cat "$hw/fan1_input")" 2400 "the driver's own reading works"
finish
