# SPDX-License-Identifier: GPL-2.0
# The largest lookup a policy can make the verifier walk loads and decides
# right: a rule for each of the 48 key patterns a rule can have (kind,
# device, method, origin, uid and gid each named or any, but a rule for
# every kind names no method), group rules for the 8 groups a policy may
# name, and a chain of rules with conditions on one key. The policy
# program's size and the instructions the verifier walked are printed, so
# that growth shows from run to run.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv

{
	printf 'name: worst\ndevice: all\nrules:\n'
	g=0
	for kind in any method; do
	for dev in any one; do
	for meth in any one; do
	for origin in user any; do
	for uid in any one; do
	for gid in any one; do
		[ $kind = any ] && [ $meth = one ] && continue
		printf '  - action: allow\n'
		[ $dev = one ] && printf '    device: %s\n' "$ACME_METHODS"
		[ $kind = method ] && { [ $meth = one ] && echo '    method: 1' || echo '    method: any'; }
		[ $origin = any ] && echo '    origin: any'
		[ $uid = one ] && echo '    uid: 1000'
		[ $gid = one ] && { echo "    gid: $((2001 + g % 8))"; g=$((g + 1)); }
	done; done; done; done; done; done
	# A chain on one key: disjoint ranges of the first input dword, then
	# the key's own rule, which denies what none of them allowed.
	for i in 0 1 2 3 4 5 6; do
		printf '  - method: 5\n    device: %s\n' "$ACME_METHODS"
		printf '    input: [{ offset: 0, width: 4, min: %d, max: %d }]\n' $((i * 10)) $((i * 10 + 9))
		printf '    action: allow\n'
	done
	printf '  - method: 5\n    device: %s\n    action: deny\n    errno: EACCES\n' "$ACME_METHODS"
} >/tmp/worst.yaml
expect_match "$(wmibpf check /tmp/worst.yaml)" "/tmp/worst.yaml: policy worst, 56 rules, 0 BPF objects: ok" \
	"the policy checks"
expect_ok "and loads" wmibpf load -q /tmp/worst.yaml
bpf-ids verified | grep '^policy_' | sed 's/^/verifier: /'
expect_eq "$(wmibpf show worst | awk '$1 ~ /^[0-9]+$/' | wc -l)" 56 "show lists every rule"
expect_match "$(wmibpf call $ACME_METHODS 1)" "integer *" "root's call: allowed"
expect_match "$(wmibpf call $ACME_METHODS 5 --u32 42 2>&1)" "integer *" \
	"a call in a chain rule's range: allowed"
expect_match "$(wmibpf call $ACME_METHODS 5 --u32 70 2>&1)" "*Permission denied*" \
	"past every range: the key's own rule denies"
expect_ok "unload" wmibpf unload worst
finish
