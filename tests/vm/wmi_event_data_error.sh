# SPDX-License-Identifier: GPL-2.0
# An event whose data the firmware's _WED fails to give (acme's _WED fails
# for the data 0xBAD) reaches no driver and no reader: the WMI core counts
# it in the event device's event_data_errors, traces it in
# wmi_event_data_error with _WED's ACPI status, and wmibpf status shows the count.
# The next good event is delivered as before.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }
errors=/sys/bus/wmi/devices/$ACME_EVENT/event_data_errors
T=/sys/kernel/tracing

before=$(cat $errors)
expect_match "$before" "[0-9]*" "the device counts lost events"
events=$(wc -l <"$TESTDRV/events")
echo 1 >$T/events/wmi/wmi_event_data_error/enable
echo 1 >$T/events/wmi/wmi_event/enable
echo >$T/trace

raise 0xbad
expect_eq "$(cat $errors)" $((before + 1)) "an event _WED failed on is counted"
expect_eq "$(wc -l <"$TESTDRV/events")" "$events" "and reaches no driver"
grep wmi_event $T/trace >/tmp/trace
cat /tmp/trace
expect_match "$(grep -m1 wmi_event_data_error /tmp/trace)" \
	"*guid=$ACME_EVENT notify_id=0xd0 acpi_status=0x[1-9a-f]*" "traced with _WED's ACPI status"
expect_eq "$(grep -c 'wmi_event:' /tmp/trace)" 0 "not traced as delivered or dropped"

out=$(wmibpf status)
echo "$out"
expect_match "$out" "*events lost on $ACME_EVENT: $((before + 1)) (the firmware's _WED failed)*" \
	"wmibpf status shows the count"
expect_match "$(wmibpf status --json)" \
	"*\"event_data_errors\":\[*{\"device\":\"$ACME_EVENT\",\"count\":$((before + 1))}*" \
	"and so does its JSON"

raise 0x2a
wait_until 10 testdrv_events_at_least $((events + 1))
expect_eq "$(tail -n1 "$TESTDRV/events")" "$ACME_EVENT integer 0x2a" "the next event is delivered"
expect_eq "$(cat $errors)" $((before + 1)) "and not counted"

echo 0 >$T/events/wmi/wmi_event_data_error/enable
echo 0 >$T/events/wmi/wmi_event/enable
finish
