# SPDX-License-Identifier: GPL-2.0
# An event raised by the firmware (Notify on the PNP0C14 device) reaches the
# bound driver's notify callback with the data _WED returns.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv

expect_eq "$(kcall method "$ACME_METHODS 0 11")" "ok integer 0x1" "event enabled by the core at probe (WED0)"
expect_eq "$(cat "$TESTDRV/events")" "" "no event before one is raised"
expect_eq "$(kcall method "$ACME_METHODS 0 12 2a000000")" "ok integer 0x0" "event data 0x2a"
# No Return in the method: ACPICA's slack mode answers Integer 0.
expect_eq "$(kcall method "$ACME_HOTKEY 0 1")" "ok integer 0x0" "hot key"
expect_eq "$(kcall method "$ACME_METHODS 0 12 07010000")" "ok integer 0x0" "event data 0x107"
expect_eq "$(kcall method "$ACME_HOTKEY 0 1")" "ok integer 0x0" "second hot key"
expect_eq "$(kcall method "$ACME_HOTKEY 0 5")" "ok integer 0x0" "any method id raises it"

# Notify is delivered from a work queue; give it a moment.
wait_until 10 testdrv_events_at_least 3
expect_eq "$(sed -n 1p "$TESTDRV/events")" "$ACME_EVENT integer 0x2a" "first event data"
expect_eq "$(sed -n 2p "$TESTDRV/events")" "$ACME_EVENT integer 0x107" "second event data"
expect_eq "$(sed -n 3p "$TESTDRV/events")" "$ACME_EVENT integer 0x107" "repeated event data"
expect_eq "$(wc -l <"$TESTDRV/events")" 3 "number of events"

finish
