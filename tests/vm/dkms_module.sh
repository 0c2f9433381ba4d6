# SPDX-License-Identifier: GPL-2.0
# Debian's kernel only (vmtest/debian.sh): the wmi.ko that modprobe loaded
# is the DKMS build, from updates/dkms/, not Debian's; the WMI-BPF types
# and kfuncs are found in its module BTF, where bpftool lists a program's
# struct_ops; Debian's wmi-bmof loads on it.
. /wmibpf/tests/lib.sh
kver=$(uname -r)
expect_match "$kver" "*+deb*-amd64" "a Debian kernel"
expect_eq "$(cat /sys/module/wmi/version 2>&1)" "$(cat /wmibpf/dkms-version)" \
	"the loaded wmi is the DKMS build"
expect_eq "$(sed -n 's/^\(updates\/dkms\/wmi.ko\):.*/\1/p' /lib/modules/$kver/modules.dep)" \
	"updates/dkms/wmi.ko" "depmod ranks updates/dkms above Debian's wmi.ko"
expect_match "$(grep '^wmi ' /proc/modules)" "wmi *(OE)*" "loaded out of tree, unsigned"
expect_ok "module BTF of wmi" test -f /sys/kernel/btf/wmi
expect_ok "the acme method block's node" test -c /dev/wmi/$ACME_METHODS
wmibpf status >/tmp/status 2>&1
cat /tmp/status
expect_eq "$(sed -n 1p /tmp/status)" \
	"kernel: BTF; WMI-BPF struct_ops wmi_bpf_ops: yes; lockdown: none" \
	"wmibpf status finds wmi_bpf_ops in the module's BTF"
expect_eq "$(sed -n 2p /tmp/status)" \
	"kfuncs: bpf_wmi_allow_raw bpf_wmi_caller_in_group bpf_wmi_driver_update bpf_wmi_get_input bpf_wmi_get_output bpf_wmi_rewrite_input bpf_wmi_set_output" \
	"and its kfuncs"
# A program pinned in bpffs outlives its loader; bpftool lists its program
# and struct_ops map by name, and reads the map's type from the module's
# BTF (vmtest/tools/bpftool-module-struct-ops.patch: the 6.12 tree's
# bpftool looks it up in vmlinux's and crashes).
PIN=/sys/fs/bpf/wmi-test-deny
run_prog wmi-bpf-test pin $PIN
expect_match "$(bpftool prog show)" "*struct_ops*name deny_call*" "bpftool prog show lists its program"
expect_match "$(bpftool -j map show)" '*"type":"struct_ops"*"name":"deny_method"*' \
	"bpftool map show its struct_ops map"
expect_match "$(bpftool struct_ops show 2>&1)" "*: deny_method *wmi_bpf_ops*" \
	"bpftool struct_ops show names its type"
expect_match "$(bpftool struct_ops dump name deny_method 2>&1)" \
	'*"bpf_struct_ops_wmi_bpf_ops": {*"method_call": "int (struct wmi_bpf_ctx *) deny_call/prog_id:*' \
	"bpftool struct_ops dump shows its callbacks"
id=$(bpftool struct_ops show name deny_method | cut -d: -f1)
expect_match "$(bpftool map dump id "$id" 2>&1)" '*"value": {*"state": "BPF_STRUCT_OPS_STATE_READY"*"method_call": *' \
	"bpftool map dump reads it with the module's BTF"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Permission denied" "denied after the loader exited"
rm $PIN
expect_ok "unpinned: detached" acme-ctl fan 2

# Debian's own wmi-bmof, built against Debian's wmi.ko, loads on this one
# (modprobe refuses a module whose symbol CRCs disagree).  The boot loads
# it from the alias of acme's Binary MOF block, which it binds; should it
# not have, the test unloads what it loaded.
# The Dell and MSI laptops' tests show Debian's drivers binding and working.
grep -q '^wmi_bmof ' /proc/modules || bmof_here=1
expect_ok "Debian's wmi-bmof loads on it" modprobe wmi-bmof
expect_match "$(grep '^wmi ' /proc/modules)" "*wmi_bmof*" "and uses it"
expect_eq "$(basename "$(readlink "$WMI_DEVICES/$WMI_BMOF/driver")")" wmi-bmof \
	"and binds acme's Binary MOF"
expect_match "$(wmibpf mof)" "*class AcmeFan*" "which wmibpf mof decodes"
[ -z "${bmof_here:-}" ] || rmmod wmi_bmof
finish
