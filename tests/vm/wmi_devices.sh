# SPDX-License-Identifier: GPL-2.0
# Every block of the fake laptop's _WDG becomes a WMI device with the
# attributes the ACPI tables give it.
. /wmibpf/tests/lib.sh

# device type instances expensive object_id/notify_id setable
expect_device() {
	local d=$WMI_DEVICES/$1
	if [ ! -d "$d" ]; then
		fail "$1 missing from $WMI_DEVICES"
		return
	fi
	expect_eq "$(sed -n 's/^DEVTYPE=//p' "$d/uevent")" "$2" "$1 type"
	expect_eq "$(cat "$d/instance_count")" "$3" "$1 instance_count"
	expect_eq "$(cat "$d/expensive")" "$4" "$1 expensive"
	if [ "$2" = event ]; then
		expect_eq "$(cat "$d/notify_id")" "$5" "$1 notify_id"
	else
		expect_eq "$(cat "$d/object_id")" "$5" "$1 object_id"
	fi
	if [ "$2" = data ]; then
		expect_eq "$(cat "$d/setable")" "$6" "$1 setable"
	fi
	expect_eq "$(cat "$d/modalias")" "wmi:$(echo "$1" | cut -c1-36)" "$1 modalias"
}

expect_device "$ACME_METHODS" method 1 0 AA
expect_device "$ACME_STRING" method 1 0 AB
expect_device "$ACME_ZONES" method 4 0 AC
expect_device "$ACME_DATA" data 1 1 AD 1
expect_device "$ACME_INFO" data 2 0 AE 0
expect_device "$ACME_OWNER" data 1 0 AG 1
expect_device "$ACME_EVENT" event 1 0 D0
expect_device "$ACME_HOTKEY" method 1 0 AF
expect_device "$ACME_DUP" method 1 0 BA
expect_device "$ACME_DUP-1" method 1 0 BA
expect_device "$WMI_BMOF" data 1 0 MO 0

expect_eq "$(ls "$WMI_DEVICES" | wc -l)" 11 "number of WMI devices"

finish
