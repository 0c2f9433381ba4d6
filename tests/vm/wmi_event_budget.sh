# SPDX-License-Identifier: GPL-2.0
# A reader's queue is bounded in bytes too: of twenty events with 4000
# bytes of data each, a reader that does not read keeps 64 KiB of them and
# is told how many it lost; a small event still fits after them.
# The driver (wmi-testdrv) counts the events it gets: the test waits for
# them before the small one, as the firmware keeps one event's data.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-event-test big
finish
