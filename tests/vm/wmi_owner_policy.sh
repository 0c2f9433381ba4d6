# SPDX-License-Identifier: GPL-2.0
# An administrator shares methods an owning driver (wmi-testdrv own=1)
# keeps: a program allows them raw with bpf_wmi_allow_raw(), deciding by
# the caller's capabilities and groups as the kernel sees them; a policy
# file does it with action raw. What it
# does not allow stays owned (EBUSY); lockdown is tested in
# wmi_bpf_lockdown.
. /wmibpf/tests/lib.sh
unload_module wmi_testdrv
insmod /wmibpf/modules/wmi_testdrv.ko own=1 && loaded_modules="wmi_testdrv $loaded_modules"
expect_match "$(wmibpf call $ACME_METHODS 5 2>&1)" "*Device or resource busy*" "owned to begin with"

expect_ok "load the sharing program" wmibpf load -q /wmibpf/bpf/test_owner.bpf.o
expect_match "$(wmibpf call $ACME_METHODS 5)" "integer *" "method 5 shared by the policy"
expect_match "$(wmibpf call $ACME_METHODS 6 --u32 1 2>&1)" "*Device or resource busy*" \
	"method 6 still owned"
expect_match "$(wmibpf call $ACME_METHODS 7)" "package *" "method 7: root has CAP_SYS_ADMIN"
expect_match "$(runas --no-caps wmibpf call $ACME_METHODS 7 2>&1)" "*Permission denied*" \
	"method 7: without capabilities the policy denies"
expect_match "$(runas 0 4242 wmibpf call $ACME_METHODS 9)" "string *" \
	"method 9: a caller in group 4242"
expect_match "$(runas 0 0 wmibpf call $ACME_METHODS 9 2>&1)" "*Permission denied*" \
	"method 9: a caller outside it"
grant_node "$ACME_METHODS"
expect_match "$(runas 65534 65534 wmibpf call $ACME_METHODS 5 2>&1)" "*Operation not permitted*" \
	"a shared method still needs CAP_SYS_RAWIO in the opener"
expect_ok "unload it" wmibpf unload test_owner
expect_match "$(wmibpf call $ACME_METHODS 5 2>&1)" "*Device or resource busy*" "owned again"

# The same from a policy file: action raw.
printf 'name: share\ndevice: %s\nrules:\n  - method: 6\n    action: raw\n' "$ACME_METHODS" \
	>/tmp/share.yaml
expect_ok "load a policy sharing method 6" wmibpf load -q /tmp/share.yaml
expect_eq "$(wmibpf call $ACME_METHODS 6 --u32 1)" "integer 0 [00 00 00 00]" \
	"method 6 goes raw: the policy shares it"
expect_match "$(wmibpf call $ACME_METHODS 5 2>&1)" "*Device or resource busy*" "method 5 stays owned"
expect_ok "audit mode" wmibpf mode share audit
expect_match "$(wmibpf call $ACME_METHODS 6 --u32 1 2>&1)" "*Device or resource busy*" \
	"in audit mode the policy shares nothing"
expect_ok "unload it" wmibpf unload share
finish
