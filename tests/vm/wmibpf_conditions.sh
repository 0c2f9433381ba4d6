# SPDX-License-Identifier: GPL-2.0
# Rules with conditions, in the kernel: input fields of each width, masks,
# ranges, inputs too short for a field, the caller's capabilities, and the
# order: the first rule of a method whose conditions hold, else the next
# less specific rules. Each rule emulates its own number, so the answer
# says which rule decided.
. /wmibpf/tests/lib.sh
cat >/tmp/cond.yaml <<'POLICY'
name: cond
device: FE733490-2E22-4EDB-A7B5-BC248874D383
rules:
  - method: 8
    input: [{ offset: 0, width: 1, value: 0x11 }]
    action: emulate
    answer: 1
  - method: 8
    input: [{ offset: 1, width: 2, mask: 0x0ff0, value: 0x0230 }]
    action: emulate
    answer: 2
  - method: 8
    input: [{ offset: 0, width: 8, min: 0x100000000, max: 0x1ffffffff }]
    action: emulate
    answer: 3
  - method: 8
    min_size: 12
    action: emulate
    answer: 6
  - method: 8
    cap: CAP_SYS_ADMIN
    action: emulate
    answer: 4
  - method: any
    input: [{ offset: 0, value: 0x99 }]
    action: emulate
    answer: 5
  - method: any
    action: deny
    errno: ENODATA
POLICY
expect_ok "load" wmibpf load -q /tmp/cond.yaml
CAP_SYS_RAWIO=17

# call [--caps N] BYTES: method 8 with that input; the answer, or the error.
call() {
	if [ "$1" = --caps ]; then
		set -- runas --caps "$2" wmibpf call $ACME_METHODS 8 --input "$3"
	else
		set -- wmibpf call $ACME_METHODS 8 --input "$1"
	fi
	"$@" 2>&1 | sed -e 's/^integer \([0-9]*\) .*/\1/' -e 's/.*: No data available$/ENODATA/'
}

expect_eq "$(call '11 00 00 00')" 1 "a byte"
expect_eq "$(call '11')" 1 "a byte, the whole input"
expect_eq "$(call '00 30 02 00')" 2 "a masked u16 at offset 1"
expect_eq "$(call '00 3f 02 00')" 2 "bits outside the mask do not count"
expect_eq "$(call '00 00 00 00 01 00 00 00')" 3 "a u64 in range"
expect_eq "$(call '00 00 00 00 02 00 00 00')" 4 "a u64 out of range: the next rule"
expect_eq "$(call '00 00 00 00')" 4 "too short for the u64: the next rule"
expect_eq "$(call --caps $CAP_SYS_RAWIO '00 00 00 00')" ENODATA \
	"without CAP_SYS_ADMIN no rule of method 8 holds: 'method: any' denies"
expect_eq "$(call --caps $CAP_SYS_RAWIO '99 00 00 00')" 5 \
	"and its rule with conditions comes first"
expect_eq "$(call '99 00 00 00')" 4 "with CAP_SYS_ADMIN, method 8's own rule decides"
expect_eq "$(call --caps $CAP_SYS_RAWIO '99 00 00')" ENODATA "3 bytes are too short for a u32"
expect_eq "$(call '00 00 00 00 00 00 00 00 00 00 00 00')" 6 "12 bytes: min_size holds"
expect_eq "$(call '00 00 00 00 00 00 00 00 00 00 00')" 4 "11 bytes: it does not"

wmibpf show cond >/tmp/show
cat /tmp/show
expect_match "$(grep '^ *2 ' /tmp/show)" "*emulate 2 * 2  in\[1:2\]&0xff0=560" "rule 2: its condition, two hits"
expect_match "$(grep '^ *3 ' /tmp/show)" "* 1  in\[0:8\]=4294967296..8589934591" "rule 3: a range"
expect_match "$(grep '^ *4 ' /tmp/show)" "*emulate 6 * 1  size>=12" "rule 4: a least size"
expect_match "$(grep '^ *5 ' /tmp/show)" "* 4  CAP_SYS_ADMIN" "rule 5: a capability"
expect_match "$(grep '^ *7 ' /tmp/show)" "*deny ENODATA * 2  -" "rule 7: none"
expect_match "$(wmibpf show cond --json)" \
	'*"rule":2,*"input":\[{"offset":1,"width":2,"mask":4080,"min":560,"max":560}\],"min_size":0,"cap":\[\],"hits":2}*"rule":4,*"input":\[\],"min_size":12,"cap":\[\],"hits":1}*"rule":5,*"input":\[\],"min_size":0,"cap":\["CAP_SYS_ADMIN"\],"hits":4}*' \
	"and in JSON"
expect_ok "unload" wmibpf unload cond
finish
