# SPDX-License-Identifier: GPL-2.0
# When the event device goes away, readers blocked in read() and poll()
# wake up: read() fails with ENODEV, poll() says POLLHUP and POLLERR, and a
# reader still gets the events queued before.  The device's new node, once
# the mapper is bound again, delivers events.  With no driver bound, the
# first reader turns the firmware's event on (WED0); it stays on across
# closes, so opening the node runs no firmware code, until the removal.
# On a new device, a WMI-BPF program decides who may read its events, and
# an opener it refuses turns nothing on.
. /wmibpf/tests/lib.sh
# A new event device first: an earlier test's reader turned the event on.
run_prog wmi-event-test renew
run_prog wmi-event-test gone
run_prog wmi-event-test renew
grant_node $ACME_EVENT
run_prog wmi-bpf-readers
finish
