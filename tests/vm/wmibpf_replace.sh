# SPDX-License-Identifier: GPL-2.0
# Loading a policy under a loaded one's name replaces it in one step: a
# caller hammering a denied method never gets through meanwhile. A bad
# policy changes nothing.
# vmtest: timeout=240
. /wmibpf/tests/lib.sh
policy() {
	cat <<POLICY
name: fan
device: $1
rules:
  - method: 6
    origin: user
    action: deny
    errno: $2
POLICY
}
policy $ACME_METHODS EACCES >/tmp/v1.yaml
policy $ACME_METHODS EBUSY >/tmp/v2.yaml
policy all EACCES >/tmp/v3.yaml
expect_ok "load v1" wmibpf load -q /tmp/v1.yaml

# A caller sets the fan profile in a loop, counting calls that got through.
( n=0; ok=0; while [ ! -e /tmp/stop ]; do
	acme-ctl fan 2 2>/dev/null && ok=$((ok + 1)); n=$((n + 1)); done
  echo "$n $ok" >/tmp/calls ) &
# Ten replaces: each swaps every link at once (wmibpf_atomic checks the
# steps one by one), so more rounds only cost time.
i=0
while [ $i -lt 5 ]; do
	wmibpf load -q /tmp/v2.yaml || fail "replace with v2"
	wmibpf load -q /tmp/v1.yaml || fail "replace with v1"
	i=$((i + 1))
done
# Bound to another device, the new programs could not replace the old in
# place: refused, v1 stays.
wmibpf load -q /tmp/v3.yaml 2>/dev/null && fail "replace with v3, bound to all devices"
touch /tmp/stop
wait
echo "calls, and calls that got through: $(cat /tmp/calls)"
expect_match "$(cat /tmp/calls)" "[1-9]* 0" "no call got through while policies were replaced"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Permission denied" "v1 acts"

# A bad policy, a broken BPF object: exit status 3, v1 untouched.
sed 's/errno: EACCES/errno: EBOGUS/' /tmp/v1.yaml >/tmp/bad.yaml
wmibpf load /tmp/bad.yaml 2>/tmp/err
expect_eq "$?" 3 "a bad policy file: exit status 3"
expect_match "$(cat /tmp/err)" "*/tmp/bad.yaml:7:12: errno: 'EBOGUS' is not an error a policy may deny with*" "and why"
printf 'bpf:\n  - /wmibpf/bpf/bad_oob.bpf.o\n' >>/tmp/v1.yaml
wmibpf load /tmp/v1.yaml 2>/tmp/err
expect_eq "$?" 3 "a policy whose object the verifier refuses: exit status 3"
expect_match "$(cat /tmp/err)" "*bad_oob.bpf.o: refused by the verifier; its log:*invalid access to memory*-- END PROG LOAD LOG --*" \
	"with the verifier's whole log"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Permission denied" "v1 still acts"
expect_eq "$(ls /sys/fs/bpf/wmi/fan | tr '\n' ' ')" "conds hits link meta mode ops rules " "v1's pins only"
wmibpf unload fan >/dev/null
finish
