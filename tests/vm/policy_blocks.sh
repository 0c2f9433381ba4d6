# SPDX-License-Identifier: GPL-2.0
# Query and set rules in a policy file. acme-battery owns the charge limit
# (a claimed data block): a user's set below 80 is denied by its data,
# root's is allowed, the driver's own write of its attribute is no
# user-space set and goes on; the default audits the rest, and monitor
# and show say which rule decided. A query rule emulates instance 1 of
# the two-instance firmware information; a method rule for every method
# touches no query. A rule for every call covers queries and sets too.
. /wmibpf/tests/lib.sh
D=/sys/bus/wmi/devices/$ACME_DATA
attr=$D/charge_control_end_threshold

cat >/tmp/battery.yaml <<EOF
name: battery
device: $ACME_DATA
default: audit
rules:
  - set: 0
    uid: 0
    action: allow
  - set: 0
    input: [{ offset: 0, width: 1, max: 79 }]
    action: deny
    errno: EACCES
    audit: true
EOF
expect_ok "charge limit 80" wmibpf set $ACME_DATA --u32 80
expect_ok "a block policy checks" wmibpf check /tmp/battery.yaml
expect_ok "and loads" wmibpf load -q /tmp/battery.yaml
load_module acme_battery
expect_eq "$(cat $D/claimed)" 1 "acme-battery claims the block"
grant_node "$ACME_DATA"

wmibpf monitor battery --count 4 >/tmp/mon 2>&1 &
mon=$!
wait_until 10 grep -q monitoring /tmp/mon || fail "the monitor did not start: $(cat /tmp/mon)"

expect_eq "$(runas 65534 65534 wmibpf set $ACME_DATA --u32 70 2>&1; echo $?)" \
	"wmibpf: $ACME_DATA instance 0: Permission denied
1" "a user's set to 70 is denied by its data"
expect_eq "$(cat $attr)" 80 "the driver never saw it: still 80"
expect_ok "a user's set to 90 goes on, audited" runas 65534 65534 wmibpf set $ACME_DATA --u32 90
expect_eq "$(cat $attr)" 90 "the driver took 90"
expect_ok "root's set to 60 is allowed" wmibpf set $ACME_DATA --u32 60
expect_eq "$(cat $attr)" 60 "the driver took 60"
expect_ok "the driver's own write of 55: no user-space set" sh -c "echo 55 >$attr"
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [37 00 00 00]" "a query, audited: the driver's 55"
expect_eq "$(runas 65534 65534 wmibpf query $ACME_DATA)" "buffer [37 00 00 00]" \
	"a user's query, audited"
expect_ok "the monitor saw four calls" wait "$mon"
expect_match "$(sed -n 2p /tmp/mon)" \
	"* battery $ACME_DATA set inst 0 user uid 65534 pid * wmibpf rule 2: deny -> denied error -13 (EACCES) *" \
	"monitor: the denied set, by rule 2"
expect_match "$(sed -n 3p /tmp/mon)" \
	"* battery $ACME_DATA set inst 0 user uid 65534 pid * wmibpf default: audit -> driver error 0 *" \
	"monitor: the user's set the default audited, answered by the driver"
expect_match "$(sed -n 4,5p /tmp/mon | tr '\n' '|')" \
	"* query inst 0 user uid 0 *default: audit -> driver error 0 *|* query inst 0 user uid 65534 *default: audit -> driver error 0 *|" \
	"monitor: the queries; root's allowed set is no report"

wmibpf show battery >/tmp/show
expect_match "$(grep '^ *1 ' /tmp/show)" "* $ACME_DATA *set 0 user *0 *any allow * 1  -" \
	"show: root's rule, one hit"
expect_match "$(grep '^ *2 ' /tmp/show)" "* $ACME_DATA *set 0 user *any *any deny EACCES, audit * 1  in[[]0:1]=0..79" \
	"show: the rule by data, one hit"
expect_match "$(grep ' default ' /tmp/show)" "*audit * 3  -" "show: the default, three"
expect_match "$(wmibpf show battery --json)" \
	"*\"rule\":2,\"line\":8,\"device\":\"$ACME_DATA\",\"set\":\"0\",\"origin\":\"user\",*" \
	"show --json: a set rule"
expect_ok "unload" wmibpf unload battery
unload_module acme_battery
expect_ok "charge limit back to 80" wmibpf set $ACME_DATA --u32 80

cat >/tmp/info.yaml <<EOF
name: info
device: $ACME_INFO
rules:
  - query: 1
    action: emulate
    answer: 7
  - method: any
    origin: any
    action: deny
EOF
expect_ok "a query policy loads" wmibpf load -q /tmp/info.yaml
expect_eq "$(wmibpf query $ACME_INFO --instance 1)" "integer 7 [07 00 00 00]" \
	"instance 1 is emulated"
expect_match "$(wmibpf query $ACME_INFO --instance 0)" 'string "ACME firmware 1.07" *' \
	"instance 0 is the firmware's: no method rule touches a query"
expect_match "$(wmibpf show info | grep '^ *1 ')" "* $ACME_INFO *query 1 user *emulate 7 * 1  -" \
	"show: the query rule, one hit"
expect_ok "unload" wmibpf unload info

# A rule that names no method, query or set is for every call: the usual
# "allow the kernel" rule keeps the driver's own queries and sets going
# under a default for every origin, and one for a user denies its queries
# too, ranked before a query rule for every user, as a rule for any method
# would be. intercept lets root's set go on only while the driver claims
# the block; audit mode enforces nothing.
cat >/tmp/strict.yaml <<EOF
name: strict
device: $ACME_DATA
default: { action: deny, origin: any }
rules:
  - origin: kernel
    action: allow
  - uid: 65534
    action: deny
    errno: EACCES
  - set: any
    uid: 0
    action: intercept
  - query: any
    action: audit
EOF
load_module acme_battery
expect_ok "a strict policy loads" wmibpf load -q /tmp/strict.yaml
expect_ok "the driver's own write of 85 goes on" sh -c "echo 85 >$attr"
expect_eq "$(cat $attr)" 85 "and its own query: 85"
expect_eq "$(runas 65534 65534 wmibpf query $ACME_DATA 2>&1; echo $?)" \
	"wmibpf: $ACME_DATA instance 0: Permission denied
1" "nobody's query meets the rule for every call of nobody, not the query rule"
expect_ok "root's set is intercepted: the driver claims the block" wmibpf set $ACME_DATA --u32 90
expect_eq "$(cat $attr)" 90 "the driver took 90"
expect_eq "$(wmibpf query $ACME_DATA 2>&1)" "buffer [5a 00 00 00]" "root's query meets the query rule"
expect_match "$(runas 1000 1000 wmibpf set $ACME_DATA --u32 95 2>&1)" "*Operation not permitted*" \
	"a user's set meets the default"
expect_ok "root's set of 95, intercepted" wmibpf set $ACME_DATA --u32 95
expect_match "$(wmibpf show strict | grep '^ *2 ')" "* $ACME_DATA *every call user *65534 *any deny EACCES * 1  -" \
	"show: the rule for every call, apart from one for any method"
expect_match "$(wmibpf show strict --json)" \
	"*\"rule\":2,\"line\":7,\"device\":\"$ACME_DATA\",\"call\":\"any\",\"origin\":\"user\",*" \
	"show --json: \"call\" in place of \"method\""
expect_ok "audit mode" wmibpf mode strict audit
expect_eq "$(runas 65534 65534 wmibpf query $ACME_DATA)" "buffer [5f 00 00 00]" \
	"audit mode: nobody's query goes on"
expect_ok "enforce" wmibpf mode strict enforce
unload_module acme_battery
expect_match "$(wmibpf set $ACME_DATA --u32 80 2>&1)" "*Operation not permitted*" \
	"unclaimed, intercept refuses root's set"
expect_ok "unload" wmibpf unload strict
expect_ok "charge limit back to 80" wmibpf set $ACME_DATA --u32 80
finish
