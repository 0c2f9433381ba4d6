# SPDX-License-Identifier: GPL-2.0
# Bound means owned: while a driver is bound to a WMI device, a raw
# user-space call to a method it neither claims nor shares fails with EBUSY
# and never reaches the firmware. Shared methods, claimed methods and
# devices without a driver stay callable; wmibpf devices shows who owns what.
. /wmibpf/tests/lib.sh

# fw_calls: the firmware's count of WMAA evaluations, asked by a kernel
# driver's call (which counts itself).
fw_calls() {
	printf '%d' "$(kcall method "$ACME_METHODS 0 10" | sed -n 's/^ok integer //p')"
}
shared() {
	cat "/sys/bus/wmi/devices/$ACME_METHODS/shared_methods"
}

unload_module wmi_testdrv
insmod /wmibpf/modules/wmi_testdrv.ko own=1 && loaded_modules="wmi_testdrv $loaded_modules"
expect_eq "$(shared)" "" "an owning driver shares nothing"

before=$(fw_calls)
expect_eq "$(wmibpf call $ACME_METHODS 5 2>&1; echo $?)" \
	"wmibpf: $ACME_METHODS method 5: Device or resource busy (the method belongs to wmi-testdrv, bound to the device; see wmibpf devices)
1" "a raw call to an owned method: EBUSY, and the owner named"
expect_eq "$(wmibpf call $ACME_METHODS 99 2>&1 | sed 's/.*: //')" \
	"Device or resource busy (the method belongs to wmi-testdrv, bound to the device; see wmibpf devices)" \
	"an unknown method id is owned too"
expect_eq "$(fw_calls)" "$((before + 1))" "neither reached the firmware"

echo "$ACME_METHODS" >/sys/bus/wmi/drivers/wmi-testdrv/unbind
expect_match "$(wmibpf call $ACME_METHODS 5)" "integer *" \
	"unbound, the device is callable raw again"
echo "$ACME_METHODS" >/sys/bus/wmi/drivers/wmi-testdrv/bind
expect_eq "$(dmesg | grep -c 'firmware calls by others while bound: 2$')" 1 \
	"while it was bound the firmware ran only the test's two counting calls"
unload_module wmi_testdrv

load_module wmi_testdrv
expect_eq "$(shared)" "all" "a driver that shares all its methods"
expect_match "$(wmibpf call $ACME_METHODS 5)" "integer *" "its methods go raw"
unload_module wmi_testdrv

load_module acme_wmi
expect_eq "$(shared)" "1 3 5 6 7 8 9 10 11 12 13" "acme-wmi shares what cannot disturb it"
expect_match "$(wmibpf call $ACME_METHODS 5)" "integer *" "a shared method goes raw"
expect_eq "$(wmibpf call $ACME_METHODS 2 --u32 40)" "integer 0 [00 00 00 00]" \
	"a claimed method goes to the driver"
expect_eq "$(cat /sys/class/backlight/acme/brightness)" 40 "and the driver's state follows"
expect_match "$(wmibpf call $ACME_METHODS 99 2>&1)" "*Device or resource busy*" \
	"a method it neither claims nor shares: EBUSY"
expect_match "$(wmibpf devices | grep "^$ACME_METHODS ")" \
	"* acme-wmi *2 4 *1 3 5 6 7 8 9 10 11 12 13 *" "wmibpf devices: owner, claimed, shared"
expect_match "$(wmibpf devices --json)" \
	"*\"device\":\"$ACME_METHODS\",*\"driver\":\"acme-wmi\",*\"shared_methods\":\\[1,3,5,6,7,8,9,10,11,12,13\\]*" \
	"and in JSON"
unload_module acme_wmi
expect_eq "$(shared)" "" "no driver, nothing shared"
expect_eq "$(wmibpf call $ACME_METHODS 99 2>&1 | sed 's/.*: //')" "Input/output error" \
	"no driver: the firmware answers again"
finish
