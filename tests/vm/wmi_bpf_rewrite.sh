# SPDX-License-Identifier: GPL-2.0
# A program rewrites a call's argument before the firmware gets it, for
# user-space and kernel callers alike, without touching the caller's buffer.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test rewrite
finish
