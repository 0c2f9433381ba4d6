# SPDX-License-Identifier: GPL-2.0
# Hostile review: a sleepable program on acme-wmi's own backlight call
# (kernel origin, method 2, made under the backlight core's ops_lock)
# tries to hand a brightness update back to acme-wmi with
# bpf_wmi_driver_update(). Updates come only from user-space calls: it
# gets -EDEADLK, and the writer returns (it deadlocked on ops_lock before;
# a writer stuck again could not be killed, and the bed would boot anew
# for the tests after this one).
# vmtest: timeout=60
. /wmibpf/tests/lib.sh
load_module acme_wmi
run_prog attack-bpf kdeadlock
finish
