# SPDX-License-Identifier: GPL-2.0
# wmibpf show counts each rule's hits.
. /wmibpf/tests/lib.sh
cat >/tmp/p.yaml <<'POLICY'
name: counting
device: FE733490-2E22-4EDB-A7B5-BC248874D383
default: allow
rules:
  - method: 5
    origin: any
    action: allow
  - method: 1
    origin: user
    action: emulate
    answer: 42
POLICY
expect_ok "load" wmibpf load -q /tmp/p.yaml
for i in 1 2 3; do acme-ctl fan >/dev/null; done
expect_eq "$(acme-ctl brightness)" 42 "brightness emulated"
acme-ctl kbd >/dev/null
wmibpf show counting | tee /tmp/show
# METHOD: the number, and the name the acme laptop's bMOF gives it
expect_match "$(grep '^ *1 ' /tmp/show)" "*    5 (AcmeFan.GetProfile) any *allow * 3  -" \
	"rule 1: three fan reads"
expect_match "$(grep '^ *2 ' /tmp/show)" "* 1 (AcmeFan.GetBrightness) user *emulate 42 * 1  -" \
	"rule 2: one brightness read"
expect_match "$(grep ' default ' /tmp/show)" "*allow * 1  -" "default: one keyboard read"
expect_match "$(wmibpf show counting --json)" \
	'*"rule":1,"line":5,*"method":"5","method_name":"AcmeFan.GetProfile","origin":*"hits":3}*"rule":2,*"answer":42,*"hits":1}*"default":{"action":"allow","origin":"user","audit":false,"hits":1},"lost_events":0}' \
	"and in JSON"
expect_eq "$(wmibpf show nosuch 2>&1; echo $?)" "wmibpf: no policy named nosuch is loaded
4" "an unknown policy: exit status 4"
wmibpf unload counting >/dev/null

# A default alone: no rule to sort (qsort(NULL) was undefined: UBSan in wmibpf-asan).
printf 'name: bare\ndevice: all\ndefault: audit\n' >/tmp/bare.yaml
expect_ok "load a policy of a default alone" wmibpf load -q /tmp/bare.yaml
wmibpf show bare >/tmp/show 2>/tmp/err
expect_eq "$?" 0 "show it"
expect_eq "$(cat /tmp/err)" "" "with nothing from the sanitizers"
expect_match "$(cat /tmp/show)" "policy bare, device all, *default * any user *audit *" "its default"
wmibpf unload bare >/dev/null
finish
