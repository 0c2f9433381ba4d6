# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# Who calls is who opened the node (userspace.rst, "Ownership"): the raw
# rule, dell-smbios-wmi's decisions on a call it claims, and a policy's
# cap: rule all look at the opener's credentials, not at whichever process
# holds the file now. A node root opened and handed to a helper without
# capabilities does what root may; a node opened without capabilities
# and handed to root does only what its opener may.
. /wmibpf/tests/lib.sh
node=/dev/wmi/$DELL_SMBIOS
# the_holder PROG...: a process without capabilities, holding a node root opened
the_holder() {
	runas --no-caps "$@" 3<>"$node"
}
# root_holder PROG...: root, holding a node opened without capabilities
root_holder() {
	handoff "$node" "$@"
}

# The capsule token needs CAP_SYS_ADMIN (dell_smbios_call_filter()).
capsule=$(dell_raw_call 0 0 0x100)
expect_match "$capsule" "ok *" "root reads the capsule token"
expect_eq "$(the_holder dell-smbios-call --raw --fd 3 0 0 0x100)" "$capsule" \
	"through a node root opened, a helper without capabilities reads it too"
expect_eq "$(root_holder dell-smbios-call --raw --fd 3 0 0 0x100)" "error EINVAL (Invalid argument)" \
	"through a node opened without capabilities, root does not"

# A thermal-mode set needs CAP_SYS_ADMIN (dell-smbios-wmi's own check).
fw_set_state 1 1
fw_set_state 2 0
thermal=$(dell_fw_calls 17 19)
expect_eq "$(root_holder dell-smbios-call --raw --fd 3 17 19 1 0x108)" \
	"error EPERM (Operation not permitted)" "root may not set the thermal mode through it"
expect_eq "$(fw_state 1)" 1 "the firmware's mode unchanged"
expect_eq "$(dell_fw_calls 17 19)" "$thermal" "and the firmware not asked"
expect_match "$(the_holder dell-smbios-call --raw --fd 3 17 19 1 0x108)" "ok 0x00000000 *" \
	"the helper sets it through root's node"
expect_eq "$(fw_state 1)" 8 "the firmware's mode is performance"

# A policy's cap: rule sees the opener too: ENXIO for openers with
# CAP_SYS_ADMIN, EACCES for the others.
cat >/tmp/opener.yaml <<EOF2
name: opener
device: $DELL_SMBIOS
rules:
  - method: 1
    cap: CAP_SYS_ADMIN
    action: deny
    errno: ENXIO
  - method: 1
    action: deny
    errno: EACCES
EOF2
expect_ok "load the policy" wmibpf load -q /tmp/opener.yaml
expect_eq "$(the_holder dell-smbios-call --raw --fd 3 0 0 0x102)" "error ENXIO (No such device or address)" \
	"the policy takes the helper holding root's node for root"
expect_eq "$(root_holder dell-smbios-call --raw --fd 3 0 0 0x102)" "error EACCES (Permission denied)" \
	"and root holding a node opened without capabilities for that opener"
expect_ok "unload it" wmibpf unload opener
fw_set_state 1 1
fw_set_state 2 0
finish
