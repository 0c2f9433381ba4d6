# SPDX-License-Identifier: GPL-2.0
# The method nodes are root's: other users cannot open them.
. /wmibpf/tests/lib.sh
run_prog wmi-cdev-test nonroot
expect_fail "nobody cannot run acme-ctl" setpriv --reuid=65534 --regid=65534 --clear-groups acme-ctl brightness
finish
