# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# policies/dell-smbios.yaml decides as dell-smbios' own call filter does,
# the real one in the kernel, for a table of calls (classes, selects, token
# locations) from callers with all capabilities, CAP_SYS_ADMIN only,
# CAP_SYS_RAWIO only and none.
#
# First, without the policy, each call goes through /dev/wmi/dell-smbios:
# the filter alone decides (EINVAL for what it refuses) and what it allows
# reaches the firmware. Then, with the policy on the SMBIOS method, the same
# calls go through the generic node: the policy decides first, refusing
# with EACCES, and what it allows goes on to the driver and its filter. So
# each call must give EACCES where the filter said EINVAL (the policy, not
# the filter, refused it) and the firmware's same answer where the filter
# allowed it; and the firmware must see the same calls. A policy that let
# through what the filter refuses would get the filter's EINVAL instead.
. /wmibpf/tests/lib.sh

policy=/usr/local/share/wmibpf/policies/dell-smbios.yaml
CAP_SYS_RAWIO=17
CAP_SYS_ADMIN=21

calls="0:0:0x102 0:0:0x100 0:1:0x100 0:2:0x100 0:0:0x101 0:0:0x777 0:0:0x50 0:0:0x10100
1:0:0x100:1 1:0:0x102:0 1:2:0x101:3 0:3:0x100 1:7 7:3 7:0 17:19:0 17:22 17:11 17:5 19:0 19:7
2:0 4:11 6:5 10:3 11:3 18:0 30:0 31:0 65535:0"
callers="all $CAP_SYS_ADMIN $CAP_SYS_RAWIO none"

# as CALLER PROG [ARGS]: run PROG with the caller's capabilities.
as() {
	c=$1
	shift
	case $c in
	all) "$@" ;;
	none) runas --no-caps "$@" ;;
	*) runas --caps "$c" "$@" ;;
	esac
}

# run [--raw]: every call from every caller, one "CALLER CALL RESULT" line
# each; one process per caller.
run() {
	fw_set_state 3 0
	fw_set_state 5 1
	for who in $callers; do
		for c in $calls; do
			echo "$c"
		done | as "$who" dell-smbios-call "$@" --each | sed "s/^/$who /"
	done
}

expect_eq "$(cat $WMI_DEVICES/$DELL_SMBIOS/claimed_methods)" 1 "dell-smbios-wmi claims method 1"
expect_ok "the shipped policy checks" wmibpf check -q "$policy"

total=$(fw_calls_total)
run >/tmp/filter.out
filter_fw=$(($(fw_calls_total) - total))
expect_eq "$(grep -c ' ok ' /tmp/filter.out)" "$filter_fw" \
	"without the policy, what the filter allows reaches the firmware"
# The table means something: every caller gets some calls and not others,
# and the capabilities matter (the capsule token).
for who in $callers; do
	allowed=$(grep -c "^$who .* ok " /tmp/filter.out)
	refused=$(grep "^$who " /tmp/filter.out | grep -c EINVAL)
	expect_eq "$([ "$allowed" -gt 0 ] && [ "$refused" -gt 0 ] && echo both)" both \
		"caller $who: the filter allows $allowed calls, refuses $refused"
done
expect_match "$(grep "^$CAP_SYS_ADMIN 0:0:0x100 " /tmp/filter.out)" "* ok *" \
	"CAP_SYS_ADMIN reads the capsule token"
expect_match "$(grep "^none 0:0:0x100 " /tmp/filter.out)" "* error EINVAL *" \
	"no capability: refused"

expect_ok "load the policy" wmibpf load -q "$policy"
total=$(fw_calls_total)
run --raw >/tmp/policy.out
expect_eq "$(($(fw_calls_total) - total))" "$filter_fw" \
	"with the policy, the firmware sees the same number of calls"
sed 's/error EINVAL (Invalid argument)/error EACCES (Permission denied)/' /tmp/filter.out \
	>/tmp/expected.out
bad=$(diff /tmp/expected.out /tmp/policy.out | grep '^[-+][^-+]')
expect_eq "$bad" "" "every call: the policy refuses what the filter refuses, allows the rest"

# The policy counted them: every refusal is some rule's hit.
hits=0
for h in $(wmibpf show --json dell-smbios | sed 's/"input":\[[^]]*\]//g' | tr '{' '\n' |
	grep '"action":"deny"' | sed -n 's/.*"hits":\([0-9]*\).*/\1/p'); do
	hits=$((hits + h))
done
expect_eq "$hits" "$(grep -c EACCES /tmp/policy.out)" "the deny rules' hits are the refusals"
expect_match "$(wmibpf show dell-smbios | sed -n '3p')" \
	"*deny EACCES *in\[0:2\]=31..65535" "show prints a rule's conditions"

# The kernel's own calls are not user space's: dell-pc still works.
profile=/sys/firmware/acpi/platform_profile
fw_set_state 1 1
fw_set_state 2 1
expect_eq "$(cat $profile)" balanced "dell-pc reads the thermal mode under the policy"
expect_ok "unload the policy" wmibpf unload dell-smbios

# check explains a rule that can never match: the admin property call,
# class 10, in the whitelist after this machine's "classes 8 to 16 are not
# supported".
line=$(grep -n '# 5. The rest.' "$policy" | cut -d: -f1)
unsupported=$(grep -n 'min: 8, max: 16' "$policy" | cut -d: -f1)
{
	head -n $((line - 1)) "$policy"
	echo "  - method: 1"
	echo "    input: [{ offset: 0, width: 2, value: 10 }, { offset: 2, width: 2, value: 3 }]"
	echo "    cap: CAP_SYS_ADMIN"
	echo "    action: allow"
	tail -n +"$line" "$policy"
} >/tmp/dell-smbios.yaml
out=$(wmibpf check /tmp/dell-smbios.yaml 2>&1)
expect_eq "$?" 3 "check refuses the unreachable rule"
expect_eq "$out" "/tmp/dell-smbios.yaml:$line:5: rule: can never match: every call it \
matches, the rule at line $((unsupported - 1)) matches first; move this rule above it or narrow \
that one" "and says where and why"
fw_set_state 3 0
fw_set_state 5 1
finish
