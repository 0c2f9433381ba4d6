# SPDX-License-Identifier: GPL-2.0
# Results programs set or rewrite reach user space marshalled and kernel
# callers as ACPI objects. bpf_wmi_set_output() takes no memory itself: a
# program that may not sleep cannot wait for it, and under memory pressure
# its answer would fail with ENOMEM. The kernel takes the memory before
# the program runs, where it may wait; the kmem tracepoint shows who did.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv

echo >$T/trace
echo 1 >$T/events/kmem/kmalloc/enable
run_prog wmi-bpf-test answer
echo 0 >$T/events/kmem/kmalloc/enable
grep 'kmalloc:' $T/trace >/tmp/trace
echo >$T/trace

expect_ok "the memory for a program's answer was taken before it ran, by an allocation that may wait" \
	grep -q 'call_site=wmi_bpf_[^ ]* .*bytes_req=4096 .*gfp_flags=GFP_KERNEL' /tmp/trace
expect_eq "$(grep 'call_site=bpf_wmi_set_output' /tmp/trace)" "" \
	"bpf_wmi_set_output() took none itself"
finish
