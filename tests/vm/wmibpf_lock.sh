# SPDX-License-Identifier: GPL-2.0
# Loaders take turns under the lock, and the last one's version is whole;
# a replace works with the device's 16 programs in use, and one that needs
# a 17th is undone; a replace may not move a policy to another device;
# directories root does not own, or others may write to, are refused
# (wmibpf(8), "LOADING AND REPLACING").
# vmtest: timeout=600
. /wmibpf/tests/lib.sh
. /wmibpf/tests/lib_fan.sh

wmibpf load -q /tmp/v1.yaml
# Loaders take turns: one stopped while it holds the lock keeps the other waiting.
WMIBPF_FAULT=update:link:stop wmibpf load -q /tmp/v2.yaml 2>/tmp/err1 &
first=$!
wait_until 20 grep -q "stopped at update:link" /tmp/err1 || fail "the first loader stops"
wmibpf load /tmp/v1.yaml >/tmp/out2 2>/tmp/err2 &
second=$!
expect_ok "the second waits" wait_until 20 grep -q "waiting for another wmibpf to finish with $W" /tmp/err2
expect_eq "$(cat /tmp/out2)" "" "and has done nothing"
kill -CONT $first
wait $first
expect_eq "$?" 0 "the first finishes"
wait $second
expect_eq "$?" 0 "then the second"
expect_eq "$(state)" "$V1" "the second's v1 is loaded"
# Many at once: each succeeds, one of them is loaded, nothing is left over.
i=0
while [ $i -lt 3 ]; do
	wmibpf load -q /tmp/v1.yaml & a=$!
	wmibpf load -q /tmp/v2.yaml & b=$!
	wait $a || fail "concurrent load of v1, round $i"
	wait $b || fail "concurrent load of v2, round $i"
	i=$((i + 1))
done
st=$(state)
echo "after them: $st"
expect_ok "one version, whole" [ "$st" = "$V1" -o "$st" = "$V2" ]
expect_fail "no staging left" test -e $W/-staging-fan
wmibpf unload -q fan

# 16 programs on the device: v1's two and 14 others. A replace swaps in
# place; one that adds an object before dropping one fails and undoes.
# The others only fill the device: the installed wmibpf loads them, the
# sanitizers' build would take a second more for each.
expect_ok "v1" wmibpf load -q /tmp/v1.yaml
i=0
while [ $i -lt 14 ]; do
	/usr/local/sbin/wmibpf load -q --name "other$i" --device $ACME_METHODS \
		/wmibpf/bpf/allow_all.bpf.o ||
		fail "other program $i"
	i=$((i + 1))
done
wmibpf load -q --name extra --device $ACME_METHODS /wmibpf/bpf/allow_all.bpf.o 2>/tmp/err
expect_eq "$?" 1 "a 17th program: exit status 1"
expect_match "$(cat /tmp/err)" "*attach:obj-allow_all failed (the device runs 16 programs already, the most it may)*" "and why"
policy fan EPERM allow_all >/tmp/v1b.yaml
expect_ok "a replace with the device full" wmibpf load -q /tmp/v1b.yaml
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Operation not permitted" "the new version acts"
wmibpf load -q /tmp/v2.yaml 2>/tmp/err
expect_eq "$?" 1 "a replace needing a 17th program: exit status 1"
expect_match "$(cat /tmp/err)" "*attach:obj-deny_method failed (the device runs 16 programs already*the policy loaded before stays as it was*" "and why"
expect_eq "$(acme-ctl fan 2 2>&1)" "acme-ctl: method 6: Operation not permitted" "the version before acts"
expect_eq "$(ls $W/fan | tr '\n' ' ')" "conds hits link meta mode obj-allow_all ops ops-allow_all rules " "with its pins"
wmibpf unload -q --all

# A policy device change would run both or neither: refused, v1 stays.
printf 'name: fan\ndevice: all\n' >/tmp/v3.yaml
wmibpf load -q /tmp/v1.yaml
wmibpf load -q /tmp/v3.yaml 2>/tmp/err
expect_eq "$?" 1 "moving a policy to another device: exit status 1"
expect_match "$(cat /tmp/err)" "*link would move from device $ACME_METHODS to all*unload fan first*" "and why"
expect_eq "$(state)" "$V1" "v1 as it was"
wmibpf unload -q fan

# Directories a user made in a world-writable bpffs are not root's.
mkdir -m 0700 $W/fan && chown 65534 $W/fan
wmibpf load -q /tmp/v1.yaml 2>/tmp/err
expect_eq "$?" 1 "a policy directory root does not own: exit status 1"
expect_match "$(cat /tmp/err)" "*$W/fan: owned by uid 65534, mode 0700: whoever may write to it can remove what is pinned in it*" "refused, saying why"
expect_eq "$(running)" "" "nothing attached"
rmdir $W/fan
mkdir -m 1777 /sys/fs/bpf/wmi-open
wmibpf --bpffs /sys/fs/bpf/wmi-open load -q /tmp/v1.yaml 2>/tmp/err
expect_eq "$?" 1 "a bpffs directory others may write to: exit status 1"
expect_match "$(cat /tmp/err)" "*/sys/fs/bpf/wmi-open: owned by uid 0, mode 1777*" "refused"
rmdir /sys/fs/bpf/wmi-open
finish
