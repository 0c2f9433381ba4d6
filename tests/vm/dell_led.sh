# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# A real driver on the GUID-string functions owns its method.  dell-wmi-led
# binds no WMI device: it finds its GUID with wmi_has_guid() when it loads
# and drives the lid LED with wmi_evaluate_method().  While it is loaded
# the LED's WMI device lists it in guid_users, and a raw call to the LED's
# method fails with EBUSY without reaching the firmware's WMLE, so no tool
# turns the LED behind the driver's back; the driver's own calls do reach
# it.  Unloaded, the method is callable raw again.  A user of an alias
# owns the original's method too.
. /wmibpf/tests/lib.sh

users() {	# DEVICE
	cat "$WMI_DEVICES/$1/guid_users"
}
led=/sys/class/leds/dell::lid/brightness
# The LED's method 1 with dell-wmi-led's struct bios_args: "on".
on='03 fd 01 10 00 00'

expect_eq "$(users $DELL_LED)" "" "no user before the driver loads"
expect_match "$(wmibpf call $DELL_LED 1 --input "$on")" "buffer \\[03 00 01 10 00 00\\]*" \
	"no user: a raw call turns the LED on"
expect_eq "$(fw_state 6)" 1 "the firmware's LED is on"
fw_set_state 6 0

expect_ok "load dell-wmi-led" modprobe dell-wmi-led
expect_eq "$(users $DELL_LED)" dell_wmi_led "guid_users names the driver"
evals=$(fw_state 7)
expect_match "$(wmibpf call $DELL_LED 1 --input "$on" 2>&1)" \
	"*Device or resource busy (the method is in use by dell_wmi_led, which calls the device by its GUID*" \
	"a raw call while the driver is loaded: EBUSY, and the driver named"
expect_eq "$(fw_state 7)" "$evals" "the firmware's WMLE did not run"
expect_eq "$(fw_state 6)" 0 "the LED stayed off"
expect_match "$(wmibpf devices | grep "^$DELL_LED ")" "* dell_wmi_led(guid) *" \
	"wmibpf devices shows the driver as the device's user"

# The LED core may set the brightness from a work queue: wait for it.
led_is() {
	[ "$(fw_state 6)" = "$1" ]
}
expect_ok "the driver turns the LED on" sh -c "echo 1 >$led"
expect_ok "its call reached the firmware: the LED is on" wait_until 10 led_is 1
expect_ok "and off" sh -c "echo 0 >$led"
expect_ok "the LED is off" wait_until 10 led_is 0
expect_eq "$(fw_state 7)" "$((evals + 2))" "the firmware ran the driver's two calls only"

expect_ok "unload dell-wmi-led" rmmod dell_wmi_led
expect_eq "$(users $DELL_LED)" "" "unloaded, no user"
expect_match "$(wmibpf call $DELL_LED 1 --input "$on")" "buffer \\[03 00 01 10 00 00\\]*" \
	"and a raw call reaches the firmware again"
fw_set_state 6 0

# An alias: a module using DELL_ALIAS by GUID owns the calling interface's
# WMDA under A80593CE too, once dell-smbios-wmi no longer does.
echo "$DELL_SMBIOS" >/sys/bus/wmi/drivers/dell-smbios/unbind
total=$(fw_calls_total)
wmibpf call $DELL_SMBIOS 2 --input '00 00 00 00' >/dev/null 2>&1
expect_eq "$(fw_calls_total)" "$((total + 1))" \
	"dell-smbios-wmi unbound: method 2 of the original reaches the firmware's WMDA"
total=$(fw_calls_total)
expect_ok "a module uses the alias by GUID" \
	insmod /wmibpf/modules/wmi_guid_user.ko use=has guid=$DELL_ALIAS
expect_match "$(wmibpf call $DELL_SMBIOS 2 --input '00 00 00 00' 2>&1)" \
	"*Device or resource busy*" "the original's method is the alias user's: EBUSY"
expect_eq "$(fw_calls_total)" "$total" "the firmware's WMDA did not run"
rmmod wmi_guid_user
echo "$DELL_SMBIOS" >/sys/bus/wmi/drivers/dell-smbios/bind
expect_eq "$(basename "$(readlink $WMI_DEVICES/$DELL_SMBIOS/driver)")" dell-smbios \
	"dell-smbios-wmi bound again"
finish
