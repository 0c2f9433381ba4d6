# SPDX-License-Identifier: GPL-2.0
# wmibpf load: the acme policy acts on calls, is pinned under
# /sys/fs/bpf/wmi/acme, outlives wmibpf, and bpftool reads it by name.
. /wmibpf/tests/lib.sh
P=/usr/local/share/wmibpf/policies
BL=/sys/class/backlight/acme
load_module acme_wmi
grant_node $ACME_METHODS

expect_eq "$(wmibpf load $P/acme/acme.yaml)" "loaded acme from $P/acme/acme.yaml" "load reports"
expect_eq "$(ls /sys/fs/bpf/wmi/acme | tr '\n' ' ')" "conds hits link meta mode obj-acme_translator ops ops-acme_translator rules " \
	"pins under /sys/fs/bpf/wmi/acme"
expect_match "$(wmibpf list)" "*acme * $ACME_METHODS * 3 audit * acme_translator*" "list shows it"
expect_match "$(wmibpf devices | grep "^$ACME_METHODS ")" "*acme-wmi*2 4*yes*acme" \
	"devices shows driver, claimed methods and the policy"
expect_match "$(wmibpf devices --json)" \
	"*\"device\":\"$ACME_METHODS\",*\"driver\":\"acme-wmi\",\"claimed_methods\":\\[2,4\\],\"shared_methods\":\\[1,3,5,6,7,8,9,10,11,12,13\\],\"guid_users\":\\[\\],\"node\":true,\"policies\":\\[\"acme\"\\]*" \
	"and in JSON"

# wmibpf has exited: the policy acts all the same.
expect_ok "root may set the fan profile" acme-ctl fan 2
expect_eq "$(runas 1000 1000 acme-ctl fan 1 2>&1)" "acme-ctl: method 6: Permission denied" \
	"another user gets EACCES"
expect_eq "$(acme-ctl fan)" 2 "the fan profile did not move"
expect_ok "a raw brightness set" acme-ctl brightness 66
expect_eq "$(cat $BL/brightness)" 66 "goes through the translator to the driver"

expect_match "$(bpftool struct_ops show)" "*wmi_policy *wmi_bpf_ops*acme_translator *wmi_bpf_ops*" \
	"bpftool struct_ops show lists both"
expect_match "$(bpftool map dump pinned /sys/fs/bpf/wmi/acme/rules)" \
	'*"method_id": 6,*"origin": 1,*"uid": 0,*"action": 0,*"line": 14*' "bpftool dumps readable rules"
expect_match "$(bpftool map dump pinned /sys/fs/bpf/wmi/acme/meta)" '*"name": "acme",*' \
	"and the policy's meta data"
wmibpf unload acme >/dev/null
finish
