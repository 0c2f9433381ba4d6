# SPDX-License-Identifier: GPL-2.0
# A WMI-BPF program on events (tests/vm/bpf/test_event.bpf.c): it rewrites
# the hot key's data 0x2a to 0x107 before the kernel driver and user-space
# readers get it, drops events with the data 0xdead for everyone, and is
# refused every change a kernel driver could not have got from the
# firmware.  The wmi_event tracepoint tells each outcome.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }
driver_has() { [ "$(cat $TESTDRV/event_count)" -ge "$1" ]; }

# start_reader N: a reader for N events, output in /tmp/events.
start_reader() {
	rm -f /tmp/events
	wmi-event-test read "$ACME_EVENT" "$1" 20 >/tmp/events &
	reader=$!
	wait_until 10 grep -q ready /tmp/events || fail "the reader is not ready"
}
record() { sed -n "$(($1 + 1))p" /tmp/events; }

expect_ok "load the event program" wmibpf load -q /wmibpf/bpf/test_event.bpf.o
echo >$T/trace
echo 1 >$T/events/wmi/wmi_event/enable
start_reader 3
raise 0x2a
expect_ok "the driver got the event" wait_until 10 driver_has 1
expect_eq "$(sed -n 1p $TESTDRV/events)" "$ACME_EVENT integer 0x107" \
	"the driver acts on the fixed data 0x107, not the firmware's 0x2a"
raise 0xdead
raise 0x55
expect_ok "the driver got the next one" wait_until 10 driver_has 2
expect_eq "$(cat $TESTDRV/event_count)" 2 "but not the dropped one"
expect_eq "$(sed -n 2p $TESTDRV/events)" "$ACME_EVENT integer 0x55" "the one after it, as sent"
# 0x7f: each of the seven refusals test_event.bpf.c asks for was seen.
raise 0x33
wait $reader
expect_eq "$(record 1)" "notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 07 01 00 00" \
	"the reader gets the fixed data too"
expect_eq "$(record 2)" "notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 55 00 00 00" \
	"and not the dropped event"
expect_eq "$(record 3)" "notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 7f 03 00 00" \
	"no other type, no more bytes, no input, no caller for an event (0x37f)"
echo 0 >$T/events/wmi/wmi_event/enable
grep wmi_event $T/trace >/tmp/trace
expect_eq "$(grep -c 'verdict=rewritten readers=1' /tmp/trace)" 2 "traced: two rewritten"
expect_eq "$(grep -c 'verdict=dropped readers=0' /tmp/trace)" 1 "one dropped"
expect_eq "$(grep -c 'verdict=delivered readers=1' /tmp/trace)" 1 "one delivered as sent"

expect_ok "unload it" wmibpf unload test_event
raise 0x2a
expect_ok "the driver got it" wait_until 10 driver_has 4
expect_eq "$(sed -n 4p $TESTDRV/events)" "$ACME_EVENT integer 0x2a" "unloaded, the firmware's data again"
finish
