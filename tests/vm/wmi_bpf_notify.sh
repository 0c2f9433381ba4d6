# SPDX-License-Identifier: GPL-2.0
# A driver that calls a method from its notify callback, as hot key
# drivers do, while a policy bound to every device runs: the call passes
# the programs, and lockdep finds nothing to say about the locks involved.
. /wmibpf/tests/lib.sh
insmod /wmibpf/modules/wmi_testdrv.ko notify_call=1 || exit 1
loaded_modules="wmi_testdrv"
expect_ok "load the default policy" wmibpf load -q /usr/local/share/wmibpf/policies/default.yaml
expect_eq "$(kcall method "$ACME_METHODS 0 12 2a000000")" "ok integer 0x0" "event data 0x2a"
expect_eq "$(kcall method "$ACME_HOTKEY 0 1")" "ok integer 0x0" "raise the event"
wait_until 10 testdrv_events_at_least 1
expect_eq "$(cat "$TESTDRV/events")" "$ACME_EVENT integer 0x2a then integer 0x1" \
	"the notify callback's method call was answered"
expect_match "$(wmibpf show default)" "* kernel *allow * [1-9]*" "the policy saw the kernel calls"
wmibpf unload default >/dev/null
finish
