# SPDX-License-Identifier: GPL-2.0
# The demo, run inside the guest by "make demo"; its output is the demo.

M=FE733490-2E22-4EDB-A7B5-BC248874D383
P=/usr/local/share/wmibpf/policies
BL=/sys/class/backlight/acme

say() {
	printf '\n\033[1m== %s\033[0m\n' "$*"
}

run() {
	printf '$ %s\n' "$*"
	"$@"
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
