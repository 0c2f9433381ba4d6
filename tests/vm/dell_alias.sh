# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# An alias is no way around the driver either.  The Dell laptop lists a
# second GUID, DELL_ALIAS, with the object id "DA" of dell-smbios' method
# block (vmtest/acpi/dell.asl): it evaluates the same WMDA.  No driver binds
# the alias's WMI device, but its method is dell-smbios-wmi's: what
# dell_smbios_call_filter() refuses, even to root, must not reach the
# firmware through the alias's node, and a thermal-mode set must not change
# the firmware behind dell-pc's back.  The alias is owned as the original
# is: a raw call on it is refused (EBUSY) or goes to the claiming driver
# (its filter answers), and the firmware's own count of WMDA evaluations
# does not move.  Root, all capabilities (CAP_SYS_RAWIO included).  WMI-BPF
# programs bound to either GUID act on calls through both.
. /wmibpf/tests/lib.sh

# alias_call CLASS SELECT [IN...]: the call as a raw method call (method 1)
# on the alias's node, /dev/wmi/$DELL_ALIAS.
alias_call() {
	dell-smbios-call --raw --guid "$DELL_ALIAS" "$@"
}

# refused OUTPUT: "refused" for EBUSY or the filter's EINVAL, else OUTPUT.
refused() {
	case "$1" in
	"error EBUSY "* | "error EINVAL "*) echo refused ;;
	*) echo "$1" ;;
	esac
}

# (a) dell-smbios-wmi is bound to the original and claims its method.
expect_eq "$(basename "$(readlink $WMI_DEVICES/$DELL_SMBIOS/driver)")" dell-smbios \
	"calling interface's driver"
expect_eq "$(cat $WMI_DEVICES/$DELL_SMBIOS/claimed_methods)" 1 "dell-smbios-wmi claims method 1"
expect_ok "the alias's WMI device" test -d $WMI_DEVICES/$DELL_ALIAS
expect_ok "the alias's node" test -c /dev/wmi/$DELL_ALIAS

# (b) Calls the filter refuses, even to root: diagnostics (class 19) and a
# write of the brightness token only the kernel may use (location 0x101).
bright=$(fw_state 4)
total=$(fw_calls_total)
diag=$(dell_fw_calls 19 0)
out=$(alias_call 19 0)
expect_eq "$(refused "$out")" refused \
	"diagnostics 19/0 through the alias: EBUSY, or the filter's EINVAL"
expect_eq "$(dell_fw_calls 19 0)" "$diag" \
	"diagnostics 19/0 through the alias: the firmware did not run it (it answered '$out')"
out=$(alias_call 1 0 0x101 3)
expect_eq "$(refused "$out")" refused \
	"kernel-only token write through the alias: EBUSY, or the filter's EINVAL"
expect_eq "$(fw_state 4)" "$bright" "brightness unchanged in the firmware (it answered '$out')"
# Reaching the claiming driver through an alias needs what a raw call
# needs: a grant of the alias's node is not one of dell-smbios.
reads=$(dell_fw_calls 0 0)
expect_eq "$(runas --no-caps dell-smbios-call --raw --guid "$DELL_ALIAS" 0 0 0x102)" \
	"error EPERM (Operation not permitted)" "through the alias without CAP_SYS_RAWIO: refused"
expect_eq "$(dell_fw_calls 0 0)" "$reads" "and the firmware did not run it"

# A method id the driver does not claim is still its own through the alias.
out=$(wmibpf call "$DELL_ALIAS" 2 --input '00 00 00 00' 2>&1)
expect_match "$out" "*Device or resource busy*" "method 2 through the alias: the bound driver's"
expect_eq "$(fw_calls_total)" "$total" "no refused call reached the firmware's WMDA"

# A thermal-mode set, as dell-pc sends it: refused, or performed by the
# driver, so that platform_profile follows and its pollers are told.
profile=/sys/firmware/acpi/platform_profile
fw_set_state 1 1
fw_set_state 2 0
expect_eq "$(cat $profile)" balanced "balanced to begin with"
watch_notify sysfs $profile 5000
out=$(alias_call 17 19 1 0x108)
case "$out" in
"error EBUSY"*)
	kill $watcher 2>/dev/null
	wait $watcher
	expect_eq "$(fw_state 1)" 1 "thermal set through the alias refused: the firmware's mode unchanged"
	;;
ok*)
	wait $watcher
	expect_eq "$?" 0 "thermal set through the alias went through (the firmware's mode is now $(fw_state 1)): platform_profile notified"
	expect_eq "$(cat $profile)" performance "dell-pc reports the new profile"
	;;
*)
	wait $watcher
	fail "thermal set through the alias: got '$out', expected 'error EBUSY' or 'ok ...'"
	;;
esac
# Put back what a call that got through changed (today's kernel), for the
# tests after this one.
fw_set_state 1 1
fw_set_state 2 0
fw_set_state 4 "$bright"

# (c) The core said at probe that the alias shares the original's method
# block.  Loose on purpose (the wording is the kernel's): a line naming the
# alias and the original GUID, its object id or the word alias.
expect_match "$(dmesg | grep -i "$DELL_ALIAS" | grep -iE "$DELL_SMBIOS|object id|WMDA|alias" | head -1)" \
	"?*" "probe logged the alias of $DELL_SMBIOS"

# (d) Programs act on the firmware method, whichever GUID it is called
# through: a policy for the original holds on the alias, and one for the
# alias on the original.
deny_policy() {	# DEVICE
	printf 'name: aliasdeny\ndevice: %s\nrules:\n  - method: 1\n    action: deny\n    errno: EACCES\n' "$1"
}
deny_policy "$DELL_SMBIOS" >/tmp/aliasdeny.yaml
expect_ok "load a policy denying method 1 of $DELL_SMBIOS" wmibpf load -q /tmp/aliasdeny.yaml
total=$(fw_calls_total)
expect_eq "$(alias_call 0 0 0x102)" "error EACCES (Permission denied)" \
	"the policy denies the call through the alias"
expect_eq "$(fw_calls_total)" "$total" "which did not reach the firmware"
expect_ok "unload it" wmibpf unload aliasdeny
deny_policy "$DELL_ALIAS" >/tmp/aliasdeny.yaml
expect_ok "load it for $DELL_ALIAS" wmibpf load -q /tmp/aliasdeny.yaml
expect_eq "$(dell_raw_call 0 0 0x102)" "error EACCES (Permission denied)" \
	"a policy for the alias denies the call through the original"
expect_ok "unload it" wmibpf unload aliasdeny
expect_match "$(alias_call 0 0 0x102)" "ok *" "unloaded, the call through the alias is the driver's again"

# (e) At most 16 programs act on a device and its aliases together.
run_prog wmi-bpf-test cap-alias "$DELL_SMBIOS" "$DELL_ALIAS"
finish
