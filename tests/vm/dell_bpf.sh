# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# BPF programs on the real dell-smbios-wmi, which trusts the firmware's
# result and copies it by its own length (KASAN watches): a program that
# answers the driver's own calls hands it nothing, the calls fail with EIO
# and never reach the firmware; a quirk fix that rewrites a thermal read in
# place, shorter and of the firmware's type, is what dell-pc then reports.
. /wmibpf/tests/lib.sh
profile=/sys/firmware/acpi/platform_profile
fw_set_state 1 1
fw_set_state 2 1
expect_eq "$(cat $profile)" balanced "balanced to begin with"

expect_ok "load a program answering the driver's calls" \
	wmibpf load -q /wmibpf/bpf/test_dell_answer.bpf.o
thermal=$(dell_fw_calls 17 19)
expect_fail "the driver's profile read fails" cat $profile
expect_eq "$(dell_fw_calls 17 19)" "$thermal" "and never reached the firmware"
expect_eq "$(dell_call 0 0 0x102)" "error EIO (Input/output error)" \
	"user-space calls through the driver fail the same way"
expect_ok "unload it" wmibpf unload test_dell_answer
expect_eq "$(cat $profile)" balanced "the driver works again"

expect_ok "load the quirk fix" wmibpf load -q /wmibpf/bpf/test_dell_quirk.bpf.o
expect_eq "$(cat $profile)" performance "dell-pc reports the fixed mode"
expect_eq "$(fw_state 1)" 1 "while the firmware still says balanced"
expect_eq "$(dell_raw_call 17 19 0)" "ok 0x00000000 0x0000000f 0x00000008 0x00010000" \
	"a raw thermal read, through the driver, sees the fix too"
expect_ok "unload it" wmibpf unload test_dell_quirk
expect_eq "$(cat $profile)" balanced "the firmware's mode again"
fw_set_state 2 0
finish
