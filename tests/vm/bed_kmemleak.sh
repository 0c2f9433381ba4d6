# SPDX-License-Identifier: GPL-2.0
# The end of every boot asks kmemleak for leaks (vmtest/init, bed_leak_scan
# in vmtest/bed.sh), and a leak found fails the run.  A leak made by the
# last test, seconds before, must be found: the bed-leak module leaks one
# object, marked, as it loads, and the same scans must report it.  The
# test then has kmemleak forget it, and fails if kmemleak reported any
# other leak, which forgetting would hide.
. /wmibpf/tests/lib.sh
. /wmibpf/bed.sh
K=/sys/kernel/debug/kmemleak
[ -w $K ] || { fail "no kmemleak in this kernel"; finish; }

# kmemleak says "N new suspected memory leaks" on the console, where the
# host would fail the run: warnings and worse still reach it.
read -r level rest </proc/sys/kernel/printk
echo 5 >/proc/sys/kernel/printk
expect_eq "$(cat $K)" "" "kmemleak reports no leak before the test"
insmod /wmibpf/modules/bed_leak.ko || fail "insmod bed_leak.ko"
rmmod bed_leak || fail "rmmod bed_leak"
read -r since _ </proc/uptime
bed_leak_scan "$since"
report=$(cat $K)
echo "$level $rest" >/proc/sys/kernel/printk

# (Not a word of the report on the console: the host would fail the run.
# Only if there is more than the test's own leak.)
expect_eq "$(echo "$report" | grep -c 'wmi-bpf bed leak')" 1 "the scans report the marked object"
expect_eq "$(echo "$report" | grep -c '^unreferenced')" 1 "and nothing else"
[ "$(echo "$report" | grep -c '^unreferenced')" = 1 ] || echo "$report"
echo clear >$K
expect_eq "$(cat $K)" "" "once cleared, kmemleak reports it no more"
finish
