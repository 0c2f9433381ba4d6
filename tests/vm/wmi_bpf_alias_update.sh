# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=acme-alias
# A state update through an alias needs what the call would need to reach
# the driver.  On the acme-alias laptop ACME_ALIAS is a second GUID of
# acme's WMAA (vmtest/acpi/acme.asl); acme-wmi, bound to ACME_METHODS,
# claims its brightness set (method 2) through both.  A translator bound
# to the alias (tests/vm/bpf/test_alias_update.bpf.c, attached by root with
# CAP_SYS_RAWIO) hands the level of a set made through the alias's node to
# acme-wmi with bpf_wmi_driver_update(), and answers the call with what
# the kfunc returned.  A grant of the alias's node is no grant of
# acme-wmi: for nobody (no capabilities) the kfunc fails with EPERM and
# acme-wmi's brightness and the firmware's stay as they were; for root
# (CAP_SYS_RAWIO) it works; an instance the alias has and ACME_METHODS
# lacks is refused with EINVAL, even to root.  Without the program,
# nobody's call itself is refused alike (EPERM).  The checks on nobody's
# update and on the second instance fail if wmi_intercept_update() skips
# the alias checks: the kfunc then returns 0 and the brightness moves
# (acme-wmi itself asks for no capability).  Lockdown, the other
# condition, is wmi_bpf_alias_update_lockdown.sh's (an own boot).
. /wmibpf/tests/lib.sh
B=/sys/class/backlight/acme
OBJ=/wmibpf/bpf/test_alias_update.bpf.o

# globals: the program's update_ret (.data) and updates (.bss), in that
# order, as bpftool dumps them.
globals() {
	bpftool map dump name test_ali.data 2>&1
	bpftool map dump name test_ali.bss 2>&1
}

load_module acme_wmi
expect_eq "$(driver_of $ACME_METHODS)" acme-wmi "acme-wmi binds $ACME_METHODS"
expect_eq "$(cat $WMI_DEVICES/$ACME_METHODS/claimed_methods)" "2 4" "and claims methods 2 and 4"
expect_eq "$(driver_of $ACME_ALIAS)" none "no driver binds the alias"
expect_ok "the alias's node" test -c /dev/wmi/$ACME_ALIAS
expect_ok "root loads the translator on the alias" wmibpf load -q $OBJ
grant_node $ACME_ALIAS

before=$(cat $B/brightness)
expect_eq "$(cat $B/actual_brightness)" "$before" "driver and firmware agree on brightness $before"
level=$((before == 33 ? 34 : 33))

# 1. nobody, through the granted alias node: refused, nothing moves.  -1 is
# -EPERM, answered by the program: the firmware would have answered 0.
expect_eq "$(runas 65534 65534 wmibpf call $ACME_ALIAS 2 --u32 $level 2>&1)" \
	"integer 4294967295 [ff ff ff ff]" \
	"nobody's brightness set $level through the alias: answered with the kfunc's -EPERM"
expect_match "$(globals)" '*"update_ret": -1[!0-9]*"updates": 1[!0-9]*' "the program saw -EPERM (-1), once"
expect_eq "$(cat $B/brightness)" "$before" "acme-wmi's brightness unchanged"
expect_eq "$(cat $B/actual_brightness)" "$before" "the firmware's brightness unchanged"

# 2. root, with CAP_SYS_RAWIO: acme-wmi applies it.
expect_eq "$(wmibpf call $ACME_ALIAS 2 --u32 $level 2>&1)" "integer 0 [00 00 00 00]" \
	"root's brightness set $level through the alias: answered 0"
expect_match "$(globals)" '*"update_ret": 0[!0-9]*"updates": 2[!0-9]*' "the update worked"
expect_eq "$(cat $B/brightness)" "$level" "acme-wmi's brightness followed"
expect_eq "$(cat $B/actual_brightness)" "$level" "and the firmware's"

# 3. The alias's second instance, which ACME_METHODS lacks: no request
# acme-wmi's own device could take, even from root.  -22 is -EINVAL.
expect_eq "$(wmibpf call $ACME_ALIAS 2 --instance 1 --u32 $before 2>&1)" \
	"integer 4294967274 [ea ff ff ff]" \
	"root's set through the alias's instance 1: answered with the kfunc's -EINVAL"
expect_match "$(globals)" '*"update_ret": -22[!0-9]*"updates": 3[!0-9]*' "the program saw -EINVAL (-22)"
expect_eq "$(cat $B/brightness)" "$level" "acme-wmi's brightness unchanged"
expect_eq "$(cat $B/actual_brightness)" "$level" "the firmware's brightness unchanged"

expect_ok "unload the translator" wmibpf unload test_alias_update
# The update followed the rule of the call itself: without the program,
# nobody's call through the alias is refused the same way.
expect_match "$(runas 65534 65534 wmibpf call $ACME_ALIAS 2 --u32 $before 2>&1)" \
	"*Operation not permitted*" "without the program, nobody's call itself: EPERM"
expect_eq "$(cat $B/actual_brightness)" "$level" "and the firmware's brightness unchanged"

echo "$before" >$B/brightness
expect_eq "$(cat $B/actual_brightness)" "$before" "brightness restored"
finish
