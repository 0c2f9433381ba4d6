# SPDX-License-Identifier: GPL-2.0
# Every method call ends in the wmi_method_call tracepoint, with who called,
# who answered and the error; every query and set of a data block in
# wmi_block_query and wmi_block_set, whichever kernel API the driver used.
. /wmibpf/tests/lib.sh
T=/sys/kernel/tracing
load_module acme_wmi
load_module wmi_testdrv

echo >$T/trace
echo 1 >$T/events/wmi/wmi_method_call/enable
acme-ctl fan 1                                  # user, firmware
acme-ctl brightness 20                          # user, claimed: driver
acme-ctl brightness 500                         # user, driver answers status 1
kcall method "$ACME_ZONES 0 1" >/dev/null       # kernel, firmware
kcall method "$ACME_ZONES 0 77" >/dev/null      # kernel, firmware fails
wmi-cdev-test types >/dev/null                  # includes an ENOSPC call
echo 0 >$T/events/wmi/wmi_method_call/enable
grep wmi_method_call $T/trace >/tmp/trace
cat /tmp/trace

line() { grep -m1 "$1" /tmp/trace; }
expect_match "$(line 'method=6 ')" \
	"*guid=FE733490-2E22-4EDB-A7B5-BC248874D383 instance=0 method=6 origin=user caller=0x0 comm=acme-ctl uid=0 pid=* verdict=firmware error=0 duration_ns=*" \
	"raw user call answered by the firmware"
expect_match "$(grep 'method=2 ' /tmp/trace | grep -m1 'origin=user')" "*origin=user*comm=acme-ctl*verdict=driver error=0*" \
	"claimed user call answered by the driver"
expect_match "$(grep 'method=2 ' /tmp/trace | grep -m1 'origin=kernel')" \
	"*origin=kernel caller=acme_call+* \\[acme_wmi\\]*verdict=firmware error=0*" \
	"the driver's own call, kernel origin, names the calling function"
expect_match "$(line 'guid=1E8FEC9B-04A5-4ED1-B79D-B77EF1152878 instance=0 method=1 ')" \
	"*origin=kernel caller=request_write* \\[wmi_testdrv\\]*verdict=firmware error=0*" \
	"kernel call answered by the firmware"
expect_match "$(line 'method=77 ')" "*origin=kernel*verdict=failed error=-5*" \
	"firmware failure traced with EIO"
expect_match "$(line 'method=9 ')" "*origin=user*comm=wmi-cdev-test*verdict=firmware*" \
	"user call from another process"

# Data blocks: the ACPI-object API, the buffer API and the deprecated
# GUID-string functions alike.
echo >$T/trace
echo 1 >$T/events/wmi/wmi_block_query/enable
echo 1 >$T/events/wmi/wmi_block_set/enable
kcall query "$ACME_DATA 0" >/dev/null           # wmidev_block_query()
kcall query_block "$ACME_INFO 0 0" >/dev/null   # wmidev_query_block()
kcall query_block "$ACME_INFO 4 0" >/dev/null   # instance out of range
kcall set_block "$ACME_DATA 0 5a000000" >/dev/null
kcall set_block "$ACME_INFO 0 00" >/dev/null    # read only
insmod /wmibpf/modules/wmi_guid_user.ko use=query guid="$ACME_DATA"
echo 0 >$T/events/wmi/wmi_block_query/enable
echo 0 >$T/events/wmi/wmi_block_set/enable
grep wmi_block_ $T/trace >/tmp/trace
rmmod wmi_guid_user
cat /tmp/trace

D=D28B1D3D-B880-4E86-BCF8-8DE9936D1B31
I=4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165
expect_eq "$(grep -c 'wmi_block_' /tmp/trace)" 6 "one event per block access"
expect_match "$(sed -n 1p /tmp/trace)" \
	"*wmi_block_query: guid=$D instance=0 origin=kernel caller=request_write+* \\[wmi_testdrv\\] comm=* uid=0 pid=* verdict=firmware error=0 duration_ns=*" \
	"an ACPI-object query answered by the firmware"
expect_match "$(sed -n 2p /tmp/trace)" \
	"*wmi_block_query: guid=$I instance=0 origin=kernel caller=request_write+*verdict=firmware error=0*" \
	"a buffer-API query"
expect_match "$(sed -n 3p /tmp/trace)" "*wmi_block_query: guid=$I instance=4 *verdict=failed error=-22*" \
	"a query of an instance the block does not have fails with EINVAL"
expect_match "$(sed -n 4p /tmp/trace)" \
	"*wmi_block_set: guid=$D instance=0 origin=kernel caller=request_write+*verdict=firmware error=0*" \
	"a buffer-API set"
expect_match "$(sed -n 5p /tmp/trace)" "*wmi_block_set: guid=$I instance=0 *verdict=failed error=-95*" \
	"a set of a read-only block fails with EOPNOTSUPP"
# The module called from its init code, freed by the time the trace is
# read: the caller is an address then.
expect_match "$(sed -n 6p /tmp/trace)" \
	"*wmi_block_query: guid=$D instance=0 origin=kernel caller=0xffff* comm=insmod *verdict=firmware*" \
	"wmi_query_block() is traced too, with its caller"
finish
