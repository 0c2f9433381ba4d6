# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# A policy's rule that names a device acts on its aliases too: a call
# through the Dell laptop's DELL_ALIAS (the object id "DA" of the calling
# interface, the same WMDA) is the method the rule is about.  A policy for
# all devices whose rule denies method 2 of DELL_SMBIOS must deny it
# through the alias as well, and the firmware must not run it.  With
# dell-smbios-wmi unbound, so that neither GUID is a driver's and a raw
# call reaches the firmware but for the policy.
. /wmibpf/tests/lib.sh

echo "$DELL_SMBIOS" >/sys/bus/wmi/drivers/dell-smbios/unbind
cat >/tmp/alias.yaml <<EOT
name: alias
device: all
default: allow
rules:
  - device: $DELL_SMBIOS
    method: 2
    action: deny
    errno: EACCES
EOT
expect_ok "the policy loads" wmibpf load -q /tmp/alias.yaml

total=$(fw_calls_total)
expect_match "$(wmibpf call "$DELL_SMBIOS" 2 --input '00 00 00 00' 2>&1)" "*Permission denied*" \
	"method 2 of the device the rule names: denied"
expect_match "$(wmibpf call "$DELL_ALIAS" 2 --input '00 00 00 00' 2>&1)" "*Permission denied*" \
	"method 2 through its alias: denied too"
expect_eq "$(fw_calls_total)" "$total" "the firmware ran neither"
wmibpf call "$DELL_ALIAS" 3 --input '00 00 00 00' >/dev/null 2>&1
expect_eq "$(fw_calls_total)" "$((total + 1))" "method 3 through the alias, which no rule names, reaches it"
# The rule is one, listed under the device the file names, its hits both.
expect_eq "$(wmibpf show alias | awk '$1 == 1 { print $3, $10 }')" "$DELL_SMBIOS 2" \
	"show lists rule 1 once, under its device, with both calls"
wmibpf unload -q alias

# A rule for each GUID, for the same calls: on this machine they are one
# method's, and which decides would hang on how they merged; the load
# refuses them and says which.
cat >/tmp/both.yaml <<EOT
name: both
device: all
rules:
  - device: $DELL_SMBIOS
    method: 2
    action: deny
  - device: $DELL_ALIAS
    method: 2
    action: allow
EOT
wmibpf load -q /tmp/both.yaml 2>/tmp/err
expect_eq "$?" 3 "two rules for the same calls of aliased devices: exit status 3"
expect_match "$(cat /tmp/err)" "*/tmp/both.yaml:7: this rule and the one at line 4 are for the same calls: their devices are aliases on this machine*" \
	"and it names both lines"
expect_eq "$(wmibpf list)" "no policy loaded" "nothing was loaded"
echo "$DELL_SMBIOS" >/sys/bus/wmi/drivers/dell-smbios/bind
finish
