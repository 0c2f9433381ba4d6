# SPDX-License-Identifier: GPL-2.0
# Read rules in a policy file decide who may open an event device's node
# to read its events, on the opener's uid, gid and supplementary groups:
# root and group 1001 read the hot keys, others are refused with EACCES
# (reported to wmibpf monitor, counted in wmibpf show) even though the
# node's mode lets everyone open it. Audit mode lets them in, reported;
# without the policy the node's mode decides alone. Each open passes the
# wmi_event_open tracepoint, refused or not.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module wmi_testdrv
grant_node "$ACME_EVENT"
# Opens the node and closes it, reading nothing.
open_node() { sh -c ": </dev/wmi/$ACME_EVENT"; }
open_as() { runas "$@" sh -c ": </dev/wmi/$ACME_EVENT" 2>&1; }

cat >/tmp/readers.yaml <<EOF
name: readers
device: $ACME_EVENT
rules:
  - read: events
    uid: 0
    action: allow
  - read: events
    gid: 1001
    action: allow
  - read: events
    action: deny
    errno: EACCES
    audit: true
EOF
expect_ok "a reader policy checks" wmibpf check /tmp/readers.yaml
printf 'name: bad\ndevice: %s\nrules:\n  - read: events\n    origin: user\n    action: allow\n' \
	"$ACME_EVENT" >/tmp/bad.yaml
expect_match "$(wmibpf check /tmp/bad.yaml 2>&1)" \
	"*/tmp/bad.yaml:5:13: origin: a read rule matches who opens the device's event node*" \
	"check refuses a read rule with an origin, naming where"
expect_ok "before the policy, uid 1000 opens the granted node" open_as 1000 1000
expect_ok "the policy loads" wmibpf load -q /tmp/readers.yaml

wmibpf monitor readers --count 2 >/tmp/mon 2>&1 &
mon=$!
wait_until 10 grep -q monitoring /tmp/mon || fail "the monitor did not start: $(cat /tmp/mon)"

echo >$T/trace
echo 1 >$T/events/wmi/wmi_event_open/enable
expect_ok "root opens the node" open_node
expect_match "$(open_as 1000 1000)" "*Permission denied*" "uid 1000 is refused, EACCES"
echo 0 >$T/events/wmi/wmi_event_open/enable
grep wmi_event_open: $T/trace >/tmp/trace
expect_match "$(sed -n 1p /tmp/trace)" "*: wmi_event_open: guid=$ACME_EVENT uid=0 error=0 readers=1" \
	"root's open traced"
expect_match "$(sed -n 2p /tmp/trace)" "*: wmi_event_open: guid=$ACME_EVENT uid=1000 error=-13 readers=0" \
	"uid 1000's refusal traced, with its error"
expect_eq "$(open_as --groups 1001 1000 1000)" "" "uid 1000 in supplementary group 1001 opens it"
expect_eq "$(open_as 1000 1001)" "" "uid 1000 of gid 1001 opens it"

expect_ok "audit mode" wmibpf mode readers audit
expect_eq "$(open_as 1000 1000)" "" "in audit mode uid 1000 opens it"
expect_ok "the monitor saw two opens" wait "$mon"
expect_match "$(sed -n 2p /tmp/mon)" \
	"* readers $ACME_EVENT read events 0xd0 uid 1000 pid * rule 3: deny EACCES -> refused *" \
	"the refusal, reported"
expect_match "$(sed -n 3p /tmp/mon)" \
	"* read events 0xd0 uid 1000 * rule 3: deny (audit mode: not enforced) -> allowed *" \
	"audit mode says what it let in"
expect_ok "enforce again" wmibpf mode readers enforce

show=$(wmibpf show readers)
expect_match "$(echo "$show" | grep '^ *1 ')" "* $ACME_EVENT * read reader * 0 * any allow * 1  -" \
	"show: rule 1, root, one open"
expect_match "$(echo "$show" | grep '^ *2 ')" "* read reader * any * 1001 allow * 2  -" \
	"rule 2, group 1001, two opens"
expect_match "$(echo "$show" | grep '^ *3 ')" "* read reader * any * any deny EACCES* 2  -" \
	"rule 3, the others, two opens: refused and let in by audit mode"
expect_match "$(wmibpf show readers --json)" '*"read":"events","origin":"reader",*' \
	"JSON names a read rule"

expect_ok "unload the policy" wmibpf unload readers
expect_eq "$(open_as 1000 1000)" "" "without it uid 1000 opens the node"
finish
