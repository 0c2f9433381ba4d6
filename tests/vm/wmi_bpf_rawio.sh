# SPDX-License-Identifier: GPL-2.0
# Altering firmware calls needs what raw access needs: a program attached,
# or swapped in by bpf_link_update(), by a task with CAP_BPF and
# CAP_PERFMON but without CAP_SYS_RAWIO observes and denies, but cannot
# rewrite input or results, answer or let calls go raw (-EPERM), and the
# firmware gets the caller's input; attached with CAP_SYS_RAWIO it can.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
# CAP_SYS_RAWIO (17), CAP_PERFMON (38), CAP_BPF (39); the test drops 17.
run_prog runas --caps 17,38,39 wmi-bpf-test rawio
finish
