# SPDX-License-Identifier: GPL-2.0
# wmibpf call makes a raw method call and prints the result.
. /wmibpf/tests/lib.sh
expect_eq "$(wmibpf call $ACME_METHODS 9)" \
	'string "ACME Aero 14" [1a 00 41 00 43 00 4d 00 45 00 20 00 41 00 65 00 72 00 6f 00 20 00 31 00 34 00 00 00]' \
	"a string result"
expect_eq "$(wmibpf call $ACME_METHODS 2 --u32 25)" "integer 0 [00 00 00 00]" "set brightness 25"
expect_eq "$(wmibpf call $ACME_METHODS 1 --json)" \
	'{"device":"FE733490-2E22-4EDB-A7B5-BC248874D383","instance":0,"method":1,"type":"integer","bytes":[25,0,0,0],"value":25}' \
	"an integer result, in JSON"
expect_eq "$(wmibpf call $ACME_METHODS 8 --input 'de ad be ef')" "buffer [de ad be ef]" "raw input echoed"
expect_eq "$(wmibpf call $ACME_STRING 1 --string TAG-7)" "integer 0 [00 00 00 00]" "string input"
expect_match "$(wmibpf call $ACME_STRING 2)" 'string "TAG-7" *' "read back"
expect_eq "$(wmibpf call $ACME_ZONES 1 --instance 3)" "integer 16777215 [ff ff ff 00]" "instance 3"
expect_eq "$(wmibpf call $ACME_METHODS 9 --output-size 4 2>&1; echo $?)" \
	"wmibpf: $ACME_METHODS method 9: the result needs 28 bytes; retry with --output-size 28 (the method has run)
1" "a short output buffer says what it needs"
expect_eq "$(wmibpf call $ACME_METHODS 99 2>&1; echo $?)" "wmibpf: $ACME_METHODS method 99: Input/output error
1" "the firmware's error"
expect_eq "$(wmibpf call $ACME_DATA 1 2>&1; echo $?)" \
	"wmibpf: $ACME_DATA: no WMI device with methods (see wmibpf devices)
4" "a device without methods: exit status 4"
expect_eq "$(wmibpf call $ACME_METHODS 1 --u32 5 --string x 2>&1; echo $?)" \
	"wmibpf: call: give one of --input, --u32, --string
2" "two inputs: exit status 2"
expect_eq "$(wmibpf call $ACME_METHODS 2>&1; echo $?)" "wmibpf: call: expected DEVICE and METHOD, or Class.Method
2" "no method: exit status 2"
finish
