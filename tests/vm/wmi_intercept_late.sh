# SPDX-License-Identifier: GPL-2.0
# A claim ends with its driver: once unbind has begun, the core refuses
# claims (ENODEV), so that one made from the remove callback, a devres
# action or a work item the driver cancels there cannot outlive the
# driver. wmi-testdrv with late_claim=1 tries one in remove on each of its
# devices and logs the outcome; were it taken, the calls below would run a
# callback in the unloaded module.
. /wmibpf/tests/lib.sh

mark=$(dmesg | wc -l)
insmod /wmibpf/modules/wmi_testdrv.ko late_claim=1 && loaded_modules="wmi_testdrv $loaded_modules"
expect_eq "$(driver_of $ACME_METHODS)" wmi-testdrv "wmi-testdrv bound the method device"
unload_module wmi_testdrv
log=$(dmesg | tail -n +$((mark + 1)) | grep 'claim in remove: ')
echo "$log"
expect_match "$log" "*$ACME_METHODS: claim in remove: -19*" "a method claim from remove: ENODEV"
expect_match "$log" "*$ACME_DATA: claim in remove: -19*" "a data block claim from remove: ENODEV"
expect_eq "$(echo "$log" | grep -v -c 'claim in remove: -19$')" 0 "no device took one"
expect_eq "$(cat $WMI_DEVICES/$ACME_METHODS/claimed_methods)" "" "no method claimed"
expect_eq "$(cat $WMI_DEVICES/$ACME_DATA/claimed)" 0 "the block unclaimed"
expect_match "$(wmibpf call $ACME_METHODS 1)" "integer *" "method 1 reaches the firmware"
expect_match "$(wmibpf query $ACME_DATA)" "buffer *" "the block's query too"
expect_eq "$(dmesg | tail -n +$((mark + 1)) | grep -c 'answers a call')" 0 "no late callback ran"

# The next driver's probe opens claims again: acme-wmi's and
# acme-battery's are taken.
load_module acme_wmi
load_module acme_battery
expect_eq "$(cat $WMI_DEVICES/$ACME_METHODS/claimed_methods)" "2 4" "acme-wmi claims its methods"
expect_eq "$(cat $WMI_DEVICES/$ACME_DATA/claimed)" 1 "acme-battery its block"
finish
