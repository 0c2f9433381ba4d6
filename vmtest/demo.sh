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
