# SPDX-License-Identifier: GPL-2.0
# wmibpf unload detaches a policy: calls go back to the default and its
# pins are gone.
. /wmibpf/tests/lib.sh
cat >/tmp/p.yaml <<POLICY
name: nofan
device: $ACME_METHODS
rules:
  - method: 6
    origin: any
    action: deny
POLICY
expect_ok "load" wmibpf load -q /tmp/p.yaml
expect_fail "the fan set is denied" acme-ctl fan 1
expect_eq "$(wmibpf unload nofan)" "unloaded nofan" "unload reports"
expect_ok "the fan set works again" acme-ctl fan 1
expect_fail "the pins are gone" test -e /sys/fs/bpf/wmi/nofan
expect_eq "$(bpftool struct_ops show | grep -c wmi_policy)" 0 "bpftool lists nothing"
wmibpf unload nofan 2>/tmp/err
expect_eq "$?" 4 "unloading it again: exit status 4"
expect_eq "$(cat /tmp/err)" "wmibpf: no policy named nofan is loaded" "and why"
expect_ok "load two" sh -c "wmibpf load -q /tmp/p.yaml && wmibpf load -q /usr/local/share/wmibpf/policies/default.yaml"
expect_eq "$(wmibpf unload --all | tr '\n' ' ')" "unloaded default unloaded nofan " "unload --all"
expect_eq "$(wmibpf list)" "no policy loaded" "nothing left"
mkdir -p /tmp/notbpf
wmibpf --bpffs /tmp/notbpf/wmi list 2>/tmp/err
expect_eq "$?" 1 "list without a BPF filesystem: exit status 1"
expect_eq "$(cat /tmp/err)" "wmibpf: /tmp/notbpf/wmi: not on a BPF filesystem, where policies are pinned; mount one (mount -t bpf bpf /sys/fs/bpf)" \
	"not 'no policy loaded'"
finish
