# SPDX-License-Identifier: GPL-2.0
# wmibpf query and set read and write a data block raw, and fail as call
# does: $ACME_DATA is the charge limit (a dword buffer; the firmware takes
# 50 to 100 and ignores the rest), $ACME_INFO a read-only string an
# instance (the firmware version, then its build date), $ACME_OWNER a
# string-flagged block that takes a WMI string of at most 31 characters.
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

# Instance 1 of the firmware information answers its own string; there is
# no instance 2 (EINVAL: WQAE would fail past two, with EIO).
expect_eq "$(wmibpf query $ACME_INFO --instance 1)" \
	'string "built 2026-11-30" [22 00 62 00 75 00 69 00 6c 00 74 00 20 00 32 00 30 00 32 00 36 00 2d 00 31 00 31 00 2d 00 33 00 30 00 00 00]' \
	"instance 1: the build date"
expect_match "$(wmibpf query $ACME_INFO --instance 1 --json)" \
	"{\"device\":\"$ACME_INFO\",\"instance\":1,\"type\":\"string\",*,\"value\":\"built 2026-11-30\"}" \
	"instance 1, in JSON"
expect_eq "$(wmibpf query $ACME_INFO --instance 0)" "$info" "--instance 0 is the default"
expect_eq "$(wmibpf query $ACME_INFO --instance 2 2>&1; echo $?)" \
	"wmibpf: $ACME_INFO instance 2: Invalid argument (no such instance; see wmibpf devices)
1" "instance 2 of two"
expect_eq "$(wmibpf set $ACME_INFO --instance 1 --u32 1 2>&1; echo $?)" \
	"wmibpf: $ACME_INFO instance 1: Operation not supported (the block is read-only)
1" "instance 1 is read-only too"
expect_eq "$(wmibpf set $ACME_INFO --instance 2 --u32 1 2>&1; echo $?)" \
	"wmibpf: $ACME_INFO instance 2: Invalid argument (no such instance; or, for a string-flagged block, not a WMI string (use --string))
1" "a set of instance 2 of two"
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

# The asset owner: --string marshals what the block takes; the query's WMI
# string, bytes as they are, is a set's input again to put it back.
owner=$(wmibpf query $ACME_OWNER)
expect_match "$owner" 'string "*" \[*00 00\]' "the asset owner, a WMI string"
saved_owner=$(echo "$owner" | sed 's/^string ".*" \[\(.*\)\]$/\1/')
expect_eq "$(wmibpf set $ACME_OWNER --string 'Jane Doe' 2>&1; echo $?)" "0" "set --string prints nothing"
jane='string "Jane Doe" [12 00 4a 00 61 00 6e 00 65 00 20 00 44 00 6f 00 65 00 00 00]'
expect_eq "$(wmibpf query $ACME_OWNER)" "$jane" "set --string, then query"
expect_match "$(wmibpf query $ACME_OWNER --json)" \
	"{\"device\":\"$ACME_OWNER\",\"instance\":0,\"type\":\"string\",*,\"value\":\"Jane Doe\"}" \
	"the owner, in JSON"
expect_ok "31 characters, the firmware's most" \
	wmibpf set $ACME_OWNER --string 'Acme Rentals, fleet 7, Room 031'
expect_eq "$(wmibpf query $ACME_OWNER)" \
	'string "Acme Rentals, fleet 7, Room 031" [40 00 41 00 63 00 6d 00 65 00 20 00 52 00 65 00 6e 00 74 00 61 00 6c 00 73 00 2c 00 20 00 66 00 6c 00 65 00 65 00 74 00 20 00 37 00 2c 00 20 00 52 00 6f 00 6f 00 6d 00 20 00 30 00 33 00 31 00 00 00]' \
	"31 characters read back"
expect_ok "back to Jane Doe" wmibpf set $ACME_OWNER --string 'Jane Doe'
# The firmware fails a set past 31 characters: the only way WSxx says no.
expect_eq "$(wmibpf set $ACME_OWNER --string 'Acme Rentals, fleet 7, Room 0031' 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Input/output error (the firmware failed the set: an AML error, as firmware says no)
1" "32 characters: the firmware's EIO, said to be the firmware's"
expect_eq "$(wmibpf query $ACME_OWNER)" "$jane" "the owner as it was"

# Not a WMI string: the kernel refuses it before the firmware.
expect_eq "$(wmibpf set $ACME_OWNER --input '03 00 4d 00 00 00' 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Invalid argument (no such instance; or, for a string-flagged block, not a WMI string (use --string))
1" "an odd byte count: EINVAL"
expect_eq "$(wmibpf set $ACME_OWNER --input '10 00 4d 00' 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: No data available (a string-flagged block takes a WMI string (use --string))
1" "a count past the input: ENODATA"
expect_eq "$(wmibpf set $ACME_OWNER --u32 1 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Invalid argument (no such instance; or, for a string-flagged block, not a WMI string (use --string))
1" "a dword is no WMI string"
expect_eq "$(wmibpf set $ACME_OWNER --input '04 00 e9 00 00 00' 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Invalid argument (no such instance; or, for a string-flagged block, not a WMI string (use --string))
1" "a character outside ASCII: EINVAL"
expect_eq "$(wmibpf query $ACME_OWNER)" "$jane" "no malformed string reached the firmware"
# ... and wmibpf refuses what it cannot marshal before opening the node.
expect_eq "$(wmibpf set $ACME_OWNER --string "$(printf 'Jos\303\251')" 2>&1; echo $?)" \
	"wmibpf: set: --string: expected ASCII text of at most 32766 characters
2" "--string of text outside ASCII: exit status 2"
long=$(head -c 16400 /dev/zero | tr '\0' x)
expect_eq "$(wmibpf set $ACME_OWNER --string "$long" 2>&1; echo $?)" \
	"wmibpf: set: the new contents are 32804 bytes; a block takes at most 32768
2" "a string past the kernel's 32768 bytes: exit status 2"
expect_eq "$(wmibpf query $ACME_OWNER --instance 1 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 1: Invalid argument (no such instance; see wmibpf devices)
1" "the owner has one instance"

# Others: the node is root's; granted it, they still need CAP_SYS_RAWIO.
expect_eq "$(runas 65534 65534 wmibpf query $ACME_OWNER 2>&1; echo $?)" \
	"wmibpf: /dev/wmi/$ACME_OWNER: Permission denied (the WMI data block nodes are root's)
1" "nobody cannot open the node"
expect_eq "$(runas 65534 65534 wmibpf set $ACME_OWNER --string Mallory 2>&1; echo $?)" \
	"wmibpf: /dev/wmi/$ACME_OWNER: Permission denied (the WMI data block nodes are root's)
1" "nor set through it"
grant_node $ACME_OWNER
expect_eq "$(runas 65534 65534 wmibpf query $ACME_OWNER 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Operation not permitted (a raw query needs CAP_SYS_RAWIO when the node is opened and no lockdown)
1" "granted the node, nobody's query: EPERM"
expect_eq "$(runas 65534 65534 wmibpf set $ACME_OWNER --string Mallory 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Operation not permitted (a raw set needs CAP_SYS_RAWIO when the node is opened and no lockdown)
1" "granted the node, nobody's set: EPERM"
expect_eq "$(runas --no-caps wmibpf set $ACME_OWNER --string Mallory 2>&1; echo $?)" \
	"wmibpf: $ACME_OWNER instance 0: Operation not permitted (a raw set needs CAP_SYS_RAWIO when the node is opened and no lockdown)
1" "root without capabilities: EPERM"
expect_eq "$(wmibpf query $ACME_OWNER)" "$jane" "no refused set reached the firmware"

expect_ok "the owner put back" wmibpf set $ACME_OWNER --input "$saved_owner"
expect_eq "$(wmibpf query $ACME_OWNER)" "$owner" "the owner is back"
finish
