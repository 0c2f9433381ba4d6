# SPDX-License-Identifier: GPL-2.0
# A program pinned in bpffs outlives its loader, bpftool lists it by name,
# and removing the pin detaches it.
. /wmibpf/tests/lib.sh
PIN=/sys/fs/bpf/wmi-test-deny
T=/sys/kernel/tracing
run_prog wmi-bpf-test pin $PIN
bpftool struct_ops show | tee /tmp/show
expect_match "$(cat /tmp/show)" "*deny_method*wmi_bpf_ops*" "bpftool struct_ops show lists it"
expect_match "$(bpftool -j struct_ops show)" '*"name":"deny_method"*"kernel_struct_ops":"wmi_bpf_ops"*' \
	"and in JSON"
echo 1 >$T/events/wmi/wmi_method_call/enable
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Permission denied" "still denied after the loader exited"
echo 0 >$T/events/wmi/wmi_method_call/enable
expect_match "$(grep -m1 'method=6 ' $T/trace)" "*verdict=denied error=-13 *" "traced as denied"
rm $PIN
expect_ok "unpinned: detached" acme-ctl fan 2
expect_eq "$(bpftool struct_ops show | grep -c deny_method)" 0 "bpftool no longer lists it"
finish
