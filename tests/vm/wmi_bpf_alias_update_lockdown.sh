# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=acme-alias
# vmtest: own-boot
# Lockdown, the other condition on a state update through an alias: as
# wmi_bpf_alias_update.sh, a translator bound to ACME_ALIAS hands the
# level of a brightness set to acme-wmi, which claims it through
# ACME_METHODS, with bpf_wmi_driver_update(), and answers with what the
# kfunc returned.  Locked down (integrity), root's set through the alias
# fails with EPERM, CAP_SYS_RAWIO notwithstanding, and the brightness
# stays; the same set through ACME_METHODS, no alias crossed, is the
# driver's own path and goes through, locked down or not.  The first
# check fails if wmi_intercept_update() skips the alias checks.
. /wmibpf/tests/lib.sh
B=/sys/class/backlight/acme

# globals: the program's update_ret (.data) and updates (.bss).
globals() {
	bpftool map dump name test_ali.data 2>&1
	bpftool map dump name test_ali.bss 2>&1
}

# Lockdown forbids loading unsigned modules: load what is needed first.
load_module acme_wmi
expect_ok "root loads the translator on the alias" wmibpf load -q /wmibpf/bpf/test_alias_update.bpf.o
before=$(cat $B/brightness)
level=$((before == 33 ? 34 : 33))

lock_down integrity
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[integrity\\]*" "lockdown level"
# -1 is -EPERM, answered by the program.
expect_eq "$(wmibpf call $ACME_ALIAS 2 --u32 $level 2>&1)" "integer 4294967295 [ff ff ff ff]" \
	"root's brightness set $level through the alias, locked down: the kfunc's -EPERM"
expect_match "$(globals)" '*"update_ret": -1[!0-9]*"updates": 1[!0-9]*' "the program saw -EPERM (-1)"
expect_eq "$(cat $B/brightness)" "$before" "acme-wmi's brightness unchanged"
expect_eq "$(cat $B/actual_brightness)" "$before" "the firmware's brightness unchanged"

expect_eq "$(wmibpf call $ACME_METHODS 2 --u32 $level 2>&1)" "integer 0 [00 00 00 00]" \
	"the same set through $ACME_METHODS: answered 0"
expect_match "$(globals)" '*"update_ret": 0[!0-9]*"updates": 2[!0-9]*' "the update worked"
expect_eq "$(cat $B/actual_brightness)" "$level" "the firmware's brightness followed"

expect_ok "unload the translator" wmibpf unload test_alias_update
echo "$before" >$B/brightness
finish
