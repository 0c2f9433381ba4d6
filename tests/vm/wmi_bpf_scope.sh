# SPDX-License-Identifier: GPL-2.0
# A program bound to one GUID never sees another's calls; one bound to
# every device sees all; both see the call's context and result.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test scope
finish
