# SPDX-License-Identifier: GPL-2.0
# Results programs set or rewrite reach user space marshalled and kernel
# callers as ACPI objects.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test answer
finish
