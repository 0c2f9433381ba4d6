# SPDX-License-Identifier: GPL-2.0
# An event storm: 1 000 hot key events while one reader keeps up, one does
# not read at all and others open and close the node during delivery.  No
# event is lost without a count: every reader's records and loss counts add
# up to all 1 000, the one that did not read keeps its first 256 and is
# told of the rest, and the kernel driver gets every event.  1 000 overflow
# the 256 a node queues four times over; 2 000 and 10 000 proved nothing
# more, and took one and eight minutes of a test run under TCG.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-event-test storm 1000
finish
