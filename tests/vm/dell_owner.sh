# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# The generic node of dell-smbios' method, /dev/wmi/A80593CE-..., is no way
# around the driver: dell-smbios-wmi claims the method, so a raw tool gets
# the call filter's answers, the same as on /dev/wmi/dell-smbios, and what
# the filter refuses never reaches the firmware (vmtest/acpi/dell.asl
# counts). Callers without capabilities, or granted the node as nobody, get
# what the filter gives them. A thermal-mode set, which the kernel handles,
# in the shapes dell-pc sends, is performed: platform_profile follows and
# is notified; any other thermal call is the filter's.
. /wmibpf/tests/lib.sh
expect_eq "$(cat $WMI_DEVICES/$DELL_SMBIOS/claimed_methods)" 1 "dell-smbios-wmi claims method 1"

total=$(fw_calls_total)
for c in "19 0" "19 7 1 2 3 4" "0 0 0x101" "1 0 0x101 3" "0 0 0x777" "1 7" "11 3" "31 0" \
	"17 19 3" "17 19 1 0x10c" "17 19 0x101 8" "17 19 0 5"; do
	expect_eq "$(dell_raw_call $c)" "$(dell_call $c)" "call $c: the generic node answers as dell-smbios"
done
expect_eq "$(dell_raw_call 19 0)" "error EINVAL (Invalid argument)" "diagnostics refused"
expect_eq "$(fw_calls_total)" "$total" "no refused call reached the firmware"
expect_eq "$(fw_state 4)" 7 "brightness unchanged in the firmware"

reads=$(dell_fw_calls 0 0)
expect_eq "$(dell_raw_call 0 0 0x102)" "ok 0x00000000 0x00000001 0x00000000 0x00000000" \
	"an allowed token read (WSMT) on the generic node"
expect_eq "$(dell_raw_call 0 0 0x100)" "$(dell_call 0 0 0x100)" \
	"a token read root's capabilities allow: same answer"
expect_eq "$(dell_fw_calls 0 0)" $((reads + 3)) "the allowed calls reached the firmware"

# Without CAP_SYS_ADMIN the capsule token is refused, as on dell-smbios.
reads=$(dell_fw_calls 0 0)
expect_eq "$(runas --no-caps dell-smbios-call --raw 0 0 0x100)" "error EINVAL (Invalid argument)" \
	"root without capabilities: the capsule token refused"
grant_node "$DELL_SMBIOS"
expect_eq "$(runas 65534 65534 dell-smbios-call --raw 0 0 0x100)" \
	"error EINVAL (Invalid argument)" "nobody, granted the node: refused too"
expect_eq "$(runas 65534 65534 dell-smbios-call --raw 19 0)" "error EINVAL (Invalid argument)" \
	"and no diagnostics"
expect_eq "$(runas 65534 65534 dell-smbios-call --raw 0 0 0x102)" \
	"ok 0x00000000 0x00000001 0x00000000 0x00000000" "but what needs no capability works"
expect_eq "$(dell_fw_calls 0 0)" $((reads + 1)) "only that one reached the firmware"
expect_eq "$(runas 65534 65534 dell-smbios-call --raw 17 19 1 0x108)" "error EPERM (Operation not permitted)" \
	"nobody may not set the thermal mode"

# A thermal-mode set through the generic node: dell-pc's profile follows
# and pollers of platform_profile are told.
profile=/sys/firmware/acpi/platform_profile
fw_set_state 1 1
fw_set_state 2 1
expect_eq "$(cat $profile)" balanced "balanced to begin with"
watch_notify sysfs $profile 5000
expect_match "$(dell_raw_call 17 19 1 0x108)" "ok 0x00000000 *" "set performance, as dell-pc does it"
wait $watcher
expect_eq "$?" 0 "platform_profile notified"
expect_eq "$(fw_state 1)" 8 "the firmware's thermal mode"
expect_eq "$(cat $profile)" performance "dell-pc reports the new profile"
fw_set_state 1 1
fw_set_state 2 0
finish
