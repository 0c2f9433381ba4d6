# SPDX-License-Identifier: GPL-2.0
# Kernel-origin calls pass the same hooks: a policy may deny them, or
# exempt them while denying user space.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test origin
finish
