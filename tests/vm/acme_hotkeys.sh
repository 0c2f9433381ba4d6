# SPDX-License-Identifier: GPL-2.0
# The vendor daemon case: acme-ctl hotkeys, the vendor's own tool, reads the
# hot key events from /dev/wmi and acts on them (brightness up and down
# through the method node), while the kernel driver bound to the event
# device still gets every event.  On the acme 14, whose firmware sends 0x91
# for brightness up, the shipped quirk fix (policies/acme/acme_hotkeys.bpf.c)
# rewrites the code for the driver and the daemon alike.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
raise() { echo "$1" >/sys/module/wmi_testdrv/parameters/raise_event; }
driver_has() { [ "$(cat $TESTDRV/event_count)" -ge "$1" ]; }

expect_ok "brightness starts at 50" acme-ctl brightness 50
acme-ctl hotkeys 3 >/tmp/hotkeys 2>&1 &
daemon=$!
expect_ok "the daemon listens" wait_until 10 grep -q "listening for hot keys" /tmp/hotkeys
# One at a time: _WED reads the data the last raise stored.
raise 0x11
wait_until 10 driver_has 1
raise 0x11
wait_until 10 driver_has 2
raise 0x10
expect_ok "the daemon handled three hot keys and stopped" wait "$daemon"
expect_eq "$(grep -c '^hotkey' /tmp/hotkeys)" 3 "one line per hot key"
expect_eq "$(sed -n 2p /tmp/hotkeys)" "hotkey 0x11: brightness 50 -> 60" "up"
expect_eq "$(sed -n 3p /tmp/hotkeys)" "hotkey 0x11: brightness 60 -> 70" "up again"
expect_eq "$(sed -n 4p /tmp/hotkeys)" "hotkey 0x10: brightness 70 -> 60" "down"
expect_eq "$(acme-ctl brightness)" 60 "the firmware's brightness is what the daemon set"
expect_ok "the driver got all three" wait_until 10 driver_has 3
expect_eq "$(cat $TESTDRV/events)" "$ACME_EVENT integer 0x11
$ACME_EVENT integer 0x11
$ACME_EVENT integer 0x10" "each with its data"

# The acme 14: without the fix, the daemon does not know its code.
acme-ctl hotkeys 2 >/tmp/hotkeys 2>&1 &
daemon=$!
expect_ok "the daemon listens again" wait_until 10 grep -q "listening for hot keys" /tmp/hotkeys
raise 0x91
expect_ok "the acme 14's code reaches the driver" wait_until 10 driver_has 4
expect_ok "load the quirk fix" wmibpf load -q /usr/local/lib/wmibpf/acme_hotkeys.bpf.o
raise 0x91
expect_ok "the daemon handled both" wait "$daemon"
expect_eq "$(sed -n 2p /tmp/hotkeys)" "hotkey 0x91: not ours" "without the fix: not a known key"
expect_eq "$(sed -n 3p /tmp/hotkeys)" "hotkey 0x11: brightness 60 -> 70" "with it: brightness up"
expect_ok "the driver got it" wait_until 10 driver_has 5
expect_eq "$(sed -n 4,5p $TESTDRV/events)" "$ACME_EVENT integer 0x91
$ACME_EVENT integer 0x11" "the driver got the firmware's code, then the fixed one"
expect_match "$(bpftool map dump name acme_hot.bss 2>&1)" '*"fixed": 1*' "the program counted one rewrite"
expect_ok "unload it" wmibpf unload acme_hotkeys
finish
