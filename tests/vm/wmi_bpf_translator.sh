# SPDX-License-Identifier: GPL-2.0
# The acme translator turns raw brightness and keyboard light calls into
# acme-wmi state updates; the trace shows BPF answered them.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module acme_wmi
echo >$T/trace
echo 1 >$T/events/wmi/wmi_method_call/enable
run_prog wmi-bpf-test translator
echo 0 >$T/events/wmi/wmi_method_call/enable
expect_match "$(grep 'method=2 ' $T/trace | grep -m1 'origin=user')" \
	"*origin=user*comm=wmi-bpf-test*verdict=bpf error=0*" "the user's call was answered by BPF"
expect_match "$(grep 'method=2 ' $T/trace | grep -m1 'origin=kernel')" \
	"*origin=kernel caller=acme_call*verdict=firmware*" "the driver applied it to the firmware"
finish
