# SPDX-License-Identifier: GPL-2.0
# A module on the GUID-string functions owns what it uses.  wmi-guid-user
# (kernel/modules/wmi-guid-user) binds no WMI device and names its GUID to
# one deprecated function when it loads, as acer-wmi or hp-wmi do: from
# then until it is unloaded the device lists it in guid_users, and a raw
# call to the device's methods fails with EBUSY, naming it, without
# reaching the firmware.  Every GUID-string function counts; a load that
# fails leaves no user; a user shares nothing, whatever the bound driver
# shares; a duplicated GUID names its first device only.
. /wmibpf/tests/lib.sh

users() {	# DEVICE
	cat "$WMI_DEVICES/$1/guid_users"
}

# use FUNCTION GUID [PARAM...]: load wmi-guid-user calling FUNCTION on GUID.
use() {
	f=$1
	g=$2
	shift 2
	insmod /wmibpf/modules/wmi_guid_user.ko use="$f" guid="$g" "$@"
}

# A raw call needs CAP_SYS_RAWIO, which root has here: without a user the
# firmware answers (method 1, the brightness).
for d in $(ls $WMI_DEVICES); do
	expect_eq "$(users "$d")" "" "$d: no module uses it at boot"
done
bright=$(wmibpf call $ACME_METHODS 1)
expect_match "$bright" "integer *" "no user: a raw call reaches the firmware"

# wmi_evaluate_method(): the caller is a user; raw calls are refused and the
# message names it.
expect_ok "load wmi-guid-user calling method 1 by GUID" use method $ACME_METHODS method_id=1
expect_eq "$(users $ACME_METHODS)" wmi_guid_user "guid_users names the module"
expect_eq "$(wmibpf call $ACME_METHODS 1 2>&1; echo $?)" \
	"wmibpf: $ACME_METHODS method 1: Device or resource busy (the method is in use by wmi_guid_user, which calls the device by its GUID; see wmibpf devices)
1" "a raw call: EBUSY, and the user named"
expect_match "$(wmibpf call $ACME_METHODS 99 2>&1)" "*Device or resource busy*" \
	"an unknown method id too: the firmware never runs it"
expect_match "$(wmibpf devices | grep "^$ACME_METHODS ")" "* wmi_guid_user(guid) *" \
	"wmibpf devices shows the user"
expect_match "$(wmibpf devices --json)" \
	"*\"device\":\"$ACME_METHODS\",*\"guid_users\":\\[\"wmi_guid_user\"\\]*" "and in JSON"
expect_ok "unload it" rmmod wmi_guid_user
expect_eq "$(users $ACME_METHODS)" "" "unloaded, no user"
expect_eq "$(wmibpf call $ACME_METHODS 1)" "$bright" "and raw calls reach the firmware again"

# Every GUID-string function makes a user, of whatever kind of device.
for f in has count uid; do
	expect_ok "load wmi-guid-user calling $f" use $f $ACME_ZONES
	expect_eq "$(users $ACME_ZONES)" wmi_guid_user "$f: guid_users names the module"
	expect_match "$(wmibpf call $ACME_ZONES 1 2>&1)" "*Device or resource busy*" \
		"$f: a raw call to the device's methods: EBUSY"
	rmmod wmi_guid_user
	expect_eq "$(users $ACME_ZONES)" "" "$f: unloaded, no user"
done
expect_ok "query a data block by GUID" use query $ACME_INFO
expect_eq "$(users $ACME_INFO)" wmi_guid_user "query: the data block's user"
rmmod wmi_guid_user
expect_ok "set a data block by GUID (to 80, the charge limit it has)" use set $ACME_DATA value=80
expect_eq "$(users $ACME_DATA)" wmi_guid_user "set: the data block's user"
rmmod wmi_guid_user
expect_ok "install a notify handler by GUID" use notify $ACME_EVENT
expect_eq "$(users $ACME_EVENT)" wmi_guid_user "notify: the event's user"
rmmod wmi_guid_user
expect_eq "$(users $ACME_EVENT)" "" "unloaded, the handler is removed and no user left"

# A load that fails after the call: the module never ran, and uses nothing.
expect_fail "a load that fails after its call" use has $ACME_METHODS fail=1
expect_eq "$(users $ACME_METHODS)" "" "the failed load left no user"
expect_match "$(wmibpf call $ACME_METHODS 1)" "integer *" "nor any refusal"

# A user shares nothing: acme-wmi shares method 1, the module does not.
load_module acme_wmi
expect_match "$(wmibpf call $ACME_METHODS 1)" "integer *" "acme-wmi shares method 1: it goes raw"
expect_ok "a module uses the device by GUID" use has $ACME_METHODS
expect_match "$(wmibpf call $ACME_METHODS 1 2>&1)" \
	"*Device or resource busy (the method is in use by wmi_guid_user, which calls the device by its GUID*" \
	"now method 1 is refused, and the module named, not acme-wmi"
rmmod wmi_guid_user
expect_match "$(wmibpf call $ACME_METHODS 1)" "integer *" "unloaded, acme-wmi's share holds again"
unload_module acme_wmi

# A GUID on two mappers names the first device: the second stays free.
expect_ok "use the duplicated GUID" use has $ACME_DUP
expect_eq "$(users $ACME_DUP)" wmi_guid_user "the first device has the user"
expect_eq "$(users $ACME_DUP-1)" "" "the second does not"
rmmod wmi_guid_user
finish
