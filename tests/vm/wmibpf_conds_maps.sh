# SPDX-License-Identifier: GPL-2.0
# The pinned `rules` and `conds` maps of a policy with conditions, written
# by hand with bpftool as root may: offsets, widths, field counts, chain
# lengths and starts far out of range. The program reads no byte outside
# the call's input, walks no further than the maps, and an entry without
# a rule of its own (WMI_RULE_F_CONDS_ONLY) decides nothing, whatever its
# chain says; `wmibpf show` prints whatever the maps hold.
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
    cap: CAP_SYS_ADMIN
    action: emulate
    answer: 2
  - method: any
    action: deny
    errno: ENODATA
POLICY
kernel_log=$(dmesg | wc -l)
expect_ok "load" wmibpf load -q /tmp/cond.yaml
dir=/sys/fs/bpf/wmi/cond

# le32 N...: each number as 4 bytes, little endian, in hex.
le32() {
	for n; do
		printf '%02x %02x %02x %02x ' $((n & 255)) $((n >> 8 & 255)) $((n >> 16 & 255)) \
			$((n >> 24 & 255))
	done
}

# le64 N...: each as 8 bytes, given as "HIGH:LOW" 32-bit halves.
le64() {
	for n; do
		le32 $((${n#*:})) $((${n%%:*}))
	done
}

# The key of method 8's rules: the policy's device (all zero), method 8,
# origin user, any uid and gid, of a method call (kind 0).
key8="$(printf '00 %.0s' $(seq 16))$(le32 8 1 0xffffffff 0xffffffff 0)"

# rule8 FLAGS FIRST NR: method 8's entry, without a rule of its own.
rule8() {
	bpftool map update pinned $dir/rules key hex $key8 \
		value hex $(le32 0 0 0 0 "$1" 0 "$2" "$3")
}

# cond0 NR_FIELDS OFFSET WIDTH: the first rule of the chain (emulate 1),
# its first field matching 0x11 as written, at OFFSET and WIDTH.
cond0() {
	bpftool map update pinned $dir/conds key hex 00 00 00 00 \
		value hex $(le32 1 3 1 1 0 14 0 0) $(le64 0:0) $(le32 "$1" 0) \
		$(le32 "$2" "$3") $(le64 0:0xff 0:0x11 0:0x11) $(printf '00 %.0s' $(seq 96))
}

call() {
	wmibpf call $ACME_METHODS 8 --input "$1" 2>&1 |
		sed -e 's/^integer \([0-9]*\) .*/\1/' -e 's/.*: No data available$/ENODATA/'
}

expect_eq "$(call '11 00 00 00')" 1 "as loaded: the first rule"
expect_eq "$(call '12 00 00 00')" 2 "and the second"

expect_ok "rewrite the first rule as it was" cond0 1 0 1
expect_eq "$(call '11 00 00 00')" 1 "the same entry decides the same"
for f in "1 0xffffffff 1" "1 0xfffffffc 4" "1 0xfffffff8 8" "1 32768 1" "1 5 8" \
	"1 0 0" "1 0 3" "1 0 0xffffffff" "0xffffffff 0 1" "5 0 1"; do
	expect_ok "conds[0]: nr_fields, offset, width $f" cond0 $f
	expect_eq "$(call '11 00 00 00')" 2 "and no call matches it: the next rule decides"
done
expect_ok "restore it" cond0 1 0 1

for c in "0xffffffff 0xffffffff" "0xffffffff 2" "0xffffffff 0x7fffffff" "1000 2"; do
	expect_ok "method 8's chain: nr_conds, first_cond $c" rule8 2 ${c#* } ${c% *}
	expect_eq "$(call '11 00 00 00')" ENODATA \
		"past the chains: nothing holds, the next pattern decides"
done
expect_ok "a chain from conds 0 for 2^32-1 rules" rule8 2 0 0xffffffff
expect_eq "$(call '11 00 00 00')" 1 "is walked as far as it goes"
expect_ok "no chain, no rule of its own" rule8 2 0 0
expect_eq "$(call '11 00 00 00')" ENODATA "decides nothing: the next pattern does"
expect_eq "$(call '12 00 00 00')" ENODATA "for every input"
expect_ok "show prints the maps as they are" wmibpf show cond
expect_ok "show --json too" wmibpf show --json cond
expect_ok "unload" wmibpf unload cond
expect_eq "$(dmesg | tail -n +$((kernel_log + 1)) | grep -c -e 'BUG:' -e 'WARNING:')" 0 \
	"and the kernel had no complaint"
finish
