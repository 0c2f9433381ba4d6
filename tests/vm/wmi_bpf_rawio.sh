# SPDX-License-Identifier: GPL-2.0
# Altering firmware calls needs what raw access needs: a program attached,
# or swapped in by bpf_link_update(), by a task with CAP_BPF and
# CAP_PERFMON but without CAP_SYS_RAWIO observes and denies, but cannot
# rewrite input or results, answer or let calls go raw (-EPERM), and the
# firmware gets the caller's input; attached with CAP_SYS_RAWIO it can.
# The same holds for event data (the driver and the readers of the event
# node get the firmware's data; such a program may still drop events),
# per program in a chain of one attached with and one without, in either
# order, and for state updates handed to a driver (acme-wmi's brightness
# stays as it was).
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
# CAP_SYS_RAWIO (17), CAP_PERFMON (38), CAP_BPF (39); the test drops 17,
# in a thread of its own where it attaches without it.
run_prog runas --caps 17,38,39 wmi-bpf-test rawio
# acme-wmi must own the method block to take state updates.
unload_module wmi_testdrv
load_module acme_wmi
run_prog runas --caps 17,38,39 wmi-bpf-test rawio-update
finish
