# SPDX-License-Identifier: GPL-2.0
# Under integrity lockdown, and under confidentiality which includes it, raw
# user-space calls, and queries and sets of data blocks, are refused; calls a driver answers, and kernel-origin
# calls, still work.
# vmtest: own-boot
. /wmibpf/tests/lib.sh
# Lockdown forbids loading unsigned modules: load what is needed first.
load_module acme_wmi

expect_ok "raw call before lockdown" acme-ctl fan 1
lock_down integrity
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[integrity\\]*" "lockdown level"

echo 1 >/sys/kernel/tracing/events/wmi/wmi_method_call/enable
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Operation not permitted" "raw set refused: EPERM"
expect_match "$(grep -m1 'method=6 ' /sys/kernel/tracing/trace)" "*origin=user*verdict=refused error=-1 *" \
	"the refusal is traced"
expect_eq "$(acme-ctl brightness 2>&1)" "acme-ctl: method 1: Operation not permitted" "raw get refused: EPERM"
# Data blocks are raw access too, queries as sets.
run_prog wmi-block-test refused EPERM
expect_ok "claimed set still works through the driver" acme-ctl brightness 33
expect_eq "$(cat /sys/class/backlight/acme/actual_brightness)" 33 "firmware followed the driver"
# The driver's own calls are kernel-origin: a backlight write reaches the
# firmware, which the driver reads back for actual_brightness.
echo 40 >/sys/class/backlight/acme/brightness
expect_eq "$(cat /sys/class/backlight/acme/actual_brightness)" 40 "kernel-origin calls unaffected"

# Confidentiality includes integrity: the same holds there.
lock_down confidentiality
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[confidentiality\\]*" "lockdown level raised"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Operation not permitted" \
	"raw set refused under confidentiality"
expect_ok "claimed set works under confidentiality" acme-ctl brightness 55
expect_eq "$(cat /sys/class/backlight/acme/actual_brightness)" 55 \
	"firmware followed the driver under confidentiality"
# Modules cannot be unloaded and reloaded usefully under lockdown; the
# boot ends here.
loaded_modules=
finish
