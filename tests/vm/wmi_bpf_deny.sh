# SPDX-License-Identifier: GPL-2.0
# A program denies one method with an errno; detaching it restores the default.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test deny
finish
