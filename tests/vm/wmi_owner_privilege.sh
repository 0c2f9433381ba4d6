# SPDX-License-Identifier: GPL-2.0
# A raw call needs CAP_SYS_RAWIO in the credentials of the node's opener:
# a user the node was granted to, and root without capabilities, are
# refused with EPERM and the firmware is not called; root's open file keeps
# working for a process that gave up root. Calls a driver answers need no
# such right.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
fw_calls() {
	printf '%d' "$(kcall method "$ACME_METHODS 0 10" | sed -n 's/^ok integer //p')"
}

grant_node "$ACME_METHODS"
before=$(fw_calls)
expect_eq "$(runas 65534 65534 wmibpf call $ACME_METHODS 5 2>&1 | sed 's/ (.*//')" \
	"wmibpf: $ACME_METHODS method 5: Operation not permitted" \
	"granted the node, nobody is refused a raw call"
expect_eq "$(runas --no-caps wmibpf call $ACME_METHODS 5 2>&1 | sed 's/ (.*//')" \
	"wmibpf: $ACME_METHODS method 5: Operation not permitted" \
	"root without capabilities is refused a raw call"
expect_eq "$(fw_calls)" "$((before + 1))" "neither reached the firmware"
run_prog wmi-cdev-test opener
unload_module wmi_testdrv

load_module acme_wmi
expect_eq "$(runas 65534 65534 wmibpf call $ACME_METHODS 2 --u32 60)" \
	"integer 0 [00 00 00 00]" "nobody may call what the driver answers"
expect_eq "$(cat /sys/class/backlight/acme/brightness)" 60 "through the driver"
finish
