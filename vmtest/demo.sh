# SPDX-License-Identifier: GPL-2.0
# The demo, run inside the guest by "make demo"; its output is the demo.

M=FE733490-2E22-4EDB-A7B5-BC248874D383
EV=59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1
HOTKEY=769356C8-76CA-4F3D-B856-3AAE62AEF4D4
BATTERY=D28B1D3D-B880-4E86-BCF8-8DE9936D1B31
LIMIT=/sys/bus/wmi/devices/$BATTERY/charge_control_end_threshold
P=/usr/local/share/wmibpf/policies
BL=/sys/class/backlight/acme

say() {
	printf '\n\033[1m== %s\033[0m\n' "$*"
}

run() {
	printf '$ %s\n' "$*"
	"$@"
}

# wait_for TEXT FILE: up to ten seconds for a line with TEXT in FILE.
wait_for() {
	i=0
	while ! grep -q "$1" "$2" && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# press CODE: the fake laptop's hot key, event 0xD0 with CODE as its data
# (the firmware's test hooks: store the data, then raise the event).
# Then wait for the driver to have it: _WED reads the data the last press stored.
press() {
	n=$(cat /sys/kernel/debug/wmi-testdrv/event_count)
	printf '\n[hot key pressed: firmware sends event 0xd0, data 0x%x]\n' "$1"
	wmibpf -q call $M 12 --u32 "$1" >/dev/null && wmibpf -q call $HOTKEY 1 >/dev/null
	i=0
	while [ "$(cat /sys/kernel/debug/wmi-testdrv/event_count)" -le "$n" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

say "The fake acme laptop boots; the kernel's acme-wmi driver binds its WMI methods"
insmod /wmibpf/modules/acme_wmi.ko
run wmibpf devices

say "The admin checks and loads the acme policy (policies/acme/acme.yaml)"
grep -v '^#' $P/acme/acme.yaml
run wmibpf check $P/acme/acme.yaml
run wmibpf load $P/acme/acme.yaml
run wmibpf list
# As a udev rule granting the node to a group would:
chmod 666 /dev/wmi/$M

say "The audit stream, live, while the vendor's raw tool runs"
wmibpf monitor >/tmp/monitor 2>&1 &
monitor=$!
# It sees the calls from when it says it is monitoring.
i=0
while ! grep -q "^wmibpf: monitoring" /tmp/monitor && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done

say "A raw brightness call from the vendor's tool: the translator hands it to the driver"
wait-notify sysfs $BL/actual_brightness /tmp/ready 5000 >/tmp/notify &
while [ ! -e /tmp/ready ]; do sleep 0.1; done
run acme-ctl brightness 70
wait $!
echo "backlight brightness:        $(cat $BL/brightness)"
echo "actual brightness (firmware): $(cat $BL/actual_brightness)"
echo "user space notified:         $(cat /tmp/notify)"

say "A user changes the fan profile: the policy denies it with EACCES"
run runas 1000 1000 acme-ctl fan 2
echo "exit status $?; fan profile still $(acme-ctl fan)"
say "Root may"
run acme-ctl fan 2
echo "fan profile now $(acme-ctl fan)"
acme-ctl kbd >/dev/null

sleep 1
kill -INT $monitor
wait $monitor
say "What wmibpf monitor printed meanwhile"
cat /tmp/monitor

say "Each rule and how often it matched"
run wmibpf show acme

say "The policy outlived wmibpf; bpftool sees it by name"
run bpftool struct_ops show
run wmibpf unload acme

say "A setting the firmware keeps: the battery charge limit, a WMI data block"
insmod /wmibpf/modules/acme_battery.ko
echo "The acme-battery driver owns it as $LIMIT: $(cat $LIMIT)"
say "The vendor's tool reads and writes it from user space; the set reaches the driver"
run wmibpf query $BATTERY
run wmibpf set $BATTERY --u32 90
echo "the driver's attribute now: $(cat $LIMIT)"

say "The admin loads the battery policy (policies/acme/battery.yaml)"
grep -v '^#' $P/acme/battery.yaml
run wmibpf load $P/acme/battery.yaml
chmod 666 /dev/wmi/$BATTERY
say "A user lowers the charge limit to 60: the policy refuses it"
run runas 1000 1000 wmibpf set $BATTERY --u32 60
echo "exit status $?; charge limit still $(cat $LIMIT)"
say "The driver's own write, through its attribute, goes on"
run sh -c "echo 60 >$LIMIT"
echo "charge limit now $(cat $LIMIT); a query of the block: $(wmibpf query $BATTERY)"
run wmibpf show battery
run wmibpf unload battery
rmmod acme_battery

say "Hot keys: a kernel driver binds the event device (the test bed's wmi-testdrv)"
insmod /wmibpf/modules/wmi_testdrv.ko
echo "The vendor's daemon (acme-ctl hotkeys) and wmibpf events listen on /dev/wmi/$EV"
acme-ctl hotkeys 3 >/tmp/daemon 2>&1 &
daemon=$!
wmibpf events $EV --count 3 >/tmp/events 2>&1 &
events=$!
wait_for "listening for hot keys" /tmp/daemon
wait_for "listening to the events" /tmp/events
press 0x11
press 0x11
say "The acme 14's firmware sends 0x91 for brightness up; its quirk fix, a BPF program, rewrites it"
run wmibpf load /usr/local/lib/wmibpf/acme_hotkeys.bpf.o
press 0x91
wait $daemon
wait $events
say "What the vendor's daemon did (its brightness calls went to the acme-wmi driver)"
cat /tmp/daemon
echo "backlight brightness now: $(cat $BL/brightness)"
say "What wmibpf events printed"
cat /tmp/events
say "What the kernel driver got: each event, the acme 14's with the fixed code"
cat /sys/kernel/debug/wmi-testdrv/events
run wmibpf unload acme_hotkeys
