# SPDX-License-Identifier: GPL-2.0
# A kernel driver (wmi-testdrv) evaluates methods and queries and sets data
# blocks on the fake laptop, and sees the values its ACPI tables hold.
# It reads the initial values of acme.asl, which other tests change: it
# runs first in its boot.
# vmtest: first
. /wmibpf/tests/lib.sh
load_module wmi_testdrv

M=$ACME_METHODS
expect_eq "$(kcall method "$M 0 1")" "ok integer 0x32" "initial brightness"
expect_eq "$(kcall method "$M 0 2 46000000")" "ok integer 0x0" "set brightness 70"
expect_eq "$(kcall method "$M 0 1")" "ok integer 0x46" "brightness after set"
expect_eq "$(kcall method "$M 0 2 65000000")" "ok integer 0x1" "set brightness 101 refused"
expect_eq "$(kcall method "$M 0 1")" "ok integer 0x46" "brightness unchanged by refused set"
expect_eq "$(kcall method "$M 0 3")" "ok integer 0x1" "keyboard light"
expect_eq "$(kcall method "$M 0 4 03000000")" "ok integer 0x0" "set keyboard light 3"
expect_eq "$(kcall method "$M 0 3")" "ok integer 0x3" "keyboard light after set"
expect_eq "$(kcall method "$M 0 5")" "ok integer 0x1" "fan profile"
expect_eq "$(kcall method "$M 0 6 02000000")" "ok integer 0x0" "set fan profile 2"
expect_eq "$(kcall method "$M 0 5")" "ok integer 0x2" "fan profile after set"
expect_eq "$(kcall method "$M 0 7")" "ok package [integer 0x64, string Aero 14, buffer 01 02 03]" "info package"
expect_eq "$(kcall method "$M 0 8 deadbeef00")" "ok buffer de ad be ef 00" "echo buffer"
expect_eq "$(kcall method "$M 0 9")" "ok string ACME Aero 14" "model string"
expect_match "$(kcall method "$M 0 99")" "error AE_AML_*" "unknown method id fails"
expect_eq "$(kcall method "$M 0 2 4600")" "ok integer 0x1" "short input refused"
expect_eq "$(kcall method "$M 1 1")" "error AE_BAD_PARAMETER" "instance out of range"

# A string-flagged block gets its input as an ACPI string.
S=$ACME_STRING
expect_eq "$(kcall method "$S 0 2")" "ok string ACME-0001" "asset tag"
expect_eq "$(kcall method "$S 0 1 41424300")" "ok integer 0x0" "set asset tag ABC"
expect_eq "$(kcall method "$S 0 2")" "ok string ABC" "asset tag after set"

# Instances of a multi-instance block hold their own state.
Z=$ACME_ZONES
expect_eq "$(kcall method "$Z 0 1")" "ok integer 0xff0000" "zone 0 colour"
expect_eq "$(kcall method "$Z 3 1")" "ok integer 0xffffff" "zone 3 colour"
expect_eq "$(kcall method "$Z 2 2 56341200")" "ok integer 0x0" "set zone 2 colour"
expect_eq "$(kcall method "$Z 2 1")" "ok integer 0x123456" "zone 2 colour after set"
expect_eq "$(kcall method "$Z 1 1")" "ok integer 0xff00" "zone 1 colour untouched"

# Data blocks: query, set, and a read-only one.
expect_eq "$(kcall query "$ACME_DATA 0")" "ok buffer 50 00 00 00" "charge limit"
expect_eq "$(kcall set "$ACME_DATA 0 5a000000")" "ok none" "set charge limit 90"
expect_eq "$(kcall query "$ACME_DATA 0")" "ok buffer 5a 00 00 00" "charge limit after set"
expect_eq "$(kcall set "$ACME_DATA 0 0a000000")" "ok none" "charge limit 10 ignored"
expect_eq "$(kcall query "$ACME_DATA 0")" "ok buffer 5a 00 00 00" "charge limit after ignored set"
expect_eq "$(kcall query "$ACME_INFO 0")" "ok string ACME firmware 1.07" "firmware info"
expect_eq "$(kcall query "$ACME_INFO 1")" "ok string built 2026-11-30" "firmware info, instance 1"
expect_match "$(kcall set "$ACME_INFO 0 00")" "error *" "read-only block refuses set"

# The same through the buffer API, as upstream's wmidev_query_block() and
# wmidev_set_block(): results marshalled as method results, -ENODATA under
# the least size the driver asks for.
expect_eq "$(kcall query_block "$ACME_DATA 0 4")" "ok 4 5a 00 00 00" "buffer API: charge limit"
expect_eq "$(kcall query_block "$ACME_DATA 0 5")" "error -61" \
	"buffer API: a result under the least size asked for is ENODATA"
expect_eq "$(kcall set_block "$ACME_DATA 0 5f000000")" "ok 0" "buffer API: set charge limit 95"
expect_eq "$(kcall query "$ACME_DATA 0")" "ok buffer 5f 00 00 00" "charge limit after the buffer-API set"
expect_eq "$(kcall set_block "$ACME_DATA 0 5a000000")" "ok 0" "buffer API: charge limit back to 90"
expect_eq "$(kcall query_block "$ACME_INFO 0 0")" \
	"ok 40 26 00 41 00 43 00 4d 00 45 00 20 00 66 00 69 00 72 00 6d 00 77 00 61 00 72 00 65 00 20 00 31 00 2e 00 30 00 37 00 00 00" \
	"buffer API: a string result is a WMI string"
expect_eq "$(kcall set_block "$ACME_INFO 0 00000000")" "error -95" \
	"buffer API: a read-only block refuses a set with EOPNOTSUPP"
expect_eq "$(kcall query_block "$ACME_INFO 1 0")" \
	"ok 36 22 00 62 00 75 00 69 00 6c 00 74 00 20 00 32 00 30 00 32 00 36 00 2d 00 31 00 31 00 2d 00 33 00 30 00 00 00" \
	"buffer API: instance 1 of two, its own string"
expect_eq "$(kcall query_block "$ACME_INFO 2 0")" "error -22" \
	"buffer API: an instance the block does not have is EINVAL"
expect_eq "$(kcall query_block "$M 0 0")" "error -22" "buffer API: a method block is no data block (EINVAL)"

# An expensive block's collection is on around each query, off after it,
# whatever became of the result.
c0=$(collections)
kcall query "$ACME_DATA 0" >/dev/null
expect_eq "$(kcall query_block "$ACME_DATA 0 8")" "error -61" "buffer API: ENODATA after the firmware answered"
expect_eq "$(( $(collections) - c0 ))" 512 "collection enabled for each query, and off after each"

# The duplicated GUID reaches each device's own firmware.
expect_eq "$(kcall method "$ACME_DUP 0 1")" "ok integer 0x1" "first of a duplicated GUID"
expect_eq "$(kcall method "$ACME_DUP-1 0 1")" "ok integer 0x2" "second of a duplicated GUID"

# Methods are not data blocks and the other way round.
expect_match "$(kcall query "$M 0")" "error *" "query on a method block"
expect_match "$(kcall method "$ACME_DATA 0 1")" "error *" "method on a data block"

finish
