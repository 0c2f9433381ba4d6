# SPDX-License-Identifier: GPL-2.0
# The demo, run inside the guest by "make demo"; its output is the demo.

say() {
	printf '\n\033[1m== %s\033[0m\n' "$*"
}

say "The fake acme laptop's WMI devices, as the kernel's WMI core sees them"
cd /sys/bus/wmi/devices
printf '%-38s %-7s %-9s %-9s %s\n' DEVICE TYPE INSTANCES EXPENSIVE "ID"
for d in *; do
	type=$(sed -n 's/^DEVTYPE=//p' "$d/uevent")
	if [ "$type" = event ]; then
		id="notify 0x$(cat "$d/notify_id")"
	else
		id="object $(cat "$d/object_id")"
	fi
	[ "$type" = data ] && [ "$(cat "$d/setable")" = 1 ] && id="$id, setable"
	printf '%-38s %-7s %-9s %-9s %s\n' "$d" "$type" "$(cat "$d/instance_count")" \
		"$(cat "$d/expensive")" "$id"
done

say "A vendor tool written for the raw WMI interface, before any driver existed"
echo "\$ acme-ctl brightness 40        # raw call through /dev/wmi/FE733490-..."
acme-ctl brightness 40
echo "\$ acme-ctl brightness"
acme-ctl brightness

say "Now the kernel learns the feature: acme-wmi claims the brightness methods"
insmod /wmibpf/modules/acme_wmi.ko
echo "claimed methods: $(cat /sys/bus/wmi/devices/FE733490-2E22-4EDB-A7B5-BC248874D383/claimed_methods)"
echo "backlight: $(cat /sys/class/backlight/acme/brightness) of $(cat /sys/class/backlight/acme/max_brightness)"

say "The same tool, unchanged: the driver performs the call and its state follows"
rm -f /tmp/ready
wait-notify sysfs /sys/class/backlight/acme/actual_brightness /tmp/ready 5000 >/tmp/notify &
while [ ! -e /tmp/ready ]; do sleep 0.1; done
echo "\$ acme-ctl brightness 75"
acme-ctl brightness 75
wait
echo "firmware says:           $(acme-ctl brightness)"
echo "backlight brightness:    $(cat /sys/class/backlight/acme/brightness)"
echo "actual_brightness:       $(cat /sys/class/backlight/acme/actual_brightness)"
echo "user space was notified: $(cat /tmp/notify)"
echo "\$ acme-ctl brightness 150   # out of range: the driver answers as the firmware would"
acme-ctl brightness 150
echo "exit status $?, backlight still $(cat /sys/class/backlight/acme/brightness)"
