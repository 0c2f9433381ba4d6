# SPDX-License-Identifier: GPL-2.0
# Programs the verifier accepts, written to hurt kernel drivers: answers
# with no result or too many bytes for a driver that trusts its firmware
# (as dell-smbios-wmi does), an output set before going on, a window kept
# across bpf_wmi_set_output(), a method_done that fails a driver's call,
# errnos outside the documented set, an observer of a result without a
# Windows layout. Each is refused or harmless; KASAN and kmemleak watch.
# The tracepoint records the error each caller got.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv

echo >$T/trace
echo 1 >$T/events/wmi/wmi_method_call/enable
run_prog wmi-bpf-test hostile
echo 0 >$T/events/wmi/wmi_method_call/enable
grep wmi_method_call $T/trace >/tmp/trace

expect_match "$(grep 'method=9 origin=kernel' /tmp/trace | grep -m1 'error=-13 ')" \
	"*verdict=firmware error=-13 *" "a driver's call failed by method_done is traced with EACCES"
expect_match "$(grep 'method=5 origin=user' /tmp/trace | grep -m1 -v 'error=0 ')" \
	"*error=-1 *" "an errno outside the set is traced as the EPERM the caller got"
expect_match "$(grep 'method=8 origin=kernel' /tmp/trace | grep -m1 'verdict=failed')" \
	"*error=-5 *" "an answer without output is traced as a failure with EIO"
finish
