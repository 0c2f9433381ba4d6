# SPDX-License-Identifier: GPL-2.0
# A call on a file whose WMI device was removed fails with ENODEV; the
# device and its node come back when the mapper is bound again.
. /wmibpf/tests/lib.sh
run_prog wmi-cdev-test gone
expect_eq "$(ls "$WMI_DEVICES" | wc -l)" 11 "all WMI devices back"
finish
