# SPDX-License-Identifier: GPL-2.0
# Other users may look at the devices, not load or inspect policies.
. /wmibpf/tests/lib.sh
expect_ok "root loads a policy" wmibpf load -q /usr/local/share/wmibpf/policies/default.yaml
runas 65534 65534 wmibpf load /usr/local/share/wmibpf/policies/default.yaml 2>/tmp/err
expect_eq "$?" 1 "load as nobody: exit status 1"
expect_eq "$(cat /tmp/err)" "wmibpf: load: must be run as root" "and why"
runas 65534 65534 wmibpf unload default 2>/dev/null
expect_eq "$?" 1 "unload as nobody: exit status 1"
runas 65534 65534 wmibpf list 2>/tmp/err
expect_eq "$?" 1 "list as nobody: exit status 1"
expect_match "$(cat /tmp/err)" "*Permission denied (loading and inspecting policies needs root*" "and why"
expect_match "$(runas 65534 65534 wmibpf devices)" "*$ACME_METHODS *method*yes *?*" \
	"devices as nobody: devices, policies unknown"
runas 65534 65534 wmibpf show default 2>/tmp/err
expect_eq "$?" 1 "show as nobody: exit status 1, not 4"
expect_match "$(cat /tmp/err)" "wmibpf: /sys/fs/bpf/wmi/default: Permission denied (loading and inspecting policies needs root*" \
	"permission denied, not 'not loaded'"
expect_eq "$(wmibpf list | grep -c '^default ')" 1 "the policy is still loaded"
wmibpf unload default >/dev/null
finish
