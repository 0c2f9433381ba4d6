# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# A hot key quirk fix for the real dell-wmi (tests/vm/bpf/test_dell_event.bpf.c):
# the firmware sends key code 0x1236, a program rewrites it in place to
# 0x4321 before the driver parses the event, and dell-wmi acts on the
# fixed code.  Unloaded, the firmware's code reaches it again.
. /wmibpf/tests/lib.sh
logged() { dmesg | grep -q "dell_wmi: Unknown key with type 0x0000 and code $1 pressed"; }

expect_ok "load the quirk fix" wmibpf load -q /wmibpf/bpf/test_dell_event.bpf.o
expect_eq "$(wmi-bed 5 0x00000002 0x1236)" 0 "raise: key type 0, code 0x1236"
expect_ok "dell-wmi handles the fixed code 0x4321" wait_until 10 logged 0x4321
expect_fail "and never saw 0x1236" logged 0x1236
expect_ok "unload it" wmibpf unload test_dell_event
expect_eq "$(wmi-bed 5 0x00000002 0x1236)" 0 "raise it again"
expect_ok "dell-wmi gets the firmware's code" wait_until 10 logged 0x1236
finish
