# SPDX-License-Identifier: GPL-2.0
# wmibpf monitor streams what policies report: time, device, method,
# origin, uid, pid, command, rule, action, who answered, error, duration.
# Each of several monitors sees every call from its start, none before,
# of policies loaded and replaced meanwhile too; what a full ring buffer
# had no room for is counted in the kernel and reported.
. /wmibpf/tests/lib.sh
load_module acme_wmi
grant_node $ACME_METHODS
expect_ok "load acme" wmibpf load -q /usr/local/share/wmibpf/policies/acme/acme.yaml

# Calls before a monitor starts are not shown: no backlog.
acme-ctl kbd >/dev/null
acme-ctl kbd >/dev/null

# start_monitor NAME ARGS...: a monitor in the background, its output in
# /tmp/NAME.out and .err, its pid in $mon; returns once it sees every call.
start_monitor() {
	local name=$1
	shift
	wmibpf monitor "$@" >/tmp/$name.out 2>/tmp/$name.err &
	mon=$!
	wait_until 20 grep -q "^wmibpf: monitoring" /tmp/$name.err || fail "monitor $name starts"
}
start_monitor a --json --count 3
a=$mon
start_monitor b --json
b=$mon
acme-ctl brightness 20
runas 1000 1000 acme-ctl fan 2 2>/dev/null
acme-ctl kbd >/dev/null
wait $a
expect_eq "$?" 0 "monitor stopped after 3 events"
cp /tmp/a.out /tmp/events
expect_ok "the other monitor saw them too" wait_until 10 sh -c '[ "$(wc -l </tmp/b.out)" -ge 3 ]'
expect_eq "$(sed 's/.*"method":\([0-9]*\),.*/\1/' /tmp/b.out | tr '\n' ' ')" "2 6 3 " \
	"the same three, in order, no more"
cat /tmp/events
expect_match "$(sed -n 1p /tmp/events)" \
	"{\"time\":\"20*\",\"policy\":\"acme\",\"device\":\"$ACME_METHODS\",\"guid\":\"$ACME_METHODS\",\"kind\":\"method\",\"instance\":0,\"method\":2,\"method_name\":\"AcmeFan.SetBrightness\",\"origin\":\"user\",\"uid\":0,\"gid\":0,\"pid\":*,\"comm\":\"acme-ctl\",\"rule\":0,\"action\":\"audit\",\"verdict\":\"bpf\",\"error\":0,\"duration_ns\":*}" \
	"a translated set: reported by the default rule, answered by BPF"
expect_match "$(sed -n 2p /tmp/events)" \
	'*"method":6,"method_name":"AcmeFan.SetProfile","origin":"user","uid":1000,"gid":1000,*"rule":2,"action":"deny","verdict":"denied","error":-13,*' \
	"a denied set, with the uid and errno"
expect_match "$(sed -n 3p /tmp/events)" '*"method":3,*"verdict":"firmware","error":0,*' \
	"a read the firmware answered"

# A process named to forge a line and clear root's screen is shown escaped.
evil="$(printf 'ev\nFAKE\033[2J')"
cp "$(command -v acme-ctl)" "/tmp/$evil"
start_monitor evil --count 1
"/tmp/$evil" brightness 21
wait $mon
cp /tmp/evil.out /tmp/events
cat /tmp/events
expect_eq "$(wc -l </tmp/events)" 1 "its call is one line"
expect_ok "with its name escaped" grep -qF ' ev\x0aFAKE\x1b[2J default: audit -> ' /tmp/events
expect_ok "the method named as the bMOF names it" \
	grep -qF " $ACME_METHODS method 2 (AcmeFan.SetBrightness) inst 0 user " /tmp/events
expect_fail "and no escape character" grep -q "$(printf '\033')" /tmp/events
rm -f "/tmp/$evil"

# A running monitor follows policies loaded, replaced and unloaded after it started.
printf 'name: watch\ndevice: %s\ndefault: audit\n' $ACME_METHODS >/tmp/w1.yaml
printf 'name: watch\ndevice: %s\nrules:\n  - method: 3\n    action: deny\n    errno: EBUSY\n    audit: true\n' \
	$ACME_METHODS >/tmp/w2.yaml
wmibpf load -q /tmp/w1.yaml
acme-ctl kbd >/dev/null
expect_ok "a policy loaded after it" wait_until 10 grep -q '"policy":"watch",.*"method":3,.*"action":"audit"' /tmp/b.out
wmibpf load -q /tmp/w2.yaml
acme-ctl kbd >/dev/null 2>&1
expect_ok "the policy replaced" wait_until 10 grep -q '"policy":"watch",.*"method":3,.*"action":"deny","verdict":"denied","error":-16' /tmp/b.out
wmibpf unload -q watch
before=$(grep -c '"policy":"watch"' /tmp/b.out)
acme-ctl brightness 23
expect_ok "acme's report of the next call" wait_until 10 sh -c "[ \$(grep -c '\"method\":2,' /tmp/b.out) -ge 2 ]"
expect_eq "$(grep -c '"policy":"watch"' /tmp/b.out)" "$before" "nothing more from the unloaded one"
kill -INT $b
wait $b
expect_eq "$?" 0 "the monitor ends on Ctrl-C"

# A monitor too slow for its ring buffer is told what it lost, and so is
# show: the kernel counts each event that found no room. Every event is
# either shown or counted.
start_monitor slow --json --ring-size 4096
slow=$mon
kill -STOP $slow
i=0
while [ $i -lt 40 ]; do acme-ctl kbd >/dev/null; i=$((i + 1)); done
kill -CONT $slow
expect_ok "it catches up" wait_until 10 grep -q "events lost so far" /tmp/slow.err
kill -INT $slow
wait $slow
cat /tmp/slow.err
seen=$(grep -c '"method":3' /tmp/slow.out)
lost=$(sed -n 's/^wmibpf: \([0-9]*\) events lost so far.*/\1/p' /tmp/slow.err | tail -1)
echo "seen $seen, lost $lost"
expect_eq "$((seen + lost))" 40 "each of 40 calls shown or counted"
expect_ok "some were lost" [ "$lost" -gt 0 ]
expect_match "$(wmibpf show acme)" "*events lost by monitors: $lost*" "show counts them"

wmibpf monitor nosuch 2>/dev/null
expect_eq "$?" 4 "monitoring an unknown policy: exit status 4"
wmibpf unload acme >/dev/null
finish
