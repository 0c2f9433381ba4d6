# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# On the Dell-shaped laptop the real in-tree drivers bind, loaded at boot
# from the WMI and DMI aliases as udev would: dell-wmi-descriptor on the
# descriptor, dell-smbios (its WMI backend) on the calling interface with
# its node and tokens, dell-wmi on the event with its hot key input device,
# dell-pc with a platform profile.  The test bed's own block stays unbound.
. /wmibpf/tests/lib.sh

expect_eq "$(driver_of $DELL_DESCRIPTOR)" dell-wmi-descriptor "descriptor's driver"
expect_eq "$(driver_of $DELL_SMBIOS)" dell-smbios "calling interface's driver"
expect_eq "$(driver_of $DELL_EVENT)" dell-wmi "event's driver"
expect_eq "$(driver_of $BED_CONTROL)" none "the test bed's block has no driver"
expect_match "$(cut -d' ' -f1 /proc/modules | tr '\n' ' ')" "*dell_pc *" "dell-pc loaded"

# dell-smbios-wmi took the descriptor's buffer length (32768), plus the
# u64 length field of its ioctl buffer, and has its own node.
expect_eq "$(od -An -tu8 /dev/wmi/dell-smbios | tr -d ' ')" 32776 "buffer size the node reports"
expect_ok "the generic node of the calling interface" test -c /dev/wmi/$DELL_SMBIOS

# The 0xDA structure's tokens (vmtest/machines/dell-smbios.py).
tokens=/sys/bus/platform/devices/dell-smbios.0/tokens
expect_eq "$(ls $tokens | tr '\n' ' ')" \
	"007d_location 007d_value 0461_location 0461_value 0462_location 0462_value 04ec_location 04ec_value 04ed_location 04ed_value " \
	"tokens in sysfs"
expect_eq "$(cat $tokens/0461_location) $(cat $tokens/0461_value)" "00000100 00000001" "capsule enable token"
expect_eq "$(cat $tokens/007d_location) $(cat $tokens/007d_value)" "00000101 0000000f" "brightness token"

# dell-wmi's input device hangs off the event's WMI device.
expect_match "$(cat $WMI_DEVICES/$DELL_EVENT/input/input*/name)" "*Dell WMI hotkeys*" \
	"dell-wmi's input device"

# dell-pc asked the firmware which thermal modes it has: all four.
expect_eq "$(cat /sys/firmware/acpi/platform_profile_choices)" "cool quiet balanced performance" \
	"platform profile choices"
expect_match "$(dell_fw_calls 17 19)" "[1-9]*" "dell-pc's thermal calls reached the firmware"
finish
