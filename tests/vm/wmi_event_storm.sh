# SPDX-License-Identifier: GPL-2.0
# An event storm: 10 000 hot key events while one reader keeps up, one does
# not read at all and others open and close the node during delivery.  No
# event is lost without a count: every reader's records and loss counts add
# up to all 10 000, the one that did not read keeps its first 256 and is
# told of the rest, and the kernel driver gets every event.
# vmtest: own-boot
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-event-test storm 10000
finish
