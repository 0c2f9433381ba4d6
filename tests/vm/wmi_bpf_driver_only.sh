# SPDX-License-Identifier: GPL-2.0
# A call WMI-BPF programs saw claimed goes to the claiming driver or
# nowhere: a brightness set held in a program while acme-wmi, which claims
# it, is unbound fails with ENODEV instead of reaching the firmware raw.
. /wmibpf/tests/lib.sh
load_module acme_wmi
run_prog wmi-bpf-test driver-only
expect_eq "$(basename "$(readlink $WMI_DEVICES/$ACME_METHODS/driver)")" acme-wmi \
	"acme-wmi bound again afterwards"
finish
