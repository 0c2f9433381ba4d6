# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=msi
# msi-wmi-platform claims its methods: a raw tool's call on the generic
# node takes the driver's lock and reaches the firmware (which counts it),
# only with CAP_SYS_RAWIO and a whole 32-byte buffer; a method id the
# driver does not know stays owned. With a policy loaded the hwmon fans
# read as before.
. /wmibpf/tests/lib.sh
zeros="00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"

expect_eq "$(cat $WMI_DEVICES/$MSI_PLATFORM/claimed_methods)" \
	"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29" \
	"msi-wmi-platform claims every method it knows"
fans=$(msi_fw_calls 0x11)
expect_match "$(wmibpf call $MSI_PLATFORM 17 --input "$zeros")" "buffer \\[?? 00 c8 *" \
	"get_fan on the generic node: the driver passes it to the firmware"
expect_eq "$(msi_fw_calls 0x11)" $((fans + 1)) "one firmware call"
expect_match "$(wmibpf call $MSI_PLATFORM 17 --input '00 00 00 00' 2>&1)" "*Invalid argument*" \
	"a short buffer is refused"
expect_match "$(runas --no-caps wmibpf call $MSI_PLATFORM 17 --input "$zeros" 2>&1)" \
	"*Operation not permitted*" "without CAP_SYS_RAWIO: refused"
expect_match "$(wmibpf call $MSI_PLATFORM 77 --input "$zeros" 2>&1)" \
	"*Device or resource busy (the method belongs to msi-wmi-platform*" \
	"an unknown method id is the driver's, not the firmware's"
expect_eq "$(msi_fw_calls 0x11)" $((fans + 1)) "no refused call reached the firmware"

expect_ok "load the default policy" wmibpf load /usr/local/share/wmibpf/policies/default.yaml
hw=
for h in /sys/class/hwmon/hwmon*; do
	[ "$(cat "$h/name")" = msi_wmi_platform ] && hw=$h
done
expect_eq "$(cat "$hw/fan1_input" "$hw/fan2_input" "$hw/fan3_input" "$hw/fan4_input" | tr '\n' ' ')" \
	"2400 3000 0 4800 " "fans read with the policy loaded"
expect_eq "$(msi_fw_calls 0x11)" $((fans + 5)) "four more firmware calls"
expect_ok "unload it" wmibpf unload default
finish
