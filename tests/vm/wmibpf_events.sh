# SPDX-License-Identifier: GPL-2.0
# wmibpf events: an event device's events as lines or JSON, --count and
# --timeout, and clear errors for what is not an event device.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }

# start N ARGS...: wmibpf events for N events in the background.
start() {
	local n=$1
	shift
	rm -f /tmp/ev.out /tmp/ev.err
	wmibpf events "$ACME_EVENT" --count "$n" --timeout 20 "$@" >/tmp/ev.out 2>/tmp/ev.err &
	pid=$!
	wait_until 10 grep -q "listening to the events of $ACME_EVENT" /tmp/ev.err ||
		fail "wmibpf events is not listening: $(cat /tmp/ev.err)"
}

start 2
# One at a time: _WED reads the data the last raise stored.
raise 0x2a
wait_until 10 grep -q 0x2a /tmp/ev.out
raise 0x1234
expect_ok "two events, then it exits 0" wait "$pid"
expect_match "$(sed -n 1p /tmp/ev.out)" \
	"20??-??-??T* $ACME_EVENT #* notify 0xd0 integer 0x2a" "a line per event"
expect_match "$(sed -n 2p /tmp/ev.out)" "* notify 0xd0 integer 0x1234" "in order"
s1=$(sed -n 's/.* #\([0-9]*\) .*/\1/p' /tmp/ev.out | sed -n 1p)
s2=$(sed -n 's/.* #\([0-9]*\) .*/\1/p' /tmp/ev.out | sed -n 2p)
expect_eq "$s2" "$((s1 + 1))" "numbered one after the other"

start 1 --json
raise 7
expect_ok "JSON: one event" wait "$pid"
expect_match "$(cat /tmp/ev.out)" \
	"{\"time\":\"20*\",\"device\":\"$ACME_EVENT\",\"seq\":$((s2 + 1)),\"timestamp_ns\":*,\"notify_id\":208,\"type\":\"integer\",\"data\":?7,0,0,0?,\"value\":7}" \
	"one JSON object per line"

# The clock runs from the start: 5 s, so that the event raised as soon as
# wmibpf listens is in even on a loaded host (1 s lost it there).
start 2 --timeout 5
raise 9
expect_fail "--timeout: one event of two is a failure" wait "$pid"
expect_eq "$(tail -n 1 /tmp/ev.err)" "wmibpf: $ACME_EVENT: 1 of 2 events in 5 s" "and says so"
expect_eq "$(wc -l </tmp/ev.out)" 1 "the event that came was printed"

wmibpf events 01234567-89AB-CDEF-0123-456789ABCDEF --timeout 1 2>/tmp/ev.err
expect_eq "$?" 4 "a missing device exits 4"
expect_eq "$(cat /tmp/ev.err)" "wmibpf: /dev/wmi/01234567-89AB-CDEF-0123-456789ABCDEF: No such file or directory (no such WMI device; see wmibpf devices)" \
	"and names the node"
wmibpf events "$ACME_METHODS" --timeout 1 2>/tmp/ev.err
expect_eq "$?" 1 "a method device: exit 1"
expect_match "$(cat /tmp/ev.err)" "*/dev/wmi/$ACME_METHODS: Invalid argument (not an event device*" \
	"a method device's node has no events"
wmibpf events ../null --timeout 1 2>/tmp/ev.err
expect_eq "$?" 2 "a path is no device name"
expect_eq "$(cat /tmp/ev.err)" "wmibpf: ../null: not a WMI device name (a GUID, with -N for duplicates)" \
	"and is not opened"
finish
