# SPDX-License-Identifier: GPL-2.0
# wmibpf mode switches a loaded policy between enforce and audit at run
# time, without reloading: in audit mode it changes no call and reports
# what enforcing would have changed; a replace keeps the mode. wmibpf
# status says what the kernel supports, the policies and their modes, the
# programs on each device and what monitors lost.
. /wmibpf/tests/lib.sh
policy() {
	printf 'name: fan\ndevice: %s\nrules:\n  - method: 6\n    action: deny\n    errno: %s\n' \
		$ACME_METHODS "$1"
}
policy EACCES >/tmp/v1.yaml
policy EBUSY >/tmp/v2.yaml
expect_ok "load" wmibpf load -q /tmp/v1.yaml
expect_eq "$(wmibpf mode fan)" "fan: enforce mode" "it starts enforcing"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Permission denied" "and denies"

wmibpf monitor --json >/tmp/mon.out 2>/tmp/mon.err &
mon=$!
wait_until 20 grep -q "^wmibpf: monitoring" /tmp/mon.err || fail "the monitor starts"
expect_eq "$(wmibpf mode fan audit)" "fan: audit mode: changes no call, reports what enforcing would change" \
	"switched to audit"
expect_ok "the call it denied goes on" acme-ctl fan 2
expect_ok "reported as denied, in audit mode" wait_until 10 grep -q \
	'"policy":"fan",.*"method":6,.*"rule":1,"action":"deny","verdict":"firmware","error":0,.*"audit_mode":true' /tmp/mon.out
expect_match "$(wmibpf show fan)" "policy fan, device $ACME_METHODS, from /tmp/v1.yaml, in audit mode*deny EACCES * 2  -
*" \
	"show says so, and counts both calls"

expect_ok "a replace" wmibpf load -q /tmp/v2.yaml
expect_eq "$(wmibpf mode fan --json)" '{"name":"fan","mode":"audit"}' "keeps the mode"
expect_ok "the new version audits too" acme-ctl fan 2
expect_eq "$(wmibpf -q mode fan enforce)" "" "back to enforce"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Device or resource busy" "the new version denies"

wmibpf load -q --name bare --device $ACME_METHODS /wmibpf/bpf/allow_all.bpf.o
wmibpf mode bare audit 2>/tmp/err
expect_eq "$?" 1 "a bare object has no mode: exit status 1"
expect_eq "$(cat /tmp/err)" "wmibpf: bare: a bare BPF object has no mode: only a policy file's rules do" "and why"
wmibpf mode nosuch audit 2>/dev/null
expect_eq "$?" 4 "no such policy: exit status 4"

wmibpf status | tee /tmp/status
expect_match "$(sed -n 1p /tmp/status)" "kernel: BTF; WMI-BPF struct_ops wmi_bpf_ops: yes; lockdown: none" "the kernel"
expect_eq "$(sed -n 2p /tmp/status)" \
	"kfuncs: bpf_wmi_allow_raw bpf_wmi_caller_in_group bpf_wmi_driver_update bpf_wmi_get_input bpf_wmi_get_output bpf_wmi_rewrite_input bpf_wmi_set_output" \
	"its kfuncs"
expect_ok "the policies" grep -qx "policy fan: enforce, 1 program, 0 events lost by monitors" /tmp/status
expect_ok "the bare object" grep -qx "policy bare: bare object, 1 program, 0 events lost by monitors" /tmp/status
expect_ok "programs per device" grep -qx "programs on $ACME_METHODS: 2 of 16" /tmp/status
expect_ok "the monitor" grep -qx "monitor [0-7]: pid $mon, 0 events lost" /tmp/status
# Events lost to a failed _WED are the boot's, counted by the kernel
# whatever test raised them.
expect_eq "$(wmibpf status --json | sed 's/"slot":[0-7],/"slot":N,/; s/"event_data_errors":\[[^]]*\]/"event_data_errors":[...]/')" \
	"{\"kernel\":{\"btf\":true,\"struct_ops\":true,\"kfuncs\":[\"bpf_wmi_allow_raw\",\"bpf_wmi_caller_in_group\",\"bpf_wmi_driver_update\",\"bpf_wmi_get_input\",\"bpf_wmi_get_output\",\"bpf_wmi_rewrite_input\",\"bpf_wmi_set_output\"],\"lockdown\":\"none\"},\"policies\":[{\"name\":\"bare\",\"state\":\"loaded\",\"mode\":\"\",\"programs\":1,\"lost_events\":0},{\"name\":\"fan\",\"state\":\"loaded\",\"mode\":\"enforce\",\"programs\":1,\"lost_events\":0}],\"programs\":[{\"device\":\"$ACME_METHODS\",\"programs\":2}],\"monitors\":[{\"slot\":N,\"pid\":$mon,\"running\":true,\"lost_events\":0}],\"event_data_errors\":[...]}" \
	"and in JSON"
kill -INT $mon
wait $mon
wmibpf unload -q --all
expect_eq "$(wmibpf status | grep -c '^monitor ')" 0 "a monitor gone leaves no slot"
finish
