# SPDX-License-Identifier: GPL-2.0
# The vendor's raw tool sets the brightness through /dev/wmi; with acme-wmi
# loaded the driver performs the call, and the firmware state, the
# backlight device and user-space notifications all follow. Without the
# driver the same tool still works.
. /wmibpf/tests/lib.sh

BL=/sys/class/backlight/acme
LED=/sys/class/leds/acme::kbd_backlight

expect_ok "acme-ctl sets 50 before the driver is loaded" acme-ctl brightness 50
load_module acme_wmi
expect_eq "$(cat $WMI_DEVICES/$ACME_METHODS/claimed_methods)" "2 4" "methods claimed by acme-wmi"
expect_eq "$(cat $BL/brightness)" 50 "backlight starts at the firmware's level"

# A raw set is answered by the driver, and user space is notified.
watch_notify sysfs $BL/actual_brightness 10000
expect_ok "acme-ctl brightness 30" acme-ctl brightness 30
wait $watcher
expect_eq "$(cat /tmp/watch.out)" notified "sysfs_notify on actual_brightness"
expect_eq "$(acme-ctl brightness)" 30 "firmware brightness (raw get)"
expect_eq "$(cat $BL/brightness)" 30 "backlight brightness (driver state)"
expect_eq "$(cat $BL/actual_brightness)" 30 "backlight actual_brightness"

watch_notify uevent backlight/acme 10000
expect_ok "acme-ctl brightness 35" acme-ctl brightness 35
wait $watcher
expect_match "$(cat /tmp/watch.out)" "*ACTION=change*SUBSYSTEM=backlight*" "change uevent for the backlight"

# Out of range: the driver answers as the firmware does, nothing moves.
acme-ctl brightness 101
expect_eq "$?" 2 "acme-ctl brightness 101 refused with the firmware's status"
expect_eq "$(cat $BL/brightness)" 35 "backlight unchanged by the refused call"
expect_eq "$(acme-ctl brightness)" 35 "firmware unchanged by the refused call"

# The keyboard light is claimed too and goes through the LED core.
watch_notify sysfs $LED/brightness_hw_changed 10000
expect_ok "acme-ctl kbd 2" acme-ctl kbd 2
wait $watcher
expect_eq "$(cat /tmp/watch.out)" notified "sysfs_notify on brightness_hw_changed"
expect_eq "$(cat $LED/brightness)" 2 "LED brightness"
expect_eq "$(acme-ctl kbd)" 2 "firmware keyboard light"

# An unclaimed method still goes to the firmware.
expect_ok "acme-ctl fan 2" acme-ctl fan 2
expect_eq "$(acme-ctl fan)" 2 "fan profile set raw"

# The driver's own calls are kernel-origin and never intercepted.
echo 45 >$BL/brightness
expect_eq "$(acme-ctl brightness)" 45 "backlight write reaches the firmware"

# Without the driver the same tool works on the raw path.
unload_module acme_wmi
expect_eq "$(cat $WMI_DEVICES/$ACME_METHODS/claimed_methods)" "" "no claim without the driver"
expect_fail "no backlight without the driver" test -e $BL
expect_ok "acme-ctl brightness 60 without the driver" acme-ctl brightness 60
expect_eq "$(acme-ctl brightness)" 60 "firmware brightness without the driver"
finish
