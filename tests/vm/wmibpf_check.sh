# SPDX-License-Identifier: GPL-2.0
# wmibpf check validates policy files offline: the shipped ones pass, a
# broken one fails with exit status 3 and names file, line and column.
. /wmibpf/tests/lib.sh
P=/usr/local/share/wmibpf/policies

expect_ok "the shipped default policy" wmibpf check $P/default.yaml
expect_match "$(wmibpf check $P/acme/acme.yaml)" "*policy acme, 3 rules, 1 BPF object: ok" "the acme policy"
expect_match "$(wmibpf check $P/acme/battery.yaml)" "*policy battery, 3 rules, 0 BPF objects: ok" \
	"the acme battery policy"

cat >/tmp/bad.yaml <<'POLICY'
name: bad
device: FE733490-2E22-4EDB-A7B5-BC248874D383
rules:
  - method: 6
    action: deny
    errno: EWHATEVER
POLICY
wmibpf check /tmp/bad.yaml 2>/tmp/err
expect_eq "$?" 3 "an invalid policy: exit status 3"
expect_match "$(cat /tmp/err)" "/tmp/bad.yaml:6:12: errno: 'EWHATEVER' is not an error a policy may deny with*" \
	"the error names file, line and column"
expect_fail "check loads nothing" test -e /sys/fs/bpf/wmi/bad
# What load would refuse, check refuses, with file, line and column.
cat >/tmp/null.yaml <<'POLICY'
name: null
device: all
rules:
  - device: 00000000-0000-0000-0000-000000000000
    action: deny
POLICY
wmibpf check /tmp/null.yaml 2>/tmp/err
expect_eq "$?" 3 "a rule for the null GUID: exit status 3"
expect_eq "$(cat /tmp/err)" "/tmp/null.yaml:4:13: device: the null GUID is no device's; write 'all' for every device" \
	"and where"
wmibpf check /nonexistent 2>/tmp/err
expect_eq "$?" 1 "a file that cannot be read: exit status 1, as wmibpf(8) says"
expect_eq "$(cat /tmp/err)" "/nonexistent: No such file or directory" "and why"
mkfifo /tmp/fifo.yaml
wmibpf check /tmp/fifo.yaml 2>/tmp/err
expect_eq "$?" 3 "a FIFO is refused at once, not read"
expect_eq "$(cat /tmp/err)" "/tmp/fifo.yaml: a FIFO, not a policy file (a regular file)" "and why"
rm /tmp/fifo.yaml
finish
