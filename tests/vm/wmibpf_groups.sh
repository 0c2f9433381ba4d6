# SPDX-License-Identifier: GPL-2.0
# A policy's gid rule matches the caller's filesystem gid and its
# supplementary groups, as the kernel checks file access: a udev rule's
# group grant works whether the user's primary group or another one is it.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
printf 'name: groups\ndevice: %s\nrules:\n  - method: 5\n    gid: 4242\n    action: deny\n    errno: 13\n' \
	"$ACME_METHODS" >/tmp/groups.yaml
expect_ok "load a gid rule" wmibpf load -q /tmp/groups.yaml
expect_match "$(runas --groups 4242 0 0 wmibpf call $ACME_METHODS 5 2>&1)" "*Permission denied*" \
	"a caller in group 4242 by a supplementary group: denied"
expect_match "$(runas 0 4242 wmibpf call $ACME_METHODS 5 2>&1)" "*Permission denied*" \
	"a caller whose own gid is 4242: denied"
expect_match "$(runas --groups 17,18 0 0 wmibpf call $ACME_METHODS 5)" "integer *" \
	"a caller in other groups: the default, allow"
expect_ok "unload it" wmibpf unload groups
finish
