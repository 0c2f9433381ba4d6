# SPDX-License-Identifier: GPL-2.0
# Every method call ends in the wmi_method_call tracepoint, with who called,
# who answered and the error.
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
finish
