# SPDX-License-Identifier: GPL-2.0
# Under integrity lockdown, and again under confidentiality, a program
# that rewrites a driver's input and result changes nothing that reaches
# the firmware or the driver; answers to user space still work. Before
# lockdown the same program does rewrite both.
# vmtest: own-boot
. /wmibpf/tests/lib.sh
# Lockdown forbids loading unsigned modules: load what is needed first.
load_module acme_wmi

run_prog wmi-bpf-test lockdown-rewrite unlocked

lock_down integrity
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[integrity\\]*" "lockdown level"
run_prog wmi-bpf-test lockdown-rewrite locked

lock_down confidentiality
expect_match "$(cat /sys/kernel/security/lockdown)" "*\\[confidentiality\\]*" "lockdown level raised"
run_prog wmi-bpf-test lockdown-rewrite locked
loaded_modules=
finish
