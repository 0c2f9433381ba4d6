# SPDX-License-Identifier: GPL-2.0
# WMI-BPF programs see data block queries and sets as they see method
# calls: from user space and from kernel drivers on both APIs, they deny,
# answer queries (and sets, which take no output), rewrite a set's input
# and a query's result, within the bounds of a kernel driver's call, and
# no denied or answered query enables the block's data collection. An
# owned block is shared raw only if a program allows it.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-block hooks
unload_module wmi_testdrv

# With own=1 it owns the block. (No method call while it is bound: it logs
# the firmware's method calls by others, which wmi_owner checks.)
insmod /wmibpf/modules/wmi_testdrv.ko own=1 && loaded_modules="wmi_testdrv $loaded_modules"
run_prog wmi-bpf-block raw
finish
