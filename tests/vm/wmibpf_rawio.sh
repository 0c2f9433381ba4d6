# SPDX-License-Identifier: GPL-2.0
# wmibpf load without CAP_SYS_RAWIO: a policy whose rules only deny or
# report, and an object that only reads, load and act; a policy with an
# emulate or raw rule, and an object that calls a kfunc that alters
# calls, are refused at load with the rule's line or the kfunc named, and
# nothing is loaded (the kernel would refuse their changes every call).
# With CAP_SYS_RAWIO the same policy loads and answers.
. /wmibpf/tests/lib.sh
W=/sys/fs/bpf/wmi
# CAP_PERFMON (38) and CAP_BPF (39): what attaching struct_ops takes.
bpf_only() { runas --caps 38,39 "$@"; }

printf 'name: fan\ndevice: %s\nrules:\n  - method: 6\n    action: deny\n    errno: EBUSY\n' \
	"$ACME_METHODS" >/tmp/deny.yaml
printf 'name: fan\ndevice: %s\nrules:\n  - method: 6\n    action: deny\n    errno: EBUSY\n  - method: 2\n    action: emulate\n    answer: 7\n' \
	"$ACME_METHODS" >/tmp/emulate.yaml

expect_ok "a deny policy loads without CAP_SYS_RAWIO" bpf_only wmibpf load -q /tmp/deny.yaml
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Device or resource busy" "and denies"
wmibpf unload -q fan

bpf_only wmibpf load -q /tmp/emulate.yaml 2>/tmp/err
expect_eq "$?" 1 "an emulate policy without CAP_SYS_RAWIO: exit status 1"
expect_match "$(cat /tmp/err)" "*/tmp/emulate.yaml:7: a rule that answers calls or sends them raw needs CAP_SYS_RAWIO*" \
	"the rule's line is named"
expect_eq "$(ls $W 2>/dev/null | grep -v '^monitor' | tr '\n' ' ')" "" "nothing was loaded"

bpf_only wmibpf load -q /wmibpf/bpf/emulate_method.bpf.o 2>/tmp/err
expect_eq "$?" 1 "an answering object without CAP_SYS_RAWIO: exit status 1"
expect_match "$(cat /tmp/err)" "*emulate_method.bpf.o: calls bpf_wmi_set_output, which alters calls*CAP_SYS_RAWIO*" \
	"the kfunc is named"
expect_eq "$(ls $W 2>/dev/null | grep -v '^monitor' | tr '\n' ' ')" "" "nothing was loaded"

expect_ok "a reading object loads without CAP_SYS_RAWIO" \
	bpf_only wmibpf load -q --device "$ACME_METHODS" /wmibpf/bpf/deny_method.bpf.o
wmibpf unload -q --all

expect_ok "with CAP_SYS_RAWIO the emulate policy loads" wmibpf load -q /tmp/emulate.yaml
expect_match "$(wmibpf call "$ACME_METHODS" 2 2>&1)" "integer 7*" "and answers"
wmibpf unload -q --all
finish
