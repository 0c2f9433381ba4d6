# SPDX-License-Identifier: GPL-2.0
# A program cannot recurse into the driver through bpf_wmi_driver_update()
# from a call that an update caused: the kfunc fails with EDEADLK.
. /wmibpf/tests/lib.sh
load_module acme_wmi
run_prog wmi-bpf-test recursion
finish
