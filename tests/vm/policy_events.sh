# SPDX-License-Identifier: GPL-2.0
# Event rules in a policy file: drop the hot key events whose data is
# 0xdead for the kernel driver and user-space readers alike, report every
# hot key to wmibpf monitor, count them in wmibpf show; audit mode lets
# the drop through, reported. A method-call default, even one for every
# origin, never touches events.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }
driver_has() { [ "$(cat $TESTDRV/event_count)" -ge "$1" ]; }

cat >/tmp/keys.yaml <<EOF
name: keys
device: $ACME_EVENT
rules:
  - event: 0xd0
    input: [{ offset: 0, width: 4, value: 0xdead }]
    action: drop
    audit: true
  - event: any
    action: audit
EOF
expect_ok "an event policy checks" wmibpf check /tmp/keys.yaml
expect_ok "and loads" wmibpf load -q /tmp/keys.yaml
wmibpf monitor keys --count 4 >/tmp/mon 2>&1 &
mon=$!
wait_until 10 grep -q monitoring /tmp/mon || fail "the monitor did not start: $(cat /tmp/mon)"
rm -f /tmp/events
wmi-event-test read "$ACME_EVENT" 2 20 >/tmp/events &
reader=$!
wait_until 10 grep -q ready /tmp/events || fail "the reader is not ready"

# One at a time: _WED reads the data the last raise stored.
raise 0xdead
expect_ok "the monitor saw the drop" wait_until 10 grep -q "drop -> dropped" /tmp/mon
raise 0x2a
expect_ok "the driver got 0x2a" wait_until 10 driver_has 1
raise 0x56
wait $reader
expect_eq "$(sed -n 2,3p /tmp/events)" \
	"notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 2a 00 00 00
notify 0xd0 type 1 size 4 flags 0x0 lost 0 data 56 00 00 00" "the reader never saw 0xdead"
expect_ok "the driver got two" wait_until 10 driver_has 2
expect_eq "$(cat $TESTDRV/events)" "$ACME_EVENT integer 0x2a
$ACME_EVENT integer 0x56" "and not the dropped one either"

expect_ok "audit mode" wmibpf mode keys audit
raise 0xdead
expect_ok "in audit mode the drop is not enforced" wait_until 10 driver_has 3
expect_ok "the monitor saw four events" wait "$mon"
expect_match "$(sed -n 2p /tmp/mon)" "* keys $ACME_EVENT event 0xd0 rule 1: drop -> dropped *" \
	"the drop, reported"
expect_match "$(sed -n 3p /tmp/mon)" "* event 0xd0 rule 2: audit -> delivered *" \
	"an event the audit rule reports"
expect_match "$(sed -n 5p /tmp/mon)" \
	"* event 0xd0 rule 1: drop (audit mode: not enforced) -> delivered *" \
	"audit mode says what it let through"
expect_ok "enforce again" wmibpf mode keys enforce

show=$(wmibpf show keys)
expect_match "$(echo "$show" | grep '^ *1 ')" \
	"* $ACME_EVENT * 0xd0 event * any * any drop, audit * 2  in[[]0:4]=57005" \
	"show: rule 1, for event 0xd0, two hits"
expect_match "$(echo "$show" | grep '^ *2 ')" "* any event * audit * 2  -" \
	"rule 2, any event, two hits"
expect_match "$(wmibpf show keys --json)" '*"event":"0xd0","origin":"event",*' \
	"JSON names the event"

# A policy for the event device that denies its every call, of any origin.
cat >/tmp/calls.yaml <<EOF
name: calls
device: $ACME_EVENT
default: { action: deny, origin: any }
rules:
  - origin: any
    action: deny
EOF
expect_ok "load a deny-everything call policy" wmibpf load -q /tmp/calls.yaml
raise 0x57
expect_ok "events still reach the driver" wait_until 10 driver_has 4
expect_ok "unload it" wmibpf unload calls
expect_ok "unload the event policy" wmibpf unload keys
raise 0xdead
expect_ok "without it 0xdead is delivered" wait_until 10 driver_has 5
finish
