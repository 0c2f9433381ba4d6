# SPDX-License-Identifier: GPL-2.0
# No memory to give the programs a call is no reason to pass them by: a
# caller whose result a method_done program hides gets an error, never
# the firmware's result, and an event its program would judge is
# dropped, not delivered as sent, whether the WMI core lacked the memory
# to marshal the result or data, or the memory for an output the program
# may set (which test_redact.bpf.c does not check it got).  failslab,
# filtered to the one kernel function, makes one allocation under it fail.
. /wmibpf/tests/lib.sh
F=/sys/kernel/debug/failslab
T=/sys/kernel/tracing
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }
# failslab's settings, those the bed keeps (bed-state), as they were.
bed-state --pgrp 0 | sed -n 's/^failslab //p' >/tmp/failslab
[ -s /tmp/failslab ] || fail "failslab's settings cannot be read"
disarm() {
	while read -r k v; do
		echo "$v" >"$F/$k"
	done </tmp/failslab
}

# fail_once_under FUNC: the first slab allocation with FUNC in its call
# stack fails, in any task (an event runs in the ACPI notify worker).
# Only the first: the allocations kmemleak makes to track each one would
# take the failure after it (and fall back to its own pool).
fail_once_under() {
	set -- $(sort /proc/kallsyms | awk -v f="$1" '
		start && $1 != start { print "0x" start, "0x" $1; exit }
		!start && $3 == f { start = $1 }')
	[ $# -eq 2 ] || return 1
	echo "$1" >$F/require-start && echo "$2" >$F/require-end &&
		echo N >$F/ignore-gfp-wait && echo 0 >$F/verbose &&
		echo 0 >$F/space && echo 1 >$F/interval &&
		echo 1 >$F/times && echo 100 >$F/probability
}
# The failure happened: fault injection is spent.
spent() { [ "$(cat $F/times)" = 0 ]; }
# arm FUNC: as fail_once_under, or the test ends here.
arm() {
	fail_once_under "$1" && return 0
	fail "failslab cannot be armed under $1"
	disarm
	finish
	exit 1
}

expect_ok "load a program that hides the model string" \
	wmibpf load -q /wmibpf/bpf/test_redact.bpf.o
expect_eq "$(kcall method "$ACME_METHODS 0 9")" "ok string Hidden" \
	"an ACPI-object caller gets the hidden string"
expect_eq "$(kcall invoke "$ACME_METHODS 0 9 2 01")" \
	"ok 16 0e 00 48 00 69 00 64 00 64 00 65 00 6e 00 00 00" \
	"so does a wmidev_invoke_method() caller"
expect_match "$(wmibpf call "$ACME_METHODS" 9)" "*Hidden*" "and user space"

# An ACPI-object caller's result is marshalled for the programs first.
arm wmi_bpf_method_done
expect_eq "$(kcall method "$ACME_METHODS 0 9")" "error AE_NO_MEMORY" \
	"no memory to marshal the result: the call fails, never the model string"
expect_ok "the allocation under method_done failed" spent
# A wmidev_invoke_method() caller's result, and user space's, come
# marshalled: the memory for the program's output is the first taken.
arm wmi_bpf_method_done
expect_eq "$(kcall invoke "$ACME_METHODS 0 9 2 01")" "error -12" \
	"a wmidev_invoke_method() caller: the call fails, never the model string"
expect_ok "the allocation under method_done failed" spent
arm wmi_bpf_method_done
out=$(wmibpf call "$ACME_METHODS" 9 2>&1)
expect_match "$out" "*Cannot allocate memory*" "a user-space call fails with ENOMEM"
expect_fail "never with the model string" expr "$out" : ".*Aero"
expect_ok "the allocation under method_done failed" spent
disarm
expect_eq "$(kcall method "$ACME_METHODS 0 9")" "ok string Hidden" "memory again: hidden again"
expect_ok "unload it" wmibpf unload test_redact

# An event whose data cannot be marshalled for its programs is dropped.
expect_ok "load the event program" wmibpf load -q /wmibpf/bpf/test_event.bpf.o
echo >$T/trace
echo 1 >$T/events/wmi/wmi_event/enable
count=$(cat $TESTDRV/event_count)
arm wmi_bpf_event
raise 0x2a
expect_ok "the allocation under the event's programs failed" spent
disarm
expect_match "$(grep wmi_event: $T/trace)" "*verdict=dropped readers=0*" "traced as dropped"
raise 0x2a
expect_ok "the driver got the next one" wait_until 10 testdrv_events_at_least $((count + 1))
expect_eq "$(cat $TESTDRV/event_count)" $((count + 1)) "but not the one dropped"
expect_eq "$(sed -n "$((count + 1))p" $TESTDRV/events)" "$ACME_EVENT integer 0x107" \
	"and never the firmware's 0x2a: the next was fixed"
echo 0 >$T/events/wmi/wmi_event/enable
expect_ok "unload it" wmibpf unload test_event
disarm
finish
