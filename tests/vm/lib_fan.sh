# SPDX-License-Identifier: GPL-2.0
# Sourced by wmibpf_atomic and wmibpf_lock, after lib.sh: the policy `fan`
# in two versions, /tmp/v1.yaml and /tmp/v2.yaml, and all that can be
# seen of it (state; ids for the objects themselves), with what state
# says for each version and for none.
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

# The struct_ops maps attached links run, by name: what acts, truly
# (bpf-ids asks the kernel as bpftool would, in milliseconds, not seconds).
running() {
	bpf-ids running | sort | tr '\n' ' '
}
# All that can be seen of the policy: pins, what runs, what a call gets.
state() {
	echo "$(ls $W 2>/dev/null | grep -v '^monitor' | tr '\n' ' ')| $(ls $W/fan 2>/dev/null | tr '\n' ' ')|" \
		"$(running)| $(acme-ctl fan 2 2>&1)"
}
# The ids of every pinned object, and the map each link runs: the same
# objects, not only alike ones.
ids() {
	bpf-ids pins $W/fan | tr '\n' ' '
}
V1="fan | conds hits link meta mode obj-allow_all ops ops-allow_all rules | allow_all wmi_policy | acme-ctl: method 6: Permission denied"
V2="fan | conds hits link meta mode obj-deny_method ops ops-deny_method rules | deny_method wmi_policy | acme-ctl: method 6: Device or resource busy"
NONE="| | | "
