# SPDX-License-Identifier: GPL-2.0
# Programs on one device run in order, WMI_BPF_F_BEFORE first, each
# seeing the previous one's rewrite of the input.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test chain
finish
