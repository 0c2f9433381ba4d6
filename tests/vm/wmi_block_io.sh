# SPDX-License-Identifier: GPL-2.0
# Data blocks from user space: the node of a data block queries and sets
# it, with the errors of userspace.rst; each access that reaches the WMI
# core is traced as the caller's, and each query of an expensive block
# has the firmware's data collection on around it, and off after it.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv

c0=$(collections)
echo >$T/trace
echo 1 >$T/events/wmi/wmi_block_query/enable
echo 1 >$T/events/wmi/wmi_block_set/enable
run_prog wmi-block-test io
run_prog wmi-block-test errors
echo 0 >$T/events/wmi/wmi_block_query/enable
echo 0 >$T/events/wmi/wmi_block_set/enable
grep wmi_block_ $T/trace >/tmp/trace
expect_match "$(grep -m1 wmi_block_set: /tmp/trace)" \
	"*guid=$ACME_DATA instance=0 origin=user caller=0x0 comm=wmi-block-test uid=0 pid=* verdict=firmware error=0 *" \
	"a set from user space is traced as the caller's"
queries=$(grep -c "wmi_block_query: guid=$ACME_DATA instance=0 .*verdict=firmware" /tmp/trace)
expect_eq "$(( $(collections) - c0 ))" "$((queries * 256))" \
	"collection enabled once for each of the $queries queries, and off"
expect_eq "$(grep -c "guid=$ACME_DATA instance=1 .*verdict=failed error=-22" /tmp/trace)" 0 \
	"an instance out of range never reaches the WMI core"
finish
