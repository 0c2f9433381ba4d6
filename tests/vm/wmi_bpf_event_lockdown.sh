# SPDX-License-Identifier: GPL-2.0
# Under lockdown an event program cannot change what a kernel driver gets:
# the hot key's data reaches the driver and readers as the firmware sent
# it.  Dropping, which hands nobody anything new, still works.
# vmtest: own-boot
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }

expect_ok "load the event program" wmibpf load -q /wmibpf/bpf/test_event.bpf.o
lock_down integrity
rm -f /tmp/events
wmi-event-test read "$ACME_EVENT" 2 20 >/tmp/events &
reader=$!
wait_until 10 grep -q ready /tmp/events || fail "the reader is not ready"
raise 0x2a
raise 0xdead
raise 0x56
wait $reader
expect_eq "$(sed -n 2p /tmp/events)" "notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 2a 00 00 00" \
	"locked down, the firmware's 0x2a is not rewritten"
expect_eq "$(sed -n 3p /tmp/events)" "notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 56 00 00 00" \
	"0xdead is still dropped"
loaded_modules=
finish
