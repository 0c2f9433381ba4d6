# SPDX-License-Identifier: GPL-2.0
# Load and replace as wmibpf(8) "LOADING AND REPLACING" says, on the real
# kernel: a failure leaves the old policy exactly as it was; a kill -9
# before, in and after the switch leaves a state `list` tells truly and the
# next load or unload puts right. Failures and kills are injected with
# WMIBPF_FAULT (the guest's wmibpf-asan only). Every step of the
# transaction is failed and killed in tests/unit/test_transaction.c, on a
# fake kernel; the steps it expects are checked against the real loader
# here. wmibpf_lock tests the lock, the program cap and the directories.
# vmtest: timeout=300
. /wmibpf/tests/lib.sh
. /wmibpf/tests/lib_fan.sh

expect_ok "load v1" wmibpf load -q /tmp/v1.yaml
expect_eq "$(state)" "$V1" "v1"
WMIBPF_FAULT=trace wmibpf load -q /tmp/v2.yaml 2>/tmp/trace
expect_eq "$(state)" "$V2" "replaced by v2"
steps() { sed -n 's/^wmibpf: fault point //p' /tmp/trace | uniq | tr '\n' ' '; }
# The steps tests/unit/test_transaction.c fails and kills one by one.
expect_eq "$(steps)" "adopt stage stage:rules stage:conds stage:hits stage:mode stage:meta prepare:link prepare:obj-deny_method update:link attach:obj-deny_method commit move " \
	"the steps of a replace"
wmibpf unload -q fan
WMIBPF_FAULT=trace wmibpf load -q /tmp/v1.yaml 2>/tmp/trace
expect_eq "$(steps)" "stage stage:rules stage:conds stage:hits stage:mode stage:meta prepare:link prepare:obj-allow_all attach:link attach:obj-allow_all commit " \
	"the steps of a first load"

# A failure before the commit, after the kernel swapped every link: v1
# exactly as it was, the same objects. (Every step's failure and kill is
# tried on a fake kernel in tests/unit/test_transaction.c; here the real
# kernel undoes a few.)
before=$(ids)
echo "v1's objects: $before"
WMIBPF_FAULT=commit wmibpf load -q /tmp/v2.yaml 2>/tmp/err
expect_eq "$?" 1 "replace failing at commit: exit status 1"
expect_match "$(cat /tmp/err)" "*fault injected at commit*the policy loaded before stays as it was*" \
	"and it says so"
expect_eq "$(state)" "$V1" "v1 as it was after a failure at commit"
expect_eq "$(ids)" "$before" "the same objects"

# After the commit, moving pins cannot be undone: the new version acts,
# the next load finishes the move.
WMIBPF_FAULT=move wmibpf load -q /tmp/v2.yaml 2>/tmp/err
expect_eq "$?" 1 "replace failing to move pins: exit status 1"
expect_match "$(cat /tmp/err)" "*the new version of fan acts*the next wmibpf load or unload of fan finishes it*" "and it says so"
expect_eq "$(running)" "deny_method wmi_policy " "v2 runs"
expect_match "$(wmibpf list)" "*fan: a load or replace of it was interrupted*" "list says so"
expect_eq "$(wmibpf load /tmp/v2.yaml)" "fan: completed an interrupted load
loaded fan from /tmp/v2.yaml" "the next load completes it"
expect_eq "$(state)" "$V2" "v2"
wmibpf unload -q fan

# A first load failing at its last step loads nothing.
WMIBPF_FAULT=commit wmibpf load -q /tmp/v1.yaml 2>/tmp/err
expect_eq "$?" 1 "first load failing at commit: exit status 1"
expect_match "$(cat /tmp/err)" "*fault injected at commit*nothing was loaded*" "and it says so"
expect_eq "$(state)" "$NONE" "nothing after a failure at commit"

# kill -9 before, in and after the switch: list is true, the next load or
# unload puts it right, with the kernel's links as they are after a kill.
killed() {	# STEP FILE: kill -9 a load of FILE at STEP
	WMIBPF_FAULT=$1:kill wmibpf load -q "$2" 2>/dev/null
	expect_eq "$?" 137 "killed loading $2 at $1"
	expect_match "$(wmibpf list)" "*fan: a load or replace of it was interrupted*" \
		"killed at $1: list says it was interrupted"
}
wmibpf load -q /tmp/v1.yaml
killed update:link /tmp/v2.yaml
expect_eq "$(wmibpf load /tmp/v2.yaml)" "fan: undid an interrupted load
loaded fan from /tmp/v2.yaml" "a replace killed in the switch: the next load undoes it, then loads"
expect_eq "$(state)" "$V2" "v2 after a replace killed at update:link and a load"
wmibpf unload -q fan

wmibpf load -q /tmp/v1.yaml
killed commit /tmp/v2.yaml
expect_ok "a replace killed at the commit, then an unload" wmibpf unload -q fan
expect_eq "$(state)" "$NONE" "nothing after a replace killed at commit and an unload"

wmibpf load -q /tmp/v1.yaml
killed move /tmp/v2.yaml
expect_eq "$(running)" "deny_method wmi_policy " "killed after the commit: v2 runs"
expect_ok "then an unload" wmibpf unload -q fan
expect_eq "$(state)" "$NONE" "nothing after a replace killed at move and an unload"

killed attach:link /tmp/v1.yaml
expect_ok "a first load killed in the switch, then a load" wmibpf load -q /tmp/v1.yaml
expect_eq "$(state)" "$V1" "v1 after a load killed at attach:link and a load"
wmibpf unload -q --all
finish
