# SPDX-License-Identifier: GPL-2.0
# A policy acts only on its device, with the BPF objects it lists: an
# object bound to every device is bound to the policy's device; one bound
# to another device is refused by load and check with the file, line and
# column of its bpf: entry; a policy for all devices leaves objects as
# they are. Method 0 is no method of the acme blocks: the firmware fails
# it (EIO), and deny_method.bpf.o denies it (EPERM) where it acts.
. /wmibpf/tests/lib.sh
B=/wmibpf/bpf
EIO="Input/output error"
EPERM="Operation not permitted"

# call DEVICE: how method 0 of DEVICE ends, as wmibpf call says it (without its hints).
call() {
	wmibpf call "$1" 0 2>&1 | sed "s/^wmibpf: $1 method 0: //; s/ (.*//"
}

expect_eq "$(call $ACME_METHODS)" "$EIO" "without a policy, the firmware fails method 0 of the method block"
expect_eq "$(call $ACME_STRING)" "$EIO" "and of the string block"

cat >/tmp/string.yaml <<POLICY
name: string
device: $ACME_STRING
bpf:
  - $B/deny_method.bpf.o
POLICY
expect_ok "a policy for the string block, with an object for every device" \
	wmibpf load -q /tmp/string.yaml
expect_eq "$(call $ACME_STRING)" "$EPERM" "the object denies on the policy's device"
expect_eq "$(call $ACME_METHODS)" "$EIO" "another device gets the firmware's answer"
expect_eq "$(call $ACME_ZONES)" "$EIO" "and a third"
expect_eq "$(wmibpf show string | grep '^bpf object')" \
	"bpf object deny_method, device $ACME_STRING" "show says where the object acts"
# The same binding again: replaced in place, not a move to another device.
expect_ok "a replace" wmibpf load -q /tmp/string.yaml
expect_eq "$(call $ACME_STRING):$(call $ACME_METHODS)" "$EPERM:$EIO" "acts as before"
wmibpf unload -q string

# An object bound to another device cannot act on this policy's: refused,
# nothing attached, not even the object listed before it.
cat >/tmp/other.yaml <<POLICY
name: other
device: $ACME_STRING
rules:
  - method: 1
    action: allow
bpf:
  - $B/deny_method.bpf.o
  - $B/acme_translator.bpf.o
POLICY
MSG="/tmp/other.yaml:8:5: bpf: $B/acme_translator.bpf.o: map acme_translator is bound to device $ACME_METHODS, not to the policy's device $ACME_STRING; a policy's objects act only on its device: list it in a policy for $ACME_METHODS, or bind it to all devices"
wmibpf load /tmp/other.yaml 2>/tmp/err
expect_eq "$?" 3 "an object bound to another device: exit status 3"
expect_eq "$(cat /tmp/err)" "wmibpf: $MSG" "names the bpf: entry and both GUIDs"
expect_fail "nothing pinned" test -e /sys/fs/bpf/wmi/other
expect_eq "$(call $ACME_STRING):$(call $ACME_METHODS)" "$EIO:$EIO" "nothing acts"
wmibpf check /tmp/other.yaml 2>/tmp/err
expect_eq "$?" 3 "check refuses it too: exit status 3"
expect_eq "$(cat /tmp/err)" "$MSG" "with the same message"
sed "s/$ACME_STRING/$ACME_METHODS/" /tmp/other.yaml >/tmp/same.yaml
expect_match "$(wmibpf check /tmp/same.yaml)" "*policy other, 1 rule, 2 BPF objects: ok" \
	"in a policy for its own device, check passes it"

# A policy for all devices: its objects act where they are bound, here everywhere.
cat >/tmp/all.yaml <<POLICY
name: everywhere
device: all
bpf:
  - $B/deny_method.bpf.o
POLICY
expect_ok "a policy for all devices" wmibpf load -q /tmp/all.yaml
expect_eq "$(call $ACME_STRING):$(call $ACME_METHODS):$(call $ACME_ZONES)" "$EPERM:$EPERM:$EPERM" \
	"denies on every device"
expect_eq "$(wmibpf show everywhere | grep '^bpf object')" "bpf object deny_method, device all" \
	"and show says so"
wmibpf unload -q everywhere
finish
