# SPDX-License-Identifier: GPL-2.0
# Raw calls racing a driver binding and unbinding over and over: while it
# is bound, not one reaches the firmware. wmi-testdrv (own=1) counts the
# firmware's calls when it binds and when it unbinds and logs how many were
# not its own; the racer sees both outcomes, so the race took place.
# vmtest: timeout=240
. /wmibpf/tests/lib.sh
unload_module wmi_testdrv
insmod /wmibpf/modules/wmi_testdrv.ko own=1 && loaded_modules="wmi_testdrv $loaded_modules"
dmesg -c >/dev/null

rm -f /tmp/race.ok /tmp/race.busy /tmp/race.stop
(
	while [ ! -e /tmp/race.stop ]; do
		if wmibpf call $ACME_METHODS 5 >/dev/null 2>/tmp/race.err; then
			echo >>/tmp/race.ok
		elif grep -q 'Device or resource busy' /tmp/race.err; then
			echo >>/tmp/race.busy
		else
			cat /tmp/race.err
		fi
	done
) &
racer=$!

rounds=25
i=0
while [ $i -lt $rounds ]; do
	echo "$ACME_METHODS" >/sys/bus/wmi/drivers/wmi-testdrv/unbind
	sleep 0.2
	echo "$ACME_METHODS" >/sys/bus/wmi/drivers/wmi-testdrv/bind
	sleep 0.2
	i=$((i + 1))
done
touch /tmp/race.stop
wait $racer

expect_eq "$(dmesg | grep -c 'firmware calls by others while bound: 0$')" "$rounds" \
	"no raw call reached the firmware while the driver was bound ($rounds rounds)"
expect_eq "$(dmesg | grep 'firmware calls by others while bound' | grep -vc ': 0$')" 0 \
	"no round saw one"
expect_match "$(wc -l </tmp/race.ok)" "[1-9]*" "raw calls went through while unbound"
expect_match "$(wc -l </tmp/race.busy)" "[1-9]*" "and were refused while bound"
finish
