# SPDX-License-Identifier: GPL-2.0
# A rule without origin, and the default, are for user space: 'default:
# deny' on every device leaves the kernel drivers' own calls be, and does
# not count them; 'origin: any', written out, takes them in.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
cat >/tmp/deny.yaml <<'POLICY'
name: denyall
device: all
default: deny
POLICY
expect_ok "load 'default: deny' for every device" wmibpf load -q /tmp/deny.yaml
expect_fail "a user-space call is denied" acme-ctl brightness
expect_match "$(kcall method "$ACME_METHODS 0 1")" "ok integer *" "a driver's own call goes on"
expect_match "$(wmibpf show denyall | grep ' default ')" "* any user *deny EPERM * 1  -" \
	"the default is for user space, and counted the user-space call only"

cat >/tmp/deny.yaml <<'POLICY'
name: denyall
device: all
default: { action: deny, origin: any }
POLICY
expect_ok "replace it: origin any, written out" wmibpf load -q /tmp/deny.yaml
driver_call_ok() {
	kcall method "$ACME_METHODS 0 1" | grep -q '^ok'
}
expect_fail "now a driver's call is denied too" driver_call_ok
wmibpf unload denyall >/dev/null
finish
