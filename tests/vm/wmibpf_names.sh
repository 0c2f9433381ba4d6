# SPDX-License-Identifier: GPL-2.0
# Policies by the firmware's names: device: AcmeFan and method:
# AcmeFan.SetProfile, from the acme laptop's bMOF, make the same rules and
# enforce exactly what their numeric twin does; check --mof checks against
# another machine's bMOF offline.
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
YAML
sed -e 's/^name: named/name: numbered/' -e "s/^device: AcmeFan/device: $ACME_METHODS/" \
	-e 's/AcmeFan.SetProfile/6/' -e 's/acmefan.getprofile/5/' /tmp/named.yaml >/tmp/numbered.yaml

expect_eq "$(wmibpf check /tmp/named.yaml)" \
	"/tmp/named.yaml: policy named, 2 rules, 0 BPF objects: ok" \
	"check takes the names from this machine's bMOF"
expect_eq "$(wmibpf check --mof /wmibpf/bmof/acme.bmof /tmp/named.yaml)" \
	"/tmp/named.yaml: policy named, 2 rules, 0 BPF objects: ok" "and from a blob"
expect_eq "$(wmibpf check --mof /wmibpf/bmof/dell.bmof /tmp/named.yaml 2>&1; echo $?)" \
	"/tmp/named.yaml:2:9: device: no class AcmeFan in /wmibpf/bmof/dell.bmof (see wmibpf mof)
3" "another machine's bMOF has no such class: exit 3"

# What each enforces: the same refusal, the same counts.
outcome() {
	wmibpf call AcmeFan.GetProfile >/dev/null
	wmibpf call "$ACME_METHODS" 6 --u32 1 2>&1
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
wmibpf unload -q named
expect_ok "its numeric twin loads" wmibpf load -q /tmp/numbered.yaml
expect_eq "$(outcome numbered)" "$named" "and does exactly the same"
wmibpf unload -q numbered
finish
