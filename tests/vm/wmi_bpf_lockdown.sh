# SPDX-License-Identifier: GPL-2.0
# Under integrity lockdown, and again under confidentiality, a program
# that rewrites a driver's input and result changes nothing that reaches
# the firmware or the driver; answers to user space still work. Before
# lockdown the same program does rewrite both. A policy that allows raw
# calls (bpf_wmi_allow_raw()) opens nothing under lockdown. A program
# that holds an input window while the kernel is locked down changes
# nothing either. The same holds for data block queries and sets: no
# rewritten set, no answer or rewritten result for a kernel query.
# vmtest: own-boot
. /wmibpf/tests/lib.sh
# Lockdown forbids loading unsigned modules: load what is needed first.
load_module acme_wmi
load_module wmi_testdrv

run_prog wmi-bpf-test lockdown-rewrite unlocked

# The test locks the kernel down (integrity) while a program holds a window.
kmemleak_before_lockdown
run_prog wmi-bpf-test lockdown-window
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[integrity\\]*" "lockdown level"
run_prog wmi-bpf-test lockdown-rewrite locked
run_prog wmi-bpf-block locked
expect_ok "load a program that allows raw calls" wmibpf load -q /wmibpf/bpf/test_owner.bpf.o
expect_match "$(wmibpf call $ACME_METHODS 7 2>&1)" "*Operation not permitted*" \
	"locked down, a policy allowing raw calls opens nothing"
expect_ok "unload it" wmibpf unload test_owner

lock_down confidentiality
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[confidentiality\\]*" "lockdown level raised"
run_prog wmi-bpf-test lockdown-rewrite locked
loaded_modules=
finish
