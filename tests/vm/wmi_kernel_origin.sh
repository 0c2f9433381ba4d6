# SPDX-License-Identifier: GPL-2.0
# Kernel-origin calls are not intercepted and not disturbed by user-space
# traffic on the same device.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh
load_module acme_wmi
load_module wmi_testdrv

wmi-race-test traffic 15 >/tmp/traffic 2>&1 &
traffic=$!
kbd_is() {
	[ "$(acme-ctl kbd)" = "$1" ]
}

i=0
bad=0
while [ $i -lt 20 ]; do
	# acme-wmi's own call (kernel origin) on a claimed method's neighbour,
	# and a kernel driver's call on another device of the same mapper.
	# The LED core applies a write from a work queue: allow it a moment.
	echo $((i % 4)) >/sys/class/leds/acme::kbd_backlight/brightness
	wait_until 5 kbd_is $((i % 4)) || bad=$((bad + 1))
	[ "$(kcall method "$ACME_ZONES 0 2 $(printf '%02x' $i)000000")" = "ok integer 0x0" ] || bad=$((bad + 1))
	[ "$(kcall method "$ACME_ZONES 0 1")" = "ok integer 0x$(printf '%x' $i)" ] || bad=$((bad + 1))
	i=$((i + 1))
done
expect_eq "$bad" 0 "kernel-origin calls that went wrong under user-space traffic"
wait $traffic
expect_eq "$?" 0 "user-space traffic itself had no failed call"
cat /tmp/traffic
finish
