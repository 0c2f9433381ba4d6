# SPDX-License-Identifier: GPL-2.0
# Attach and detach programs in a loop while two threads call, one of them
# on a device that is removed and added back meanwhile: no oops, every call
# gets a defined answer, and (checked at the end of the boot) kmemleak
# finds nothing.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh
run_prog wmi-bpf-test loop 15
expect_eq "$(ls "$WMI_DEVICES" | wc -l)" 11 "all WMI devices back"
finish
