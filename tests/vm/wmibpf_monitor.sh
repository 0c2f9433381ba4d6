# SPDX-License-Identifier: GPL-2.0
# wmibpf monitor streams what policies report: time, device, method,
# origin, uid, pid, command, rule, action, who answered, error, duration.
. /wmibpf/tests/lib.sh
load_module acme_wmi
grant_node $ACME_METHODS
expect_ok "load acme" wmibpf load -q /usr/local/share/wmibpf/policies/acme/acme.yaml

# No need to wait for the monitor to start: the ring buffer keeps the
# events until a reader takes them.
wmibpf monitor --json --count 3 >/tmp/events &
mon=$!
acme-ctl brightness 20
runas 1000 1000 acme-ctl fan 2 2>/dev/null
acme-ctl kbd >/dev/null
wait $mon
expect_eq "$?" 0 "monitor stopped after 3 events"
cat /tmp/events
expect_match "$(sed -n 1p /tmp/events)" \
	"{\"time\":\"20*\",\"policy\":\"acme\",\"device\":\"$ACME_METHODS\",\"guid\":\"$ACME_METHODS\",\"instance\":0,\"method\":2,\"origin\":\"user\",\"uid\":0,\"gid\":0,\"pid\":*,\"comm\":\"acme-ctl\",\"rule\":0,\"action\":\"audit\",\"verdict\":\"bpf\",\"error\":0,\"duration_ns\":*}" \
	"a translated set: reported by the default rule, answered by BPF"
expect_match "$(sed -n 2p /tmp/events)" \
	'*"method":6,"origin":"user","uid":1000,"gid":1000,*"rule":2,"action":"deny","verdict":"denied","error":-13,*' \
	"a denied set, with the uid and errno"
expect_match "$(sed -n 3p /tmp/events)" '*"method":3,*"verdict":"firmware","error":0,*' \
	"a read the firmware answered"

# A process named to forge a line and clear root's screen is shown escaped.
evil="$(printf 'ev\nFAKE\033[2J')"
cp "$(command -v acme-ctl)" "/tmp/$evil"
wmibpf monitor --count 1 >/tmp/events 2>/dev/null &
mon=$!
"/tmp/$evil" brightness 21
wait $mon
cat /tmp/events
expect_eq "$(wc -l </tmp/events)" 1 "its call is one line"
expect_ok "with its name escaped" grep -qF ' ev\x0aFAKE\x1b[2J default: audit -> ' /tmp/events
expect_fail "and no escape character" grep -q "$(printf '\033')" /tmp/events
rm -f "/tmp/$evil"

wmibpf monitor nosuch 2>/dev/null
expect_eq "$?" 4 "monitoring an unknown policy: exit status 4"
wmibpf unload acme >/dev/null
finish
