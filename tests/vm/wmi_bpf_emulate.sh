# SPDX-License-Identifier: GPL-2.0
# A program answers a method itself: the firmware never sees the call.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test emulate
finish
