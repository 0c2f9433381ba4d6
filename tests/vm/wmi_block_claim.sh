# SPDX-License-Identifier: GPL-2.0
# A driver that claims its data block gets user space's queries and sets
# of it: acme-battery keeps the charge limit as a sysfs attribute, and a
# raw tool's set goes through the attribute's path (checked, set in the
# firmware, pollers notified) instead of behind the driver's back. A
# query is the driver's answer. Unbound, the block is raw again.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
D=/sys/bus/wmi/devices/$ACME_DATA
attr=$D/charge_control_end_threshold

expect_eq "$(cat $D/claimed)" 0 "nobody claims the block"
expect_ok "set 80 raw" wmibpf set $ACME_DATA --u32 80
load_module acme_battery
expect_eq "$(basename "$(readlink $D/driver)")" acme-battery "acme-battery bound"
expect_eq "$(cat $D/claimed)" 1 "the block is claimed"
expect_eq "$(cat $attr)" 80 "the attribute reads the firmware's 80"

echo >$T/trace
echo 1 >$T/events/wmi/wmi_block_set/enable
echo 1 >$T/events/wmi/wmi_block_query/enable
watch_notify sysfs $attr 5000
expect_ok "a raw tool sets 60" wmibpf set $ACME_DATA --u32 60
wait $watcher
expect_eq "$?" 0 "pollers of the attribute were told"
expect_eq "$(cat $attr)" 60 "the attribute reads 60"
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [3c 00 00 00]" "a raw query: the driver's answer"
echo 0 >$T/events/wmi/wmi_block_set/enable
echo 0 >$T/events/wmi/wmi_block_query/enable
grep wmi_block_ $T/trace >/tmp/trace
expect_match "$(grep -m1 'origin=user' /tmp/trace)" "*wmi_block_set: guid=$ACME_DATA instance=0 origin=user *verdict=driver error=0 *" \
	"the user's set was the driver's"
expect_match "$(grep -m1 'wmi_block_set:.*origin=kernel' /tmp/trace)" "*verdict=firmware error=0 *" \
	"the driver set the firmware"
expect_match "$(grep 'wmi_block_query:.*origin=user' /tmp/trace)" "*verdict=driver error=0 *" \
	"the user's query was the driver's"

expect_match "$(wmibpf set $ACME_DATA --u32 30 2>&1)" "*Invalid argument*" \
	"30 is refused by the driver, as a write of the attribute is"
expect_fail "the attribute refuses 30 too" sh -c "echo 30 >$attr"
expect_match "$(wmibpf set $ACME_DATA --input '3c 00' 2>&1)" "*Invalid argument*" \
	"a set that is not one dword is refused"
expect_eq "$(cat $attr)" 60 "still 60"

# Granted the node, a user without capabilities sets it through the
# driver: what the node grants is the driver's path, never the firmware raw.
grant_node "$ACME_DATA"
expect_ok "nobody sets 70 through the driver" runas 65534 65534 wmibpf set $ACME_DATA --u32 70
expect_eq "$(cat $attr)" 70 "the attribute reads 70"

unload_module acme_battery
expect_eq "$(cat $D/claimed)" 0 "unbound: no claim"
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [46 00 00 00]" "the firmware kept 70"
expect_match "$(runas 65534 65534 wmibpf set $ACME_DATA --u32 75 2>&1)" "*Operation not permitted*" \
	"unclaimed, nobody's set would go raw: refused"
expect_ok "charge limit back to 80" wmibpf set $ACME_DATA --u32 80
finish
