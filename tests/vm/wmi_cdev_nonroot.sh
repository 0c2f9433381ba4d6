# SPDX-License-Identifier: GPL-2.0
# The method nodes are root's: other users cannot open them.
. /wmibpf/tests/lib.sh
run_prog wmi-cdev-test nonroot
expect_eq "$(runas 65534 65534 acme-ctl brightness 2>&1)" \
	"acme-ctl: /dev/wmi/$ACME_METHODS: Permission denied" "nobody cannot use acme-ctl"
finish
