# SPDX-License-Identifier: GPL-2.0
# An event storm: 2 000 hot key events while one reader keeps up, one does
# not read at all and others open and close the node during delivery.  No
# event is lost without a count: every reader's records and loss counts add
# up to all 2 000, the one that did not read keeps its first 256 and is
# told of the rest, and the kernel driver gets every event.  2 000 overflow
# the 256 a node queues eight times over; 10 000 proved nothing more and
# took eight minutes of a test run under TCG.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-event-test storm 2000
finish
