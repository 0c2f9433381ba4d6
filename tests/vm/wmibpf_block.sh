# SPDX-License-Identifier: GPL-2.0
# wmibpf query and set read and write a data block raw, and fail as call
# does: $ACME_DATA is the charge limit (a dword buffer; the firmware takes
# 50 to 100 and ignores the rest), $ACME_INFO a read-only string.
. /wmibpf/tests/lib.sh
limit=$(wmibpf query $ACME_DATA)
expect_match "$limit" "buffer \[?? 00 00 00\]" "the charge limit, as call prints a buffer"
# Its bytes as they are, to put back at the end whatever other tests left.
saved=$(echo "$limit" | sed 's/^buffer \[\(.*\)\]$/\1/')

expect_eq "$(wmibpf set $ACME_DATA --u32 80 2>&1; echo $?)" "0" "set prints nothing"
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [50 00 00 00]" "set then query"
expect_eq "$(wmibpf query $ACME_DATA --json)" \
	"{\"device\":\"$ACME_DATA\",\"instance\":0,\"type\":\"buffer\",\"bytes\":[80,0,0,0]}" \
	"a buffer, in JSON"
expect_ok "set with --input" wmibpf set $ACME_DATA --input '5a 00 00 00'
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [5a 00 00 00]" "set with --input, then query"
expect_ok "set 10: the firmware takes the call" wmibpf set $ACME_DATA --u32 10
expect_eq "$(wmibpf query $ACME_DATA)" "buffer [5a 00 00 00]" "the firmware ignores 10"

info='string "ACME firmware 1.07" [26 00 41 00 43 00 4d 00 45 00 20 00 66 00 69 00 72 00 6d 00 77 00 61 00 72 00 65 00 20 00 31 00 2e 00 30 00 37 00 00 00]'
expect_eq "$(wmibpf query $ACME_INFO)" "$info" "a string block"
expect_eq "$(wmibpf query $ACME_INFO --json)" \
	"{\"device\":\"$ACME_INFO\",\"instance\":0,\"type\":\"string\",\"bytes\":[38,0,65,0,67,0,77,0,69,0,32,0,102,0,105,0,114,0,109,0,119,0,97,0,114,0,101,0,32,0,49,0,46,0,48,0,55,0,0,0],\"value\":\"ACME firmware 1.07\"}" \
	"a string block, in JSON"
expect_eq "$(wmibpf query $ACME_INFO --output-size 4 2>&1; echo $?)" \
	"wmibpf: $ACME_INFO instance 0: the result needs 40 bytes; retry with --output-size 40 (the block was queried)
1" "a short buffer says what it needs"
expect_eq "$(wmibpf query $ACME_INFO --output-size 40)" "$info" "the size it said is enough"
expect_eq "$(wmibpf set $ACME_INFO --u32 1 2>&1; echo $?)" \
	"wmibpf: $ACME_INFO instance 0: Operation not supported (the block is read-only)
1" "a read-only block is not set"
expect_eq "$(wmibpf query $ACME_DATA --instance 1 2>&1; echo $?)" \
	"wmibpf: $ACME_DATA instance 1: Invalid argument (no such instance; see wmibpf devices)
1" "an instance the block does not have"

expect_eq "$(wmibpf query $ACME_METHODS 2>&1; echo $?)" \
	"wmibpf: $ACME_METHODS: no WMI data block (see wmibpf devices)
4" "a method device's node: exit status 4"
expect_eq "$(wmibpf set $ACME_METHODS --u32 1 2>&1; echo $?)" \
	"wmibpf: $ACME_METHODS: no WMI data block (see wmibpf devices)
4" "set on a method device's node: exit status 4"
expect_eq "$(wmibpf query $ACME_EVENT 2>&1; echo $?)" \
	"wmibpf: $ACME_EVENT: no WMI data block (see wmibpf devices)
4" "an event device's node: exit status 4"
expect_eq "$(wmibpf query 00000000-0000-0000-0000-000000000000 2>&1; echo $?)" \
	"wmibpf: /dev/wmi/00000000-0000-0000-0000-000000000000: No such file or directory (no such WMI data block; see wmibpf devices)
4" "no such device: exit status 4"
expect_eq "$(wmibpf set $ACME_DATA 2>&1; echo $?)" \
	"wmibpf: set: give one of --input, --u32, --string, with at least one byte
2" "a set without contents: exit status 2"

expect_ok "the charge limit put back" wmibpf set $ACME_DATA --input "$saved"
expect_eq "$(wmibpf query $ACME_DATA)" "$limit" "the charge limit is back"
finish
