# SPDX-License-Identifier: GPL-2.0
# Data blocks from user space: the node of a data block queries and sets
# it, with the errors of userspace.rst; each access that reaches the WMI
# core is traced as the caller's, and each query of an expensive block
# has the firmware's data collection on around it, and off after it.
# Instances past a block's count and malformed strings for the
# string-flagged asset owner are refused before the WMI core.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv

c0=$(collections)
echo >$T/trace
echo 1 >$T/events/wmi/wmi_block_query/enable
echo 1 >$T/events/wmi/wmi_block_set/enable
run_prog wmi-block-test io
run_prog wmi-block-test errors
run_prog wmi-block-test string
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
expect_eq "$(grep -c "guid=$ACME_INFO instance=[^01] " /tmp/trace)" 0 \
	"nor does one past the two of the firmware information"
expect_eq "$(grep -c "wmi_block_query: guid=$ACME_INFO instance=1 .*verdict=firmware error=0 " /tmp/trace)" 1 \
	"its instance 1 is the firmware's"
# string: "Jane Doe", 31 characters, 32 (the firmware fails it), "Bob",
# "" and the owner put back; not the five malformed ones nor instance 1.
expect_eq "$(grep -c "wmi_block_set: guid=$ACME_OWNER instance=0 " /tmp/trace)" 6 \
	"only the asset owner's well-formed sets reach the WMI core"
expect_eq "$(grep -c "wmi_block_set: guid=$ACME_OWNER instance=0 .*verdict=failed error=-5 " /tmp/trace)" 1 \
	"the one the firmware failed is traced with EIO"
finish
