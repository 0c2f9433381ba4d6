# SPDX-License-Identifier: GPL-2.0
# Policies by the firmware's names: device: AcmeFan, method:
# AcmeFan.SetProfile and arg: Level (a parameter of SetKeyboardLight),
# from the acme laptop's bMOF, make the same rules and enforce exactly what
# their numeric twin does; check --mof checks against another machine's
# bMOF offline.
. /wmibpf/tests/lib.sh

cat >/tmp/named.yaml <<'YAML'
name: named
device: AcmeFan
rules:
  - method: AcmeFan.SetProfile
    action: deny
    errno: EACCES
  - method: acmefan.getprofile
    action: audit
  - input: [{ arg: Level, min: 4 }]       # levels are 0..3
    method: AcmeFan.SetKeyboardLight
    action: deny
    errno: EACCES
YAML
sed -e 's/^name: named/name: numbered/' -e "s/^device: AcmeFan/device: $ACME_METHODS/" \
	-e 's/AcmeFan.SetProfile/6/' -e 's/acmefan.getprofile/5/' \
	-e 's/AcmeFan.SetKeyboardLight/4/' -e 's/arg: Level/offset: 0, width: 4/' \
	/tmp/named.yaml >/tmp/numbered.yaml

expect_eq "$(wmibpf check /tmp/named.yaml)" \
	"/tmp/named.yaml: policy named, 3 rules, 0 BPF objects: ok" \
	"check takes the names from this machine's bMOF"
expect_eq "$(wmibpf check --mof /wmibpf/bmof/acme.bmof /tmp/named.yaml)" \
	"/tmp/named.yaml: policy named, 3 rules, 0 BPF objects: ok" "and from a blob"
sed 's/arg: Level/arg: Status/' /tmp/named.yaml >/tmp/outarg.yaml
expect_eq "$(wmibpf check /tmp/outarg.yaml 2>&1; echo $?)" \
	"/tmp/outarg.yaml:9:20: arg: SetKeyboardLight: Status is an out parameter, not in the call's input
3" "arg: names an in parameter only"
expect_eq "$(wmibpf check --mof /wmibpf/bmof/dell.bmof /tmp/named.yaml 2>&1; echo $?)" \
	"/tmp/named.yaml:2:9: device: no class AcmeFan in /wmibpf/bmof/dell.bmof (see wmibpf mof)
3" "another machine's bMOF has no such class: exit 3"

# What each enforces: the same refusals, the same counts, the same fields.
level=$(wmibpf call AcmeFan.GetKeyboardLight | sed -n 's/^Level = //p')
expect_match "$level" "[0-3]" "the keyboard light's level, read by name"
outcome() {
	wmibpf call AcmeFan.GetProfile >/dev/null
	wmibpf call "$ACME_METHODS" 6 --u32 1 2>&1
	echo "exit $?"
	wmibpf call AcmeFan.SetKeyboardLight Level=7 2>&1
	echo "exit $?"
	wmibpf call AcmeFan.SetKeyboardLight Level="$level" 2>&1
	echo "exit $?"
	wmibpf show "$1" --json | sed -e 's/"name":"[a-z]*",//' -e 's/"source":"[^"]*",//'
}
expect_ok "the named policy loads" wmibpf load -q /tmp/named.yaml
named=$(outcome named)
# rule METHOD: its action and hits, from show --json
rule() {
	printf '%s\n' "$named" | grep -o "\"method\":\"$1\"[^}]*" |
		sed 's/.*"action":"\([a-z]*\)".*"hits":\([0-9]*\).*/\1 \2/'
}
expect_eq "$(printf '%s\n' "$named" | sed -n 1,2p)" "wmibpf: $ACME_METHODS method 6: Permission denied
exit 1" "the named rule denies SetProfile with EACCES"
expect_eq "$(rule 6)" "deny 1" "as rule of method 6, hit once"
expect_eq "$(rule 5)" "audit 1" "GetProfile is audited as method 5"
expect_eq "$(printf '%s\n' "$named" | sed -n 3,6p)" "wmibpf: $ACME_METHODS method 4: Permission denied
exit 1
Status = 0
exit 0" "arg: Level refuses level 7 and lets level $level by"
expect_eq "$(printf '%s\n' "$named" | grep -o '"method":"4"[^{]*{[^}]*}][^}]*' |
	grep -o '"input":\[[^]]*\]\|"hits":[0-9]*')" \
	'"input":[{"offset":0,"width":4,"mask":4294967295,"min":4,"max":4294967295}]
"hits":1' "as the u32 at offset 0, from 4 up, hit once"
wmibpf unload -q named
expect_ok "its numeric twin loads" wmibpf load -q /tmp/numbered.yaml
expect_eq "$(outcome numbered)" "$named" "and does exactly the same"
wmibpf unload -q numbered
finish
