# SPDX-License-Identifier: GPL-2.0
# A data block is its driver's as a method is: while a driver owns it, or a
# module uses it by GUID, raw queries and sets fail with EBUSY and the
# firmware is not asked; a driver that shares its methods shares its
# blocks. A raw access needs CAP_SYS_RAWIO of the opener.
. /wmibpf/tests/lib.sh
limit() { kcall query "$ACME_DATA 0"; }

# wmi-testdrv shares all its devices' methods by default: blocks too.
load_module wmi_testdrv
before=$(limit)
run_prog wmi-block-test io
expect_eq "$(limit)" "$before" "io put the charge limit back"
c0=$(collections)
unload_module wmi_testdrv

# With own=1 it owns them. (No method call while it is bound: it logs the
# firmware's method calls by others, which wmi_owner checks.)
insmod /wmibpf/modules/wmi_testdrv.ko own=1 && loaded_modules="wmi_testdrv $loaded_modules"
run_prog wmi-block-test refused EBUSY
unload_module wmi_testdrv
load_module wmi_testdrv
expect_eq "$(collections)" "$c0" "the refused query did not reach the firmware"
expect_eq "$(limit)" "$before" "the refused set did not reach the firmware"
unload_module wmi_testdrv
run_prog wmi-block-test io

# A module that queried the block by GUID uses it until it is unloaded.
insmod /wmibpf/modules/wmi_guid_user.ko use=query guid="$ACME_DATA"
expect_eq "$(cat /sys/bus/wmi/devices/$ACME_DATA/guid_users)" wmi_guid_user \
	"wmi_query_block() made the module a user"
run_prog wmi-block-test refused EBUSY
rmmod wmi_guid_user
run_prog wmi-block-test io

# Granted the node, nobody and root without capabilities are refused raw
# access; the root-opened file of wmi-cdev-test opener is the method case.
load_module wmi_testdrv
c0=$(collections)
grant_node "$ACME_DATA"
run_prog runas 65534 65534 wmi-block-test refused EPERM
run_prog runas --no-caps wmi-block-test refused EPERM
# The string-flagged asset owner alike; its node is root's until granted.
expect_eq "$(runas 65534 65534 cat /dev/wmi/$ACME_OWNER 2>&1 | sed 's/.*: //')" \
	"Permission denied" "the asset owner's node is root's"
grant_node "$ACME_OWNER"
owner=$(wmibpf query $ACME_OWNER)
run_prog runas 65534 65534 wmi-block-test refused EPERM owner
run_prog runas --no-caps wmi-block-test refused EPERM owner
expect_eq "$(wmibpf query $ACME_OWNER)" "$owner" "no refused set of the owner reached the firmware"
expect_eq "$(collections)" "$c0" "no refused query reached the firmware"
expect_eq "$(limit)" "$before" "no refused set reached the firmware"
finish
