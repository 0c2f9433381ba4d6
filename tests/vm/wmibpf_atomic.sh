# SPDX-License-Identifier: GPL-2.0
# Load and replace as wmibpf(8) "LOADING AND REPLACING" says: a failure at
# any step leaves the old policy exactly as it was; a kill -9 before, in
# and after the switch leaves a state `list` tells truly and the next load
# or unload puts right. Failures and kills are injected with WMIBPF_FAULT
# (the guest's wmibpf-asan only). wmibpf_lock tests the lock, the program
# cap and the directories.
# vmtest: timeout=900
. /wmibpf/tests/lib.sh
W=/sys/fs/bpf/wmi
policy() {	# NAME ERRNO OBJECT...
	printf 'name: %s\ndevice: %s\nrules:\n  - method: 6\n    action: deny\n    errno: %s\n' \
		"$1" "$ACME_METHODS" "$2"
	shift 2
	[ $# -gt 0 ] && echo "bpf:"
	for o in "$@"; do echo "  - /wmibpf/bpf/$o.bpf.o"; done
}
policy fan EACCES allow_all >/tmp/v1.yaml
policy fan EBUSY deny_method >/tmp/v2.yaml

# The struct_ops maps attached links run, by name: what acts, truly.
running() {
	for id in $(bpftool link show | sed -n 's/.*struct_ops *map \([0-9]*\).*/\1/p'); do
		bpftool map show id "$id" | sed -n 's/.*name \([^ ]*\).*/\1/p'
	done | sort | tr '\n' ' '
}
# All that can be seen of the policy: pins, what runs, what a call gets.
state() {
	echo "$(ls $W 2>/dev/null | grep -v '^monitor' | tr '\n' ' ')| $(ls $W/fan 2>/dev/null | tr '\n' ' ')|" \
		"$(running)| $(acme-ctl fan 2 2>&1)"
}
# The ids of every pinned object, and the map each link runs: the same
# objects, not only alike ones.
ids() {
	for p in $W/fan/*; do
		case "$p" in
		*/link|*/obj-*) bpftool link show pinned "$p" | head -1 | sed 's/  */ /g' ;;
		*) bpftool map show pinned "$p" | head -1 | cut -d: -f1 ;;
		esac
	done | tr '\n' ' '
}
V1="fan | conds hits link meta mode obj-allow_all ops ops-allow_all rules | allow_all wmi_policy | acme-ctl: method 6: Permission denied"
V2="fan | conds hits link meta mode obj-deny_method ops ops-deny_method rules | deny_method wmi_policy | acme-ctl: method 6: Device or resource busy"
NONE="| | | "

expect_ok "load v1" wmibpf load -q /tmp/v1.yaml
expect_eq "$(state)" "$V1" "v1"
WMIBPF_FAULT=trace wmibpf load -q /tmp/v2.yaml 2>/tmp/trace
expect_eq "$(state)" "$V2" "replaced by v2"
replace_steps=$(sed -n 's/^wmibpf: fault point //p' /tmp/trace | sort -u | tr '\n' ' ')
echo "replace steps: $replace_steps"
expect_match "$replace_steps" "*adopt*commit*prepare:link*stage*update:link*" "the steps of a replace"
wmibpf unload -q fan
WMIBPF_FAULT=trace wmibpf load -q /tmp/v1.yaml 2>/tmp/trace
load_steps=$(sed -n 's/^wmibpf: fault point //p' /tmp/trace | sort -u | tr '\n' ' ')
echo "first load steps: $load_steps"
expect_match "$load_steps" "*attach:link*attach:obj-allow_all*commit*" "the steps of a first load"

# A failure at any step before the commit: v1 exactly as it was.
before=$(ids)
echo "v1's objects: $before"
for s in $replace_steps; do
	[ "$s" = move ] && continue
	WMIBPF_FAULT=$s wmibpf load -q /tmp/v2.yaml 2>/tmp/err
	expect_eq "$?" 1 "replace failing at $s: exit status 1"
	expect_match "$(cat /tmp/err)" "*fault injected at $s*the policy loaded before stays as it was*" \
		"and it says so"
	expect_eq "$(state)" "$V1" "v1 as it was after a failure at $s"
	expect_eq "$(ids)" "$before" "the same objects"
done
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

# A first load failing at any step loads nothing.
for s in $load_steps; do
	WMIBPF_FAULT=$s wmibpf load -q /tmp/v1.yaml 2>/tmp/err
	expect_eq "$?" 1 "first load failing at $s: exit status 1"
	expect_match "$(cat /tmp/err)" "*fault injected at $s*nothing was loaded*" "and it says so"
	expect_eq "$(state)" "$NONE" "nothing after a failure at $s"
done

# kill -9 at any step: list is true, a later load or unload puts it right.
interrupted() {
	if [ -e $W/-staging-fan ]; then
		expect_match "$(wmibpf list)" "*fan: a load or replace of it was interrupted*" \
			"$1: list says it was interrupted"
	else
		expect_eq "$(state)" "$2" "$1: no trace of the kill"
	fi
}
# (Steps before, in and after the switch, put right by a load or by an
# unload in turn; every step's failure is tested above.)
n=0
wmibpf load -q /tmp/v1.yaml
for s in stage:meta update:link attach:obj-deny_method commit move; do
	WMIBPF_FAULT=$s:kill wmibpf load -q /tmp/v2.yaml 2>/dev/null
	expect_eq "$?" 137 "killed replacing at $s"
	case "$s" in move) after="$V2" ;; *) after="$V1" ;; esac
	interrupted "replace killed at $s" "$after"
	n=$((n + 1))
	if [ $((n % 2)) = 1 ]; then
		expect_ok "then a load" wmibpf load -q /tmp/v2.yaml
		expect_eq "$(state)" "$V2" "v2 after a replace killed at $s and a load"
	else
		expect_ok "then an unload" wmibpf unload -q fan
		expect_eq "$(state)" "$NONE" "nothing after a replace killed at $s and an unload"
	fi
	wmibpf load -q /tmp/v1.yaml
done
wmibpf unload -q fan
for s in stage attach:link attach:obj-allow_all commit; do
	WMIBPF_FAULT=$s:kill wmibpf load -q /tmp/v1.yaml 2>/dev/null
	expect_eq "$?" 137 "killed loading at $s"
	interrupted "load killed at $s" "$NONE"
	n=$((n + 1))
	if [ $((n % 2)) = 1 ]; then
		expect_ok "then a load" wmibpf load -q /tmp/v1.yaml
		expect_eq "$(state)" "$V1" "v1 after a load killed at $s and a load"
		wmibpf unload -q fan
	else
		expect_ok "then an unload" sh -c "wmibpf unload -q fan || [ ! -e $W/fan ]"
		expect_eq "$(state)" "$NONE" "nothing after a load killed at $s and an unload"
	fi
done
wmibpf unload -q --all
finish
