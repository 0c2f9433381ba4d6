# SPDX-License-Identifier: GPL-2.0
# User space reads WMI events from the event device's node: every reader
# gets every event, with its number, time and data, while the kernel driver
# bound to the device still gets each one; poll(), O_NONBLOCK and short
# buffers behave (wmi-event-test basic says how).  Each delivery passes the
# wmi_event tracepoint with the number of readers it was queued for. Users
# granted the node cannot take the places kept for root's readers.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv

echo >$T/trace
echo 1 >$T/events/wmi/wmi_event/enable
run_prog wmi-event-test basic
echo 0 >$T/events/wmi/wmi_event/enable

# basic raises 6 events, each read by two readers.
driver_has() { [ "$(cat $TESTDRV/event_count)" -ge "$1" ]; }
expect_ok "the driver got all 6 events" wait_until 10 driver_has 6
expect_eq "$(cat $TESTDRV/event_count)" 6 "and no more"
expect_eq "$(sed -n 1p $TESTDRV/events)" "$ACME_EVENT integer 0x2a" "the driver's first event data"
grep wmi_event $T/trace >/tmp/trace
expect_eq "$(grep -c 'guid=59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1 notify_id=0xd0 data_type=1 verdict=delivered readers=2' /tmp/trace)" 6 \
	"the tracepoint saw 6 deliveries to 2 readers"

# The node is root's, like a method device's.
expect_eq "$(stat -c '%U %a' /dev/wmi/$ACME_EVENT)" "root 600" "node owner and mode"
expect_fail "nobody cannot open it" runas 65534 65534 cat /dev/wmi/$ACME_EVENT

# What the README's udev rules tell the two kinds of nodes by.
expect_ok "an event node's device has a notify_id" test -e /sys/class/misc/wmi-$ACME_EVENT/device/notify_id
expect_fail "and no object_id" test -e /sys/class/misc/wmi-$ACME_EVENT/device/object_id
expect_ok "a method node's device has an object_id" test -e /sys/class/misc/wmi-$ACME_METHODS/device/object_id
expect_fail "and no notify_id" test -e /sys/class/misc/wmi-$ACME_METHODS/device/notify_id

# Granted to all, it takes 8 readers of each user, 48 of users in all, and
# keeps 16 for root's.
grant_node $ACME_EVENT
run_prog wmi-event-test readers
finish
